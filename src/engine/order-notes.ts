/**
 * What the acknowledgment says under each step's orders besides the orders themselves
 * (Ruleset.ordersNote: what they cost and what is left, say): each section of a mail read on the
 * board the earlier ones leave (Ruleset.boardAfter), as the sections were checked when they arrived.
 */
import type { AnyRuleset } from './evolve';
import type { Side, StepInfo } from './ruleset';

export interface NotedSection {
  readonly step: StepInfo;
  readonly orders: readonly unknown[];
}

/** The notes of each section in turn ([] for each when the game has none to add). */
export function sectionNotes(ruleset: AnyRuleset, board: unknown, side: Side, sections: readonly NotedSection[]): (readonly string[])[] {
  if (!ruleset.ordersNote) return sections.map(() => []);
  let at = board;
  return sections.map(({ step, orders }) => {
    const notes = ruleset.ordersNote!(at, side, step, orders);
    if (ruleset.boardAfter) at = ruleset.boardAfter(at, side, step, orders);
    return notes;
  });
}
