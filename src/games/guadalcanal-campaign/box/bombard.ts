/**
 * Coastal bombardment (8.4): the firepower weights, the four ships and the 10% damage bar are
 * printed (8.4C-E); what a bombardment destroys is not, and is rebuilt here with its reason.
 */
import { printed, rebuilt } from './source';

export const BOMBARD = {
  ships: printed(4, '8.4D'),
  damagedPercent: printed(10, '8.4C, 9.1C'),
  /** 8.4E: a BB main gun is 12 other main guns and 24 AA guns: weights 12, 1 and 0.5 */
  bbGun: printed(12, '8.4E'),
  aaGun: printed(0.5, '8.4E'),
  /** the share destroyed is firepower / (firepower + halfAt) */
  halfAt: rebuilt(
    200,
    'rebuilt: Kongo and Haruna (16 BB main guns, 192 + 8 AA = 200 firepower) destroyed about half of the 90 aircraft at Henderson on 13-14 October 1942 and most of its fuel; two heavy cruisers (about 25) a tenth the next night: firepower over firepower + 200 gives both',
  ),
};
