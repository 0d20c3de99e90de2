/**
 * Default orders for a side that misses a deadline (printed in the help text): stay in port, place
 * no air, decline further fighting, retreat when outgunned, take the combat module's defaults.
 */
import { combatAreas } from '../battle-input';
import { answerFromStanding, type Answer, type CombatStanding } from '../combat/api';
import { raidEligible, raidForceAtSea } from '../surprise';
import type { Order, VitpState, VSide } from '../types';
import { currentDecision } from './parse';

/** The raid of 7 December 1941 (J5): six carriers, two battleships, two cruisers. */
const HISTORICAL_RAID = ['akagi', 'kaga', 'soryu', 'hiryu', 'shokaku', 'zuikaku', 'hiei', 'kirishima', 'tone', 'chikuma'];
const L = { line: 0, text: '(default)' };

/** The documented battle defaults: fight by strength, retreat when outgunned, never chase or raid. */
export const DEFAULT_STANDING: CombatStanding = {
  dayNight: 'by-strength',
  nightCarriers: 'none',
  kamikazeCarriers: 'none',
  targets: 'default',
  submarine: 'last-chance',
  retreat: 'when-outgunned',
  pursue: 'none',
  landings: 'none',
  split: 'never',
  keepPursuing: 'never',
  airRaids: 'none',
};

export function defaultOrdersFor(s: VitpState, side: VSide): Order[] {
  const ph = s.phase;
  switch (ph.k) {
    case 'raid-force': {
      const ok = raidEligible(s).map((u) => u.id);
      return [{ line: L.line, text: L.text, t: 'raid-force', units: HISTORICAL_RAID.filter((id) => ok.includes(id)) }];
    }
    case 'lba':
      return [{ line: L.line, text: L.text, t: 'lba-done' }];
    case 'pick-battle':
      return [{ line: L.line, text: L.text, t: 'pick', area: combatAreas(s)[0] }];
    case 'pearl-stay':
      return [{ line: L.line, text: L.text, t: 'pearl', choice: 'withdraw' }];
    case 'pearl-sortie':
      return [
        { line: L.line, text: L.text, t: 'sortie', units: [] },
        { line: L.line, text: L.text, t: 'hi-retreat', retreat: raidForceAtSea(s).length > 0 },
      ];
    case 'battle': {
      const d = currentDecision(s);
      if (!d) return [];
      const a = answerFromStanding(s.battle!.battle, side, DEFAULT_STANDING) ?? (d.defaults[side] as Answer | undefined);
      return a ? [{ line: L.line, text: L.text, t: 'answer', answer: a }] : [];
    }
    default:
      return [];
  }
}
