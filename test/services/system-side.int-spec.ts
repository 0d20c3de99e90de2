import { verifyGameLog } from '../../src/engine/verify';
import type { Services } from '../../src/services/container';
import { SERVICE_EVENT_TYPES, toEngineEvent } from '../../src/services/game-repository';
import { type ServiceHarness, applyCommand, startServices, stopServices } from '../support/services';

/**
 * A system side through the game service on PostgreSQL and Redis (docs/engine.md "System sides and
 * sealed dice"): Fleet Duel with the `system` option, the umpire playing blue with sealed dice.
 * Only red is seated and mailed (its orders come as mail, through ingest); red's reports never show blue's sealed dice or choices; the dice
 * log checks out once the game ends, the sealed dice counted as awaiting the reveal before.
 */
describe('a system side on PostgreSQL: Fleet Duel, blue played by the umpire', () => {
  let h: ServiceHarness;
  let s: Services;
  const now = new Date('2026-11-22T12:00:00Z');
  const red = { side: 'red', player: { address: 'red@players.test' } };

  beforeAll(async () => {
    h = await startServices('system-side', { DEADLINE_MINUTES: '600' }, { clock: () => now });
    ({ s } = h);
  });
  afterAll(() => stopServices(h));

  const apply = (gameId: string, key: string, kind: string, payload: unknown) => applyCommand(s, gameId, key, kind, payload);
  const engineLog = async (gameId: string) =>
    (await s.events.read(gameId)).filter((e) => !SERVICE_EVENT_TYPES.has(e.type)).map(toEngineEvent);

  it('refuses an address for the system side, with a clear error', async () => {
    const r = await apply('G-sys-bad', 'create-bad', 'game.create', {
      gameId: 'G-sys-bad',
      ruleset: 'fleet-duel',
      options: { system: true },
      sides: [red, { side: 'blue', player: { address: 'blue@players.test' } }],
    });
    expect(r.status).toBe('rejected');
    expect(JSON.stringify(r.result)).toMatch(/blue is played by the umpire/);
  });

  it('plays a whole game by mail with red alone: only red is mailed, blue’s secrets stay sealed until the end', async () => {
    const created = await apply('G-sys', 'create', 'game.create', {
      gameId: 'G-sys',
      ruleset: 'fleet-duel',
      options: { system: true },
      sides: [red],
    });
    expect(created.status).toBe('applied');
    const first = (await engineLog('G-sys'))[0];
    expect(first.type === 'GameCreated' && first.data.systemSides).toEqual(['blue']);
    expect(first.type === 'GameCreated' && first.data.sealedSeedAnchor).toMatch(/^[0-9a-f]{64}$/);
    let sealedSeenPending = 0;
    for (let n = 0; n < 20; n++) {
      const status = await s.gameService.status('G-sys', 'referee');
      const step = status.view.step;
      if (!step) break;
      expect(step.owes).toEqual(['red']);
      const text = step.id.endsWith('/retreat') ? 'STAND' : `MOVE ${['north', 'center', 'south'][n % 3]}\nPOSTURE cautious`;
      // red's orders as a mail to its signed reply address, ingested and applied as the worker does
      const raw = Buffer.from(
        [
          'From: red@players.test',
          `To: ${s.composer.replyAddressFor('G-sys', 'red', red.player.address)}`,
          'Subject: orders',
          `Message-ID: <sys-${n}@players.test>`,
          '',
          text,
          '',
        ].join('\r\n'),
      );
      await s.ingest.ingest((await s.inbound.receive('test', raw)).id);
      await s.inbox.drain('G-sys', s.bus.apply, 1000, (c, e) => s.gameService.commandFailed(c, e));
      expect((await s.gameService.status('G-sys', 'referee')).view.step?.id).not.toBe(step.id);
      const log = await engineLog('G-sys');
      if (!log.some((e) => e.type === 'GameEnded')) {
        const report = verifyGameLog(log);
        expect(report.ok).toBe(true);
        sealedSeenPending = Math.max(sealedSeenPending, report.sealedPending);
        // red's report never shows the umpire's sealed dice or its choices before the end
        const redReport = JSON.stringify(await s.gameService.report('G-sys', 'red'));
        expect(redReport).not.toMatch(/blue \(system\)|umpire decides/);
      }
    }
    const log = await engineLog('G-sys');
    expect(log.at(-1)?.type).toBe('GameEnded');
    expect(log.at(-2)?.type).toBe('SealedSeedRevealed');
    expect(sealedSeenPending).toBeGreaterThan(0);
    const sealedDice = log.filter((e) => e.type === 'DieRolled' && e.data.sealed).length;
    expect(verifyGameLog(log)).toMatchObject({ ok: true, sealedPending: 0, dicePending: 0 });
    expect(sealedDice).toBeGreaterThan(0);
    const mail = await s.outbox.byGame('G-sys');
    expect(mail.length).toBeGreaterThan(0);
    expect([...new Set(mail.map((m) => m.recipient))]).toEqual(['red@players.test']);
    // the referee sees the umpire's reasoning
    expect(JSON.stringify(await s.gameService.report('G-sys', 'referee'))).toMatch(/umpire decides for blue \(7\.1\)/);
  });

  it('PREVIEW rolls the umpire’s sealed dice from a one-off chain, records nothing; RESIGN ends it for blue with the sealed seed out', async () => {
    const referee = 'ref@players.test';
    await apply('G-sys2', 'create2', 'game.create', {
      gameId: 'G-sys2',
      ruleset: 'fleet-duel',
      options: { system: true },
      sides: [red],
      referee,
    });
    const head = (await s.games.load('G-sys2')).head;
    const preview = await apply('G-sys2', 'pv', 'game.preview', { gameId: 'G-sys2', replyTo: referee });
    expect(preview.status).toBe('applied');
    expect((await s.games.load('G-sys2')).head).toEqual(head);
    const shown = (await s.outbox.byGame('G-sys2')).find(
      (m) => m.kind === 'confirmation' && m.recipient === referee && String(m.payload.text).includes('PREVIEW'),
    );
    expect(String(shown?.payload.text)).toMatch(/umpire decides for blue \(7\.1\)/);
    const out = await apply('G-sys2', 'resign', 'game.resign', {
      gameId: 'G-sys2',
      side: 'red',
      confirm: true,
      replyTo: red.player.address,
    });
    expect(out.status).toBe('applied');
    const log = await engineLog('G-sys2');
    expect(log.slice(-4).map((e) => e.type)).toEqual(['GameConceded', 'SeedRevealed', 'SealedSeedRevealed', 'GameEnded']);
    const ended = log.at(-1)!;
    expect(ended.type === 'GameEnded' && ended.data.winner).toBe('blue');
    expect(verifyGameLog(log)).toMatchObject({ ok: true, sealedPending: 0 });
  });
});
