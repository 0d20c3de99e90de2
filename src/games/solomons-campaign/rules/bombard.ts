/**
 * Naval shore bombardment (2A3f, 15.1-15.3) at a bombardment contact the phasing side attacks: the
 * unfatigued ships of its TFs in the hex fire (15.1 lets a player use some of them; the order takes
 * all, the Tokyo Express at half, 10.3 (5)); their bombardment factors give the column (15.2, 50.0:
 * 1-9 ... 80+), shifted -1 when half or more of the defender's battalions there are entrenched
 * (50.0 notes, 37.3); one die. Results (50.0): D0 one grounded squadron and one supply; D1 two and
 * two; D2 a die of each and one cohesion loss; D3 a die of each, two cohesion losses and the
 * airfield one level down. Blind (15.3): the event shows only what was eliminated. Cohesion loss,
 * the owner's choice, by default break down before eliminating (brief §5): the largest unit is
 * broken one level, a battalion is eliminated when nothing larger is left; air beyond a reduced
 * airfield's capacity is eliminated with it (24.4); against a one-unit force
 * only one loss applies (50.0, A20). The firing ships are fatigued (15.1, 11.5).
 */
import type { Dice } from '../../../engine/ruleset';
import { SHIFTS } from '../box/charts';
import type { GroundData } from '../box/deployment';
import { other, type SolSide } from '../state';
import type { Shift } from './combat-events';
import { groundAt } from './contacts';
import { columnName, columnOf, crtCell, shiftColumn } from './crt';
import { battalionsOf, breakDownOnce } from './echelons';
import type { SolFold } from './naval';
import { tfsWithShips, valuesOf } from './surface';
import { isCrippled } from './crippled';

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The cohesion losses a bombardment inflicts, by the default choice (break the largest first). */
function cohesion(f: SolFold, side: SolSide, hex: string, losses: number): { unit: string; into: GroundData[] }[] {
  let units: GroundData[] = groundAt(f.s, side, hex).map((g) => ({ id: g.id, service: g.service, type: g.type, size: g.size }));
  const n = units.length === 1 ? Math.min(1, losses) : losses;
  const out: { unit: string; into: GroundData[] }[] = [];
  for (let i = 0; i < n && units.length; i++) {
    const big = [...units].sort((a, b) => battalionsOf(f.s, b) - battalionsOf(f.s, a) || byId(a.id, b.id))[0];
    const into = big.size === 'battalion' ? [] : breakDownOnce(f.s, big);
    out.push({ unit: big.id, into });
    units = units.flatMap((u) => (u.id === big.id ? into : [u]));
  }
  return out;
}

export function bombard(f: SolFold, dice: Dice, side: SolSide, hex: string, note: (t: string, r: string) => void): void {
  const s = f.s;
  const ships: string[] = [];
  let factors = 0;
  for (const t of tfsWithShips(s, side, hex)) {
    // 44.2 (optional): crippled ships do not bombard
    const firing = t.ships.filter(
      (id) =>
        !s.forces[side].ships[id].fatigued &&
        !isCrippled(s, s.forces[side].ships[id]) &&
        valuesOf(s, s.forces[side].ships[id].type).bombardment > 0,
    );
    const sum = firing.reduce((n, id) => n + valuesOf(s, s.forces[side].ships[id].type).bombardment, 0);
    factors += t.kind === 'tokyo-express' ? Math.floor(sum / 2) : sum;
    ships.push(...firing);
  }
  const base = columnOf('bombardment', factors);
  if (base === null) {
    note(
      s.options.crippledUnits
        ? `BOMBARD ${hex}: no unfatigued, uncrippled ship there has bombardment factors, no bombardment`
        : `BOMBARD ${hex}: no unfatigued ship there has bombardment factors, no bombardment`,
      s.options.crippledUnits ? '15.2, 44.2' : '15.2',
    );
    return;
  }
  bombardHex(f, dice, side, hex, factors, [], [...ships].sort(byId));
  f.emit({ type: 'sol.ships-fatigued', data: { side, ships } });
}

/**
 * One roll on the bombardment column against everything of the enemy on the ground in a hex (50.0
 * Bombardment results), by ships (15.2) or aircraft (50.0 Air Mission Chart: a strike on the ground);
 * `shifts`: those of the firer (more than one service, 50.0 notes) before the entrenchment shift.
 */
export function bombardHex(
  f: SolFold,
  dice: Dice,
  side: SolSide,
  hex: string,
  factors: number,
  given: readonly Shift[],
  ships: readonly string[],
  aircraft?: number,
): void {
  const s = f.s;
  const enemy = other(side);
  const base = columnOf('bombardment', factors)!;
  const shifts: Shift[] = [...given];
  const defenders = groundAt(s, enemy, hex);
  const total = defenders.reduce((n, g) => n + battalionsOf(s, g), 0);
  const dug = new Set(s.entrenched[enemy]?.[hex] ?? []);
  const entrenched = defenders.filter((g) => dug.has(g.id)).reduce((n, g) => n + battalionsOf(s, g), 0);
  if (total > 0 && entrenched * 2 >= total)
    shifts.push({ why: 'half or more of the battalions entrenched', by: SHIFTS.entrenched.value, rule: '37.3, 50.0' });
  const column = shiftColumn(
    base,
    shifts.reduce((n, x) => n + x.by, 0),
  );
  const face = dice.d6(`bombardment of ${hex}`, '15.2');
  const result = crtCell(column, face).d;
  const grounded = s.forces[enemy].air.filter((a) => a.at === hex).reduce((n, a) => n + a.points, 0);
  const supplyThere = s.forces[enemy].supply[hex] ?? 0;
  let air = 0;
  let supply = 0;
  let losses = 0;
  let airfield: { from: number; to: number | null } | null = null;
  if (result === 0 || result === 1) {
    air = result + 1;
    supply = result + 1;
  } else if (result === 2 || result === 3) {
    air = dice.d6(`grounded squadrons eliminated at ${hex}`, '50.0');
    supply = dice.d6(`supply eliminated at ${hex}`, '50.0');
    losses = result === 2 ? 1 : 2;
    const field = s.airfields.find((a) => a.hex === hex && a.side === enemy);
    if (result === 3 && field) {
      const values = s.logData.markerValues;
      const lower = [...values].filter((v) => v < field.value).sort((a, b) => b - a)[0];
      airfield = { from: field.value, to: lower ?? null };
    }
  }
  f.emit({
    type: 'sol.bombarded',
    data: {
      hex,
      side,
      ships,
      ...(aircraft ? { aircraft } : {}),
      factors,
      column: column + 1,
      heading: columnName('bombardment', column),
      shifts,
      face,
      result,
      // 24.4, 12.4: air beyond a reduced airfield's capacity is eliminated at once
      air: Math.min(air, grounded) + (airfield ? Math.max(0, grounded - Math.min(air, grounded) - (airfield.to ?? 0)) : 0),
      supply: Math.min(supply, supplyThere),
      cohesion: losses ? cohesion(f, enemy, hex, losses) : [],
      airfield,
    },
  });
}
