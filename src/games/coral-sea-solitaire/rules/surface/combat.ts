/**
 * Surface naval combat (5b, 16, 26.2, 28.5, 33): one battle per hex per phase with every surface
 * ship of both sides there (16.1, 16.2; submarines never, 19.4). In order: both sides' TFs
 * identified and every ship revealed (16.3(1), 28.2(2); a dummy turned up leaves play, 27.3); the
 * tactical initiative roll (16.3(2): the box's table with the 26.2 night and 28.5 modifiers and
 * chits); screening when option 33 is on (the IJN at once, the USN by its SCREEN decision); the
 * strengths and the odds column (16.3(3)-(5), 16.5); shifts (26.2 the USN's night penalty, chits);
 * one die (16.3(7)); each side's result on its force, ships picked at random (2.2, as the Solomons
 * notes pick them for both sides); survivors fatigued (5b4, 25.1).
 */
import type { Dice } from '../../../../engine/ruleset';
import { chooseAtRandom, type ColumnShift, type RandomChoice } from '../../../kit';
import type { CoralBox, CoralSide } from '../../box';
import { ijnChitCheck, tacticalInitiative } from '../../ijn/doctrine';
import { isDay } from '../../steps';
import type { CoralState, ShipKey } from '../../types';
import { loseAirAboardHits } from '../air/losses';
import { recordHits } from '../common';
import { revealTf } from '../core';
import { changeChits } from '../core/util';
import type { CoralFold } from './bases';
import { navalLosses, oddsColumn, rollShipAttack } from './crt';
import type { ForceLosses } from './events';
import { attackOf, bookOf, defenseOf, fights, other, shipsIn, taskForcesIn, total } from './forces';
import { ijnScreen, usnMayScreen } from './screening';

/** Where the USN may commit a leadership chit in surface combat (8.2, 8.4): keys of the core's `core.usnChit`. */
export type SurfaceChitUse = 'tactical-initiative' | 'surface-crt';

/** The USN spends a chit on `use` when it holds one and committed one to it (8.4; the core's LEADERSHIP orders or standing). */
export const usnSpendsChit = (s: CoralState, use: SurfaceChitUse): boolean => s.chits.usn > 0 && s.core.usnChit[use] === true;

/**
 * 16.3(1), 28.2(2), 27.1(2): every TF in the hex identified, every IJN ship in them face up, by the
 * core's revealTf (a dummy leaves play, 27.3; under 30.3 the first reveal of CSF, SG or CG rolls
 * for battleships, which then fight in this battle, brief 9.21).
 */
function reveal(f: CoralFold, dice: Dice, hex: string): void {
  const tfs = taskForcesIn(f.s, hex);
  for (const tf of tfs.filter((t) => !t.identified))
    f.emit({
      type: 'coral.tf.identified',
      data: { tf: tf.id, identified: true, cause: `surface combat in ${hex}`, rule: '16.3(1), 28.2(2)' },
    });
  for (const tf of tfs.filter((t) => t.side === 'ijn')) revealTf(f, dice, tf.id, `surface combat in ${hex}`, '16.3(1), 27.1(2)');
}

/**
 * 5b1-5b3: opens the battle in `hex` (nothing when it was fought this phase or a side has no ship
 * there): reveal, tactical initiative, the IJN's screening. When the USN may screen it stops with
 * the battle pending (`surfaceAwaits`); otherwise it resolves it at once.
 */
export function startSurfaceCombat(f: CoralFold, dice: Dice, box: CoralBox, hex: string): void {
  const book = bookOf(f.s);
  if (book.fought.includes(hex) || book.pending) return;
  if (!shipsIn(f.s, hex, 'usn').length || !shipsIn(f.s, hex, 'ijn').length) return;
  const tfs = taskForcesIn(f.s, hex);
  const facts = {
    night: !isDay(f.s.turn),
    usnAllIdentified: tfs.filter((t) => t.side === 'usn').every((t) => t.identified),
    ijnAllIdentified: tfs.filter((t) => t.side === 'ijn').every((t) => t.identified),
  };
  reveal(f, dice, hex);
  for (const side of ['usn', 'ijn'] as const)
    if (!shipsIn(f.s, hex, side, fights).length) {
      f.emit({
        type: 'coral.surface.no-combat',
        data: { hex, reason: `the ${side.toUpperCase()} TFs there held dummies only`, rule: '16.1, 27.3' },
      });
      return;
    }
  const usnChit = usnSpendsChit(f.s, 'tactical-initiative');
  const d = tacticalInitiative(dice, box, hex, facts, { ijnChits: f.s.chits.ijn, usnChit });
  if (d.chit) f.emit({ type: 'IjnDecided', data: { what: `leadership chit on the tactical initiative in ${hex} (8.5)`, chit: d.chit } });
  const chitsSpent: CoralSide[] = [...(usnChit ? (['usn'] as const) : []), ...(d.chit?.result === 'use' ? (['ijn'] as const) : [])];
  const attacker = d.roll.result;
  const awaitsUsnScreen = usnMayScreen(f.s, box, hex, attacker, []);
  f.emit({ type: 'coral.surface.initiative', data: { hex, attacker, roll: d.roll, chitsSpent, awaitsUsnScreen, rule: '16.3(2)' } });
  for (const side of chitsSpent) changeChits(f, side, -1, `used on the tactical initiative in ${hex}`, '8.6');
  const ijn = ijnScreen(f.s, dice, box, hex, attacker);
  if (ijn.ships.length) {
    const names = ijn.ships.map((k) => f.s.ships[k].id).join(', ');
    f.emit({ type: 'IjnDecided', data: { what: `screens ${names} out of the battle in ${hex} (33.2: transports, then carriers)` } });
    f.emit({ type: 'coral.surface.screened', data: { hex, side: 'ijn', ships: ijn.ships, picks: ijn.picks, rule: '33.2' } });
  }
  if (!awaitsUsnScreen) finishSurfaceCombat(f, dice, box, []);
}

/** Picks `n` ships of `keys` at random one by one (2.2); all without a die when `n` covers them. */
function pickShips(dice: Dice, keys: ShipKey[], n: number, what: string, picks: RandomChoice<ShipKey>[]): ShipKey[] {
  if (n <= 0) return [];
  if (n >= keys.length) return keys.splice(0, keys.length);
  const out: ShipKey[] = [];
  for (let i = 0; i < n; i++) {
    const pick = chooseAtRandom(dice, keys, what, '2.2');
    picks.push(pick);
    out.push(pick.chosen);
    keys.splice(pick.index, 1);
  }
  return out;
}

function lossesOf(box: CoralBox, dice: Dice, keys: readonly ShipKey[], level: number | null, side: CoralSide, hex: string): ForceLosses {
  const { sunk, crippled } = navalLosses(box, level, keys.length);
  const left = [...keys];
  const picks: RandomChoice<ShipKey>[] = [];
  const who = `${side.toUpperCase()} ship`;
  return {
    level,
    sunk: pickShips(dice, left, sunk, `${who} sunk in ${hex}`, picks),
    crippled: pickShips(dice, left, crippled, `${who} crippled in ${hex}`, picks),
    picks,
  };
}

/** The CRT column shifts of a surface attack: the USN's night penalty (26.2) and chits (8.2, 8.5), each side's in its favour. */
function shiftsFor(f: CoralFold, dice: Dice, box: CoralBox, hex: string, attacker: CoralSide) {
  const shifts: ColumnShift[] = [];
  const chitsSpent: CoralSide[] = [];
  const night = box.crtShifts['usn-night-surface-attack']?.value ?? 0;
  if (attacker === 'usn' && !isDay(f.s.turn) && night) shifts.push({ by: night, reason: 'USN surface attack at night', rule: '26.2' });
  const chit = box.crtShifts.leadership?.value ?? 0;
  if (!chit) return { shifts, chitsSpent };
  const favour = (side: CoralSide) => (side === attacker ? chit : -chit);
  if (usnSpendsChit(f.s, 'surface-crt')) {
    chitsSpent.push('usn');
    shifts.push({ by: favour('usn'), reason: 'USN leadership chit', rule: '8.2' });
    changeChits(f, 'usn', -1, `used on the surface combat CRT in ${hex}`, '8.6');
  }
  const { check, chits } = ijnChitCheck(dice, box, f.s.chits.ijn, true, `surface combat CRT, ${hex}`);
  if (check) f.emit({ type: 'IjnDecided', data: { what: `leadership chit on the surface combat CRT in ${hex} (8.5)`, chit: check } });
  if (chits.length) {
    chitsSpent.push('ijn');
    shifts.push({ by: favour('ijn'), reason: 'IJN leadership chit', rule: '8.2' });
    changeChits(f, 'ijn', -1, `used on the surface combat CRT in ${hex}`, '8.6');
  }
  return { shifts, chitsSpent };
}

/**
 * 16.3(3)-(7), 5b4: resolves the pending battle with the USN's screened ships (33.1) held out:
 * strengths, column, shifts, the die, losses (sunk, then crippled, recorded with recordHits for VP
 * and panic netted, 9.2), the survivors fatigued. A TF left with no ship (13.10, 34.3 for TF-6) is the core's sweep.
 */
export function finishSurfaceCombat(f: CoralFold, dice: Dice, box: CoralBox, usnScreened: readonly ShipKey[]): void {
  const pending = bookOf(f.s).pending;
  if (!pending) throw new Error('coral-sea-solitaire: no surface combat is pending (16.3)');
  const { hex, attacker } = pending;
  const defender = other(attacker);
  const out = new Set([...pending.ijnScreened, ...usnScreened]);
  const ships = {
    usn: shipsIn(f.s, hex, 'usn', fights).filter((k) => !out.has(k)),
    ijn: shipsIn(f.s, hex, 'ijn', fights).filter((k) => !out.has(k)),
  };
  const attack = total(f.s, ships[attacker], (x) => attackOf(box, x));
  const defense = total(f.s, ships[defender], (x) => defenseOf(box, x));
  const odds = oddsColumn(box, attack, defense);
  const { shifts, chitsSpent } =
    odds.fixed === 'all-attackers-zero' ? { shifts: [], chitsSpent: [] } : shiftsFor(f, dice, box, hex, attacker);
  const roll = rollShipAttack(dice, box, { column: odds.column, shifts, for: `surface combat in ${hex}` });
  const losses = {
    attacker: lossesOf(box, dice, ships[attacker], roll.result.attacker, attacker, hex),
    defender: lossesOf(box, dice, ships[defender], roll.result.defender, defender, hex),
  };
  f.emit({
    type: 'coral.surface.combat',
    data: {
      hex,
      attacker,
      ships,
      attack,
      defense,
      percent: odds.percent,
      ...(odds.fixed ? { fixed: odds.fixed } : {}),
      shifts,
      roll,
      chitsSpent,
      losses,
      rule: odds.fixed === 'all-attackers-zero' ? '16.3, 16.5' : '16.3',
    },
  });
  // 16.3(7): one die's result to both sides at once, so its panic ups and downs are netted (9.2)
  const hits = [losses.attacker, losses.defender].flatMap((l) => [
    ...l.sunk.map((key) => ({ key, to: 'sunk' as const })),
    ...l.crippled.map((key) => ({ key, to: 'crippled' as const })),
  ]);
  // a carrier sunk or crippled takes its squadrons aboard with it, as under an air strike (13.9, 21.4)
  recordHits(f, box, hits, `surface combat in ${hex}`, '16.3(7)', () => loseAirAboardHits(f, box, hits));
  const tired = [...ships.usn, ...ships.ijn].filter((k) => f.s.ships[k].status !== 'sunk' && !f.s.ships[k].fatigued);
  if (tired.length)
    f.emit({
      type: 'coral.ship.fatigue',
      data: { ships: tired, fatigued: true, cause: `fought the surface battle in ${hex}`, rule: '5.6 5b4, 25.1' },
    });
}
