import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { rulesets } from '../../src/games';
import type { Services } from '../../src/services/container';
import { fleetDuel } from '../../src/games/fleet-duel';
import type { TestDatabase } from '../support/db';
import { type ServiceHarness, startServices, stopServices, applyCommand, DUEL_SIDES } from '../support/services';
import { flat } from '../support/text';
import { payloadOf } from '../../src/services/service-events';

/**
 * The game service end to end on PostgreSQL and Redis with the engine's test game (Fleet Duel):
 * commands go through the ordered inbox exactly as the worker applies them.
 */
describe('game service (create, sealed orders, adjudication, reports) on PostgreSQL', () => {
  let h: ServiceHarness;
  let t: TestDatabase;
  let s: Services;
  let now = new Date('2026-11-21T12:00:00Z');

  beforeAll(async () => {
    h = await startServices('games', { SNAPSHOT_EVERY: '5', DEADLINE_MINUTES: '600', DEADLINE_GRACE_MINUTES: '30' }, { clock: () => now });
    ({ t, s } = h);
  });
  afterAll(() => stopServices(h));

  const apply = (gameId: string, key: string, kind: string, payload: unknown) => applyCommand(s, gameId, key, kind, payload);
  const sides = DUEL_SIDES;

  it('creates a game, welcomes each side with the seed anchor, and schedules the first deadline', async () => {
    const r = await apply('G-duel', 'create-1', 'game.create', {
      gameId: 'G-duel',
      ruleset: 'fleet-duel',
      sides,
    });
    expect(r.status).toBe('applied');
    const { seedAnchor } = r.result as { seedAnchor: string };
    const mail = await s.outbox.byGame('G-duel');
    expect(mail.map((m) => `${m.kind}:${m.recipient}`).sort()).toEqual(['welcome:blue@players.test', 'welcome:red@players.test']);
    for (const m of mail) expect(flat(m.payload.text)).toContain(flat(seedAnchor));
    // the welcome (issue 10 item 7): no player's address, no referee in this game, the deadline and grace lengths
    for (const m of mail) {
      for (const address of ['red@players.test', 'blue@players.test']) {
        expect(flat(m.payload.text)).not.toContain(flat(address));
        expect(String(m.payload.html)).not.toContain(address);
      }
      expect(flat(m.payload.text)).toContain(flat('Sides: '));
      expect(flat(m.payload.text)).toContain(flat('Referee: none'));
      expect(flat(m.payload.text)).toContain(
        flat('Deadlines: each step stays open 10 hours.\nGrace: orders that arrive late are still taken for 30 minutes more.'),
      );
      expect(flat(m.payload.text)).toContain(flat('Digest: DIGEST ACTION'));
      expect(m.payload.subject).toMatch(/^(ACTION|FYI) G-duel (red|blue) t1: welcome/);
    }
    const log = await s.events.read('G-duel');
    // issue 29: the welcomes queued are a fact in the log, appended with their outbox rows
    expect(log.map((e) => e.type)).toEqual(['GameCreated', 'NoteAdded', 'DeadlineSet', 'ReportsSent']);
    const sent = payloadOf(log[3], 'ReportsSent')!.reports;
    expect(sent.map((w) => `${w.kind}:${w.side}:${w.to}:t${w.turn}`).sort()).toEqual([
      'welcome:blue:blue@players.test:t1',
      'welcome:red:red@players.test:t1',
    ]);
    expect(sent.map((w) => w.key).sort()).toEqual(mail.map((m) => m.idempotencyKey).sort());
    // and the board picture each carries, as its outbox row stores it (a later report of the same board leaves it out)
    const pictures = await t.db.query<{ key: string; picture: unknown }>(
      'SELECT idempotency_key AS key, picture FROM outbox WHERE game_id = $1',
      ['G-duel'],
    );
    for (const w of sent) expect(w.picture).toEqual(pictures.find((p) => p.key === w.key)?.picture);
    expect(sent.every((w) => typeof w.picture?.hash === 'string')).toBe(true);
    // the seed secret is stored sealed, never in the clear
    const secret = await t.db.query<{ sealed: string }>('SELECT sealed FROM game_secrets WHERE game_id = $1', ['G-duel']);
    expect(secret[0].sealed).toMatch(/^v1\./);
    expect((await s.jobs.counts()).games.delayed).toBeGreaterThanOrEqual(1);
  });

  it('mails each seat its own welcome and reports when one address holds two seats and referees', async () => {
    const solo = 'solo@players.test';
    const r = await apply('G-solo', 'solo-create', 'game.create', {
      gameId: 'G-solo',
      ruleset: 'fleet-duel',
      sides: sides.map((x) => ({ ...x, player: { address: solo } })),
      referee: solo,
    });
    expect(r.status).toBe('applied');
    const welcomes = (await s.outbox.byGame('G-solo')).filter((m) => m.kind === 'welcome');
    expect(welcomes.map((m) => m.recipient)).toEqual([solo, solo, solo]);
    expect(new Set(welcomes.map((m) => m.payload.subject)).size).toBe(3);
    // a game with a referee says so, without the referee's address
    for (const m of welcomes) {
      expect(flat(m.payload.text)).toContain(flat('Referee: this game has a referee'));
      expect(flat(m.payload.text)).not.toContain(flat(solo));
    }
  });

  it('refuses orders and referee commands for a game that does not exist, at once and for good, writing nothing', async () => {
    // (a bare referee.note on a log with no game is the bus's own ordering probe, kept for the queue tests)
    for (const [kind, payload] of [
      ['game.orders', { gameId: 'G-nowhere', side: 'red', text: 'MOVE center', via: 'test' }],
      ['game.force', { gameId: 'G-nowhere' }],
      ['game.extend', { gameId: 'G-nowhere', byMinutes: 60 }],
    ] as const) {
      const r = await apply('G-nowhere', `nowhere-${kind}`, kind, payload);
      expect([kind, r.status]).toEqual([kind, 'rejected']);
      expect(r.result).toMatchObject({
        code: 'unknown-game',
        error: expect.stringContaining('no game G-nowhere'),
      });
    }
    expect(await s.inbox.pendingCount('G-nowhere')).toBe(0);
    expect((await s.events.head('G-nowhere')).version).toBe(0);
  });

  it('refuses bad orders with per-line problems and a reply, and changes nothing', async () => {
    const before = await s.events.head('G-duel');
    const r = await apply('G-duel', 'bad-1', 'game.orders', {
      gameId: 'G-duel',
      side: 'red',
      text: 'MOVE center\nSAIL home',
      via: 'test',
    });
    expect(r.status).toBe('rejected');
    expect(JSON.stringify(r.result)).toContain('SAIL home');
    expect(await s.events.head('G-duel')).toEqual(before);
    const replies = (await s.outbox.byRecipient('red@players.test')).filter((m) => m.kind === 'rejection');
    expect(replies).toHaveLength(1);
    expect(replies[0].payload.text).toMatch(/line 2/i);
  });

  it('seals simultaneous orders: the acknowledgment carries the commitment, no view shows the orders', async () => {
    const r = await apply('G-duel', 'red-1', 'game.orders', {
      gameId: 'G-duel',
      side: 'red',
      text: 'MOVE center\nPOSTURE aggressive',
      via: 'test',
    });
    expect(r.status).toBe('applied');
    const log = await s.events.read('G-duel');
    const sealed = log.find((e) => e.type === 'OrdersSubmitted')!;
    const stored = JSON.stringify(sealed.payload);
    expect(stored).not.toMatch(/center|aggressive/); // sealed at rest, not merely hidden in views
    for (const viewer of ['red', 'blue', 'referee']) {
      const view = JSON.stringify((await s.gameService.status('G-duel', viewer)).view);
      expect(view).not.toMatch(/aggressive/);
      expect(view).toContain((sealed.payload as { commitment: string }).commitment);
    }
    const ack = (await s.outbox.byRecipient('red@players.test')).find((m) => m.kind === 'ack')!;
    expect(flat(ack.payload.text)).toContain(flat((sealed.payload as { commitment: string }).commitment));
  });

  it('adjudicates when the last side orders, reveals, reports each side only what it may see, and verifies', async () => {
    const r = await apply('G-duel', 'blue-1', 'game.orders', {
      gameId: 'G-duel',
      side: 'blue',
      text: 'MOVE north',
      via: 'test',
    });
    expect(r.status).toBe('applied');
    const types = (await s.events.read('G-duel')).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['OrdersRevealed', 'StepResolved']));
    const reports = (await s.outbox.byGame('G-duel')).filter((m) => m.kind === 'report');
    expect(reports.map((m) => m.recipient).sort()).toEqual(['blue@players.test', 'red@players.test']);
    // the blue submarine's search is blue's secret (visibleTo blue): red's report must not tell it
    const redReport = reports.find((m) => m.recipient === 'red@players.test')!.payload.text;
    const blueReport = reports.find((m) => m.recipient === 'blue@players.test')!.payload.text;
    // (each side's board view names its own submarine; the search is the blue submarine's)
    expect(redReport).not.toMatch(/blue submarine/i);
    expect(blueReport).toMatch(/blue submarine/i);

    const env = { ...process.env, DATABASE_URL: t.url, LOG_LEVEL: 'silent' };
    // the CLI cannot load the test game, so verify here through the same library calls
    const { verifyGameLog, auditGameLog } = await import('../../src/engine/game');
    const { toEngineEvent, SERVICE_EVENT_TYPES } = await import('../../src/services/game-repository');
    const engineEvents = (await s.events.read('G-duel')).filter((e) => !SERVICE_EVENT_TYPES.has(e.type)).map(toEngineEvent);
    expect(verifyGameLog(engineEvents).ok).toBe(true);
    expect(auditGameLog(engineEvents, fleetDuel).ok).toBe(true);
    const chain = await promisify(execFile)('node', ['bin/umpire.js', 'verify', 'G-duel'], { env }).catch(
      (e: { stdout: string; stderr: string }) => e,
    );
    expect(chain.stdout).toMatch(/hash chain intact/);

    // issue 29: a side's bundle keeps the reports' facts in the chain as hashes alone (they name every recipient)
    const { bundleFiles } = await import('../../src/audit/bundle');
    const fullLog = await s.events.read('G-duel');
    const lines = (view: 'red' | 'referee') =>
      bundleFiles({ log: fullLog, view, serviceTypes: SERVICE_EVENT_TYPES, umpireVersion: 'test', exportedAt: 'now' })
        ['events.jsonl'].split('\n')
        .filter((l) => l.includes('"ReportsSent"'))
        .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines('red').length).toBeGreaterThanOrEqual(2);
    for (const l of lines('red')) expect(Object.keys(l).sort()).toEqual(['gameId', 'hash', 'prevHash', 'redacted', 'seq', 'type']);
    expect(JSON.stringify(lines('red'))).not.toContain('@players.test');
    expect(lines('referee').every((l) => Array.isArray((l.payload as { reports?: unknown }).reports))).toBe(true);
  });

  it('loads from a snapshot plus tail to the same state a full replay gives', async () => {
    const { replay, stateHash } = await import('../../src/engine/game');
    const { toEngineEvent, SERVICE_EVENT_TYPES } = await import('../../src/services/game-repository');
    const snaps = await t.db.query<{ seq: number }>('SELECT seq FROM snapshots WHERE game_id = $1', ['G-duel']);
    expect(snaps.length).toBeGreaterThan(0);
    const loaded = await s.games.load('G-duel');
    expect(loaded.tail.length).toBeLessThan(loaded.head.version);
    const all = await s.events.read('G-duel');
    const full = replay(all.filter((e) => !SERVICE_EVENT_TYPES.has(e.type)).map(toEngineEvent), fleetDuel);
    // service events count toward the version but do not change the rules state
    expect(stateHash({ ...full, version: loaded.state.version })).toBe(stateHash(loaded.state));
  });

  it('a deadline (after its grace period) applies defaults for the silent side and is told in the report', async () => {
    const before = await s.gameService.status('G-duel', 'referee');
    const stepId = before.view.step!.id;
    await apply('G-duel', 'red-2', 'game.orders', {
      gameId: 'G-duel',
      side: 'red',
      text: 'MOVE south',
      via: 'test',
    });
    // a deadline job that fires before its time (an extended deadline's old job) does nothing
    const early = await apply('G-duel', `deadline-early:${stepId}`, 'game.deadline', {
      gameId: 'G-duel',
      stepId,
    });
    expect(JSON.stringify(early.result)).toMatch(/not due/);
    now = new Date(now.getTime() + 601 * 60_000);
    // past the deadline but within the 30 minutes' grace: late orders still count, no defaults yet
    const inGrace = await apply('G-duel', `deadline-grace:${stepId}`, 'game.deadline', {
      gameId: 'G-duel',
      stepId,
    });
    // (the job at the deadline itself: every side is told who is late; nothing resolves)
    expect(inGrace.result).toMatchObject({ late: ['blue'] });
    expect((await s.events.read('G-duel')).some((e) => e.type === 'DefaultOrdersApplied')).toBe(false);
    now = new Date(now.getTime() + 30 * 60_000);
    const r = await apply('G-duel', `deadline:G-duel:${stepId}`, 'game.deadline', {
      gameId: 'G-duel',
      stepId,
    });
    expect(r.status).toBe('applied');
    const log = await s.events.read('G-duel');
    expect(log.some((e) => e.type === 'DefaultOrdersApplied' && (e.payload as { side: string }).side === 'blue')).toBe(true);
    // a second, late deadline job for the same step does nothing
    const again = await apply('G-duel', `deadline-again:${stepId}`, 'game.deadline', {
      gameId: 'G-duel',
      stepId,
    });
    expect(JSON.stringify(again.result)).toMatch(/already resolved/);
  });

  it('a rule the engine cannot carry out fails that command for good, records why, and does not block the game', async () => {
    const { RuleNotImplementedError } = await import('../../src/engine/ruleset');
    rulesets['broken-duel'] = {
      ...fleetDuel,
      id: 'broken-duel',
      adjudicate: () => {
        throw new RuleNotImplementedError('broken-duel', '9.9', 'the battle rules of this test');
      },
    };
    await apply('G-broken', 'b-create', 'game.create', {
      gameId: 'G-broken',
      ruleset: 'broken-duel',
      sides,
      referee: 'ref@players.test',
    });
    await apply('G-broken', 'b-red', 'game.orders', {
      gameId: 'G-broken',
      side: 'red',
      text: 'MOVE center',
      via: 'test',
    });
    const before = await s.events.head('G-broken');
    const r = await apply('G-broken', 'b-blue', 'game.orders', {
      gameId: 'G-broken',
      side: 'blue',
      text: 'MOVE center',
      via: 'test',
    });
    expect(r.status).toBe('failed');
    expect(JSON.stringify(r.result)).toMatch(/rule 9\.9 is not implemented/);
    const log = await s.events.read('G-broken');
    // blue's orders were rolled back with the failed resolution; only the umpire's note was added
    expect(log.slice(before.version).map((e) => e.type)).toEqual(['NoteAdded']);
    expect(JSON.stringify(log[log.length - 1].payload)).toMatch(/9\.9/);
    const told = (await s.outbox.byGame('G-broken'))
      .filter((m) => /failed/.test(m.idempotencyKey))
      .map((m) => m.recipient)
      .sort();
    expect(told).toEqual(['blue@players.test', 'ref@players.test']);
    // the inbox is not blocked: a later command for the game is applied
    const note = await apply('G-broken', 'b-note', 'referee.note', {
      text: 'ruling: replay the battle by hand',
    });
    expect(note.status).toBe('applied');
    delete rulesets['broken-duel'];
  });

  it('takes orders for an upcoming step in the same mail, sealed, and uses them when the step comes', async () => {
    await apply('G-ahead', 'a-create', 'game.create', { gameId: 'G-ahead', ruleset: 'fleet-duel', sides });
    const r = await apply('G-ahead', 'a-red', 'game.orders', {
      gameId: 'G-ahead',
      side: 'red',
      text: 'MOVE center\nFOR t2/orders\nMOVE north',
      via: 'test',
    });
    expect(r.status).toBe('applied');
    const ack = (await s.outbox.byGame('G-ahead')).find((m) => m.kind === 'ack')!;
    const queued = (await s.events.read('G-ahead')).find((e) => e.type === 'OrdersQueued')!;
    expect(flat(ack.payload.text)).toContain(flat((queued.payload as { commitment: string }).commitment));
    expect(JSON.stringify(queued.payload)).not.toMatch(/north/); // sealed at rest too
    await apply('G-ahead', 'a-blue', 'game.orders', {
      gameId: 'G-ahead',
      side: 'blue',
      text: 'MOVE south',
      via: 'test',
    });
    const st = await s.gameService.status('G-ahead', 'referee');
    expect(st.view.step?.id).toBe('t2/orders');
    // red's orders for turn 2 arrived with its turn-1 mail: only blue is awaited
    expect(st.view.awaiting).toEqual(['blue']);
    // red's queued MOVE north is sealed: no view tells it (the map names the area north, nothing moves there)
    expect(JSON.stringify(st.view)).not.toMatch(/MOVE north/i);
    expect(JSON.stringify(st.view.board)).not.toMatch(/"area":"north"/);
    expect(st.view.orders?.red).toMatchObject({ status: 'sealed' });
  });
  it('given a game whose ruleset notes what orders cost (ordersNote), then the acknowledgment gives each step`s note under its orders, each read on the board the earlier sections leave', async () => {
    const seen: string[] = [];
    rulesets['noted-duel'] = {
      ...fleetDuel,
      id: 'noted-duel',
      ordersNote: (_state: unknown, side: string, step: { id: string }, orders: readonly unknown[]) => {
        seen.push(step.id);
        return [`${side} spends ${orders.length} on ${step.id}`];
      },
      boardAfter: (state: unknown) => state,
    };
    await apply('G-noted', 'n-create', 'game.create', { gameId: 'G-noted', ruleset: 'noted-duel', sides });
    const r = await apply('G-noted', 'n-red', 'game.orders', {
      gameId: 'G-noted',
      side: 'red',
      text: 'MOVE center\nFOR t2/orders\nMOVE north',
      via: 'test',
    });
    expect(r.status).toBe('applied');
    expect(seen).toEqual(['t1/orders', 't2/orders']);
    const ack = (await s.outbox.byGame('G-noted')).find((m) => m.kind === 'ack')!;
    expect(flat(ack.payload.text)).toMatch(/1\. MOVE center red spends 1 on t1\/orders/);
    expect(flat(ack.payload.text)).toMatch(/1\. MOVE north red spends 1 on t2\/orders/);
    expect(String(ack.payload.html)).toContain('<p>red spends 1 on t2/orders</p>');
    // orders that complete the step: the acknowledgment folds into the side's report, the note with it
    await apply('G-noted', 'n-blue', 'game.orders', { gameId: 'G-noted', side: 'blue', text: 'MOVE south', via: 'test' });
    const report = (await s.outbox.byRecipient('blue@players.test')).find((m) => m.kind === 'report' && m.gameId === 'G-noted')!;
    expect(flat(report.payload.text)).toMatch(/MOVE south blue spends 1 on t1\/orders/);
    delete rulesets['noted-duel'];
  });
});
