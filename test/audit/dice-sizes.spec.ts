import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleFiles } from '../../src/audit/bundle';
import { diceFairness, diceOfLog, fairnessLines, fairnessOfLog } from '../../src/audit/dice-stats';
import { replayWithCurrent } from '../../src/audit/replay';
import { auditGameLog } from '../../src/engine/audit';
import type { EngineEvent } from '../../src/engine/engine-events';
import type { AnyRuleset } from '../../src/engine/evolve';
import { playOneGame, selfplay } from '../../src/engine/selfplay';
import { verifyGameLog } from '../../src/engine/verify';
import { eventVisibleTo, narrativeFor } from '../../src/engine/views';
import { diceChecks } from '../../src/mail/dice-checks';
import { diceLog } from '../../src/services/game-page/dice-log';
import { SERVICE_EVENT_TYPES } from '../../src/services/game-repository';
import { GENESIS_HASH, hashEvent, type StoredEvent } from '../../src/store/event-store';
import { fleetDuel } from '../../src/games/fleet-duel';

/**
 * Dice beyond the d6 and rolls with their own visibility (E1, E2), end to end: Fleet Duel with its
 * scouting rules (6: a d10 for the weather, seen by both sides in a step whose dice are hidden; a
 * submarine's pick of an enemy ship, seen by its side alone in a step whose dice are public) played
 * by random players, then verified, audited, replayed, exported and checked by verify.js.
 */

const duel = fleetDuel as unknown as AnyRuleset;
const scouting = { options: { scouting: true } };
type Die = Extract<EngineEvent, { type: 'DieRolled' }>;
const isDie = (e: EngineEvent): e is Die => e.type === 'DieRolled';

/** The first game (by seed) with a d10 of a revealed turn and a pick by each side. */
function scoutingGame(): EngineEvent[] {
  for (let k = 0; k < 50; k++) {
    const { events } = playOneGame(duel, `dice-sizes-${k}`, scouting);
    const dice = events.filter(isDie);
    const picks = (side: string) => dice.some((d) => d.data.rule === '6.2' && (d.data.visibleTo as string[])[0] === side);
    if (dice.some((d) => d.data.sides === 10) && picks('red') && picks('blue')) return events;
  }
  throw new Error('no game with a d10 and a pick by each side in 50 seeds');
}

const events = scoutingGame();
const dice = events.filter(isDie);
const weather = dice.find((d) => d.data.sides === 10)!;
const redPick = dice.find((d) => d.data.rule === '6.2' && canonical(d.data.visibleTo) === '["red"]')!;

function canonical(v: unknown): string {
  return JSON.stringify(v);
}

/** The log as the event store would hold it: hash-chained, seq from 1. */
function stored(log: readonly EngineEvent[]): StoredEvent[] {
  let prevHash = GENESIS_HASH;
  return log.map((e, i) => {
    const base = {
      gameId: 'G-sizes',
      seq: i + 1,
      type: e.type,
      payload: e.data,
      metadata: {},
      recordedAt: '2026-11-23T12:00:00.000Z',
      prevHash,
    };
    const hash = hashEvent(base);
    prevHash = hash;
    return { ...base, hash };
  });
}

/** verify.js of templates/audit on a bundle's files, in an empty directory. */
function verifyJs(log: readonly StoredEvent[], view = 'referee'): { status: number | null; out: string } {
  const files = bundleFiles({
    log,
    view,
    serviceTypes: SERVICE_EVENT_TYPES,
    umpireVersion: 'test',
    exportedAt: '2026-11-23T13:00:00.000Z',
  });
  const dir = mkdtempSync(join(tmpdir(), 'dice-sizes-'));
  try {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const r = spawnSync(process.execPath, ['verify.js'], { cwd: dir, env: { PATH: process.env.PATH ?? '' }, encoding: 'utf8' });
    return { status: r.status, out: `${r.stdout}${r.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The log with die `at` (an index into `events`) changed. */
const forged = (at: number, data: Partial<Die['data']>): EngineEvent[] =>
  events.map((e, i) => (i === at ? ({ ...e, data: { ...e.data, ...data } } as EngineEvent) : e));

describe('a d10, picks and per-roll visibility through self-play, verification and audit', () => {
  it('given 100 games with the scouting rules, then every game verifies, audits and replays, and dice of each size are rolled', () => {
    const logs: EngineEvent[][] = [];
    const r = selfplay(duel, { games: 100, seed: 'dice-sizes', clock: () => 0, ...scouting }, (_g, log) => {
      logs.push([...log]);
      return JSON.parse(JSON.stringify(log)) as EngineEvent[];
    });
    expect(r.errors).toEqual([]);
    expect(r.verified).toBe(100);
    const sizes = new Set(
      logs
        .flat()
        .filter(isDie)
        .map((d) => d.data.sides ?? 6),
    );
    expect([...sizes].sort((a, b) => a - b)).toEqual([2, 3, 6, 10]);
    // a fleet down to one ship is shadowed without a die (pick never rolls for one item)
    const shadowed = logs
      .flat()
      .flatMap((e) => (e.type === 'RulesApplied' && e.data.event.type === 'ShipShadowed' ? [e.data.event.data as { of: number }] : []));
    const single = shadowed.filter((d) => d.of === 1);
    const pickDice = logs.flat().filter((e) => isDie(e) && e.data.rule === '6.2');
    expect(single.length).toBeGreaterThan(0);
    expect(pickDice.length).toBe(shadowed.length - single.length);
  }, 120_000);

  it('given the log of one game, then the verifier recomputes its d10 and picks, the audit and replay --with-current agree', () => {
    expect(weather.data).toMatchObject({ sides: 10, rule: '6.1', visibleTo: 'all' });
    const v = verifyGameLog(events);
    expect(v.ok).toBe(true);
    expect(v.diceChecked).toBe(dice.length);
    expect(auditGameLog(events, duel)).toMatchObject({ ok: true });
    expect(replayWithCurrent(events, duel).firstDifference).toBeNull();
  });

  it('given a forged d10 face, then the verifier names the die', () => {
    const at = events.indexOf(weather);
    const face = (weather.data.face % 10) + 1;
    const v = verifyGameLog(forged(at, { face }));
    expect(v.firstMismatch).toMatchObject({ eventIndex: at, kind: 'die' });
    expect(v.firstMismatch?.message).toContain(`a d10, event #${at}) shows ${face}, the seed gives ${weather.data.face}`);
  });

  it('given a d10 whose size was changed or removed, then the verifier or the audit finds it', () => {
    const at = events.indexOf(weather);
    expect(verifyGameLog(forged(at, { sides: 1 })).firstMismatch).toMatchObject({ eventIndex: at, kind: 'die' });
    const resized = forged(at, { sides: 12 });
    const caught = !verifyGameLog(resized).ok || !auditGameLog(resized, duel).ok;
    expect(caught).toBe(true);
    expect(auditGameLog(resized, duel).firstMismatch?.message).toContain('a d12');
  });

  it("given a pick made public in the log, then the audit finds the rules gave it to the roller's side alone", () => {
    const at = events.indexOf(redPick);
    const audit = auditGameLog(forged(at, { visibleTo: 'all' }), duel);
    expect(audit.ok).toBe(false);
    expect(audit.firstMismatch?.eventIndex).toBe(at);
    expect(audit.firstMismatch?.message).toContain('seen by red');
  });
});

describe('per-roll visibility: who sees a die', () => {
  it("given red's pick in a step whose dice are public, then blue's view, story and report checks leave it out, red's and the referee's have it", () => {
    expect([eventVisibleTo(redPick, 'red'), eventVisibleTo(redPick, 'blue'), eventVisibleTo(redPick, 'referee')]).toEqual([
      true,
      false,
      true,
    ]);
    // numbered in red's own stream (docs/audit.md "Private dice")
    expect(redPick.data.stream).toBe('private:red');
    const line = `Die #${redPick.data.index} (private to red): [${redPick.data.face}] (d${redPick.data.sides}) ${redPick.data.purpose} (rule 6.2).`;
    const upTo = events.indexOf(redPick) + 1;
    expect(narrativeFor(events.slice(0, upTo), 'red', duel)).toContain(line);
    expect(narrativeFor(events.slice(0, upTo), 'referee', duel)).toContain(line);
    expect(narrativeFor(events.slice(0, upTo), 'blue', duel).some((l) => l.includes('red submarine shadows'))).toBe(false);
    // the battle dice of the same step stay public
    const battle = dice.find((d) => d.data.stepId === redPick.data.stepId && d.data.rule === '3.1');
    if (battle) expect(eventVisibleTo(battle, 'blue')).toBe(true);

    const checked = (viewer: string) =>
      diceChecks(events, viewer).flatMap((s) => s.dice.map((d) => `${s.stepId}#${d.stream ?? ''}#${d.index}`));
    const key = `${redPick.data.stepId}#private:red#${redPick.data.index}`;
    expect(checked('red')).toContain(key);
    expect(checked('blue')).not.toContain(key);
    const mine = diceChecks(events, 'red')
      .find((s) => s.stepId === redPick.data.stepId)
      ?.dice.find((d) => d.stream === 'private:red' && d.index === redPick.data.index);
    expect(mine).toMatchObject({ sides: redPick.data.sides, face: redPick.data.face });
  });

  it('given the weather d10 in a step whose dice only the referee sees, then both sides see it and not the searches beside it', () => {
    for (const side of ['red', 'blue']) expect(eventVisibleTo(weather, side)).toBe(true);
    const searches = dice.filter((d) => d.data.rule === '4.1');
    for (const d of searches) expect([eventVisibleTo(d, 'red'), eventVisibleTo(d, 'blue')]).toEqual([false, false]);
  });

  it("given blue's bundle, then red's pick is redacted, and verify.js still chains it and checks every die blue may see", () => {
    const log = stored(events);
    const blue = bundleFiles({ log, view: 'blue', serviceTypes: SERVICE_EVENT_TYPES, umpireVersion: 'test', exportedAt: 'now' });
    const lines = blue['events.jsonl']
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { seq: number; redacted?: true; payload?: unknown });
    const seq = events.indexOf(redPick) + 1;
    expect(lines[seq - 1]).toMatchObject({ seq, type: 'DieRolled', redacted: true });
    expect(lines[seq - 1].payload).toBeUndefined();
    const weatherLine = lines[events.indexOf(weather)];
    expect(weatherLine.payload).toMatchObject({ sides: 10 });

    const r = verifyJs(log, 'blue');
    expect(r.out).toMatch(/^ok: /m);
    expect(r.status).toBe(0);
    const hidden = dice.filter((d) => !eventVisibleTo(d, 'blue')).length;
    expect(r.out).toContain(`${hidden} hidden from this view`);
  });

  it('given the game page dice log, then it checks the d10 and the picks a viewer may see, and marks their size', () => {
    const log = diceLog(stored(events), 'blue', ['red', 'blue']);
    expect(log.failed).toBe(0);
    const w = log.dice.find((d) => d.seq === events.indexOf(weather) + 1);
    expect(w).toMatchObject({ sides: 10, check: 'checks', ok: true });
    expect(log.dice.some((d) => d.seq === events.indexOf(redPick) + 1)).toBe(false);
    const bad = stored(forged(events.indexOf(weather), { face: (weather.data.face % 10) + 1 }));
    expect(diceLog(bad, 'referee', ['red', 'blue']).failed).toBe(1);
  });
});

describe('verify.js and dice of other sizes', () => {
  it('given the whole log, then every die is recomputed, d10 and picks included', () => {
    const r = verifyJs(stored(events));
    expect(r.status).toBe(0);
    expect(r.out).toContain(`${dice.length} dice recomputed`);
  });

  it('given a forged d10 face in a re-chained log, then verify.js names the event', () => {
    const at = events.indexOf(weather);
    const face = (weather.data.face % 10) + 1;
    const r = verifyJs(stored(forged(at, { face })));
    expect(r.status).toBe(1);
    expect(r.out).toContain(`FAIL event #${at + 1} (DieRolled): die ${weather.data.index} of ${weather.data.stepId} (a d10, weather`);
    expect(r.out).toContain(`shows ${face}`);
  });

  it('given a die whose size is no die, then verify.js refuses it', () => {
    const at = events.indexOf(weather);
    const r = verifyJs(stored(forged(at, { sides: 0 })));
    expect(r.status).toBe(1);
    expect(r.out).toContain(`FAIL event #${at + 1} (DieRolled)`);
    expect(r.out).toContain('names 0 sides');
  });
});

describe('fairness per die size', () => {
  it('given dice of several sizes, then each size is counted against a fair die of its own size', () => {
    const f = fairnessOfLog(stored(events), SERVICE_EVENT_TYPES);
    expect(f.all.sides).toBe(6);
    expect(f.all.dice).toBe(dice.filter((d) => d.data.sides === undefined).length);
    expect(f.otherDice.d10.all).toMatchObject({ sides: 10, dice: dice.filter((d) => d.data.sides === 10).length });
    expect(f.otherDice.d10.all.counts).toHaveLength(10);
    const lines = fairnessLines(f);
    expect(lines.some((l) => l.startsWith('all d10'))).toBe(true);
    expect(lines.some((l) => l.startsWith('all dice'))).toBe(true);
  });

  it("given 600 games' weather dice, then the d10 is fair by chi-square with 9 degrees of freedom", () => {
    const logs: EngineEvent[][] = [];
    const r = selfplay(duel, { games: 600, seed: 'd10-fairness', clock: () => 0, ...scouting }, (_g, log) => {
      logs.push([...log]);
      return log;
    });
    expect(r.errors).toEqual([]);
    const all = logs.flatMap((l) =>
      diceOfLog(
        l.map((e, i) => ({ seq: i + 1, type: e.type, payload: e.data })),
        SERVICE_EVENT_TYPES,
      ),
    );
    const f = diceFairness(all, fleetDuel.sides, new Map());
    const d10 = f.otherDice.d10.all;
    expect(d10.dice).toBeGreaterThan(1000);
    expect(d10.tooFew).toBe(false);
    expect(d10.pValue).toBeGreaterThan(0.01);
  }, 180_000);
});
