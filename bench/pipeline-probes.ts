/**
 * What the pipeline bench watches besides its processes' output: the answers landing in the
 * players' mailboxes, each worker's threads' CPU, the PostgreSQL backends of the run's database,
 * and the mails the outbox holds.
 */
import { readdirSync } from 'node:fs';
import type { TestDatabase } from '../test/support/db';
import { header } from './pipeline-mail';
import { cpuMsOf } from './service-processes';

interface Answer {
  readonly reason: string;
  readonly at: number;
}

/** Who is waiting for an answer: game/side → the version the order was sent against. */
export class Answers {
  private readonly waiting = new Map<string, { after: number; resolve: (a: Answer) => void }>();

  expect(gameId: string, side: string, afterVersion: number, timeoutMs = Number(process.env.BENCH_ANSWER_MS ?? 180_000)): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(`${gameId}/${side}`);
        reject(new Error(`no answer to ${side}'s orders in ${gameId} (sent at version ${afterVersion}) within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiting.set(`${gameId}/${side}`, {
        after: afterVersion,
        resolve: (a) => {
          clearTimeout(timer);
          resolve(a);
        },
      });
    });
  }

  /** An umpire mail landed: X-Umpire-Key is `<game>:<side>:<to>:<reason>:<version>` for game mail. */
  landed(headers: string, at: number): void {
    if (process.env.BENCH_DEBUG) process.stderr.write(`landed: ${header(headers, 'X-Umpire-Key')} ${header(headers, 'Subject')}\n`);
    const parts = header(headers, 'X-Umpire-Key').replace(/\s+/g, '').split(':');
    if (parts.length < 5) return;
    const [gameId, side] = parts;
    const version = Number(parts[parts.length - 1]);
    const w = this.waiting.get(`${gameId}/${side}`);
    if (!w || !(version > w.after)) return;
    this.waiting.delete(`${gameId}/${side}`);
    w.resolve({ reason: parts.slice(3, -1).join(':'), at });
  }
}

/** CPU ms so far of each thread of a process: "main", and the others by thread id (resvg's drawing thread, libuv's pool, V8's helpers). */
export function threadsCpu(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      out.set(Number(tid) === pid ? 'main' : `thread ${tid}`, cpuMsOf(pid, Number(tid)));
    } catch {
      // a thread that ended meanwhile
    }
  }
  return out;
}

/** CPU ms so far of each PostgreSQL backend serving `database` (PostgreSQL runs on this machine), by pid. */
export async function backendsCpu(db: TestDatabase): Promise<Map<number, number>> {
  const rows = await db.db.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [db.name]);
  const out = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      out.set(pid, cpuMsOf(pid));
    } catch {
      // a backend that ended meanwhile
    }
  }
  return out;
}

/** Mails in the outbox of a run's database, and those that carry a map picture (welcomes and reports whose board changed since the recipient's last picture). */
export async function mailCounts(db: TestDatabase): Promise<{ mails: number; maps: number }> {
  const [row] = await db.db.query<{ mails: string; maps: string }>(
    `SELECT count(*) AS mails, count(*) FILTER (WHERE picture IS NOT NULL) AS maps FROM outbox`,
  );
  return { mails: Number(row.mails), maps: Number(row.maps) };
}
