/** The order card for the step at hand, written to be mailed to a player as it stands. */
import { airInGroups } from '../options';
import type { StepInfo } from '../../../engine/ruleset';
import { airAreas, placeableAir } from '../air';
import { combatAreas } from '../battle-input';
import { landingChoices, invaders } from '../invasion';
import { destinations, movers, type MoveMode } from '../movement';
import { airstrikeLost, rebuildable, rebuildCapacity, rebuildingInUse, rebuildPorts, repairable } from '../repairs';
import { destinationsFor, harbourChoices, mustReturn, defaultDestination } from '../returns';
import { raidEligible, sortieCandidates, surpriseAttackers, surpriseTargets } from '../surprise';
import type { VitpState, VSide } from '../types';
import { currentDecision } from './parse';
import { rebaseable, substituteCandidates, substitutesOwed } from '../turn';
import { groupable } from '../task-forces';
import { defaultOrdersFor } from './defaults';
import { formatOrders } from './format';

const GENERAL = `One order per line; capitals do not matter; unit lists are separated by commas.
Names may be shortened when unambiguous ("Yokosuka", "Pearl"). Lines starting with # are ignored.`;

export function helpText(s: VitpState, side: VSide | null, step: StepInfo | null): string {
  if (!step) return `The game is over. ${GENERAL}`;
  const lines = [step.title, '', body(s, side), '', GENERAL];
  return lines.join('\n');
}

function moveHelp(s: VitpState, side: VSide | null, mode: MoveMode, verb: string): string {
  // units that can reach the same areas are listed together, to keep the card short
  const byReach = new Map<string, string[]>();
  for (const u of side ? movers(s, side, mode) : []) {
    const reach = destinations(s, u, mode).join(', ') || 'nowhere';
    byReach.set(reach, [...(byReach.get(reach) ?? []), `${u.name} (${Math.max(1, u.speed - u.damage)})`]);
  }
  const list = [...byReach.entries()].map(([reach, units]) => `  ${units.join(', ')}\n    can reach: ${reach}`);
  return [
    `${verb} <units> TO <sea area> [VIA <sea area>]     e.g. ${verb} Yamato, Nagato TO Marianas Islands`,
    'STAY   (nothing moves)',
    mode === 'patrol' ? 'Patrollers entering a second area make a speed roll (6.221); failing, they raid instead (6.41).' : '',
    mode === 'raid'
      ? 'Japanese/US raiders may go three areas (roll for the third); British, Australian, Dutch two (roll for the second) (6.22-6.23, 17.x).'
      : '',
    'Ships stop on entering an enemy-controlled area (6.3). Speed 7 and 8 always pass (6.4).',
    'Units that can move (speed) and where they can reach:',
    ...list,
    'Default if you send nothing: everything stays in port.',
  ]
    .filter(Boolean)
    .join('\n');
}

function substituteHelp(s: VitpState): string {
  const owed = substitutesOwed(s);
  return `SUBSTITUTE <British ship> FOR <listed ship>   withdraws that ship in place of a listed removal that was sunk (4.42), before anyone moves (5.1).
${owed
  .map(
    (u) =>
      `Owed for ${u.name}: choose from ${substituteCandidates(s, u)
        .map((c) => c.name)
        .join(', ')}.`,
  )
  .join('\n')}
Default: the first ship listed (not named for another).`;
}

function body(s: VitpState, side: VSide | null): string {
  const ph = s.phase;
  switch (ph.k) {
    case 'removals':
      return substituteHelp(s);
    case 'raid-force':
      return `RAID FORCE <ships>   puts turn-1 Yokosuka ships of speed 5+ in the Pearl Harbor raid (4.2).
Eligible: ${raidEligible(s)
        .map((u) => u.name)
        .join(', ')}.
Default: the historical raid (Akagi, Kaga, Soryu, Hiryu, Shokaku, Zuikaku, Hiei, Kirishima, Tone, Chikuma).`;
    case 'patrol': {
      const rep = side ? s.units.filter((u) => u.side === side && repairable(s, u)).map((u) => `${u.name} (${u.damage} damage)`) : [];
      return `${moveHelp(s, side, 'patrol', 'PATROL')}
RAIDERS <ships>   turns ships white side up in port: only these may raid in the raider step (5.21, 6.12); they may not patrol.
REPAIR <ship> <points>   repairs a ship in port; it may not move this turn (11.1). Repairable: ${rep.join(', ') || 'none'}.
BASE <unit> AT <major port>   moves a land or air unit back in play this turn to another friendly major port (4.4).${
        side && rebaseable(s, side).length
          ? ` Back this turn: ${rebaseable(s, side)
              .map((u) => u.name)
              .join(', ')}.`
          : ''
      }${side ? rebuildHelp(s, side) : ''}`;
    }
    case 'lba':
      return `${
        airInGroups(s)
          ? 'LBA <air unit> TO <sea area>, one line per unit: option air-in-groups places all your air in this one order, Japanese first (departs from 5.22, 12.11).\nLBA DONE (or no LBA line)   places none this turn.'
          : 'LBA <air unit> TO <sea area>   places ONE air unit (12.11); the sides alternate.\nLBA DONE   places no more this turn.'
      } Default: LBA DONE.
Air units: ${
        side
          ? placeableAir(s, side)
              .map((u) => u.name)
              .join(', ')
          : ''
      }.
Areas touching a port or base you control (12.13): ${side ? airAreas(s, side).join(', ') : ''}.`;
    case 'amph':
      return `${moveHelp(s, side, 'amph', 'MOVE')}\nAmphibious units move up to two areas, no speed roll (13.1).`;
    case 'raiders':
      return moveHelp(s, side, 'raid', 'RAID');
    case 'sub':
      return 'SUB <submarine> TO <sea area>   any area, whatever the distance (6.6).\nSTAY   keeps it in port. Default: STAY.';
    case 'pick-battle':
      return `BATTLE <sea area>   chooses where combat is fought next (5.31).\nChoices: ${combatAreas(s).join(', ')}. Default: the first listed.`;
    case 'pearl-stay':
      return 'STAY   the raid force stays for up to two more rounds (18.31, 18.36).\nWITHDRAW   it leaves now and cannot be pursued. Default: WITHDRAW.';
    case 'pearl-sortie':
      return `SORTIE <units> | SORTIE ALL | SORTIE NONE   ships and air units leave Pearl Harbor for the Hawaiian Islands (18.33).
Can sortie: ${
        sortieCandidates(s)
          .map((u) => u.name)
          .join(', ') || 'none'
      }.
RETREAT   everything at sea in the Hawaiian Islands leaves, unpursued (18.35); STAY to fight.
Default: SORTIE NONE, and RETREAT if the raid force is still there.`;
    case 'surprise':
      return `TARGET <attackers|ALL> AT <target>   one line per target (18.4); the Allies cannot fire back.
Attackers: ${surpriseAttackers(s)
        .map((u) => u.name)
        .join(', ')}.
Targets: ${surpriseTargets(s)
        .map((u) => u.name)
        .join(', ')}. Default: everything at the biggest ship.`;
    case 'invade':
      return `INVADE <amphibious units> AT <island base>   each invader is spent; see 13.4-13.43. LAND ... AT <friendly base> goes ashore.
${
  side
    ? invaders(s, side)
        .map((u) => `  ${u.name}: ${landingChoices(s, u).join(', ')}`)
        .join('\n')
    : ''
}
STAY   no invasions. Default: no invasions.`;
    case 'return':
    case 'harbour':
      return `${ph.k === 'harbour' ? 'Turned back this turn, these go to harbour now (10.2), where enemy air raids may find them (9.1-9.2):\n' : ''}RETURN <units> TO <port or base>   or   RETURN ALL TO <port>   (10.1-10.16, 17.x)
${
  side
    ? (ph.k === 'harbour' ? harbourChoices(s, side) : mustReturn(s, side))
        .map(
          (u) =>
            `  ${u.name}: ${destinationsFor(s, u).join(', ') || 'nowhere: removed (10.14)'}${defaultDestination(s, u) ? ` [default ${defaultDestination(s, u)}]` : ''}`,
        )
        .join('\n')
    : ''
}
Units you do not name go to the default shown.`;
    case 'battle':
      return battleHelp(s, side);
    case 'task-forces':
      return taskForceHelp(s, side, ph.area);
    case 'sighting':
      return 'Sighting rolls (20.4): no orders.';
    case 'over':
      return 'The game is over.';
  }
}

/** Optional rule 23.5: the REBUILD line of the patrol card, when the rule is in use. */
function rebuildHelp(s: VitpState, side: VSide): string {
  if (!rebuildingInUse(s)) return '';
  const units = rebuildable(s, side).map((u) => `${u.name} (${airstrikeLost(u)} lost${u.loc.at === 'eliminated' ? ', eliminated' : ''})`);
  return `
REBUILD <carrier or air unit> [<points>] [AT <port>]   rebuilds lost airstrike factors, one point each; no points = all it has lost (23.5).
  Up to ${rebuildCapacity(s, side)} this turn (your whole repair capacity, besides your repairs), in ${rebuildPorts(s, side).join(', ') || 'no port'}; the unit may not move this turn.
  An eliminated air unit comes back only this way: name the port (AT). Rebuildable: ${units.join(', ') || 'none'}. Also written REPAIR <carrier> AIR <points>.`;
}

function taskForceHelp(s: VitpState, side: VSide | null, area: string): string {
  const mine = side ? groupable(s, side, area).map((u) => u.name) : [];
  return `TASK FORCE <units> [ATTACK]   one line per task force (20.2); ATTACK if it will attack this round (20.3).
INVADING <amphibious units>   amphibious units that will invade after this round; only these may (20.3, 20.7).
Units you leave out form one more task force, not attacking. STAY: one task force of everything, attacking.
The enemy sees only your markers (J1, J2 / A1, A2 ...) until one is sighted (20.4): a force with air units
or invaders always is; an attacking one on 1-4; one with a patrolling ship on 1-3; any other on 1-2.
Your forces at sea in ${area}: ${mine.join(', ') || 'none'}.
Default if you send nothing: STAY.`;
}

const nameOf = (s: VitpState, id: string) => s.units.find((u) => u.id === id)?.name ?? id;

function battleHelp(s: VitpState, side: VSide | null): string {
  const d = currentDecision(s);
  if (!d) return '';
  const fallback = side ? defaultOrdersFor(s, side) : [];
  const def = fallback.length ? formatOrders(fallback).replace(/\n/g, '; ') : 'STAY';
  const card: Record<string, string> = {
    'day-night': 'DAY   or   NIGHT   (7.3; if you disagree, dice decide, +1 for wanting day and +1 for controlling the area)',
    'night-carriers': `CARRIERS FIRE <carriers> | CARRIERS NONE | CARRIERS ALL   (5.33, 7.424). Carriers: ${'carriers' in d ? d.carriers.map((c) => c.name).join(', ') : ''}`,
    'kamikaze-carriers': 'KAMIKAZE <carriers> | KAMIKAZE NONE   (19.22)',
    targets: `TARGET <attackers|ALL> AT <target>, one line per target; TARGETS DEFAULT for the umpire's choice (7.4)\n${d.kind === 'targets' ? d.attackers.map((a) => `  ${a.attacker.name} (${a.shots} ${a.factor} shots): ${a.legalTargets.map((id) => nameOf(s, id)).join(', ')}`).join('\n') : ''}`,
    submarine: `SUB ATTACK <target> | SUB WAIT   (7.91, 16.x)${d.kind === 'submarine' ? `\n  targets: ${d.targets.map((t) => t.name).join(', ')}` : ''}`,
    retreat: 'STAY | RETREAT (groups by speed) | RETREAT TOGETHER | RETREAT <units> / <units>   (8.1-8.23)',
    pursuit: `PURSUE <group> WITH <ships> | PURSUE ALL | AIRRAID <port> WITH <ships> | NO PURSUIT   (8.3, 9.1)${d.kind === 'pursuit' ? `\n  groups: ${d.groups.map((g) => `${g.id} (${g.units.map((u) => u.name).join(', ')}, speed ${g.speed})`).join('; ')}\n  ports: ${d.ports.map((p) => p.name).join(', ')}` : ''}`,
    landings: 'LAND <units> AT <base> | INVADE <units> AT <base> | NO LANDINGS   (7.93, 13.3)',
    split: 'SPLIT <units> / <units> | NO SPLIT   (8.52)',
    'continue-pursuit': 'FOLLOW <group> WITH <ships> | BREAK OFF <ships> | CONTINUE   (8.52-8.53)',
    'air-raids': `AIRRAID <port> WITH <ships> | NO AIRRAIDS   (9.2)${d.kind === 'air-raids' ? `\n  ports: ${d.ports.map((p) => p.name).join(', ')}; ships: ${d.ships.map((x) => x.name).join(', ')}` : ''}`,
  };
  return `${card[d.kind]}\nDefault if you send nothing: ${def}. STAY takes the default.
Standing instructions answer these for you, one per line after STANDING, e.g.
  STANDING NIGHT | DAY | ACTION BY STRENGTH
  STANDING TARGETS carriers, battleships, <ship names>
  STANDING RETREAT WHEN OUTGUNNED | RETREAT NEVER | RETREAT ALWAYS
  STANDING PURSUE ALL | PURSUE NONE | KEEP PURSUING | BREAK OFF
  STANDING SUBMARINE FIRST CHANCE | LAST CHANCE | NEVER
  STANDING CARRIERS FIRE ALL | NONE, NO LANDINGS, NO AIRRAIDS`;
}
