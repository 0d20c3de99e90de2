import { Inject, Injectable } from '@nestjs/common';
import { ImapFlow } from 'imapflow';
import type { Config } from '../config/config';
import { CONFIG } from './tokens';

/** How long /health waits for the IMAP server before reporting the mailbox down. */
export const MAILBOX_PING_TIMEOUT_MS = 3000;

/** Reports whether the umpire's IMAP mailbox answers a login (or that IMAP is switched off). */
@Injectable()
export class MailboxHealth {
  /** a server that accepts the connection and then says nothing must not hang /health */
  timeoutMs = MAILBOX_PING_TIMEOUT_MS;

  constructor(@Inject(CONFIG) private readonly config: Config) {}

  async ping(): Promise<string> {
    if (!this.config.IMAP_ENABLED) return 'IMAP disabled (IMAP_ENABLED=false)';
    const where = `${this.config.IMAP_USER}@${this.config.IMAP_HOST}:${this.config.IMAP_PORT}`;
    const client = new ImapFlow({
      host: this.config.IMAP_HOST,
      port: this.config.IMAP_PORT,
      secure: false,
      auth: { user: this.config.IMAP_USER, pass: this.config.IMAP_PASSWORD },
      logger: false,
      connectionTimeout: this.timeoutMs,
      greetingTimeout: this.timeoutMs,
      socketTimeout: this.timeoutMs,
    });
    // an idle socket's late error must not crash the process once the ping has given up
    client.on('error', () => undefined);
    const login = (async () => {
      await client.connect();
      await client.logout();
    })();
    login.catch(() => undefined); // settles after the timeout won: nobody waits for it any more
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`IMAP ${where} did not answer within ${this.timeoutMs} ms`)), this.timeoutMs);
    });
    try {
      await Promise.race([login, timeout]);
    } finally {
      clearTimeout(timer);
      client.close();
    }
    return where;
  }
}
