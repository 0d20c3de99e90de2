/** The rules events of the game and how each folds into the state (evolve). */
import { evolveAssault, isAssaultEvent } from './assault';
import type { RulesEvent } from '../../../engine/ruleset';
import type { CpAllocation, Phase, SolSide, SolState, TaskForce } from '../state';
import { evolveGround, isGroundEvent } from './ground-events';
import { evolveCombat, isCombatEvent } from './combat-events';
import { evolveLog, isLogEvent } from './log-events';
import { evolveReorg, isReorgEvent } from './reorganize';
import { evolveForces, isForcesEvent } from './forces-events';
import { evolveOps, isOpsEvent } from './ops-events';
import { evolveRandomEvent, isRandomEventEvent } from './random-event-events';
import { evolvePass, isPassEvent } from './pass';
import { evolveSubAttack, isSubAttackEvent } from './sub-attack';
import { evolveSub, isSubEvent } from './submarine';
import { evolveAir, isAirEvent } from './air-events';
import { evolveAirMove, isAirMoveEvent } from './air-move-events';
import { evolveAssign, isAssignEvent } from './air-assign-events';
import { evolveEndurance, isEnduranceEvent } from './endurance-events';
import { evolveCrippled, isCrippledEvent } from './crippled';
import { evolveRecon, isReconEvent } from './recon-events';
import { evolveTraining, isTrainingEvent } from './carrier-training';

export type SolEvent =
  | RulesEvent<'sol.cp-allocated', { side: SolSide; alloc: CpAllocation; byDefault: boolean }>
  | RulesEvent<'sol.supply-bought', { side: SolSide; at: string; points: number }>
  | RulesEvent<'sol.tf-formed', { side: SolSide; tf: number; at: string; ships: readonly string[]; kind: TaskForce['kind']; cost: number }>
  | RulesEvent<'sol.tf-markers', { side: SolSide; markers: readonly { tf: number; at: string }[] }>
  | RulesEvent<'sol.initiative', { first: SolSide; why: 'airfield' | 'dice'; rolls: readonly { japanese: number; us: number }[] }>
  | RulesEvent<'sol.phase', { phase: Phase; x?: number; phasing?: SolSide | null }>;

export function evolveSol(s: SolState, event: RulesEvent): SolState {
  const e = event as SolEvent;
  switch (e.type) {
    case 'sol.cp-allocated':
      return { ...s, cp: { ...s.cp, [e.data.side]: e.data.alloc } };
    case 'sol.supply-bought': {
      const d = e.data;
      const f = s.forces[d.side];
      const cp = s.cp[d.side]!;
      const spent = Math.ceil(d.points / s.cpMissions.supplyPerLogisticsCp);
      return {
        ...s,
        cp: { ...s.cp, [d.side]: { ...cp, log: cp.log - spent } },
        forces: { ...s.forces, [d.side]: { ...f, supply: { ...f.supply, [d.at]: (f.supply[d.at] ?? 0) + d.points } } },
      };
    }
    case 'sol.tf-formed': {
      const d = e.data;
      const f = s.forces[d.side];
      const cp = s.cp[d.side]!;
      const ships = { ...f.ships };
      for (const id of d.ships) ships[id] = { ...ships[id], tf: d.tf };
      const tf: TaskForce = { id: d.tf, at: d.at, ships: d.ships, kind: d.kind };
      return {
        ...s,
        cp: { ...s.cp, [d.side]: { ...cp, ops: cp.ops - d.cost } },
        forces: { ...s.forces, [d.side]: { ...f, ships, taskForces: { ...f.taskForces, [d.tf]: tf } } },
      };
    }
    case 'sol.tf-markers':
      return s;
    case 'sol.initiative':
      return { ...s, first: e.data.first };
    case 'sol.phase':
      return { ...s, phase: e.data.phase, x: e.data.x ?? s.x, phasing: e.data.phasing === undefined ? s.phasing : e.data.phasing };
    default:
      if (isOpsEvent(event)) return evolveOps(s, event);
      if (isLogEvent(event)) return evolveLog(s, event);
      if (isGroundEvent(event)) return evolveGround(s, event);
      if (isReorgEvent(event)) return evolveReorg(s, event);
      if (isCombatEvent(event)) return evolveCombat(s, event);
      if (isRandomEventEvent(event)) return evolveRandomEvent(s, event);
      if (isAssaultEvent(event)) return evolveAssault(s, event);
      if (isForcesEvent(event)) return evolveForces(s, event);
      if (isSubEvent(event)) return evolveSub(s, event);
      if (isSubAttackEvent(event)) return evolveSubAttack(s, event);
      if (isPassEvent(event)) return evolvePass(s, event);
      // 6.6: the result is the US's alone; the CP it cost is within the allocation at t{n}/cp/us
      if (event.type === 'sol.special-intel') return s;
      if (isAirEvent(event)) return evolveAir(s, event);
      if (isAirMoveEvent(event)) return evolveAirMove(s, event);
      if (isAssignEvent(event)) return evolveAssign(s, event);
      if (isEnduranceEvent(event)) return evolveEndurance(s, event);
      if (isCrippledEvent(event)) return evolveCrippled(s, event);
      if (isReconEvent(event)) return evolveRecon(s, event);
      if (isTrainingEvent(event)) return evolveTraining(s, event);
      throw new Error(`Solomons Campaign: unknown rules event ${event.type}`);
  }
}
