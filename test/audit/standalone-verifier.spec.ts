import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer';
import { bundleFiles, writeBundle } from '../../src/audit/bundle';
import { mailHead } from '../../src/audit/expected-head';
import { auditBundle } from '../../src/audit/verify-bundle';
import { verifyStoredLog } from '../../src/audit/verify-log';
import type { EngineEvent } from '../../src/engine/engine-events';
import { selfplay } from '../../src/engine/selfplay';
import { fleetDuel } from '../../src/games/fleet-duel';
import { SERVICE_EVENT_TYPES } from '../../src/services/game-repository';
import type { StoredEvent } from '../../src/store/event-store';
import { rechain } from '../support/bundle-audit';

/**
 * What a third party assumes of the standalone verifier (issue 30): a log re-hashed after a change
 * to an order or to an outcome, and a log cut short, are refused, by `node verify.js` (Node alone,
 * with the rules build the bundle carries) and by `umpire verify` (from a bundle, and from a stored
 * log). A cut log is refused against the head the reader was given (--head) or his report mail (--mail).
 */
let work: string;
let log: StoredEvent[];

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'standalone-verifier-'));
  let played: readonly EngineEvent[] = [];
  const r = selfplay(fleetDuel, { games: 1, seed: 'standalone-verifier', clock: () => 0, missRate: 0.3 }, (_g, events) => {
    played = events;
    return events;
  });
  expect(r.errors).toEqual([]);
  log = rechain(
    played.map((e, i) => ({
      gameId: 'G-standalone',
      seq: i + 1,
      type: e.type,
      payload: e.data,
      metadata: {},
      recordedAt: '2026-11-28T08:00:00.000Z',
      prevHash: '',
      hash: '',
    })),
  );
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The whole log's bundle of `events`, written and unpacked into an empty directory. */
async function unpacked(events: readonly StoredEvent[]): Promise<{ file: string; dir: string }> {
  const root = mkdtempSync(join(work, 'b-'));
  const file = join(root, 'bundle.tar.gz');
  const files = bundleFiles({ log: events, view: 'referee', serviceTypes: SERVICE_EVENT_TYPES, umpireVersion: 'test', exportedAt: 'now' });
  await writeBundle(files, 'G-standalone', file);
  expect(spawnSync('tar', ['xzf', 'bundle.tar.gz'], { cwd: root }).status).toBe(0);
  return { file, dir: join(root, 'G-standalone-audit') };
}

/** node verify.js in the bundle's directory, with nothing in its environment but PATH. */
function verifyJs(dir: string, ...args: string[]): { status: number | null; out: string } {
  const r = spawnSync(process.execPath, ['verify.js', ...args], { cwd: dir, env: { PATH: process.env.PATH ?? '' }, encoding: 'utf8' });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

/** A report mail as nodemailer writes it (quoted-printable, long lines folded), naming event `seq` and its hash. */
async function reportMail(seq: number, hash: string): Promise<string> {
  const text = `== Checking the umpire ==\nDice anchor (s0): ${'a'.repeat(64)}\nLatest event hash (event #${seq}): ${hash}\n`;
  const raw = await new MailComposer({ from: 'umpire@test', to: 'red@test', subject: 'report', text, textEncoding: 'quoted-printable' })
    .compile()
    .build();
  const file = join(mkdtempSync(join(work, 'm-')), 'report.eml');
  writeFileSync(file, raw);
  return file;
}

const edit = (events: readonly StoredEvent[], seq: number, payload: unknown): StoredEvent[] =>
  rechain(events.map((e) => (e.seq === seq ? { ...e, payload } : e)));

describe('the standalone verifier', () => {
  it('given the whole log, then it checks chain, dice, commitments, orders hashes and every outcome with the bundled build', async () => {
    const { dir } = await unpacked(log);
    const r = verifyJs(dir);
    expect(r.out).toMatch(/every commitment of sealed, queued and standing orders, and every orders hash, checks/);
    expect(r.out).toMatch(
      new RegExp(
        `ok: events #1-#${log.length} \\(the end\\): \\d+ steps re-adjudicated under rules fleet-duel/1 \\(build-fleet-duel_1\\+e3\\.js, SHA-256 [0-9a-f]{64}\\)`,
      ),
    );
    expect(r.out).not.toContain('NOT CHECKED');
    expect(r.status).toBe(0);
  });

  it('given a re-hashed log with a changed order, then both verifiers refuse it, citing the event changed', async () => {
    const target = log.find((e) => e.type === 'DefaultOrdersApplied') ?? log.find((e) => e.type === 'OrdersRevealed')!;
    const p = target.payload as { side: string; orders: unknown[] };
    const forged = edit(log, target.seq, { ...p, orders: [{ kind: 'move', area: 'nowhere' }] });
    const { file, dir } = await unpacked(forged);
    const r = verifyJs(dir);
    expect(r.status).toBe(1);
    // the orders hash (or the commitment) names the stored event changed, by its number in the log
    expect(r.out).toMatch(new RegExp(`FAIL event #\\d+: .*(${target.type} #${target.seq}|event #${target.seq}\\))`));
    const u = await auditBundle(file, [fleetDuel]);
    expect(u.ok).toBe(false);
    expect(u.lines.join('\n')).toMatch(new RegExp(`${target.type} #${target.seq}|event #${target.seq}\\)`));
    expect(verifyStoredLog(forged, { running: [fleetDuel] }).ok).toBe(false);
  });

  it('given a re-hashed log with a changed outcome, then the re-adjudication under the bundled build refuses it', async () => {
    const target = log.find((e) => e.type === 'RulesApplied' && (e.payload as { event: { type: string } }).event.type === 'PhaseEntered')!;
    const p = target.payload as { event: { data: Record<string, unknown> } };
    const forged = edit(log, target.seq, { ...p, event: { ...p.event, data: { ...p.event.data, turn: 99 } } });
    const { file, dir } = await unpacked(forged);
    const r = verifyJs(dir);
    expect(r.status).toBe(1);
    expect(r.out).toContain(`FAIL event #${target.seq}: re-adjudication under fleet-duel/1 differs`);
    expect(r.out).toContain('under rules fleet-duel/1, build-fleet-duel_1+e3.js');
    const u = await auditBundle(file, [fleetDuel]);
    expect(u.lines.join('\n')).toContain(`BROKEN: event #${target.seq}: re-adjudication under fleet-duel/1 differs`);
    expect(verifyStoredLog(forged, { running: [fleetDuel] }).lines.join('\n')).toContain(`BROKEN: event #${target.seq}: re-adjudication`);
  });

  it('given a log cut short, then it passes alone but is refused against --head and against the report mail', async () => {
    const cut = log.slice(0, Math.floor(log.length / 2));
    const head = log[log.length - 1];
    const { file, dir } = await unpacked(cut);
    expect(verifyJs(dir).status).toBe(0);

    const byHead = verifyJs(dir, '--head', head.hash);
    expect(byHead.status).toBe(1);
    expect(byHead.out).toContain(`--head names ${head.hash.slice(0, 12)}...: not the log you were given`);
    const mail = await reportMail(head.seq, head.hash);
    const byMail = verifyJs(dir, '--mail', mail);
    expect(byMail.status).toBe(1);
    expect(byMail.out).toContain(
      `names event #${head.seq} with hash ${head.hash.slice(0, 12)}..., the log ends at event #${cut.length}: it was cut short`,
    );

    // umpire verify --bundle and umpire verify (a stored log) alike
    expect((await auditBundle(file, [fleetDuel], { head: head.hash })).ok).toBe(false);
    expect((await auditBundle(file, [fleetDuel], { mail })).lines.join('\n')).toContain('it was cut short');
    const stored = verifyStoredLog(cut, { running: [fleetDuel], expect: mailHead(readFileSync(mail, 'utf8'), mail) });
    expect(stored.ok).toBe(false);
    expect(stored.lines[0]).toContain('it was cut short');

    // the whole log holds the mail's event: accepted, and by --head its own head
    const whole = await unpacked(log);
    expect(verifyJs(whole.dir, '--mail', mail).out).toContain(`ok: event #${head.seq} has the hash your mail`);
    expect(verifyJs(whole.dir, '--head', head.hash).status).toBe(0);
  });

  it('given a cut log re-chained and grown back to the mail event number, then the mail still refuses it', async () => {
    const mid = log[Math.floor(log.length / 2)];
    const mail = await reportMail(mid.seq, mid.hash);
    const rewritten = edit(log, 2, { ...(log[1].payload as object), receivedAt: '2026-01-01T00:00:00.000Z' });
    const { dir } = await unpacked(rewritten);
    const r = verifyJs(dir, '--mail', mail);
    expect(r.status).toBe(1);
    expect(r.out).toContain(
      `the log's event #${mid.seq} has ${rewritten[mid.seq - 1].hash.slice(0, 12)}...: the log was rewritten after the mail`,
    );
  });

  it("given a side's view, then it says plainly what it did not check", async () => {
    const root = mkdtempSync(join(work, 'side-'));
    const file = join(root, 'bundle.tar.gz');
    await writeBundle(
      bundleFiles({ log, view: 'red', serviceTypes: SERVICE_EVENT_TYPES, umpireVersion: 'test', exportedAt: 'now' }),
      'G-standalone',
      file,
    );
    spawnSync('tar', ['xzf', 'bundle.tar.gz'], { cwd: root });
    const r = verifyJs(join(root, 'G-standalone-audit'));
    expect(r.status).toBe(0);
    expect(r.out).toMatch(/NOT CHECKED: the commitments .* the orders hashes, .* every step's outcome .*: this is red's view/);
  });
});
