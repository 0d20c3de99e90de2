/**
 * Air strikes (2A3d(2), 25.1, 26.x, 50.0) and carrier counterstrikes (2A3d(3)).
 *
 * On a TF (25.1): the flights striking one enemy TF attack together (a ship is attacked once a
 * sub-segment, 11.2); the TF's ships are shown (31.1 (3)); the AA of that TF's ships alone fires
 * once (26.3, 25.1 (4); halved against SAC alone, 26.5) and its losses are taken at once; the
 * survivors are allocated to ships (25.1 (5)): in the order of the types the line names (TARGETS),
 * then the umpire's order (carriers, capital ships, cruisers, transports, destroyers, brief §5),
 * each ship given points until the attack is twice its defense, what is left joining the first
 * attack. Each attack: strength (NAC doubled, LAC printed, SAC half, extended range half, 21.1,
 * 23.2, 50.0 notes) to the ship's defense as a percentage (25.1 (6)), -1 for Army and Navy
 * together without a Combined CP, one die (25.1 (7)): D0 minor damage, D1 crippled, D2-D3
 * eliminated (50.0). Minor damage: half the supply and half the NAC aboard lost (rounded up), the
 * ship fatigued. A night strike (optional night bombing) halves the strength once more, rounded
 * down, on a TF and on the ground (48.1 (3), rules/air-night.ts).
 *
 * On the ground (50.0 chart notes): one combined attack on everything of the enemy on the ground in
 * the hex; the ground units' AA there fires first (26.1, 26.3: their combat strength; full with one
 * supply a 9 battalions spent, else half, 26.4; the default spends it when the hex has enough), then
 * the bombardment column with the printed strength of the survivors (-1 for more than one service,
 * -1 when half the battalions are entrenched). A strike where nothing of the enemy is on the ground
 * only fought the air (50.0 chart note).
 */
import type { Dice } from '../../../engine/ruleset';
import { other, type SolSide } from '../state';
import { live, flying, fireOn, rollLosses, servicesShift, takeLosses, tiredStrike } from './air-combat';
import type { Flight, ShipAttack } from './air-events';
import { bombardHex } from './bombard';
import { groundAt } from './contacts';
import { columnName, columnOf, crtCell, percentOf, shiftColumn } from './crt';
import type { SolFold } from './naval';
import { hexOf } from './places';
import { hitShip, valuesOf } from './surface';
import { nightHalved } from './air-night';
import { groundAa, groundFactors } from './support';
import { crippledTotal } from './crippled';

type Note = (text: string, rule: string) => void;

/** The umpire's order of targets (brief §5 default), after the types a line names. */
export const TARGET_ORDER = ['CV', 'CVL', 'CVE', 'BB', 'BC', 'B', 'CA', 'CL', 'TR', 'APD', 'OIL', 'DD', 'PT', 'SS'];

/** 21.1, 23.2, 50.0 air vs naval notes: what one point of a flight adds against ships (NAC 2, LAC 1, SAC 1/2; extended halves). */
const perPoint = (fl: Flight) => (fl.type === 'NAC' ? 2 : fl.type === 'SAC' ? 0.5 : 1) * (fl.extended ? 0.5 : 1);

/** Every strike of one side flown this phase, TF by TF, then hex by hex; `mission`: strike (2A3d(2)) or counterstrike (2A3d(3)). */
export function strikes(f: SolFold, dice: Dice, side: SolSide, mission: 'strike' | 'counterstrike', note: Note): void {
  // 46.0 (optional): fatigued points fought air against air only; they attack no ship and no ground
  for (const x of flying(f.s).filter((y) => y.side === side && y.mission === mission && live(y) > 0 && tiredStrike(y)))
    note(`${live(x)} fatigued points over ${x.hex} fought air against air only: no attack on ships or ground`, '46.0');
  const mine = () => flying(f.s).filter((x) => x.side === side && x.mission === mission && live(x) > 0 && !tiredStrike(x));
  const tfs = [...new Set(mine().flatMap((x) => (x.tf !== null ? [x.tf] : [])))].sort((a, b) => a - b);
  for (const tf of tfs)
    strikeTf(
      f,
      dice,
      side,
      tf,
      mine().filter((x) => x.tf === tf),
      note,
    );
  const hexes = [...new Set(mine().flatMap((x) => (x.tf === null ? [x.hex] : [])))].sort();
  for (const hex of hexes)
    strikeGround(
      f,
      dice,
      side,
      hex,
      mine().filter((x) => x.tf === null && x.hex === hex),
      note,
    );
}

function strikeTf(f: SolFold, dice: Dice, side: SolSide, tfId: number, group: readonly Flight[], note: Note): void {
  const enemy = other(side);
  const tf = f.s.forces[enemy].taskForces[tfId];
  const hex = group[0].hex;
  if (!tf || hexOf(f.s, tf.at) !== hex || tf.ships.length === 0) {
    note(`the strike on TF ${tfId} finds no ship of it at ${hex}: no attack`, '25.1');
    return;
  }
  const ships = [...tf.ships].sort();
  // 25.1 (4), 26.3: the AA of the TF's ships
  // 44.2 (optional): crippled ships' AA halved
  let aa = crippledTotal(f.s, enemy, ships, (x) => valuesOf(f.s, x.type).aa);
  if (group.every((x) => x.type === 'SAC')) aa = Math.floor(aa / 2);
  const fire = fireOn(dice, 'antiAircraft', aa, [], `AA fire of TF ${tfId} at ${hex}`, '26.2');
  if (fire) {
    f.emit({ type: 'sol.aa-fire', data: { hex, side: enemy, target: `TF ${tfId}`, fire } });
    takeLosses(f, side, hex, group, rollLosses(dice, fire, hex), false, '26.2, 50.0');
  }
  const left = group.map((x) => flying(f.s).find((y) => y.id === x.id)).filter((x): x is Flight => !!x && live(x) > 0);
  if (!left.length) {
    note(`no aircraft of the strike on TF ${tfId} got through`, '25.1 (5)');
    return;
  }
  const named = left.flatMap((x) => x.targets ?? []);
  const rank = (id: string) => {
    const type = f.s.forces[enemy].ships[id].type;
    const i = named.indexOf(type);
    return i >= 0 ? i : named.length + TARGET_ORDER.indexOf(type);
  };
  const order = [...ships].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : 1));
  // 44.2 (optional): a crippled ship's defense halved
  const defenseOf = (id: string) => crippledTotal(f.s, enemy, [id], (x) => valuesOf(f.s, x.type).defense);
  // 25.1 (5): points one at a time, the most telling first, until each attack is twice the ship's defense
  const pool = [...left].sort((a, b) => perPoint(b) - perPoint(a) || a.id - b.id).flatMap((x) => Array.from({ length: live(x) }, () => x));
  const plan: { ship: string; points: Flight[] }[] = [];
  for (const id of order) {
    if (!pool.length) break;
    const defense = defenseOf(id);
    const points: Flight[] = [];
    while (pool.length && airStrength(points) < 2 * defense) points.push(pool.shift()!);
    plan.push({ ship: id, points });
  }
  if (pool.length) plan[0].points.push(...pool);
  const attacks: ShipAttack[] = plan.map(({ ship, points }) => {
    const strength = airStrength(points);
    const defense = defenseOf(ship);
    const percent = percentOf(strength, defense);
    const shifts = servicesShift(f, side, new Set(points.map((x) => x.service)), '25.1 (6), 50.0');
    const column = shiftColumn(
      columnOf('airVsNaval', percent)!,
      shifts.reduce((n, x) => n + x.by, 0),
    );
    const face = dice.d6(`air attack on ${ship} of TF ${tfId}`, '25.1 (7)');
    return {
      ship,
      points: points.length,
      strength,
      defense,
      percent: Number.isFinite(percent) ? percent : null,
      column: column + 1,
      heading: columnName('airVsNaval', column),
      shifts,
      face,
      result: crtCell(column, face).d,
    };
  });
  f.emit({ type: 'sol.air-strike', data: { side, hex, tf: tfId, ships, attacks, ...(left.some((x) => x.night) ? { night: true } : {}) } });
  for (const a of attacks) {
    const ship = f.s.forces[enemy].ships[a.ship];
    if (!ship || a.result === null) continue;
    if (a.result === 0)
      f.emit({
        type: 'sol.ship-damaged',
        data: { side: enemy, ship: a.ship, supply: Math.ceil(ship.supply / 2), nac: Math.ceil(ship.nac / 2) },
      });
    else hitShip(f, dice, enemy, a.ship, a.result === 1 ? 'crippled' : 'sunk', '25.1, 50.0');
  }
}

/** Strength of points against a ship, rounded down (23.2); halved again at night (48.1 (3)). */
function airStrength(points: readonly Flight[]): number {
  return nightHalved(
    Math.floor(points.reduce((t, x) => t + perPoint(x), 0)),
    points.some((x) => x.night),
  );
}

function strikeGround(f: SolFold, dice: Dice, side: SolSide, hex: string, group: readonly Flight[], note: Note): void {
  const enemy = other(side);
  const s = f.s;
  const ground = groundAt(s, enemy, hex);
  const grounded = s.forces[enemy].air.some((a) => a.at === hex || hexOf(s, a.at) === hex);
  const supplyThere = s.forces[enemy].supply[hex] ?? 0;
  if (!ground.length && !grounded && !supplyThere) {
    note(`the strike at ${hex} finds nothing of the enemy on the ground: it fought the air only`, '50.0 Air Mission Chart');
    return;
  }
  // 26.1, 26.4: ground AA, full with a supply point a 9 battalions spent, else half
  const left = groundAa(f, dice, side, hex, group, 'ground');
  const factors = nightHalved(
    groundFactors(left),
    left.some((x) => x.night),
  );
  if (factors < 1) {
    note(`no aircraft of the strike at ${hex} got through`, '26.2');
    return;
  }
  const services = servicesShift(f, side, new Set(left.map((x) => x.service)), '50.0 bombardment notes');
  bombardHex(
    f,
    dice,
    side,
    hex,
    factors,
    services,
    [],
    left.reduce((t, x) => t + live(x), 0),
  );
}
