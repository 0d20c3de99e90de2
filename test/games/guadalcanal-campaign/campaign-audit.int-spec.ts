import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleFiles, writeBundle } from '../../../src/audit/bundle';
import { auditBundle } from '../../../src/audit/verify-bundle';
import type { AnyRuleset } from '../../../src/engine/evolve';
import { selfplayThrough } from '../../../src/engine/selfplay';
import { guadalcanalCampaign } from '../../../src/games/guadalcanal-campaign';
import { SERVICE_EVENT_TYPES } from '../../../src/services/game-repository';
import { selfplayGameId, storeRoundTrip } from '../../../src/services/selfplay-store';
import { EventStore, type StoredEvent } from '../../../src/store/event-store';
import { rechain } from '../../support/bundle-audit';
import { freshDatabase, type TestDatabase } from '../../support/db';

/**
 * Issue 31: a whole Guadalcanal campaign (3.1, 294 turns) in solitaire, the computer Japanese (11.0,
 * the umpire's system side) against the random American, self-played through PostgreSQL, exported
 * as its audit bundle and checked offline by the bundle's own `node verify.js` (Node alone, the
 * rules build the bundle carries) and by `umpire verify --bundle`. The computer's turns are part of
 * each step's adjudication (engine/system-sides.ts resolveStep): the verifier re-runs the computer
 * on the Japanese view with the step's dice, so a plan changed in the log, even re-chained, is caught.
 */
const gc = guadalcanalCampaign as unknown as AnyRuleset;
// each check re-adjudicates 294 turns (verify.js and the in-process audit): minutes on a loaded machine
jest.setTimeout(300_000);
const GAME_ID = 'G-gc-campaign-audit';
let t: TestDatabase;
let work: string;
let log: StoredEvent[];

beforeAll(async () => {
  t = await freshDatabase('gc_campaign_audit');
  work = mkdtempSync(join(tmpdir(), 'gc-campaign-audit-'));
  const result = await selfplayThrough(
    gc,
    { games: 1, seed: 'gc-campaign-audit', clock: () => 0, maxTurns: 300, options: { scenario: 'campaign', mode: 'solitaire' } },
    storeRoundTrip(t.db, { runId: 'gc-audit', now: () => new Date('2026-11-29T04:00:00.000Z') }),
  );
  expect(result.errors).toEqual([]);
  expect(result.ended).toBe(1);
  const stored = await new EventStore(t.db).read(selfplayGameId('gc-audit', 0));
  // the bundle names one game: the stored log under the id it is exported as
  log = rechain(stored.map((e) => ({ ...e, gameId: GAME_ID })));
}, 600_000);

afterAll(async () => {
  await t?.drop();
  rmSync(work, { recursive: true, force: true });
});

/** `view`'s bundle of `events`, written and unpacked into an empty directory. */
async function unpacked(events: readonly StoredEvent[], view = 'referee'): Promise<{ file: string; dir: string }> {
  const root = mkdtempSync(join(work, 'b-'));
  const file = join(root, 'bundle.tar.gz');
  await writeBundle(
    bundleFiles({ log: events, view, serviceTypes: SERVICE_EVENT_TYPES, umpireVersion: 'test', exportedAt: 'now' }),
    GAME_ID,
    file,
  );
  expect(spawnSync('tar', ['xzf', 'bundle.tar.gz'], { cwd: root }).status).toBe(0);
  return { file, dir: join(root, `${GAME_ID}-audit`) };
}

/** node verify.js in the bundle's directory, with nothing in its environment but PATH. */
function verifyJs(dir: string): { status: number | null; out: string } {
  const r = spawnSync(process.execPath, ['verify.js'], { cwd: dir, env: { PATH: process.env.PATH ?? '' }, encoding: 'utf8' });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

const rulesEvent = (e: StoredEvent) => (e.type === 'RulesApplied' ? (e.payload as { event: { type: string; data: unknown } }).event : null);
const plans = () => log.filter((e) => rulesEvent(e)?.type === 'gcc.computer-plan');

describe('issue 31: a Guadalcanal campaign audited from its bundle alone', () => {
  it('the campaign ran its 294 turns to the final count, the computer Japanese planning every Japanese step', () => {
    const created = log[0].payload as { systemSides?: string[]; options: Record<string, unknown> };
    expect(created.systemSides).toEqual(['japanese']);
    expect(created.options).toMatchObject({ scenario: 'campaign', mode: 'solitaire' });
    expect(log.some((e) => rulesEvent(e)?.type === 'gcc.final-score')).toBe(true);
    expect(log[log.length - 1].type).toBe('GameEnded');
    // the computer plays at the Japanese orders and air steps of every turn: more than one plan a turn
    expect(plans().length).toBeGreaterThan(294);
    expect(plans().some((e) => (rulesEvent(e)!.data as { plan: string[] }).plan.length > 0)).toBe(true);
  });

  it('node verify.js checks chain, dice and every outcome, the computer re-run, with the build the bundle carries', async () => {
    const { file, dir } = await unpacked(log);
    const r = verifyJs(dir);
    expect(r.out).toMatch(
      new RegExp(
        `ok: events #1-#${log.length} \\(the end\\): \\d+ steps re-adjudicated under rules guadalcanal-campaign-\\d+ \\(build-guadalcanal-campaign-`,
      ),
    );
    expect(r.out).not.toContain('NOT CHECKED');
    expect(r.status).toBe(0);
    const u = await auditBundle(file, [gc]);
    expect(u.ok).toBe(true);
  });

  it("the American's bundle hides the computer's plans and tie dice, and its standalone checks pass", async () => {
    const { dir } = await unpacked(log, 'american');
    const text = verifyJs(dir);
    expect(text.status).toBe(0);
    expect(text.out).toMatch(/NOT CHECKED: .*this is american's view/);
    const events = readFileSync(join(dir, 'events.jsonl'), 'utf8');
    expect(events).not.toContain('gcc.computer-plan');
    expect(events).not.toContain('computer Japanese: a tie');
  });

  it("a computer plan changed in the log and re-chained is caught: the verifier's own run of the computer differs", async () => {
    const target = plans().find((e) => (rulesEvent(e)!.data as { plan: string[] }).plan.length > 0)!;
    const p = target.payload as { event: { type: string; data: { plan: string[] } } };
    const forged = rechain(
      log.map((e) =>
        e.seq === target.seq ? { ...e, payload: { ...p, event: { ...p.event, data: { ...p.event.data, plan: ['HOLD TF 1'] } } } } : e,
      ),
    );
    const { file, dir } = await unpacked(forged);
    const r = verifyJs(dir);
    expect(r.status).toBe(1);
    expect(r.out).toMatch(new RegExp(`FAIL event #${target.seq}: re-adjudication under guadalcanal-campaign-\\d+ differs`));
    // the verifier ran the computer itself and got the plan the log first held
    expect(r.out).toContain(JSON.stringify({ plan: p.event.data.plan }).slice(1, -1));
    const u = await auditBundle(file, [gc]);
    expect(u.ok).toBe(false);
    expect(u.lines.join('\n')).toContain(`BROKEN: event #${target.seq}: re-adjudication`);
  });
});
