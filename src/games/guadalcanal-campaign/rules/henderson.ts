/**
 * Who holds Henderson Field (9.5C). Its capture is land combat's (6.0, 9.5C), built by another part
 * of the work: until then the Americans hold it all game, and that part changes this body alone.
 */
import type { GcSide, GcState } from '../state';

export function hendersonHolder(_s: GcState): GcSide {
  return 'american';
}
