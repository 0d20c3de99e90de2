/**
 * Aircraft types (7.1F search ranges, 7.3D attack ranges, 8.1C CAP table, 8.1F accuracy, 4.5E carrier
 * use): all printed. Which side flies each type is read from the reinforcement table (8.9) and the
 * airbase lists; Nell is missing from the CAP table (8.1C) and flies there as the Betty, rebuilt.
 */
import { printed, rebuilt } from './source';

export interface AircraftData {
  readonly side: 'american' | 'japanese';
  readonly role: 'fighter' | 'bomber';
  /** 7.1F; none for fighters, which never search (7.1A) */
  readonly search: number | null;
  /** 7.3D */
  readonly attack: number;
  /** 8.1F relative accuracy; none for fighters, which never attack ships (7.3E) */
  readonly accuracy: number | null;
  /** 8.1C: percent chance a CAP fighter shoots it down, and that it shoots down the CAP fighter */
  readonly shotDown: number;
  readonly shootsDown: number;
  /** 4.5E: Betty, Nell and Fortress never fly from carriers */
  readonly carrier: boolean;
}

const type = (d: AircraftData, rule: string) => printed(d, rule);
const BOTH = '7.1F, 7.3D, 8.1C, 8.1F, 4.5E';

export const AIRCRAFT = {
  Wildcat: type(
    { side: 'american', role: 'fighter', search: null, attack: 5, accuracy: null, shotDown: 18, shootsDown: 22, carrier: true },
    '7.3D, 8.1C',
  ),
  Dauntless: type(
    { side: 'american', role: 'bomber', search: 10, attack: 5, accuracy: 12, shotDown: 35, shootsDown: 5, carrier: true },
    BOTH,
  ),
  Avenger: type({ side: 'american', role: 'bomber', search: 10, attack: 5, accuracy: 2, shotDown: 35, shootsDown: 5, carrier: true }, BOTH),
  Devastator: type(
    { side: 'american', role: 'bomber', search: 6, attack: 3, accuracy: 2, shotDown: 35, shootsDown: 5, carrier: true },
    BOTH,
  ),
  Fortress: type(
    { side: 'american', role: 'bomber', search: 20, attack: 18, accuracy: 1, shotDown: 10, shootsDown: 10, carrier: false },
    BOTH,
  ),
  Zeke: type(
    { side: 'japanese', role: 'fighter', search: null, attack: 15, accuracy: null, shotDown: 18, shootsDown: 22, carrier: true },
    '7.3D, 8.1C',
  ),
  Val: type({ side: 'japanese', role: 'bomber', search: 12, attack: 6, accuracy: 16, shotDown: 35, shootsDown: 5, carrier: true }, BOTH),
  Kate: type({ side: 'japanese', role: 'bomber', search: 12, attack: 6, accuracy: 8, shotDown: 35, shootsDown: 5, carrier: true }, BOTH),
  Betty: type({ side: 'japanese', role: 'bomber', search: 20, attack: 15, accuracy: 4, shotDown: 35, shootsDown: 5, carrier: false }, BOTH),
  Nell: rebuilt<AircraftData>(
    { side: 'japanese', role: 'bomber', search: 20, attack: 15, accuracy: 2, shotDown: 35, shootsDown: 5, carrier: false },
    'rebuilt in part: search 20, attack 15, accuracy 2 and no carrier use are printed (7.1F, 7.3D, 8.1F, 4.5E); the CAP table (8.1C) omits the Nell, so it is shot down as the Betty, a bomber of its kind',
  ),
};

/** 8.1C parentheses: Rabaul-based aircraft on long-range strikes. */
export const LONG_RANGE_STRIKE = {
  Zeke: printed({ shotDown: 27, shootsDown: 13 }, '8.1C'),
  Betty: printed({ shotDown: 52, shootsDown: 1 }, '8.1C'),
};

/** 7.1B: percent of a long-range CAP group intercepting at target ranges 0-5. */
export const LONG_RANGE_CAP = printed([76, 43, 30, 23, 18, 15], '7.1B');

/** 7.5D: aircraft ranges are tripled for transfers. */
export const TRANSFER_RANGE_FACTOR = printed(3, '7.5D');
