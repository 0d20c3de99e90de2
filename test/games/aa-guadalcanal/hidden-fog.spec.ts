/**
 * Hidden movement fog at scale (HID.2, issue 13). With `hidden-movement` both sides' sea moves are
 * sealed in one step and revealed together. Over random games, at every event between a side's
 * first sealed (or queued ahead) orders for a HID.2 step and the step's reveal, every other viewer
 * (the other side, the referee, an observer) is checked two ways:
 *  - keyed by visibility: the sealed content of a side's OrdersSubmitted / OrdersQueued is the one
 *    thing no other viewer may read. A twin of the game is folded with that side's sealed orders
 *    swapped for decoys (other orders, other salt, so other commitments); the viewer's engine view
 *    (board, and `board.map` when the ruleset draws one), the narrative of every event and, at the
 *    last moment before the reveal, the report mail it would be sent (text and HTML) must be the same
 *    in both, the commitments aside;
 *  - the facts: no sealed move (unit and destination) shows in the viewer's board, its map, a line
 *    it reads, or its report.
 * Games: FOG_GAMES (default 30: about 45 s of CPU); UMPIRE_FULL=1 plays 1,000. A deliberately leaky view is caught.
 */
import {
  commitmentFor,
  type EngineEvent,
  type EngineState,
  evolve,
  initialState,
  narrativeFor,
  openPlaintext,
  sealPlaintext,
} from '../../../src/engine/game';
import type { AnyRuleset } from '../../../src/engine/evolve';
import { playOneGame } from '../../../src/engine/selfplay';
import { guadalcanalRuleset } from '../../../src/games/aa-guadalcanal';
import { formatOrder } from '../../../src/games/aa-guadalcanal/orders';
import type { Order } from '../../../src/games/aa-guadalcanal/types';
import { MailAtRest } from '../../../src/mail/at-rest';
import { MailComposer } from '../../../src/mail/composer';
import { storyFor, viewAt } from '../../../src/services/game-page/history';
import { OBSERVER_VIEWER } from '../../../src/services/game-page/link';
import type { LoadedGame } from '../../../src/services/game-repository';
import { reportNotices } from '../../../src/services/notice-builders';
import { initialServiceState } from '../../../src/services/service-state';
import type { StoredEvent } from '../../../src/store/event-store';

const FULL = process.env.UMPIRE_FULL === '1';
const GAMES = Number(process.env.FOG_GAMES ?? (FULL ? 1000 : 30));
/** the first game's number (to run the 1,000 in slices side by side: FOG_FIRST=250 FOG_GAMES=250) */
const FIRST = Number(process.env.FOG_FIRST ?? 0);
jest.setTimeout(FULL ? 12 * 3600_000 : 600_000);

const ruleset = guadalcanalRuleset as unknown as AnyRuleset;
const SIDES = ['axis', 'allies'] as const;
type GSide = (typeof SIDES)[number];
const HID_SEA = /\/hid\/2-sea$/;
const REFEREE = 'referee@fog.invalid';
const SECRET = 'f'.repeat(32);
const composer = new MailComposer({ domain: 'fog.invalid', umpireAddress: 'umpire@fog.invalid', secret: SECRET });
const atRest = new MailAtRest(SECRET);

type Sealed = Extract<EngineEvent, { type: 'OrdersSubmitted' | 'OrdersQueued' }>;
type ViewOf = (state: EngineState<unknown>, viewer: string) => unknown;
const engineView: ViewOf = (state, viewer) => viewAt(state, viewer, SIDES, ruleset);

type Move = Pick<Extract<Order, { kind: 'move' }>, 'unit' | 'to'>;
/** A side's sealed time for one HID.2 step: from its first sealed orders for it to the step's first reveal. */
interface Window {
  readonly side: GSide;
  readonly stepId: string;
  readonly from: number;
  readonly until: number;
}
interface Tally {
  games: number;
  windows: number;
  checkpoints: number;
  viewsChecked: number;
  narrativeChecked: number;
  reportsChecked: number;
  sealedMoves: number;
  factChecks: number;
}

const isSealed = (e: EngineEvent): e is Sealed => e.type === 'OrdersSubmitted' || e.type === 'OrdersQueued';
const stepOf = (e: EngineEvent) => (e.data as { stepId?: string }).stepId;

/** The sea moves in a sealed submission (self-play seals with the identity: the plaintext is the sealed form). */
function movesOf(sealed: string): Move[] {
  return (openPlaintext(sealed).orders as Order[]).filter((o) => o.kind === 'move').map((o) => ({ unit: o.unit, to: o.to }));
}

function sealedWindows(events: readonly EngineEvent[]): Window[] {
  const out: Window[] = [];
  events.forEach((e, i) => {
    if (!isSealed(e) || !HID_SEA.test(e.data.stepId)) return;
    const { side, stepId } = e.data;
    if (out.some((w) => w.side === side && w.stepId === stepId && w.from < i && i < w.until)) return;
    const opens = events.findIndex(
      (x, j) => j > i && (x.type === 'OrdersRevealed' || x.type === 'DefaultOrdersApplied') && stepOf(x) === stepId,
    );
    // queued orders a later step never takes (dropped, or the game ended first) have no reveal: sealed to the end
    out.push({ side: side as GSide, stepId, from: i, until: opens < 0 ? events.length : opens });
  });
  return out;
}

/** The same sealed event with other orders in it (so another commitment): what the viewers must not tell apart. */
function decoy(e: Sealed): Sealed {
  const opened = openPlaintext(e.data.sealed);
  const salt = `decoy-${opened.salt}`;
  const orders: Order[] = [{ kind: 'none' }];
  const data = { ...e.data, commitment: commitmentFor(orders, salt), sealed: sealPlaintext(opened.side, opened.stepId, orders, salt) };
  return { ...e, data } as Sealed;
}

const stored = (e: EngineEvent, i: number): StoredEvent => ({
  gameId: 'fog',
  seq: i + 1,
  type: e.type,
  payload: e.data,
  metadata: {},
  recordedAt: '',
  prevHash: '',
  hash: '',
});

/** The report mails the service would send now for the events after `afterSeq` (text and HTML), by viewer. */
function reportMails(state: EngineState<unknown>, events: readonly EngineEvent[], afterSeq: number): Map<string, string> {
  const game: LoadedGame = {
    gameId: state.game!.gameId,
    ruleset,
    state,
    service: initialServiceState,
    head: { version: events.length, hash: '0'.repeat(64) },
    tail: events.slice(afterSeq).map((e, i) => stored(e, afterSeq + i)),
    // the state the tail folds from (issue 28: the news first folds the tail again from it)
    base: events.slice(0, afterSeq).reduce((s, e) => evolve(s, e, ruleset), initialState()),
  };
  const out = new Map<string, string>();
  for (const notice of reportNotices(game, afterSeq, null, REFEREE)) {
    const mail = atRest.open(composer.draft(notice));
    out.set(notice.side, [mail.subject, mail.text, mail.html ?? ''].join('\n'));
  }
  return out;
}

/** Where a unit shows on a viewer's board (zones list unit labels, cargo in brackets: `TR1[INF3]`). */
function shownAt(view: unknown, unit: string): string[] {
  const board = (view as { board?: { zones?: { zone: string; axis: string[]; allies: string[] }[] } }).board;
  const has = (labels: string[]) =>
    labels.some((l) => l === unit || l.startsWith(`${unit}[`) || l.includes(` ${unit}`) || l.includes(`[${unit}`));
  return (board?.zones ?? []).filter((z) => has(z.axis) || has(z.allies)).map((z) => z.zone);
}

/** A line or text that states a sealed move: the order as written, or the move as narrated. */
function tells(text: string, m: Move): boolean {
  return (
    text.includes(formatOrder({ kind: 'move', unit: m.unit, to: m.to })) || new RegExp(`\\b${m.unit} moves \\S+ -> ${m.to}\\b`).test(text)
  );
}

function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `…${a.slice(Math.max(0, i - 60), i + 80)}… (had the orders been others: …${b.slice(Math.max(0, i - 60), i + 80)}…)`;
}

function checkGame(events: readonly EngineEvent[], game: string, tally: Tally, leaks: string[], viewOf: ViewOf = engineView): void {
  const windows = sealedWindows(events);
  tally.games++;
  tally.windows += windows.length;
  let real = initialState();
  const twin = { axis: initialState(), allies: initialState() } as Record<GSide, EngineState<unknown>>;
  const twinEvents = { axis: [] as EngineEvent[], allies: [] as EngineEvent[] };
  // by side: decoy commitment -> the real one (and their 16-character short forms, as the HTML shows them)
  const commitments = { axis: new Map<string, string>(), allies: new Map<string, string>() };
  const short = { axis: new Map<string, string>(), allies: new Map<string, string>() };
  const normal = (side: GSide, text: string) =>
    text.replace(/[0-9a-f]{64}|[0-9a-f]{16}/g, (h) => commitments[side].get(h) ?? short[side].get(h) ?? h);
  const reports = new Map<string, Map<string, string>>();
  const leak = (what: string) => {
    if (leaks.length < 50) leaks.push(`${game}: ${what}`);
  };
  for (const [k, e] of events.entries()) {
    real = evolve(real, e, ruleset);
    for (const side of SIDES) {
      let te = e;
      if (isSealed(e) && e.data.side === side) {
        te = decoy(e);
        commitments[side].set((te as Sealed).data.commitment, e.data.commitment);
        short[side].set((te as Sealed).data.commitment.slice(0, 16), e.data.commitment.slice(0, 16));
      }
      twin[side] = evolve(twin[side], te, ruleset);
      twinEvents[side].push(te);
    }
    const open = windows.filter((w) => w.from <= k && k < w.until);
    if (open.length) tally.checkpoints++;
    // the real game's view and lines by viewer at this event, shared by both sides' windows
    const realView = new Map<string, { seen: { board?: { map?: unknown } } | null; json: string; lines: string[] }>();
    for (const w of open) {
      // every sealed move of the side for this step so far (orders sent again replace earlier ones: all stay facts)
      const moves = events
        .slice(w.from, k + 1)
        .flatMap((x) => (isSealed(x) && x.data.side === w.side && x.data.stepId === w.stepId ? movesOf(x.data.sealed) : []));
      if (k === w.until - 1) tally.sealedMoves += moves.length;
      const last = k === w.until - 1;
      for (const viewer of [...SIDES.filter((s) => s !== w.side), 'referee', OBSERVER_VIEWER]) {
        const read = (x: EngineEvent) =>
          viewer === OBSERVER_VIEWER ? storyFor([stored(x, k)], viewer, SIDES, ruleset) : narrativeFor([x], viewer, ruleset);
        const at = `${w.stepId}, event #${k}, ${viewer} (${w.side} sealed)`;
        if (!realView.has(viewer)) {
          const seen = viewOf(real, viewer) as { board?: { map?: unknown } } | null;
          realView.set(viewer, { seen, json: JSON.stringify(seen ?? null), lines: read(e) });
        }
        const { seen, json: view, lines } = realView.get(viewer)!;
        const twinView = normal(w.side, JSON.stringify(viewOf(twin[w.side], viewer) ?? null));
        tally.viewsChecked++;
        if (view !== twinView) leak(`${at}: the view depends on ${w.side}'s sealed orders: ${firstDifference(view, twinView)}`);
        const twinLines = read(twinEvents[w.side][k]).map((l) => normal(w.side, l));
        tally.narrativeChecked++;
        if (JSON.stringify(lines) !== JSON.stringify(twinLines))
          leak(`${at}: the narrative depends on ${w.side}'s sealed orders: ${lines.join(' / ')}`);
        let report = '';
        if (last && viewer !== OBSERVER_VIEWER) {
          // the step's report since its first sealed orders: one per viewer, the same for both sides' windows
          const since = Math.min(...windows.filter((x) => x.stepId === w.stepId).map((x) => x.from));
          const mails = (who: string, state: EngineState<unknown>, evs: readonly EngineEvent[]) => {
            const key = `${who}:${k}`;
            if (!reports.has(key)) reports.set(key, reportMails(state, evs.slice(0, k + 1), since));
            return reports.get(key)!.get(viewer)!;
          };
          report = mails('real', real, events);
          const twinReport = normal(w.side, mails(w.side, twin[w.side], twinEvents[w.side]));
          tally.reportsChecked++;
          if (report !== twinReport) leak(`${at}: the report depends on ${w.side}'s sealed orders: ${firstDifference(report, twinReport)}`);
        }
        const map = seen?.board?.map;
        for (const m of moves) {
          tally.factChecks++;
          if (shownAt(seen, m.unit).includes(m.to)) leak(`${at}: the board shows ${m.unit} in ${m.to}, a sealed move`);
          if (map !== undefined && tells(JSON.stringify(map), m)) leak(`${at}: the map tells ${m.unit} -> ${m.to}, a sealed move`);
          for (const text of [...lines, report]) if (tells(text, m)) leak(`${at}: "${text.slice(0, 120)}" tells a sealed move`);
        }
      }
    }
  }
}

const hidden = { 'hidden-movement': true };
const play = (seed: string) => playOneGame(ruleset, seed, { options: hidden, missRate: 0.1, aheadRate: 0.3 }).events;
const tallyOf = (): Tally => ({
  games: 0,
  windows: 0,
  checkpoints: 0,
  viewsChecked: 0,
  narrativeChecked: 0,
  reportsChecked: 0,
  sealedMoves: 0,
  factChecks: 0,
});

describe('hidden movement fog at scale (HID.2, issue 13)', () => {
  it(`given ${GAMES} random games with hidden movement, then no sealed sea move shows to the other side, the referee or an observer before the reveal`, () => {
    const tally = tallyOf();
    const leaks: string[] = [];
    const started = Date.now();
    for (let g = FIRST; g < FIRST + GAMES && leaks.length < 20; g++) {
      checkGame(play(`hid-fog/${g}`), `game ${g}`, tally, leaks);
      if (FULL && tally.games % 25 === 0)
        process.stderr.write(
          `hidden fog so far: ${JSON.stringify(tally)}, ${leaks.length} leaks, ${((Date.now() - started) / 1000).toFixed(0)} s\n`,
        );
    }
    process.stdout.write(`hidden fog: ${JSON.stringify(tally)} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    expect(leaks).toEqual([]);
    expect(tally.games).toBe(GAMES);
    // the property had something to bite on: sealed moves, and report mails at the reveals
    expect(tally.sealedMoves).toBeGreaterThan(GAMES);
    expect(tally.reportsChecked).toBeGreaterThan(GAMES);
  });

  it("given a view that draws the sides' pending sealed moves (on the board and as a map), then the check catches it", () => {
    // a plausible bug: a map that shows where pending orders will take the units
    const leaky: ViewOf = (state, viewer) => {
      const view = engineView(state, viewer) as { board: { zones: { zone: string; axis: string[]; allies: string[] }[] } };
      if (viewer === 'axis' || viewer === 'allies' || !state.submissions) return view;
      const pending = Object.values(state.submissions).flatMap((s) => (s.kind === 'sealed' ? movesOf(s.sealed) : []));
      const zones = view.board.zones.map((z) => ({
        ...z,
        axis: [...z.axis, ...pending.filter((m) => m.to === z.zone).map((m) => m.unit)],
      }));
      return { ...view, board: { ...view.board, zones, map: pending.map((m) => ({ area: m.to, units: [{ side: m.unit, count: 1 }] })) } };
    };
    const leaks: string[] = [];
    const tally = tallyOf();
    for (let g = 0; g < 3; g++) checkGame(play(`hid-fog/leaky/${g}`), `game ${g}`, tally, leaks, leaky);
    expect(leaks.some((l) => /referee \((axis|allies) sealed\): the view depends on \1's sealed orders/.test(l))).toBe(true);
    expect(leaks.some((l) => /the board shows \S+ in \S+, a sealed move/.test(l))).toBe(true);
  });
});
