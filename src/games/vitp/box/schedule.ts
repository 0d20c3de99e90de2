/** Charts besides the counters: repair points (11.2x), submarines (3.2, 16.x), location codes (3.1), turns (4.7). */
import { P, p, rec, ref, rule } from './provenance';

export interface RepairData {
  readonly port: string;
  readonly side: 'japanese' | 'allied';
  /** repair points for turns 1..9 */
  readonly perTurn: P<readonly number[]>;
}

export const repairs: readonly RepairData[] = [
  { port: 'Yokosuka Navy Yard', side: 'japanese', perTurn: p([6, 6, 6, 6, 6, 6, 6, 6, 6], rule('11.21')) },
  { port: 'Ceylon', side: 'allied', perTurn: p([1, 1, 1, 1, 1, 1, 1, 1, 1], rule('11.22')) },
  { port: 'Australia', side: 'allied', perTurn: p([1, 1, 1, 1, 1, 1, 1, 1, 1], rule('11.22')) },
  { port: 'Pearl Harbor', side: 'allied', perTurn: p([0, 3, 6, 9, 12, 15, 15, 15, 15], rule('11.23')) },
];

export interface SubmarineData {
  readonly name: string;
  readonly side: 'japanese' | 'allied';
  readonly turns: P<readonly number[]>;
}

export const submarines: readonly SubmarineData[] = [
  {
    name: 'I-Boat',
    side: 'japanese',
    turns: p([1, 2, 3, 4], rec('turns 1-2 confirmed (R 18.34, J2); 3-4 added: G2 says it withdraws late, before the F-Boat enters')),
  },
  {
    name: 'F-Boat',
    side: 'allied',
    turns: p([5, 6, 7, 8, 9], rec('G2: the F-Boat enters when the I-Boat withdraws; turns not found')),
  },
];

/** Allied location letters (3.1): a sea area, a port or base, or a location-uncertain group. */
export const locationCodes: P<Readonly<Record<string, string>>> = p(
  {
    P: 'Pearl Harbor',
    H: 'Hawaiian Islands',
    U: 'U.S. Mandate',
    C: 'Coral Sea',
    A: 'Australia',
    B: 'Bay of Bengal',
    I: 'Indonesia',
    S: 'Singapore',
    M: 'Philippines',
    W: 'group W',
    X: 'group X',
    Y: 'group Y',
    Z: 'group Z',
  },
  ref('R'),
);

/** 18.32: one die per location-uncertain group. */
export const uncertainRoll: P<{
  readonly one: string;
  readonly twoThree: string;
  readonly fourToSix: string;
}> = p({ one: 'Central Pacific Ocean', twoThree: 'Hawaiian Islands', fourToSix: 'turn 2 reinforcement' }, rule('18.32'));

export const gameLength: P<{ readonly turns: number; readonly optionalTurn: number }> = p({ turns: 8, optionalTurn: 9 }, rule('4.7'));

export const pocTrackCap: P<number> = p(29, rule('2.5'));

/** 4.2: only ships of this speed or better may join the Pearl Harbor raid. */
export const pearlRaidMinSpeed: P<number> = p(5, rule('4.2'));
