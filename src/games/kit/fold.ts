/**
 * Emit-and-fold: adjudication works on the state as its own events change it. Every event emitted
 * is passed on (to the engine's `ctx.emit`, when a sink is given) and folded into `s` at once with
 * the game's own evolve, so later rules see earlier results, and `s` is always the fold of `events`
 * over the starting state: what adjudicate may return (the engine then need not fold them again).
 */
import type { RulesEvent } from '../../engine/ruleset';

export type Evolve<S, E extends RulesEvent = RulesEvent> = (state: S, event: E) => S;

export class Fold<S, E extends RulesEvent = RulesEvent> {
  private state: S;
  private readonly emitted: E[] = [];

  /**
   * `sink`: where each event goes as it is emitted (adjudication: `(e) => ctx.emit(e)`). Without
   * one the events are only kept (`events`), e.g. to check orders against the position they meet
   * and emit them later, or not at all, when the check fails.
   */
  constructor(
    readonly start: S,
    private readonly evolve: Evolve<S, E>,
    private readonly sink?: (event: E) => void,
  ) {
    this.state = start;
  }

  /** The state after every event emitted so far. */
  get s(): S {
    return this.state;
  }

  /** The events emitted so far, in order. */
  get events(): readonly E[] {
    return this.emitted;
  }

  emit(event: E): void {
    this.sink?.(event);
    this.emitted.push(event);
    this.state = this.evolve(this.state, event);
  }

  /**
   * Takes on the work of a fold begun from this one's present state: its events are emitted here
   * (to the sink too) and its state becomes this one's, without folding them a second time. Throws
   * when `inner` began from another state (its state would then not be the fold of these events).
   */
  merge(inner: Fold<S, E>): void {
    if (inner.start !== this.state) throw new Error('Fold.merge: the inner fold did not begin from this fold’s present state');
    for (const event of inner.events) {
      this.sink?.(event);
      this.emitted.push(event);
    }
    this.state = inner.s;
  }
}
