/**
 * 7.94 and forces that cannot hurt each other (our reading, see stalemateReason).
 */
import { VITP_SIDES } from './sides';
import type { BattleState, Engagement } from './state';
import { possibleShots } from './targets';

/** Whether anyone in the engagement could fire at anything in a day or in a night action. */
function anyShotPossible(b: BattleState, eng: Engagement): boolean {
  return VITP_SIDES.some((s) => possibleShots(b, eng, s, 'day') > 0 || possibleShots(b, eng, s, 'night') > 0);
}

/**
 * 7.94 repeats rounds "until there is a victor", but says nothing of forces that cannot hurt each
 * other. Our reading (a stalemate: the engagement ends, both sides stay at sea):
 * - when nobody could fire at anything by day or by night, no round is fought at all;
 * - when both players chose the action of the round just fought (7.31) and nobody could fire in
 *   it, the same choices would repeat it unchanged for ever: the engagement ends. A round whose
 *   action the die chose (7.32-7.33) does not count, since the next roll may go the other way.
 */
export function stalemateReason(b: BattleState, eng: Engagement): string | null {
  if (!anyShotPossible(b, eng)) return 'neither side can fire at the other, by day or by night';
  const last = b.lastRound;
  if (last && last.engagement === eng.id && last.round === b.round && last.agreedOn && !last.couldFire) {
    return `both sides chose a ${last.agreedOn} action in which neither could fire at the other`;
  }
  return null;
}
