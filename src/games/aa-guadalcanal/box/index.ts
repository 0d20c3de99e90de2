/**
 * The A&A Guadalcanal game box: schema and types (./schema.ts), the default data with provenance
 * (./default-box.ts), board distances (./graph.ts), and the constraint checks a box must pass
 * (./constraints.ts; `guadalcanalBox` is what the ruleset's `box` field takes).
 */
export * from './schema';
export { boxData, defaultBox } from './default-box';
export { adjacent, distance, distances, neighbours } from './graph';
export { boxProblems, checkBox, constraints, guadalcanalBox, type BoxCheck } from './constraints';
export type { Constraint, ConstraintResult, Problem } from './constraint';
export { boardPicture, MAP_NOTE, MAP_SIDES, type PicturePiece, piecesPicture, setupPicture } from './map-picture';
