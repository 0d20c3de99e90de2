/**
 * Walks one game's log the way the umpire shows it and checks every surface against the fog ledger
 * (fog-ledger.ts): after each input (orders sealed, accepted, queued, defaulted; standing
 * instructions) every viewer's engine view; at each report point (before the next input, once a
 * step resolved) every side's and the referee's report as the service builds it (reportNotices:
 * view, narrative, dice checks), and, where the span held something hidden from someone (or with
 * `renderAll`), the mail itself as the composer renders it (text, knowledge, the map as text).
 * Views are read whole (fog-ledger.ts viewFacts): every field, the game's own details beside the
 * board (the `position` its machine players read, `defaults`) and its tables, each leak named with
 * its path; and each side's view as its game page renders it (src/services/game-page/page-view.ts).
 * Surfaces can be swapped to show that each check fails on a leak.
 */
import type { EngineEvent, EngineState } from '../../src/engine/engine-events';
import { evolve, initialState, type AnyRuleset } from '../../src/engine/evolve';
import { viewFor, type EngineView, type Viewer } from '../../src/engine/views';
import { MailComposer } from '../../src/mail/composer';
import type { Notice } from '../../src/mail/notices';
import type { LoadedGame } from '../../src/services/game-repository';
import { stepPageView } from '../../src/services/game-page/page-view';
import { reportNotices } from '../../src/services/notice-builders';
import { initialServiceState } from '../../src/services/service-state';
import type { StoredEvent } from '../../src/store/event-store';
import {
  dieKey,
  type Fact,
  FogLedger,
  lineFacts,
  type RulesetFacts,
  type ShownFact,
  type UnreadLine,
  viewFacts,
  wholeViewFacts,
} from './fog-ledger';

export const FOG_REFEREE = 'referee@umpire.test';
const MAX_LEAKS = 50;

export interface FogSurfaces {
  /** the engine view a viewer is shown between mails (STATUS, the game page) */
  view(state: EngineState<unknown>, viewer: Viewer, ruleset: AnyRuleset): EngineView;
  /** the reports of the events after `afterSeq`, one per side and the referee's */
  reports(game: LoadedGame, afterSeq: number): Notice[];
  /** what a game page shows of a viewer's view (its step page: knowledge, tables, map, the game's details) */
  page(view: EngineView): unknown;
}

export const realSurfaces: FogSurfaces = {
  view: viewFor,
  reports: (game, afterSeq) => reportNotices(game, afterSeq, null, FOG_REFEREE),
  page: stepPageView,
};

export interface FogTally {
  games: number;
  events: number;
  hiddenFacts: number;
  viewChecks: number;
  reportChecks: number;
  renderedReports: number;
  factsShown: number;
  linesRead: number;
  /** hidden facts by kind (tf, sighting, die, order, ...) */
  hiddenByKind: Record<string, number>;
}

export const newTally = (): FogTally => ({
  games: 0,
  events: 0,
  hiddenFacts: 0,
  viewChecks: 0,
  reportChecks: 0,
  renderedReports: 0,
  factsShown: 0,
  linesRead: 0,
  hiddenByKind: {},
});

export interface FogLeak {
  readonly game: string;
  /** index of the event the check followed (or preceded, for a report) */
  readonly at: number;
  readonly viewer: Viewer;
  readonly where: 'view' | 'report.view' | 'report.narrative' | 'report.dice' | 'report.text' | 'page';
  /** the hidden fact shown, or the sentence about hidden things no reader knows */
  readonly fact: Fact | null;
  readonly line?: string;
  /** in a view or page: the field that shows it (`board.position.taskForces.forces[1]`) */
  readonly path?: string;
}

export const describeLeak = (l: FogLeak) =>
  `${l.game} #${l.at} ${l.viewer} ${l.where}${l.path ? ` ${l.path}` : ''}: ${l.fact ? `shows ${l.fact.join('|')}, hidden from it` : `unread sentence "${l.line}"`}`;

const INPUTS = new Set([
  'OrdersSubmitted',
  'OrdersAccepted',
  'OrdersQueued',
  'StandingInstructionsSet',
  'DefaultOrdersApplied',
  'GameConceded',
]);

export interface FogCheckOptions {
  readonly surfaces?: FogSurfaces;
  /** render every report, not only those whose span hid something (and one in ten of the rest) */
  readonly renderAll?: boolean;
}

export class FogChecker {
  // the text unwrapped (the same words as the 72-column mail), so each sentence is read whole
  private readonly composer = new MailComposer({
    domain: 'umpire.test',
    umpireAddress: 'umpire@umpire.test',
    secret: 'fog'.repeat(12),
    textWidth: Number.POSITIVE_INFINITY,
  });
  readonly leaks: FogLeak[] = [];
  readonly tally = newTally();
  private readonly noBoard: AnyRuleset;
  /** reports where nothing new was hidden are rendered one in this many (the others are checked as data) */
  private readonly renderEvery: number;
  private points = 0;

  constructor(
    private readonly ruleset: AnyRuleset,
    private readonly facts: RulesetFacts,
    private readonly options: FogCheckOptions = {},
  ) {
    this.noBoard = { ...ruleset, view: (() => null) as unknown as AnyRuleset['view'] };
    this.renderEvery = options.renderAll ? 1 : 10;
  }

  checkGame(game: string, events: readonly EngineEvent[]): void {
    const surfaces = this.options.surfaces ?? realSurfaces;
    const ledger = new FogLedger(this.ruleset, this.facts);
    const stored: StoredEvent[] = [];
    let state: EngineState<unknown> = initialState();
    let reported = 0;
    let resolved = false;
    let hidden = false;
    const report = (at: number) => {
      if (resolved) this.checkReports(game, at, ledger, state, stored, reported, hidden, surfaces);
      reported = stored.length;
      resolved = false;
      hidden = false;
    };
    for (const [i, e] of events.entries()) {
      if (INPUTS.has(e.type)) report(i);
      state = evolve(state, e, this.ruleset);
      if (ledger.observe(e)) hidden = true;
      stored.push({ seq: i + 1, type: e.type, payload: e.data, hash: `fog-${i + 1}` } as StoredEvent);
      if (e.type === 'StepResolved') resolved = true;
      // an input changes what is in for the step, never the board (rules events come with a resolved
      // step, and its report checks the board): the views here leave the board out
      if (INPUTS.has(e.type))
        for (const v of ledger.viewers) {
          this.tally.viewChecks++;
          this.inView(game, i, v, 'view', ledger, viewFacts(surfaces.view(state, v, this.noBoard), this.facts));
        }
      if (this.leaks.length >= MAX_LEAKS) break;
    }
    report(events.length);
    this.tally.games++;
    this.tally.events += events.length;
    this.tally.hiddenFacts += ledger.tally.hiddenFacts;
    for (const [k, n] of Object.entries(ledger.tally.byKind)) this.tally.hiddenByKind[k] = (this.tally.hiddenByKind[k] ?? 0) + n;
  }

  private checkReports(
    game: string,
    at: number,
    ledger: FogLedger,
    state: EngineState<unknown>,
    stored: StoredEvent[],
    afterSeq: number,
    render: boolean,
    surfaces: FogSurfaces,
  ): void {
    const loaded: LoadedGame = {
      gameId: `G-${game.replace(/[^A-Za-z0-9-]/g, '-')}`,
      ruleset: this.ruleset,
      state,
      service: initialServiceState,
      head: { version: stored.length, hash: `fog-${stored.length}` },
      tail: stored,
    };
    this.points++;
    for (const n of surfaces.reports(loaded, afterSeq)) {
      if (n.kind !== 'report') continue;
      const v = n.side as Viewer;
      this.tally.reportChecks++;
      // the whole view, every field of the board and beside it (the position, defaults, tables)
      this.inView(game, at, v, 'report.view', ledger, viewFacts(n.view, this.facts));
      this.read(game, at, v, 'report.narrative', ledger, n.narrative);
      const dice = (n.diceChecks ?? []).flatMap((s) => s.dice.map((d): Fact => ['die', dieKey(d.stream, d.index), String(d.face)]));
      this.shown(game, at, v, 'report.dice', ledger, dice);
      if (render || this.points % this.renderEvery === 0) {
        this.tally.renderedReports++;
        // the same view as its game page renders it
        this.inView(game, at, v, 'page', ledger, wholeViewFacts(surfaces.page(n.view), v, this.facts));
        const mail = this.composer.draft(n).payload;
        this.read(game, at, v, 'report.text', ledger, `${mail.subject}\n${mail.text}`.split('\n'));
      }
    }
  }

  private read(game: string, at: number, viewer: Viewer, where: FogLeak['where'], ledger: FogLedger, lines: readonly string[]): void {
    const { facts, unread } = lineFacts(lines, this.facts);
    this.tally.linesRead += lines.length;
    this.shown(game, at, viewer, where, ledger, facts);
    for (const line of unread) if (this.leaks.length < MAX_LEAKS) this.leaks.push({ game, at, viewer, where, fact: null, line });
  }

  private shown(game: string, at: number, viewer: Viewer, where: FogLeak['where'], ledger: FogLedger, facts: readonly Fact[]): void {
    this.tally.factsShown += facts.length;
    for (const fact of ledger.leaks(viewer, facts)) if (this.leaks.length < MAX_LEAKS) this.leaks.push({ game, at, viewer, where, fact });
  }

  /** A view read whole: each hidden fact it shows, named with the field that shows it. */
  private inView(
    game: string,
    at: number,
    viewer: Viewer,
    where: FogLeak['where'],
    ledger: FogLedger,
    seen: { facts: readonly ShownFact[]; unread: readonly UnreadLine[] },
  ): void {
    this.tally.factsShown += seen.facts.length;
    for (const { fact, path } of seen.facts)
      if (this.leaks.length < MAX_LEAKS && ledger.leaks(viewer, [fact]).length) this.leaks.push({ game, at, viewer, where, fact, path });
    for (const { line, path } of seen.unread)
      if (this.leaks.length < MAX_LEAKS) this.leaks.push({ game, at, viewer, where, fact: null, line, path });
  }
}
