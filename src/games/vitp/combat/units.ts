/**
 * A unit's fighting values once damage has had its effect (7.7x, 9.4) and the attack bonus
 * (7.535, 7.72, 12.21-12.22, rule 21, 19.2).
 */
import type { CombatUnitInput, VitpSide } from './api';
import type { BattleState, UnitState } from './state';
import { compareCodeUnits } from '../../../shared/canonical';

export function otherSide(side: VitpSide): VitpSide {
  return side === 'japanese' ? 'allied' : 'japanese';
}

export function toUnitState(u: CombatUnitInput, port: string | null): UnitState {
  if (!Number.isInteger(u.damage) || u.damage < 0) throw new RangeError(`${u.name}: damage must be a whole number >= 0`);
  switch (u.kind) {
    case 'ship':
      return unitState(u, port, u.shipClass, u.gunnery, u.gunneryBonus, u.airstrike, u.airstrikeBonus, u.armor, u.speed, u.posture);
    case 'land-based-air':
      return unitState(u, port, null, 0, false, u.airstrike, false, u.defense, null, null);
    case 'amphibious':
      return unitState(u, port, null, 0, false, 0, false, u.armor, u.speed, null);
    default: {
      const never: never = u;
      throw new TypeError(`unknown unit kind in ${JSON.stringify(never)}`);
    }
  }
}

/**
 * One literal with every member, in the order the state has always had: Node 20's V8 gives each
 * object built as `{ ...common, more }` a map of its own once the code is optimised, which made
 * this a hot spot and every later read of a unit slow.
 */
function unitState(
  u: CombatUnitInput,
  port: string | null,
  shipClass: UnitState['shipClass'],
  gunnery: number,
  gunneryBonus: boolean,
  airstrike: number,
  airstrikeBonus: boolean,
  armor: number,
  speed: number | null,
  posture: UnitState['posture'],
): UnitState {
  return {
    id: u.id,
    name: u.name,
    side: u.side,
    nationality: u.nationality,
    kind: u.kind,
    damage: u.damage,
    port,
    fate: port === null ? 'at-sea' : 'in-port',
    engagement: port === null ? 'main' : null,
    disabled: false,
    retreated: false,
    pursued: false,
    barredFromPursuit: u.barredFromPursuit ?? false,
    raidedThisTurn: u.raidedThisTurn ?? false,
    shipClass,
    gunnery,
    gunneryBonus,
    airstrike,
    airstrikeBonus,
    armor,
    speed,
    posture,
  };
}

/** 7.424: a carrier is any ship whose counter shows an airstrike factor (damage does not change what it is). */
export function isCarrier(u: UnitState): boolean {
  return u.kind === 'ship' && u.airstrike > 0;
}

/** 7.73: a ship whose damage equals its armor is crippled (at sea, more damage would have sunk it). */
function crippled(u: UnitState): boolean {
  return u.kind === 'ship' && u.damage >= u.armor;
}

/**
 * 7.73 as printed in our copy says the *armor* drops to one, but its own aside ("a zero gunnery
 * factor remains a zero") only makes sense for the gunnery factor, and armor reduced to one
 * would be meaningless once damage equals armor: we read it as gunnery -> 1.
 */
export function gunneryShots(u: UnitState): number {
  if (u.kind !== 'ship') return 0;
  return crippled(u) ? Math.min(u.gunnery, 1) : u.gunnery;
}

/**
 * Rule 23.2 (only in use when the unit carries airstrikeDamage): one shot less per damage point on
 * the airstrike; a land-based air unit's airstrike is the unit, so its own damage counts. 23.2 names
 * land-based air too, which the rulebook's closing note on rule 23 contradicts ("a land-based air
 * unit attacks at full strength until eliminated"): we follow the numbered rule.
 */
function airstrikeLost(u: UnitState): number {
  if (u.airstrikeDamage === undefined) return 0;
  return u.kind === 'land-based-air' ? u.damage : u.airstrikeDamage;
}

/** 7.73: a crippled ship's airstrike is gone. Land-based air keeps full strength until shot down (7.534), except under 23.2. */
export function airstrikeShots(u: UnitState): number {
  if (u.kind === 'amphibious') return 0;
  return crippled(u) ? 0 : Math.max(0, u.airstrike - airstrikeLost(u));
}

/** 7.71: each damage point costs one speed, never below 1. */
export function currentSpeed(u: UnitState): number {
  if (u.speed === null) throw new TypeError(`${u.name} has no speed (land-based air)`);
  return Math.max(1, u.speed - u.damage);
}

export function usBattleshipBonusApplies(b: BattleState, u: UnitState): boolean {
  return b.options.usBattleshipBonus && b.turn >= 7 && u.nationality === 'us' && u.shipClass === 'battleship';
}

/** 19.2: kamikazes exist only on the optional ninth turn. */
export function kamikazeTurn(b: BattleState): boolean {
  return b.options.kamikaze && b.turn === 9;
}

/**
 * Whether every shot of `attacker` at `target` gets +1.
 * 7.535/12.22: never against land-based air. 19.21-19.22: kamikazes always have it.
 * 12.21: land-based air never has it otherwise. 7.72: damage takes the gunnery bonus away
 * (we apply that to the rule-21 bonus too, since 21 only grants a bonus like a circled factor).
 */
export function hasAttackBonus(
  b: BattleState,
  attacker: UnitState,
  factor: 'gunnery' | 'airstrike',
  target: UnitState,
  kamikaze: boolean,
): boolean {
  if (target.kind === 'land-based-air') return false;
  if (kamikaze) return true;
  if (attacker.kind === 'land-based-air') return false;
  if (factor === 'airstrike') return attacker.airstrikeBonus;
  if (attacker.damage > 0) return false;
  return attacker.gunneryBonus || usBattleshipBonusApplies(b, attacker);
}

/** 7.533-7.534, 9.4-9.42: what a unit's total damage makes of it. */
export function damageState(u: UnitState): 'afloat' | 'on-bottom' | 'sunk' {
  if (u.kind === 'land-based-air') return u.damage >= u.armor ? 'sunk' : 'afloat';
  if (u.port !== null && u.kind === 'ship') {
    if (u.damage > 2 * u.armor) return 'sunk';
    return u.damage > u.armor ? 'on-bottom' : 'afloat';
  }
  return u.damage > u.armor ? 'sunk' : 'afloat';
}

export function unitById(b: BattleState, id: string): UnitState {
  const u = b.units.find((x) => x.id === id);
  if (!u) throw new RangeError(`no unit ${id} in this battle`);
  return u;
}

/**
 * A record keyed by unit id (a designation, an allocation, a landing or raid plan) as entries in the
 * order the battle lists its units (then its submarines; an id it does not hold last, by code unit).
 * Never the record's own key order: orders and battle state come back from PostgreSQL's JSONB with
 * their keys re-sorted (shorter first), so a replay would fire in another order than the game did.
 * The rules leave the order open (7.44: every target is fixed before a die is rolled; 7.6: results
 * count together) except where a hit counts at once (23.32, 23.35): there the umpire fires in the
 * battle's own unit order, the order fireDesignation rolls every other shot in (shootersFor).
 */
export function inUnitOrder<V>(b: BattleState, record: Readonly<Record<string, V>>): [string, V][] {
  const rank = new Map<string, number>();
  for (const [i, u] of b.units.entries()) rank.set(u.id, i);
  for (const [i, s] of b.submarines.entries()) if (!rank.has(s.id)) rank.set(s.id, b.units.length + i);
  const at = (id: string) => rank.get(id) ?? Number.MAX_SAFE_INTEGER;
  return Object.entries(record).sort(([x], [y]) => at(x) - at(y) || compareCodeUnits(x, y));
}

/** Units of the engagement still fighting in it (not sunk, disabled, escaped, landed). */
export function fighting(b: BattleState, engagement: string, side?: VitpSide): UnitState[] {
  return b.units.filter((u) => u.engagement === engagement && u.fate === 'at-sea' && (side === undefined || u.side === side));
}
