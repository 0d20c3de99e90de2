import { z } from 'zod';
import { gameBox, provenanced } from '../../engine/box';

/** Fleet Duel's box: two fleets, two hidden submarines, a three-turn track. */
export const AREAS = ['north', 'center', 'south'] as const;
export type Area = (typeof AREAS)[number];

const area = z.enum(AREAS);
const fleet = z
  .object({
    ships: provenanced(z.number().int().min(1).max(9)),
    start: provenanced(area),
    sub: provenanced(area),
  })
  .strict();

export const fleetDuelBoxSchema = z
  .object({
    turns: provenanced(z.number().int().min(1).max(20)),
    fleets: z.object({ red: fleet, blue: fleet }).strict(),
  })
  .strict();

export type FleetDuelBox = z.infer<typeof fleetDuelBoxSchema>;

export const fleetDuelBox = gameBox(fleetDuelBoxSchema, {
  turns: { value: 3, source: { kind: 'rulebook', rule: '1.2' } },
  fleets: {
    red: {
      ships: { value: 3, source: { kind: 'rulebook', rule: '1.3' } },
      start: { value: 'north', source: { kind: 'rulebook', rule: '1.4' } },
      sub: {
        value: 'center',
        source: { kind: 'reference', ref: 'Fleet Duel errata 2', status: 'unverified' },
      },
    },
    blue: {
      ships: { value: 3, source: { kind: 'rulebook', rule: '1.3' } },
      start: { value: 'south', source: { kind: 'rulebook', rule: '1.4' } },
      sub: { value: 'center', source: { kind: 'reconstructed', reason: 'mirrors the red submarine' } },
    },
  },
});
