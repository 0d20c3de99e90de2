/**
 * The A&A Guadalcanal game box: the default data (every value with its provenance), its schema,
 * and the plain data the rules compute with. Constraint checks: ./constraints.ts.
 */
import { withoutProvenance } from '../../../engine/box';
import { zones } from './map';
import { guadalcanalBoxSchema, type GuadalcanalBox, type GuadalcanalBoxData } from './schema';
import { setup } from './setup';
import { advantages, battleBox, constants, supplyToken, units } from './units';

export * from './schema';

export const defaultBox: GuadalcanalBox = { units, supplyToken, battleBox, zones, advantages, constants, setup };

/** The box without provenance, parsed through the schema first (a club's file is checked the same way). */
export function boxData(box: unknown = defaultBox): GuadalcanalBoxData {
  return withoutProvenance<GuadalcanalBoxData>(guadalcanalBoxSchema.parse(box));
}
