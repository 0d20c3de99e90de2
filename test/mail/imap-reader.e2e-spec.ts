import { execFileSync } from 'node:child_process';
import { ImapMailboxReader, InMemoryCursorStore, type ImapReaderOptions, type RawMessageMeta } from '../../src/mail/imap-reader';
import { parseMail } from '../../src/mail/parse';
import {
  createMailUser,
  deliverSubjects as deliver,
  ensureMailServers,
  mailEnv,
  sendSmtp,
  subjectOf,
  waitFor,
  waitForInbox,
  type MailUser,
} from '../support/mail';

interface Received {
  subject: string;
  meta: RawMessageMeta;
  raw: Buffer;
}

describe('ImapMailboxReader on Dovecot (mail delivered through Postfix)', () => {
  const readers: ImapMailboxReader[] = [];

  beforeAll(async () => {
    await ensureMailServers();
  });

  afterEach(async () => {
    await Promise.all(readers.splice(0).map((r) => r.stop()));
  });

  function reader(user: MailUser, store: InMemoryCursorStore, got: Received[], extra: Partial<ImapReaderOptions> = {}): ImapMailboxReader {
    const env = mailEnv();
    const r = new ImapMailboxReader({
      host: env.imapHost,
      port: env.imapPort,
      auth: { user: user.user, pass: user.password },
      cursorStore: store,
      onMessage: async (raw, meta) => {
        got.push({ subject: subjectOf(raw), meta, raw });
      },
      pollIntervalMs: 600_000,
      backoff: { initialMs: 100, maxMs: 1000 },
      ...extra,
    });
    readers.push(r);
    return r;
  }

  it('hands over every message once, in UID order, and resumes from the cursor after a restart', async () => {
    const user = await createMailUser('reader');
    const store = new InMemoryCursorStore();
    const got: Received[] = [];
    await deliver(user, 'one');
    await deliver(user, 'two');
    await deliver(user, 'three');
    await waitForInbox(user, 3);

    const first = reader(user, store, got);
    first.start();
    await first.ready();
    expect(got.map((g) => g.subject)).toEqual(['one', 'two', 'three']);
    const uids = got.map((g) => g.meta.uid);
    expect(uids).toEqual([...uids].sort((a, b) => a - b));
    expect(got[0].meta.mailbox).toBe(`${user.user}@127.0.0.1:${mailEnv().imapPort}/INBOX`);
    await first.stop();

    await deliver(user, 'four');
    await deliver(user, 'five');
    await waitForInbox(user, 5);
    const second = reader(user, store, got);
    second.start();
    await second.ready();
    expect(got.map((g) => g.subject)).toEqual(['one', 'two', 'three', 'four', 'five']);
    expect(await store.get(got[0].meta.mailbox)).toEqual({
      uidValidity: got[0].meta.uidValidity,
      lastUid: got[4].meta.uid,
    });
    await second.stop();

    const third = reader(user, store, got);
    third.start();
    await third.ready();
    expect(got).toHaveLength(5);
  });

  it('gets new mail promptly through IDLE (polling is off for the test)', async () => {
    const user = await createMailUser('idle');
    const got: Received[] = [];
    const r = reader(user, new InMemoryCursorStore(), got);
    r.start();
    await r.ready();
    await new Promise((res) => setTimeout(res, 500)); // let IDLE begin
    const sentAt = Date.now();
    await deliver(user, 'prompt');
    await waitFor('the IDLE delivery', () => got.length === 1, 5000);
    expect(Date.now() - sentAt).toBeLessThan(3000);
    expect(got[0].subject).toBe('prompt');
  });

  it('does not advance the cursor when onMessage fails: the message comes again', async () => {
    const user = await createMailUser('retry');
    await deliver(user, 'a');
    await deliver(user, 'b');
    await waitForInbox(user, 2);
    const store = new InMemoryCursorStore();
    const seen: string[] = [];
    let failures = 0;
    const r = reader(user, store, [], {
      onMessage: async (raw) => {
        const s = subjectOf(raw);
        seen.push(s);
        if (s === 'b' && failures++ === 0) throw new Error('database down');
      },
    });
    r.start();
    await waitFor('the retried message', () => seen.filter((s) => s === 'b').length === 2, 10_000);
    expect(seen).toEqual(['a', 'b', 'b']);
  });

  it('re-reads the mailbox when UIDVALIDITY differs from the stored cursor', async () => {
    const user = await createMailUser('uidvalidity');
    await deliver(user, 'x');
    await deliver(user, 'y');
    await waitForInbox(user, 2);
    const store = new InMemoryCursorStore();
    const got: Received[] = [];
    const key = `${user.user}@127.0.0.1:${mailEnv().imapPort}/INBOX`;
    await store.set(key, { uidValidity: 1, lastUid: 999 });
    const r = reader(user, store, got);
    r.start();
    await r.ready();
    expect(got.map((g) => g.subject).sort()).toEqual(['x', 'y']);
    expect((await store.get(key))?.uidValidity).toBe(got[0].meta.uidValidity);
    expect(got[0].meta.uidValidity).not.toBe(1);
  });

  it('reconnects after the server drops the connection', async () => {
    const user = await createMailUser('kick');
    const got: Received[] = [];
    const r = reader(user, new InMemoryCursorStore(), got);
    r.start();
    await r.ready();
    execFileSync('doveadm', ['-c', mailEnv().dovecotConf, 'kick', user.user], { stdio: 'ignore' });
    await deliver(user, 'after-kick');
    // Polling is off: this arrives through the reconnect's catch-up or the new IDLE.
    await waitFor('mail after the reconnect', () => got.some((g) => g.subject === 'after-kick'), 10_000);
  });

  it('fetches oversized messages header-only and says so; the parser then rejects them', async () => {
    const user = await createMailUser('big');
    await sendSmtp({ from: 'big@umpire.test', to: user.address, subject: 'huge', text: 'x'.repeat(20_000) });
    await waitForInbox(user, 1);
    const got: Received[] = [];
    const r = reader(user, new InMemoryCursorStore(), got, { maxFetchBytes: 4096 });
    r.start();
    await r.ready();
    expect(got).toHaveLength(1);
    const { raw, meta } = got[0];
    expect(meta.truncated).toBe(true);
    expect(raw.length).toBeLessThanOrEqual(4096);
    expect(meta.size).toBeGreaterThan(20_000);
    const parsed = await parseMail(raw, { declaredSize: meta.size, maxBytes: 16 * 1024 });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.rejection.code).toBe('oversized');
      expect(parsed.rejection.partial.from).toBe('big@umpire.test');
    }
  });

  it('keeps trying while the server is unreachable and stops cleanly', async () => {
    const user = await createMailUser('down');
    const r = new ImapMailboxReader({
      host: '127.0.0.1',
      port: 1,
      auth: { user: user.user, pass: user.password },
      cursorStore: new InMemoryCursorStore(),
      onMessage: async () => {},
      backoff: { initialMs: 50, maxMs: 100 },
    });
    r.start();
    await new Promise((res) => setTimeout(res, 400));
    await r.stop();
  });
});
