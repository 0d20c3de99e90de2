import { Inject, Injectable } from '@nestjs/common';
import { ImapFlow } from 'imapflow';
import type { Config } from '../config/config';
import { CONFIG } from './tokens';

/** Reports whether the umpire's IMAP mailbox answers a login (or that IMAP is switched off). */
@Injectable()
export class MailboxHealth {
  constructor(@Inject(CONFIG) private readonly config: Config) {}

  async ping(): Promise<string> {
    if (!this.config.IMAP_ENABLED) return 'IMAP disabled (IMAP_ENABLED=false)';
    const client = new ImapFlow({
      host: this.config.IMAP_HOST,
      port: this.config.IMAP_PORT,
      secure: false,
      auth: { user: this.config.IMAP_USER, pass: this.config.IMAP_PASSWORD },
      logger: false,
    });
    await client.connect();
    await client.logout();
    return `${this.config.IMAP_USER}@${this.config.IMAP_HOST}:${this.config.IMAP_PORT}`;
  }
}
