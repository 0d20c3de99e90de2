/**
 * The Recovery Segment (3C, 21.8-21.9, 29.7-29.8, 50.0 Logistics Chart): fatigued air in a major
 * base recovers free (29.8, A11); elsewhere a supply point in the hex makes up to 12 air points
 * ready, as many as the hex's supply allows (brief §5 default). NAC on carriers carry no fatigue
 * here yet (they recover free, 21.9); ground units carry none either (11.6 fatigue comes with
 * ground combat, not built).
 */
import type { SolSide } from '../state';
import type { SolFold } from './naval';

export function recoverySegment(f: SolFold, side: SolSide): void {
  const per = f.s.logData.logistics.recoveryPerSupply;
  const tired = f.s.forces[side].air.filter((a) => a.fatigued);
  for (const at of [...new Set(tired.map((a) => a.at))].sort()) {
    const points = tired.filter((a) => a.at === at).reduce((t, a) => t + a.points, 0);
    const free = f.s.bases[at]?.side === side;
    const supply = free ? 0 : Math.min(f.s.forces[side].supply[at] ?? 0, Math.ceil(points / per));
    const ready = free ? points : Math.min(points, supply * per);
    if (ready > 0) f.emit({ type: 'sol.recovered', data: { side, at, points: ready, supply }, visibleTo: [side] });
  }
  // 21.9: carrier NAC recover by themselves; 22.1: what flew this turn may fly anything next turn
  f.emit({ type: 'sol.air-rested', data: { side }, visibleTo: [side] });
}
