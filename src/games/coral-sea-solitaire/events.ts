/**
 * Every Coral Sea rules event and the one evolve that folds them: the shared vocabulary
 * (rules/common.ts) and each area's own (rules/<area>/index.ts). An event no area folds is a bug,
 * stopped loudly.
 */
import { type CommonEvent, evolveCommon } from './rules/common';
import { type AirEvent, evolveAir } from './rules/air';
import { type CoreEvent, evolveCore } from './rules/core';
import { evolveMovement, type MovementEvent } from './rules/movement';
import { evolveSurface, type SurfaceEvent } from './rules/surface';
import type { CoralState } from './types';

export type CoralEvent = CommonEvent | CoreEvent | MovementEvent | AirEvent | SurfaceEvent;

const AREAS = [evolveCommon, evolveCore, evolveMovement, evolveAir, evolveSurface];

export function evolve(s: CoralState, e: { readonly type: string; readonly data: unknown }): CoralState {
  for (const area of AREAS) {
    const next = area(s, e);
    if (next !== undefined) return next;
  }
  throw new Error(`coral-sea-solitaire: no rule folds event ${e.type}`);
}
