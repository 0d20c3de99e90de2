/**
 * What a reliability probe broke (issue 16), each on the real PostgreSQL and Redis where the fault
 * lived: poison mail, id-less redelivery, reused Message-IDs, oversized and automatic mail,
 * unbounded refusals, mail loops, and what a database reader could read.
 */
import { secretWord } from '../../src/mail/auth';
import type { Services } from '../../src/services/container';
import { MAX_INGEST_ATTEMPTS } from '../../src/store/inbound';
import { type MailTransport, type OutboundMail, REFUSALS_PER_DAY } from '../../src/store/outbox';
import { DUEL_SIDES, type ServiceHarness, startServices, stopServices } from '../support/services';
import { flat } from '../support/text';

describe('reliability probe (issue 16)', () => {
  let h: ServiceHarness;
  let s: Services;
  const REFEREE = 'ref@club.test';

  beforeAll(async () => {
    h = await startServices('reliability', { THROTTLE_BURST: '3', THROTTLE_PER_HOUR: '1' });
    s = h.s;
    for (const gameId of ['G-poison', 'G-html', 'G-quar', 'G-ids', 'G-rest', 'G-loop', 'G-big']) {
      await s.bus.submit(gameId, `create:${gameId}`, 'game.create', {
        gameId,
        ruleset: 'fleet-duel',
        sides: DUEL_SIDES,
        referee: REFEREE,
      });
      await s.inbox.drain(gameId, s.bus.apply);
    }
  });
  afterAll(() => stopServices(h));

  const mail = (id: string | null, from: string, to: string, body: string, extra: string[] = []) =>
    Buffer.from(
      [
        `From: ${from}`,
        `To: ${to}`,
        ...(extra.some((x) => x.startsWith('Subject:')) ? [] : ['Subject: orders']),
        ...(id ? [`Message-ID: <${id}@players.test>`] : []),
        ...extra,
        '',
        body,
        '',
      ].join('\r\n'),
    );
  const receive = (raw: Buffer) => s.inbound.receive('test', raw);
  const reply = (gameId: string, side = 'red') => s.composer.replyAddressFor(gameId, side, `${side}@players.test`);
  const sent: { to: unknown; mail: OutboundMail }[] = [];
  const transport: MailTransport = {
    async send(m) {
      sent.push({ to: m.to, mail: m });
    },
  };

  it('reads mail holding a NUL byte (JSONB refuses U+0000) instead of failing it for ever', async () => {
    const { id } = await receive(mail('nul', 'red@players.test', reply('G-poison'), 'MOVE north\u0000'));
    const out = await s.ingest.ingest(id);
    expect(out.status).toBe('processed');
    await s.inbox.drain('G-poison', s.bus.apply);
    const row = await s.inbound.get(id);
    expect(row?.status).toBe('processed');
    expect(row?.attempts).toBe(1);
  });

  it('reads HTML nested 5,000 deep (the HTML-to-text step overflowed its stack) and finds the orders', async () => {
    const html = `${'<div>'.repeat(5000)}MOVE north${'</div>'.repeat(5000)}`;
    const raw = mail('deep', 'blue@players.test', reply('G-html', 'blue'), html, ['Content-Type: text/html; charset=utf-8']);
    const { id } = await receive(raw);
    const out = await s.ingest.ingest(id);
    expect(out.status).toBe('processed');
    expect(JSON.stringify(out.detail)).toContain('ORDERS');
  });

  it('quarantines a message that keeps failing: sender and referee told, never queued again, throttle charged once', async () => {
    const { id } = await receive(mail('poison2', 'blue@players.test', reply('G-quar', 'blue'), 'MOVE south'));
    const spy = jest.spyOn(s.bus, 'submit').mockRejectedValue(new Error('simulated database fault'));
    const outcomes: string[] = [];
    try {
      for (let i = 0; i < MAX_INGEST_ATTEMPTS; i++)
        outcomes.push(
          await s.ingest.ingest(id).then(
            (r) => r.status,
            (e: Error) => `threw ${e.message}`,
          ),
        );
    } finally {
      spy.mockRestore();
    }
    expect(outcomes.slice(0, -1)).toEqual(Array(MAX_INGEST_ATTEMPTS - 1).fill('threw simulated database fault'));
    expect(outcomes.at(-1)).toBe('quarantined');
    const row = await s.inbound.get(id);
    expect(row?.status).toBe('quarantined');
    expect(row?.attempts).toBe(MAX_INGEST_ATTEMPTS);
    expect(row?.throttleTaken).toBe(true);
    expect(await s.inbound.stuck(0)).not.toContain(id);
    const toBlue = (await s.outbox.byRecipient('blue@players.test')).filter((r) => r.idempotencyKey.endsWith(':quarantined'));
    expect(toBlue).toHaveLength(1);
    expect(flat(toBlue[0].payload.text)).toMatch(/could not be read by the umpire, so nothing was changed/);
    const toReferee = (await s.outbox.byRecipient(REFEREE)).filter((r) => r.idempotencyKey.endsWith(':quarantined:referee'));
    expect(toReferee).toHaveLength(1);
    expect(flat(toReferee[0].payload.text)).toContain(flat(`inbound message ${id}`));
    // the player's bucket (burst 3) was charged once for five attempts: two more mails still go through
    for (const n of [1, 2]) {
      const ok = await receive(mail(`after-${n}`, 'blue@players.test', reply('G-quar', 'blue'), 'STATUS'));
      expect((await s.ingest.ingest(ok.id)).status).toBe('processed');
    }
  });

  it('dedupes id-less mail retransmitted along another path (trace fields differ), and gives it one identity', async () => {
    const body = 'MOVE north';
    const a = mail(null, 'red@players.test', reply('G-ids'), body, ['Received: from relay-a by mx; Mon, 23 Nov 2026 10:00:00 +0000']);
    const b = mail(null, 'red@players.test', reply('G-ids'), body, [
      'Received: from relay-b by mx; Mon, 23 Nov 2026 10:05:00 +0000',
      'Received: from relay-c by relay-b; Mon, 23 Nov 2026 10:04:00 +0000',
    ]);
    const first = await receive(a);
    const again = await receive(b);
    expect(again).toMatchObject({ id: first.id, duplicate: true });
    const out = await s.ingest.ingest(first.id);
    expect(out.status).toBe('processed');
    // the keys of its commands carry the same synthesized id the inbound row has
    expect(JSON.stringify(out.detail)).not.toContain('undefined');
    expect(first.messageId).toMatch(/^sha256\.[0-9a-f]{64}@synthesized\.invalid$/);
  });

  it('stores a different message that reuses a Message-ID as its own, and records the reuse', async () => {
    const one = await receive(mail('reused', 'red@players.test', reply('G-ids'), 'STATUS'));
    const two = await receive(mail('reused', 'red@players.test', reply('G-ids'), 'HELP'));
    expect(two.duplicate).toBe(false);
    expect(two.id).not.toBe(one.id);
    expect(two.reusedIdOf).toBe(one.id);
    const out = await s.ingest.ingest(two.id);
    expect(out.status).toBe('processed');
    const listed = (await s.inbound.list(20)).find((r) => r.id === two.id);
    expect(listed?.result).toMatchObject({ reusedMessageId: 'reused@players.test', earlierInbound: one.id });
    // the same bytes again are still one message
    expect((await receive(mail('reused', 'red@players.test', reply('G-ids'), 'STATUS'))).duplicate).toBe(true);
  });

  it('bounds a forger’s 10 KB Message-ID: stored and echoed only as a hash', async () => {
    const long = `${'x'.repeat(10_000)}`;
    const stored = await receive(mail(long, 'eve@else.test', 'umpire@umpire.test', 'GAME G-ids\nSIDE red\nSECRET nope\nMOVE north'));
    expect(stored.messageId.length).toBeLessThan(120);
    await s.ingest.ingest(stored.id);
    const rows = await s.outbox.byRecipient('eve@else.test');
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(JSON.stringify(r.payload).length).toBeLessThan(20_000);
  });

  it('never answers oversized automatic mail, and throttles oversized forgeries like any stranger', async () => {
    const big = 'x'.repeat(300 * 1024);
    const autos = [
      mail('big-auto', 'red@players.test', reply('G-big'), big, ['Auto-Submitted: auto-replied']),
      mail('big-bounce', 'mailer@relay.test', reply('G-big'), big, ['Return-Path: <>']),
      mail('big-list', 'list@lists.test', reply('G-big'), big, ['List-Id: <club.lists.test>']),
    ];
    for (const raw of autos) expect((await s.ingest.ingest((await receive(raw)).id)).status).toBe('ignored');
    const statuses: string[] = [];
    for (let i = 0; i < 10; i++) {
      const { id } = await receive(mail(`big-forged-${i}`, 'forger@else.test', reply('G-big'), big));
      statuses.push((await s.ingest.ingest(id)).status);
    }
    expect(statuses.every((x) => x === 'rejected')).toBe(true);
    const answered = (await s.outbox.byRecipient('forger@else.test')).length;
    expect(answered).toBe(3); // the burst, then silence
    expect((await s.outbox.byRecipient('mailer@relay.test')).length).toBe(0);
    expect((await s.outbox.byRecipient('list@lists.test')).length).toBe(0);
  });

  it('caps a refusal: a mail of a thousand bad lines gets a short answer', async () => {
    const lines = Array.from({ length: 1000 }, (_, i) => `FIRE at sea area number ${i} with everything ${'z'.repeat(150)}`);
    const { id } = await receive(mail('many', 'red@players.test', reply('G-big'), lines.join('\n')));
    expect((await s.ingest.ingest(id)).status).toBe('processed');
    await s.inbox.drain('G-big', s.bus.apply);
    const refusals = (await s.outbox.byRecipient('red@players.test')).filter((r) => r.kind === 'rejection');
    expect(refusals.length).toBe(1);
    const size = refusals[0].payload.text.length + String(refusals[0].payload.html ?? '').length;
    expect(size).toBeLessThan(64 * 1024);
    expect(flat(refusals[0].payload.text)).toMatch(/more problems are not listed/);
  });

  it('stops answering a robot that answers every refusal (mail loop): a daily refusal budget per address', async () => {
    const robot = 'robot@players.test';
    for (let i = 0; i < REFUSALS_PER_DAY + 5; i++) {
      const draft = s.composer.rejectionDraft(`loop-${i}`, robot, 'The message holds no orders.', 'Write orders.', 'G-loop', 'red');
      await s.outbox.enqueue([draft]);
    }
    await s.outbox.dispatch(transport, 1000);
    expect(sent.filter((m) => JSON.stringify(m.to).includes(robot))).toHaveLength(REFUSALS_PER_DAY);
    const rows = await s.outbox.byRecipient(robot);
    expect(rows.filter((r) => r.status === 'suppressed')).toHaveLength(5);
  });

  it('heads an ingest-level refusal to a player with the player’s side, not "referee"', async () => {
    const { id } = await receive(mail('empty-red', 'red@players.test', reply('G-loop'), '   ', ['Subject: hello']));
    expect((await s.ingest.ingest(id)).status).toBe('rejected');
    const row = (await s.outbox.byRecipient('red@players.test')).find((r) => r.idempotencyKey.startsWith('empty-red'));
    expect(row?.payload.text).toMatch(/Game G-loop.*, side red/);
    expect(row?.payload.text).not.toMatch(/, referee/);
    expect(row?.payload.subject).toMatch(/G-loop red\b/);
    expect(row?.payload.subject).not.toMatch(/referee/);
  });

  it('keeps SECRET words and sealed orders out of the database; the mails still carry them when sent', async () => {
    const word = secretWord(h.s.config.UMPIRE_SECRET, 'G-rest', 'red', 'red@players.test');
    const orders = 'MOVE south\nPOSTURE aggressive';
    const { id } = await receive(mail('sealed-1', 'red@players.test', reply('G-rest'), orders));
    await s.ingest.ingest(id);
    await s.inbox.drain('G-rest', s.bus.apply);
    // the step is still open (blue has not moved): a database reader sees neither the word nor the plan
    // (welcomes left out: their answer cards give an example drawn from the legal orders, which may read the same)
    const dump = await h.t.db.query<{ t: string }>(
      `SELECT concat_ws(' ', (SELECT string_agg(payload::text, ' ') FROM outbox WHERE kind <> 'welcome'),
                             (SELECT string_agg(payload::text || coalesce(result::text, ''), ' ') FROM commands),
                             (SELECT string_agg(encode(raw, 'escape') || coalesce(result::text, ''), ' ') FROM inbound_messages)) AS t`,
    );
    const text = dump[0].t;
    expect(flat(text)).toContain('sealedBody'); // the check can see sealed rows: it is reading the right tables
    expect(flat(text)).not.toContain(word);
    expect(flat(text)).not.toContain(word.replaceAll('-', ''));
    expect(flat(text)).not.toMatch(/POSTURE aggressive/i);
    // the welcomes hold no SECRET word either (only its marker, filled in when sent)
    const welcomes = await h.t.db.query<{ t: string }>(`SELECT string_agg(payload::text, ' ') AS t FROM outbox WHERE kind = 'welcome'`);
    expect(welcomes[0].t).not.toContain(word);
    // read through the store, the welcome and the acknowledgment are whole
    const red = await s.outbox.byRecipient('red@players.test');
    const welcome = red.find((r) => r.gameId === 'G-rest' && r.kind === 'welcome');
    expect(flat(welcome?.payload.text ?? '')).toContain(flat(`SECRET ${word}`));
    const ack = red.find((r) => r.gameId === 'G-rest' && r.kind === 'ack');
    expect(ack?.payload.text).toMatch(/POSTURE aggressive/i);
  });

  it('authenticates a SECRET typed in any case, with or without its dashes, and refuses a near miss', async () => {
    const word = secretWord(h.s.config.UMPIRE_SECRET, 'G-rest', 'blue', 'blue@players.test');
    const tryWord = async (typed: string, n: string) => {
      const { id } = await receive(mail(`secret-${n}`, 'blue@players.test', 'umpire@umpire.test', `GAME G-rest\nSECRET ${typed}\nSTATUS`));
      return (await s.ingest.ingest(id)).status;
    };
    expect(await tryWord(word.toLowerCase(), 'lower')).toBe('processed');
    expect(await tryWord(word.replaceAll('-', ''), 'plain')).toBe('processed');
    const last = word.at(-1) === '0' ? '1' : '0';
    expect(await tryWord(`${word.slice(0, -1)}${last}`, 'near')).toBe('rejected');
  });
});
