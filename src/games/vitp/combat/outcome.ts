/**
 * The battle's result as the step machine needs it: every unit's fate and the flags it carries
 * into the rest of the turn.
 */
import type { BattleOutcome, UnitOutcome } from './api';
import { VITP_SIDES } from './sides';
import type { BattleState, UnitState } from './state';

function unitOutcome(u: UnitState): UnitOutcome {
  return {
    id: u.id,
    name: u.name,
    side: u.side,
    kind: u.kind,
    damage: u.damage,
    fate: u.fate,
    ...(u.returnReason ? { returnReason: u.returnReason } : {}),
    retreated: u.retreated,
    disabled: u.disabled,
    barredFromPursuit: u.barredFromPursuit,
    raidedThisTurn: u.raidedThisTurn,
    ...(u.landedAt ? { landedAt: { ...u.landedAt } } : {}),
    ...(u.port !== null ? { port: u.port } : {}),
    ...(u.airstrikeDamage !== undefined && u.kind === 'ship' ? { airstrikeDamage: u.airstrikeDamage } : {}),
  };
}

/** Works at any stage (the battle-ended event uses it); once over it is final. */
export function outcomeOf(b: BattleState): BattleOutcome {
  return {
    seaArea: b.seaArea.id,
    units: b.units.map(unitOutcome),
    submarines: b.submarines.map((s) => ({ id: s.id, name: s.name, side: s.side, attacked: s.attacked })),
    retreated: [...b.retreated],
    remainingAtSea: VITP_SIDES.filter((s) => b.units.some((u) => u.side === s && u.port === null && u.fate === 'at-sea')),
  };
}
