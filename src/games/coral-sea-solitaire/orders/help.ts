/**
 * `help(state, side, step)`: the card mailed for HELP at a step: the orders it takes, what the USN
 * has to give them with now (its TFs, ready squadrons, CP left, the IJN markers as it sees them),
 * what happens if it sends nothing, and how to send later steps' orders in the same mail. Built
 * from what the USN may see only (./knowledge.ts, ./names.ts).
 */
import type { Side, StepInfo } from '../../../engine/ruleset';
import { isDay } from '../steps';
import type { CoralState } from '../types';
import { defaultOrders } from './defaults';
import { formatAir, formatOrders } from './format';
import { fogOf } from '../fog';
import { freeMarkers, valuesOf } from '../state';
import { atSea, dayCp, hexOfOrigin, idOf, placeHex, squadrons, usnOrigins, usnTaskForces } from './knowledge';
import { ANY_STEP, rowOfStep, SYNTAX, USN_ROWS } from './rows';

const GENERAL =
  'One order per line, any case; # starts a comment. HELP ORDERS, HELP AIR, HELP STANDING, HELP DEFAULTS, HELP AHEAD, HELP COSTS, HELP <rule> for more.';

export function help(s: CoralState, side: Side, step: StepInfo | null): string {
  if (!step) return `The game is over. ${GENERAL}`;
  if (side !== 'usn') return "The IJN is played by the umpire from the rules' tables (2.1): it sends no orders.";
  const row = rowOfStep(step.id);
  if (row?.owes !== 'one') return `${step.title}: no orders from you at this step; the umpire resolves it. ${GENERAL}`;
  const fallback = defaultOrders(s, side, step);
  const later = USN_ROWS.filter((r) => r.for && !r.decisionOf && r.id !== row.id && (isDay(s.turn) || !r.dayOnly) && !r.setupOnly);
  return [
    step.title,
    '',
    ...(SYNTAX[row.id] ?? []),
    ...ANY_STEP,
    '',
    ...context(s, row.id),
    '',
    `If you send nothing: ${fallback.length ? formatOrders(fallback).replace(/\n/g, '; ') : 'nothing is done (HELP DEFAULTS)'}.`,
    `Orders for later steps in the same mail: a line FOR <word>, then their orders (${later.map((r) => r.for).join(', ')}).`,
    GENERAL,
  ].join('\n');
}

const slots = (s: CoralState) =>
  `CP left: Organization ${s.cp.slots.organization}, Intelligence ${s.cp.slots.intelligence}, Operations ${s.cp.slots.operations}, Logistics ${s.cp.slots.logistics}.`;

function yourTfs(s: CoralState): string[] {
  return usnTaskForces(s).map(
    (tf) =>
      `  ${tf.id} at ${tf.hex}${tf.identified ? ' (identified)' : ''}: ${tf.ships.map((k) => `${idOf(k)}${s.ships[k]?.status !== 'ok' ? ` ${s.ships[k]?.status}` : ''}${s.ships[k]?.fatigued ? ' fatigued' : ''}`).join(', ')}`,
  );
}

/** The IJN markers as the USN's view shows them (27.1, 28.1): hex, side up, the counters face up. */
function ijnTfs(s: CoralState): string[] {
  const markers = fogOf(s, 'usn').taskForces.filter((tf) => tf.side === 'ijn' && tf.hex !== null);
  if (!markers.length) return ['  no IJN task force on the map'];
  return markers.map((tf) => {
    const up = (tf.ships ?? []).flatMap((x) => (x.id ? [`IJN-${x.id}`] : []));
    return `  ${tf.id} at ${tf.hex}, ${tf.identified ? 'identified' : 'unidentified'}${up.length ? `; face up: ${up.join(', ')}` : ''}`;
  });
}

function readyAir(s: CoralState, box: 'ready' | 'recovery' = 'ready'): string[] {
  return usnOrigins(s).flatMap((o) => {
    const sq = squadrons(s, o, box);
    return Object.keys(sq).length ? [`  ${o} (${hexOfOrigin(s, o) ?? 'off the map'}): ${formatAir(sq)}`] : [];
  });
}

function context(s: CoralState, row: string): string[] {
  switch (row) {
    case 'deployment':
      return [
        'Your task forces:',
        ...valuesOf(s.taskForces)
          .filter((tf) => tf.side === 'usn')
          .map((tf) => `  ${tf.id}: ${tf.ships.map(idOf).join(', ')}`),
        `New-Caledonia is ${placeHex(s, 'New-Caledonia')}.`,
      ];
    case 'command-decision':
      return [`The CP of the day: ${dayCp(s)} (7.2).`];
    case 'organization':
      return ['Your task forces:', ...yourTfs(s), `Markers not in use: ${freeMarkers(s.box, s).join(', ') || 'none'}.`, slots(s)];
    case 'air-transfer':
      return ['Ready squadrons:', ...readyAir(s), slots(s)];
    case 'intelligence':
    case 'intelligence-choice':
      return ['IJN task forces as you see them:', ...ijnTfs(s), slots(s)];
    case 'movement-usn':
      return ['Your task forces:', ...yourTfs(s), 'IJN task forces as you see them:', ...ijnTfs(s), slots(s)];
    case 'air-missions':
    case 'air-assign':
      return ['Ready squadrons:', ...readyAir(s), 'IJN task forces as you see them:', ...ijnTfs(s), slots(s)];
    case 'bombard-usn':
      return [
        'Your task forces:',
        ...yourTfs(s),
        `IJN bases: Lae ${placeHex(s, 'Lae')}, Rabaul ${placeHex(s, 'Rabaul')} (no ship may enter, 23.1).`,
      ];
    case 'logistics-usn': {
      const sea = usnTaskForces(s)
        .filter((tf) => atSea(s, tf))
        .map((tf) => tf.id);
      return [
        'Squadrons in recovery:',
        ...(readyAir(s, 'recovery').length ? readyAir(s, 'recovery') : ['  none']),
        'Your task forces:',
        ...yourTfs(s),
        `At sea: ${sea.join(', ') || 'none'}${isDay(s.turn) ? ' (refuelling is on night turns, 9a2)' : ''}.`,
        slots(s),
      ];
    }
    case 'air-losses':
      return ['Your squadrons aloft:', ...homesAloft(s)];
    default:
      return ['Your task forces:', ...yourTfs(s)];
  }
}

function homesAloft(s: CoralState): string[] {
  const aloft = s.air.filter((a) => a.side === 'usn' && a.box !== 'ready' && a.box !== 'recovery');
  return [...new Set(aloft.map((a) => a.home))].map(
    (h) =>
      `  ${idOf(h)}: ${aloft
        .filter((a) => a.home === h)
        .map((a) => `${a.type} ${a.strength} (${a.box})`)
        .join(', ')}`,
  );
}
