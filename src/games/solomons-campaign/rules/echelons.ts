/**
 * Ground echelons (27.2, 27.5, 27.8, 50.0 reorganization charts): battalions in a unit, and a unit
 * broken down one level (a regiment into 3 battalions, a brigade into 4, a division into 3
 * regiments). The pieces take the unit's id with /1, /2 ... (2.19: ids are for game purposes).
 */
import type { GroundData } from '../box/deployment';
import type { SolSide, SolState } from '../state';

export const battalionsOf = (s: Pick<SolState, 'opsData'>, g: Pick<GroundData, 'size'>): number => s.opsData.groundSizes[g.size] ?? 1;

/** 27.5, 29.5 (2)-(3), 19.6: one level down; a battalion stays as it is. */
export function breakDownOnce(s: Pick<SolState, 'opsData'>, g: GroundData): GroundData[] {
  if (g.size === 'battalion') return [g];
  const size = g.size === 'division' ? 'regiment' : 'battalion';
  const n = battalionsOf(s, g) / battalionsOf(s, { size });
  return Array.from({ length: n }, (_, i) => ({ id: `${g.id}/${i + 1}`, service: g.service, type: g.type, size }));
}

/** Battalions first, then by size, then by id: the order supply covers units in (brief §5 default). */
export const smallFirst = (s: Pick<SolState, 'opsData'>) => (a: GroundData, b: GroundData) =>
  battalionsOf(s, a) - battalionsOf(s, b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Combat strength of a unit (28.5: engineers defend only). */
export function strengthOf(s: Pick<SolState, 'opsData' | 'groundData'>, side: SolSide, g: GroundData, attacking: boolean): number {
  const st = s.groundData.strength;
  const n = battalionsOf(s, g);
  if (g.type === 'engineer') return attacking ? 0 : st.engineerDefence * n;
  const per =
    g.type === 'airborne'
      ? st.airbornePerBattalion
      : g.service === 'navy'
        ? side === 'us'
          ? st.marinePerBattalion
          : st.snlfPerBattalion
        : st.infantryPerBattalion;
  return per * n;
}
