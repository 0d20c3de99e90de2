/**
 * What the computer Japanese (11.0) reads from its view, shared by its sea (computer.ts) and air
 * (computer-air.ts) orders: where Henderson is, and whether American carriers have been reported (14.0).
 */
import type { Square } from '../box/range';
import type { GcView } from '../view';

type Known = GcView['known'];

const CARRIERS = ['CV', 'CVL'];

export const hendersonOf = (k: Known): Square => k.places.find((p) => p.code === 'H')!;
export const americanCarriersReported = (k: Known) => k.sighted.some((x) => x.reported.some((t) => CARRIERS.includes(t)));
