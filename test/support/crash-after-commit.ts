/**
 * Appends an event and its outbox row in one transaction, then dies at once (SIGKILL) before
 * anything could dispatch it: the crash the transactional outbox exists for.
 */
import { createDb } from '../../src/store/db';
import { EventStore } from '../../src/store/event-store';

async function main(): Promise<void> {
  const [url, gameId, recipient] = process.argv.slice(2);
  const db = createDb(url);
  const store = new EventStore(db);
  await store.append(gameId, 0, [{ type: 'TurnReported', payload: { turn: 1 } }], {
    outbox: (events) => [
      {
        idempotencyKey: `${gameId}:${recipient}:report:${events[0].seq}`,
        gameId,
        eventSeq: events[0].seq,
        recipient,
        kind: 'report',
        payload: {
          to: recipient,
          subject: `[umpire ${gameId}] turn 1 report`,
          text: 'Turn 1 report',
          messageId: `<${gameId}.report.1@umpire.test>`,
        },
      },
    ],
  });
  process.stdout.write('committed\n');
  process.kill(process.pid, 'SIGKILL');
}

void main();
