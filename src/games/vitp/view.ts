/**
 * Fog of war (4 in the brief). VITP is an open game: both fleets' positions and both charts are
 * public, combat is fought in the open, and sealed orders are the engine's business (never in the
 * state). What the opponent must not see: nothing is kept in this state before it is resolved.
 * Rule 20's unsighted task forces would be the one hidden thing; it is not implemented (throws).
 */
import type { Side } from '../../engine/ruleset';
import { nextDecision } from './combat/api';
import { pocStanding } from './control';
import type { VitpState } from './types';
import { describeLoc } from './world';

export function viewFor(s: VitpState, _side: Side | 'referee') {
  const d = s.battle ? nextDecision(s.battle.battle) : null;
  return {
    turn: s.turn,
    lastTurn: s.lastTurn,
    phase: s.phase.k,
    poc: s.poc,
    standing: pocStanding(s.poc),
    control: s.control,
    units: s.units.map((u) => ({ name: u.name, side: u.side, type: u.type, nation: u.nation, damage: u.damage, where: describeLoc(u.loc) + (u.raider && u.loc.at === 'port' ? ', white side up (to raid)' : ''),
        factors: `${u.gunnery}${u.gunneryBonus ? '*' : ''}-${u.armor}-${u.speed}${u.airstrike ? ` air ${u.airstrike}${u.airstrikeBonus ? '*' : ''}` : ''}` })),
    battle: s.battle ? { area: s.battle.area, waitingFor: d ? { decision: d.title, rule: d.rule, owes: d.owes } : null } : null,
  };
}
