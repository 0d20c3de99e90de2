/** Coral Sea Solitaire's box: schema, default data, the board built from it, and its checks. */
import { countProvenance, gameBox, withoutProvenance } from '../../../engine/box';
import { buildBoard, type PlainMap } from './board';
import { checkBox } from './constraints';
import { defaultBox } from './default-box';
import { type CoralBox, coralBoxSchema } from './schema';

export { type Board, buildBoard } from './board';
export { checkBox, type Problem, southOptions } from './constraints';
export { defaultBox } from './default-box';
export * from './schema';

/** `ruleset.box`: the schema's problems and then every constraint's errors, each naming the value and the rule. */
export const coralBox = {
  ...gameBox(coralBoxSchema, defaultBox),
  validate(data: unknown): readonly string[] {
    const { schema, problems } = checkBox(data);
    return [...schema, ...problems.filter((p) => p.severity === 'error').map((p) => `${p.path}: ${p.message} (rule ${p.rule})`)];
  },
  details(data: unknown): readonly string[] {
    const counts = countProvenance(data);
    const { schema, problems, checked } = checkBox(data);
    return [
      `provenance: ${counts.rulebook} rulebook, ${counts.reference} reference, ${counts.reconstructed} reconstructed of ${counts.total}`,
      ...schema,
      ...checked.map((c) => `${c.problems ? (c.severity === 'error' ? 'FAIL' : 'WARN') : 'ok  '} ${c.id} (${c.rule}): ${c.text}`),
      ...problems.map((p) => `  ${p.severity}: ${p.path}: ${p.message} (rule ${p.rule})`),
    ];
  },
};

/** The board of a box (default: the default box). */
export const boardOf = (box: CoralBox = defaultBox) => buildBoard(withoutProvenance<{ map: PlainMap }>(box).map);
