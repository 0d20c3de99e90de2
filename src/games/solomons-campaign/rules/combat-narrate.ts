/** Story lines of the naval part of the Combat Segment (14.x, 15.x). */
import { SIDE_NAME } from '../state';
import type { CombatEvent, Shift } from './combat-events';

const res = (r: number | null, side: 'A' | 'D') => (r === null ? '-' : `${side}${r}`);
const shifts = (x: readonly Shift[]) =>
  x.length ? `; shifts: ${x.map((s) => `${s.by > 0 ? '+' : ''}${s.by} ${s.why} (${s.rule})`).join(', ')}` : '';

export function narrateCombat(event: { type: string; data: unknown }): string[] {
  const e = event as CombatEvent;
  switch (e.type) {
    case 'sol.surface-combat': {
      const d = e.data;
      const def = d.attacker === 'us' ? 'japanese' : 'us';
      return [
        `Surface combat at ${d.hex} (14.3): ${SIDE_NAME[d.attacker]} ${d.ships[d.attacker].join(', ')} (attack ${d.attack}) against ${d.ships[def].join(', ')} (defense ${d.defense}), ${d.percent ?? 'no defense'}${d.percent === null ? '' : '%'}${shifts(d.shifts)}; column ${d.heading}. ${SIDE_NAME[d.attacker]} rolls ${d.rolls[d.attacker]}: ${res(d.results[d.attacker], 'A')}; ${SIDE_NAME[def]} rolls ${d.rolls[def]}: ${res(d.results[def], 'D')}.`,
      ];
    }
    case 'sol.ship-hit': {
      const d = e.data;
      const lost = d.aboard.length ? ` with ${d.aboard.join(', ')} aboard` : '';
      return [
        d.result === 'sunk'
          ? `${SIDE_NAME[d.side]} ${d.ship} is sunk${lost} (${d.rule}).`
          : `${SIDE_NAME[d.side]} ${d.ship} is crippled${d.stays ? ' and stays on the map' : ''} (${d.rule}, ${d.stays ? '44.1' : '50.0'}).`,
      ];
    }
    case 'sol.ship-repair': {
      const d = e.data;
      return [
        `${d.ship} goes for repair to ${d.to}, back on turn ${d.back} (die ${d.face}${d.aboard.length ? `; ${d.aboard.join(', ')} set back` : ''}; 50.0, 19.6).`,
      ];
    }
    case 'sol.bombarded': {
      const d = e.data;
      const what = [
        d.air ? `${d.air} grounded squadron(s)` : '',
        d.supply ? `${d.supply} supply` : '',
        ...d.cohesion.map((c) => (c.into.length ? `${c.unit} broken down` : `${c.unit} eliminated`)),
        d.airfield ? `airfield ${d.airfield.from} → ${d.airfield.to ?? 'removed'}` : '',
      ].filter(Boolean);
      return [
        `${SIDE_NAME[d.side]} bombards ${d.hex} with ${d.ships.join(', ')} (${d.factors} factors${shifts(d.shifts)}; column ${d.heading}); die ${d.face}: ${res(d.result, 'D')}, ${what.length ? what.join(', ') : 'nothing eliminated'} (15.2, 15.3).`,
      ];
    }
    default:
      return [];
  }
}
