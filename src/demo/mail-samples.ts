/**
 * `npm run mails`: a rendered sample of each kind of mail for each game with a demo (issue 28), in
 * docs/mails/<game>/, so a reviewer sees every mail without playing: the text part as sent
 * (`NN-<kind>-<reader>.txt`) and the HTML part as a phone shows it (`.png`, drawn by Debian's
 * chromium through playwright-core at 390 px, its map inline). Everything goes the real way: the
 * game service on a scratch PostgreSQL database (`umpire_mail_samples`) and Redis, players' mails
 * through the mail ingest as written, the deadlines moved by the service's own clock.
 *
 *   npm run mails [-- game ...]        (CHROMIUM_PATH for another browser; MAILS_DIR for another folder)
 */
import 'reflect-metadata';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../config/config';
import { buildServices, type Services } from '../services/container';
import { projectRoot } from '../shared/paths';
import { dropDatabase, ensureDatabase, migrate } from '../store/migrate';
import type { OutboxRow } from '../store/outbox';
import { demoGame } from './games';
import { rulesets } from '../games';
import { playSamples, type Sample } from './mail-samples-play';
import { PhoneCamera } from './mail-samples-png';
import { writeSamplesIndex } from './mail-samples-index';
import { palettePng } from './palette-png';

const ROOT = projectRoot();

async function main(): Promise<void> {
  const named = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const ids = named.length
    ? named
    : Object.values(rulesets)
        .filter((r) => r.players.mail)
        .map((r) => r.id);
  const out = process.env.MAILS_DIR ?? join(ROOT, 'docs', 'mails');
  const camera = await PhoneCamera.open(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium');
  try {
    for (const id of ids) {
      const game = demoGame(['--game', id], process.env);
      const dir = join(out, game.ruleset);
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      const samples = await withServices(async (s, clock) => playSamples(s, clock, game));
      const index: string[] = [`# ${game.title}: every kind of mail`, ''];
      for (const [i, sample] of samples.entries()) {
        const name = `${String(i + 1).padStart(2, '0')}-${sample.label}`;
        writeFileSync(join(dir, `${name}.txt`), `Subject: ${sample.row.payload.subject}\n\n${sample.row.payload.text}`);
        writeFileSync(join(dir, `${name}.png`), palettePng(await camera.shoot(sample.row)));
        index.push(`- ${sample.what}: [text](${name}.txt), [as a phone shows it](${name}.png)`);
      }
      writeFileSync(join(dir, 'README.md'), `${index.join('\n')}\n`);
      process.stdout.write(`[mails] ${game.ruleset}: ${samples.length} mails in ${dir}\n`);
    }
    writeSamplesIndex(out);
  } finally {
    await camera.close();
  }
}

/** A scratch database and queue prefix, the services on a clock the samples move. */
async function withServices<T>(play: (s: Services, clock: { now: Date }) => Promise<T>): Promise<T> {
  const admin = new URL(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/umpire');
  admin.pathname = '/umpire_mail_samples';
  const url = admin.toString();
  await dropDatabase(url);
  await ensureDatabase(url);
  await migrate(url);
  const clock = { now: new Date('2026-11-23T09:00:00Z') };
  const s = buildServices(
    loadConfig({
      ...process.env,
      // the same seeds every run: the samples change only when the mails do
      NODE_ENV: 'test',
      UMPIRE_TEST_SEED: 'docs/mails',
      UMPIRE_SECRET: 's'.repeat(64),
      DATABASE_URL: url,
      UMPIRE_QUEUE_PREFIX: `umpire-mail-samples-${process.pid}`,
      MAIL_DOMAIN: 'umpire.example',
      UMPIRE_ADDRESS: 'umpire@umpire.example',
      DEADLINE_MINUTES: String(3 * 24 * 60),
      DEADLINE_GRACE_MINUTES: '120',
      THROTTLE_BURST: '1000',
    } as NodeJS.ProcessEnv),
    { clock: () => clock.now, poolSize: 2 },
  );
  try {
    return await play(s, clock);
  } finally {
    await s.jobs.obliterate().catch(() => undefined);
    await s.close();
    await dropDatabase(url);
  }
}

export type { Sample, OutboxRow };

main().catch((err: unknown) => {
  console.error(`[mails] failed: ${(err as Error).stack ?? err}`);
  process.exit(1);
});
