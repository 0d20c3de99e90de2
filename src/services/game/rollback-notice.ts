import type { RolledBackPayload } from '../../engine/voids';

/** The line every side reads about a rollback (in the notice, in `report` and in later narratives). */
export function rollbackLine(e: { readonly seq: number; readonly payload: RolledBackPayload }): string {
  const p = e.payload;
  const undone = p.undone.length ? p.undone.join(', ') : p.stepId;
  return (
    `Referee's ruling (event ${e.seq}): rolled back to ${p.stepId} (turn ${p.turn}); undone: ${undone}; ` +
    `events ${p.firstVoidedSeq}-${e.seq - 1} are void but stay in the log. ` +
    (p.orders === 'kept'
      ? 'Orders already in for that step stand (send new ones to replace them). '
      : 'Orders for that step are void: every side it asks orders again. ') +
    `Reason: ${p.reason}`
  );
}
