import { bundleFiles } from '../../src/audit/bundle';
import { verifyStoredLog } from '../../src/audit/verify-log';
import { auditGameLog, verifyGameLog } from '../../src/engine/game';
import { rulesets as registry } from '../../src/games';
import type { Services } from '../../src/services/container';
import { SERVICE_EVENT_TYPES, liveEngineEvents, toEngineEvent } from '../../src/services/game-repository';
import { applyCommand, DUEL_SIDES, type ServiceHarness, startServices, stopServices } from '../support/services';
import { flat } from '../support/text';

const REFEREE = 'ref@players.test';

/**
 * Issue 30, the referee's desk on PostgreSQL (Fleet Duel): ADJUST edits the board with a reason,
 * recorded as BoardAdjusted, which the engine folds and the audit re-applies; a fork adopted as the
 * game's continuation rolls the game back to the fork point with a fresh dice chain and replays the
 * fork's orders on it. Each game is then verified as `umpire verify` does.
 */
describe('ADJUST and adopting a fork', () => {
  let h: ServiceHarness;
  let s: Services;
  beforeAll(async () => {
    h = await startServices('adjustadopt', { DEADLINE_MINUTES: '600' });
    s = h.s;
  });
  afterAll(() => stopServices(h));

  const apply = (gameId: string, key: string, kind: string, payload: unknown) => applyCommand(s, gameId, key, kind, payload);
  const orders = (gameId: string, side: string, text: string) =>
    apply(gameId, `${gameId}:${side}:${text}:${Math.random()}`, 'game.orders', { gameId, side, text, via: 'test' });
  const log = (gameId: string) => s.events.read(gameId);
  const create = (gameId: string) =>
    apply(gameId, `${gameId}:create`, 'game.create', { gameId, ruleset: 'fleet-duel', sides: DUEL_SIDES, referee: REFEREE });

  async function expectVerifies(gameId: string): Promise<void> {
    expect(await s.events.verify(gameId)).toMatchObject({ ok: true });
    const all = await log(gameId);
    const live = liveEngineEvents(all).map(toEngineEvent);
    expect(verifyGameLog(live).ok).toBe(true);
    expect(auditGameLog(live, (await s.games.load(gameId)).ruleset).firstMismatch).toBeNull();
    const r = verifyStoredLog(all, { running: Object.values(registry) });
    expect(r.lines.filter((l) => l.startsWith('BROKEN'))).toEqual([]);
    expect(r.ok).toBe(true);
  }

  /** Both sides order the same moves each turn (the retreat step: hold) until the game ends. */
  async function playOut(gameId: string): Promise<void> {
    for (let i = 0; i < 40 && (await s.games.load(gameId)).state.step; i++) {
      const step = (await s.games.load(gameId)).state.step!;
      if (step.id.endsWith('/retreat')) await orders(gameId, step.owes[0], 'RETREAT');
      else {
        await orders(gameId, 'red', 'MOVE center');
        await orders(gameId, 'blue', 'MOVE center');
      }
    }
    expect((await s.games.load(gameId)).state.result).not.toBeNull();
  }

  it('ADJUST edits the board with its reason; refused edits change nothing; the game plays on and verifies', async () => {
    // given a Fleet Duel game in turn 1
    const gameId = 'G-adjust';
    await create(gameId);
    const head = (await s.games.load(gameId)).head;
    // when the referee sends edits that are no good
    for (const [key, text, why] of [
      ['a1', 'fleets.blue.ships = 1', /BECAUSE/],
      ['a2', 'fleets.green.ships = 1 BECAUSE x', /no fleets.green/],
      ['a3', 'fleets.blue.ships = one BECAUSE x', /not JSON/],
      ['a4', 'phase = "over" BECAUSE x', /change the step in play/],
    ] as const) {
      const out = await apply(gameId, key, 'game.adjust', { gameId, text, referee: REFEREE, replyTo: REFEREE });
      // then each is refused, saying what was wrong, and nothing is recorded
      expect(out.status).toBe('rejected');
      expect(JSON.stringify(out.result)).toMatch(why);
    }
    expect((await s.games.load(gameId)).head).toEqual(head);

    // when the referee takes a ship from blue, with a reason
    const out = await apply(gameId, 'a5', 'game.adjust', {
      gameId,
      text: 'fleets.blue.ships = 1; fleets.red.posture = "cautious" BECAUSE blue counted a sunk ship',
      referee: REFEREE,
      replyTo: REFEREE,
    });
    expect(out.status).toBe('applied');
    // then the board holds the edit, the log the ruling (its referee in the metadata), and every side is told
    const game = await s.games.load(gameId);
    expect((game.state.rules as { fleets: { blue: { ships: number } } }).fleets.blue.ships).toBe(1);
    const edit = (await log(gameId)).find((e) => e.type === 'BoardAdjusted')!;
    expect(edit.payload).toMatchObject({ stepId: 't1/orders', reason: 'blue counted a sunk ship', visibleTo: 'all' });
    expect(edit.metadata).toMatchObject({ referee: REFEREE });
    const told = (await s.outbox.byGame(gameId)).filter(
      (m) => m.recipient === 'red@players.test' && String(m.payload.text).includes('board was adjusted'),
    );
    expect(flat(String(told[0].payload.text))).toContain('blue counted a sunk ship');
    // and the game plays to its end from the adjusted board, and verifies (the audit re-applies the edit)
    await playOut(gameId);
    await expectVerifies(gameId);
    // a side's bundle shows the ruling and its reason, not the referee's address
    const files = bundleFiles({
      log: await log(gameId),
      view: 'red',
      serviceTypes: SERVICE_EVENT_TYPES,
      umpireVersion: 'test',
      exportedAt: new Date().toISOString(),
    });
    const line = String((files as unknown as Record<string, unknown>)['events.jsonl'])
      .split('\n')
      .find((l) => l.includes('BoardAdjusted'))!;
    expect(JSON.parse(line)).toMatchObject({ redacted: true, disclosed: { reason: 'blue counted a sunk ship', edits: expect.any(Array) } });
    expect(line).not.toContain(REFEREE);
  });

  it('a fork adopted: the game rolled back to the fork point with a fresh chain, the fork’s orders replayed, and it verifies', async () => {
    // given a game past its first turn and a fork of it at t1/orders where blue went south
    const gameId = 'G-adopt';
    await create(gameId);
    await orders(gameId, 'red', 'MOVE north');
    await orders(gameId, 'blue', 'MOVE center');
    if ((await s.games.load(gameId)).state.step?.id.endsWith('/retreat')) await orders(gameId, 'red', 'RETREAT');
    const parentAnchor = ((await log(gameId))[0].payload as { seedAnchor: string }).seedAnchor;
    const forked = await apply('G-adoptf', 'fork', 'game.fork', {
      parentId: gameId,
      gameId: 'G-adoptf',
      target: { stepId: 't1/orders' },
      orders: { blue: 'MOVE south' },
      referee: REFEREE,
    });
    expect(forked.status).toBe('applied');
    const forkStep = (await s.games.load('G-adoptf')).state.step!.id;

    // when the referee adopts the fork
    const out = await apply(gameId, 'adopt', 'game.adopt', {
      gameId,
      forkId: 'G-adoptf',
      reason: 'blue’s orders were lost in the mail',
      referee: REFEREE,
    });
    expect(out.status).toBe('applied');
    const all = await log(gameId);
    // then the game was rolled back to the fork point and renewed its dice chain from turn 1
    const renewal = all.find((e) => e.type === 'SeedChainRenewed')!.payload as { fromTurn: number; anchor: string };
    expect(renewal.fromTurn).toBe(1);
    expect(renewal.anchor).not.toBe(parentAnchor);
    expect(all.find((e) => e.type === 'RolledBack')!.payload).toMatchObject({ stepId: 't1/orders', orders: 'resend' });
    // and the fork's orders were replayed: blue went south, as in the fork, and play is where the fork's was
    const adopted = all.find((e) => e.type === 'ForkAdopted')!;
    expect(adopted.payload).toMatchObject({ forkId: 'G-adoptf', steps: ['t1/orders'], referee: REFEREE });
    const blue = liveEngineEvents(all).find(
      (e) => e.type === 'OrdersRevealed' && (e.payload as { side: string }).side === 'blue' && e.seq > adopted.seq - 20,
    );
    expect(JSON.stringify(blue?.payload)).toMatch(/south/i);
    expect((await s.games.load(gameId)).state.step?.id).toBe(forkStep);
    await expectVerifies(gameId);
    // a fork of the adopted game rolls from the renewed chain it takes along
    const again = await apply('G-adoptf2', 'fork-2', 'game.fork', {
      parentId: gameId,
      gameId: 'G-adoptf2',
      target: { stepId: 't1/orders' },
      orders: { blue: 'MOVE north' },
      referee: REFEREE,
    });
    expect(again.status).toBe('applied');
    await expectVerifies('G-adoptf2');
    // a fork of another game, or an unknown fork, is refused
    expect((await apply(gameId, 'adopt-2', 'game.adopt', { gameId, forkId: 'G-nofork', reason: 'x', referee: REFEREE })).status).toBe(
      'rejected',
    );
  });
});
