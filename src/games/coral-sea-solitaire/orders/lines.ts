/**
 * What a Coral Sea order line looks like, for the mail reader (Ruleset.orderLines): the words
 * orders begin with (./parse.ts), FOR and STANDING lines, where a line cannot end (a list ending
 * in a comma, FROM/TO/AT/WITH without what follows) or begin (TO, AT, WITH, the rest of a list),
 * and the names of the box. Judged without the game state: it never names an IJN ship.
 */
import type { OrderLineGrammar } from '../../../engine/ruleset';
import { BASES, IJN_TFS, PLACES } from '../box';
import { ROWS } from '../steps';
import { ORDER_WORDS } from './parse';

const FOR_WORDS = ROWS.flatMap((r) => (r.for ? [r.for] : []));
const STARTS = new RegExp(
  `^((${[...ORDER_WORDS, 'CV-3', 'B-1', 'B-2'].map((w) => w.replace(/ /g, '\\s+')).join('|')})(\\s|[,.!]?$)|(for|step)\\s+(\\S+/\\S+|${FOR_WORDS.join('|')})\\s*$|standing\\b)`,
  'i',
);

/** Orders that need a second part: the verb, and the word that must follow. */
const NEEDS: readonly [RegExp, RegExp][] = [
  [/^deploy /i, / at /i],
  [/^base /i, / at /i],
  [/^new /i, / from /i],
  [/^transfer /i, / to /i],
  [/^strike /i, / at /i],
  [/^assign (?!as)/i, / to /i],
  [/^land /i, / on /i],
  [/^(cv-3|b-\d)\b/i, / (with|new) /i],
];

const LINK_WORDS = 'to|at|with|from|on|and|prefer|until|max';
const NAME = new RegExp(
  `\\b(TF[\\s-]?\\d{1,2}|${[...IJN_TFS, ...BASES, ...PLACES].map((n) => n.replace(/-/g, '[\\s-]')).join('|')}|CV[\\s-]?\\d|\\d{4})\\b`,
  'i',
);

export const coralOrderLines: OrderLineGrammar = {
  startsOrder: (line) => STARTS.test(line.trim()),
  mentionsGame: (line) => NAME.test(line),
  incomplete: (line) => {
    const t = line.trim();
    if (/[,/&:]$/.test(t) || new RegExp(` (${LINK_WORDS})$`, 'i').test(t)) return true;
    return NEEDS.some(([verb, needs]) => verb.test(t) && !needs.test(` ${t.slice(t.indexOf(' '))} `));
  },
  continuation: (line) => new RegExp(`^((${LINK_WORDS})( |$)|[,/&])`, 'i').test(line.trim()),
};
