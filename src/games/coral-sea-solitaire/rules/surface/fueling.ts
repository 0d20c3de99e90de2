/**
 * The US fueling group (34, optional): TF-6 carries the oilers. A USN TF in TF-6's hex refuels
 * without a logistics CP, and TF-6 never needs refuelling (34.1); TF-6 moves one hex a turn
 * (34.2, the core's movementAllowance); when every ship of TF-6 is gone its marker leaves play for
 * good (the core's freeMarkers never offers it again) and the IJN scores the box's 10 VP (34.3). "Eliminated" is read as every ship sunk or crippled (a crippled ship is out
 * of the game, brief 7.2 #8): the oilers no longer sail with the fleet either way.
 */
import type { CoralBox } from '../../box';
import type { CoralState } from '../../types';
import type { CoralFold } from './bases';
import { inPlay } from './forces';

/** The fueling group's marker (4.2: TF-6, DD-5 and, by 34, the oilers). */
export const FUELING_GROUP = 'TF-6';

/** TF-6 on the map with a ship in play, under option 34. */
export function fuelingGroupAfloat(s: CoralState): boolean {
  const tf = s.taskForces[FUELING_GROUP];
  return (
    s.options.fuelingGroup &&
    !s.fuelingGroupLost &&
    !!tf &&
    tf.side === 'usn' &&
    tf.hex !== null &&
    !tf.gone &&
    tf.ships.some((k) => s.ships[k] && inPlay(s.ships[k]))
  );
}

/** 34.1: the USN TF `tf` refuels (9a2) at no logistics CP: it is TF-6, or shares TF-6's hex. */
export function refuelsFree(s: CoralState, tf: string): boolean {
  if (!fuelingGroupAfloat(s)) return false;
  if (tf === FUELING_GROUP) return true;
  const hex = s.taskForces[tf]?.hex;
  return hex !== null && hex !== undefined && hex === s.taskForces[FUELING_GROUP].hex;
}

/**
 * 34.1, 34.3: after any hit, when TF-6 has ships and none is left in play, its marker is removed
 * for good and the IJN scores the box's `tf6-eliminated` VP. Once only.
 */
export function checkFuelingGroup(f: CoralFold, box: CoralBox): void {
  const s = f.s;
  const tf = s.taskForces[FUELING_GROUP];
  if (!s.options.fuelingGroup || s.fuelingGroupLost || !tf || !tf.ships.length) return;
  if (tf.ships.some((k) => s.ships[k] && inPlay(s.ships[k]))) return;
  f.emit({ type: 'coral.fueling.lost', data: { tf: FUELING_GROUP, rule: '34.1' } });
  const points = box.vp.ijnGains['tf6-eliminated']?.value ?? 0;
  if (points > 0) f.emit({ type: 'coral.vp', data: { side: 'ijn', points, reason: 'TF-6 (the fueling group) eliminated', rule: '34.3' } });
}
