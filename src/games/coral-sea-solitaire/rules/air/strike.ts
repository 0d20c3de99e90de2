/**
 * 5a1g-h, one strike package's attack: AA first (24: the defending side's ships in the hex against
 * a TF, 24.3 and brief 9.18; the base's AA against a base, 23.5, 24.1), then the attack on the CRT.
 * Against a TF the ship comes from the Target Selection Table, one roll per attacking side and hex
 * (Q4; one per origin under the option), the ship at random among that category (2.2), and one
 * pick serves every package against that TF while the ship floats; air vs naval reads the odds of
 * the strike's strength to the ship's defense. Against a base (23.1) the strike hits grounded
 * squadrons and a minor base's strength, on the bombardment columns (Solomons: air bombardment).
 * An IJN strike stopped short by CAP (21.2) attacks what the stop hex holds, a carrier TF first.
 */
import type { Dice } from '../../../../engine/ruleset';
import { type ColumnShift, chooseAtRandom, rollOnTable } from '../../../kit';
import { changeChits } from '../core/util';
import type { BaseId, CoralBox, CoralSide } from '../../box/schema';
import { shipsOfCategory } from '../../ijn/doctrine';
import type { AirUnitState, CoralState, ShipKey, ShipState } from '../../types';
import { recordHit } from '../common';
import { factorColumn, dieCount, oddsColumn } from './crt';
import type { AirFold } from './fold';
import { loseAirAboard, takeLosses } from './losses';
import { eliminateGrounded, enforceBaseCapacity, reduceBase } from '../surface/bases';
import type { AirStage, TargetCategory } from './state';
import { isBase, placeHex } from './units';

type Attack = Extract<AirStage, { kind: 'attack' }>;

const afloat = (s: ShipState | undefined) => !!s && (s.status === 'ok' || s.status === 'damaged') && !(s.type === 'Dummy' && s.faceUp);
const shipValue = (box: CoralBox, ship: ShipState, what: 'aa' | 'defense') =>
  box.ships.find((x) => x.side === ship.side && x.id === ship.id)?.[what].value ?? 0;

/** A side's TFs in a hex with ships afloat. */
const tfsIn = (s: CoralState, hex: string, side: CoralSide) =>
  Object.values(s.taskForces).filter((tf) => tf.side === side && tf.hex === hex && !tf.gone && tf.ships.some((k) => afloat(s.ships[k])));

/** What the package attacks in its hex: its target if there, else (an IJN strike stopped short) the best there. */
function targetIn(s: CoralState, box: CoralBox, a: Attack): { tf: string } | { base: BaseId } | null {
  const enemy: CoralSide = a.side === 'usn' ? 'ijn' : 'usn';
  if (isBase(a.target)) {
    if (placeHex(box, a.target) === a.hex) return { base: a.target };
  } else if (tfsIn(s, a.hex, enemy).some((tf) => tf.id === a.target)) return { tf: a.target };
  if (a.side === 'usn') return null;
  const tfs = tfsIn(s, a.hex, enemy).sort((x, y) => {
    const rank = (tf: typeof x) =>
      (tf.ships.some((k) => s.ships[k].type === 'CV' || s.ships[k].type === 'CVL') ? 0 : 1) + (tf.identified ? 0 : 2);
    return rank(x) - rank(y) || (x.id < y.id ? -1 : 1);
  });
  if (tfs.length) return { tf: tfs[0].id };
  const base = (Object.keys(box.bases) as BaseId[]).find((b) => box.bases[b].side.value === enemy && placeHex(box, b) === a.hex);
  return base ? { base } : null;
}

/** Strength of a package against the surface: its squadrons, extended range halved (32.1). */
const strikeStrength = (units: readonly AirUnitState[]) =>
  units.filter((u) => !u.extendedRange).reduce((n, u) => n + u.strength, 0) +
  Math.floor(units.filter((u) => u.extendedRange).reduce((n, u) => n + u.strength, 0) / 2);

/** AA factors against the package: every defending ship afloat in the hex, or the base's level. */
function aaFactors(s: CoralState, box: CoralBox, side: CoralSide, hex: string, target: { tf: string } | { base: BaseId }): number {
  if ('base' in target) {
    const b = box.bases[target.base];
    return b.kind.value === 'major' ? b.aa.value : (s.bases[target.base]?.strength ?? 0);
  }
  return tfsIn(s, hex, side)
    .flatMap((tf) => tf.ships.map((k) => s.ships[k]))
    .filter(afloat)
    .reduce((n, ship) => n + shipValue(box, ship, 'aa'), 0);
}

/** The package's attack. True when the USN must choose losses to AA first (the routine pauses). */
export function attack(f: AirFold, box: CoralBox, dice: Dice, a: Attack): boolean {
  const mine = () =>
    f.s.air.filter(
      (u) => u.side === a.side && u.box === 'strike' && u.home === a.from && u.flyingTo === a.hex && u.target === a.target && !u.aborted,
    );
  const target = targetIn(f.s, box, a);
  if (!mine().length || !target) return false;
  const defender: CoralSide = a.side === 'usn' ? 'ijn' : 'usn';
  if (!f.s.airBattle?.aaDone) {
    const factors = aaFactors(f.s, box, defender, a.hex, target);
    const table = box.tables.crt.antiAircraft;
    const column = factorColumn(table, factors);
    const roll = column ? rollOnTable(dice, table, { column, for: `${defender.toUpperCase()} AA in ${a.hex}` }) : null;
    f.emit({
      type: 'coral.air.combat',
      data: {
        hex: a.hex,
        kind: 'anti-aircraft',
        side: defender,
        factors,
        target: 'tf' in target ? target.tf : target.base,
        roll,
        ...(roll ? {} : { none: 'no AA factors' }),
      },
    });
    f.emit({ type: 'coral.air.aa-done', data: { at: f.s.airBattle?.at as number } });
    const level = roll?.result.defender ?? null;
    const effect = level === null ? null : box.crtEffects.air[String(level) as '0'].value;
    const eliminated = effect ? dieCount(dice, effect.eliminatedDice ?? 0, `AA in ${a.hex}: squadrons eliminated`, 'CRT') : 0;
    const aborted = effect ? dieCount(dice, effect.abortedDice ?? 0, `AA in ${a.hex}: squadrons aborted`, 'CRT') : 0;
    if (takeLosses(f, box, dice, a.side, mine(), { eliminated, aborted }, a.hex, 'anti-aircraft')) return true;
  }
  const units = mine();
  if (!units.length) return false;
  if ('base' in target) attackBase(f, box, dice, a, target.base, strikeStrength(units));
  else attackShip(f, box, dice, a, target.tf, strikeStrength(units));
  return false;
}

/** Q4: the category for this side's strikes in the hex (rolled once), and the ship in the TF (picked once while afloat). */
function shipFor(f: AirFold, box: CoralBox, dice: Dice, a: Attack, tf: string): ShipKey | null {
  const b = f.s.airBattle;
  if (!b) return null;
  const perOrigin = f.s.options.targetRollPerOrigin === true;
  const key = perOrigin ? `${a.side}:${a.hex}:${a.from}` : `${a.side}:${a.hex}`;
  let category = b.categories[key];
  if (!category) {
    const roll = rollOnTable(dice, box.tables.targetSelection, { for: perOrigin ? `${a.hex} (${a.from})` : a.hex });
    category = roll.result as TargetCategory;
    if (a.side === 'ijn') f.emit({ type: 'IjnDecided', data: { what: `target selection in ${a.hex}: ${category}`, roll } });
    f.emit({ type: 'coral.air.target-category', data: { key, category } });
  }
  const pickKey = `${key}:${tf}`;
  const before = f.s.airBattle?.picks[pickKey];
  if (before && afloat(f.s.ships[before])) return before;
  const ships = f.s.taskForces[tf].ships.map((k) => f.s.ships[k]).filter(afloat);
  if (!ships.length) return null;
  const among = shipsOfCategory(
    category,
    ships.map((x) => ({ id: x.key, type: x.type })),
  );
  const pick = chooseAtRandom(dice, among, `target in ${tf}`, '2.2');
  const ship = pick.chosen as ShipKey;
  const hidden = a.side === 'usn' && among.some((k) => !f.s.ships[k as ShipKey].faceUp);
  f.emit({ type: 'coral.air.target', data: { side: a.side, hex: a.hex, tf, key: pickKey, ship, category, ...(hidden ? {} : { pick }) } });
  return ship;
}

/**
 * 8.2, 8.6: a chit committed to a side's air attacks shifts the column of its first one, and is
 * spent: the IJN's by 8.5 at the phase's start, the USN's by its `leadership/air` decision (8.4).
 */
function chitShift(f: AirFold, box: CoralBox, side: CoralSide): ColumnShift[] {
  if (side === 'usn') {
    if (!f.s.core.usnChit.air || f.s.chits.usn <= 0) return [];
    f.emit({ type: 'coral.usn-chit', data: { fn: 'air', use: false, spent: true } });
    changeChits(f, 'usn', -1, 'used on an air attack', '8.6');
    return [{ by: box.crtShifts.leadership?.value ?? 1, reason: 'USN leadership chit', rule: '8.2' }];
  }
  if (!f.s.airBattle?.ijnChit || f.s.chits.ijn <= 0) return [];
  f.emit({ type: 'coral.air.chit-spent', data: { side } });
  changeChits(f, 'ijn', -1, 'used on an air attack', '8.6');
  return [{ by: box.crtShifts.leadership?.value ?? 1, reason: 'IJN leadership chit', rule: '8.2' }];
}

function attackShip(f: AirFold, box: CoralBox, dice: Dice, a: Attack, tf: string, strength: number): void {
  const key = shipFor(f, box, dice, a, tf);
  if (!key) return;
  const ship = f.s.ships[key];
  if (!ship.faceUp)
    f.emit({ type: 'coral.ship.revealed', data: { ships: [key], cause: `attacked from the air in ${a.hex}`, rule: '27.1' } });
  if (ship.type === 'Dummy') return; // 27.3: turned face up, it leaves play (the core's sweep removes it); the strike spent itself on it
  const defense = shipValue(box, ship, 'defense');
  const table = box.tables.crt.airVsNaval;
  const roll = rollOnTable(dice, table, {
    column: oddsColumn(table, strength, defense),
    shifts: chitShift(f, box, a.side),
    for: `${a.side.toUpperCase()} strike on ${ship.id} in ${a.hex}`,
  });
  f.emit({
    type: 'coral.air.combat',
    data: { hex: a.hex, kind: 'air-vs-naval', side: a.side, factors: strength, defense, target: key, roll },
  });
  const level = roll.result.defender;
  const to = level === null ? 'none' : (box.crtEffects.ship[String(level) as '0'].value.ship ?? 'none');
  if (to === 'none') return;
  recordHit(f, box, key, to, `air strike in ${a.hex}`, '5.6 5a1g');
  if ((ship.type === 'CV' || ship.type === 'CVL') && (to === 'crippled' || to === 'sunk')) loseAirAboard(f, box, key, `${ship.id} ${to}`);
}

function attackBase(f: AirFold, box: CoralBox, dice: Dice, a: Attack, base: BaseId, strength: number): void {
  const table = box.tables.crt.bombardment;
  const column = factorColumn(table, strength);
  const roll = column
    ? rollOnTable(dice, table, { column, shifts: chitShift(f, box, a.side), for: `${a.side.toUpperCase()} air attack on ${base}` })
    : null;
  f.emit({
    type: 'coral.air.combat',
    data: { hex: a.hex, kind: 'air-vs-base', side: a.side, factors: strength, target: base, roll, ...(roll ? {} : { none: 'no factors' }) },
  });
  const level = roll?.result.defender ?? null;
  if (level === null) return;
  const effect = box.crtEffects.bombardment[String(level) as '0'].value;
  const cause = `${a.side.toUpperCase()} air attack on ${base}`;
  const hits = (effect.grounded ?? 0) + dieCount(dice, effect.groundedDice ?? 0, `air attack on ${base}: grounded squadrons`, 'CRT');
  eliminateGrounded(f, dice, box, base, hits, cause, '23.1');
  if (reduceBase(f, box, base, effect.baseStrength ?? 0, cause, '23.3') > 0) enforceBaseCapacity(f, dice, box, base, cause);
}
