/**
 * Day or night (7.3): the choice each round, and the die roll when the sides disagree.
 */
import type { Dice } from '../../../engine/ruleset';
import type { CombatEmit, DayNight, VitpSide } from './api';
import { VITP_SIDES } from './sides';
import { combatEvent } from './events';

export type ActionPlan = readonly DayNight[];

/**
 * 7.31: agreement settles it. 7.32: otherwise each side rolls, +1 for wanting day, +1 for
 * controlling the sea area; the higher total wins. 7.33: a tie means day, then night.
 */
export function settleDayOrNight(
  choices: Readonly<Record<VitpSide, DayNight>>,
  areaController: VitpSide | null,
  dice: Dice,
  emit: CombatEmit,
  at: { engagement: string; round: number },
): ActionPlan {
  const agreed = choices.japanese === choices.allied;
  emit(combatEvent('combat.day-night-chosen', { ...at, choices: { ...choices }, agreed, rule: '7.31' }));
  if (agreed) return [choices.japanese];
  const rolls = VITP_SIDES.map((side) => {
    const die = dice.d6(`day/night roll, ${side} (wants ${choices[side]})`, '7.32');
    const wantsDay = choices[side] === 'day' ? 1 : 0;
    const controlsArea = areaController === side ? 1 : 0;
    return { side, die, wantsDay, controlsArea, total: die + wantsDay + controlsArea };
  });
  const [jp, al] = rolls;
  if (jp.total === al.total) {
    emit(combatEvent('combat.day-night-rolled', { ...at, rolls, result: 'day-then-night', rule: '7.33' }));
    return ['day', 'night'];
  }
  const winner = jp.total > al.total ? jp.side : al.side;
  const result = choices[winner];
  emit(combatEvent('combat.day-night-rolled', { ...at, rolls, result, rule: '7.32' }));
  return [result];
}
