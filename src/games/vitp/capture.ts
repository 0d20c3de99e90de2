/** Capture of ports and bases (5.72, 14.1–14.4). */
import type { Tx } from './events';
import type { VitpState, VSide } from './types';
import { other } from './types';
import { submarineHome } from './submarines';
import { placesTouching } from './world';

/** 14.1 / 14.2: every touching sea area enemy-controlled at the end of this turn and the last. */
export function surrounded(s: VitpState, placeName: string): boolean {
  const p = s.map.places.find((x) => x.name === placeName)!;
  const holder = s.control[placeName];
  if (!holder) return false;
  return p.touches.every((area) => {
    const h = s.controlHistory[area] ?? [];
    return h.length >= 2 && h[h.length - 1] === other(holder) && h[h.length - 2] === other(holder);
  });
}

/** 5.72: convert every surrounded port and base, then its effects (14.3). */
export function captureSurrounded(tx: Tx): void {
  for (const p of tx.s.map.places) {
    if (surrounded(tx.s, p.name))
      changeHands(tx, p.name, other(tx.s.control[p.name]!), '14.1', 'surrounded by enemy-controlled sea areas for two turns');
  }
}

/** A port or base changes hands (14.1, 13.42) with the effects of 14.31–14.33. */
export function changeHands(tx: Tx, placeName: string, to: VSide, rule: string, why: string): void {
  tx.emit('vitp.control', { place: placeName, side: to, rule, why });
  // 14.31 with 10.1: a ship leaving a captured place is in none of its sea areas in particular,
  // so it may use an island base touching any of them (or any major port).
  const touches = tx.s.map.places.find((x) => x.name === placeName)!.touches;
  const area = touches[0];
  for (const u of tx.s.units) {
    if (u.side === to || u.loc.at !== 'port' || u.loc.place !== placeName) continue;
    if (u.kind === 'sub') {
      submarineHome(tx, u, `leaves ${placeName} as it falls`, '14.31');
    } else if (u.kind === 'amph') {
      tx.unit(u.id, { loc: { at: 'eliminated', returns: tx.s.turn + 2 } }, `is eliminated as ${placeName} falls`, '14.32');
    } else {
      tx.unit(u.id, { loc: { at: 'transit', area, areas: [...touches] } }, `must leave ${placeName} for another friendly port`, '14.31');
    }
  }
  // 14.33: air units over an area whose last friendly port or base this was.
  for (const u of tx.s.units) {
    if (u.side === to || u.kind !== 'lba' || u.loc.at !== 'sea') continue;
    const a = u.loc.area;
    if (!placesTouching(tx.s, a).some((pl) => tx.s.control[pl.name] === u.side)) {
      tx.unit(u.id, { loc: { at: 'transit', area: a } }, `is disabled: ${placeName} was its last base on ${a}`, '14.33');
    }
  }
}
