/**
 * The island a scenario's fight ashore is about (7.3B, 8.6, 9.5A, 10.2B-C): Guadalcanal, except in
 * Coral Sea, where Port Moresby takes its part. There the Japanese transports put their companies
 * ashore at Port Moresby (10.2B), a Japanese strike on "TF 1" bombs the Port Moresby base (10.2C),
 * and the companies there are the ones 9.5A counts (`ashore` stands for Port Moresby's garrison).
 */
import type { PlaceData } from '../box/map';
import type { GcSide, GcState } from '../state';

type Where = Pick<GcState, 'scenario' | 'map'>;

const coralSea = (s: Pick<GcState, 'scenario'>) => s.scenario === 'coral-sea';

/** The name the island goes by in the rulebook's sentences. */
export const islandOf = (s: Pick<GcState, 'scenario'>) => (coralSea(s) ? 'Port Moresby' : 'Guadalcanal');

/**
 * 7.3B, 10.2C: the base a strike on TF 1 (Japanese) or TF 11 (American) hits: Henderson Field, or
 * Port Moresby in Coral Sea; the Cape Esperance supply base for the US.
 */
export function struckBase(s: Where, target: 1 | 11): PlaceData | undefined {
  const code = target === 11 ? 'X' : coralSea(s) ? 'M' : 'H';
  return s.map.places.find((p) => p.code === code);
}

/**
 * 8.6A, 10.2B: the square where `side`'s cargo goes ashore: the Henderson square; in Coral Sea the
 * Port Moresby square for the Japanese and none for the US (10.2B lets only Japanese transports land
 * there, and infantry on Guadalcanal scores nothing in that game).
 */
export function landingSquare(s: Where, side: GcSide): PlaceData | null {
  if (!coralSea(s)) return s.map.places.find((p) => p.code === 'H') ?? null;
  return side === 'japanese' ? (s.map.places.find((p) => p.code === 'M') ?? null) : null;
}
