/**
 * Mass redelivery (issue 14): one player's orders delivered many times at once, by real IMAP
 * (copies appended to the umpire's Dovecot mailbox and a few sent through Postfix, read by the
 * IMAP reader) and by the webhook over HTTP (POST /inbound/mail of the built API process, as
 * bench/pipeline.ts posts, WEBHOOK_IN_FLIGHT requests at a time), every stored row ingested
 * concurrently on the real PostgreSQL and Redis: exactly one order event, one acknowledgment.
 * REDELIVERIES (default 40 by IMAP and 40 by the webhook), UMPIRE_FULL=1 for the 1,000
 * each. Needs `npx tsc -p tsconfig.build.json` first (npm test builds).
 */
import type { ChildProcess } from 'node:child_process';
import type { Services } from '../../src/services/container';
import { ImapMailboxReader, InMemoryCursorStore } from '../../src/mail/imap-reader';
import { createMailUser, ensureMailServers, imapClient, type MailUser, sendSmtp, waitFor } from '../support/mail';
import { assertRunning, freePort, startApiProcess, stopProcess, waitUntil } from '../support/processes';
import { DUEL_SIDES, type ServiceHarness, startServices, stopServices } from '../support/services';

const FULL = process.env.UMPIRE_FULL === '1';
const N = Number(process.env.REDELIVERIES ?? (FULL ? 1000 : 40));
const GAME = 'G-redeliver';
const TOKEN = 'redelivery-webhook-token-0123456789';
const WEBHOOK_IN_FLIGHT = 32;

jest.setTimeout(FULL ? 3600_000 : 180_000);

describe('the same message delivered many times, by IMAP and the webhook at once', () => {
  let h: ServiceHarness;
  let s: Services;
  let umpire: MailUser;
  let reader: ImapMailboxReader | undefined;
  let api: ChildProcess | undefined;
  let url: string;

  beforeAll(async () => {
    await ensureMailServers();
    umpire = await createMailUser('redeliver');
    const env = { THROTTLE_BURST: '1000000', THROTTLE_PER_HOUR: '1000000', UMPIRE_ADDRESS: umpire.address };
    h = await startServices('redelivery', env);
    s = h.s;
    // the built API on the same database and queues: its webhook stores, the test ingests
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const started = startApiProcess({
      ...env,
      DATABASE_URL: h.t.url,
      UMPIRE_QUEUE_PREFIX: h.prefix,
      HTTP_PORT: String(port),
      UMPIRE_WEBHOOK_TOKEN: TOKEN,
    });
    api = started;
    await waitUntil(
      'the API to answer',
      async () => {
        assertRunning(started, 'the API');
        return (await fetch(`${url}/health`).catch(() => null))?.ok === true;
      },
      60_000,
    );
    await s.bus.submit(GAME, `create:${GAME}`, 'game.create', { gameId: GAME, ruleset: 'fleet-duel', sides: DUEL_SIDES });
    await s.inbox.drain(GAME, s.bus.apply);
  });
  afterAll(async () => {
    await reader?.stop();
    if (api) await stopProcess(api);
    await stopServices(h);
  });

  it('records one order event and sends one acknowledgment', async () => {
    const to = s.composer.replyAddressFor(GAME, 'red', 'red@players.test');
    const raw = Buffer.from(
      [
        'From: red@players.test',
        `To: ${to}`,
        'Date: Mon, 23 Nov 2026 17:00:00 +0000',
        'Subject: Re: orders',
        'Message-ID: <redelivered-once@players.test>',
        '',
        'MOVE north',
        '',
      ].join('\r\n'),
    );
    const ids = new Set<string>();
    const ingestions: Promise<unknown>[] = [];
    const take = (id: string) => {
      ids.add(id);
      ingestions.push(s.ingest.ingest(id).catch((e: Error) => e));
    };
    let fromImap = 0;
    const env = await ensureMailServers();
    reader = new ImapMailboxReader({
      host: env.imapHost,
      port: env.imapPort,
      auth: { user: umpire.user, pass: umpire.password },
      cursorStore: new InMemoryCursorStore(),
      pollIntervalMs: 500,
      onMessage: async (m, meta) => {
        const r = await s.inbound.receive('imap', m, { uidValidity: meta.uidValidity, uid: meta.uid });
        fromImap++;
        take(r.id);
      },
    });
    reader.start();
    await reader.ready();

    const client = imapClient(umpire);
    await client.connect();
    const smtpCopies = Math.min(5, N);
    const statuses = new Map<number, number>();
    let posted = 0;
    const post = async () => {
      while (posted < N) {
        posted++;
        const r = await fetch(`${url}/inbound/mail`, {
          method: 'POST',
          headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'message/rfc822' },
          body: raw,
        });
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        if (r.status === 202) take(((await r.json()) as { id: string }).id);
      }
    };
    const deliveries = [
      (async () => {
        for (let i = 0; i < N - smtpCopies; i++) await client.append('INBOX', raw);
      })(),
      ...Array.from({ length: smtpCopies }, () => sendSmtp({ envelope: { from: 'red@players.test', to: [umpire.address] }, raw })),
      ...Array.from({ length: Math.min(WEBHOOK_IN_FLIGHT, N) }, post),
    ];
    await Promise.all(deliveries);
    await client.logout();
    await waitFor(`${N} copies read over IMAP`, () => (fromImap >= N ? true : undefined), FULL ? 600_000 : 60_000);
    const outcomes = await Promise.all(ingestions);
    await s.inbox.drain(GAME, s.bus.apply);

    expect([...statuses]).toEqual([[202, N]]);
    expect(outcomes.filter((o) => o instanceof Error)).toEqual([]);
    expect(ids.size).toBe(1);
    const orders = (await s.events.read(GAME)).filter((e) => e.type === 'OrdersSubmitted' || e.type === 'OrdersAccepted');
    expect(orders).toHaveLength(1);
    const acks = (await s.outbox.byRecipient('red@players.test')).filter((r) => r.gameId === GAME && r.kind === 'ack');
    expect(acks).toHaveLength(1);
    process.stdout.write(
      `redelivery: ${N} by IMAP (${smtpCopies} through Postfix) + ${N} by the webhook over HTTP (${WEBHOOK_IN_FLIGHT} in flight) -> ${ids.size} stored message, ${orders.length} order event, ${acks.length} acknowledgment\n`,
    );
  });
});
