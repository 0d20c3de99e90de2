/**
 * What the umpire asks of a side now (issue 28): the step in play if it awaits the side, and the
 * side's later steps of the same turn that it may answer in the same mail (their rows have a FOR
 * word, the rules know their ids now), that no standing instruction in force answers and that have
 * no orders queued yet. The
 * answer card offers them as sections of one ready reply, so a newcomer who answers what is asked
 * plays a turn in a mail or two; a section left out is asked when its step comes.
 */
import { whoIsAwaited } from './decide';
import type { DefinedRuleset, StepRow } from './define';
import type { EngineState } from './engine-events';
import type { AnyRuleset } from './evolve';
import type { Side, StepInfo } from './ruleset';
import { kindOfLine } from './standing';

/** A step the card asks for, and the word its section starts with (null: the step in play, no FOR line). */
export interface AskedStep {
  readonly step: StepInfo;
  readonly forWord: string | null;
}

export function stepsAsked(state: EngineState<unknown>, ruleset: AnyRuleset, side: Side): AskedStep[] {
  const step = state.step;
  if (!step || !whoIsAwaited(state, ruleset).includes(side)) return [];
  const rowOf = (ruleset as Partial<Pick<DefinedRuleset<unknown, unknown, unknown>, 'stepRow'>>).stepRow;
  if (!rowOf || !ruleset.upcomingSteps) return [{ step, forWord: null }];
  const standing = state.standing[side]?.text ?? '';
  const kinds = ruleset.standingKinds ?? [];
  const answered = (row: StepRow) =>
    (row.standing ?? []).some((k) => standing.split('\n').some((line) => kindOfLine(kinds, line)?.word === k.word));
  const later = ruleset.upcomingSteps(state.rules).flatMap((u): AskedStep[] => {
    if (u.turn !== step.turn || !u.owes.includes(side) || u.id === step.id || state.queued?.[side]?.[u.id]) return [];
    const row = safeRow(rowOf, u);
    return row?.for && !answered(row) ? [{ step: u, forWord: row.for }] : [];
  });
  return [{ step, forWord: null }, ...later];
}

function safeRow(rowOf: (step: StepInfo) => StepRow, step: StepInfo): StepRow | null {
  try {
    return rowOf(step);
  } catch {
    return null;
  }
}
