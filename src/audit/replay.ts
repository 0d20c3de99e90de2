import { noteOrders } from '../engine/audit';
import { D6, deriveDie, rollEach, verifySeed } from '../engine/dice';
import { DieNumbering } from '../engine/dice-streams';
import type { EngineEvent, EngineState } from '../engine/engine-events';
import { evolve, initialState, type AnyRuleset } from '../engine/evolve';
import type { Dice, RollOptions, Side, Visibility } from '../engine/ruleset';
import { canonicalJson } from '../shared/canonical';

/**
 * `umpire replay --with-current` (docs/audit.md "Engine pinning"): re-adjudicates every step of a
 * log under the rules running now, with the orders the log records and dice derived as the umpire
 * derives them (the turn's seed once revealed, the step's recorded orders hash: so a build that
 * asks for more dice, or other dice, gets the faces it would have got), and stops at the first
 * step whose outcome differs from the recorded one, giving both. Unlike the audit (which holds
 * the log to the rules it was made under), a difference here is expected after a rules change:
 * it says which step a new build would have decided otherwise.
 */

export interface StepOutcome {
  /** one line per die ("die 0 (speed roll, Kaga entering Indonesia, 6.4) = 4") and per rules event (canonical JSON) */
  readonly lines: readonly string[];
}

export interface ReplayDifference {
  readonly stepId: string;
  readonly turn: number;
  /** index in the engine events of the StepResolved that closes the step in the log */
  readonly eventIndex: number;
  readonly recorded: StepOutcome;
  readonly current: StepOutcome;
  /** the step today's rules have in play there, when it is another step altogether */
  readonly currentStep?: string | null;
}

export interface ReplayResult {
  readonly recordedBuild: string;
  readonly currentBuild: string;
  readonly stepsSame: number;
  readonly firstDifference: ReplayDifference | null;
}

type Block = Extract<EngineEvent, { type: 'DieRolled' | 'RulesApplied' }>;

export function replayWithCurrent(events: readonly EngineEvent[], ruleset: AnyRuleset): ReplayResult {
  const created = events[0];
  if (created?.type !== 'GameCreated') throw new Error('the log does not start with GameCreated');
  const { gameId, seedAnchor, engineVersion } = created.data;
  const seeds = new Map<number, string>();
  for (const e of events)
    if (e.type === 'SeedRevealed' && verifySeed(e.data.seed, e.data.turn, seedAnchor)) seeds.set(e.data.turn, e.data.seed);

  let state: EngineState<unknown> = initialState();
  let before: EngineState<unknown> | null = null;
  let block: Block[] = [];
  let orders: Record<Side, readonly unknown[]> = {};
  let stepsSame = 0;
  const result = (first: ReplayDifference | null): ReplayResult => ({
    recordedBuild: engineVersion,
    currentBuild: ruleset.engineVersion,
    stepsSame,
    firstDifference: first,
  });

  for (const [i, e] of events.entries()) {
    if ((e.type === 'DieRolled' || e.type === 'RulesApplied' || e.type === 'StepResolved') && before === null) before = state;
    noteOrders(orders, e);
    switch (e.type) {
      case 'DieRolled':
      case 'RulesApplied':
        block.push(e);
        break;
      case 'StepResolved': {
        const { stepId, turn, ordersHash } = e.data;
        const recorded = { lines: block.map(describe) };
        const step = before!.step;
        if (!step || step.id !== stepId)
          return result({ stepId, turn, eventIndex: i, recorded, current: { lines: [] }, currentStep: step?.id ?? null });
        const recordedFaces = block
          .filter((b) => b.type === 'DieRolled')
          .map((b) => (b as Extract<Block, { type: 'DieRolled' }>).data.face);
        const lines: string[] = [];
        let k = 0;
        // numbered as the umpire numbers them: private dice apart in games that have streams (dice.ts)
        const numbering = new DieNumbering(created.data.diceStreams === true, step.diceVisibleTo);
        const die = (sides: number, purpose: string, rule: string, options?: RollOptions): number => {
          const seed = seeds.get(turn);
          const at = numbering.take(options?.visibleTo);
          // before the turn's seed is revealed only the recorded faces are known
          const recordedFace = recordedFaces[k] ?? 0;
          const face = seed ? deriveDie(seed, { gameId, stepId, ordersHash, ...at }, sides) : recordedFace <= sides ? recordedFace : 0;
          lines.push(
            `die ${dieNumber(at)} (${dieLabel(purpose, rule, sides, options?.visibleTo ?? step.diceVisibleTo)}) = ${face || '? (seed not revealed)'}`,
          );
          k++;
          return face || 1;
        };
        const d6 = (purpose: string, rule: string, options?: RollOptions): number => die(D6, purpose, rule, options);
        const dice: Dice = { d6, die, roll: (n, purpose, rule, labels, options) => rollEach(d6, n, purpose, rule, labels, options) };
        ruleset.adjudicate(before!.rules, step, orders, { dice, emit: (event) => lines.push(canonicalJson(event)) });
        if (canonicalJson(lines) !== canonicalJson(recorded.lines))
          return result({ stepId, turn, eventIndex: i, recorded, current: { lines } });
        stepsSame++;
        before = null;
        block = [];
        orders = {};
        break;
      }
      default:
        break;
    }
    state = evolve(state, e, ruleset);
  }
  return result(null);
}

function describe(b: Block): string {
  return b.type === 'DieRolled'
    ? `die ${dieNumber(b.data)} (${dieLabel(b.data.purpose, b.data.rule, b.data.sides ?? D6, b.data.visibleTo)}) = ${b.data.face}`
    : canonicalJson(b.data.event);
}

/** "3", or "private:japanese 3" for a die numbered in a private stream. */
function dieNumber(d: { readonly stream?: string; readonly index: number }): string {
  return d.stream === undefined ? String(d.index) : `${d.stream} ${d.index}`;
}

/** "speed roll, Kaga, 6.4"; a die of another size, or one not every side sees, says so. */
function dieLabel(purpose: string, rule: string, sides: number, visibleTo: Visibility | undefined): string {
  const size = sides === D6 ? '' : `, d${sides}`;
  const seen = visibleTo === undefined || visibleTo === 'all' ? '' : `, seen by ${visibleTo.length ? visibleTo.join(', ') : 'the referee'}`;
  return `${purpose}, ${rule}${size}${seen}`;
}

/** The difference as the CLI prints it: the step, then both outcomes line by line. */
export function replayLines(r: ReplayResult, seqOf: (engineIndex: number) => number = (i) => i + 1): string[] {
  const head = `recorded under ${r.recordedBuild}, replayed under ${r.currentBuild}`;
  const d = r.firstDifference;
  if (!d) return [`${head}: all ${r.stepsSame} steps give the recorded outcome`];
  const out = [
    `${head}: ${r.stepsSame} steps the same; the first that differs is ${d.stepId} (turn ${d.turn}, its StepResolved is event #${seqOf(d.eventIndex)})`,
  ];
  if (d.currentStep !== undefined) {
    out.push(`  the log resolves ${d.stepId} there; today's rules have ${d.currentStep ?? 'no step'} in play instead`);
    return out;
  }
  out.push(
    '  recorded:',
    ...d.recorded.lines.map((l) => `    ${l}`),
    `  under ${r.currentBuild}:`,
    ...d.current.lines.map((l) => `    ${l}`),
  );
  return out;
}
