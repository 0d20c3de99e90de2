/**
 * Issue 24, "every line set aside is listed": at ingest (real PostgreSQL and Redis, a VITP game),
 * the lines the mail reader sets aside around the orders reach the player with why, in the
 * refusal as in the acknowledgment, and orders read from an attached file say so.
 */
import { MailAtRest } from '../../src/mail/at-rest';
import { applyCommand, type ServiceHarness, startServices, stopServices } from '../support/services';
import { flat } from '../support/text';

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
  const send = async (id: string, mime: string[], kind: string, status = 'processed') => {
    const s = h.s;
    const to = s.composer.replyAddressFor(gameId, 'japanese', player);
    const raw = Buffer.from(
      [`From: ${player}`, `To: ${to}`, 'Subject: Re: orders', `Message-ID: <${id}@players.test>`, 'MIME-Version: 1.0', ...mime, ''].join(
        '\r\n',
      ),
    );
    const result = await s.ingest.ingest((await s.inbound.receive('test', raw)).id);
    expect(result.status).toBe(status);
    await s.inbox.drain(gameId, s.bus.apply, 1000, (c, e) => s.gameService.commandFailed(c, e));
    const rows = (await s.outbox.recentTo(gameId, player)).map((r) => ({
      kind: r.kind,
      mail: new MailAtRest(s.config.UMPIRE_SECRET).open(r),
    }));
    // orders that complete their step are acknowledged inside the side's report (issue 28: one mail, not two)
    const found =
      rows.find((r) => r.kind === kind) ?? rows.find((r) => kind === 'ack' && r.kind === 'report' && /were taken/.test(r.mail.text));
    expect(found).toBeDefined();
    return found!.mail;
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
    expect(flat(refusal.text)).toContain(flat('The orders were read from the attached file "orders.txt"'));
    expect(refusal.text).toMatch(
      /Lines set aside, not read as orders:\n {2}line 1: Hi, my orders are attached\.\n {4}set aside, not read: in the mail's text/,
    );
    expect(flat(refusal.text)).toContain(flat('RAID FORCE akgi'));
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
    expect(flat(ack.text)).toMatch(/line 1: Hi, set aside, not read: not an order \(above the first order\)/);
    expect(flat(ack.text)).toMatch(/line 3: My orders for this turn: set aside, not read: not an order \(above the first order\)/);
    expect(flat(ack.text)).toMatch(/line 6: Kenji set aside, not read: not an order \(below the last order/);
    expect(flat(ack.text)).toMatch(/RAID FORCE .*akagi.*kaga/i);
    const raid = (await h.s.events.read(gameId)).filter((e) => e.type === 'OrdersAccepted' || e.type === 'OrdersSubmitted');
    expect(raid).toHaveLength(1);
  });

  /** a plain-text mail whose lines all end up set aside: the refusal "holds no orders or commands", as sent */
  const empty = async (id: string, ...body: string[]) => {
    const before = await h.s.events.read(gameId);
    const refusal = await send(id, ['Content-Type: text/plain; charset=utf-8', '', ...body], 'rejection', 'rejected');
    expect(flat(refusal.text)).toContain(flat('The message holds no orders or commands'));
    // nothing was changed
    expect(await h.s.events.read(gameId)).toHaveLength(before.length);
    return refusal;
  };

  it('every line set aside is listed: a mail of a signature only is refused listing each line with why, and says where orders go', async () => {
    const { text } = await empty('empty-1', '-- ', 'Kenji Sato', 'Tokyo Wargames Club');
    expect(flat(text)).toContain('all 3 of its lines were set aside');
    expect(text).toMatch(
      /Lines set aside, not read as orders:\n {2}line 1: --\n {4}set aside, not read: signature separator "--"\n {2}line 2: Kenji Sato\n {4}set aside, not read: signature separator "--"\n {2}line 3: Tokyo Wargames Club\n/,
    );
    expect(flat(text)).toMatch(
      /What would be right: Write your orders one per line, above your signature and sign-off; or a command such as STATUS, or HELP/,
    );
  });

  it('every line set aside is listed: lines after END, a comment and a quoted mail (a long quote as one entry) are named with why', async () => {
    const { text } = await empty('empty-2', '# will send the rest tonight', 'END', 'PATROL hosho TO Japanese Islands');
    expect(text).toMatch(/line 1: # will send the rest tonight\n {4}set aside, not read: a comment \(a line starting with #\)/);
    expect(text).toMatch(/line 2: END\n {4}set aside, not read: the line END ends the orders/);
    expect(text).toMatch(/line 3: PATROL hosho TO Japanese Islands\n {4}set aside, not read: the line END ends the orders/);
    expect(flat(text)).toMatch(/before a line END \(nothing after it is read\), without a # in front/);

    const { text: quoted } = await empty(
      'empty-3',
      'On Sat, 21 Nov 2026 at 20:00, Umpire <umpire@umpire.test> wrote:',
      '> Game G-aside (Victory in the Pacific), side japanese, turn 1',
      '> How to answer: reply to this mail with your orders, one per line.',
      '> PATROL hosho TO Japanese Islands',
      '> RAIDERS ise, nachi, ashigara',
      '> If nothing comes by the deadline: these orders apply:',
    );
    expect(quoted).toMatch(/line 1: On Sat, 21 Nov 2026 at 20:00, Umpire <umpire@umpire.test> wrote:\n {4}set aside, not read: /);
    expect(flat(quoted)).toMatch(/line 2: > Game G-aside .* set aside, not read: quoted with ">" \(this line and 4 more to line 6\)/);
    expect(quoted).not.toContain('line 3:');
    expect(quoted).toContain('above the quoted mail (not inside it)');
  });

  it('every line set aside is listed: a SECRET word in a mail that holds nothing else is masked in the list', async () => {
    const refusal = await empty('empty-4', 'SECRET swordfish', '', '-- ', 'Kenji');
    const { text } = refusal;
    expect(text).toMatch(/line 1: SECRET ••••\n {4}set aside, not read: a GAME, SIDE, TURN or SECRET line/);
    expect(text).toMatch(/line 4: Kenji\n/);
    expect(JSON.stringify(refusal)).not.toContain('swordfish');
  });

  it("every line set aside is listed: a greeting alone is the game's to refuse, naming the line and the order syntax", async () => {
    const refusal = await send('empty-5', ['Content-Type: text/plain; charset=utf-8', '', 'Hi,', '', 'Cheers,', 'Kenji'], 'rejection');
    // no order is invented and none is dropped: the line is named as no order, with the step's syntax
    expect(refusal.text).toMatch(/line 1: Hi,\n {4}problem: not an order I know\n {4}try: \S/);
    expect(flat(refusal.text)).toContain(flat('Nothing was changed'));
  });
});
