import { loadConfig } from '../../src/config/config';
import { rulesets } from '../../src/games';
import { buildServices, type Services } from '../../src/services/container';
import { fleetDuel } from '../support/test-game';
import { freshDatabase, redisPrefix, type TestDatabase } from '../support/db';

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
    rulesets[fleetDuel.id] = fleetDuel;
    s = buildServices(loadConfig({ DATABASE_URL: t.url, UMPIRE_QUEUE_PREFIX: redisPrefix('ingest'), THROTTLE_BURST: '2', THROTTLE_PER_HOUR: '1' } as NodeJS.ProcessEnv));
    await s.bus.submit('G-mail', 'create', 'game.create', { gameId: 'G-mail', ruleset: 'fleet-duel', sides });
    await s.inbox.drain('G-mail', s.bus.apply);
  });
  afterAll(async () => {
    delete rulesets[fleetDuel.id];
    await s.jobs.obliterate();
    await s.close();
    await t.drop();
  });

  const mail = (id: string, from: string, to: string, body: string, extra: string[] = []) =>
    Buffer.from([`From: ${from}`, `To: ${to}`, 'Subject: orders', `Message-ID: <${id}@players.test>`, ...extra, '', body, ''].join('\r\n'));
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

  it('records automatic mail and never answers it', async () => {
    const bounce = await ingest(mail('m3', 'MAILER-DAEMON@players.test', 'umpire@umpire.test', 'Delivery failed', ['Auto-Submitted: auto-replied']));
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
    // another player is not held up by blue's flood
    const redReply = s.composer.replyAddressFor('G-mail', 'red', 'red@players.test');
    expect((await ingest(mail('red-status', 'red@players.test', redReply, 'STATUS'))).status).toBe('processed');
  });
});
