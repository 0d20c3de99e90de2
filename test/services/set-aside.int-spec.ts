/**
 * Issue 24, "every line set aside is listed": at ingest (real PostgreSQL and Redis, a VITP game),
 * the lines the mail reader sets aside around the orders reach the player with why, in the
 * refusal as in the acknowledgment, and orders read from an attached file say so.
 */
import { MailAtRest } from '../../src/mail/at-rest';
import { applyCommand, type ServiceHarness, startServices, stopServices } from '../support/services';

describe('ingest: issue 24, lines set aside are listed in the reply', () => {
  let h: ServiceHarness;
  const gameId = 'G-aside';
  const player = 'kenji@players.test';
  beforeAll(async () => {
    h = await startServices('set-aside');
    const created = await applyCommand(h.s, gameId, `create:${gameId}`, 'game.create', {
      gameId,
      ruleset: 'vitp',
      sides: [
        { side: 'japanese', player: { address: player } },
        { side: 'allied', player: { address: 'chester@players.test' } },
      ],
    });
    expect(created.status).toBe('applied');
  });
  afterAll(() => stopServices(h));

  /** ingest one mail (body as MIME lines after the headers), apply the game's inbox, and give the newest reply of `kind` as sent */
  const send = async (id: string, mime: string[], kind: string) => {
    const s = h.s;
    const to = s.composer.replyAddressFor(gameId, 'japanese', player);
    const raw = Buffer.from(
      [`From: ${player}`, `To: ${to}`, 'Subject: Re: orders', `Message-ID: <${id}@players.test>`, 'MIME-Version: 1.0', ...mime, ''].join(
        '\r\n',
      ),
    );
    const result = await s.ingest.ingest((await s.inbound.receive('test', raw)).id);
    expect(result.status).toBe('processed');
    await s.inbox.drain(gameId, s.bus.apply, 1000, (c, e) => s.gameService.commandFailed(c, e));
    const row = (await s.outbox.recentTo(gameId, player)).find((r) => r.kind === kind);
    expect(row).toBeDefined();
    return new MailAtRest(s.config.UMPIRE_SECRET).open(row!);
  };

  it('every line set aside is listed: a refusal of orders from an attached file names the file and the body lines set aside', async () => {
    const refusal = await send(
      'aside-1',
      [
        'Content-Type: multipart/mixed; boundary="b1"',
        '',
        '--b1',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Hi, my orders are attached.',
        '--b1',
        'Content-Type: text/plain; charset=utf-8',
        'Content-Disposition: attachment; filename="orders.txt"',
        '',
        'RAID FORCE akgi',
        '--b1--',
      ],
      'rejection',
    );
    expect(refusal.text).toContain('The orders were read from the attached file "orders.txt"');
    expect(refusal.text).toMatch(
      /Lines set aside, not read as orders:\n {2}line 1: Hi, my orders are attached\.\n {4}set aside, not read: in the mail's text/,
    );
    expect(refusal.text).toContain('RAID FORCE akgi');
  });

  it('every line set aside is listed: a greeting above accepted orders is set aside and named in the acknowledgment', async () => {
    const ack = await send(
      'aside-2',
      [
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Hi,',
        '',
        'My orders for this turn:',
        '- RAID FORCE akagi, kaga # the historical pair',
        '',
        'Kenji',
      ],
      'ack',
    );
    expect(ack.text).toMatch(/1\. Hi,\s+=> set aside, not read: not an order \(above the first order\)/);
    expect(ack.text).toMatch(/3\. My orders for this turn:\s+=> set aside, not read: not an order \(above the first order\)/);
    expect(ack.text).toMatch(/6\. Kenji\s+=> set aside, not read: not an order \(below the last order/);
    expect(ack.text).toMatch(/RAID FORCE .*akagi.*kaga/i);
    const raid = (await h.s.events.read(gameId)).filter((e) => e.type === 'OrdersAccepted' || e.type === 'OrdersSubmitted');
    expect(raid).toHaveLength(1);
  });
});
