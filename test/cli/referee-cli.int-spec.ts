import type { Services } from '../../src/services/container';
import { readAdjust } from '../../src/services/game/adjust';
import { type CliHarness, startCliHarness } from '../support/cli';
import { waitUntil } from '../support/processes';
import { DUEL_SIDES } from '../support/services';

/**
 * The referee's desk from the built CLI against a real worker process, on a VITP game: preview,
 * rollback, fork, replace and mails, each answered as the worker applied it. (Needs `npx tsc -p
 * tsconfig.build.json` first.)
 */
describe('the umpire CLI: rollback, preview, fork, replace, mails', () => {
  let h: CliHarness;
  let s: Services;
  const gameId = 'G-clidesk';
  const umpire = (...args: string[]) => h.umpire(...args);

  beforeAll(async () => {
    h = await startCliHarness('clidesk');
    s = h.s;
    const created = await s.bus.submit(gameId, 'create', 'game.create', {
      gameId,
      ruleset: 'vitp',
      sides: [
        { side: 'japanese', player: { address: 'tojo@players.test' } },
        { side: 'allied', player: { address: 'nimitz@players.test' } },
      ],
    });
    expect((await s.bus.waitFor(created.id, 60_000)).status).toBe('applied');
    // the owing sides order their defaults until a step of turn 1 has resolved
    for (let i = 0; i < 10; i++) {
      const game = await s.games.load(gameId);
      if (game.tail.some((e) => e.type === 'StepResolved')) break;
      const step = game.state.step!;
      for (const side of step.owes) {
        if (game.state.submissions[side]?.stepId === step.id) continue;
        const text = game.ruleset.formatOrders(game.ruleset.defaultOrders(game.state.rules, side, step));
        const c = await s.bus.submit(gameId, `o-${i}-${side}`, 'game.orders', { gameId, side, text, via: 'test' });
        await s.bus.waitFor(c.id, 60_000);
      }
    }
  }, 180_000);

  afterAll(() => h.stop());

  /** a Fleet Duel game with a referee, made once */
  let withReferee: Promise<string> | undefined;
  const refereeGame = () => {
    withReferee ??= (async () => {
      const id = 'G-cliview';
      const c = await s.bus.submit(id, 'create-view', 'game.create', {
        gameId: id,
        ruleset: 'fleet-duel',
        sides: DUEL_SIDES,
        referee: 'ref@club.test',
      });
      expect((await s.bus.waitFor(c.id, 60_000)).status).toBe('applied');
      return id;
    })();
    return withReferee;
  };

  it('previews without recording, rolls back, forks (parent untouched), replaces, and lists mails', async () => {
    const game = await s.games.load(gameId);
    const resolved = game.tail.find((e) => e.type === 'StepResolved')!.payload as { stepId: string; turn: number };
    expect(game.state.step!.turn).toBe(resolved.turn);
    const head = game.head;

    const preview = await umpire('preview', gameId);
    expect(preview.code).toBe(0);
    expect(preview.stdout).toContain('NOTHING WAS RECORDED');
    expect((await s.events.head(gameId)).version).toBe(head.version);

    const refused = await umpire('rollback', gameId, '--to', 'no/such-step', 'a', 'reason');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/refused: ROLLBACK TO no\/such-step: no step no\/such-step has resolved/);

    const rolled = await umpire('rollback', gameId, '--to', resolved.stepId, '--orders', 'resend', 'the', 'default', 'was', 'wrong');
    expect(rolled.stderr).toBe('');
    expect(rolled.stdout).toContain(`rolled back to ${resolved.stepId}`);
    expect((await s.games.load(gameId)).state.step?.id).toBe(resolved.stepId);
    expect(await s.events.verify(gameId)).toMatchObject({ ok: true });

    const before = await s.events.read(gameId);
    const forked = await umpire(
      'fork',
      gameId,
      '--at',
      `event:${before.find((e) => e.type === 'GameCreated')!.seq + 1}`,
      '--id',
      'G-clifork',
    );
    // the event after GameCreated belongs to the first step, which has no live resolution after the rollback
    expect(forked.code).toBe(1);
    expect(forked.stderr).toMatch(/refused: fork of G-clidesk/);
    expect(await s.events.read(gameId)).toEqual(before);

    const replaced = await umpire('replace', gameId, 'allied', 'halsey@players.test', 'moved');
    expect(replaced.stdout).toContain('allied is now played from halsey@players.test (was nimitz@players.test)');
    const mails = await umpire('mails', gameId);
    expect(mails.code).toBe(0);
    expect(mails.stdout).toContain('no mail tied to this game');
  }, 180_000);

  it('forks a game at a resolved step into a new game naming its parent', async () => {
    const other = 'G-cliparent';
    const c = await s.bus.submit(other, 'create-2', 'game.create', {
      gameId: other,
      ruleset: 'vitp',
      sides: [
        { side: 'japanese', player: { address: 'tojo@players.test' } },
        { side: 'allied', player: { address: 'nimitz@players.test' } },
      ],
    });
    await s.bus.waitFor(c.id, 60_000);
    for (let i = 0; i < 10; i++) {
      const game = await s.games.load(other);
      if (game.tail.some((e) => e.type === 'StepResolved')) break;
      const step = game.state.step!;
      for (const side of step.owes) {
        const text = game.ruleset.formatOrders(game.ruleset.defaultOrders(game.state.rules, side, step));
        await s.bus.waitFor(
          (await s.bus.submit(other, `p-${i}-${side}`, 'game.orders', { gameId: other, side, text, via: 'test' })).id,
          60_000,
        );
      }
    }
    const parentLog = await s.events.read(other);
    const stepId = (parentLog.find((e) => e.type === 'StepResolved')!.payload as { stepId: string }).stepId;
    const out = await umpire('fork', other, '--at', stepId, '--id', 'G-clifork2');
    expect(out.stderr).toBe('');
    expect(out.stdout).toMatch(/^forked G-cliparent at event \d+ \(hash [0-9a-f]{64}\) as G-clifork2/);
    await waitUntil('the fork to exist', async () => (await s.events.head('G-clifork2')).version > 0, 10_000);
    expect(await s.events.read(other)).toEqual(parentLog);
    expect((await s.events.read('G-clifork2')).find((e) => e.type === 'GameForked')?.payload).toMatchObject({ parentGameId: other });
  }, 180_000);

  it('issue 25: `umpire machine` hands a VITP seat to its random player, which gives its orders at once; `umpire verify` re-runs it', async () => {
    const machine = await umpire('machine', gameId, 'allied', 'random', 'away for a month');
    expect(machine.stderr).toBe('');
    expect(machine.stdout).toMatch(/^allied is now played by the machine player random \(was [^)]+@players\.test\); event \d+/);
    // the Japanese give their orders; the allied seat's come from the machine without a mail
    // until the turn's seed is out, so the audit can recompute the machine's dice
    const handedAt = (await s.events.head(gameId)).version;
    for (let i = 0; i < 60; i++) {
      const game = await s.games.load(gameId);
      if ((await s.events.read(gameId, handedAt)).some((e) => e.type === 'SeedRevealed') || game.state.result) break;
      const step = game.state.step!;
      if (!step.owes.includes('japanese') || game.state.submissions.japanese?.stepId === step.id) break;
      const text = game.ruleset.formatOrders(game.ruleset.defaultOrders(game.state.rules, 'japanese', step));
      await s.bus.waitFor(
        (await s.bus.submit(gameId, `m-${i}`, 'game.orders', { gameId, side: 'japanese', text, via: 'test' })).id,
        60_000,
      );
    }
    const marked = (await s.events.read(gameId)).filter((e) => e.metadata?.machine);
    expect(marked.length).toBeGreaterThan(0);
    expect(marked.every((e) => (e.payload as { side: string }).side === 'allied')).toBe(true);
    const verify = await umpire('verify', gameId);
    expect(verify.stderr).toBe('');
    expect(verify.code).toBe(0);
    expect(verify.stdout).toMatch(
      /ok: [1-9]\d* machine players' orders re-run on their views with their recomputed dice give the recorded orders/,
    );
  }, 180_000);

  it("issue 30: `umpire view` mails the game's referee the side's report; `--json` prints the view and mails nothing; no referee: refused, naming --json", async () => {
    // given a game with a referee
    const viewed = await refereeGame();
    const toReferee = async () => (await s.outbox.byGame(viewed)).filter((m) => m.recipient === 'ref@club.test');
    const before = (await toReferee()).length;
    const head = await s.events.head(viewed);

    // when the referee runs umpire view: then the referee is mailed blue's report, nothing recorded
    const mailed = await umpire('view', viewed, 'blue');
    expect(mailed.stderr).toBe('');
    expect(mailed.stdout.trim()).toBe('mailed ref@club.test the report blue would read now (nothing recorded)');
    const rows = (await toReferee()).slice(before);
    expect(rows).toHaveLength(1);
    expect(String(rows[0].payload.text)).toContain('VIEW blue: this is the report blue would read now');
    expect(await s.events.head(viewed)).toEqual(head);

    // when with --json: then the view is printed and nobody is mailed
    const printed = await umpire('view', viewed, 'blue', '--json');
    expect(printed.code).toBe(0);
    expect(JSON.parse(printed.stdout)).toMatchObject({ viewer: 'blue' });
    expect((await toReferee()).length).toBe(before + 1);

    // given a game without a referee: refused, naming --json
    const none = await umpire('view', gameId, 'allied');
    expect(none.code).toBe(1);
    expect(none.stderr).toContain(
      `refused: VIEW allied: game ${gameId} has no referee to mail the report to. \`umpire view ${gameId} allied --json\` prints the view instead.`,
    );
  }, 120_000);

  it("issue 30: `umpire resend` sends a side's mails again to its player, recorded; refused, saying why, when there is no such report", async () => {
    // given a game whose sides were welcomed and sent no report yet
    const gameId = await refereeGame();
    const head = await s.events.head(gameId);
    // when the referee asks for blue's latest report: refused, nothing recorded
    const none = await umpire('resend', gameId, 'blue');
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('refused: RESEND blue: no report of blue has been sent yet');
    expect(await s.events.head(gameId)).toEqual(head);
    expect((await umpire('resend', gameId, 'blue', '--turn', 'x')).stderr).toContain('--turn x: a turn number, e.g. --turn 3');
    // when with --all: blue's welcome goes again to blue, marked, and the log says so
    const all = await umpire('resend', gameId, 'blue', '--all', 'lost', 'in', 'a', 'filter');
    expect(all.stderr).toBe('');
    expect(all.stdout).toMatch(/^re-sent to blue at blue@players\.test \(event \d+\):\n {2}ACTION G-cliview blue t1: welcome/);
    const again = (await s.outbox.byGame(gameId)).filter((m) => m.kind === 'resend');
    expect(again.map((m) => [m.recipient, m.payload.subject])).toEqual([
      ['blue@players.test', 'RESEND: ACTION G-cliview blue t1: welcome, fleet orders'],
    ]);
    const event = (await s.events.read(gameId)).find((e) => e.type === 'ReportsResent');
    expect(event?.payload).toMatchObject({ side: 'blue', to: 'blue@players.test', which: 'all', reason: 'lost in a filter' });
  }, 120_000);

  it('issue 30: NOTE ON, PAUSE, EXTEND, PRESS and FORCE from the CLI, each naming who ruled: --referee, else the operator (never "cli")', async () => {
    const chief = 'chief@club.test';
    const since = (await s.events.head(gameId)).version;
    const note = await umpire('note', gameId, 'ON', '1', 'The', 'setup', 'stands.', '--referee', chief);
    expect(note.code).toBe(0);
    const paused = await umpire('pause', gameId, 'club', 'night');
    expect(paused.code).toBe(0);
    expect((await umpire('resume', gameId, '--referee', chief)).code).toBe(0);
    const extended = await umpire('extend', gameId, '2d', '--referee', chief);
    expect(extended.stderr).toBe('');
    const bad = await umpire('extend', gameId, 'soon');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/"soon" is not a length/);
    const press = await umpire('press', gameId, 'Play', 'resumes', 'on', 'Monday', '--referee', chief);
    expect(press.stderr).toBe('');
    const forced = await umpire('force', gameId, '--referee', chief);
    expect(forced.stderr).toBe('');
    const events = await s.events.read(gameId, since);
    expect(events.find((e) => e.type === 'NoteAdded')!.payload).toEqual({ text: 'The setup stands.', concerns: [1], referee: chief });
    // a game created without a referee address: the ruling names the operator at the terminal
    const pause = events.find((e) => e.type === 'GamePaused')!.payload as { referee: string };
    expect(pause.referee).toMatch(/^[^@\s]+@\S+ \(command line\)$/);
    expect(events.find((e) => e.type === 'GameResumed')!.payload).toMatchObject({ referee: chief });
    expect(events.find((e) => e.type === 'DeadlineSet' && (e.payload as { extended?: true }).extended)!.metadata).toMatchObject({
      referee: chief,
    });
    expect(events.find((e) => e.type === 'PressSent')!.payload).toMatchObject({ from: 'referee', text: 'Play resumes on Monday' });
    expect(events.some((e) => e.type === 'StepResolved')).toBe(true);
    expect(JSON.stringify(events.map((e) => e.payload))).not.toMatch(/"referee":"cli"/);

    // ADJUST and a rollback preview from the CLI: a path the board lacks is refused; the preview records nothing
    const head = (await s.events.head(gameId)).version;
    const adjust = await umpire('adjust', gameId, 'no.such.path', '=', '1', 'BECAUSE', 'a', 'test');
    expect(adjust.code).toBe(1);
    expect(adjust.stderr).toMatch(/refused: ADJUST: the board has no no\b/);
    // the refusal says what the board holds there, and `status --board` lists the paths ADJUST takes
    expect(adjust.stderr).toMatch(/the board holds .*umpire status --board lists every path/);
    const board = await umpire('status', gameId, '--board');
    expect(board.code).toBe(0);
    const rules = (await s.games.load(gameId)).state.rules as Record<string, unknown>;
    const top = Object.keys(rules);
    // each line is an ADJUST edit that would set the value the board has at its path
    for (const line of board.stdout.trim().split('\n')) {
      const read = readAdjust(`${line} BECAUSE a round trip`, ['japanese', 'allied']);
      if ('problem' in read) throw new Error(`${line}: ${read.problem}`);
      const [edit] = read.edits;
      expect(top).toContain(edit.path[0]);
      expect(edit.value).toEqual(edit.path.reduce<unknown>((n, k) => (n as Record<string, unknown>)[k], rules));
    }
    const one = await umpire('status', gameId, '--board', top[0]);
    expect(
      one.stdout
        .trim()
        .split('\n')
        .every((l) => l.startsWith(top[0])),
    ).toBe(true);
    const none = await umpire('status', gameId, '--board', 'no.such.path');
    expect(none.code).not.toBe(0);
    expect(none.stderr).toContain(`the board of ${gameId} has no no.such.path`);
    const resolved = (await s.events.read(gameId)).filter((e) => e.type === 'StepResolved').at(-1)!.payload as { stepId: string };
    const preview = await umpire('rollback', gameId, '--to', resolved.stepId, '--preview', 'just', 'looking');
    expect(preview.stderr).toBe('');
    expect(preview.stdout).toMatch(/PREVIEW of ROLLBACK TO .*NOTHING WAS RECORDED/);
    expect((await s.events.head(gameId)).version).toBe(head);
  }, 180_000);
});
