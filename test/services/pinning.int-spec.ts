import type { Services } from '../../src/services/container';
import { rulesets } from '../../src/games';
import { type ServiceHarness, startServices, stopServices, applyCommand, DUEL_SIDES } from '../support/services';
import { fleetDuel } from '../../src/games/fleet-duel';

const REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const REFEREE = 'ref@players.test';

/**
 * Engine pinning (issue 12 item 3) on PostgreSQL: a game created under one rules build is not
 * adjudicated by an umpire running another; the player and the referee are told; the referee's
 * UPGRADE (a RulesUpgraded event) lets it go on under the new build.
 */
describe('a game keeps its rules build', () => {
  let h: ServiceHarness;
  let s: Services;
  beforeAll(async () => {
    h = await startServices('pinning', { REDIS_URL: REDIS, DEADLINE_MINUTES: '600' });
    s = h.s;
  });
  afterAll(async () => {
    rulesets[fleetDuel.id] = fleetDuel;
    await stopServices(h);
  });

  const apply = (key: string, kind: string, payload: unknown) => applyCommand(s, 'G-pin', key, kind, payload);
  const mailTo = async (to: string) => (await s.outbox.byGame('G-pin')).filter((m) => m.recipient === to);
  const types = async () => (await s.events.read('G-pin')).map((e) => e.type);

  it('refuses to adjudicate under another build until the referee upgrades the game', async () => {
    expect((await apply('c', 'game.create', { gameId: 'G-pin', ruleset: 'fleet-duel', sides: DUEL_SIDES, referee: REFEREE })).status).toBe(
      'applied',
    );
    const created = (await s.events.read('G-pin'))[0];
    expect(created.payload).toMatchObject({ rulesetId: 'fleet-duel', engineVersion: 'fleet-duel/1' });

    // the umpire is redeployed with a rules change
    rulesets[fleetDuel.id] = { ...fleetDuel, engineVersion: 'fleet-duel/2' };
    const before = (await types()).length;
    const red = await apply('o-red', 'game.orders', { gameId: 'G-pin', side: 'red', text: 'MOVE center', via: 'test' });
    expect(red.status).toBe('failed');
    expect(JSON.stringify(red.result ?? red)).toMatch(/played under rules fleet-duel\/1 and this umpire runs fleet-duel\/2/);
    // nothing of the orders was recorded (only the umpire's note of the failure)
    expect((await types()).slice(before)).toEqual(['NoteAdded']);
    const told = (await mailTo(REFEREE)).filter((m) => m.kind === 'rejection');
    expect(told.map((m) => String(m.payload.text)).join('\n')).toMatch(/UPGRADE <reason>/);
    expect((await mailTo('red@players.test')).some((m) => m.kind === 'rejection' && /fleet-duel\/1/.test(String(m.payload.text)))).toBe(
      true,
    );

    // an UPGRADE without a reason is refused and changes nothing
    const bare = await apply('u0', 'game.upgrade', { gameId: 'G-pin', reason: ' ', replyTo: REFEREE });
    expect(bare.status).toBe('rejected');
    expect(await types()).not.toContain('RulesUpgraded');

    const up = await apply('u1', 'game.upgrade', { gameId: 'G-pin', reason: 'rule 3.1 errata', referee: REFEREE, replyTo: REFEREE });
    expect(up.status).toBe('applied');
    const ruling = (await s.events.read('G-pin')).find((e) => e.type === 'RulesUpgraded')!;
    expect(ruling.payload).toMatchObject({
      from: 'fleet-duel/1',
      to: 'fleet-duel/2',
      referee: REFEREE,
      reason: 'rule 3.1 errata',
      concerns: [1],
    });
    expect(
      (await mailTo(REFEREE)).some((m) => m.kind === 'confirmation' && /goes on under rules fleet-duel\/2/.test(String(m.payload.text))),
    ).toBe(true);

    // now orders are taken and the step resolves under the new build
    expect((await apply('o-red2', 'game.orders', { gameId: 'G-pin', side: 'red', text: 'MOVE center', via: 'test' })).status).toBe(
      'applied',
    );
    expect((await apply('o-blue', 'game.orders', { gameId: 'G-pin', side: 'blue', text: 'MOVE north', via: 'test' })).status).toBe(
      'applied',
    );
    expect(await types()).toContain('StepResolved');

    // a second UPGRADE to the build already in force is refused
    expect((await apply('u2', 'game.upgrade', { gameId: 'G-pin', reason: 'again', replyTo: REFEREE })).status).toBe('rejected');
  });
});
