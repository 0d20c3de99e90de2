/**
 * The surface area's events in words, for the story and the referee's log (../../narrate.ts chains
 * it): every roll names its table, rule, die, modifiers, column shifts, result and provenance (the
 * kit's describeTableRoll), every pick at random its dice and faces (describeRandomChoice).
 */
import { describeRandomChoice, describeTableRoll, type TableRoll } from '../../../kit';
import type { CrtResult } from '../../box';
import type { ForceLosses, SurfaceEvent } from './events';

const SIDE = { usn: 'USN', ijn: 'IJN' } as const;
const names = (keys: readonly string[]): string => keys.map((k) => k.split(':')[1]).join(', ');
const crt = (r: CrtResult): string => `attacker ${r.attacker ?? '-'}, defender ${r.defender ?? '-'}`;
const crtRoll = (r: TableRoll<CrtResult>): string => describeTableRoll(r, crt);

function losses(who: string, l: ForceLosses): string[] {
  if (l.level === null) return [`  ${who}: no effect.`];
  const what = [l.sunk.length ? `${names(l.sunk)} sunk` : '', l.crippled.length ? `${names(l.crippled)} crippled` : '']
    .filter(Boolean)
    .join(', ');
  return [`  ${who}: result ${l.level}: ${what || 'nothing to lose'}.`, ...l.picks.map((p) => `    ${describeRandomChoice(p)}`)];
}

/** Lines for one of this area's events, or null when the event is not this area's. */
export function narrateSurface(e: { readonly type: string; readonly data: unknown }): string[] | null {
  const ev = e as SurfaceEvent;
  switch (ev.type) {
    case 'coral.surface.initiative':
      return [
        `Surface combat in ${ev.data.hex}: ${describeTableRoll(ev.data.roll)}; the ${SIDE[ev.data.attacker]} attacks (${ev.data.rule}).`,
        ...(ev.data.awaitsUsnScreen ? ['  The USN may screen (33.1): SCREEN the ships to hold out, or none.'] : []),
      ];
    case 'coral.surface.screened':
      return [
        `${SIDE[ev.data.side]} screens ${names(ev.data.ships)} out of the battle in ${ev.data.hex} (${ev.data.rule}).`,
        ...ev.data.picks.map((p) => `  ${describeRandomChoice(p)}`),
      ];
    case 'coral.surface.combat': {
      const d = ev.data;
      const defender = d.attacker === 'usn' ? 'ijn' : 'usn';
      const odds = d.fixed === 'all-attackers-zero' ? 'every attacker at 0 (16.5)' : d.percent === null ? 'no defence' : `${d.percent}%`;
      return [
        `Surface combat in ${d.hex}: ${SIDE[d.attacker]} ${names(d.ships[d.attacker])} attack ${d.attack} against ${SIDE[defender]} ${names(d.ships[defender])} defence ${d.defense}: ${odds} (${d.rule}).`,
        `  ${crtRoll(d.roll)}`,
        ...losses(`${SIDE[d.attacker]} (attacker)`, d.losses.attacker),
        ...losses(`${SIDE[defender]} (defender)`, d.losses.defender),
      ];
    }
    case 'coral.surface.no-combat':
      return [`No surface combat in ${ev.data.hex}: ${ev.data.reason} (${ev.data.rule}).`];
    case 'coral.bombard.roll':
      return ev.data.roll
        ? [`${SIDE[ev.data.side]} bombardment of ${ev.data.base}, ${ev.data.factors} factors: ${crtRoll(ev.data.roll)}.`]
        : [`${SIDE[ev.data.side]} ships at ${ev.data.base} have no bombardment factor: no roll (${ev.data.rule}).`];
    case 'coral.bombard': {
      const d = ev.data;
      const air = d.grounded.length ? d.grounded.map((a) => `${a.strength} ${a.type}`).join(', ') : 'none';
      return [
        `${SIDE[d.side]} ${d.taskForces.join(', ')} bombard ${d.base}: ${d.level === null ? 'no effect' : `result ${d.level}: ${d.squadrons} grounded squadrons and ${d.baseLevels} base levels hit`}; air on the ground there: ${air} (${d.rule}).`,
      ];
    }
    case 'coral.base.strength':
      return [`${ev.data.base} strength ${ev.data.from} → ${ev.data.to} (${ev.data.cause}, ${ev.data.rule}).`];
    case 'coral.base.air-lost':
      return [
        `Lost on the ground at ${ev.data.base}: ${ev.data.units.map((u) => `${u.squadrons} of ${u.id}`).join(', ')} (${ev.data.cause}, ${ev.data.rule}).`,
        ...ev.data.picks.map((p) => `  ${describeRandomChoice(p)}`),
      ];
    case 'coral.squadrons.lost':
      return [];
    default:
      return null;
  }
}
