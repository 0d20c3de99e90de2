import type { StepInfo } from '../../engine/ruleset';
import type { StepKind } from '../../engine/step-kinds';

/**
 * VITP's steps by kind, for the game's deadline lengths (steps.ts localId gives the ids):
 * `placement` the land-based air placement one unit at a time (5.22, 12.11) and the submarine
 * placement (5.25); `battle` every decision of the combat sequence (5.3): picking the next battle,
 * the battle's own decisions (targets, day or night, retreat), the Pearl Harbor and Indonesia
 * surprise choices and the harbour a ship turned back goes to (7.62, 10.2); `orders` the rest.
 */
export function vitpStepKind(step: StepInfo): StepKind {
  const local = step.id.replace(/^t\d+\//, '');
  if (/^(lba|submarine)\//.test(local)) return 'placement';
  if (/^(battle|pick-battle|harbour|pearl-harbor|indonesia-surprise)\//.test(local)) return 'battle';
  return 'orders';
}
