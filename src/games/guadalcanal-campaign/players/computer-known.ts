/**
 * What the computer Japanese (11.0) reads from its view, shared by its sea (computer.ts) and air
 * (computer-air.ts) orders: where its objective is, and whether American carriers have been reported (14.0).
 */
import type { Square } from '../box/range';
import type { GcView } from '../view';

type Known = GcView['known'];

const CARRIERS = ['CV', 'CVL'];

/** The Japanese objective: Henderson Field, or Port Moresby in Coral Sea (its landing and its TF 1, 10.2B-C). */
export const objectiveOf = (k: Known): Square => k.places.find((p) => p.code === (k.scenario === 'coral-sea' ? 'M' : 'H'))!;
export const americanCarriersReported = (k: Known) => k.sighted.some((x) => x.reported.some((t) => CARRIERS.includes(t)));
