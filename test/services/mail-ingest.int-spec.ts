import { loadConfig } from '../../src/config/config';
import { buildServices, type Services } from '../../src/services/container';
import { freshDatabase, redisPrefix, type TestDatabase } from '../support/db';
import { flat } from '../support/text';

/** The mail use case on PostgreSQL and Redis, fed through the inbound store as the webhook and IMAP feed it. */
describe('mail ingest', () => {
  let t: TestDatabase;
  let s: Services;
  const sides = [
    { side: 'red', player: { address: 'red@players.test' } },
    { side: 'blue', player: { address: 'blue@players.test' } },
  ];

  beforeAll(async () => {
    t = await freshDatabase('ingest');
    s = buildServices(
      loadConfig({
        DATABASE_URL: t.url,
        UMPIRE_QUEUE_PREFIX: redisPrefix('ingest'),
        THROTTLE_BURST: '2',
        THROTTLE_PER_HOUR: '1',
      } as NodeJS.ProcessEnv),
    );
    // one game per story below: the throttle (a burst of 2) counts per game and side
    for (const gameId of ['G-mail', 'G-other', 'G-stale', 'G-race', 'G-now', 'G-free', 'G-forge', 'G-ref']) {
      await s.bus.submit(gameId, `create:${gameId}`, 'game.create', {
        gameId,
        ruleset: 'fleet-duel',
        sides,
        ...(gameId === 'G-ref' ? { referee: 'ref@club.test' } : {}),
      });
      await s.inbox.drain(gameId, s.bus.apply);
    }
  });
  afterAll(async () => {
    await s.jobs.obliterate();
    await s.close();
    await t.drop();
  });

  const mail = (id: string, from: string, to: string, body: string, extra: string[] = []) =>
    Buffer.from(
      [
        `From: ${from}`,
        `To: ${to}`,
        ...(extra.some((h) => h.startsWith('Subject:')) ? [] : ['Subject: orders']),
        `Message-ID: <${id}@players.test>`,
        ...extra,
        '',
        body,
        '',
      ].join('\r\n'),
    );
  const ingest = async (raw: Buffer) => s.ingest.ingest((await s.inbound.receive('test', raw)).id);

  it('turns a signed reply into orders for the game, and answers a stranger without touching the game', async () => {
    const reply = s.composer.replyAddressFor('G-mail', 'red', 'red@players.test');
    const ok = await ingest(mail('m1', 'red@players.test', reply, 'MOVE north'));
    expect(ok.status).toBe('processed');
    const before = await s.events.head('G-mail');
    await s.inbox.drain('G-mail', s.bus.apply);
    expect((await s.events.head('G-mail')).version).toBeGreaterThan(before.version);

    const stranger = await ingest(mail('m2', 'eve@else.test', 'umpire@umpire.test', 'GAME G-mail\nSIDE red\nSECRET guess\nMOVE south'));
    expect(stranger.status).toBe('rejected');
    expect((await s.outbox.byRecipient('eve@else.test')).map((r) => r.kind)).toEqual(['rejection']);
    expect(await s.inbox.pendingCount('G-mail')).toBe(0);
  });

  it("answers the referee's lines that are no referee command, changing nothing; referee commands carry the reply address", async () => {
    const refReply = s.composer.replyAddressFor('G-ref', 'referee', 'ref@club.test');
    const before = await s.events.head('G-ref');
    // given a mistyped EXTEND, which reads as orders: the referee plays no side
    const garbled = await ingest(mail('ref-garbled', 'ref@club.test', refReply, 'EXTEND tomorrow'));
    expect(garbled.status).toBe('processed');
    expect(await s.inbox.pendingCount('G-ref')).toBe(0);
    const answer = (await s.outbox.byRecipient('ref@club.test')).filter((r) => r.kind === 'rejection');
    expect(answer).toHaveLength(1);
    expect(flat(answer[0].payload.text)).toMatch(/"EXTEND tomorrow" is not a referee command\. Nothing was changed\./);
    expect(flat(answer[0].payload.text)).toMatch(/EXTEND 24h/);
    expect((await s.events.head('G-ref')).version).toBe(before.version);
    // a well-formed EXTEND is queued with the address to confirm to
    const extend = await ingest(mail('ref-extend', 'ref@club.test', refReply, 'EXTEND 24h'));
    expect(extend.status).toBe('processed');
    const [cmd] = await t.db.query<{ kind: string; payload: { replyTo?: string; byMinutes?: number } }>(
      `SELECT kind, payload FROM commands WHERE game_id = 'G-ref' AND idempotency_key LIKE 'mail:ref-extend%'`,
    );
    expect(cmd).toMatchObject({
      kind: 'game.extend',
      payload: { replyTo: 'ref@club.test', byMinutes: 1440 },
    });
  });

  it('records automatic mail and never answers it', async () => {
    const bounce = await ingest(
      mail('m3', 'MAILER-DAEMON@players.test', 'umpire@umpire.test', 'Delivery failed', ['Auto-Submitted: auto-replied']),
    );
    expect(bounce.status).toBe('ignored');
    expect(await s.outbox.byRecipient('MAILER-DAEMON@players.test')).toEqual([]);
  });

  it('throttles a sender who floods, without losing the mail or slowing another sender', async () => {
    const reply = s.composer.replyAddressFor('G-mail', 'blue', 'blue@players.test');
    const results = [];
    for (let i = 0; i < 4; i++) results.push((await ingest(mail(`flood-${i}`, 'blue@players.test', reply, 'STATUS'))).status);
    expect(results.slice(0, 2)).toEqual(['processed', 'processed']);
    expect(results.slice(2)).toEqual(['throttled', 'throttled']);
    const rows = await t.db.query<{ status: string }>(`SELECT status FROM inbound_messages WHERE message_id LIKE 'flood-%' ORDER BY id`);
    expect(rows.map((r) => r.status)).toEqual(['processed', 'processed', 'throttled', 'throttled']);
    // kept and re-queued for later, not dropped
    expect((await s.jobs.counts()).mail.delayed).toBeGreaterThanOrEqual(2);
    // another player is not held up by blue's flood, nor is blue in another game
    const redReply = s.composer.replyAddressFor('G-mail', 'red', 'red@players.test');
    expect((await ingest(mail('red-status', 'red@players.test', redReply, 'STATUS'))).status).toBe('processed');
    const blueElsewhere = s.composer.replyAddressFor('G-other', 'blue', 'blue@players.test');
    expect((await ingest(mail('blue-other', 'blue@players.test', blueElsewhere, 'STATUS'))).status).toBe('processed');
  });

  it("a flood of forged mail in a player's name does not use up that player's allowance", async () => {
    const bounces = async () =>
      (await s.outbox.byRecipient('red@players.test')).filter((r) => r.kind === 'rejection' && r.gameId === 'G-forge').length;
    const forged: string[] = [];
    // a wrong SECRET to the plain address, then made-up reply tags: each from red's own address
    for (let i = 0; i < 4; i++)
      forged.push(
        (
          await ingest(
            mail(`forge-secret-${i}`, 'red@players.test', 'umpire@umpire.test', 'GAME G-forge\nSIDE red\nSECRET guessed\nMOVE center'),
          )
        ).status,
      );
    for (let i = 0; i < 4; i++)
      forged.push(
        (
          await ingest(
            mail(
              `forge-tag-${i}`,
              'red@players.test',
              `umpire+G-forge.red.${'0123456789abcdef0123'.slice(i)}${'f'.repeat(i)}@umpire.test`,
              'MOVE center',
            ),
          )
        ).status,
      );
    // each kind of forgery gets its burst of answers, then is refused unanswered
    expect(forged).toEqual(['rejected', 'rejected', 'throttled', 'throttled', 'rejected', 'rejected', 'throttled', 'throttled']);
    expect(await bounces()).toBe(4);
    const rows = await t.db.query<{ status: string; result: { code: string; throttled?: boolean } }>(
      `SELECT status, result FROM inbound_messages WHERE message_id LIKE 'forge-%' ORDER BY id`,
    );
    expect(rows.map((r) => r.result.code)).toEqual([...Array(4).fill('wrong-secret'), ...Array(4).fill('wrong-tag')]);
    expect(rows.filter((r) => r.result.throttled).map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected', 'rejected']);
    expect(await s.inbox.pendingCount('G-forge')).toBe(0);

    // red's genuine mail still goes straight through, and twice (the whole burst is red's)
    const before = await s.events.head('G-forge');
    const reply = s.composer.replyAddressFor('G-forge', 'red', 'red@players.test');
    expect((await ingest(mail('red-genuine-1', 'red@players.test', reply, 'MOVE north'))).status).toBe('processed');
    expect((await ingest(mail('red-genuine-2', 'red@players.test', reply, 'MOVE center'))).status).toBe('processed');
    await s.inbox.drain('G-forge', s.bus.apply);
    const fromRed = (await s.events.read('G-forge', before.version)).filter(
      (e) => e.type === 'OrdersSubmitted' && String(e.metadata.via).startsWith('mail red-genuine-'),
    );
    expect(fromRed.map((e) => e.metadata.via)).toEqual(['mail red-genuine-1@players.test', 'mail red-genuine-2@players.test']);
    // and the third is red's own flood: throttled, kept for later
    expect((await ingest(mail('red-genuine-3', 'red@players.test', reply, 'MOVE south'))).status).toBe('throttled');
  });

  describe('the step a mail is meant for', () => {
    const redReply = (gameId: string) => s.composer.replyAddressFor(gameId, 'red', 'red@players.test');
    const welcomeOf = async (gameId: string, address: string) => {
      const row = (await s.outbox.byRecipient(address)).find((r) => r.gameId === gameId && r.kind === 'welcome')!;
      return { messageId: String(row.payload.messageId), subject: String(row.payload.subject) };
    };
    const commandOf = async (result: { detail: unknown }) => {
      const { id } = (result.detail as { commands: { ORDERS: { id: string } }[] }).commands[0].ORDERS;
      // orders are sealed at rest: read the command through the inbox, which opens them
      return (await s.inbox.read(id)) as { status: string; payload: { stepId?: string }; result: { error?: string } };
    };
    const ordersFrom = async (gameId: string, messageId: string) =>
      (await s.events.read(gameId)).filter((e) => e.metadata.via === `mail ${messageId}@players.test` && e.type.startsWith('Orders'));

    it("refuses a late reply to the previous step's report, appending nothing and naming both steps", async () => {
      const welcome = await welcomeOf('G-stale', 'red@players.test');
      expect((await s.games.load('G-stale')).state.step!.id).toBe('t1/orders');
      // both sides order turn 1 (no battle: red stays north, blue south), so turn 2's orders open
      await s.bus.submit('G-stale', 'red-t1', 'game.orders', {
        gameId: 'G-stale',
        side: 'red',
        text: 'MOVE north',
        via: 'test',
      });
      await s.bus.submit('G-stale', 'blue-t1', 'game.orders', {
        gameId: 'G-stale',
        side: 'blue',
        text: 'MOVE south',
        via: 'test',
      });
      await s.inbox.drain('G-stale', s.bus.apply);
      expect((await s.games.load('G-stale')).state.step!.id).toBe('t2/orders');

      const before = await s.events.head('G-stale');
      const late = await ingest(
        mail('late', 'red@players.test', redReply('G-stale'), 'MOVE center', [
          `In-Reply-To: ${welcome.messageId}`,
          `References: <thread.G-stale.red@umpire.test> ${welcome.messageId}`,
        ]),
      );
      expect(late.status).toBe('rejected');
      expect(late.detail).toMatchObject({ reason: 'wrong-step', claimed: 't1/orders', stepNow: 't2/orders' });
      expect(await s.inbox.pendingCount('G-stale')).toBe(0);
      await s.inbox.drain('G-stale', s.bus.apply);
      expect(await s.events.head('G-stale')).toEqual(before);
      const answer = (await s.outbox.byRecipient('red@players.test')).filter((r) => r.idempotencyKey === 'late@players.test:step');
      expect(answer).toHaveLength(1);
      expect(answer[0].kind).toBe('rejection');
      expect(flat(answer[0].payload.text)).toMatch(
        /step t1\/orders \(you replied to the umpire's message about step t1\/orders\), which is over: the step now open is t2\/orders \(Turn 2: fleet orders \(2\.1\)\)\. Nothing was changed\./,
      );
      expect(flat(answer[0].payload.text)).toMatch(/FOR t2\/orders/);

      // the same stale reply may still carry orders for a step to come: FOR lines name their own steps
      const ahead = await ingest(
        mail('late-ahead', 'red@players.test', redReply('G-stale'), 'FOR t3/orders\nMOVE center', [`In-Reply-To: ${welcome.messageId}`]),
      );
      expect(ahead.status).toBe('processed');
      expect((await commandOf(ahead)).payload.stepId).toBeUndefined();
      await s.inbox.drain('G-stale', s.bus.apply);
      expect((await ordersFrom('G-stale', 'late-ahead')).map((e) => [e.type, (e.payload as { stepId: string }).stepId])).toEqual([
        ['OrdersQueued', 't3/orders'],
      ]);
    });

    it('refuses, when it is applied, a mail for a step that was resolved after it arrived', async () => {
      const welcome = await welcomeOf('G-race', 'red@players.test');
      // the referee's FORCE is in the game's inbox first; red's reply to the t1 report comes next
      await s.bus.submit('G-race', 'force-t1', 'game.force', { gameId: 'G-race' });
      const racing = await ingest(
        mail('racing', 'red@players.test', redReply('G-race'), 'MOVE center', [`In-Reply-To: ${welcome.messageId}`]),
      );
      expect(racing.status).toBe('processed');
      expect((await commandOf(racing)).payload.stepId).toBe('t1/orders');
      await s.inbox.drain('G-race', s.bus.apply);
      expect((await s.games.load('G-race')).state.step!.id).toBe('t2/orders');
      const cmd = await commandOf(racing);
      expect(cmd.status).toBe('rejected');
      expect(await ordersFrom('G-race', 'racing')).toEqual([]);
      const answer = (await s.outbox.byRecipient('red@players.test')).filter((r) => r.gameId === 'G-race' && r.kind === 'rejection');
      expect(answer).toHaveLength(1);
      expect(flat(answer[0].payload.text)).toMatch(/orders are for step t1\/orders, but the step in play is t2\/orders/);
    });

    it('takes orders that name the step in play, by TURN line or by replying to its report', async () => {
      const byTurn = await ingest(mail('turn-now', 'red@players.test', redReply('G-now'), 'TURN 1\nMOVE center'));
      expect(byTurn.status).toBe('processed');
      expect((await commandOf(byTurn)).payload.stepId).toBe('t1/orders');
      const blueWelcome = await welcomeOf('G-now', 'blue@players.test');
      const byReply = await ingest(
        mail('reply-now', 'blue@players.test', s.composer.replyAddressFor('G-now', 'blue', 'blue@players.test'), 'MOVE south', [
          `In-Reply-To: ${blueWelcome.messageId}`,
          `Subject: Re: ${blueWelcome.subject}`,
        ]),
      );
      expect(byReply.status).toBe('processed');
      expect((await commandOf(byReply)).payload.stepId).toBe('t1/orders');
      await s.inbox.drain('G-now', s.bus.apply);
      expect((await ordersFrom('G-now', 'turn-now')).map((e) => [e.type, (e.payload as { stepId: string }).stepId])).toEqual([
        ['OrdersSubmitted', 't1/orders'],
      ]);
      expect((await ordersFrom('G-now', 'reply-now')).map((e) => [e.type, (e.payload as { stepId: string }).stepId])).toEqual([
        ['OrdersSubmitted', 't1/orders'],
      ]);
      // a turn not yet begun is refused with the way to send orders ahead
      const before = await s.events.head('G-now');
      const early = await ingest(mail('turn-early', 'red@players.test', redReply('G-now'), 'TURN 3\nMOVE south'));
      expect(early.status).toBe('rejected');
      expect(await s.inbox.pendingCount('G-now')).toBe(0);
      expect(await s.events.head('G-now')).toEqual(before);
      const answer = (await s.outbox.byRecipient('red@players.test')).find((r) => r.idempotencyKey === 'turn-early@players.test:step')!;
      expect(flat(answer.payload.text)).toMatch(/for turn 3 \(your line "TURN 3"\), which has not begun: the step now open is t2\/orders/);
      expect(flat(answer.payload.text)).toMatch(/FOR <step id>/);
    });

    it('takes a mail naming no step for the step in play, as before', async () => {
      const plain = await ingest(mail('no-step', 'red@players.test', redReply('G-free'), 'MOVE south'));
      expect(plain.status).toBe('processed');
      expect((await commandOf(plain)).payload.stepId).toBeUndefined();
      await s.inbox.drain('G-free', s.bus.apply);
      expect((await ordersFrom('G-free', 'no-step')).map((e) => [e.type, (e.payload as { stepId: string }).stepId])).toEqual([
        ['OrdersSubmitted', 't1/orders'],
      ]);
    });
  });
});
