/**
 * Values the rulebook names without printing them, for the base strikes (8.1F), deck explosions
 * (7.4E) and emergency landings (8.5B). Each is rebuilt with its reason.
 */
import { printed, rebuilt } from './source';

export const AIR_RETURN = {
  /** 7.4E: the chance, in percent, that one counterstrike aircraft on a hit carrier's deck explodes */
  deckExplodes: rebuilt(
    20,
    'rebuilt: 7.4E says each may explode for 1 damage point without a chance; fuelled and armed aircraft on deck were the ruin of the carriers at Midway, yet most hits did not set every plane afire: one in five',
  ),
  /** 7.4E: damage points per explosion */
  deckDamage: printed(1, '7.4E'),
  /** 8.5B-D: a carrier's aircraft that may not land on it land at a friendly base or carrier within this range */
  emergencyRange: printed(3, '8.5B'),
  /** 8.1F: chance in percent that a bomber over a base hits something */
  baseHit: rebuilt(
    50,
    'rebuilt: 8.1F says base strikes hit parked aircraft and supply dumps only; a field is a large target without ship flak: half the bombers hit',
  ),
  /** 8.1F: of the hits, the share of parked aircraft destroyed per hit and hits per supply dump */
  aircraftPerHit: rebuilt(1, 'rebuilt: one parked aircraft destroyed per bomb hit (Henderson lost a few aircraft per raid in 1942)'),
  hitsPerDump: rebuilt(
    5,
    'rebuilt: a supply dump is a unit of a whole supply (9.4); five hits burn one, so a raid of 20 bombers costs one or two dumps',
  ),
  /** 8.1F: Fortress hits count double (printed) */
  fortressFactor: printed(2, '8.1F'),
};
