/**
 * One event as lines a player can read in a report. VITP events are open to both sides, except
 * optional rule 20's task force contents and sighting dice, which are their owner's (visibleTo).
 * Every event type has its line; each cites the rule that made it happen where one did.
 */
import type { RulesEvent, Side } from '../../engine/ruleset';
import { defaultBox } from './box';
import { nextDecision, type CombatEvent } from './combat/api';
import type { VitpEvent } from './events';
import { phaseTitle } from './steps';
import { slug } from './world';
import { compareCodeUnits } from '../../shared/canonical';

const SIDE = (s: string | null) => (s === 'japanese' ? 'Japanese' : s === 'allied' ? 'Allied' : 'nobody');
const PEOPLE = (s: string) => (s === 'japanese' ? 'the Japanese' : 'the Allies');
const Cap = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);

export function narrateEvent(event: RulesEvent, side: Side | 'referee'): readonly string[] {
  // the engine only asks for events the side may see; refusing here too keeps a careless caller from leaking
  if (side !== 'referee' && Array.isArray(event.visibleTo) && !event.visibleTo.includes(side)) return [];
  if (event.type.startsWith('combat.')) return narrateCombat(event as CombatEvent);
  return narrateVitp(event as VitpEvent);
}

function narrateVitp(e: VitpEvent): string[] {
  switch (e.type) {
    case 'vitp.phase': {
      // a battle's own decisions are told by vitp.battle; the turn's first patrol step is entered
      // twice (to start the turn, then to play it), so it is told by the turn's first events instead
      const ph = e.data.phase;
      if (ph.k === 'battle' || (ph.k === 'patrol' && ph.side === 'japanese')) return [];
      const { title, rule } = phaseTitle(ph);
      return ph.k === 'over' ? [`After turn ${e.data.turn} ${title} (${rule}).`] : [`Next: turn ${e.data.turn}, ${title} (${rule}).`];
    }
    case 'vitp.unit':
      return e.data.why === '' || e.data.why === 'new turn' ? [] : [`${e.data.name} ${e.data.why} (${e.data.rule}).`];
    case 'vitp.speed-roll':
      return [
        e.data.die === null
          ? `${e.data.name} (speed ${e.data.speed}) enters ${e.data.area}: speed 7 or more always passes (6.4).`
          : `Speed roll for ${e.data.name} (speed ${e.data.speed}) entering ${e.data.area}: rolled ${e.data.die}, ${e.data.passed ? 'passes' : 'fails'} (6.4).`,
      ];
    case 'vitp.control':
      return [`${e.data.place}: control passes to ${SIDE(e.data.side)}; ${e.data.why} (${e.data.rule}).`];
    case 'vitp.control-recorded': {
      // in the box's sea area order (as scoreTurn records them), never the stored key order
      const held = (who: string | null) =>
        Object.entries(e.data.areas)
          .filter(([, s]) => s === who)
          .map(([a]) => a)
          .sort((x, y) => areaRank(x) - areaRank(y) || compareCodeUnits(x, y))
          .join(', ') || 'none';
      return [
        `Sea areas held at the end of turn ${e.data.turn} (15.1, counted for capture, 14.1): Japanese ${held('japanese')}; Allied ${held('allied')}.`,
      ];
    }
    case 'vitp.poc':
      return [
        `Turn ${e.data.turn} POC: Japanese ${e.data.japanese}, Allied ${e.data.allied}; ${e.data.gainer ? `${SIDE(e.data.gainer)} gain ${e.data.gain}` : 'no gain'}. Track: ${e.data.poc === 0 ? 'even' : `${e.data.poc > 0 ? 'Japanese' : 'Allied'} +${Math.abs(e.data.poc)}`}${e.data.capped ? ', capped at 29' : ''} (${e.data.rule}).`,
      ];
    case 'vitp.battle': {
      const b = e.data.battle;
      const d = b ? nextDecision(b.battle) : null;
      return b && d
        ? [`The battle in ${b.area} waits for ${d.owes.map(PEOPLE).join(' and ')}: ${d.title.replace(/\s*\([\d.]+\)$/, '')} (${d.rule}).`]
        : [];
    }
    case 'vitp.battle-status': {
      const w = e.data.waitingFor;
      return w ? [`Combat in ${e.data.area}: ${w.owes.map(PEOPLE).join(' and ')} to decide: ${w.decision} (${w.rule}).`] : [];
    }
    case 'vitp.battle-done':
      return [
        e.data.areaDone
          ? `Combat in ${e.data.area} is over (5.3).`
          : `The surprise attack in ${e.data.area} is over; the area's battle is still to be fought (18.5).`,
      ];
    case 'vitp.uncertain-roll':
      return [
        `Location-uncertain group ${e.data.group} (${e.data.units.join(', ')}): rolled ${e.data.die}: ${e.data.result === 'turn 2' ? 'in the United States, arrives on turn 2' : `found in ${e.data.result}`} (18.32).`,
      ];
    case 'vitp.surprise':
      return surpriseLines(e.data);
    case 'vitp.surprise-shot':
      return [
        `Surprise raid round ${e.data.round}: ${e.data.attacker} attacks ${e.data.target}: rolled ${e.data.die}${e.data.bonus ? ` +1 = ${e.data.die + 1}` : ''}, ${e.data.result === 'hit' ? `a hit for ${e.data.damage} damage` : e.data.result === 'disabled' ? 'disabled' : 'a miss'} (18.4).`,
      ];
    case 'vitp.lba-done':
      return e.data.side ? [`${SIDE(e.data.side)} place no more air units this turn (5.22).`] : [];
    case 'vitp.note':
      return [e.data.rule ? `${e.data.text.replace(/\.$/, '')} (${e.data.rule}).` : e.data.text];
    case 'vitp.game-over':
      return [e.data.summary];
    case 'vitp.task-forces': {
      const named = (ids: readonly string[]) => ids.map((id) => e.data.names[id] ?? nm(id)).join(', ');
      return e.data.forces.map(
        (f) =>
          `Your task force ${f.marker} in ${e.data.area}, round ${e.data.round}: ${named(f.units)}; ${f.attacking ? 'attacking' : 'not attacking'}${f.invading.length ? `; invading: ${named(f.invading)}` : ''} (20.2-20.3).`,
      );
    }
    case 'vitp.task-force-markers':
      return [`${SIDE(e.data.side)} task forces in ${e.data.area}, round ${e.data.round}: ${e.data.markers.join(', ')} (20.2).`];
    case 'vitp.sighting-roll':
      return [
        e.data.die === null
          ? `Your task force ${e.data.marker} is sighted without a roll (${e.data.rule}).`
          : `Sighting roll for your task force ${e.data.marker}: ${e.data.die}, sighted on 1-${e.data.sightedOn}: ${e.data.sighted ? 'sighted' : 'not sighted'} (${e.data.rule}).`,
      ];
    case 'vitp.sighted':
      return [
        e.data.sighted
          ? `${SIDE(e.data.side)} task force ${e.data.marker} is sighted: ${e.data.units.join(', ')} (20.4).`
          : `${SIDE(e.data.side)} task force ${e.data.marker} is not sighted (20.4).`,
      ];
    case 'vitp.task-forces-over':
      return [`The task force markers in ${e.data.area} come off the board (20.2).`];
    default: {
      const never: never = e;
      throw new TypeError(`vitp: no narration for ${JSON.stringify(never)}`);
    }
  }
}

function surpriseLines(d: Extract<VitpEvent, { type: 'vitp.surprise' }>['data']): string[] {
  const lines: string[] = [];
  if (d.pearl === 'raided') lines.push('The two rounds of air raids on Pearl Harbor are over (18.3).');
  if (d.pearl === 'rolled') lines.push('The location-uncertain Allied groups are placed (18.32).');
  if (d.pearl === 'done') lines.push('The Pearl Harbor attack is over (18.3-18.36).');
  if (d.indonesia === 'round-2') lines.push('The Indonesia surprise raid goes on to its second round (18.4).');
  if (d.indonesia === 'done') lines.push('The Indonesia surprise raids are over (18.4).');
  return lines;
}

// ---- Combat ----------------------------------------------------------------------------------

/** Combat events name units and places by id (world.slug of the name): print them as the box names them. */
const NAMES: ReadonlyMap<string, string> = new Map(
  [...defaultBox.units.map((u) => u.name), ...defaultBox.places.map((p) => p.name), ...defaultBox.seaAreas.map((a) => a.name)].map((n) => [
    slug(n),
    n,
  ]),
);
/** A sea area's place in the box's list (the order the map and scoreTurn give them); unknown names last. */
const AREA_RANK: ReadonlyMap<string, number> = new Map(defaultBox.seaAreas.map((a, i) => [a.name, i]));
const areaRank = (name: string) => AREA_RANK.get(name) ?? AREA_RANK.size;
const nm = (id: string) => NAMES.get(id) ?? id.split('-').map(Cap).join(' ');
const nms = (ids: readonly string[]) => ids.map(nm).join(', ') || 'none';

/** An engagement's id as a reader knows it: the battle itself, a pursuit, an air raid, the 18.4 raids. */
function engagementName(id: string): string {
  if (id === 'main') return 'the battle';
  if (id === 'surprise') return 'the surprise raid';
  if (id.startsWith('raid-')) return `the air raid on ${nm(id.slice(5))}`;
  return `the pursuit of group ${id}`;
}

const RESULT: Record<string, string> = {
  miss: 'a miss',
  disabled: 'disabled',
  hit: 'a hit',
  'disable-ignored': 'a 5, which has no effect here',
};

function shotLine(d: Extract<CombatEvent, { type: 'combat.shot' }>['data']): string {
  const roll = `rolled ${d.die}${d.bonus ? ` +1 = ${d.total}` : ''}: ${RESULT[d.result]}`;
  if (d.factor === 'torpedo') return `${nm(d.attacker)} fires a torpedo at ${nm(d.target)}: ${roll} (${d.rule}).`;
  if (d.factor === 'flak') return `${nm(d.target)}'s attacking airstrike draws fire from ${nm(d.attacker)}: ${roll} (${d.rule}).`;
  const atAirstrike = d.rule.startsWith('23.');
  const what = d.factor === 'gunnery' ? 'gunnery' : 'airstrike';
  return `${nm(d.attacker)}'s ${what}${atAirstrike ? ' (defending)' : ''}, shot ${d.shot} of ${d.of}, at ${nm(d.target)}${atAirstrike ? "'s airstrike" : ''}: ${roll} (${d.rule}).`;
}

function unitResult(r: Extract<CombatEvent, { type: 'combat.action-resolved' }>['data']['results'][number]): string {
  const took = r.damageTaken ? `takes ${r.damageTaken} damage (${r.damage} in all)` : '';
  switch (r.result) {
    case 'sunk':
      return `${nm(r.unit)} ${took ? `${took} and ` : ''}is sunk (7.61).`;
    case 'on-bottom':
      return `${nm(r.unit)} ${took ? `${took} and ` : ''}rests on the bottom of the harbor (7.6, 9.41).`;
    case 'disabled':
      return `${nm(r.unit)} ${took ? `${took} and ` : ''}is disabled: it must return to harbor (7.62).`;
    case 'expended':
      return `${nm(r.unit)} is expended in its kamikaze attack (7.6, 19.2).`;
    case 'damaged':
      return `${nm(r.unit)} ${took}${r.speed !== null ? `, speed now ${r.speed}` : ''} (7.63${r.speed !== null ? ', 7.71' : ''}).`;
    case 'no-effect':
      return `${nm(r.unit)}: no effect (7.6).`;
  }
}

function narrateCombat(e: CombatEvent): string[] {
  switch (e.type) {
    case 'combat.battle-started': {
      const of = (side: string) =>
        e.data.atSea
          .filter((u) => u.side === side)
          .map((u) => u.name)
          .join(', ') || 'none at sea';
      return [`Battle in ${nm(e.data.seaArea)}, turn ${e.data.turn}: Japanese ${of('japanese')}; Allied ${of('allied')} (7.1).`];
    }
    case 'combat.round-started':
      return [
        e.data.engagement === 'main'
          ? `Round ${e.data.round} begins (7.2).`
          : `${Cap(engagementName(e.data.engagement))}: round ${e.data.round} (7.2).`,
      ];
    case 'combat.day-night-chosen':
      return [
        `Round ${e.data.round}: the Japanese chose ${e.data.choices.japanese}, the Allies ${e.data.choices.allied}${e.data.agreed ? '' : '; the dice decide'} (${e.data.rule}).`,
      ];
    case 'combat.day-night-rolled':
      return [
        `Day or night: ${e.data.rolls.map((r) => `${SIDE(r.side)} rolled ${r.die}${r.wantsDay ? ' +1 for wanting day' : ''}${r.controlsArea ? ' +1 for controlling the area' : ''} = ${r.total}`).join('; ')}: ${e.data.result === 'day-then-night' ? 'a day action, then a night action' : `a ${e.data.result} action`} (${e.data.rule}).`,
      ];
    case 'combat.action-started': {
      const kind =
        e.data.action === 'air-raid'
          ? 'Air raid'
          : e.data.action === 'day'
            ? 'Day action: airstrikes attack (7.22)'
            : 'Night action: gunnery attacks (7.21)';
      return [
        `${kind}${e.data.nightCarriers.length ? `; carriers firing their guns: ${nms(e.data.nightCarriers)} (7.424)` : ''}${e.data.kamikazeCarriers.length ? `; kamikazes: ${nms(e.data.kamikazeCarriers)} (19.22)` : ''}.`,
      ];
    }
    case 'combat.targets-designated':
      return [
        e.data.fire.length
          ? `${SIDE(e.data.side)} targets: ${e.data.fire.map((f) => `${nm(f.attacker)} at ${nm(f.target)}`).join(', ')} (${e.data.rule}).`
          : `${Cap(PEOPLE(e.data.side))} fire at nothing (${e.data.rule}).`,
      ];
    case 'combat.shot':
      return [shotLine(e.data)];
    case 'combat.damage-rolled':
      return [`${nm(e.data.attacker)}'s hit on ${nm(e.data.target)} does ${e.data.die} damage (damage die ${e.data.die}, ${e.data.rule}).`];
    case 'combat.airstrike-hit': {
      const d = e.data;
      if (d.result === 'shot-down') return [`${nm(d.unit)} takes ${d.damageTaken} damage and is shot down (12.25, ${d.rule}).`];
      if (d.result === 'airstrikes-lost')
        return [
          `${nm(d.unit)}'s airstrike takes ${d.damageTaken} damage: all its airstrikes are lost, and the carrier is disabled at the end of the action (${d.rule}, 23.4).`,
        ];
      return [
        `${nm(d.unit)}'s airstrike takes ${d.damageTaken} damage at once: ${d.shotsLeft} shot${d.shotsLeft === 1 ? '' : 's'} left (${d.rule}, 23.2).`,
      ];
    }
    case 'combat.action-resolved': {
      const lines = e.data.results.filter((r) => r.result !== 'no-effect').map(unitResult);
      return lines.length ? lines : ['The action ends with no damage done (7.6).'];
    }
    case 'combat.submarine-attacked':
      return [
        `${nm(e.data.submarine)}'s attack on ${nm(e.data.target)}: ${e.data.result === 'no-effect' ? 'no effect' : e.data.result}${e.data.damage ? ` (${e.data.damage} damage in all)` : ''} (${e.data.rule}).`,
      ];
    case 'combat.submarine-waits':
      return [
        e.data.final ? `${nm(e.data.submarine)} does not attack (16.1).` : `${nm(e.data.submarine)} waits for a later chance (7.91).`,
      ];
    case 'combat.stays':
      return [`${Cap(PEOPLE(e.data.side))} stay and fight on (${e.data.rule}).`];
    case 'combat.retreated': {
      const groups = e.data.groups.map((g) => `group ${g.id} (${nms(g.units)}, speed ${g.speed})`);
      const air = e.data.airEscaped.length ? `; air units escape: ${nms(e.data.airEscaped)} (8.21)` : '';
      return [`${Cap(PEOPLE(e.data.side))} retreat${groups.length ? `: ${groups.join(', ')}` : ''}${air} (${e.data.rule}).`];
    }
    case 'combat.retreated-in-part': {
      const groups = e.data.groups.map((g) => `group ${g.id} (${nms(g.units)}, speed ${g.speed})`);
      const air = e.data.airEscaped.length ? `; air units escape: ${nms(e.data.airEscaped)}` : '';
      return [
        `${Cap(PEOPLE(e.data.side))} retreat in part${groups.length ? `: ${groups.join(', ')}` : ''}${air}; ${e.data.staying} unit${e.data.staying === 1 ? '' : 's'} stay (${e.data.rule}).`,
      ];
    }
    case 'combat.task-force-round': {
      const m = e.data.markers;
      return [
        `Round ${e.data.round} between task forces: Japanese ${m.japanese.join(', ') || 'none'}, Allied ${m.allied.join(', ') || 'none'}; sighted: ${e.data.sighted.join(', ') || 'none'} (${e.data.rule}).`,
      ];
    }
    case 'combat.task-force-joins':
      return [`${SIDE(e.data.side)} task force ${e.data.marker} joins the fight: ${nms(e.data.units)} (${e.data.rule}).`];
    case 'combat.pursuit-ordered':
      return e.data.pursue.length || e.data.raid.length
        ? [
            `${SIDE(e.data.side)} pursuit: ${[...e.data.pursue.map((p) => `${nm(p.ship)} after group ${p.group}`), ...e.data.raid.map((r) => `${nm(r.ship)} raids ${nm(r.port)}`)].join(', ')} (${e.data.rule}).`,
          ]
        : [`${Cap(PEOPLE(e.data.side))} do not pursue (${e.data.rule}, 8.34).`];
    case 'combat.pursuer-dropped':
      return [
        e.data.reason === 'too-slow'
          ? `${nm(e.data.unit)} is too slow to keep up with group ${e.data.group} (${e.data.rule}).`
          : `${nm(e.data.unit)} breaks off the pursuit of group ${e.data.group} (${e.data.rule}).`,
      ];
    case 'combat.group-split':
      return [
        `Group ${e.data.from} splits: ${e.data.into.map((g) => `${g.id} (${nms(g.units)}, speed ${g.speed})`).join('; ')} (${e.data.rule}).`,
      ];
    case 'combat.group-escaped':
      return [`${nms(e.data.units)} escape (${e.data.rule}).`];
    case 'combat.pursuit-over':
      return [`The pursuit of group ${e.data.group} is over: ${e.data.reason} (8.5).`];
    case 'combat.landed':
      return [`${nm(e.data.unit)} ${e.data.invading ? 'invades' : 'lands on'} ${nm(e.data.base)} (${e.data.rule}).`];
    case 'combat.base-changed-hands':
      return [
        `${nm(e.data.port)} is now ${SIDE(e.data.controller)}${e.data.groundedAir.length ? `: ${nms(e.data.groundedAir)}, left without a friendly base, must return to port` : ''} (${e.data.rule}).`,
      ];
    case 'combat.air-raid-started':
      return [
        `Air raid on ${nm(e.data.port)} by ${nms(e.data.raiders)}: two rounds of day action, the port cannot fire back (${e.data.rule}, 9.12-9.13).`,
      ];
    case 'combat.air-raid-ended':
      return [`The air raid on ${nm(e.data.port)} is over (9.13).`];
    case 'combat.surprise-ended':
      return [
        `The surprise air raids end after ${e.data.rounds} round${e.data.rounds === 1 ? '' : 's'}; the Allies never fired back (${e.data.rule}).`,
      ];
    case 'combat.stalemate':
      return [`${e.data.note}${e.data.note.includes(e.data.rule) ? '' : ` (${e.data.rule})`}`];
    case 'combat.battle-ended':
      return [battleSummary(e.data.outcome)];
    default: {
      const never: never = e;
      throw new TypeError(`vitp: no narration for ${JSON.stringify(never)}`);
    }
  }
}

function battleSummary(o: Extract<CombatEvent, { type: 'combat.battle-ended' }>['data']['outcome']): string {
  const by = (fate: string) => o.units.filter((u) => u.fate === fate).map((u) => u.name);
  const parts = [
    by('sunk').length ? `lost: ${by('sunk').join(', ')}` : '',
    by('expended').length ? `expended: ${by('expended').join(', ')}` : '',
    by('returning').length ? `back to harbor: ${by('returning').join(', ')}` : '',
    o.retreated.length ? `${o.retreated.map(PEOPLE).join(' and ')} retreated` : '',
    `still at sea: ${o.remainingAtSea.map(SIDE).join(' and ') || 'nobody'}`,
  ].filter(Boolean);
  return `End of the battle in ${nm(o.seaArea)}: ${parts.join('; ')} (7.94).`;
}
