/**
 * A port or base changing hands in the middle of a battle (13.42 after an invasion by a landing
 * of 7.93): the step machine resolves the invasion, then tells the battle.
 */
import { clonePlain } from '../../../shared/clone';
import { combatEvent } from './events';
import type { CombatEmit } from './api';
import type { VitpSide } from './sides';
import type { BattleState } from './state';
import { otherSide } from './units';

/** 7.93: the invasions waiting for the step machine, one entry per base invaded. */
export function pendingInvasions(b: BattleState): { base: string; units: string[] }[] {
  if (b.stage.at !== 'invasions') return [];
  const byBase = new Map<string, string[]>();
  for (const l of b.stage.landed) byBase.set(l.base, [...(byBase.get(l.base) ?? []), l.unit]);
  return [...byBase.entries()].map(([base, units]) => ({ base, units }));
}

/** The step machine has resolved the pending invasions (13.4x): record the bases taken (12.24), then go on. */
export function invasionsResolved(
  battle: BattleState,
  taken: readonly { readonly port: string; readonly controller: VitpSide }[],
  emit: CombatEmit,
): BattleState {
  if (battle.stage.at !== 'invasions') throw new Error('vitp combat: no invasions are waiting in this battle');
  let b = battle;
  for (const t of taken) b = baseChangedHands(b, t.port, t.controller, emit);
  const stage = b.stage as Extract<BattleState['stage'], { at: 'invasions' }>;
  return { ...b, stage: { at: 'after-round', after: stage.after } };
}

/**
 * Records the new controller. 12.24/14.33: air units at sea of the side that lost it, with no
 * friendly port or base left touching the area, are disabled and go home at once. What happens
 * to the contents of the port itself (14.31-14.32) is the step machine's capture rule.
 */
export function baseChangedHands(battle: BattleState, portId: string, controller: VitpSide, emit: CombatEmit): BattleState {
  const b = clonePlain(battle);
  const port = b.ports.find((p) => p.id === portId);
  if (!port) throw new RangeError(`no port or base ${portId} touches ${b.seaArea.name}`);
  port.controller = controller;
  const loser = otherSide(controller);
  const groundedAir: string[] = [];
  if (!b.ports.some((p) => p.controller === loser)) {
    for (const u of b.units) {
      if (u.side !== loser || u.kind !== 'land-based-air' || u.port !== null || u.fate !== 'at-sea') continue;
      u.disabled = true;
      u.fate = 'returning';
      u.returnReason = 'disabled';
      u.engagement = null;
      groundedAir.push(u.id);
    }
  }
  emit(combatEvent('combat.base-changed-hands', { port: portId, controller, groundedAir, rule: '12.24' }));
  return b;
}
