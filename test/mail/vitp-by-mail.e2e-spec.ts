import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type Config } from '../../src/config/config';
import { narrativeFor, eventVisibleTo, type EngineEvent } from '../../src/engine/game';
import { EmailBot } from '../../src/demo/bot';
import { buildServices, type Services } from '../../src/services/container';
import { SERVICE_EVENT_TYPES, toEngineEvent } from '../../src/services/game-repository';
import { freshDatabase, redisPrefix, type TestDatabase } from '../support/db';
import { createMailUser, ensureMailServers, sendSmtp, waitFor, type MailUser } from '../support/mail';
import { ROOT, stopProcess } from '../support/processes';

/**
 * Issue 5's end-to-end test, on Dovecot (IMAP + LMTP) and Postfix (SMTP), PostgreSQL, Redis, the
 * API process reading the umpire's mailbox and two worker processes: two players play a whole
 * VITP turn by email and get their reports; no report tells a side what only the other may know;
 * a forged sender changes nothing; a message delivered ten times is one order and one ack.
 */
describe('VITP by email, end to end on real mail servers', () => {
  let t: TestDatabase;
  let s: Services;
  let config: Config;
  let umpire: MailUser;
  let japan: MailUser;
  let allies: MailUser;
  let forger: MailUser;
  const procs: ChildProcess[] = [];
  const bots: EmailBot[] = [];
  const gameId = `G-e2e${Date.now().toString(36)}`;
  const saveDir = mkdtempSync(join(tmpdir(), 'umpire-e2e-'));

  beforeAll(async () => {
    const mail = await ensureMailServers();
    [umpire, japan, allies, forger] = await Promise.all(['ump', 'japan', 'allies', 'forger'].map((l) => createMailUser(l)));
    t = await freshDatabase('vitpmail');
    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      DATABASE_URL: t.url,
      UMPIRE_QUEUE_PREFIX: redisPrefix('vitpmail'),
      MAIL_DOMAIN: mail.domain,
      UMPIRE_ADDRESS: umpire.address,
      SMTP_HOST: mail.smtpHost,
      SMTP_PORT: String(mail.smtpPort),
      IMAP_HOST: mail.imapHost,
      IMAP_PORT: String(mail.imapPort),
      IMAP_USER: umpire.user,
      IMAP_PASSWORD: umpire.password,
      IMAP_ENABLED: 'true',
      IMAP_POLL_MS: '500',
      OUTBOX_SWEEP_MS: '500',
      HTTP_PORT: String(30000 + (process.pid % 20000)),
      LOG_LEVEL: 'warn',
      THROTTLE_BURST: '1000',
    };
    config = loadConfig(env);
    s = buildServices(config, { poolSize: 4 });
    for (const file of ['api.js', 'worker.js', 'worker.js']) {
      const child = spawn(process.execPath, [join(ROOT, 'dist', 'src', file)], { env, stdio: ['ignore', 'ignore', 'pipe'] });
      child.stderr?.on('data', (d: Buffer) => process.env.DEBUG_WORKERS && process.stderr.write(d));
      procs.push(child);
    }
    const created = await s.bus.submit(gameId, `test:create:${gameId}`, 'game.create', {
      gameId,
      ruleset: 'vitp',
      sides: [
        { side: 'japanese', player: { address: japan.address } },
        { side: 'allied', player: { address: allies.address } },
      ],
      deadlineMinutes: 7 * 24 * 60,
    });
    expect((await s.bus.waitFor(created.id, 60_000)).status).toBe('applied');
  }, 120_000);

  afterAll(async () => {
    await Promise.all(bots.map((b) => b.stop()));
    await Promise.all(procs.map((p) => stopProcess(p)));
    await s.jobs.obliterate();
    await s.close();
    await t.drop();
  });

  const eventsOf = async () => (await s.events.read(gameId)).filter((e) => !SERVICE_EVENT_TYPES.has(e.type));
  const replyAddressOf = (side: string, user: MailUser) => s.composer.replyAddressFor(gameId, side, user.address);

  it('the same order mail delivered ten times is one order event and one acknowledgment', async () => {
    const game = await s.games.load(gameId);
    const step = game.state.step!;
    expect(step.owes).toContain('japanese');
    const orders = game.ruleset.formatOrders(game.ruleset.defaultOrders(game.state.rules, 'japanese', step));
    const raw = [
      `From: ${japan.address}`,
      `To: ${replyAddressOf('japanese', japan)}`,
      `Subject: Re: [umpire ${gameId}] orders`,
      `Message-ID: <dup-${gameId}@players.test>`,
      'Date: Sat, 21 Nov 2026 12:00:00 +0000',
      'Content-Type: text/plain; charset=utf-8',
      '',
      orders,
      '',
    ].join('\r\n');
    for (let i = 0; i < 10; i++) await sendSmtp({ envelope: { from: japan.address, to: [replyAddressOf('japanese', japan)] }, raw });

    await waitFor('the orders to be applied', async () => (await eventsOf()).some((e) => e.metadata.via === `mail dup-${gameId}@players.test`), 60_000);
    await new Promise((r) => setTimeout(r, 3000)); // let the other nine copies arrive and be dropped
    const fromMail = (await eventsOf()).filter((e) => e.metadata.via === `mail dup-${gameId}@players.test`);
    expect(fromMail.filter((e) => e.type === 'OrdersSubmitted' || e.type === 'OrdersAccepted')).toHaveLength(1);
    const inbound = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM inbound_messages WHERE message_id = $1`, [`dup-${gameId}@players.test`]);
    expect(inbound[0].n).toBe(1);
    const acks = (await s.outbox.byRecipient(japan.address)).filter((m) => m.kind === 'ack');
    expect(acks).toHaveLength(1);
  }, 120_000);

  it('a forged sender (right reply address, wrong From) changes nothing and is told why', async () => {
    const before = await s.events.head(gameId);
    await sendSmtp({
      from: forger.address,
      to: replyAddressOf('allied', allies),
      subject: `Re: [umpire ${gameId}] orders`,
      text: 'PATROL Enterprise TO Marshall Islands\n',
      messageId: `<forged-${gameId}@evil.test>`,
    });
    const row = await waitFor(
      'the forged mail to be refused',
      async () => (await t.db.query<{ status: string; result: { code: string } }>(`SELECT status, result FROM inbound_messages WHERE message_id = $1`, [`forged-${gameId}@evil.test`])).find((r) => r.status !== 'stored'),
      60_000,
    );
    expect(row.status).toBe('rejected');
    expect(row.result.code).toBe('wrong-sender');
    expect(await s.events.head(gameId)).toEqual(before);
    const replies = await s.outbox.byRecipient(forger.address);
    expect(replies.map((r) => r.kind)).toEqual(['rejection']);
    expect(replies[0].payload.text).toMatch(/not registered/);
  }, 120_000);

  it('answers HELP, STATUS and RESEND by mail, and never answers automatic mail', async () => {
    const to = replyAddressOf('allied', allies);
    const send = (id: string, text: string, headers: Record<string, string> = {}) =>
      sendSmtp({ from: allies.address, to, subject: `Re: [umpire ${gameId}] report`, text, messageId: `<${id}-${gameId}@players.test>`, headers });
    await send('help', 'HELP');
    await send('status', 'STATUS');
    await send('resend', 'RESEND');
    await send('vacation', 'I am away until Monday.', { 'Auto-Submitted': 'auto-replied' });
    const kinds = await waitFor(
      'the three replies',
      async () => {
        const k = (await s.outbox.byRecipient(allies.address)).map((m) => m.kind);
        return ['help', 'status', 'resend'].every((x) => k.includes(x)) && k;
      },
      60_000,
    );
    const replies = await s.outbox.byRecipient(allies.address);
    expect(replies.find((m) => m.kind === 'help')!.payload.text).toMatch(/PATROL/);
    expect(replies.find((m) => m.kind === 'status')!.payload.text).toMatch(/japanese|allied/);
    expect(String(replies.find((m) => m.kind === 'resend')!.payload.subject)).toMatch(/^RESEND: /);
    const vacation = await waitFor(
      'the vacation reply to be recorded',
      async () => (await t.db.query<{ status: string; result: { automatic?: string } }>('SELECT status, result FROM inbound_messages WHERE message_id = $1', [`vacation-${gameId}@players.test`])).find((r) => r.status !== 'stored'),
      60_000,
    );
    expect(vacation.status).toBe('ignored');
    expect(vacation.result.automatic).toMatch(/Auto-Submitted/i);
    expect(kinds.filter((k) => !['welcome', 'help', 'status', 'resend', 'report', 'ack'].includes(k))).toEqual([]);
  }, 120_000);

  it('two players play a whole VITP turn by email; each report holds only what its side may see', async () => {
    for (const [side, user, standing] of [
      ['japanese', japan, 'STANDING ACTION BY STRENGTH\nSTANDING RETREAT WHEN OUTGUNNED'],
      ['allied', allies, 'STANDING NIGHT\nSTANDING PURSUE NONE'],
    ] as const) {
      bots.push(
        new EmailBot(
          {
            gameId,
            side,
            address: user.address,
            imap: { host: config.IMAP_HOST, port: config.IMAP_PORT, user: user.user, pass: user.password },
            smtp: { host: config.SMTP_HOST, port: config.SMTP_PORT },
            saveDir: join(saveDir, side),
            seed: `e2e:${side}`,
            standing,
            log: () => undefined,
          },
          s.games,
        ),
      );
    }
    bots.forEach((b) => b.start());
    await waitFor(
      'turn 1 to be played to its end',
      async () => {
        for (const b of bots) await b.act();
        const g = await s.games.load(gameId);
        return !g.state.step || g.state.step.turn >= 2;
      },
      300_000,
    );
    await waitFor('the outbox to drain', async () => (await s.outbox.pending(1)).length === 0, 60_000);
    await new Promise((r) => setTimeout(r, 3000)); // the last reports reach the mailboxes

    const log = (await eventsOf()).map(toEngineEvent) as EngineEvent[];
    expect(log.some((e) => e.type === 'StepResolved')).toBe(true);
    expect(log.some((e) => e.type === 'SeedRevealed' && e.data.turn === 1)).toBe(true);
    const game = await s.games.load(gameId);
    for (const [side, other] of [
      ['japanese', 'allied'],
      ['allied', 'japanese'],
    ] as const) {
      const files = readdirSync(join(saveDir, side)).filter((f) => f.endsWith('.txt'));
      const reports = files.filter((f) => /-report-/.test(f));
      expect(reports.length).toBeGreaterThan(3);
      const everything = files.map((f) => readFileSync(join(saveDir, side, f), 'utf8')).join('\n');
      // what only the other side may know: its standing instructions and events hidden from me
      const otherStanding = bots.find((b) => b !== undefined && (b as unknown as { o: { side: string } }).o.side === other) as unknown as { o: { standing: string } };
      for (const line of otherStanding.o.standing.split('\n')) expect(everything).not.toContain(line.replace(/^STANDING /, 'standing instruction: '));
      const hidden = log.filter((e) => eventVisibleTo(e, other) && !eventVisibleTo(e, side));
      for (const line of narrativeFor(hidden, 'referee', game.ruleset)) expect(everything).not.toContain(line);
      // and the report carries the proof material: the anchor and the latest event hash
      expect(everything).toContain(game.state.game!.seedAnchor);
    }
  }, 420_000);
});
