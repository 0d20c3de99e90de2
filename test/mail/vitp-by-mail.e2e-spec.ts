import { spawn, type ChildProcess } from 'node:child_process';
import { vitpMailPlayer } from '../../src/games/vitp/players/mail';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type Config } from '../../src/config/config';
import { simpleParser } from 'mailparser';
import { EmailBot } from '../../src/demo/bot';
import { buildServices, type Services } from '../../src/services/container';
import { SERVICE_EVENT_TYPES } from '../../src/services/game-repository';
import { freshDatabase, redisPrefix, type TestDatabase } from '../support/db';
import { createMailUser, ensureMailServers, fetchInbox, sendSmtp, waitFor, type MailUser } from '../support/mail';
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
      HTTP_PORT: '0', // nothing here calls it over HTTP
      LOG_LEVEL: 'warn',
      THROTTLE_BURST: '1000',
    };
    config = loadConfig(env);
    s = buildServices(config, { poolSize: 4 });
    for (const file of ['api.js', 'worker.js', 'worker.js']) {
      const child = spawn(process.execPath, [join(ROOT, 'dist', 'src', file)], {
        env,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
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

    await waitFor(
      'the orders to be applied',
      async () => (await eventsOf()).some((e) => e.metadata.via === `mail dup-${gameId}@players.test`),
      60_000,
    );
    await new Promise((r) => setTimeout(r, 3000)); // let the other nine copies arrive and be dropped
    const fromMail = (await eventsOf()).filter((e) => e.metadata.via === `mail dup-${gameId}@players.test`);
    expect(fromMail.filter((e) => e.type === 'OrdersSubmitted' || e.type === 'OrdersAccepted')).toHaveLength(1);
    const inbound = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM inbound_messages WHERE message_id = $1`, [
      `dup-${gameId}@players.test`,
    ]);
    expect(inbound[0].n).toBe(1);
    // one acknowledgment: a mail of its own, or (orders that completed their step) folded into the report
    const acks = (await s.outbox.byRecipient(japan.address)).filter(
      (m) => m.kind === 'ack' || (m.kind === 'report' && /Your orders for [\s\S]*? were taken/.test(m.payload.text)),
    );
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
      async () =>
        (
          await t.db.query<{ status: string; result: { code: string } }>(
            `SELECT status, result FROM inbound_messages WHERE message_id = $1`,
            [`forged-${gameId}@evil.test`],
          )
        ).find((r) => r.status !== 'stored'),
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
      sendSmtp({
        from: allies.address,
        to,
        subject: `Re: [umpire ${gameId}] report`,
        text,
        messageId: `<${id}-${gameId}@players.test>`,
        headers,
      });
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
      async () =>
        (
          await t.db.query<{ status: string; result: { automatic?: string } }>(
            'SELECT status, result FROM inbound_messages WHERE message_id = $1',
            [`vacation-${gameId}@players.test`],
          )
        ).find((r) => r.status !== 'stored'),
      60_000,
    );
    expect(vacation.status).toBe('ignored');
    expect(vacation.result.automatic).toMatch(/Auto-Submitted/i);
    expect(kinds.filter((k) => !['welcome', 'help', 'status', 'resend', 'report', 'ack'].includes(k))).toEqual([]);
  }, 120_000);

  it('two players play a whole VITP turn by email; each report holds only what its side may see', async () => {
    // Orders sent ahead are sealed (OrdersQueued) whatever the step: each side seals some now, so
    // the log holds orders the other side must not read until they are used.
    const sealedAhead: Record<string, { stepId: string }> = {};
    {
      const game = await s.games.load(gameId);
      for (const [side, user] of [
        ['japanese', japan],
        ['allied', allies],
      ] as const) {
        const step = (game.ruleset.upcomingSteps?.(game.state.rules) ?? [])
          .filter((u) => u.owes.includes(side) && u.id !== game.state.step?.id)
          .pop(); // the last: sealed longest
        expect(step).toBeDefined();
        const text = game.ruleset.formatOrders(game.ruleset.defaultOrders(game.state.rules, side, step!)) || 'STAY';
        sealedAhead[side] = { stepId: step!.id };
        await sendSmtp({
          from: user.address,
          to: replyAddressOf(side, user),
          subject: `[umpire ${gameId}] orders ${side}`,
          text: `FOR ${step!.id}\n${text}\n`,
          messageId: `<ahead-${side}-${gameId}@players.test>`,
        });
      }
      await waitFor(
        "both sides' orders ahead to be sealed",
        async () => {
          const queued = (await eventsOf()).filter((e) => e.type === 'OrdersQueued');
          return ['japanese', 'allied'].every((side) => queued.some((e) => e.metadata.via === `mail ahead-${side}-${gameId}@players.test`));
        },
        60_000,
      );
    }

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
            player: vitpMailPlayer,
            log: () => undefined,
          },
          s.games,
        ),
      );
    }
    for (const b of bots) b.start();
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

    const stored = await s.events.read(gameId); // service events too: a report's hash is the stream head's
    const log = stored.filter((e) => !SERVICE_EVENT_TYPES.has(e.type));
    expect(log.some((e) => e.type === 'StepResolved')).toBe(true);
    const turnEnd = log.find((e) => e.type === 'SeedRevealed' && (e.payload as { turn: number }).turn === 1);
    expect(turnEnd).toBeDefined();
    const game = await s.games.load(gameId);

    // Every mail each player received, straight from Dovecot: the raw source and every decoded part.
    const mailsOf = async (user: MailUser) =>
      Promise.all(
        (await fetchInbox(user)).map(async ({ source }) => {
          const m = await simpleParser(source);
          const key = String(m.headers.get('x-umpire-key') ?? '');
          if (!key.startsWith(`${gameId}:`) && !String(m.subject).includes(` ${gameId} `)) return null;
          const version = /:(\d+)$/.test(key) ? Number(key.match(/:(\d+)$/)![1]) : Number.POSITIVE_INFINITY;
          const parts = [
            source.toString('utf8'),
            m.text ?? '',
            typeof m.html === 'string' ? m.html : '',
            ...m.attachments.map((a) => a.content.toString('utf8')),
          ];
          return {
            subject: String(m.subject),
            key,
            version,
            text: m.text ?? '',
            attachments: m.attachments.map((a) => a.contentType),
            all: parts.join('\n\u0000\n'),
          };
        }),
      ).then((list) => list.filter((x): x is NonNullable<typeof x> => x !== null));
    const received = { japanese: await mailsOf(japan), allied: await mailsOf(allies) };
    const users = { japanese: japan, allied: allies };
    // digest (the default, DIGEST ACTION): within turn 1 a side gets a report only when a step asks
    // something of it (ACTION, its answer card first); the one FYI report is the turn's end
    for (const side of ['japanese', 'allied'] as const) {
      const reports = received[side].filter((m) => /:report:\d+$/.test(m.key) && / t1: /.test(m.subject));
      expect(reports.length).toBeGreaterThan(0);
      const fyi = reports.filter((m) => m.subject.startsWith('FYI '));
      expect(fyi.length).toBeLessThanOrEqual(1);
      for (const m of reports.filter((r) => r.subject.startsWith('ACTION '))) expect(m.text).toMatch(/== Your move: /);
    }
    // read after the mails: the bots play on, and every mail fetched was written at a version now stored
    const hashAt = new Map((await s.events.read(gameId)).map((e) => [e.seq, e.hash]));

    let standingChanges = 0;
    for (const [side, other] of [
      ['japanese', 'allied'],
      ['allied', 'japanese'],
    ] as const) {
      const mine = received[side];
      const theirs = received[other];
      // reports by their outbox key (game:side:recipient:report:version); subjects say ACTION or FYI, then game, side, turn
      const isReport = (m: { key: string }) => m.key.includes(':report:');
      const reports = mine.filter(isReport);
      for (const m of reports) expect(m.subject).toMatch(new RegExp(`^(ACTION|FYI|GAME OVER) ${gameId} ${side} t\\d+: `));
      for (const m of mine.filter((x) => !x.subject.startsWith('RESEND: '))) expect(m.subject.length).toBeLessThan(80);
      // economy by default (issue 28): a turn asks a side only what its standing instructions do not
      // answer, so a turn is its ACTION report(s) and the turn's end, not one report per step
      expect(reports.length).toBeGreaterThanOrEqual(2);
      // the map: a PNG shown inline (test/mail/map-png.spec.ts decodes one)
      expect(reports.some((m) => m.attachments.includes('image/png'))).toBe(true);
      const leaks = (secret: string, from: typeof mine = mine) =>
        from.filter((m) => m.all.toLowerCase().includes(secret.toLowerCase())).map((m) => m.subject);
      // instruction lines are common words (the order reference quotes them): a leak is a whole line
      const lineLeaks = (line: string, from: typeof mine = mine) =>
        from
          .filter((m) =>
            m.all.split(/\r?\n/).some(
              (l) =>
                l
                  .replace(/^[\s\d.=>*-]+/, '')
                  .trim()
                  .toLowerCase() === line.trim().toLowerCase(),
            ),
          )
          .map((m) => m.subject);

      // 1. the other side's SECRET word: real (it is in the other side's own welcome), never in mine
      const otherSecret = s.gameService.playerSecret(gameId, other, users[other].address);
      expect(otherSecret.length).toBeGreaterThanOrEqual(8);
      expect(leaks(otherSecret, theirs).length).toBeGreaterThan(0);
      expect(leaks(otherSecret)).toEqual([]);

      // 2. the other side's signed reply address (its tag): on every mail to them, never on mine
      const otherTag = replyAddressOf(other, users[other]).split('@')[0].split('.').pop()!;
      expect(otherTag).toMatch(/^[0-9a-f]{20}$/);
      expect(leaks(otherTag, theirs.filter(isReport)).length).toBe(theirs.filter(isReport).length);
      expect(leaks(otherTag)).toEqual([]);

      // 3. what the other side's mails changed in its standing instructions: in the log this turn, never
      // in my mails. The defaults every side starts with (issue 28) are the game's published defaults,
      // not a secret, and a line my own side holds too is no leak, so only the other's own changes count.
      const standingOf = (side: string) =>
        log.filter((e) => e.type === 'StandingInstructionsSet' && (e.payload as { side: string }).side === side && e.seq < turnEnd!.seq);
      const linesOf = (e: { payload: unknown }) => (e.payload as { text: string }).text.split('\n').filter((l) => l.trim());
      const mineHeld = new Set(standingOf(side).flatMap(linesOf));
      const changes = standingOf(other).flatMap((e, i, all) => {
        const before = new Set(i ? linesOf(all[i - 1]) : []);
        return (e.payload as { byDefault?: boolean }).byDefault ? [] : linesOf(e).filter((l) => !before.has(l) && !mineHeld.has(l));
      });
      standingChanges += changes.length;
      const nowLeaks = (line: string, from: typeof mine = mine) =>
        from.filter((m) =>
          m.all.split(/\r?\n/).some(
            (l) =>
              /^\s*now:\s+/i.test(l) &&
              l
                .replace(/^\s*now:\s+/i, '')
                .trim()
                .toLowerCase() === line.toLowerCase(),
          ),
        );
      for (const line of changes) {
        // the other side's own acknowledgment shows it so (issue 28: "now:" and the line): the check below can see a leak
        expect(nowLeaks(line, theirs).length).toBeGreaterThan(0);
        expect(nowLeaks(line)).toEqual([]);
        // the welcome went out before any side's mail, and its example line may be any instruction
        expect(
          lineLeaks(
            line,
            mine.filter((m) => !m.key.includes(':welcome:')),
          ),
        ).toEqual([]);
      }

      // 4. the other side's sealed orders (commitment-only events): the sealed blobs never
      const sealedEvents = log.filter(
        (e) => ['OrdersQueued', 'OrdersSubmitted'].includes(e.type) && (e.payload as { side: string }).side === other,
      );
      expect(sealedEvents.some((e) => e.type === 'OrdersQueued' && e.metadata.via === `mail ahead-${other}-${gameId}@players.test`)).toBe(
        true,
      );
      for (const e of sealedEvents) {
        const { sealed, commitment } = e.payload as { sealed: string; commitment: string };
        expect(sealed.length).toBeGreaterThan(40);
        expect(leaks(sealed)).toEqual([]);
        expect(leaks(sealed.slice(0, 40))).toEqual([]);
        expect(commitment).toMatch(/^[0-9a-f]{64}$/);
      }
      // the other side's acknowledgment of its orders ahead gave it the commitment: the event is real
      const queued = sealedEvents.find(
        (e) => e.type === 'OrdersQueued' && e.metadata.via === `mail ahead-${other}-${gameId}@players.test`,
      )!;
      expect(leaks((queued.payload as { commitment: string }).commitment, theirs).length).toBeGreaterThan(0);
      expect(leaks(`FOR ${sealedAhead[other].stepId}`, theirs).length).toBeGreaterThan(0);

      // the proof material: the dice anchor, and in each report the hash of the event it was written at
      expect(mine.some((m) => m.all.includes(game.state.game!.seedAnchor))).toBe(true);
      for (const r of reports.filter((m) => Number.isFinite(m.version))) {
        expect(hashAt.has(r.version)).toBe(true);
        expect(r.text).toContain(`Latest event hash (event #${r.version}): ${hashAt.get(r.version)}`);
      }
    }
    // at least one side changed an instruction from the defaults (the Allied's STANDING NIGHT), so the checks above ran
    expect(standingChanges).toBeGreaterThan(0);
  }, 420_000);

  it("PRESS by mail reaches the other side under the sender's side only, is confirmed, and is logged once", async () => {
    const text = `Shall we talk about the Coral Sea? press-${Date.now().toString(36)}-${process.pid}`;
    const messageId = `press-${gameId}@players.test`;
    await sendSmtp({
      from: japan.address,
      to: replyAddressOf('japanese', japan),
      subject: `Re: [umpire ${gameId}] report`,
      text: `PRESS ${text}\n`,
      messageId: `<${messageId}>`,
    });

    // each mail of a mailbox that holds the press text: the raw source and every decoded part
    const mailsWith = async (user: MailUser) =>
      (
        await Promise.all(
          (
            await fetchInbox(user)
          ).map(async ({ source }) => {
            const m = await simpleParser(source);
            const all = [
              source.toString('utf8'),
              m.text ?? '',
              typeof m.html === 'string' ? m.html : '',
              ...m.attachments.map((a) => a.content.toString('utf8')),
            ].join('\n\u0000\n');
            return { subject: String(m.subject), text: m.text ?? '', all };
          }),
        )
      ).filter((m) => m.all.includes(text));

    // (a) the allied player's mailbox: one press mail, from the japanese side, and nothing that is Japan's
    const press = await waitFor(
      'the press mail to reach the allied mailbox',
      async () => (await mailsWith(allies)).filter((m) => /: press from /.test(m.subject)).length > 0 && (await mailsWith(allies)),
      60_000,
    );
    expect(press.map((m) => m.subject)).toEqual([expect.stringMatching(new RegExp(`^FYI ${gameId} allied t\\d+: press from japanese`))]);
    expect(press[0].text).toContain('Press from japanese to allied');
    expect(press[0].text).toContain(text);
    const senderTag = replyAddressOf('japanese', japan).split('@')[0].split('.').pop()!;
    expect(senderTag).toMatch(/^[0-9a-f]{20}$/);
    const senderSecret = s.gameService.playerSecret(gameId, 'japanese', japan.address);
    // the check can see them: the press mail carries the recipient's own signed reply address
    expect(press[0].all).toContain(replyAddressOf('allied', allies));
    // nor the sender's Message-ID, which names its mail host (the outbox key shows in the headers)
    for (const secret of [japan.address, japan.user, replyAddressOf('japanese', japan), senderTag, senderSecret, messageId]) {
      expect(press[0].all.toLowerCase()).not.toContain(secret.toLowerCase());
    }

    // (b) the game has no referee (none was named at creation): no copy goes anywhere but to allied
    const settings = (await s.events.read(gameId))
      .filter((e) => e.type === 'NoteAdded' && (e.payload as { settings?: unknown }).settings)
      .pop();
    expect((settings?.payload as { settings?: { referee?: string | null } } | undefined)?.settings?.referee ?? null).toBeNull();
    const pressRows = (await s.outbox.byGame(gameId)).filter((r) => r.kind === 'press');
    expect(pressRows.map((r) => r.recipient)).toEqual([allies.address]);

    // (c) the sender is told it was relayed, as from its side
    const confirmation = await waitFor(
      'the press confirmation to reach the japanese mailbox',
      async () => (await mailsWith(japan)).find((m) => new RegExp(`^FYI ${gameId} japanese t\\d+: done PRESS`).test(m.subject)),
      60_000,
    );
    expect(confirmation.text).toMatch(/Relayed to allied, as from japanese \(your address is not shown\)/);
    expect(confirmation.all).toContain(senderTag);
    expect((await mailsWith(japan)).filter((m) => /: press from /.test(m.subject))).toEqual([]);

    // (d) one PressSent event, with the text, from the mail
    const logged = (await s.events.read(gameId)).filter((e) => e.type === 'PressSent'); // a service event: eventsOf leaves it out
    expect(logged).toHaveLength(1);
    expect(logged[0].payload).toEqual({ from: 'japanese', to: ['allied'], text });
    expect(logged[0].metadata.actor).toBe('japanese');
    expect(String(logged[0].metadata.causationId)).toContain(messageId);
  }, 120_000);
});
