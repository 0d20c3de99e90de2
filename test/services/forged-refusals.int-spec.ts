/**
 * Issue 24, "Forgers must not spend a player's refusals": refusals of mail that proved no sender
 * are counted apart from refusals of a player's own mail, per game, and a player's refused orders
 * are always answered. Through the mail use case on real PostgreSQL and Redis, sent by the outbox.
 */
import type { Services } from '../../src/services/container';
import { type MailTransport, type OutboundMail, REFUSALS_PER_DAY } from '../../src/store/outbox';
import { DUEL_SIDES, type ServiceHarness, startServices, stopServices } from '../support/services';

describe('issue 24: forgers must not spend a player’s refusals', () => {
  let h: ServiceHarness;
  let s: Services;
  const sent: OutboundMail[] = [];
  const transport: MailTransport = {
    async send(m) {
      sent.push(m);
    },
  };

  beforeAll(async () => {
    // an allowance wide enough that every mail below is read and answered
    h = await startServices('forged-refusals', { THROTTLE_BURST: '60', THROTTLE_PER_HOUR: '60' });
    s = h.s;
    for (const gameId of ['G-forged', 'G-own', 'G-else']) {
      await s.bus.submit(gameId, `create:${gameId}`, 'game.create', { gameId, ruleset: 'fleet-duel', sides: DUEL_SIDES });
      await s.inbox.drain(gameId, s.bus.apply);
    }
    await s.outbox.dispatch(transport, 1000);
    sent.length = 0;
  });
  afterAll(() => stopServices(h));

  const mail = (id: string, from: string, to: string, body: string) =>
    Buffer.from([`From: ${from}`, `To: ${to}`, 'Subject: hello', `Message-ID: <${id}@players.test>`, '', body, ''].join('\r\n'));
  const ingest = async (raw: Buffer) => s.ingest.ingest((await s.inbound.receive('test', raw)).id);
  const reply = (gameId: string) => s.composer.replyAddressFor(gameId, 'red', 'red@players.test');
  const refusalsTo = (gameId: string) =>
    sent.filter((m) => JSON.stringify(m.to).includes('red@players.test') && String(m.subject).includes(gameId));

  it('issue 24 forged-refusals: a dozen forgeries in a player’s name do not silence the player’s own refusals', async () => {
    // a forger, writing from red's address without red's reply address or SECRET
    for (let i = 0; i < REFUSALS_PER_DAY + 3; i++)
      expect(
        (
          await ingest(
            mail(`forged-${i}`, 'red@players.test', 'umpire@umpire.test', 'GAME G-forged\nSIDE red\nSECRET guessed\nMOVE center'),
          )
        ).status,
      ).toBe('rejected');
    await s.outbox.dispatch(transport, 1000);
    expect(refusalsTo('G-forged')).toHaveLength(REFUSALS_PER_DAY); // the forger's own budget, spent
    const forgedRows = (await s.outbox.byRecipient('red@players.test')).filter((r) => r.idempotencyKey.startsWith('forged-'));
    expect(forgedRows.filter((r) => r.status === 'suppressed')).toHaveLength(3);
    sent.length = 0;

    // red's own orders, refused by the game, and red's own empty mail: both answered
    expect((await ingest(mail('own-orders', 'red@players.test', reply('G-forged'), 'FIRE at nowhere')))?.status).toBe('processed');
    await s.inbox.drain('G-forged', s.bus.apply);
    expect((await ingest(mail('own-empty', 'red@players.test', reply('G-forged'), ' '))).status).toBe('rejected');
    await s.outbox.dispatch(transport, 1000);
    const answered = refusalsTo('G-forged');
    expect(answered).toHaveLength(2);
    expect(answered.map((m) => m.text).join('\n')).toMatch(/FIRE/);
    expect(answered.map((m) => m.text).join('\n')).toMatch(/holds no orders/);
  });

  it('issue 24 forged-refusals: a genuine refusal of orders is sent even past every other budget, and budgets are per game', async () => {
    // red's own mail that holds no orders, past the authenticated budget (a robot answering from red's account)
    for (let i = 0; i < REFUSALS_PER_DAY + 2; i++) await ingest(mail(`own-blank-${i}`, 'red@players.test', reply('G-own'), ' '));
    await s.outbox.dispatch(transport, 1000);
    expect(refusalsTo('G-own')).toHaveLength(REFUSALS_PER_DAY);
    sent.length = 0;
    // red's orders are still answered, however many refusals went before
    for (let i = 0; i < 3; i++) {
      await ingest(mail(`own-bad-${i}`, 'red@players.test', reply('G-own'), `FIRE at nowhere ${i}`));
      await s.inbox.drain('G-own', s.bus.apply);
    }
    await s.outbox.dispatch(transport, 1000);
    expect(refusalsTo('G-own')).toHaveLength(3);
    // and another game's budget is its own
    sent.length = 0;
    await ingest(mail('else-blank', 'red@players.test', reply('G-else'), ' '));
    await s.outbox.dispatch(transport, 1000);
    expect(refusalsTo('G-else')).toHaveLength(1);
  });
});
