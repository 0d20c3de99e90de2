/**
 * The historical USN player (players/historical.ts): whole games through the machine-player
 * contract (self-play's `players`, the USN's view only) that end, replay and verify; and its plan
 * on a hand-built Day 4 May position: carriers kept together toward the largest carrier force, a
 * damaged carrier sent home, a strike on the identified carrier force in reach.
 */
import { machinePlayerOf } from '../../../src/engine/players';
import { checkReplay, playOneGame } from '../../../src/engine/selfplay';
import { coralSeaSolitaire } from '../../../src/games/coral-sea-solitaire';
import { boardOf, defaultBox } from '../../../src/games/coral-sea-solitaire/box';
import { viewCoral } from '../../../src/games/coral-sea-solitaire/fog';
import { historicalCoralOrders } from '../../../src/games/coral-sea-solitaire/players/historical';
import type { CoralOrder, CoralState } from '../../../src/games/coral-sea-solitaire/types';
import { position, stepOf } from './orders/fixture';

const board = boardOf(defaultBox);
const dist = (a: string, b: string) => board.grid.distance(a, b);
const moves = (orders: readonly CoralOrder[]) =>
  new Map(orders.flatMap((o) => (o.kind === 'move' ? [[o.tf, o.to ?? o.path[o.path.length - 1]] as const] : [])));

describe('Coral Sea historical USN player', () => {
  it('Given five seeded games with the historical USN, When each is played to the end, Then every game ends, replays and verifies, and the USN flew strikes', () => {
    let strikes = 0;
    for (let g = 0; g < 5; g++) {
      const played = playOneGame(coralSeaSolitaire as never, `historical-player/${g}`, { players: { usn: 'historical' }, missRate: 0 });
      expect(checkReplay(coralSeaSolitaire as never, played.events, played.state)).toEqual([]);
      expect(played.state.step).toBeNull();
      expect((played.state.rules as CoralState).result).toBeDefined();
      expect(played.events.filter((e) => e.type === 'GameEnded')).toHaveLength(1);
      strikes += played.events.filter((e) => {
        if (e.type !== 'RulesApplied' || e.data.event.type !== 'coral.air.committed') return false;
        const { mission } = e.data.event.data as { mission: { side: string; mission: string } };
        return mission.side === 'usn' && mission.mission === 'strike';
      }).length;
    }
    // not vacuous: the random player never commits a mission; this one does
    expect(strikes).toBeGreaterThan(0);
  }, 300_000);

  it('Given a game, When a side is given a machine player the game does not offer, Then it is refused naming those it offers', () => {
    expect(() => machinePlayerOf(coralSeaSolitaire as never, 'fletcher')).toThrow(
      /offers no machine player "fletcher".*random, historical/,
    );
    expect(() => playOneGame(coralSeaSolitaire as never, 'no-such-player', { players: { usn: 'fletcher' } })).toThrow(/fletcher/);
  });

  it('Given Day 4 May with CSF showing two carrier backs and CG one, When the USN moves, Then TF-11 and TF-17 go to the same hex, nearer CSF', () => {
    const s = position();
    const to = moves(historicalCoralOrders(viewCoral(s, 'usn'), stepOf('movement-usn')));
    const csf = s.taskForces.CSF.hex as string;
    expect(to.get('TF-11')).toBeDefined();
    expect(to.get('TF-17')).toBe(to.get('TF-11'));
    expect(dist(to.get('TF-11') as string, csf)).toBeLessThan(dist(s.taskForces['TF-11'].hex as string, csf));
  });

  it('Given Yorktown damaged, When the USN moves, Then TF-17 heads for New Caledonia and TF-11 does not follow it', () => {
    const s = position();
    const hurt: CoralState = { ...s, ships: { ...s.ships, 'usn:CV-2': { ...s.ships['usn:CV-2'], status: 'damaged' } } };
    const to = moves(historicalCoralOrders(viewCoral(hurt, 'usn'), stepOf('movement-usn')));
    const nc = '2422';
    expect(dist(to.get('TF-17') as string, nc)).toBeLessThan(dist(s.taskForces['TF-17'].hex as string, nc));
    expect(to.get('TF-11')).not.toBe(to.get('TF-17'));
  });

  it('Given CSF identified three hexes from the carriers, When the USN assigns air missions, Then each carrier strikes CSF with its bombers and flies CAP', () => {
    const s = position();
    const from = s.taskForces['TF-11'].hex as string;
    const near = board.map.hexes.filter((h) => board.terrainOf(h) !== 'land' && dist(from, h) === 3).sort((a, b) => (a < b ? -1 : 1))[0];
    const at: CoralState = { ...s, taskForces: { ...s.taskForces, CSF: { ...s.taskForces.CSF, hex: near, identified: true } } };
    const orders = historicalCoralOrders(viewCoral(at, 'usn'), stepOf('air-missions'));
    const strikes = orders.filter((o) => o.kind === 'mission' && o.mission === 'strike' && o.target === 'CSF');
    expect(strikes.map((o) => (o as { from: string }).from).sort()).toEqual(['CV-1', 'CV-2']);
    expect(strikes.every((o) => (o as { air: Record<string, number> }).air.VB === 5)).toBe(true);
    expect(orders.some((o) => o.kind === 'mission' && o.mission === 'cap')).toBe(true);
  });

  it('Given Yorktown damaged with its air in Recovery, When the USN writes its logistics, Then it repairs Yorktown and refits only Lexington', () => {
    const s = position();
    const hurt: CoralState = {
      ...s,
      ships: { ...s.ships, 'usn:CV-2': { ...s.ships['usn:CV-2'], status: 'damaged' } },
      air: s.air.map((a) => (a.home === 'usn:CV-1' || a.home === 'usn:CV-2' ? { ...a, box: 'recovery' as const } : a)),
    };
    const orders = historicalCoralOrders(viewCoral(hurt, 'usn'), stepOf('logistics-usn'));
    expect(orders.filter((o) => o.kind === 'refit').map((o) => (o as { at: string }).at)).toEqual(['CV-1']);
    expect(orders).toContainEqual({ kind: 'repair', ship: 'CV-2' });
  });
});
