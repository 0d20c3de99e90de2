/**
 * The IJN's setup by dice (4.3, 30.1, 30.3, 35): the face-down draws, the Carrier Strike Force's
 * To Truk hex, the submarines' placement, and the optional rules' rolls. The draws decide hidden
 * things (which counter sails where, which submarine is real), so the caller passes sealed,
 * referee-only dice options for them (issue 26: a sealed stream revealed at the game's end).
 */
import type { Dice, RollOptions } from '../../../engine/ruleset';
import { chooseAtRandom, type RandomChoice, rollOnTable, type TableRoll } from '../../kit';
import type { Board } from '../box/board';
import { southOptions } from '../box/constraints';
import type { CoralBox, IjnTf } from '../box/schema';

export interface Deal {
  /** Each pick in order: the counter drawn and the TF it went to. */
  readonly picks: readonly { readonly tf: IjnTf; readonly choice: RandomChoice<string> }[];
  readonly assigned: Readonly<Partial<Record<IjnTf, readonly string[]>>>;
}

/**
 * 4.3: counters face down, mixed, picked one at a time without looking and dealt to the TFs in
 * the order given (the carriers: two to CSF, one to CG; the 20 others: 6, 5, 5, 2, 2). Each pick is
 * a random choice among the counters left.
 */
export function dealFaceDown(
  dice: Dice,
  pool: readonly string[],
  deal: readonly (readonly [IjnTf, number])[],
  purpose: string,
  options?: RollOptions,
): Deal {
  const left = [...pool];
  const picks: { tf: IjnTf; choice: RandomChoice<string> }[] = [];
  const assigned: Partial<Record<IjnTf, string[]>> = {};
  const wanted = deal.reduce((n, [, k]) => n + k, 0);
  if (wanted > left.length) throw new Error(`${purpose}: the deal wants ${wanted} counters, the pool holds ${left.length}`);
  for (const [tf, n] of deal) {
    for (let k = 0; k < n; k++) {
      const choice = chooseAtRandom(dice, left, `${purpose}: counter for ${tf}`, '4.3', options);
      left.splice(choice.index, 1);
      picks.push({ tf, choice });
      assigned[tf] = [...(assigned[tf] ?? []), choice.chosen];
    }
  }
  return { picks, assigned };
}

/** 4.3: the Carrier Strike Force's To Truk hex, at random among the six. */
export const csfEntryHex = (dice: Dice, box: CoralBox, options?: RollOptions) =>
  chooseAtRandom(dice, box.map.toTruk.value, 'Carrier Strike Force entry hex', '4.3', options);

export interface SubPlacement {
  /** Every die of the procedure in order, with what it decided. */
  readonly dice: readonly { readonly marker: number; readonly purpose: string; readonly face: number }[];
  /** The hex of each face-down marker, in placing order. */
  readonly hexes: readonly string[];
}

/**
 * 4.3: each face-down submarine marker: a die picks its To Truk hex (1 = westernmost), a second die
 * plus three is how many hexes south it then moves; when that lands on a hexside a die picks west
 * (1-3) or east (4-6). A marker that would share a hex, or leave the map, rolls again.
 */
export function placeSubmarines(
  dice: Dice,
  box: CoralBox,
  board: Board,
  markers: number,
  taken: readonly string[] = [],
  options?: RollOptions,
): SubPlacement {
  const log: { marker: number; purpose: string; face: number }[] = [];
  const hexes: string[] = [];
  const toTruk = box.map.toTruk.value;
  const extra = box.constants.subPlacementExtraRows.value;
  for (let m = 1; m <= markers; m++) {
    for (let attempt = 1; ; attempt++) {
      if (attempt > 100)
        throw new Error(`submarine ${m}: no free sea hex after 100 tries (the box's To Truk hexes and the map leave none)`);
      const first = dice.d6(`submarine ${m}: To Truk hex`, '4.3', options);
      log.push({ marker: m, purpose: 'To Truk hex', face: first });
      const second = dice.d6(`submarine ${m}: hexes south`, '4.3', options);
      log.push({ marker: m, purpose: 'hexes south (die + 3)', face: second });
      const options2 = southOptions(board, toTruk[first - 1], second + extra);
      let hex = options2[0];
      if (options2.length === 2) {
        const side = dice.d6(`submarine ${m}: west or east`, '4.3', options);
        log.push({ marker: m, purpose: 'west (1-3) or east (4-6)', face: side });
        hex = options2[side <= 3 ? 0 : 1];
      }
      if (hex !== null && board.terrainOf(hex) !== 'land' && !hexes.includes(hex) && !taken.includes(hex)) {
        hexes.push(hex);
        break;
      }
    }
  }
  return { dice: log, hexes };
}

/** 30.1: when CV-3 (and DD-7) arrive: die − 1, 0 at the start, else that turn as a new TF. */
export const cv3Arrival = (dice: Dice, box: CoralBox) => rollOnTable(dice, box.tables.cv3Arrival);

/** 30.3: on a TF's first full identification, whether IJN battleships are with it (5: one at random, 6: both). */
export function ijnBattleships(
  dice: Dice,
  box: CoralBox,
  tf: IjnTf,
  available: readonly string[],
): { roll: TableRoll<number>; placed: readonly string[]; pick?: RandomChoice<string> } {
  const roll = rollOnTable(dice, box.tables.ijnBattleships, { for: tf });
  const n = Math.min(roll.result, available.length);
  if (n === 0) return { roll, placed: [] };
  if (n >= available.length) return { roll, placed: [...available] };
  const pick = chooseAtRandom(dice, available, `which battleship joins ${tf}`, '30.3');
  return { roll, placed: [pick.chosen], pick };
}

/** 35: where a TF starts (first die) and when it arrives (second die). */
export function optionalDeployment(dice: Dice, box: CoralBox, tf: string): { place: TableRoll<string>; arrival: TableRoll<string> } {
  const { place, arrival } = box.tables.deployment35;
  return { place: rollOnTable(dice, place, { column: tf, for: tf }), arrival: rollOnTable(dice, arrival, { column: tf, for: tf }) };
}

/**
 * 4.3, 19.2: which counter (SS-1..3, real or false) lies under each face-down marker, in placing
 * order: a draw from the counters, on sealed referee-only dice so that no revealed seed tells the
 * player which marker is a false sighting before contact.
 */
export function submarineCounters(dice: Dice, counters: readonly string[], options?: RollOptions): readonly RandomChoice<string>[] {
  const left = [...counters];
  const out: RandomChoice<string>[] = [];
  while (left.length) {
    const choice = chooseAtRandom(dice, left, `submarine marker ${out.length + 1}: which counter`, '4.3', options);
    left.splice(choice.index, 1);
    out.push(choice);
  }
  return out;
}
