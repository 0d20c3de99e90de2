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
  return [{ step, forWord: null }, ...laterAsked(state, ruleset, side).filter((a) => a.forWord !== null)];
}

/**
 * The side's steps still to come this turn, as far as the rules tell now, that no standing
 * instruction in force answers and that have no orders queued: what it will be asked (with the
 * FOR word of each, null where its row has none).
 */
export function laterAsked(state: EngineState<unknown>, ruleset: AnyRuleset, side: Side): AskedStep[] {
  const step = state.step;
  const rowOf = (ruleset as Partial<Pick<DefinedRuleset<unknown, unknown, unknown>, 'stepRow'>>).stepRow;
  if (!step || !ruleset.upcomingSteps) return [];
  const standing = state.standing[side]?.text ?? '';
  const kinds = ruleset.standingKinds ?? [];
  const answered = (row: StepRow | null) =>
    (row?.standing ?? []).some((k) => standing.split('\n').some((line) => kindOfLine(kinds, line)?.word === k.word));
  return ruleset.upcomingSteps(state.rules).flatMap((u): AskedStep[] => {
    if (u.turn !== step.turn || !u.owes.includes(side) || u.id === step.id || state.queued?.[side]?.[u.id]) return [];
    const row = rowOf ? safeRow(rowOf, u) : null;
    return answered(row) ? [] : [{ step: u, forWord: row?.for ?? null }];
  });
}

function safeRow(rowOf: (step: StepInfo) => StepRow, step: StepInfo): StepRow | null {
  try {
    return rowOf(step);
  } catch {
    return null;
  }
}
