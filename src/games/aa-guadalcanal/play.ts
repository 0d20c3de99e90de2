/**
 * A step's orders carried out one by one on a working copy of the state: each order is checked
 * against the position it meets (so validation and adjudication are the same walk), its events
 * folded in at once. Validation collects the problems; adjudication emits the events.
 */
import type { Dice, LineError } from '../../engine/ruleset';
import { evolveGuadalcanal } from './evolve';
import { formatOrder } from './orders';
import type { GEvent, GSide, GState, Order } from './types';

export class Play {
  readonly errors: LineError[] = [];
  readonly events: GEvent[] = [];

  constructor(
    public s: GState,
    readonly side: GSide,
    readonly dice: Dice | null,
  ) {}

  emit(e: GEvent): void {
    this.events.push(e);
    this.s = evolveGuadalcanal(this.s, e);
  }

  /** An order the position refuses: a line error (validation) or a rules bug (adjudication). */
  fail(o: Order, problem: string, rule: string, hint?: string): false {
    this.errors.push({ line: o.line ?? 0, text: formatOrder(o), problem, rule, ...(hint ? { hint } : {}) });
    return false;
  }
}
