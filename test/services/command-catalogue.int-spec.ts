import { BUS_COMMANDS, MAIL_COMMANDS } from '../../src/commands/catalogue';
import { InvalidCommandError } from '../../src/services/command-bus';
import { USE_CASES } from '../../src/services/command-handlers';
import type { Services } from '../../src/services/container';
import { applyCommand, DUEL_SIDES, type ServiceHarness, startServices, stopServices } from '../support/services';

describe('the command catalogue on the bus', () => {
  let h: ServiceHarness;
  let s: Services;

  beforeAll(async () => {
    h = await startServices('catalogue');
    s = h.s;
  });
  afterAll(() => stopServices(h));

  it('given the catalogue, then every bus kind has its use case and the bus knows every kind, and every mail command is a bus kind or answered at once', () => {
    expect(Object.keys(USE_CASES).sort()).toEqual([...BUS_COMMANDS.keys()].sort());
    expect(s.bus.kinds()).toEqual([...BUS_COMMANDS.keys()].sort());
    for (const [name, entry] of MAIL_COMMANDS)
      expect({ name, ok: entry.kind === null || BUS_COMMANDS.has(entry.kind) }).toEqual({ name, ok: true });
  });

  it('given a payload its kind refuses, when it is submitted, then it is refused saying which field and nothing is stored', async () => {
    const gameId = 'G-cat1';
    await applyCommand(s, gameId, 'create:cat1', 'game.create', { gameId, ruleset: 'fleet-duel', sides: DUEL_SIDES });
    const before = await s.events.head(gameId);
    const submit = s.bus.submit(gameId, 'cat1:bad-extend', 'game.extend', { gameId, byMinutes: '24h' });
    await expect(submit).rejects.toThrow(InvalidCommandError);
    await expect(s.bus.submit(gameId, 'cat1:bad-extend', 'game.extend', { gameId, byMinutes: '24h' })).rejects.toThrow(/byMinutes/);
    expect(await s.bus.stored('cat1:bad-extend')).toBe(false);
    expect(await s.events.head(gameId)).toEqual(before);
  });

  it('given a stored command whose payload does not fit its kind, when it is applied, then it is refused naming the field, and the game is unchanged', async () => {
    const gameId = 'G-cat2';
    await applyCommand(s, gameId, 'create:cat2', 'game.create', { gameId, ruleset: 'fleet-duel', sides: DUEL_SIDES });
    const before = await s.events.head(gameId);
    // stored past the bus (as a command stored before its schema changed would be)
    await s.inbox.submit(gameId, 'cat2:bad-orders', 'game.orders', { gameId, side: 'red' });
    await s.inbox.drain(gameId, s.bus.apply, 1000, (c, e) => s.gameService.commandFailed(c, e));
    const found = await s.inbox.byKey('cat2:bad-orders');
    const stored = found && (await s.inbox.get(found.id));
    expect(stored).toMatchObject({ status: 'rejected', result: { code: 'bad-payload' } });
    expect(JSON.stringify(stored?.result)).toMatch(/game\.orders.*(text|via)/);
    expect(await s.events.head(gameId)).toEqual(before);
  });
});
