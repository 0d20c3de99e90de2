/**
 * Submarine contacts (19.4-19.7, 26): during a day USN Naval Movement Phase, a USN TF entering a hex
 * with or next to a submarine marker flips it. A false sighting leaves the map (re-placed on the next
 * night's IJN reinforcement phase, 19.8); either way the TF is identified. A real submarine attacks
 * one CV, BB or CA of that TF at random on the naval CRT's 100-149% column, one column left when
 * the TF's DD and CYP are at least twice its CV, BB and CA, one right when those are at least twice
 * the DD and CYP or there are none (19.5). A submarine attacks once a turn (19.6: kept face up for
 * the rest of the turn, every marker face down again at its end, the core's end step) and is never hurt;
 * with nothing to attack it stays available. The TF moves on with what it has left (19.5(6)).
 *
 * Readings (brief 9.11): every hex entered counts, not the hex the TF starts in; "BB" includes the
 * USN's old battleships (B); a flipped submarine that found no target contacts again only a TF it
 * can attack or that is still unidentified.
 */
import type { Dice } from '../../../../engine/ruleset';
import { type ColumnShift, chooseAtRandom, rollOnTable } from '../../../kit';
import type { CoralBox, ShipType } from '../../box/schema';
import { boardFor, shipsOf } from '../../state';
import type { SubmarineState } from '../../types';
import { loseAirAboard } from '../air/losses';
import { recordHit } from '../common';
import type { CoralFold } from '../core/util';

/** 19.5(3): the column a submarine attacks on (the naval CRT's). */
export const SUB_ATTACK_COLUMN = '100-149%';

const TARGETS: readonly ShipType[] = ['CV', 'BB', 'B', 'CA'];
const ESCORTS: readonly ShipType[] = ['DD', 'CYP'];

/** 19.5(4): the ASW shift for a TF with `capital` CV/BB/CA and `escorts` DD/CYP. */
export function aswShifts(box: CoralBox, capital: number, escorts: number): ColumnShift[] {
  if (escorts > 0 && escorts >= 2 * capital)
    return [
      {
        by: box.crtShifts['sub-asw-escorted'].value,
        reason: `${escorts} DD/CYP to ${capital} CV/BB/CA: at least two to one`,
        rule: '19.5(4)',
      },
    ];
  if (escorts === 0 || capital >= 2 * escorts)
    return [
      {
        by: box.crtShifts['sub-unescorted'].value,
        reason: escorts === 0 ? 'no DD or CYP in the TF' : `${capital} CV/BB/CA to ${escorts} DD/CYP: at least two to one`,
        rule: '19.5(4)',
      },
    ];
  return [];
}

const isReal = (box: CoralBox, counter: string) => box.ships.find((x) => x.side === 'ijn' && x.id === counter)?.real?.value === true;

function contact(f: CoralFold, dice: Dice, sub: SubmarineState, tfId: string, hex: string): void {
  const { box } = f.s;
  const real = isReal(box, sub.counter);
  if (!sub.revealed)
    f.emit({
      type: 'coral.sub.contact',
      data: { marker: sub.marker, counter: sub.counter, real, hex: sub.hex!, tf: tfId, tfHex: hex, rule: '19.4' },
    });
  if (!f.s.taskForces[tfId].identified)
    f.emit({
      type: 'coral.tf.identified',
      data: { tf: tfId, identified: true, cause: `submarine contact in ${hex}`, rule: '19.4(1), 28.2' },
    });
  if (!real) return;
  const ships = shipsOf(f.s, tfId, true);
  const targets = ships.filter((x) => TARGETS.includes(x.type));
  if (!targets.length) {
    f.emit({
      type: 'coral.sub.attack',
      data: {
        marker: sub.marker,
        tf: tfId,
        ship: null,
        effect: `no CV, BB or CA in ${tfId}: no attack, and the submarine stays available`,
        rule: '19.5(2)',
      },
    });
    return;
  }
  const pick = chooseAtRandom(
    dice,
    targets.map((x) => x.id),
    `submarine ${sub.marker}: which ship of ${tfId}`,
    '19.5(3)',
  );
  const escorts = ships.filter((x) => ESCORTS.includes(x.type)).length;
  const roll = rollOnTable(dice, box.tables.crt.navalVsNaval, {
    column: SUB_ATTACK_COLUMN,
    shifts: aswShifts(box, targets.length, escorts),
    for: `submarine ${sub.marker} on ${pick.chosen}`,
  });
  const code = roll.result.defender;
  const effect = code === null ? 'none' : (box.crtEffects.ship[String(code) as '0' | '1' | '2' | '3'].value.ship ?? 'none');
  const ship = targets[pick.index];
  f.emit({ type: 'coral.sub.attack', data: { marker: sub.marker, tf: tfId, ship: ship.key, pick, roll, effect, rule: '19.5' } });
  if (effect === 'none') return;
  recordHit(f, box, ship.key, effect, `submarine ${sub.marker}`, '19.5');
  // a carrier sunk or crippled takes its squadrons aboard with it, as under an air strike (13.9, 21.4)
  if ((ship.type === 'CV' || ship.type === 'CVL') && (effect === 'sunk' || effect === 'crippled'))
    loseAirAboard(f, box, ship.key, `${ship.id} ${effect}`);
}

/** 19.4: the contacts of a USN TF entering `hex` in a day USN movement phase, submarines by marker number. */
export function submarineContacts(f: CoralFold, dice: Dice, tfId: string, hex: string): void {
  const board = boardFor(f.s);
  for (const sub of [...f.s.submarines].sort((a, b) => a.marker - b.marker)) {
    const now = f.s.submarines.find((x) => x.marker === sub.marker)!;
    if (now.hex === null || now.usedThisTurn || board.grid.distance(now.hex, hex) > 1) continue;
    const tf = f.s.taskForces[tfId];
    if (now.revealed && tf.identified && !shipsOf(f.s, tf, true).some((x) => TARGETS.includes(x.type))) continue;
    contact(f, dice, now, tfId, hex);
  }
}
