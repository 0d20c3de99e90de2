import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleFiles, writeBundle } from '../../src/audit/bundle';
import { auditBundle } from '../../src/audit/verify-bundle';
import { selfplayThrough } from '../../src/engine/selfplay';
import { rulesets } from '../../src/games';
import { vitpRuleset } from '../../src/games/vitp';
import { SERVICE_EVENT_TYPES } from '../../src/services/game-repository';
import { selfplayGameId, storeRoundTrip } from '../../src/services/selfplay-store';
import { EventStore, type StoredEvent } from '../../src/store/event-store';
import { rechain } from '../support/bundle-audit';
import { freshDatabase, type TestDatabase } from '../support/db';

/**
 * The offline audit bundle (issue 12 item 4) on a VITP game played by random players and written
 * through the real event store: exported, copied into an empty directory, checked there by
 * `node verify.js` with no database in its environment; one byte changed and it names the event.
 */
let t: TestDatabase;
let work: string;
let log: StoredEvent[];
let gameId: string;

beforeAll(async () => {
  t = await freshDatabase('bundle');
  work = mkdtempSync(join(tmpdir(), 'bundle-spec-'));
  let clock = 0;
  const result = await selfplayThrough(
    vitpRuleset,
    { games: 1, seed: 'bundle-spec', clock: () => (clock += 1) },
    storeRoundTrip(t.db, { runId: 'bundle', now: () => new Date('2026-11-23T12:00:00.000Z') }),
  );
  expect(result.errors).toEqual([]);
  gameId = selfplayGameId('bundle', 0);
  log = await new EventStore(t.db).read(gameId);
}, 240_000);

afterAll(async () => {
  await t?.drop();
  rmSync(work, { recursive: true, force: true });
});

const exportedAt = '2026-11-23T13:00:00.000Z';
const filesFor = (events: readonly StoredEvent[], view = 'referee') =>
  bundleFiles({ log: events, view, serviceTypes: SERVICE_EVENT_TYPES, umpireVersion: 'test', exportedAt });

/** Exports to a .tar.gz, copies it alone into a new empty directory, unpacks it there with tar. */
async function unpacked(events: readonly StoredEvent[], view = 'referee'): Promise<{ file: string; dir: string }> {
  const made = join(work, `made-${Math.random().toString(36).slice(2)}.tar.gz`);
  await writeBundle(filesFor(events, view), gameId, made);
  const empty = mkdtempSync(join(work, 'empty-'));
  const file = join(empty, 'bundle.tar.gz');
  copyFileSync(made, file);
  const x = spawnSync('tar', ['xzf', 'bundle.tar.gz'], { cwd: empty, encoding: 'utf8' });
  expect(x.status).toBe(0);
  return { file, dir: join(empty, `${gameId}-audit`) };
}

/** node verify.js in the bundle's directory, with no database, Redis or mail settings in its environment. */
function runVerifier(dir: string): { status: number | null; out: string } {
  const r = spawnSync(process.execPath, ['verify.js'], { cwd: dir, env: { PATH: process.env.PATH ?? '' }, encoding: 'utf8' });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

describe('umpire export bundle', () => {
  it('verifies with node alone in an empty directory: chain, seeds and every die', async () => {
    const { dir } = await unpacked(log);
    expect(readFileSync(join(dir, 'AUDIT.md'), 'utf8')).toContain('HMAC-SHA-256');
    const r = runVerifier(dir);
    expect(r.out).toMatch(/^ok: game G-selfplay-bundle-0: \d+ events chained/m);
    expect(r.status).toBe(0);
    const dice = log.filter((e) => e.type === 'DieRolled').length;
    expect(dice).toBeGreaterThan(100);
    expect(r.out).toContain(`${dice} dice recomputed`);
  });

  it('exits 1 naming the event when one byte of the log changes', async () => {
    const { dir } = await unpacked(log);
    const path = join(dir, 'events.jsonl');
    const lines = readFileSync(path, 'utf8').split('\n');
    const die = log.find((e) => e.type === 'DieRolled' && e.seq > 100)!;
    const line = lines[die.seq - 1];
    const at = line.indexOf('"face":') + 7;
    const flipped = `${line.slice(0, at)}${line[at] === '6' ? '5' : String(Number(line[at]) + 1)}${line.slice(at + 1)}`;
    lines[die.seq - 1] = flipped;
    writeFileSync(path, lines.join('\n'));
    const r = runVerifier(dir);
    expect(r.status).toBe(1);
    expect(r.out).toContain(`FAIL event #${die.seq} (DieRolled): its content does not match its hash`);

    // a byte of the box data, which GameCreated's boxHash covers
    const box = join(dir, 'box.json');
    writeFileSync(path, `${lines.map((l, i) => (i === die.seq - 1 ? line : l)).join('\n')}`);
    expect(runVerifier(dir).status).toBe(0);
    const text = readFileSync(box, 'utf8');
    const digit = text.search(/[0-8]/);
    writeFileSync(box, `${text.slice(0, digit)}${Number(text[digit]) + 1}${text.slice(digit + 1)}`);
    const b = runVerifier(dir);
    expect(b.status).toBe(1);
    expect(b.out).toContain('FAIL event #1 (GameCreated): box.json hashes to');
  });

  it('finds a die that does not follow from its seed even in a re-chained log, and skips it once voided', async () => {
    const firstSeed = log.find((e) => e.type === 'SeedRevealed')!;
    const prefix = log.slice(0, firstSeed.seq).map((e) => ({ ...e }));
    const die = prefix.find((e) => e.type === 'DieRolled')!;
    const d = die.payload as { face: number };
    prefix[die.seq - 1] = { ...die, payload: { ...(die.payload as object), face: (d.face % 6) + 1 } };
    const forged = rechain(prefix);
    const r = runVerifier((await unpacked(forged)).dir);
    expect(r.status).toBe(1);
    expect(r.out).toMatch(
      new RegExp(`FAIL event #${die.seq} \\(DieRolled\\): die \\d+ of .* shows ${(d.face % 6) + 1}, the seed of turn 1`),
    );

    // a referee's rollback voids the tail from that die on: it stays in the chain, its die no longer counts
    const rolledBack = {
      ...forged[forged.length - 1],
      seq: forged.length + 1,
      type: 'RolledBack',
      payload: {
        toSeq: die.seq - 1,
        firstVoidedSeq: die.seq,
        stepId: 'x',
        turn: 1,
        orders: 'kept',
        referee: 'r',
        reason: 'test',
        undone: [],
        concerns: [],
      },
      metadata: { actor: 'referee' },
    };
    const ok = runVerifier((await unpacked(rechain([...forged, rolledBack]))).dir);
    expect(ok.out).toMatch(/\(0 redacted, \d+ voided\)/);
    expect(ok.status).toBe(0);
    // in a side's bundle the RolledBack is hidden (it names the referee) and discloses its range beside its hash
    const side = await unpacked(rechain([...forged, rolledBack]), 'japanese');
    const last = readFileSync(join(side.dir, 'events.jsonl'), 'utf8').trim().split('\n').pop()!;
    expect(JSON.parse(last)).toMatchObject({ type: 'RolledBack', redacted: true, disclosed: { firstVoidedSeq: die.seq } });
    expect(runVerifier(side.dir).status).toBe(0);
  });

  it('umpire verify --bundle: the full audit, re-adjudication included, from the bundle alone', async () => {
    const { file } = await unpacked(log);
    const r = await auditBundle(file, Object.values(rulesets));
    expect(r.lines.join('\n')).toMatch(
      /ok: events #1-#\d+ \(the end\): \d+ steps re-adjudicated under vitp-\d+ \(builds\/vitp-\d+(\+e\d+)?\.js, SHA-256 [0-9a-f]{12}\.\.\.\) give the recorded results/,
    );
    expect(r.ok).toBe(true);

    // a forger who rewrites a rules outcome and re-chains the log passes the chain, not the re-adjudication
    const applied = log.find((e) => e.type === 'RulesApplied' && JSON.stringify(e.payload).includes('"data":{'))!;
    const p = applied.payload as { event: { data: object } };
    const forged = { ...p, event: { ...p.event, data: { ...p.event.data, forged: true } } };
    const edited = log.map((e) => (e.seq === applied.seq ? { ...e, payload: forged } : e));
    const bad = await auditBundle((await unpacked(rechain(edited))).file, Object.values(rulesets));
    expect(bad.lines.join('\n')).toContain(`BROKEN: event #${applied.seq}: re-adjudication under vitp-`);
    expect(bad.ok).toBe(false);
  });

  it("a side's bundle hides what that side may not see, no player's address included, and still verifies", async () => {
    const { dir } = await unpacked(log, 'japanese');
    const text = readFileSync(join(dir, 'events.jsonl'), 'utf8');
    const created = log[0].payload as { sides: { player: { address: string } }[] };
    for (const seat of created.sides) expect(text).not.toContain(seat.player.address);
    const hidden = text.split('\n').filter((l) => l.includes('"redacted":true')).length;
    expect(hidden).toBeGreaterThan(1);
    const r = runVerifier(dir);
    expect(r.out).toContain(`(${hidden} redacted, 0 voided)`);
    expect(r.out).toContain('check that the anchor');
    expect(r.status).toBe(0);
  });
});
