import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { defineRuleset, seedChainTurns, type StepRow } from '../../src/engine/define';
import { playOneGame, selfplay, stoppedAtMissingRule } from '../../src/engine/selfplay';
import { type GameOptions, RuleNotImplementedError, type StepInfo } from '../../src/engine/ruleset';
import { rulesets } from '../../src/games';
import { type FleetOrder, type FleetState, fleetDuel, fleetDuelDeclaration } from '../../src/games/fleet-duel';
import { STEP_KINDS } from '../../src/engine/step-kinds';

/**
 * The game contract (issue 25): a game is one folder and one registry line. Its id appears in no
 * source file outside src/games/<id>/ and cases/<id>/ but the registry; no code outside the game
 * folders imports from one (mail, services, demo, engine, CLI, app, store all reach games through
 * the registry); every step a game yields belongs to a row of its step table.
 */
const ROOT = resolve(__dirname, '../..');
const GAME_DIRS = readdirSync(join(ROOT, 'src/games')).filter((d) => statSync(join(ROOT, 'src/games', d)).isDirectory() && d !== 'kit');
/**
 * A game being built lands folder by folder before it plays: its folder holds draft.json (the issue
 * building it and what is still missing, by rule), it is not registered, and nothing outside the
 * folder may import it until it is.
 */
const DRAFTS = GAME_DIRS.filter((d) => existsSync(join(ROOT, 'src/games', d, 'draft.json')));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return name === 'generated' ? [] : sourceFiles(full);
    return name.endsWith('.ts') ? [full] : [];
  });
}

const SOURCES = sourceFiles(join(ROOT, 'src')).map((f) => ({ path: relative(ROOT, f), text: readFileSync(f, 'utf8') }));
const outsideGames = (path: string) => !GAME_DIRS.some((g) => path.startsWith(`src/games/${g}/`));

describe('the game contract: one folder and one registry line per game', () => {
  it('given the source tree, then every game folder is a registered game or a draft, and every registered game has its folder', () => {
    expect(GAME_DIRS.filter((d) => !DRAFTS.includes(d)).sort()).toEqual(Object.keys(rulesets).sort());
    for (const d of DRAFTS) {
      expect(Object.keys(rulesets)).not.toContain(d);
      const draft = JSON.parse(readFileSync(join(ROOT, 'src/games', d, 'draft.json'), 'utf8')) as { issue: number; missing: string[] };
      expect(Number.isInteger(draft.issue)).toBe(true);
      expect(draft.missing.length).toBeGreaterThan(0);
    }
  });

  it.each(Object.keys(rulesets))('given game %s, then its id appears outside its folder in the registry alone', (id) => {
    const quoted = new RegExp(`['"\`/]${id.replace(/-/g, '\\-')}['"\`/]`);
    const files = SOURCES.filter((f) => outsideGames(f.path) && quoted.test(f.text)).map((f) => f.path);
    expect(files).toEqual(['src/games/index.ts']);
  });

  it('given a draft game, then no source file outside its folder names it', () => {
    for (const id of DRAFTS) {
      const quoted = new RegExp(`['"\`/]${id.replace(/-/g, '\\-')}['"\`/]`);
      expect(SOURCES.filter((f) => outsideGames(f.path) && quoted.test(f.text)).map((f) => f.path)).toEqual([]);
    }
  });

  it('given the code outside the game folders, then none of it imports from a game folder but the registry', () => {
    const reaching = SOURCES.filter((f) => outsideGames(f.path) && f.path !== 'src/games/index.ts').flatMap((f) =>
      [...f.text.matchAll(/from '([^']+)'/g)]
        .map((m) => m[1])
        .filter((spec) =>
          GAME_DIRS.some(
            (g) => new RegExp(`(^|/)games/${g}(/|$)`).test(spec) || (f.path.startsWith('src/games/') && spec.startsWith(`./${g}`)),
          ),
        )
        .map((spec) => `${f.path} imports ${spec}`),
    );
    expect(reaching).toEqual([]);
  });

  it('given each game, then every step of a self-played game belongs to a row of its step table, with a deadline class', () => {
    for (const ruleset of Object.values(rulesets)) {
      const rows = new Set(ruleset.steps.rows.map((r) => r.id));
      const seen = new Set<string>();
      const wrapped = {
        ...ruleset,
        currentStep(state: unknown): StepInfo | null {
          const step = ruleset.currentStep(state);
          if (step) seen.add(ruleset.stepRow(step).id);
          return step;
        },
      };
      const played = playOneGame(wrapped, `contract:${ruleset.id}`);
      expect(played.events.length).toBeGreaterThan(0);
      // a game still being built stops at a rule it lists as missing; a finished one never stops
      if (played.stopped) expect(ruleset.unfinished?.missing).toContain(played.stopped.rule);
      for (const id of seen) expect(rows.has(id)).toBe(true);
      expect(seen.size).toBeGreaterThan(1);
    }
  });

  it('given a game still being built, then self-play stops at a rule it lists as missing and counts that as an error, never as success', () => {
    const unfinished = Object.values(rulesets).filter((r) => r.unfinished);
    // a game's missing rules may lie where random play seldom goes (a landing at Port Moresby, a
    // submarine by day): a game may end; each stop is checked against its own game's list
    for (const ruleset of unfinished) {
      expect(ruleset.unfinished!.missing.length).toBeGreaterThan(0);
      // a game that meets none of its missing rules may end (or reach the cap of 30 turns); one that
      // meets one stops there, counted as an error and not as ended
      // (2 games of each scenario, where the game has a scenario option)
      const games = 2;
      const scenarios = ruleset.options.find((o) => o.id === 'scenario')?.values ?? [undefined];
      for (const scenario of scenarios) {
        const options: GameOptions = scenario === undefined ? {} : { scenario };
        const run = selfplay(ruleset, { games, seed: `unfinished:${ruleset.id}`, clock: () => 0, maxTurns: 30, options });
        for (const e of run.errors) expect(e.message).toMatch(/rule (\S+) is not implemented/);
        for (const e of run.errors) expect(ruleset.unfinished!.missing).toContain(e.message.match(/rule (\S+) is not implemented/)![1]);
        expect(run.ended + run.unfinishedAtCap + run.errors.length).toBe(games);
        // every game as far as it went replays and verifies
        expect(run.verified).toBe(games);
      }
    }
    // a rule the game does not list as missing is a bug: it is thrown, not taken as a stop
    const broken = defineRuleset({
      ...fleetDuelDeclaration,
      unfinished: { issue: 0, missing: ['9.8'] },
      adjudicate: () => {
        throw new RuleNotImplementedError('fleet-duel', '9.9', 'a rule the declaration does not list');
      },
    });
    expect(() => playOneGame(broken, 'contract:unlisted')).toThrow('rule 9.9 is not implemented');
    expect(stoppedAtMissingRule(broken, new RuleNotImplementedError('fleet-duel', '9.8', 'listed'))?.rule).toBe('9.8');
  });

  it('given each game with its default options and box, then its seed chain covers its length', () => {
    for (const ruleset of Object.values(rulesets)) {
      const options = Object.fromEntries(ruleset.options.map((o) => [o.id, o.default]));
      const turns = seedChainTurns(ruleset, options, ruleset.box.defaultData);
      expect(turns).toBe(ruleset.length(options, ruleset.box.defaultData).turns);
      expect(turns).toBeGreaterThanOrEqual(1);
    }
    // Fleet Duel: three turns in its box, one in the short game (1.2)
    expect(seedChainTurns(fleetDuel, { short: false }, fleetDuel.box.defaultData)).toBe(3);
    expect(seedChainTurns(fleetDuel, { short: true }, fleetDuel.box.defaultData)).toBe(1);
  });
});

describe('defineRuleset checks a declaration and fills in safe defaults', () => {
  const decl = fleetDuelDeclaration;

  it('given a declaration without a view, then it is refused: fog of war is never defaulted', () => {
    expect(() => defineRuleset({ ...decl, view: undefined as never })).toThrow('view is required');
  });

  it('given no adjudicate, then every step row needs its handler, and the rows without one are named', () => {
    expect(() => defineRuleset({ ...decl, adjudicate: undefined })).toThrow(
      'no adjudicate, and step rows without a handler (resolve): orders, retreat, patrol',
    );
  });

  it('given no adjudicate and a handler per row, then each step is resolved by its row', () => {
    const seen: string[] = [];
    const rows = decl.steps.rows.map(
      (row): StepRow<FleetState, FleetOrder> => ({
        ...row,
        resolve: (state, step, orders, ctx) => {
          seen.push(`${row.id}:${step.id}`);
          return decl.adjudicate?.(state, step, orders, ctx);
        },
      }),
    );
    const game = defineRuleset({ ...decl, adjudicate: undefined, steps: { ...decl.steps, rows } });
    playOneGame(game, 'contract:handlers');
    expect(seen[0]).toBe('orders:t1/orders');
    expect(new Set(seen.map((s) => s.split(':')[0]))).toEqual(new Set(['orders', 'retreat', 'patrol']));
  });

  it('given two step rows with one id or a FOR word that is no word, then each is named', () => {
    const rows = [...decl.steps.rows, { ...decl.steps.rows[0], for: 'two words' }];
    expect(() => defineRuleset({ ...decl, steps: { ...decl.steps, rows } })).toThrow(
      /step row "orders" is declared twice; step row "orders": FOR word "two words" must be one upper-case word/,
    );
  });

  it('given an option that needs another, then a game with it alone is refused, naming both', () => {
    const options = [...decl.options, { id: 'night-scouting', title: 'Scouting at night', default: false, requires: ['scouting'] }];
    const game = defineRuleset({ ...decl, options });
    expect(game.validateOptions?.({ short: false, scouting: false, system: false, 'night-scouting': true })).toEqual([
      'option night-scouting needs scouting on (Scouting at night)',
    ]);
    expect(game.validateOptions?.({ short: false, scouting: true, system: false, 'night-scouting': true })).toEqual([]);
    expect(() => defineRuleset({ ...decl, options: [{ ...options[3], requires: ['radar'] }] })).toThrow(
      'option night-scouting requires "radar", which is no option of the game',
    );
  });

  it('given a declaration with no system sides, sealed dice or random player, then none, none and the random orders drawn from the side`s view, as text (issue 25: players read their view)', () => {
    const { systemSides: _s, sealedDice: _d, players: _p, ...bare } = decl;
    const game = defineRuleset(bare);
    expect(game.systemSides?.({})).toEqual([]);
    expect(game.sealedDice?.({})).toBe(false);
    const state = game.setup({ gameId: 'G-x', options: { short: false, scouting: false, system: false }, box: game.box.defaultData });
    const step = game.currentStep(state)!;
    const rng = { int: () => 0, pick: <T>(xs: readonly T[]) => xs[0] };
    const view = bare.view(state, 'red');
    expect(game.players.random({ view, side: 'red', step, dice: rng })).toBe(game.formatOrders(bare.randomOrders(view, 'red', step, rng)));
    // the ruleset's own random orders (fuzzer, answer card) go through the view as well
    expect(game.randomOrders(state, 'red', step, rng)).toEqual(bare.randomOrders(view, 'red', step, rng));
  });

  it('given a FOR word in the step table, then FOR <word> names the step of that row the side owes', () => {
    const state = fleetDuel.setup({
      gameId: 'G-x',
      options: { short: false, scouting: false, system: false },
      box: fleetDuel.box.defaultData,
    });
    expect(fleetDuel.resolveSection?.(state, 'red', 'orders')).toBe('t1/orders');
    expect(fleetDuel.resolveSection?.(state, 'red', 'patrol')).toBeNull();
  });
});

/**
 * Issue 25: no game-specific code in src/mail, src/services, src/demo or src/engine. Their code
 * (comments aside) holds no string naming a registered game's sides, its rules events (or their
 * prefix, `vitp.`, `gc.`), or its own step rows (those that are not the engine's deadline classes,
 * `orders`, `battle`, `placement`). A game's words belong in its folder, where the board view,
 * the step table and the players carry them to the umpire.
 */
describe('the umpire outside the game folders is game-blind', () => {
  const SHARED = ['src/mail/', 'src/services/', 'src/demo/', 'src/engine/'];
  const ENGINE_EVENTS = readFileSync(join(ROOT, 'src/engine/engine-events.ts'), 'utf8');
  const GENERIC = new Set<string>(STEP_KINDS);

  /** The code's string literals, comments left out. */
  function literals(text: string): string[] {
    const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
    return [...code.matchAll(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g)].map((m) => m[0].slice(1, -1));
  }

  /** What a game's own words look like: its sides (as words), its rules event types and prefixes, its own step rows. */
  function gameWords(id: string): { what: string; test: (literal: string) => boolean }[] {
    const ruleset = rulesets[id];
    const events = playOneGame(ruleset, `structure:${id}`).events;
    const rulesTypes = [...new Set(events.map((e) => e.type))].filter((t) => !ENGINE_EVENTS.includes(`'${t}'`));
    const prefixes = [...new Set(rulesTypes.filter((t) => t.includes('.')).map((t) => `${t.split('.')[0]}.`))];
    const rows = ruleset.steps.rows.map((r) => r.id).filter((r) => !GENERIC.has(r));
    const word = (w: string) => new RegExp(`(^|[^A-Za-z0-9])${w.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')}($|[^A-Za-z0-9])`);
    return [
      ...ruleset.sides.map((side) => ({ what: `side ${side}`, test: (l: string) => word(side).test(l) })),
      ...rulesTypes.filter((t) => !t.includes('.')).map((t) => ({ what: `rules event ${t}`, test: (l: string) => l === t })),
      ...prefixes.map((p) => ({ what: `rules event prefix ${p}`, test: (l: string) => l.startsWith(p) })),
      ...rows.map((r) => ({ what: `step row ${r}`, test: (l: string) => l === r || (r.includes('/') && l.includes(r)) })),
    ];
  }

  it.each(Object.keys(rulesets))(
    'given game %s, then no file of mail, services, demo or engine names its sides, rules events or steps',
    (id) => {
      const words = gameWords(id);
      expect(words.length).toBeGreaterThan(3);
      const found = SOURCES.filter((f) => SHARED.some((d) => f.path.startsWith(d))).flatMap((f) =>
        literals(f.text).flatMap((l) => words.filter((w) => w.test(l)).map((w) => `${f.path}: ${w.what} in '${l.slice(0, 60)}'`)),
      );
      expect(found).toEqual([]);
    },
  );

  it('given a shared file that names a game`s side, event or step, then the check finds it', () => {
    const words = gameWords(Object.keys(rulesets)[0]);
    const planted = [
      `if (side === '${rulesets[Object.keys(rulesets)[0]].sides[0]}') return;`,
      "const t = 'vitp.moved';",
      "e.type === 'gc.moved'",
    ];
    const hits = planted.flatMap((text) =>
      literals(text).filter((l) => words.some((w) => w.test(l)) || ['gc.', 'vitp.'].some((p) => l.startsWith(p))),
    );
    expect(hits).toHaveLength(3);
    // a comment is no code
    expect(literals(`// the ${rulesets[Object.keys(rulesets)[0]].sides[0]} side, e.g. 'japanese'\n/* 'allied' */ const x = 1;`)).toEqual(
      [],
    );
  });
});
