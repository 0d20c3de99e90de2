/** Story lines of the air events (rules/air-events.ts). */
import { SIDE_NAME } from '../state';
import { kindName } from './air-orders';
import { type AirEvent, type Fire, isAirEvent } from './air-events';

const RESULT = ['D0', 'D1', 'D2', 'D3'];
const fireText = (f: Fire) =>
  `${f.factors} factors, column ${f.heading}${f.shifts.length ? ` (${f.shifts.map((x) => `${x.by > 0 ? '+' : ''}${x.by} ${x.why}`).join(', ')})` : ''}, die ${f.face}: ${f.result === null ? 'no effect' : RESULT[f.result]}`;
/** CAP, and air transfers and transports met over their landing hex (12.7) */
const MISSION_TEXT: Readonly<Record<string, string>> = {
  cap: ' CAP',
  transfer: ' on air transfer',
  transport: ' on air transport',
  drop: ' on an airborne landing',
};
const SHIP_RESULT = ['minor damage', 'crippled', 'eliminated', 'eliminated'];

export function narrateAir(event: { type: string; data: unknown }): string[] {
  if (!isAirEvent(event as never)) return [];
  const e = event as AirEvent;
  switch (e.type) {
    case 'sol.air-flown': {
      const fl = e.data.flight;
      const what = fl.mission === 'cap' ? `CAP over ${fl.hex}` : `${fl.mission} at ${fl.tf !== null ? `TF ${fl.tf} in ${fl.hex}` : fl.hex}`;
      return [
        `${SIDE_NAME[e.data.side]}: ${fl.points} ${kindName(fl.service, fl.type)} from ${fl.from} fly ${what}${fl.night ? ' by night (night bombing, 48.1)' : ''}${fl.extended ? ' at extended range (23.2)' : ''}${e.data.supply ? `, ${e.data.supply} supply spent (11.4)` : ''}.`,
      ];
    }
    case 'sol.air-seen':
      return [`${SIDE_NAME[e.data.side]} aircraft are seen over ${e.data.hexes.join(', ')} (31.1 (1)).`];
    case 'sol.air-combat':
      return [
        `Air superiority at ${e.data.hex} (2A3c): ${(['japanese', 'us'] as const)
          .map((side) => {
            const f = e.data.fire[side];
            const air = e.data.air[side].map((x) => `${x.points} ${x.kind}${MISSION_TEXT[x.mission] ?? ''}`).join(', ');
            return `${SIDE_NAME[side]} (${air}) ${f ? fireText(f) : 'no fire'}`;
          })
          .join('; ')}.`,
      ];
    case 'sol.aa-fire':
      return [`AA fire of ${SIDE_NAME[e.data.side]} at ${e.data.hex} (${e.data.target}, 26.2): ${fireText(e.data.fire)}.`];
    case 'sol.air-losses':
      return [
        `${SIDE_NAME[e.data.side]} air losses at ${e.data.hex}: ${e.data.losses.map((l) => `flight ${l.flight}: ${l.eliminated} eliminated, ${l.aborted} aborted`).join('; ')} (${e.data.rule}).`,
      ];
    case 'sol.air-strike':
      return [
        `${SIDE_NAME[e.data.side]} ${e.data.night ? 'night ' : ''}air strike on TF ${e.data.tf} at ${e.data.hex} (25.1${e.data.night ? '; strength halved at night, 48.1 (3)' : ''}); its ships: ${e.data.ships.join(', ')}.`,
        ...e.data.attacks.map(
          (a) =>
            `  ${a.ship}: ${a.points} points, strength ${a.strength} against defense ${a.defense}, column ${a.heading}, die ${a.face}: ${a.result === null ? 'no effect' : SHIP_RESULT[a.result]}.`,
        ),
      ];
    case 'sol.ship-damaged':
      return [
        `${e.data.ship} (${SIDE_NAME[e.data.side]}) takes minor damage: ${e.data.supply} supply and ${e.data.nac} NAC lost, the ship fatigued (50.0).`,
      ];
    case 'sol.air-recon':
      return [
        `${SIDE_NAME[e.data.side]} air recon of ${e.data.hex} (2A3d(1)): die ${e.data.face}, ${e.data.seen.length ? e.data.seen.join('; ') : 'nothing seen'}.`,
      ];
    case 'sol.air-landed':
      return [
        e.data.at
          ? `${SIDE_NAME[e.data.side]}: ${e.data.points} air points land at ${e.data.at}${e.data.fatigued ? `, ${e.data.fatigued} fatigued` : ''} (2A3h).`
          : `${SIDE_NAME[e.data.side]}: ${e.data.lost} air points have nowhere to land and are eliminated (21.5).`,
      ];
    case 'sol.air-combined-cp':
      return [`${SIDE_NAME[e.data.side]} spends a Combined CP: Army and Navy aircraft fight together (${e.data.rule}).`];
    default:
      return [];
  }
}
