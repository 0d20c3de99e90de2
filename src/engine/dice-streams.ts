import type { Roll } from './dice';
import type { DieRolled } from './engine-events';
import type { Visibility } from './ruleset';

/**
 * The private stream of a die seen by `visibleTo` (docs/audit.md "Private dice"): undefined for a
 * public die; else "private:" and the sides that see it, sorted ("private:" alone: the referee's).
 */
export function diceStreamOf(visibleTo: Visibility): string | undefined {
  return visibleTo === 'all' ? undefined : `private:${[...visibleTo].sort().join(',')}`;
}

/** Numbers a step's dice: one count for public dice, one per private stream when the game has them. */
export class DieNumbering {
  private readonly next = new Map<string, number>();

  /** `streams`: the game numbers private dice apart (GameCreated.diceStreams); `stepVisibleTo`: the step's diceVisibleTo. */
  constructor(
    private readonly streams: boolean,
    private readonly stepVisibleTo: Visibility = 'all',
  ) {}

  /** The stream and index of the next die seen by `visibleTo` (its own, else the step's). */
  take(visibleTo?: Visibility): { readonly stream?: string; readonly index: number } {
    const stream = this.streams ? diceStreamOf(visibleTo ?? this.stepVisibleTo) : undefined;
    const key = stream ?? '';
    const index = this.next.get(key) ?? 0;
    this.next.set(key, index + 1);
    return stream === undefined ? { index } : { stream, index };
  }
}

/** The DieRolled of a roll: its own visibility, else the step's (`visibleTo`); its stream when private. */
export function dieRolledOf(r: Roll, visibleTo: Visibility): DieRolled['data'] {
  return {
    stepId: r.stepId,
    turn: r.turn,
    ...(r.stream !== undefined ? { stream: r.stream } : {}),
    index: r.index,
    face: r.face,
    purpose: r.purpose,
    rule: r.rule,
    visibleTo: r.visibleTo ?? visibleTo,
    ...(r.sides !== undefined ? { sides: r.sides } : {}),
    ...(r.forced ? { forced: true as const } : {}),
    ...(r.sealed ? { sealed: true as const } : {}),
  };
}
