/**
 * Fog of war at scale (issue 14): across many self-play games, no view, narrative, dice check or
 * rendered report of a side or of the referee shows a fact the rules hide from it at that point.
 * What is hidden is derived from the events and their visibility (test/support/fog-ledger.ts), as
 * structured facts: unit positions and task force contents (rule 20.2-20.4), dice by index and
 * face, orders by step, side and line; views, reports and mails are taken apart into the same facts
 * (test/support/fog-facts.ts, fog-check.ts). Views are read whole (issue 25: the `position` machine
 * players read and any other field, each leak named with its path), and so is each side's game page.
 * Each kind of check is shown to fail on an injected leak.
 *
 * Sizes: CI plays FOG_GAMES_VITP (default 3) VITP games with task forces and FOG_GAMES_DUEL (default
 * 20) Fleet Duel games (every other one with the scouting option, every third with the system option)
 * and FOG_GAMES_GUADALCANAL (default 3) A&A games (every other one with hidden movement); UMPIRE_FULL=1
 * plays 900 Fleet Duel, 100 VITP and 100 A&A games.
 */
import type { EngineEvent } from '../../src/engine/engine-events';
import type { AnyRuleset } from '../../src/engine/evolve';
import { playOneGame } from '../../src/engine/selfplay';
import { eventVisibleTo, narrativeFor, viewFor, type EngineView } from '../../src/engine/views';
import { rulesets } from '../../src/games';
import { diceChecks } from '../../src/mail/dice-checks';
import { toEngineEvent, type LoadedGame } from '../../src/services/game-repository';
import { describeLeak, FogChecker, type FogSurfaces, realSurfaces } from '../support/fog-check';
import { fleetDuelFacts, guadalcanalFacts, vitpFacts } from '../support/fog-facts';
import type { RulesetFacts } from '../support/fog-ledger';
import { fleetDuel } from '../../src/games/fleet-duel';
import { guadalcanalRuleset } from '../../src/games/aa-guadalcanal';
import { stepPageView } from '../../src/services/game-page/page-view';

const FULL = process.env.UMPIRE_FULL === '1';
const count = (env: string | undefined, ci: number, full: number) => Number(env ?? (FULL ? full : ci));

jest.setTimeout(FULL ? 12 * 3600_000 : 240_000);

interface Case {
  readonly ruleset: AnyRuleset;
  readonly facts: RulesetFacts;
  readonly games: number;
  /** the options of game g */
  readonly options: (g: number) => Record<string, boolean>;
  /** kinds of hidden fact the games must have produced (else the property had nothing to bite on) */
  readonly kinds: readonly string[];
}

const VITP: Case = {
  ruleset: rulesets.vitp,
  facts: vitpFacts,
  games: count(process.env.FOG_GAMES_VITP, 3, 100),
  options: () => ({ 'task-forces': true }),
  kinds: ['tf', 'sighting', 'die', 'order'],
};
const DUEL: Case = {
  ruleset: fleetDuel,
  facts: fleetDuelFacts,
  games: count(process.env.FOG_GAMES_DUEL, 20, 900),
  // every other game with scouting (6): dice of other sizes, each roll with its own visibility;
  // every third with blue the umpire's (7): its choices and sealed dice the referee's alone
  options: (g) => ({ scouting: g % 2 === 1, system: g % 3 === 2 }),
  kinds: ['fleet', 'sub', 'search', 'shadow', 'die', 'order'],
};
const GUADALCANAL: Case = {
  ruleset: guadalcanalRuleset as unknown as AnyRuleset,
  facts: guadalcanalFacts,
  games: count(process.env.FOG_GAMES_GUADALCANAL, 3, 100),
  // every other game with hidden movement (HID.2): both sides' sea moves sealed together
  options: (g) => ({ 'hidden-movement': g % 2 === 1 }),
  kinds: ['hits', 'order'],
};

const play = (c: Case, g: number, tag = 'fog'): readonly EngineEvent[] =>
  playOneGame(c.ruleset, `${tag}/${c.ruleset.id}/${g}`, { options: c.options(g) }).events;

function run(c: Case, games: number, surfaces?: FogSurfaces, tag?: string): FogChecker {
  const checker = new FogChecker(c.ruleset, c.facts, { surfaces, renderAll: process.env.FOG_RENDER === 'all' });
  for (let g = 0; g < games && checker.leaks.length < 50; g++) checker.checkGame(`${c.ruleset.id}/${g}`, play(c, g, tag));
  return checker;
}

describe('fog of war at scale (issue 14)', () => {
  for (const c of [DUEL, VITP, GUADALCANAL]) {
    it(`${c.ruleset.id}: ${c.games} self-play games, every view, report and rendered mail of every side and the referee`, () => {
      const checker = run(c, c.games);
      process.stdout.write(`fog ${c.ruleset.id}: ${JSON.stringify(checker.tally)}\n`);
      expect(checker.leaks.map(describeLeak)).toEqual([]);
      // the property had something to bite on: hidden facts of every kind, views, reports and mails read
      for (const k of c.kinds) expect(checker.tally.hiddenByKind[k] ?? 0).toBeGreaterThan(0);
      expect(checker.tally.viewChecks).toBeGreaterThan(0);
      expect(checker.tally.renderedReports).toBeGreaterThan(0);
    });
  }
});

// ---- each check fails on a leak of its kind -------------------------------------------------------

const fresh = (game: LoadedGame, afterSeq: number) => game.tail.filter((e) => e.seq > afterSeq).map(toEngineEvent);

/** Reports as the service builds them, then changed by `leak` for the players (not the referee). */
const leakyReports = (
  leak: (n: Extract<ReturnType<FogSurfaces['reports']>[number], { kind: 'report' }>, game: LoadedGame, afterSeq: number) => object,
): FogSurfaces => ({
  ...realSurfaces,
  reports: (game, afterSeq) =>
    realSurfaces
      .reports(game, afterSeq)
      .map((n) => (n.kind === 'report' && n.side !== 'referee' ? ({ ...n, ...leak(n, game, afterSeq) } as typeof n) : n)),
});

const refereeBoard = (n: { view: EngineView }, game: LoadedGame) => ({
  view: { ...n.view, board: game.ruleset.view(game.state.rules, 'referee') },
});

describe('the fog checks fail on a leak', () => {
  it('board position: a VITP report that shows the enemy task forces as the referee sees them (20.4)', () => {
    const { leaks } = run(VITP, 1, leakyReports(refereeBoard), 'fog-leak');
    expect(leaks.some((l) => l.where === 'report.view' && l.fact?.[0] === 'tf' && l.fact[4] === 'unit')).toBe(true);
    expect(leaks.some((l) => l.where === 'report.text' && l.fact?.[0] === 'tf')).toBe(true);
  });

  it('board position: a Fleet Duel report that shows where the enemy fleet went (2.1)', () => {
    const { leaks } = run(DUEL, 3, leakyReports(refereeBoard), 'fog-leak');
    expect(leaks.some((l) => l.where === 'report.view' && l.fact?.[0] === 'fleet')).toBe(true);
  });

  it('die: reports whose dice checks list every die, the sighting rolls (20.4) included', () => {
    const { leaks } = run(
      VITP,
      1,
      leakyReports((_n, game, afterSeq) => ({ diceChecks: diceChecks(fresh(game, afterSeq), 'referee') })),
      'fog-leak',
    );
    expect(leaks.some((l) => l.where === 'report.dice' && l.fact?.[0] === 'die')).toBe(true);
    expect(leaks.some((l) => l.where === 'report.text' && l.fact?.[0] === 'die')).toBe(true);
  });

  it('sealed order: an engine view that prints sealed orders to everyone', () => {
    const surfaces: FogSurfaces = {
      ...realSurfaces,
      view: (state, viewer, ruleset) => {
        const v = viewFor(state, viewer, ruleset);
        const orders = Object.fromEntries(
          Object.entries(v.orders).map(([side, st]) => {
            const sub = state.submissions[side];
            const opened = sub?.kind === 'sealed' ? (JSON.parse(sub.sealed) as { orders: unknown[] }).orders : null;
            return [side, opened ? { status: 'accepted' as const, receivedAt: sub!.receivedAt, orders: ruleset.formatOrders(opened) } : st];
          }),
        );
        return { ...v, orders };
      },
    };
    const { leaks } = run(DUEL, 3, surfaces, 'fog-leak');
    expect(leaks.some((l) => l.where === 'view' && l.fact?.[0] === 'order' && l.viewer === 'referee')).toBe(true);
    expect(leaks.some((l) => l.where === 'view' && l.fact?.[0] === 'order' && l.viewer !== 'referee')).toBe(true);
  });

  it('narrative: reports that also tell the players the rules events and the dice hidden from them (20.2-20.4)', () => {
    const told = (type: EngineEvent['type']) =>
      run(
        VITP,
        1,
        leakyReports((n, game, afterSeq) => ({
          narrative: [
            ...n.narrative,
            ...narrativeFor(
              fresh(game, afterSeq).filter((e) => e.type === type && !eventVisibleTo(e, n.side)),
              'referee',
              game.ruleset,
            ),
          ],
        })),
        'fog-leak',
      ).leaks.filter((l) => l.where === 'report.narrative');
    expect([...new Set(told('RulesApplied').map((l) => l.fact?.[0]))]).toEqual(expect.arrayContaining(['tf', 'sighting']));
    expect(told('DieRolled').some((l) => l.fact?.[0] === 'die')).toBe(true);
  });

  it('narrative: a sentence about a task force the reader does not know is a failure, not a pass', () => {
    const { leaks } = run(
      VITP,
      1,
      leakyReports((n) => ({ narrative: [...n.narrative, 'Rumour has it that task force J1 carries the Yamato.'] })),
      'fog-leak',
    );
    expect(leaks.some((l) => l.fact === null && l.line?.startsWith('Rumour'))).toBe(true);
  });

  // issue 25: the view is read whole, so a hidden fact in a field the checks never named is caught, with its path

  /** Player reports whose board's `position` (what machine players read) is swapped by `leak`. */
  const leakyPosition = (leak: (position: Record<string, unknown>, referee: Record<string, unknown>) => object) =>
    leakyReports((n, game) => {
      const board = n.view.board as Record<string, unknown> | null;
      const referee = game.ruleset.view(game.state.rules, 'referee') as Record<string, unknown>;
      if (!board?.position) return {};
      const position = board.position as Record<string, unknown>;
      return {
        view: { ...n.view, board: { ...board, position: { ...position, ...leak(position, referee.position as Record<string, unknown>) } } },
      };
    });

  it("issue 25 item 2: a VITP view whose position holds the enemy task forces' units is caught, named board.position (20.4)", () => {
    const { leaks } = run(
      VITP,
      1,
      leakyPosition((_p, referee) => ({ taskForces: referee.taskForces })),
      'fog-leak',
    );
    const inPosition = leaks.filter((l) => l.where === 'report.view' && l.path?.startsWith('board.position.taskForces'));
    expect(inPosition.some((l) => l.fact?.[0] === 'tf' && l.fact[4] === 'unit')).toBe(true);
    expect(describeLeak(inPosition[0])).toMatch(/report\.view board\.position\.taskForces: shows tf\|/);
  });

  it("issue 25 item 2: an A&A view whose position holds the other side's HITS list is caught, named board.position (ATK.cargo)", () => {
    const { leaks } = run(
      GUADALCANAL,
      2,
      leakyPosition((_p, referee) => ({ hits: referee.hits })),
      'fog-leak',
    );
    const inPosition = leaks.filter((l) => l.where === 'report.view' && l.path === 'board.position');
    expect(inPosition.some((l) => l.fact?.[0] === 'hits' && l.fact[1] !== l.viewer)).toBe(true);
  });

  it('issue 25 item 3: a game page that shows the position as the referee knows it is caught, named with its path', () => {
    const { leaks } = run(
      VITP,
      1,
      {
        ...realSurfaces,
        page: (view) => ({ ...stepPageView(view), details: { position: (view.board as { position?: unknown } | null)?.position } }),
        reports: (game, afterSeq) =>
          realSurfaces
            .reports(game, afterSeq)
            .map((n) =>
              n.kind === 'report'
                ? ({ ...n, view: { ...n.view, board: { ...n.view.board!, position: game.state.rules } } } as typeof n)
                : n,
            ),
      },
      'fog-leak',
    );
    expect(leaks.some((l) => l.where === 'page' && l.path?.startsWith('details.position.') && l.fact?.[0] === 'tf')).toBe(true);
  });
});
