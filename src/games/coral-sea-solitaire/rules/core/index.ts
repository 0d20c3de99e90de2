/**
 * The core area of Coral Sea's rules (issue 26): its events, how they fold into the state, and the
 * handlers of the step-table rows it owns (see ../../handlers.ts for who owns which row).
 */
import type { RowHandlers } from '../../handlers';
import type { CoralState } from '../../types';

/** The core area's own events (the shared ones are in ../common.ts). */
export type CoreEvent = never;

/** Folds one of this area's events; undefined when the event is not this area's. */
export function evolveCore(_s: CoralState, _e: { readonly type: string; readonly data: unknown }): CoralState | undefined {
  return undefined;
}

export const coreHandlers: RowHandlers = {};
