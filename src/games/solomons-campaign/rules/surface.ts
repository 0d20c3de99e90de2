/**
 * Surface combat (2A3e, 14.1-14.5) at a naval contact the phasing side attacks. Every phasing TF
 * with ships in the hex engages (A18: the order names the hex; a side with several TFs there takes
 * the 10.8 shift), against every enemy TF with ships there (14.2). Ships revealed (14.3 (1));
 * attack of the attacker's unfatigued ships (14.1; the Tokyo Express halved, 10.3 (5)) against the
 * defense of the defender's; the percentage column (14.3 (4)); shifts (14.3 (5)): US at night
 * before SG radar (32.2-32.3), more than one TF on a side (10.8), an Operations CP each side
 * (attacker first: SURFACE <hex> SHIFT; the defender spends one by default when it moves the
 * column, brief §5 default). Screening (14.4) is not asked: the default is none. Both roll (14.3
 * (6)); naval results (50.0): ships picked at random by the owner among its involved ships.
 * The attacking ships are fatigued (11.3, 11.5). With Multiple Combats (46.0, optional) fatigued
 * ships attack and defend at half (rules/fatigue.ts) and a crippled result sinks a ship that was
 * fatigued when the combat began (46.1).
 */
import { type Dice, RuleNotImplementedError } from '../../../engine/ruleset';
import { pick } from '../../../engine/dice';
import type { ShipType } from '../box/forces';
import { GAME, other, type Ship, type SolSide, type SolState } from '../state';
import type { Shift } from './combat-events';
import { columnName, columnOf, crtCell, navalLosses, percentOf, shiftColumn } from './crt';
import { breakDownOnce } from './echelons';
import type { SolFold } from './naval';
import { aboardOf } from './ops-events';
import { hexOf } from './places';
import { crippledTotal, isCrippled, repairInBase } from './crippled';
import { MULTIPLE_COMBATS_RULE, multipleCombats, withFatigue } from './fatigue';

/** 32.3: SG radar from October I (turn 5). */
export const RADAR_TURN = 5;
const isNight = (s: SolState) => s.x % 2 === 0;

export const valuesOf = (s: SolState, type: ShipType) => {
  const v = s.opsData.shipValues?.[type];
  if (!v) throw new RuleNotImplementedError(GAME, '14.3', `ship values of ${type} (box counters)`);
  return v;
};

/** TFs of a side with ships in a hex, by id. */
export const tfsWithShips = (s: SolState, side: SolSide, hex: string) =>
  Object.values(s.forces[side].taskForces)
    .filter((t) => t.ships.length > 0 && hexOf(s, t.at) === hex)
    .sort((a, b) => a.id - b.id);

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A24: where a crippled ship goes (an own base with no ship limit, else the first own base). */
function repairBase(s: SolState, side: SolSide): string {
  const own = Object.keys(s.bases).filter((b) => s.bases[b].side === side);
  return own.find((b) => s.opsData.maxCombatShips[b] === null) ?? own[0];
}

const carries = (side: SolSide, ship: Ship) => ship.type === 'TR' || ship.type === 'APD' || (side === 'japanese' && ship.type === 'DD');

/**
 * One ship crippled or sunk (50.0 naval results). Cargo (19.6): supply aboard the ship is lost
 * with it; ground units are kept per TF, so they share the fate of the TF's last ship able to carry
 * them (a reading: the rules track cargo per ship, the state per TF).
 */
export function hitShip(f: SolFold, dice: Dice, side: SolSide, id: string, result: 'crippled' | 'sunk', rule: string): void {
  const ship = f.s.forces[side].ships[id];
  if (!ship) return;
  // 44.2 (optional): a crippled ship crippled again is eliminated
  if (result === 'crippled' && isCrippled(f.s, ship)) return hitShip(f, dice, side, id, 'sunk', `${rule}, 44.2`);
  // 44.1 (optional): the ship stays where it is, crippled (its cargo aboard); in an own major base it goes for repair at once
  if (result === 'crippled' && f.s.options.crippledUnits) {
    f.emit({ type: 'sol.ship-hit', data: { side, ship: id, result, rule, aboard: [], stays: true } });
    repairInBase(f, dice, side, [id]);
    return;
  }
  const fs = f.s.forces[side];
  const tf = ship.tf === null ? null : fs.taskForces[ship.tf];
  const lastCarrier = tf && carries(side, ship) && !tf.ships.some((x) => x !== id && carries(side, fs.ships[x]));
  const aboard = lastCarrier ? fs.ground.filter((g) => g.at === aboardOf(tf.id)) : [];
  if (result === 'crippled') {
    const to = repairBase(f.s, side);
    const face = dice.d6(`repair turns of ${id}`, '50.0', { visibleTo: [side] });
    f.emit({
      type: 'sol.ship-repair',
      data: {
        side,
        ship: id,
        to,
        face,
        back: f.s.turn + face + (f.s.logData.refitTurns[ship.type] ?? 1),
        aboard: aboard.map((g) => g.id),
        setBack: aboard.flatMap((g) => breakDownOnce(f.s, { id: g.id, service: g.service, type: g.type, size: g.size })),
      },
      visibleTo: [side],
    });
  }
  f.emit({ type: 'sol.ship-hit', data: { side, ship: id, result, rule, aboard: result === 'sunk' ? aboard.map((g) => g.id) : [] } });
}

/**
 * 50.0 naval results on a side's involved ships: sunk first, then crippled, each picked at random
 * (the owner's pick); `sinkCrippled`: ships a crippled result sinks (46.1, fatigued ships).
 */
export function applyNavalResult(
  f: SolFold,
  dice: Dice,
  side: SolSide,
  involved: readonly string[],
  result: 0 | 1 | 2 | 3 | null,
  sinkCrippled: ReadonlySet<string> = new Set(),
): void {
  const { crippled, sunk } = navalLosses(result, involved.length);
  let pool = [...involved].sort(byId);
  const draw = (what: string) => {
    const id = pick(dice, pool, `${what} among ${side} ships`, '50.0');
    pool = pool.filter((x) => x !== id);
    return id;
  };
  for (let i = 0; i < sunk; i++) hitShip(f, dice, side, draw('ship eliminated'), 'sunk', '14.5');
  for (let i = 0; i < crippled; i++) {
    const id = draw('ship crippled');
    if (sinkCrippled.has(id)) hitShip(f, dice, side, id, 'sunk', MULTIPLE_COMBATS_RULE);
    else hitShip(f, dice, side, id, 'crippled', '14.5');
  }
}

/** 2A3e at one hex; `shift`: the attacker spends an Operations CP for a column (14.3 (5)). */
export function surfaceCombat(
  f: SolFold,
  dice: Dice,
  side: SolSide,
  hex: string,
  shift: boolean,
  note: (t: string, r: string) => void,
): void {
  const s = f.s;
  const enemy = other(side);
  const mine = tfsWithShips(s, side, hex);
  const theirs = tfsWithShips(s, enemy, hex);
  if (!mine.length || !theirs.length) {
    note(`SURFACE ${hex}: no ships of both sides there, no surface combat`, '14.1');
    return;
  }
  const ship = (sd: SolSide, id: string) => s.forces[sd].ships[id];
  // 44.2 (optional): crippled ships do not attack
  const attackers = mine
    .flatMap((t) => t.ships)
    .filter((id) => !isCrippled(s, ship(side, id)))
    .sort(byId);
  const defenders = theirs.flatMap((t) => t.ships).sort(byId);
  if (!attackers.length) {
    note(`SURFACE ${hex}: all your ships there are crippled and may not attack`, '44.2');
    return;
  }
  // 14.1: fatigued ships add no attack (46.0 optional: half); 10.3 (5): the Tokyo Express attacks at half (rounded down)
  const tiredIs = (sd: SolSide, tired: boolean) => (id: string) => !!ship(sd, id).fatigued === tired;
  const sum = (sd: SolSide, ids: readonly string[], tired: boolean) =>
    ids.filter(tiredIs(sd, tired)).reduce((n, id) => n + valuesOf(s, ship(sd, id).type).attack, 0);
  let attack = 0;
  for (const t of mine) {
    const ids = t.ships.filter((id) => attackers.includes(id));
    const a = withFatigue(s, sum(side, ids, false), sum(side, ids, true), 'none');
    attack += t.kind === 'tokyo-express' ? Math.floor(a / 2) : a;
  }
  // 44.2 (optional): the crippled defenders' defense halved; 46.0 (optional): the fatigued ones' too
  const defenseOf = (tired: boolean) =>
    crippledTotal(s, enemy, defenders.filter(tiredIs(enemy, tired)), (x) => valuesOf(s, x.type).defense);
  const defense = withFatigue(s, defenseOf(false), defenseOf(true), 'full');
  // 46.1 (optional): a crippled result sinks a ship fatigued before this combat
  const tiredNow = (sd: SolSide, ids: readonly string[]) => new Set(multipleCombats(s) ? ids.filter((id) => ship(sd, id).fatigued) : []);
  const sinkA = tiredNow(side, attackers);
  const sinkD = tiredNow(enemy, defenders);
  if (attack <= 0) {
    note(`SURFACE ${hex}: the engaging ships have no attack strength (fatigued, 14.1), no surface combat`, '14.1');
    return;
  }
  const percent = percentOf(attack, defense);
  const base = columnOf('navalVsNaval', percent)!;
  const shifts: Shift[] = [];
  const usNoRadar = isNight(s) && s.turn < RADAR_TURN;
  if (usNoRadar && side === 'us') shifts.push({ why: 'US attacking at night before SG radar', by: -1, rule: '32.2, 32.3' });
  if (usNoRadar && enemy === 'us') shifts.push({ why: 'US defending at night before SG radar', by: 1, rule: '32.2, 32.3' });
  if (mine.length > 1) shifts.push({ why: 'more than one attacking TF', by: -1, rule: '10.8, 14.3 (5)' });
  if (theirs.length > 1) shifts.push({ why: 'more than one defending TF', by: 1, rule: '10.8, 14.3 (5)' });
  const shifted = () => shifts.reduce((n, x) => n + x.by, 0);
  if (shift && (s.cp[side]?.ops ?? 0) > 0) shifts.push({ why: `${side} spends an Operations CP`, by: 1, rule: '14.3 (5)' });
  else if (shift) note(`SURFACE ${hex} SHIFT: no Operations CP left, no shift`, '14.3 (5)');
  // the defender's default: spend a CP when it moves the column (brief §5)
  if ((s.cp[enemy]?.ops ?? 0) > 0 && shiftColumn(base, shifted() - 1) !== shiftColumn(base, shifted()))
    shifts.push({ why: `${enemy} spends an Operations CP`, by: -1, rule: '14.3 (5)' });
  const column = shiftColumn(base, shifted());
  const aFace = dice.d6(`surface combat at ${hex}, ${side}`, '14.3');
  const dFace = dice.d6(`surface combat at ${hex}, ${enemy}`, '14.3');
  const results = { [side]: crtCell(column, aFace).a, [enemy]: crtCell(column, dFace).d } as Record<SolSide, 0 | 1 | 2 | 3 | null>;
  f.emit({
    type: 'sol.surface-combat',
    data: {
      hex,
      attacker: side,
      ships: { [side]: attackers, [enemy]: defenders } as Record<SolSide, string[]>,
      attack,
      defense,
      percent: Number.isFinite(percent) ? percent : null,
      column: column + 1,
      heading: columnName('navalVsNaval', column),
      shifts,
      rolls: { [side]: aFace, [enemy]: dFace } as Record<SolSide, number>,
      results,
    },
  });
  const spent = shifts.filter((x) => x.rule === '14.3 (5)');
  for (const x of spent) f.emit({ type: 'sol.ops-cp-spent', data: { side: x.by > 0 ? side : enemy, rule: '14.3 (5)' } });
  // 11.5: the attacking ships are fatigued (those sunk or crippled leave the map anyway)
  f.emit({ type: 'sol.ships-fatigued', data: { side, ships: attackers } });
  // both results at once (14.3 (6)): the defender's first, then the attacker's
  applyNavalResult(f, dice, enemy, defenders, results[enemy], sinkD);
  applyNavalResult(f, dice, side, attackers, results[side], sinkA);
}
