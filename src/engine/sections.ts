import { sha256Hex } from '../shared/canonical';
import type { LineError } from './ruleset';

/**
 * A player's message split by what each line is for: standing instructions (`STANDING …`), the
 * orders for each step (`FOR <stepId>` or `STEP <stepId>` starts a step's section; lines before any
 * are for the default step). Each part keeps the player's line numbers: the other lines are blanked,
 * never removed, so an error on line 7 of a part is on line 7 of the message.
 */

export const STANDING_LINE = /^\s*STANDING\b/i;
const SECTION_LINE = /^\s*(FOR|STEP)\b(.*)$/i;
/** owner of a STANDING line (no step id contains a NUL) */
const STANDING = '\u0000standing';

export interface StepSection {
  readonly stepId: string;
  /** the whole message with every line not for this step blanked */
  readonly text: string;
  /** 1-based line of the first FOR naming this step; null for the lines before any FOR */
  readonly headerLine: number | null;
}

export interface SplitMessage {
  /** the STANDING lines, the rest blanked; '' when there are none */
  readonly standing: string;
  /** one per step named, in order of first appearance; sections naming the same step merge */
  readonly sections: readonly StepSection[];
  /** malformed FOR lines and FOR lines with no orders after them */
  readonly errors: readonly LineError[];
}

/**
 * `canonical` maps a step id as written to the id it means (case, say), so that `FOR T2/ORDERS`
 * and `FOR t2/orders` name the same step.
 */
export function splitMessage(text: string, defaultStepId: string, canonical: (written: string) => string = (id) => id): SplitMessage {
  const lines = text.split(/\r?\n/);
  const owner: (string | null)[] = [];
  const headers = new Map<string, number>();
  const filled = new Set<string>();
  const errors: LineError[] = [];
  let current = defaultStepId;
  let currentHeader: { id: string; line: number } | null = null;
  const closeSection = (): void => {
    if (currentHeader && !filled.has(currentHeader.id)) {
      errors.push({
        line: currentHeader.line,
        text: lines[currentHeader.line - 1].trim(),
        problem: `no orders follow FOR ${currentHeader.id}`,
        hint: 'write the orders for that step on the lines after it',
      });
    }
  };
  lines.forEach((raw, i) => {
    const header = SECTION_LINE.exec(raw);
    if (STANDING_LINE.test(raw)) {
      owner.push(STANDING);
    } else if (header) {
      owner.push(null);
      closeSection();
      const words = header[2].trim().split(/\s+/).filter(Boolean);
      if (words.length !== 1) {
        errors.push({
          line: i + 1,
          text: raw.trim(),
          problem: `${header[1].toUpperCase()} takes one step id`,
          hint: 'FOR t3/orders, then the orders for that step on the lines after it',
        });
        currentHeader = null;
        current = '';
        return;
      }
      current = canonical(words[0]);
      currentHeader = { id: current, line: i + 1 };
      if (!headers.has(current)) headers.set(current, i + 1);
    } else {
      owner.push(raw.trim() === '' || current === '' ? null : current);
      if (raw.trim() !== '' && current !== '') filled.add(current);
    }
  });
  closeSection();
  const only = (who: string): string => lines.map((l, i) => (owner[i] === who ? l : '')).join('\n');
  const order = [...new Set(owner.filter((o): o is string => o !== null && o !== STANDING))];
  return {
    standing: owner.includes(STANDING) ? only(STANDING) : '',
    sections: order.map((stepId) => ({
      stepId,
      text: only(stepId),
      headerLine: headers.get(stepId) ?? null,
    })),
    errors,
  };
}

/**
 * The salt one step's orders are committed with: derived from the message's secret salt and the
 * step id, one way, so that revealing it (when the step resolves) gives away no other step's salt.
 */
export function sectionSalt(salt: string, stepId: string): string {
  return sha256Hex(`${salt}|${stepId}`);
}
