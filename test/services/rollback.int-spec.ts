import { auditGameLog, verifyGameLog } from '../../src/engine/game';
import type { Services } from '../../src/services/container';
import { SERVICE_EVENT_TYPES, liveEngineEvents, toEngineEvent } from '../../src/services/game-repository';
import { checkVoidedDice } from '../../src/engine/voids';
import { type ServiceHarness, startServices, stopServices, applyCommand, DUEL_SIDES } from '../support/services';
import { flat } from '../support/text';

const REFEREE = 'ref@players.test';

/**
 * The referee's desk on PostgreSQL: ROLLBACK voids a tail without deleting it (chain, dice and
 * re-adjudication still verify), PREVIEW records nothing and never asks for the game's seed,
 * REPLACE hands a seat over, fork shares its parent's prefix and leaves the parent alone.
 */
describe('rollback, preview, replace and fork', () => {
  let h: ServiceHarness;
  let s: Services;
  const now = new Date('2026-11-21T12:00:00Z');
  beforeAll(async () => {
    h = await startServices('rollback', { DEADLINE_MINUTES: '600' }, { clock: () => now });
    s = h.s;
  });
  afterAll(() => stopServices(h));

  const apply = (gameId: string, key: string, kind: string, payload: unknown) => applyCommand(s, gameId, key, kind, payload);
  const mailTo = async (gameId: string, to: string) => (await s.outbox.byGame(gameId)).filter((m) => m.recipient === to);
  const orders = (gameId: string, side: string, text: string) =>
    apply(gameId, `${gameId}:${side}:${text}:${Math.random()}`, 'game.orders', { gameId, side, text, via: 'test' });
  const log = (gameId: string) => s.events.read(gameId);

  /** A game whose turn-1 fleets met and fought a round with a loser (the dice are the game's own: a tie sends us to another game). */
  async function gameAtRetreat(prefix: string): Promise<string> {
    for (let i = 0; i < 12; i++) {
      const gameId = `G-${prefix}${i}`;
      await apply(gameId, `${gameId}:create`, 'game.create', { gameId, ruleset: 'fleet-duel', sides: DUEL_SIDES, referee: REFEREE });
      await orders(gameId, 'red', 'MOVE center');
      await orders(gameId, 'blue', 'MOVE center');
      if ((await s.games.load(gameId)).state.step?.id === 't1/retreat') return gameId;
    }
    throw new Error('twelve games in a row tied their battle');
  }

  async function expectVerifies(gameId: string): Promise<void> {
    expect(await s.events.verify(gameId)).toMatchObject({ ok: true });
    const game = await s.games.load(gameId);
    const live = liveEngineEvents(await log(gameId)).map(toEngineEvent);
    expect(verifyGameLog(live).ok).toBe(true);
    expect(auditGameLog(live, game.ruleset).ok).toBe(true);
    expect(checkVoidedDice(await log(gameId), (t) => SERVICE_EVENT_TYPES.has(t)).broken).toBeUndefined();
  }

  it('ROLLBACK (orders resend) voids the step and what followed, keeps them in the chain, tells every side, and the game finishes', async () => {
    const gameId = await gameAtRetreat('rb');
    const before = await log(gameId);
    const firstDie = before.find((e) => e.type === 'DieRolled')!;
    const out = await apply(gameId, 'mail:rb1:ROLLBACK:1', 'game.rollback', {
      gameId,
      target: { stepId: 't1/orders' },
      orders: 'resend',
      reason: 'blue orders were sent in time but quarantined',
      referee: REFEREE,
      replyTo: REFEREE,
    });
    expect(out.status).toBe('applied');
    const after = await log(gameId);
    const rolled = after.find((e) => e.type === 'RolledBack')!;
    expect(rolled.payload).toMatchObject({ stepId: 't1/orders', orders: 'resend', referee: REFEREE, undone: ['t1/orders'] });
    // nothing deleted: the voided dice are still in the log, at their seqs, with their hashes
    expect(after.find((e) => e.seq === firstDie.seq)).toEqual(firstDie);
    const game = await s.games.load(gameId);
    expect(game.state.step?.id).toBe('t1/orders');
    expect(game.state.submissions).toEqual({}); // resend: the sealed orders of the step are void too
    await expectVerifies(gameId);
    for (const to of ['red@players.test', 'blue@players.test', REFEREE]) {
      const told = (await mailTo(gameId, to)).filter((m) => String(m.payload.text).includes('rolled back to t1/orders'));
      expect(told.length).toBeGreaterThanOrEqual(1);
      expect(flat(String(told[0].payload.text))).toContain('blue orders were sent in time but quarantined');
    }
    // a fresh load (the snapshot taken at the rollback) gives the same state as the whole replay
    expect((await s.games.load(gameId)).state).toEqual(game.state);

    // play resumes at the step and goes on to the end
    for (let turn = 1; ; turn++) {
      const g = await s.games.load(gameId);
      if (!g.state.step) break;
      if (turn > 20) throw new Error('the game did not end');
      if (g.state.step.id.endsWith('/retreat')) await orders(gameId, g.state.step.owes[0], 'RETREAT');
      else {
        await orders(gameId, 'red', 'MOVE north');
        await orders(gameId, 'blue', 'MOVE south');
      }
    }
    expect((await s.games.load(gameId)).state.result).not.toBeNull();
    await expectVerifies(gameId);
    // the voided dice too: recomputed from their voided StepResolved and the seed turn 1 revealed since
    expect(checkVoidedDice(await log(gameId), (t) => SERVICE_EVENT_TYPES.has(t))).toMatchObject({ sealed: 0, checked: expect.any(Number) });
    expect(checkVoidedDice(await log(gameId), (t) => SERVICE_EVENT_TYPES.has(t)).checked).toBeGreaterThan(0);
  });

  it('ROLLBACK with orders kept re-rolls nothing: FORCE resolves the same orders with the same dice', async () => {
    const gameId = await gameAtRetreat('rk');
    const faces = (events: Awaited<ReturnType<typeof log>>) =>
      liveEngineEvents(events)
        .filter((e) => e.type === 'DieRolled')
        .map((e) => (e.payload as { face: number }).face);
    const first = faces(await log(gameId));
    await apply(gameId, 'rk-roll', 'game.rollback', {
      gameId,
      target: { stepId: 't1/orders' },
      orders: 'kept',
      reason: 'rule 3.1 misread',
    });
    const g = await s.games.load(gameId);
    expect(g.state.step?.id).toBe('t1/orders');
    expect(Object.keys(g.state.submissions).sort()).toEqual(['blue', 'red']);
    expect(faces(await log(gameId))).toEqual([]);
    await apply(gameId, 'rk-force', 'game.force', { gameId });
    expect(faces(await log(gameId))).toEqual(first);
    await expectVerifies(gameId);
  });

  it('refuses a rollback to a step that never resolved, or without a reason, and changes nothing', async () => {
    const gameId = 'G-rbref';
    await apply(gameId, 'ref-create', 'game.create', { gameId, ruleset: 'fleet-duel', sides: DUEL_SIDES, referee: REFEREE });
    await orders(gameId, 'red', 'MOVE north');
    await orders(gameId, 'blue', 'MOVE south');
    expect((await s.games.load(gameId)).state.step?.id).toBe('t2/orders');
    const head = (await s.games.load(gameId)).head;
    const never = await apply(gameId, 'ref-1', 'game.rollback', { gameId, target: { stepId: 't9/orders' }, orders: 'kept', reason: 'x' });
    expect(never.status).toBe('rejected');
    expect(JSON.stringify(never.result)).toMatch(/no step t9\/orders has resolved/);
    const inPlay = await apply(gameId, 'ref-3', 'game.rollback', { gameId, target: { stepId: 't2/orders' }, orders: 'kept', reason: 'x' });
    expect(JSON.stringify(inPlay.result)).toMatch(/t2\/orders is the step in play/);
    const bare = await apply(gameId, 'ref-2', 'game.rollback', { gameId, target: { eventSeq: 3 }, orders: 'kept', reason: ' ' });
    expect(bare.status).toBe('rejected');
    expect(JSON.stringify(bare.result)).toMatch(/needs a reason/);
    expect((await s.games.load(gameId)).head).toEqual(head);
    const refusals = (await mailTo(gameId, REFEREE)).filter((m) => m.kind === 'rejection');
    expect(refusals.map((m) => String(m.payload.text)).join('\n')).toMatch(/ROLLBACK TO/);
  });

  it('PREVIEW shows the outcome to the referee, records nothing, and never uses the game seed', async () => {
    const gameId = 'G-preview';
    await apply(gameId, 'pv-create', 'game.create', { gameId, ruleset: 'fleet-duel', sides: DUEL_SIDES, referee: REFEREE });
    await orders(gameId, 'red', 'MOVE center');
    const head = (await s.games.load(gameId)).head;
    // the game's seed secret is never read: take it away and the preview still runs
    const sealed = await s.table.seedSecret(s.db, gameId);
    await s.db.query('DELETE FROM game_secrets WHERE game_id = $1', [gameId]);
    const out = await apply(gameId, 'pv-1', 'game.preview', { gameId, replyTo: REFEREE });
    await s.table.saveSeedSecret(s.db, gameId, sealed!);
    expect(out.status).toBe('applied');
    expect((await s.games.load(gameId)).head).toEqual(head);
    const shown = (await mailTo(gameId, REFEREE)).find((m) => m.kind === 'confirmation' && String(m.payload.text).includes('PREVIEW'))!;
    expect(flat(String(shown.payload.text))).toContain('NOTHING WAS RECORDED');
    expect(flat(String(shown.payload.text))).toMatch(/DICE ARE NOT THE GAME'S/);
    expect(flat(String(shown.payload.text))).toMatch(/Turn 1/);
    // the players hear nothing of it
    expect((await mailTo(gameId, 'blue@players.test')).some((m) => String(m.payload.text).includes('PREVIEW'))).toBe(false);
  });

  it('REPLACE hands a seat to a new address: SeatReplaced, the old player told, the new one welcomed with another SECRET', async () => {
    const gameId = 'G-replace';
    await apply(gameId, 'rp-create', 'game.create', { gameId, ruleset: 'fleet-duel', sides: DUEL_SIDES, referee: REFEREE });
    const out = await apply(gameId, 'rp-1', 'game.replace', {
      gameId,
      side: 'blue',
      address: 'navy@players.test',
      reason: 'moved abroad',
      replyTo: REFEREE,
    });
    expect(out.status).toBe('applied');
    const g = await s.games.load(gameId);
    expect(g.state.game!.sides.find((x) => x.side === 'blue')!.player.address).toBe('navy@players.test');
    expect((await log(gameId)).find((e) => e.type === 'SeatReplaced')!.payload).toMatchObject({
      previous: 'blue@players.test',
      concerns: [1],
    });
    const old = await mailTo(gameId, 'blue@players.test');
    expect(old.some((m) => String(m.payload.text).includes('handed your seat'))).toBe(true);
    const welcome = (await mailTo(gameId, 'navy@players.test')).find((m) => m.kind === 'welcome')!;
    const newSecret = s.gameService.playerSecret(gameId, 'blue', 'navy@players.test');
    expect(newSecret).not.toBe(s.gameService.playerSecret(gameId, 'blue', 'blue@players.test'));
    expect(flat(String(welcome.payload.text))).toContain(newSecret);
    const again = await apply(gameId, 'rp-2', 'game.replace', { gameId, side: 'blue', address: 'navy@players.test' });
    expect(again.status).toBe('rejected');
    await expectVerifies(gameId);
  });

  it("NOTE ON names the event a ruling concerns (an event the log lacks is refused); VIEW mails the referee a side's report", async () => {
    const gameId = 'G-noteon';
    await apply(gameId, 'no-create', 'game.create', { gameId, ruleset: 'fleet-duel', sides: DUEL_SIDES, referee: REFEREE });
    const note = await apply(gameId, 'no-1', 'referee.note', {
      text: 'The setup stands.',
      actor: 'referee',
      replyTo: REFEREE,
      concerns: [1],
    });
    expect(note.status).toBe('applied');
    expect((await log(gameId)).find((e) => e.type === 'NoteAdded' && (e.payload as { concerns?: number[] }).concerns)!.payload).toEqual({
      text: 'The setup stands.',
      concerns: [1],
      referee: REFEREE,
    });
    // the CLI's `umpire note G-x ON 1 <text>` submits the words as they are
    await apply(gameId, 'no-cli', 'referee.note', { text: 'ON 1 Setup checked again.', actor: 'referee' });
    expect((await log(gameId)).at(-1)!.payload).toMatchObject({ text: 'Setup checked again.', concerns: [1] });
    const head = (await s.games.load(gameId)).head;
    const bad = await apply(gameId, 'no-2', 'referee.note', { text: 'x', actor: 'referee', replyTo: REFEREE, concerns: [999] });
    expect(bad.status).toBe('rejected');
    expect(JSON.stringify(bad.result)).toMatch(/no event 999/);
    expect((await s.games.load(gameId)).head).toEqual(head);

    const view = await apply(gameId, 'vw-1', 'game.view', { gameId, side: 'blue', replyTo: REFEREE });
    expect(view.status).toBe('applied');
    const mailed = (await mailTo(gameId, REFEREE)).find((m) => String(m.payload.text).includes('VIEW blue'))!;
    expect(flat(String(mailed.payload.text))).toMatch(/side blue/);
    expect((await s.games.load(gameId)).head).toEqual(head);
    expect((await apply(gameId, 'vw-2', 'game.view', { gameId, side: 'green', replyTo: REFEREE })).status).toBe('rejected');
  });

  it('fork: a new game sharing the prefix by content and hash, re-adjudicated with other orders; the parent untouched', async () => {
    const parent = await gameAtRetreat('fp');
    const parentLog = await log(parent);
    const cut = parentLog.find((e) => e.type === 'OrdersRevealed')!.seq - 1;
    const out = await apply('G-forked', 'fork-1', 'game.fork', {
      parentId: parent,
      gameId: 'G-forked',
      target: { stepId: 't1/orders' },
      orders: { blue: 'MOVE south' },
    });
    expect(out.status).toBe('applied');
    expect(await log(parent)).toEqual(parentLog);
    const forked = await log('G-forked');
    const marker = forked.find((e) => e.type === 'GameForked')!;
    expect(marker.payload).toMatchObject({ parentGameId: parent, atSeq: cut, parentHash: parentLog[cut - 1].hash });
    expect(forked.slice(0, cut).map((e) => [e.type, e.payload])).toEqual(parentLog.slice(0, cut).map((e) => [e.type, e.payload]));
    const g = await s.games.load('G-forked');
    expect(g.state.step?.id).not.toBe('t1/orders'); // re-adjudicated: blue went south, no battle
    const battle = (e: (typeof forked)[number]) =>
      e.type === 'RulesApplied' && (e.payload as { event: { type: string } }).event.type === 'BattleJoined';
    expect(liveEngineEvents(forked).some((e) => e.seq > marker.seq && battle(e))).toBe(false);
    expect(parentLog.some(battle)).toBe(true);
    // the fork's players are never mailed
    expect((await s.outbox.byGame('G-forked')).every((m) => m.recipient === REFEREE)).toBe(true);
    await expectVerifies('G-forked');
  });
});
