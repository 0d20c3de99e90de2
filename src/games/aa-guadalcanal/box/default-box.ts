/** The default A&A Guadalcanal box (every value with its provenance) and the plain data the rules use. */
import { withoutProvenance } from '../../../engine/box';
import { zones } from './map';
import { layout } from './map-layout';
import { guadalcanalBoxSchema, type GuadalcanalBox, type GuadalcanalBoxData } from './schema';
import { setup } from './setup';
import { advantages, battleBox, constants, supplyToken, units } from './units';

export const defaultBox: GuadalcanalBox = { units, supplyToken, battleBox, zones, advantages, constants, setup, layout };

/** The box without provenance, parsed through the schema first (a club's file is checked the same way). */
export function boxData(box: unknown = defaultBox): GuadalcanalBoxData {
  return withoutProvenance<GuadalcanalBoxData>(guadalcanalBoxSchema.parse(box));
}
