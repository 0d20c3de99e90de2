import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import type { Config } from '../config/config';
import { ImapMailboxReader } from '../mail/imap-reader';
import type { Services } from '../services/container';
import { CONFIG, LOGGER, SERVICES } from './tokens';

/**
 * Reads the umpire's IMAP mailbox (IDLE, with a polling fallback) when IMAP_ENABLED=true, storing
 * each message raw before anything else. Enable it on one process; if two read the same mailbox
 * anyway, storage is idempotent on UID and Message-ID, so nothing is processed twice.
 */
@Injectable()
export class MailboxService implements OnApplicationBootstrap, OnApplicationShutdown {
  private reader: ImapMailboxReader | null = null;

  constructor(
    @Inject(SERVICES) private readonly s: Services,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(LOGGER) private readonly log: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.IMAP_ENABLED) return;
    this.reader = new ImapMailboxReader({
      host: this.config.IMAP_HOST,
      port: this.config.IMAP_PORT,
      auth: { user: this.config.IMAP_USER, pass: this.config.IMAP_PASSWORD },
      cursorStore: this.s.cursors,
      pollIntervalMs: this.config.IMAP_POLL_MS,
      logger: this.log,
      onMessage: async (raw, meta) => {
        const stored = await this.s.inbound.receive(meta.mailbox, raw, {
          uidValidity: meta.uidValidity,
          uid: meta.uid,
        });
        this.log.info({ inbound: stored.id, duplicate: stored.duplicate, messageId: stored.messageId }, 'mail received');
      },
    });
    await this.reader.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.reader?.stop();
  }
}
