/**
 * A step's orders carried out one by one on a working copy of the state: each order is checked
 * against the position it meets (so validation and adjudication are the same walk), its events
 * folded in at once (the kit's emit-and-fold, keeping the events). Validation collects the
 * problems; adjudication merges the walk into its own fold, which emits the events.
 */
import type { Dice, LineError } from '../../engine/ruleset';
import { Fold } from '../kit';
import { evolveGuadalcanal } from './evolve';
import { formatOrder } from './orders';
import type { GEvent, GSide, GState, Order } from './types';

export class Play extends Fold<GState, GEvent> {
  readonly errors: LineError[] = [];

  constructor(
    s: GState,
    readonly side: GSide,
    readonly dice: Dice | null,
  ) {
    super(s, evolveGuadalcanal);
  }

  /** An order the position refuses: a line error (validation) or a rules bug (adjudication). */
  fail(o: Order, problem: string, rule: string, hint?: string): false {
    this.errors.push({ line: o.line ?? 0, text: formatOrder(o), problem, rule, ...(hint ? { hint } : {}) });
    return false;
  }
}
