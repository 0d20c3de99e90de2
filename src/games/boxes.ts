import { guadalcanalBox } from './aa-guadalcanal/box';
import { boxData } from './aa-guadalcanal/box/default-box';
import { setupPicture } from './aa-guadalcanal/box/map-picture';
import { boxCheckDetails } from './aa-guadalcanal/box/report';

/**
 * Game boxes `umpire box check` can read without the game's ruleset (a ruleset still being built
 * registers its box here first), and the extra report lines a box gives: provenance by part,
 * constraint results, an override's changes. A ruleset in src/games/index.ts without an entry here
 * is checked through `ruleset.box`.
 */
export interface BoxCheckEntry {
  readonly defaultData: unknown;
  validate(data: unknown): readonly string[];
  /** lines printed after the counts; `against` is the default box when `data` is an override */
  details?(data: unknown, against?: unknown): readonly string[];
  /** the starting position as a map picture (src/mail/map-svg.ts draws it); throws on a box the schema refuses */
  picture?(data: unknown): ReturnType<typeof setupPicture>;
}

export const boxes: Readonly<Record<string, BoxCheckEntry>> = {
  'aa-guadalcanal': { ...guadalcanalBox, details: boxCheckDetails, picture: (data) => setupPicture(boxData(data)) },
};
