/**
 * One event as lines a player can read in a report. VITP events are open to both sides, except
 * optional rule 20's task force contents and sighting dice, which are their owner's (visibleTo).
 */
import type { RulesEvent, Side } from '../../engine/ruleset';
import type { CombatEvent } from './combat/api';
import type { VitpEvent } from './events';

const SIDE = (s: string | null) => (s === 'japanese' ? 'Japanese' : s === 'allied' ? 'Allied' : 'nobody');

export function narrateEvent(event: RulesEvent, side: Side | 'referee'): readonly string[] {
  // the engine only asks for events the side may see; refusing here too keeps a careless caller from leaking
  if (side !== 'referee' && Array.isArray(event.visibleTo) && !event.visibleTo.includes(side)) return [];
  if (event.type.startsWith('combat.')) return narrateCombat(event as CombatEvent);
  const e = event as VitpEvent;
  switch (e.type) {
    case 'vitp.phase': return [];
    case 'vitp.unit': return e.data.why === '' || e.data.why === 'new turn' ? [] : [`${e.data.name} ${e.data.why} (${e.data.rule}).`];
    case 'vitp.speed-roll':
      return [e.data.die === null
        ? `${e.data.name} (speed ${e.data.speed}) enters ${e.data.area}: speed 7 or more always passes (6.4).`
        : `Speed roll for ${e.data.name} (speed ${e.data.speed}) entering ${e.data.area}: rolled ${e.data.die}, ${e.data.passed ? 'passes' : 'fails'} (6.4).`];
    case 'vitp.control': return [`${e.data.place}: control passes to ${SIDE(e.data.side)}; ${e.data.why} (${e.data.rule}).`];
    case 'vitp.control-recorded': return [];
    case 'vitp.poc':
      return [`Turn ${e.data.turn} POC: Japanese ${e.data.japanese}, Allied ${e.data.allied}; ${e.data.gainer ? `${SIDE(e.data.gainer)} gain ${e.data.gain}` : 'no gain'}. Track: ${e.data.poc === 0 ? 'even' : `${e.data.poc > 0 ? 'Japanese' : 'Allied'} +${Math.abs(e.data.poc)}`}${e.data.capped ? ' (capped at 29, 2.5)' : ''}.`];
    case 'vitp.battle': return [];
    case 'vitp.battle-done': return [`Combat in ${e.data.area} is over.`];
    case 'vitp.uncertain-roll': return [`Location-uncertain group ${e.data.group} (${e.data.units.join(', ')}): rolled ${e.data.die}: ${e.data.result === 'turn 2' ? 'in the United States, arrives on turn 2' : `found in ${e.data.result}`} (18.32).`];
    case 'vitp.surprise': return [];
    case 'vitp.surprise-shot': return [`Surprise raid round ${e.data.round}: ${e.data.attacker} at ${e.data.target}: rolled ${e.data.die}${e.data.bonus ? '+1' : ''}: ${e.data.result}${e.data.result === 'hit' ? `, ${e.data.damage} damage` : ''} (18.4).`];
    case 'vitp.lba-done': return e.data.side ? [`${SIDE(e.data.side)} place no more air units this turn (5.22).`] : [];
    case 'vitp.note': return [e.data.text + (e.data.rule ? ` (${e.data.rule})` : '')];
    case 'vitp.game-over': return [e.data.summary];
    case 'vitp.task-forces': {
      const named = (ids: readonly string[]) => ids.map((id) => e.data.names[id] ?? nm(id)).join(', ');
      return e.data.forces.map((f) => `Your task force ${f.marker} in ${e.data.area}, round ${e.data.round}: ${named(f.units)}; ${f.attacking ? 'attacking' : 'not attacking'}${f.invading.length ? `; invading: ${named(f.invading)}` : ''} (20.2-20.3).`);
    }
    case 'vitp.task-force-markers': return [`${SIDE(e.data.side)} task forces in ${e.data.area}, round ${e.data.round}: ${e.data.markers.join(', ')} (20.2).`];
    case 'vitp.sighting-roll': return [e.data.die === null
      ? `Your task force ${e.data.marker} is sighted without a roll (${e.data.rule}).`
      : `Sighting roll for your task force ${e.data.marker}: ${e.data.die}, sighted on 1-${e.data.sightedOn}: ${e.data.sighted ? 'sighted' : 'not sighted'} (${e.data.rule}).`];
    case 'vitp.sighted': return [e.data.sighted
      ? `${SIDE(e.data.side)} task force ${e.data.marker} is sighted: ${e.data.units.join(', ')} (20.4).`
      : `${SIDE(e.data.side)} task force ${e.data.marker} is not sighted (20.4).`];
    case 'vitp.task-forces-over': return [];
    default: return [];
  }
}

/** Combat events name units and places by id (a slug of the name, world.slug): print them as names again. */
const SPECIAL: Record<string, string> = { 'u-s-mandate': 'U.S. Mandate', 'i-boat': 'I-Boat', 'f-boat': 'F-Boat' };
const UPPER = new Set(['snlf', 'maw', 'ii']);
const LOWER = new Set(['of']);
const nm = (id: string) => SPECIAL[id] ?? id.split('-')
  .map((w) => (UPPER.has(w) ? w.toUpperCase() : LOWER.has(w) ? w : w.charAt(0).toUpperCase() + w.slice(1))).join(' ');
const nms = (ids: readonly string[]) => ids.map(nm).join(', ');

function narrateCombat(e: CombatEvent): string[] {
  switch (e.type) {
    case 'combat.battle-started': return [`Battle in ${nm(e.data.seaArea)}: ${e.data.atSea.map((u) => u.name).join(', ') || 'no units at sea'}.`];
    case 'combat.day-night-chosen': return [`Round ${e.data.round}: Japanese chose ${e.data.choices.japanese}, Allies ${e.data.choices.allied}${e.data.agreed ? '' : '; dice decide'} (7.3).`];
    case 'combat.day-night-rolled': return [`Day/night rolls: ${e.data.rolls.map((r) => `${SIDE(r.side)} ${r.die}+${r.wantsDay + r.controlsArea}=${r.total}`).join(', ')}: ${e.data.result} (${e.data.rule}).`];
    case 'combat.action-started': return [`${e.data.action === 'air-raid' ? 'Air raid' : e.data.action === 'day' ? 'Day action' : 'Night action'}${e.data.nightCarriers.length ? `; carriers firing guns: ${nms(e.data.nightCarriers)}` : ''}.`];
    case 'combat.shot': return [`${nm(e.data.attacker)} at ${nm(e.data.target)} (${e.data.factor} ${e.data.shot}/${e.data.of}): ${e.data.die}${e.data.bonus ? '+1' : ''} = ${e.data.result} (${e.data.rule}).`];
    case 'combat.damage-rolled': return [`Damage on ${nm(e.data.target)}: ${e.data.die} (7.532).`];
    case 'combat.action-resolved': return e.data.results.filter((r) => r.result !== 'no-effect').map((r) => `${nm(r.unit)}: ${r.result}${r.damageTaken ? `, ${r.damageTaken} damage (total ${r.damage})` : ''} (7.6).`);
    case 'combat.submarine-attacked': return [`${nm(e.data.submarine)} attacks ${nm(e.data.target)}: ${e.data.result} (7.91).`];
    case 'combat.retreated': return [`The ${SIDE(e.data.side)} retreat (8.1).`];
    case 'combat.pursuit-ordered': return e.data.pursue.length || e.data.raid.length ? [`${SIDE(e.data.side)} pursue: ${[...e.data.pursue.map((p) => `${nm(p.ship)} after ${p.group}`), ...e.data.raid.map((r) => `${nm(r.ship)} raids ${nm(r.port)}`)].join(', ')} (8.32).`] : [`The ${SIDE(e.data.side)} do not pursue (8.34).`];
    case 'combat.group-escaped': return [`${nms(e.data.units)} escape (8.4).`];
    case 'combat.landed': return [`${nm(e.data.unit)} ${e.data.invading ? 'invades' : 'lands on'} ${nm(e.data.base)} (7.93).`];
    case 'combat.air-raid-started': return [`Air raid on ${nm(e.data.port)} by ${nms(e.data.raiders)} (${e.data.rule}).`];
    case 'combat.stalemate': return [e.data.note];
    case 'combat.battle-ended': return [];
    default: return [];
  }
}
