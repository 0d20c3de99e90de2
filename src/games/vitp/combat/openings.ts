/**
 * What comes before the first round of the Pearl Harbor rounds (18.34-18.35); the 18.4 surprise
 * raids are an engagement of their own (machine.ts).
 */
import type { CombatEmit, VitpSide } from './api';
import { submarineTargets } from './after-round';
import { combatEvent } from './events';
import type { BattleState, Stage } from './state';
import { currentSpeed, fighting, unitById } from './units';

/**
 * 18.34: before the first round each submarine with a target may attack (a submarine that waits
 * keeps its 7.91 chances); 18.35: then the sides that chose to leave go, unpursued.
 */
export function openingStep(b: BattleState, emit: CombatEmit): Stage {
  const asked = (b.openingSubsAsked ??= []);
  const sub = b.submarines.find((s) => !s.attacked && !asked.includes(s.id) && submarineTargets(b, s).length > 0);
  if (sub) {
    asked.push(sub.id);
    return { at: 'submarine', sub: sub.id, final: false, after: null };
  }
  for (const side of b.openingRetreat ?? []) leaveUnpursued(b, emit, side);
  b.openingRetreat = [];
  return { at: 'round-start' };
}

function leaveUnpursued(b: BattleState, emit: CombatEmit, side: VitpSide): void {
  const leaving = fighting(b, 'main', side);
  if (leaving.length === 0) return;
  for (const u of leaving) {
    u.retreated = true;
    u.fate = 'returning';
    u.returnReason = 'retreat';
    u.engagement = null;
  }
  b.retreated.push(side);
  const air = leaving.filter((u) => u.kind === 'land-based-air').map((u) => u.id);
  const ships = leaving.filter((u) => u.kind !== 'land-based-air').map((u) => u.id);
  emit(
    combatEvent('combat.retreated', {
      side,
      groups:
        ships.length > 0
          ? [
              {
                id: 'unpursued',
                units: ships,
                speed: Math.min(...ships.map((id) => currentSpeed(unitById(b, id)))),
              },
            ]
          : [],
      airEscaped: air,
      rule: '18.35',
    }),
  );
}
