/**
 * Digest delivery (issue 10 item 2) on PostgreSQL: a side gets a report when the step asks
 * something of it and at the end of each turn; what happened in between folds into its next
 * report, seen as that side may see it. DIGEST EVERY keeps a report after every step; DIGEST TURN
 * only the turn's.
 */
import type { Services } from '../../src/services/container';
import { applyCommand, DUEL_SIDES, type ServiceHarness, startServices, stopServices } from '../support/services';

describe('digest delivery', () => {
  let h: ServiceHarness;
  let s: Services;
  beforeAll(async () => {
    h = await startServices('digest');
    s = h.s;
  });
  afterAll(() => stopServices(h));

  const reportsTo = async (gameId: string, address: string) =>
    (await s.outbox.byRecipient(address)).filter((r) => r.gameId === gameId && r.kind === 'report');

  /**
   * A game whose first turn ends in a battle with a loser, who must decide (3.3): the dice come
   * from each game's own seeds, so games are tried until one gives a battle with a loser.
   */
  async function gameWithRetreat(prefix: string, setup: (gameId: string) => Promise<void> = async () => {}) {
    for (let i = 0; i < 12; i++) {
      const gameId = `G-${prefix}${i}`;
      await applyCommand(s, gameId, `create:${gameId}`, 'game.create', { gameId, ruleset: 'fleet-duel', sides: DUEL_SIDES });
      await setup(gameId);
      await applyCommand(s, gameId, `${gameId}:red1`, 'game.orders', {
        gameId,
        side: 'red',
        text: 'MOVE center\nPOSTURE aggressive',
        via: 'test',
      });
      await applyCommand(s, gameId, `${gameId}:blue1`, 'game.orders', { gameId, side: 'blue', text: 'MOVE center', via: 'test' });
      const step = (await s.games.load(gameId)).state.step;
      if (step?.id === 't1/retreat') return { gameId, loser: step.owes[0] as 'red' | 'blue' };
    }
    throw new Error('no battle with a loser in 12 games (each round has a loser 5 times in 6)');
  }
  const addressOf = (side: string) => DUEL_SIDES.find((x) => x.side === side)!.player.address;

  it('by default (ACTION) holds the winner’s report while the loser decides, then tells the winner everything at the turn’s end', async () => {
    const { gameId, loser } = await gameWithRetreat('act');
    const winner = loser === 'red' ? 'blue' : 'red';
    // the battle resolved into the loser's decision: only the loser is asked, so only the loser is mailed
    expect(await reportsTo(gameId, addressOf(loser))).toHaveLength(1);
    expect(await reportsTo(gameId, addressOf(winner))).toHaveLength(0);
    await applyCommand(s, gameId, `${gameId}:retreat`, 'game.orders', { gameId, side: loser, text: 'RETREAT', via: 'test' });
    const game = await s.games.load(gameId);
    expect(game.state.step?.id).toBe('t2/orders');
    const [summary] = await reportsTo(gameId, addressOf(winner));
    expect(summary).toBeDefined();
    // the held story comes whole: the battle round the winner was never mailed about, and the retreat
    expect(summary.payload.text).toMatch(new RegExp(`Battle round 1: red \\d+, blue \\d+; ${loser} loses`));
    expect(summary.payload.text).toContain(`The ${loser} fleet retreats.`);
    expect(await reportsTo(gameId, addressOf(loser))).toHaveLength(2);
  });

  it('DIGEST EVERY keeps a report after every step; the setting is confirmed and recorded in the log', async () => {
    const { gameId, loser } = await gameWithRetreat('every', async (id) => {
      for (const side of ['red', 'blue']) {
        const out = await applyCommand(s, id, `${id}:digest:${side}`, 'game.digest', {
          gameId: id,
          viewer: side,
          mode: 'every',
          replyTo: addressOf(side),
        });
        expect(out.status).toBe('applied');
      }
    });
    const winner = loser === 'red' ? 'blue' : 'red';
    expect(await reportsTo(gameId, addressOf(winner))).toHaveLength(1);
    const confirmations = (await s.outbox.byRecipient(addressOf(winner))).filter((r) => r.gameId === gameId && r.kind === 'confirmation');
    expect(confirmations[0].payload.text).toMatch(/a mail after every step/);
    expect((await s.events.read(gameId)).filter((e) => e.type === 'DigestSet')).toHaveLength(2);
  });

  it('DIGEST TURN mails a side only when a turn ends, even when it is asked to decide', async () => {
    const { gameId, loser } = await gameWithRetreat('turn', async (id) => {
      await applyCommand(s, id, `${id}:digest`, 'game.digest', { gameId: id, viewer: 'red', mode: 'turn' });
      await applyCommand(s, id, `${id}:digest:b`, 'game.digest', { gameId: id, viewer: 'blue', mode: 'turn' });
    });
    expect(await reportsTo(gameId, addressOf(loser))).toHaveLength(0);
    await applyCommand(s, gameId, `${gameId}:stand`, 'game.orders', { gameId, side: loser, text: 'RETREAT', via: 'test' });
    for (const side of ['red', 'blue']) expect(await reportsTo(gameId, addressOf(side))).toHaveLength(1);
  });

  it('puts the answer card first in a mail that asks for orders: the step, how to write, an example, the default, the deadline', async () => {
    const { gameId, loser } = await gameWithRetreat('card', async (id) => {
      for (const side of ['red', 'blue'])
        await applyCommand(s, id, `${id}:digest:${side}`, 'game.digest', { gameId: id, viewer: side, mode: 'every' });
    });
    const winner = loser === 'red' ? 'blue' : 'red';
    const [asked] = await reportsTo(gameId, addressOf(loser));
    expect(asked.payload.subject).toMatch(/^ACTION /);
    const text = asked.payload.text;
    const card = text.indexOf('== Your move: Turn 1: ');
    expect(card).toBeGreaterThan(0);
    expect(card).toBeLessThan(text.indexOf('== What happened =='));
    expect(text.indexOf('== What happened ==')).toBeLessThan(text.indexOf('== What you know =='));
    expect(text).toMatch(/\[t1\/retreat\]/);
    expect(text).toMatch(/Deadline: \w{3} \d+ \w{3} \d{4} \d\d:\d\d UTC/);
    expect(text).toMatch(/For example, with your own forces \(copy these lines as they stand\):\n(RETREAT|STAND)\n/);
    expect(text).toMatch(/If nothing comes by the deadline: (these orders apply:\n(RETREAT|STAND)|no orders)/);
    // a side the step does not ask gets no card
    for (const r of await reportsTo(gameId, addressOf(winner))) {
      expect(r.payload.text).not.toContain('== Your move');
      expect(r.payload.subject).toMatch(/^FYI /);
    }
  });

  it('refuses an unknown setting, changing nothing', async () => {
    const gameId = 'G-bad-digest';
    await applyCommand(s, gameId, `create:${gameId}`, 'game.create', { gameId, ruleset: 'fleet-duel', sides: DUEL_SIDES });
    const out = await applyCommand(s, gameId, `${gameId}:digest`, 'game.digest', { gameId, viewer: 'red', mode: 'weekly' });
    expect(out.status).toBe('rejected');
    expect((await s.events.read(gameId)).some((e) => e.type === 'DigestSet')).toBe(false);
    const refusal = (await s.outbox.byRecipient(addressOf('red'))).find((r) => r.gameId === gameId && r.kind === 'rejection');
    expect(refusal?.payload.text).toMatch(/DIGEST ACTION \(the default\), DIGEST TURN or DIGEST EVERY/);
  });
});
