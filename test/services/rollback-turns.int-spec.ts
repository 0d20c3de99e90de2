import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleFiles, writeBundle } from '../../src/audit/bundle';
import { verifyStoredLog } from '../../src/audit/verify-log';
import { verifySeed } from '../../src/engine/dice';
import { checkVoidedDice } from '../../src/engine/voids';
import { rulesets as registry } from '../../src/games';
import type { Services } from '../../src/services/container';
import { SERVICE_EVENT_TYPES, liveEngineEvents } from '../../src/services/game-repository';
import { applyCommand, type ServiceHarness, startServices, stopServices } from '../support/services';
import { auditAsBundle } from '../support/bundle-audit';
import { flat } from '../support/text';

const REFEREE = 'ref@players.test';
const SIDES = [
  { side: 'japanese', player: { address: 'tojo@players.test' } },
  { side: 'allied', player: { address: 'nimitz@players.test' } },
];

/**
 * Issue 30, the referee's desk on PostgreSQL with a VITP game: a rollback two turns back, previewed
 * first, renews the dice chain (the seeds of the undone turns were revealed), ROLLFORWARD replays
 * the undone steps with the orders the sides had given, and `umpire verify`'s audit (every segment
 * under its rules build, the log's checks, the voided dice against the abandoned chain) passes.
 */
describe('a rollback two turns back, with preview and roll-forward (VITP)', () => {
  let h: ServiceHarness;
  let s: Services;
  const gameId = 'G-rbturns';
  beforeAll(async () => {
    h = await startServices('rbturns', { DEADLINE_MINUTES: '600' });
    s = h.s;
  });
  afterAll(() => stopServices(h));

  const apply = (key: string, kind: string, payload: unknown) => applyCommand(s, gameId, key, kind, payload);
  const log = () => s.events.read(gameId);

  /** Every owing side orders its defaults until `turn` is in play. */
  async function playTo(turn: number): Promise<void> {
    for (let i = 0; i < 400; i++) {
      const game = await s.games.load(gameId);
      const step = game.state.step!;
      if (step.turn >= turn) return;
      const side = step.owes.find((x) => game.state.submissions[x]?.stepId !== step.id);
      if (!side) {
        await apply(`force-${i}`, 'game.force', { gameId });
        continue;
      }
      const text = game.ruleset.formatOrders(game.ruleset.defaultOrders(game.state.rules, side, step));
      await apply(`o-${i}-${side}`, 'game.orders', { gameId, side, text, via: 'test' });
    }
    throw new Error(`turn ${turn} never came`);
  }

  async function expectVerifies(): Promise<string[]> {
    expect(await s.events.verify(gameId)).toMatchObject({ ok: true });
    const all = await log();
    const r = verifyStoredLog(all, { running: Object.values(registry) });
    expect(r.lines.filter((l) => l.startsWith('BROKEN'))).toEqual([]);
    expect(r.ok).toBe(true);
    expect(checkVoidedDice(all, (t) => SERVICE_EVENT_TYPES.has(t)).broken).toBeUndefined();
    return [...r.lines];
  }

  it('previews, rolls back to turn 1 with a new seed chain, rolls forward with the orders kept, and verifies', async () => {
    // given a VITP game played to turn 3: the seeds of turns 1 and 2 are revealed
    await apply('create', 'game.create', { gameId, ruleset: 'vitp', sides: SIDES, referee: REFEREE });
    await playTo(3);
    const before = await log();
    const live = liveEngineEvents(before);
    const firstResolved = live.find((e) => e.type === 'StepResolved')!.payload as { stepId: string; turn: number };
    const oldSeed1 = (
      live.find((e) => e.type === 'SeedRevealed' && (e.payload as { turn: number }).turn === 1)!.payload as { seed: string }
    ).seed;
    expect(live.some((e) => e.type === 'SeedRevealed' && (e.payload as { turn: number }).turn === 2)).toBe(true);
    expect(firstResolved.turn).toBe(1);
    const target = { stepId: firstResolved.stepId };

    // when the referee previews the rollback to turn 1's first step
    const preview = await apply('preview', 'game.rollback', {
      gameId,
      target,
      orders: 'kept',
      reason: 'a unit set up wrong',
      referee: REFEREE,
      preview: true,
    });
    // then nothing is recorded and the preview names what would be undone, the orders kept and the new chain
    expect(preview.status).toBe('applied');
    expect(await log()).toEqual(before);
    const lines = (preview.result as { lines: string[] }).lines.join('\n');
    expect(lines).toContain('NOTHING WAS RECORDED');
    expect(lines).toMatch(/Undone: .*t2/);
    expect(lines).toMatch(/Orders kept for .*: (japanese|allied) \(event \d+/);
    expect(lines).toMatch(/new seed chain/);

    // when the referee rolls back for real
    const out = await apply('rollback', 'game.rollback', {
      gameId,
      target,
      orders: 'kept',
      reason: 'a unit set up wrong',
      referee: REFEREE,
    });
    expect(out.status).toBe('applied');
    const after = await log();
    const rolled = after.find((e) => e.type === 'RolledBack')!;
    const renewal = after.find((e) => e.type === 'SeedChainRenewed')!;
    // then a fresh chain is committed right after the ruling, and the old chain's turn-3 seed is given up
    expect(renewal.seq).toBe(rolled.seq + 1);
    const renewed = renewal.payload as { fromTurn: number; anchor: string; abandoned: { turn: number; seed: string; anchor: string } };
    expect(renewed.fromTurn).toBe(1);
    expect(renewed.abandoned.turn).toBe(3);
    const created = before[0].payload as { seedAnchor: string };
    expect(renewed.abandoned.anchor).toBe(created.seedAnchor);
    expect(verifySeed(renewed.abandoned.seed, 3, created.seedAnchor)).toBe(true);
    expect(renewed.anchor).not.toBe(created.seedAnchor);
    expect((await s.games.load(gameId)).state.step?.id).toBe(target.stepId);
    // and every side is told, naming the reason
    const told = (await s.outbox.byGame(gameId)).filter(
      (m) => m.recipient === 'tojo@players.test' && String(m.payload.text).includes('rolled back'),
    );
    expect(flat(String(told.at(-1)!.payload.text))).toContain('a unit set up wrong');
    await expectVerifies();

    // when the referee rolls forward
    const forward = await apply('forward', 'game.rollforward', { gameId, referee: REFEREE });
    expect(forward.status).toBe('applied');
    const replayed = forward.result as { steps: string[]; stopped: string | null };
    // then the undone steps resolved again, in order, as far as play followed the undone play
    expect(replayed.steps[0]).toBe(target.stepId);
    expect(replayed.steps.length).toBeGreaterThan(1);
    // (the new dice may lead elsewhere: the replay stops there, saying so, and the sides order on)
    if (replayed.stopped) expect(replayed.stopped).toMatch(/play has left the earlier play|refused now/);
    await expectVerifies();
    await playTo(2);
    const now = liveEngineEvents(await log());
    const seed1 = now.find((e) => e.type === 'SeedRevealed' && (e.payload as { turn: number }).turn === 1)!.payload as { seed: string };
    // turn 1's dice rolled from the new chain: its seed is not the one revealed before the rollback
    expect(seed1.seed).not.toBe(oldSeed1);
    expect(verifySeed(seed1.seed, 1, renewed.anchor)).toBe(true);
    const verified = await expectVerifies();
    // the dice the rollback voided check against the old chain: its voided reveals and the abandoned turn-3 seed
    expect(checkVoidedDice(await log(), (t) => SERVICE_EVENT_TYPES.has(t)).checked).toBeGreaterThan(0);

    // and from its bundle: `umpire verify --bundle` passes; the standalone verify.js checks chain, seeds
    // and dice across the renewal, and every outcome with the bundled vitp-5 build of engine revision 2
    const work = mkdtempSync(join(tmpdir(), 'rbturns-'));
    const bundled = await auditAsBundle(work, gameId, await log(), registry.vitp);
    expect(bundled.lines.filter((l) => /BROKEN|FAIL/.test(l))).toEqual([]);
    expect(bundled.ok).toBe(true);
    const file = join(work, 'b.tar.gz');
    await writeBundle(
      bundleFiles({ log: await log(), view: 'referee', serviceTypes: SERVICE_EVENT_TYPES, umpireVersion: 'test', exportedAt: 'now' }),
      gameId,
      file,
    );
    execFileSync('tar', ['xzf', file, '-C', work]);
    const standalone = spawnSync(process.execPath, [join(work, `${gameId}-audit`, 'verify.js')], { encoding: 'utf8' });
    expect(standalone.stderr).toBe('');
    expect(standalone.stdout).toMatch(/ok: \d+ seeds hash to the anchor; [1-9]\d* dice recomputed/);
    expect(standalone.stdout).not.toContain('NOT CHECKED');
    expect(standalone.stdout).toMatch(
      /ok: events #1-#\d+ \(the end\): [1-9]\d* steps re-adjudicated under rules vitp-5 \(build-vitp-5\+e3\.js, .*\(engine revision 3\)/,
    );
    expect(standalone.status).toBe(0);
    rmSync(work, { recursive: true, force: true });
    // the vitp-5 build of engine revision 1 predates the renewal, the one of revision 2 private dice
    // numbered apart (a game created now has them): the one of engine revision 3 ran
    expect(verified.join('\n')).not.toMatch(/predates/);
    expect(verified.join('\n')).toMatch(/under vitp-5 \(builds\/vitp-5\+e3\.js, .*\(engine revision 3\)/);
  }, 300_000);
});
