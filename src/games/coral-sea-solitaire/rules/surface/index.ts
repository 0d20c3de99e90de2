/**
 * The surface area of Coral Sea's rules (issue 26): surface combat (5b, 16, 26.2, 28.5), screening
 * (33), bombardment (6, 17), bases (23), the fueling group (34); its events, how they fold, and the
 * handlers of its step-table rows (../../handlers.ts): `surface`, `screen`, `bombard-usn`,
 * `bombard-ijn`. Naval transport (18) is nothing beyond amphibious landings (20, the movement area):
 * 18.1 says ground units are embarked on transports and never appear as such. The fueling group
 * (34) is the core's (refuelling free beside TF-6 in logistics, its one-hex allowance, its 10 VP
 * and lost marker in the sweep); Port Moresby's capture (23.6) is the landings'.
 *
 * The flow: `t<turn>/surface` resolves every combat hex in order (or `t<turn>/surface/<hex>` one
 * hex); when the USN may screen (option 33) the phase stops, puts `screen/<hex>` at the front of the
 * core's queue (insertSteps) and `surfaceAwaits` names it; that decision's handler resolves the
 * battle and goes on with the remaining hexes. `t<turn>/bombard-usn` owes the USN's BOMBARD or NO
 * BOMBARD when `bombardTargets(s, box, 'usn')` is not empty; `t<turn>/bombard-ijn` owes nothing.
 */
import type { Dice } from '../../../../engine/ruleset';
import { Fold } from '../../../kit';
import { type CoralEvent, evolve } from '../../events';
import type { RowHandlers } from '../../handlers';
import type { CoralBox } from '../../box';
import type { CoralOrder, CoralState, ShipKey } from '../../types';
import { insertSteps } from '../core';
import type { CoralFold } from './bases';
import { bombard, bombardTargets, usnBombardProblems } from './bombard';
import { evolveSurface as evolveSurfaceEvents } from './events';
import { finishSurfaceCombat, startSurfaceCombat } from './combat';
import { bookOf, fights, shipsIn, surfaceCombatHexes } from './forces';
import { maxUsnScreen, usnScreenProblems, usnShipNamed } from './screening';

export type { ForceLosses, SurfaceEvent } from './events';
export * from './bases';
export { bombard, bombardTargets, type BombardTarget, usnBombardProblems } from './bombard';
export { finishSurfaceCombat, type SurfaceChitUse, startSurfaceCombat, usnSpendsChit } from './combat';
export { columnFor, navalLosses, oddsColumn, type OddsColumn, rollShipAttack, type ShipAttack, shipEffect } from './crt';
export { attackOf, bombardOf, defenseOf, inPlay, surfaceCombatHexes } from './forces';
export {
  type IjnScreenFacts,
  ijnScreen,
  ijnScreenChoice,
  maxUsnScreen,
  screenSituation,
  usnMayScreen,
  usnScreenProblems,
} from './screening';
export { narrateSurface } from './narrate';

/**
 * Folds one of this area's events; undefined when the event is not this area's. A function
 * declaration here, not a re-export: ../../events reads it while this module may still be loading
 * (the two import each other), and only a hoisted function is there already.
 */
export function evolveSurface(s: CoralState, e: { readonly type: string; readonly data: unknown }): CoralState | undefined {
  return evolveSurfaceEvents(s, e);
}

/** The hex after the row in a step id (`t5/surface/1808` → `1808`), or null. */
const suffixOf = (stepId: string): string | null => stepId.split('/').slice(2).join('/') || null;

/** A USN decision the surface phase waits for: the SCREEN of a pending battle (33.1), or null. */
export function surfaceAwaits(s: CoralState): { readonly row: 'screen'; readonly hex: string } | null {
  const pending = bookOf(s).pending;
  return pending ? { row: 'screen', hex: pending.hex } : null;
}

/** 5b: every battle still to fight this phase (or the one hex), in hex order, until one waits on the USN. */
export function runSurfacePhase(f: CoralFold, dice: Dice, box: CoralBox, only: string | null = null): void {
  for (const hex of only ? [only] : surfaceCombatHexes(f.s)) {
    startSurfaceCombat(f, dice, box, hex);
    const pending = bookOf(f.s).pending;
    if (pending) return insertSteps(f, [`screen/${pending.hex}`], '33.1');
  }
}

/** The ship names of the USN's SCREEN orders at a step. */
const screenNames = (orders: readonly CoralOrder[]): string[] => orders.flatMap((o) => (o.kind === 'screen' ? [...o.ships] : []));

/** The USN ships a SCREEN names in the pending battle, or every ship SCREEN MAX may hold out (maxUsnScreen). */
function usnScreened(s: CoralState, orders: readonly CoralOrder[]): ShipKey[] {
  const pending = bookOf(s).pending;
  if (!pending) return [];
  if (orders.some((o) => o.kind === 'screen-max')) return maxUsnScreen(s, s.box, pending.hex, pending.attacker, pending.ijnScreened);
  const usn = shipsIn(s, pending.hex, 'usn', fights);
  return [...new Set(screenNames(orders).map((n) => usnShipNamed(s, n, usn)))].filter((k): k is ShipKey => k !== null);
}

/**
 * What is wrong with the USN's orders at a step of this area (empty when nothing), for the core's
 * validateOrders: SCREEN (33.1) and BOMBARD (17.1, 17.4); other rows take no orders of this area.
 */
export function validateSurfaceOrders(s: CoralState, rowId: string, orders: readonly CoralOrder[]): string[] {
  const box = s.box;
  if (rowId === 'screen') {
    const pending = bookOf(s).pending;
    if (!pending) return ['no surface battle is waiting for a SCREEN decision (33.1)'];
    if (orders.some((o) => o.kind === 'screen-max')) return [];
    return usnScreenProblems(s, box, pending.hex, pending.attacker, pending.ijnScreened, screenNames(orders));
  }
  if (rowId === 'bombard-usn') return usnBombardProblems(s, box, orders);
  return [];
}

const foldOf = (s: CoralState, emit: (e: CoralEvent) => void): CoralFold => new Fold<CoralState, CoralEvent>(s, evolve, emit);

const refuse = (problems: readonly string[]): never => {
  throw new Error(`coral-sea-solitaire: ${problems.join('; ')}`);
};

export const surfaceHandlers: RowHandlers = {
  /** 5b, 16. */
  surface: (s, step, _orders, ctx) => {
    const f = foldOf(s, (e) => ctx.emit(e));
    runSurfacePhase(f, ctx.dice, s.box, suffixOf(step.id));
    return f.s;
  },
  /** 33.1: the USN's screening of the pending battle (SCREEN, SCREEN MAX; none by default), the battle, then the phase's other battles. */
  screen: (s, step, orders, ctx) => {
    const box = s.box;
    const problems = validateSurfaceOrders(s, 'screen', orders.usn ?? []);
    if (problems.length) refuse(problems);
    const pending = bookOf(s).pending;
    if (!pending) return refuse(['no surface battle is waiting for a SCREEN decision (33.1)']);
    const at = suffixOf(step.id);
    if (at && at !== pending.hex) refuse([`step ${step.id} is for ${at}, and the battle waiting is in ${pending.hex}`]);
    const f = foldOf(s, (e) => ctx.emit(e));
    const ships = usnScreened(s, orders.usn ?? []);
    if (ships.length) f.emit({ type: 'coral.surface.screened', data: { hex: pending.hex, side: 'usn', ships, picks: [], rule: '33.1' } });
    finishSurfaceCombat(f, ctx.dice, box, ships);
    runSurfacePhase(f, ctx.dice, box);
    return f.s;
  },
  /** 6a, 17.4: the bases the USN's BOMBARD orders name; NO BOMBARD or no order: none. */
  'bombard-usn': (s, _step, orders, ctx) => {
    const box = s.box;
    const mine = orders.usn ?? [];
    const problems = usnBombardProblems(s, box, mine);
    if (problems.length) refuse(problems);
    const f = foldOf(s, (e) => ctx.emit(e));
    for (const o of mine) if (o.kind === 'bombard') bombard(f, ctx.dice, box, 'usn', o.base);
    return f.s;
  },
  /** 6b, 17.5: the IJN bombards every USN base where it has a TF. */
  'bombard-ijn': (s, _step, _orders, ctx) => {
    const box = s.box;
    const f = foldOf(s, (e) => ctx.emit(e));
    for (const t of bombardTargets(s, box, 'ijn')) {
      f.emit({ type: 'IjnDecided', data: { what: `bombards ${t.base} with ${t.taskForces.join(', ')} (17.5: it must)` } });
      bombard(f, ctx.dice, box, 'ijn', t.base);
    }
    return f.s;
  },
};
