import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { whoIsAwaited } from '../../src/engine/game';
import { randomPlayerOf, turnOf } from '../../src/engine/players';
import { seededRng } from '../../src/engine/random-player';
import type { AnyRuleset } from '../../src/engine/evolve';
import { fleetDuel } from '../../src/games/fleet-duel';
import { checkSegment } from '../../src/engine/audit-build';
import type { Services } from '../../src/services/container';
import type { StoredEvent } from '../../src/store/event-store';
import { auditAsBundle, rechain } from '../support/bundle-audit';
import { type ServiceHarness, startServices, stopServices, applyCommand, DUEL_SIDES } from '../support/services';

const REFEREE = 'ref@players.test';
const duel = fleetDuel as unknown as AnyRuleset;

/**
 * Issue 25, machine-played seats in a game under way, through PostgreSQL and Redis: the referee's
 * MACHINE hands blue to the game's random player mid-game; each step awaiting blue gets its orders
 * at once (sealed, no mail to the machine), its dice from the turn's seed, player and draws in the
 * metadata; REPLACE hands the seat back and blue's orders are awaited again. The audit re-runs the
 * machine player (verify and the bundle pass), and a machine order altered in the log is named.
 */
describe('issue 25: machine-played seats', () => {
  let h: ServiceHarness;
  let played: { gameId: string; afterMachine: number; machineSeq: number };
  let finished: StoredEvent[];
  let s: Services;
  let work: string;
  const now = new Date('2026-11-21T12:00:00Z');
  beforeAll(async () => {
    h = await startServices('machine_seats', { DEADLINE_MINUTES: '600' }, { clock: () => now });
    s = h.s;
    work = mkdtempSync(join(tmpdir(), 'machine-seats-'));
    played = await handedOverAndBack();
  }, 120_000);
  afterAll(async () => {
    await stopServices(h);
    rmSync(work, { recursive: true, force: true });
  });

  const apply = (gameId: string, key: string, kind: string, payload: unknown) => applyCommand(s, gameId, key, kind, payload);
  const log = (gameId: string) => s.events.read(gameId);
  const isMachine = (e: StoredEvent) => e.metadata?.machine !== undefined;

  /** A person's orders for every side in `sides` the step awaits, until `until` holds or the game ends; false when it ended. */
  async function play(
    gameId: string,
    sides: readonly string[],
    until: (turn: number, awaited: readonly string[]) => boolean,
  ): Promise<boolean> {
    for (let n = 0; n < 100; n++) {
      const game = await s.games.load(gameId);
      const step = game.state.step;
      if (!step || game.state.result) return false;
      if (until(step.turn, whoIsAwaited(game.state, game.ruleset))) return true;
      const side = whoIsAwaited(game.state, game.ruleset).find((x) => sides.includes(x));
      if (!side)
        throw new Error(`step ${step.id} awaits ${whoIsAwaited(game.state, game.ruleset).join(', ')}, none of ${sides.join(', ')}`);
      const text = randomPlayerOf(duel as unknown as Parameters<typeof randomPlayerOf>[0])(
        turnOf(duel, game.state, side, step, seededRng(`${gameId}|${side}|${step.id}`)),
      );
      const out = await apply(gameId, `${gameId}:${side}:${step.id}`, 'game.orders', { gameId, side, text, via: 'test' });
      expect(out.status).toBe('applied');
    }
    throw new Error('a hundred orders and the game goes on');
  }

  /** A game where blue goes to a machine while turn 1's orders await it, and back to a person in turn 2 (until a step awaits blue again). */
  async function handedOverAndBack(): Promise<{ gameId: string; afterMachine: number; machineSeq: number }> {
    for (let i = 0; i < 12; i++) {
      const gameId = `G-machine${i}`;
      await apply(gameId, `${gameId}:create`, 'game.create', { gameId, ruleset: 'fleet-duel', sides: DUEL_SIDES, referee: REFEREE });
      // red has given its first orders, blue has not: the seat changes hands in the middle of a step
      if (!(await play(gameId, ['red'], (_t, awaited) => awaited.length === 1 && awaited[0] === 'blue'))) continue;
      const out = await apply(gameId, `${gameId}:machine`, 'game.machine', {
        gameId,
        side: 'blue',
        player: 'random',
        reason: 'blue went quiet',
        referee: REFEREE,
        replyTo: REFEREE,
      });
      expect(out.status).toBe('applied');
      const handed = (await log(gameId)).find((e) => e.type === 'SeatToMachine')!;
      expect(handed.payload).toMatchObject({ side: 'blue', player: 'random', previous: 'blue@players.test', reason: 'blue went quiet' });
      // the machine gave blue's orders at once: only red is awaited
      const game = await s.games.load(gameId);
      expect(whoIsAwaited(game.state, game.ruleset)).toEqual(['red']);
      if (!(await play(gameId, ['red'], (t) => t >= 2))) continue;
      const back = await apply(gameId, `${gameId}:replace`, 'game.replace', {
        gameId,
        side: 'blue',
        address: 'navy@players.test',
        reason: 'blue is back',
        referee: REFEREE,
        replyTo: REFEREE,
      });
      expect(back.status).toBe('applied');
      // the machine had given blue's orders for the step in play; the next step that asks blue awaits the person
      if (!(await play(gameId, ['red'], (_t, awaited) => awaited.includes('blue')))) continue;
      return { gameId, afterMachine: (back.result as { seq: number }).seq, machineSeq: handed.seq };
    }
    throw new Error('twelve games in a row ended before blue was awaited again');
  }

  it('MACHINE hands the seat to a machine: its orders are sealed at once with player and draws in the metadata, and no mail goes to it', async () => {
    const { gameId, machineSeq, afterMachine } = played;
    const events = await log(gameId);
    const machineOrders = events.filter(isMachine);
    expect(machineOrders.length).toBeGreaterThan(0);
    for (const e of machineOrders) {
      expect(e.seq).toBeGreaterThan(machineSeq);
      expect(e.seq).toBeLessThan(afterMachine);
      expect(['OrdersSubmitted', 'OrdersAccepted']).toContain(e.type);
      expect((e.payload as { side: string }).side).toBe('blue');
      expect(e.metadata.machine).toEqual({ player: 'random', draws: expect.any(Number) });
      expect((e.metadata.machine as { draws: number }).draws).toBeGreaterThan(0);
    }
    // sealed like a person's: the simultaneous orders step holds a commitment, not the orders
    expect(machineOrders.some((e) => e.type === 'OrdersSubmitted' && !('orders' in (e.payload as object)))).toBe(true);
    const mail = await s.outbox.byGame(gameId);
    expect(mail.filter((m) => m.recipient.startsWith('machine:'))).toEqual([]);
    // the person was told the seat went to a machine; the referee had a confirmation
    expect(mail.some((m) => m.recipient === 'blue@players.test' && String(m.payload.text).includes('machine player (random)'))).toBe(true);
    expect(
      mail.some((m) => m.recipient === REFEREE && String(m.payload.text).includes('blue is now played by the machine player random')),
    ).toBe(true);
  });

  it('MACHINE naming a player the game does not have is refused, naming the players it has, and records nothing', async () => {
    const gameId = 'G-machine-refused';
    await apply(gameId, `${gameId}:create`, 'game.create', { gameId, ruleset: 'fleet-duel', sides: DUEL_SIDES, referee: REFEREE });
    const before = (await log(gameId)).length;
    const out = await apply(gameId, `${gameId}:machine`, 'game.machine', {
      gameId,
      side: 'blue',
      player: 'admiral',
      reason: '',
      replyTo: REFEREE,
    });
    expect(out.status).toBe('rejected');
    expect((out.result as { error: string }).error).toContain('no machine player "admiral"');
    expect((await log(gameId)).length).toBe(before);
    const told = (await s.outbox.byGame(gameId)).filter((m) => m.recipient === REFEREE && String(m.payload.text).includes('admiral'));
    expect(told.length).toBe(1);
    expect(String(told[0].payload.text)).toContain('the player one of: random');
    const game = await s.games.load(gameId);
    expect(whoIsAwaited(game.state, game.ruleset)).toEqual(['red', 'blue']);
  });

  it('REPLACE hands the seat back: blue is awaited again and the machine writes no more orders', async () => {
    const { gameId, afterMachine } = played;
    const game = await s.games.load(gameId);
    expect(game.state.game!.sides.find((x) => x.side === 'blue')!.player.address).toBe('navy@players.test');
    // what the helper waited for: a step asking blue, left open for the person
    expect(whoIsAwaited(game.state, game.ruleset)).toContain('blue');
    expect((await log(gameId)).filter((e) => e.seq > afterMachine && isMachine(e))).toEqual([]);
    await play(gameId, ['red', 'blue'], () => false);
    finished = await log(gameId);
    expect(finished.filter((e) => e.seq > afterMachine && isMachine(e))).toEqual([]);
    expect((await s.games.load(gameId)).state.result).not.toBeNull();
  });

  it('the audit re-runs the machine player: verify and the bundle pass; a machine order altered in the log is named', async () => {
    const { gameId } = played;
    expect(await s.events.verify(gameId)).toMatchObject({ ok: true });
    const check = checkSegment(duel, finished, { fromSeq: 1, toSeq: null, wholeLog: false });
    expect(check.ok).toBe(true);
    expect(check.lines.join('\n')).toMatch(/ok: [1-9]\d* machine players' orders re-run/);
    expect(check.lines.join('\n')).not.toContain('await');
    const good = await auditAsBundle(work, gameId, finished, duel);
    expect(good.ok).toBe(true);
    expect(good.lines.join('\n')).toMatch(/machine players' orders re-run on their views/);

    // a forger swaps the machine's revealed orders at one step for red's (another fleet order) and re-chains the log
    const submitted = finished.find((e) => e.type === 'OrdersSubmitted' && isMachine(e))!;
    const { stepId } = submitted.payload as { stepId: string };
    const revealed = (side: string) =>
      finished.find(
        (e) =>
          e.type === 'OrdersRevealed' &&
          (e.payload as { stepId: string; side: string }).stepId === stepId &&
          (e.payload as { side: string }).side === side,
      )!;
    const mine = revealed('blue');
    const orders = (mine.payload as { orders: { kind: string; area?: string }[] }).orders;
    const forged = orders.map((o) => (o.kind === 'move' ? { ...o, area: o.area === 'north' ? 'south' : 'north' } : o));
    expect(forged).not.toEqual(orders);
    const tampered = rechain(
      finished.map((e) => (e.seq === mine.seq ? { ...e, payload: { ...(e.payload as object), orders: forged } } : e)),
    );
    const bad = await auditAsBundle(work, gameId, tampered, duel);
    expect(bad.ok).toBe(false);
    expect(bad.lines.join('\n')).toContain(`machine orders of blue at step ${stepId} (player random) differ`);
    const broken = checkSegment(duel, tampered, { fromSeq: 1, toSeq: null, wholeLog: false });
    expect(broken.ok).toBe(false);
    expect(broken.lines.join('\n')).toContain(`BROKEN: event #${submitted.seq}: machine orders of blue`);
  });
});
