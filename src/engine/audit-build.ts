import { auditGameLog } from './audit';
import type { EngineEvent, EngineEventType } from './engine-events';
import type { AnyRuleset } from './evolve';
import { auditMachineOrders, type MachineMark } from './machine-seats';
import { verifyGameLog } from './verify';
import { liveEvents } from './voids';

/**
 * What a released rules build offers its verifiers (docs/audit.md "Rules builds"). A rules build
 * is this module and one game's ruleset bundled into one file, `builds/<version>.js`
 * (`npm run release-rules`), loaded by `umpire verify` and by a bundle's standalone `verify.js`
 * (Node alone) to check the steps adjudicated under that version. `BUILD_API` names the shape of
 * `checkSegment`; a verifier refuses a build whose shape it does not know.
 */
export const BUILD_API = 1;

/**
 * The engine's revision (docs/audit.md "Engine revisions"), kept apart from the games' rules
 * versions: a build is keyed by (rules version, engine revision). Bump it when the engine learns
 * what an older build cannot check (a new engine event type: 2 added SeedChainRenewed and
 * BoardAdjusted; 3 numbers private dice in their own streams, GameCreated.diceStreams and
 * DieRolled.stream, docs/audit.md "Private dice"), then `npm run release-rules` re-bundles each game's current rules with it as
 * `builds/<version>+e<revision>.js`. A revision never adjudicates a log its predecessors accepted
 * otherwise (test/audit/engine-revisions.spec.ts), so no game's rules version changes and pinning
 * stops no game. Builds released before revisions were numbered export none: revision 1.
 */
export const ENGINE_REVISION = 3;

/** The engine's own event types; every other type in a log is the umpire's (notes, deadlines, rulings). */
export const ENGINE_EVENT_TYPES: readonly EngineEventType[] = [
  'GameCreated',
  'OrdersSubmitted',
  'OrdersAccepted',
  'OrdersQueued',
  'QueuedOrdersUsed',
  'QueuedOrdersDropped',
  'StandingInstructionsSet',
  'OrdersRevealed',
  'DefaultOrdersApplied',
  'StandingOrdersApplied',
  'DieRolled',
  'RulesApplied',
  'StepResolved',
  'SeedRevealed',
  'SealedSeedRevealed',
  'SeedChainRenewed',
  'BoardAdjusted',
  'GameConceded',
  'GameEnded',
];
// every engine event type is listed (the compiler refuses this line otherwise)
const _allListed: Exclude<EngineEventType, (typeof ENGINE_EVENT_TYPES)[number]> extends never ? true : never = true;
void _allListed;
const ENGINE = new Set<string>(ENGINE_EVENT_TYPES);

/**
 * What this engine knows besides its event types, that a log can need of the build checking it:
 * 'dice-streams', private dice numbered apart (revision 3, GameCreated.diceStreams). A build of an
 * older revision exports none.
 */
export const ENGINE_FEATURES: readonly string[] = ['dice-streams'];

/** One stored event, as events.jsonl holds it. */
export interface LoggedEvent {
  readonly seq: number;
  readonly type: string;
  readonly payload: unknown;
  readonly metadata?: { readonly [k: string]: unknown } | null;
}

export interface SegmentCheck {
  readonly ok: boolean;
  /** what was checked, or the first problem ("BROKEN: event #41: ..."), one line each */
  readonly lines: readonly string[];
  readonly steps: number;
}

/**
 * Checks the steps of `log` resolved at seq `fromSeq` up to `toSeq` (inclusive; null: to the end)
 * under `ruleset`: every earlier event is folded, not re-adjudicated (it is an earlier build's).
 * `wholeLog`: also the checks the log alone supports (seeds, commitments, orders hashes, dice:
 * `verifyGameLog`), which are the engine's and run once, under the last build.
 */
export function checkSegment(
  ruleset: AnyRuleset,
  log: readonly LoggedEvent[],
  opts: { readonly fromSeq: number; readonly toSeq: number | null; readonly wholeLog: boolean },
): SegmentCheck {
  const upTo = log.filter((e) => opts.toSeq === null || e.seq <= opts.toSeq);
  const live = liveEvents(upTo, (t) => !ENGINE.has(t)).filter((e) => ENGINE.has(e.type));
  const events = live.map((e) => ({ type: e.type, data: e.payload }) as EngineEvent);
  const seqOf = (i: number): string => String(live[i]?.seq ?? '?');
  const lines: string[] = [];
  const broken = (line: string): SegmentCheck => ({ ok: false, lines: [...lines, line], steps: 0 });

  const machine = auditMachineOrders(
    live.map((e, i) => {
      const mark = e.seq >= opts.fromSeq ? (e.metadata?.machine as MachineMark | undefined) : undefined;
      return { event: events[i], ...(mark ? { machine: mark } : {}) };
    }),
    ruleset,
  );
  if (!machine.ok) {
    const m = machine.firstMismatch!;
    return broken(
      `BROKEN: event #${seqOf(m.eventIndex)}: machine orders of ${m.side} at step ${m.stepId} (player ${m.player}) differ: ${m.message}`,
    );
  }
  if (machine.checked || machine.pending)
    lines.push(
      `ok: ${machine.checked} machine players' orders re-run on their views with their recomputed dice give the recorded orders${machine.pending ? ` (${machine.pending} await their turn's seed)` : ''}`,
    );

  if (opts.wholeLog) {
    const dice = verifyGameLog(events, (i) => live[i]?.seq ?? -1);
    if (!dice.ok) {
      const m = dice.firstMismatch!;
      return broken(`BROKEN: event #${seqOf(m.eventIndex)}: ${m.kind}: ${m.message}`);
    }
    lines.push(
      `ok: ${dice.seedsChecked} seeds, ${dice.diceChecked} dice recomputed from revealed seeds (${dice.dicePending} await their turn's seed); every commitment of sealed, queued and standing orders, and every orders hash, checks`,
    );
    if (dice.sealedPending) lines.push(`ok: ${dice.sealedPending} sealed dice await the sealed seed, revealed when the game ends`);
  }

  const fromIndex = live.findIndex((e) => e.seq >= opts.fromSeq);
  const audit = auditGameLog(events, ruleset, undefined, fromIndex < 0 ? live.length : fromIndex, (i) => live[i]?.seq ?? -1);
  if (!audit.ok) {
    const m = audit.firstMismatch!;
    return broken(`BROKEN: event #${seqOf(m.eventIndex)}: re-adjudication under ${ruleset.engineVersion} differs: ${m.message}`);
  }
  return { ok: true, lines, steps: audit.stepsChecked };
}
