/**
 * What the rules require of a box, default or a club's: the schema first, then each constraint,
 * whose problems name the value at fault (its path in the box) and the rule that imposes it. A
 * club's transcription may change any reconstructed value; the rulebook's values stay as printed.
 */
import { validateBox } from '../../../engine/box';
import { type Board, buildBoard } from './board';
import { plainOf, type Problem } from './check-kit';
import { FORCE_CHECKS } from './checks-forces';
import { MAP_CHECKS } from './checks-map';
import { type CoralBox, coralBoxSchema } from './schema';

export { type Problem, southOptions } from './check-kit';

const CHECKS = [...MAP_CHECKS, ...FORCE_CHECKS];

export interface BoxCheck {
  /** Schema problems (`$.path: ...`); when any, the constraints were not run. */
  readonly schema: readonly string[];
  readonly problems: readonly Problem[];
  readonly checked: readonly { id: string; rule: string; text: string; severity: 'error' | 'warning'; problems: number }[];
}

/** Checks a box (the default, or a club's override) against the schema and every constraint. */
export function checkBox(data: unknown): BoxCheck {
  const schema = validateBox(coralBoxSchema, data);
  if (schema.length) return { schema, problems: [], checked: [] };
  const raw = data as CoralBox;
  const plain = plainOf(raw);
  let board: Board;
  try {
    board = buildBoard(plain.map);
  } catch (e) {
    return { schema: [], problems: [{ path: '$.map', rule: '3.1', message: (e as Error).message, severity: 'error' }], checked: [] };
  }
  const problems: Problem[] = [];
  const checked = CHECKS.map((c) => {
    const found = c.check(plain, board, raw).map((pr) => ({ ...pr, rule: c.rule, severity: c.severity ?? ('error' as const) }));
    problems.push(...found);
    return { id: c.id, rule: c.rule, text: c.text, severity: c.severity ?? ('error' as const), problems: found.length };
  });
  return { schema: [], problems, checked };
}
