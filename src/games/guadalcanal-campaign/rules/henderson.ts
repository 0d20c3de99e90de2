/**
 * Who holds Henderson Field (9.5C): the Americans, until a Japanese land attack takes it
 * (rules/land.ts, which ends the game at once).
 */
import type { GcSide, GcState } from '../state';

export function hendersonHolder(s: GcState): GcSide {
  return s.henderson ?? 'american';
}
