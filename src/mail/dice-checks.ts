import type { EngineEvent } from '../engine/engine-events';
import type { Side } from '../engine/ruleset';
import { eventVisibleTo } from '../engine/views';

/**
 * What a report carries so its reader can recompute each die it shows (issue 12 item 5; formula
 * in docs/audit.md "Dice"): per resolved step, its id, turn and orders hash (the StepResolved's),
 * and each die the reader may see with its index and face. The turn's seed comes with the report
 * after the turn ends (revealedSeeds); the game id is in every mail's subject.
 */
export interface DiceCheckStep {
  readonly stepId: string;
  readonly turn: number;
  readonly ordersHash: string;
  readonly dice: readonly {
    /** the private stream it is numbered in (docs/audit.md "Private dice"): absent for a public die */
    readonly stream?: string;
    readonly index: number;
    readonly face: number;
    /** the die's size as the log names it: absent for a d6 */
    readonly sides?: number;
    readonly purpose: string;
    readonly rule: string;
  }[];
}

/** The dice checks of `events` (a report's fresh engine events) as `viewer` may see them. */
export function diceChecks(events: readonly EngineEvent[], viewer: Side | 'referee'): DiceCheckStep[] {
  const open = new Map<string, DiceCheckStep['dice'][number][]>();
  const out: DiceCheckStep[] = [];
  for (const e of events) {
    if (e.type === 'DieRolled') {
      if (!eventVisibleTo(e, viewer) || e.data.forced) continue;
      const list = open.get(e.data.stepId) ?? [];
      const { stream, index, face, sides, purpose, rule } = e.data;
      list.push({ ...(stream !== undefined ? { stream } : {}), index, face, ...(sides !== undefined ? { sides } : {}), purpose, rule });
      open.set(e.data.stepId, list);
    } else if (e.type === 'StepResolved') {
      const dice = open.get(e.data.stepId);
      open.delete(e.data.stepId);
      if (dice?.length) out.push({ stepId: e.data.stepId, turn: e.data.turn, ordersHash: e.data.ordersHash, dice });
    }
  }
  return out;
}
