/**
 * Real mail servers for *.e2e-spec.ts: makes sure Dovecot and Postfix answer (starting them with
 * scripts/mail/mail-servers.sh when they do not), and gives each test file its own users so
 * files can run in parallel against the same servers.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { connect } from 'node:net';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { ImapFlow } from 'imapflow';
import nodemailer, { type SendMailOptions } from 'nodemailer';

const REPO = resolve(__dirname, '../..');
const SCRIPT = resolve(REPO, 'scripts/mail/mail-servers.sh');

export interface MailEnv {
  readonly domain: string;
  readonly imapHost: string;
  readonly imapPort: number;
  readonly smtpHost: string;
  readonly smtpPort: number;
  readonly lmtpPort: number;
  readonly passwdFile: string;
  /** For doveadm (e.g. `doveadm -c <conf> kick <user>`). */
  readonly dovecotConf: string;
}

export interface MailUser {
  readonly user: string;
  readonly password: string;
  readonly address: string;
}

let cachedEnv: MailEnv | null = null;

/** Reads `mail-servers.sh env`, so tests and the script never disagree on ports or paths. */
export function mailEnv(): MailEnv {
  if (cachedEnv) return cachedEnv;
  const out = execFileSync(SCRIPT, ['env'], { encoding: 'utf8' });
  const v = Object.fromEntries(
    out
      .trim()
      .split('\n')
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
  cachedEnv = {
    domain: v.MAIL_DOMAIN,
    imapHost: v.MAIL_IMAP_HOST,
    imapPort: Number(v.MAIL_IMAP_PORT),
    smtpHost: v.MAIL_SMTP_HOST,
    smtpPort: Number(v.MAIL_SMTP_PORT),
    lmtpPort: Number(v.MAIL_LMTP_PORT),
    passwdFile: v.MAIL_PASSWD_FILE,
    dovecotConf: v.MAIL_DOVECOT_CONF,
  };
  return cachedEnv;
}

/** Starts the servers unless IMAP, SMTP and LMTP all answer already (CI may have started them). */
export async function ensureMailServers(): Promise<MailEnv> {
  const env = mailEnv();
  try {
    execFileSync(SCRIPT, ['start'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 180_000,
    });
  } catch (err) {
    const e = err as { stderr?: string; message: string };
    throw new Error(`mail servers did not start: ${e.stderr || e.message}`);
  }
  return env;
}

/**
 * A fresh mailbox user, unique to this test process. Dovecot re-reads the passwd file when it
 * changes, but checks at most once a second: the promise resolves once that second has passed.
 */
export async function createMailUser(label: string): Promise<MailUser> {
  const env = mailEnv();
  const user = `${label}-${process.pid}-${randomBytes(3).toString('hex')}`.toLowerCase();
  const password = randomBytes(9).toString('base64url');
  // One short O_APPEND write: parallel test files cannot interleave within it.
  appendFileSync(env.passwdFile, `${user}:{PLAIN}${password}::::::\n`);
  await new Promise((r) => setTimeout(r, 1100 - (Date.now() % 1000)));
  return { user, password, address: `${user}@${env.domain}` };
}

export function smtpTransport() {
  const env = mailEnv();
  return nodemailer.createTransport({
    host: env.smtpHost,
    port: env.smtpPort,
    secure: false,
    ignoreTLS: true,
    // nodemailer's defaults (2 min to connect, 10 min of a silent socket) would outlast a test's own timeout
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
}

/** Sends through the real Postfix on the SMTP port: a composed message or raw RFC 822 bytes. */
export async function sendSmtp(
  message: SendMailOptions | { envelope: { from: string; to: string[] }; raw: string | Buffer },
): Promise<void> {
  const t = smtpTransport();
  try {
    await t.sendMail(message as SendMailOptions);
  } finally {
    t.close();
  }
}

export function imapClient(user: MailUser): ImapFlow {
  const env = mailEnv();
  return new ImapFlow({
    host: env.imapHost,
    port: env.imapPort,
    secure: false,
    auth: { user: user.user, pass: user.password },
    logger: false,
  });
}

/** Every message in the user's INBOX, in UID order (a test's own check, independent of the reader). */
export async function fetchInbox(user: MailUser): Promise<{ uid: number; source: Buffer }[]> {
  const client = imapClient(user);
  await client.connect();
  try {
    const lock = await client.getMailboxLock('INBOX');
    try {
      const out: { uid: number; source: Buffer }[] = [];
      if (client.mailbox !== false && client.mailbox.exists === 0) return out;
      for await (const m of client.fetch('1:*', { uid: true, source: true })) {
        if (m.source) out.push({ uid: m.uid, source: m.source });
      }
      return out.sort((a, b) => a.uid - b.uid);
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
}

/** Polls until `check` returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until the user's INBOX holds at least `count` messages. */
export function waitForInbox(user: MailUser, count: number, timeoutMs = 15_000): Promise<{ uid: number; source: Buffer }[]> {
  return waitFor(
    `${count} message(s) for ${user.address}`,
    async () => {
      const msgs = await fetchInbox(user);
      return msgs.length >= count ? msgs : undefined;
    },
    timeoutMs,
  );
}

function _portAnswers(host: string, port: number): Promise<boolean> {
  return new Promise((done) => {
    const s = connect({ host, port });
    const finish = (ok: boolean) => {
      s.destroy();
      done(ok);
    };
    s.setTimeout(1000, () => finish(false));
    s.once('connect', () => finish(true));
    s.once('error', () => finish(false));
  });
}

/** The Subject header of a raw message. */
export const subjectOf = (raw: Buffer): string => /^Subject: (.*)$/im.exec(raw.toString('latin1'))?.[1]?.trim() ?? '';

/** Sends one message per subject and waits for each to land, so UIDs follow the order of `subjects`. */
export async function deliverSubjects(to: MailUser, ...subjects: string[]): Promise<void> {
  for (const subject of subjects) {
    const before = (await fetchInbox(to)).length;
    await sendSmtp({ from: 'sender@umpire.test', to: to.address, subject, text: `body of ${subject}` });
    await waitForInbox(to, before + 1);
  }
}
