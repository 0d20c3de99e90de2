/** The movement area's events in words (the story and the referee's log); null for another area's event. */
import { describeRandomChoice, describeTableRoll } from '../../../kit';
import type { MovementEvent } from './events';

const id = (key: string) => key.split(':')[1] ?? key;

export function narrateMovement(e: { readonly type: string; readonly data: unknown }): string[] | null {
  const ev = e as MovementEvent;
  switch (ev.type) {
    case 'coral.tf.step':
      return [`${ev.data.tf} moves ${ev.data.from} → ${ev.data.to} (${ev.data.why}; ${ev.data.mp} MP, ${ev.data.rule}).`];
    case 'coral.tf.stopped':
      return [`${ev.data.tf} stops in ${ev.data.at}: ${ev.data.reason} (${ev.data.rule}).`];
    case 'coral.tf.withdrawn':
      return [
        `${ev.data.tf} reaches ${ev.data.via === 'Rabaul' ? 'Rabaul' : 'a To Truk hex'} (${ev.data.hex}) and leaves the map (${ev.data.rule}).`,
      ];
    case 'coral.sub.moved':
      return [`Submarine marker ${ev.data.marker} moves ${ev.data.from} → ${ev.data.to} (${ev.data.why}, 19.3).`];
    case 'coral.sub.contact':
      return [
        `${ev.data.tf} in ${ev.data.tfHex} makes contact with submarine marker ${ev.data.marker} in ${ev.data.hex}: ${ev.data.counter}, ${
          ev.data.real ? 'a real submarine' : 'a false sighting, removed (19.8)'
        } (${ev.data.rule}).`,
      ];
    case 'coral.sub.attack':
      if (ev.data.ship === null) return [`Submarine marker ${ev.data.marker}: ${ev.data.effect} (${ev.data.rule}).`];
      return [
        `Submarine marker ${ev.data.marker} attacks ${id(ev.data.ship)} of ${ev.data.tf} (${ev.data.rule}):`,
        ...(ev.data.pick ? [`  ${describeRandomChoice(ev.data.pick)}`] : []),
        ...(ev.data.roll ? [`  ${describeTableRoll(ev.data.roll, (r) => `defender ${r.defender ?? '-'}`)}`] : []),
        `  ${id(ev.data.ship)}: ${ev.data.effect === 'none' ? 'no effect' : ev.data.effect}.`,
      ];
    case 'coral.scouting':
      return [`Scouting by ${ev.data.scout} on ${ev.data.target}, ${ev.data.distance} hexes: ${describeTableRoll(ev.data.roll)}.`];
    case 'coral.landing.phase':
      return [`${ev.data.tf} spends the whole IJN movement phase in its target hex ${ev.data.hex} (${ev.data.rule}).`];
    case 'coral.landing':
      return [`A transport of ${ev.data.tf} lands at ${ev.data.objective}: ${ev.data.count} landed so far (${ev.data.rule}).`];
    case 'coral.invasion':
      return [
        ev.data.how === 'completed'
          ? `The ${ev.data.tf} invasion of ${ev.data.objective} is completed (${ev.data.rule}).`
          : `The ${ev.data.tf} invasion of ${ev.data.objective} is called off: the IJN has panicked (${ev.data.rule}).`,
      ];
    case 'coral.base.captured':
      return [
        `${ev.data.base} falls to strength 0${ev.data.airLost.length ? `; the air grounded there is lost: ${ev.data.airLost.join(', ')}` : ''} (${ev.data.rule}).`,
      ];
    default:
      return null;
  }
}
