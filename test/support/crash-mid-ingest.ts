/**
 * Ingests one stored message and dies (SIGKILL) the moment the ingest goes to mark it done: its
 * commands are stored, the message is still unmarked. The crash a retried ingest must recognise
 * (issue 16: a false "Nothing was changed").
 */
import { loadConfig } from '../../src/config/config';
import { buildServices } from '../../src/services/container';

async function main(): Promise<void> {
  const [url, prefix, inboundId] = process.argv.slice(2);
  const s = buildServices(loadConfig({ DATABASE_URL: url, UMPIRE_QUEUE_PREFIX: prefix, THROTTLE_PER_HOUR: '0' } as NodeJS.ProcessEnv));
  s.inbound.markDone = async () => {
    process.stdout.write(`stored ${await s.inbox.pendingCount()}\n`);
    process.kill(process.pid, 'SIGKILL');
    return [];
  };
  await s.ingest.ingest(inboundId);
  process.stdout.write('the ingest finished without marking the message\n');
}

void main();
