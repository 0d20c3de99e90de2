import { boardOf, defaultBox } from '../../../../src/games/coral-sea-solitaire/box';
import { viewCoral } from '../../../../src/games/coral-sea-solitaire/fog';
import { airPlan, chitFunctions, leadershipLine, logisticsPlan } from '../../../../src/games/coral-sea-solitaire/orders/bot';
import { validateOrders } from '../../../../src/games/coral-sea-solitaire/orders/validate';
import type { AirUnitState, CoralState } from '../../../../src/games/coral-sea-solitaire/types';
import { position, stepOf } from './fixture';

/**
 * Issue 26, the demo's USN bot (orders/bot.ts): it plans from the USN's view alone, and what it
 * plans must be orders the umpire takes (no REFIT for a carrier out of play, 9a1; no strike without
 * squadrons, 22), and its leadership chits go where the turn's fighting is (8.4).
 */
const board = boardOf(defaultBox);
const usn = (s: CoralState) => viewCoral(s, 'usn');
const recovering = (home: string, type: AirUnitState['type'], strength: number): AirUnitState => ({
  id: `${home}/${type}/recovery`,
  side: 'usn',
  type,
  strength,
  home: home as AirUnitState['home'],
  box: 'recovery',
});

/** A sea hex `d` hexes from `from`. */
function seaHexAt(from: string, d: number): string {
  const seen = new Set([from]);
  let ring = [from];
  for (let i = 0; i < d; i++) ring = ring.flatMap((h) => board.seaNeighbours(h)).filter((h) => !seen.has(h) && seen.add(h));
  const hex = ring.sort().find((h) => board.grid.distance(from, h) === d);
  if (!hex) throw new Error(`no sea hex ${d} from ${from}`);
  return hex;
}

/** The position with the CSF identified at `hex`, its carriers face up. */
function csfAt(s: CoralState, hex: string): CoralState {
  const ships = { ...s.ships, 'ijn:CV-1': { ...s.ships['ijn:CV-1'], faceUp: true }, 'ijn:CV-2': { ...s.ships['ijn:CV-2'], faceUp: true } };
  return { ...s, ships, taskForces: { ...s.taskForces, CSF: { ...s.taskForces.CSF, hex, identified: true } } };
}

describe('issue 26 Coral Sea mail bot: logistics (9a1)', () => {
  it('given Lexington crippled with squadrons in her Recovery box, when the bot plans logistics, then it refits Yorktown and the base only, and the umpire takes every order', () => {
    const p = position();
    const s: CoralState = {
      ...p,
      step: 'logistics-usn',
      ships: { ...p.ships, 'usn:CV-1': { ...p.ships['usn:CV-1'], status: 'crippled' } },
      air: [...p.air, recovering('usn:CV-1', 'VB', 3), recovering('usn:CV-2', 'VT', 2), recovering('Port-Moresby', 'LF', 1)],
    };
    const orders = logisticsPlan(usn(s));
    expect(orders).toEqual([
      { kind: 'refit', at: 'CV-2' },
      { kind: 'refit', at: 'Port-Moresby' },
    ]);
    expect(validateOrders(s, 'usn', orders, stepOf('logistics-usn'))).toEqual([]);
  });

  it('given a carrier whose task force has left the map, then its recovering squadrons are not refitted either', () => {
    const p = position();
    const s: CoralState = {
      ...p,
      taskForces: { ...p.taskForces, 'TF-17': { ...p.taskForces['TF-17'], hex: null, gone: 'withdrawn' } },
      air: [...p.air, recovering('usn:CV-2', 'VB', 2)],
    };
    expect(logisticsPlan(usn(s))).toEqual([]);
  });
});

describe('issue 26 Coral Sea mail bot: air missions (22)', () => {
  it('given a carrier with only torpedo bombers ready and an identified carrier force in dive-bomber range but beyond the VT, then it sends no strike from that carrier (no empty STRIKE), only CAP', () => {
    const p = position();
    const hex = seaHexAt('2321', 4); // VB reach 5, VT 3
    const s = csfAt({ ...p, air: p.air.filter((a) => !(a.home === 'usn:CV-1' && a.type === 'VB') && a.home !== 'usn:CV-2') }, hex);
    const orders = airPlan(usn(s));
    expect(orders.filter((o) => o.kind === 'mission' && o.from === 'CV-1')).toEqual([
      { kind: 'mission', mission: 'cap', from: 'CV-1', air: { VF: 3 }, extended: false },
    ]);
    expect(orders.every((o) => o.kind !== 'mission' || Object.keys(o.air).length > 0)).toBe(true);
    expect(validateOrders({ ...s, step: 'air-missions' }, 'usn', orders, stepOf('air-missions'))).toEqual([]);
  });

  it('given the same force 3 hexes off, then the torpedo bombers strike it', () => {
    const p = position();
    const s = csfAt({ ...p, air: p.air.filter((a) => !(a.home === 'usn:CV-1' && a.type === 'VB')) }, seaHexAt('2321', 3));
    const strike = airPlan(usn(s)).find((o) => o.kind === 'mission' && o.mission === 'strike' && o.from === 'CV-1');
    expect(strike).toMatchObject({ air: { VT: 2 }, target: 'CSF' });
  });
});

describe('issue 26 Coral Sea mail bot: leadership chits by the situation (8.4)', () => {
  const withChits = (s: CoralState, n: number) => ({ ...s, chits: { ...s.chits, usn: n } });

  it('given no chit, then none is committed', () => {
    expect(leadershipLine(usn(csfAt(position(), seaHexAt('2321', 3))))).toBe('STANDING LEADERSHIP NEVER');
  });

  it('given a chit and an identified IJN carrier force within the bombers` reach by day, then the initiative and the air attacks', () => {
    const s = withChits(csfAt(position(), seaHexAt('2321', 5)), 1);
    expect(chitFunctions(usn(s))).toEqual(['initiative', 'air']);
    expect(leadershipLine(usn(s))).toBe('STANDING LEADERSHIP INITIATIVE AIR');
  });

  it('given the same force out of reach and a chit or two, then the chits are kept', () => {
    const s = withChits(csfAt(position(), seaHexAt('2321', 7)), 2);
    expect(chitFunctions(usn(s))).toEqual([]);
  });

  it('given a USN force sharing a hex with an IJN one, then both surface rolls (tactical initiative, CRT)', () => {
    const p = withChits(position(), 1);
    const s = { ...p, taskForces: { ...p.taskForces, 'TF-44': { ...p.taskForces['TF-44'], hex: p.taskForces.TG.hex } } };
    expect(leadershipLine(usn(s))).toBe('STANDING LEADERSHIP TACTICAL CRT');
  });

  it('given three chits (8.3: a fourth would be lost) and no fight in sight, then the intelligence rolls', () => {
    expect(chitFunctions(usn(withChits(position(), 3)))).toEqual(['intelligence']);
  });

  it('given night, then no air chit, whatever is in reach', () => {
    const s = withChits(csfAt({ ...position(), turn: 4 }, seaHexAt('2321', 3)), 1);
    expect(usn(s).day).toBe(false);
    expect(chitFunctions(usn(s))).toEqual([]);
  });
});
