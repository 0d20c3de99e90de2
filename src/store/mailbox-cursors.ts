import { type Db, prepared } from './db';

/** Where the IMAP reader has read a mailbox to (src/mail/imap-reader.ts). */
export interface MailboxCursor {
  readonly uidValidity: number;
  readonly lastUid: number;
}

export interface MailboxCursorStore {
  get(mailbox: string): Promise<MailboxCursor | null>;
  set(mailbox: string, cursor: MailboxCursor): Promise<void>;
}

/** Where the IMAP reader stopped, per mailbox, in PostgreSQL (survives restarts and moves between machines). */
export class PgCursorStore implements MailboxCursorStore {
  constructor(private readonly db: Db) {}

  async get(mailbox: string): Promise<MailboxCursor | null> {
    const rows = await this.db.query<{ uid_validity: string; last_uid: string }>(
      'SELECT uid_validity, last_uid FROM mailbox_cursors WHERE mailbox = $1',
      [mailbox],
    );
    return rows.length ? { uidValidity: Number(rows[0].uid_validity), lastUid: Number(rows[0].last_uid) } : null;
  }

  async set(mailbox: string, cursor: MailboxCursor): Promise<void> {
    // a cursor lost with PostgreSQL reads its mail again, each message known by its UID and identity: lazy commit (db.ts)
    await this.db.lazyCommits().query(
      // prepared: the IMAP reader moves its cursor after every mail it stores
      prepared(
        `INSERT INTO mailbox_cursors (mailbox, uid_validity, last_uid, updated_at) VALUES ($1, $2, $3, now())
         ON CONFLICT (mailbox) DO UPDATE SET uid_validity = EXCLUDED.uid_validity, last_uid = EXCLUDED.last_uid, updated_at = now()`,
      ),
      [mailbox, cursor.uidValidity, cursor.lastUid],
    );
  }
}
