/**
 * What a VITP order line looks like, for the mail reader (Ruleset.orderLines): the words orders
 * begin with (parse.ts), where a line cannot end (a unit list ending in a comma, a move without
 * its TO, TO without its area) or begin (VIA, TO), and the names of the game box.
 */
import type { OrderLineGrammar } from '../../../engine/ruleset';
import { defaultBox } from '../box';
import { norm } from './names';

/** The first words of every order and battle answer parse.ts reads. */
const STARTS = new RegExp(
  `^(${[
    'patrol',
    'raid',
    'raiders',
    'move',
    'amphib',
    'amphibious',
    'task ?force',
    'tf',
    'invading',
    'rebuild',
    'repair',
    'substitute',
    'base',
    'lba',
    'air',
    'air ?raid',
    'sub',
    'submarine',
    'battle',
    'fight',
    'combat',
    'invade',
    'land',
    'return',
    'withdraw',
    'sortie',
    'retreat',
    'targets?',
    'stay',
    'pass',
    'none',
    'no (moves?|pursuit|air ?raids?|landings?|split)',
    'day',
    'night',
    'carriers',
    'kamikaze',
    'hold fire',
    'pursue',
    'follow',
    'break off',
    'continue',
    'split',
    'standing',
    '(for|step) \\S*/\\S*',
  ].join('|')})(\\s|[,.!]?$)`,
  'i',
);

/** Orders that need a second part: the verb, and the word that must follow the units. */
const NEEDS: readonly [RegExp, RegExp][] = [
  [/^(patrol|move|amphib|amphibious) /i, / to /i],
  [/^(sub|submarine) (?!attack|wait|hold|none)/i, / to /i],
  [/^raid (?!force )/i, / to /i],
  [/^(lba|air) (?!done|stop|no more|none|raid)/i, / (to|over) /i],
  [/^substitute /i, / for /i],
  [/^base /i, / (at|to|in) /i],
  [/^target /i, / at /i],
  [/^(invade|land) /i, / (at|on) /i],
  [/^return /i, / to /i],
  [/^(pursue|follow|air ?raid) (?!all$)/i, / with /i],
];

const LINK_WORDS = 'to|via|at|with|for|over|on|in|of|and';

/** Unit, sea area and port names of the box, normalized as names.ts matches them. */
const NAMES = [...defaultBox.units.map((u) => u.name), ...defaultBox.seaAreas.map((a) => a.name), ...defaultBox.places.map((p) => p.name)]
  .map(norm)
  .filter((n) => n.length >= 3);
const NAME_RE = new RegExp(`(^| )(${[...new Set(NAMES)].map(escapeRegExp).join('|')})( |$)`);

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export const vitpOrderLines: OrderLineGrammar = {
  startsOrder: (line) => STARTS.test(line.trim()),
  mentionsGame: (line) => NAME_RE.test(norm(line.replace(/[,;:!?()]/g, ' '))),
  incomplete: (line) => {
    const t = line.trim();
    if (/[,/&]$/.test(t) || new RegExp(` (${LINK_WORDS})$`, 'i').test(t)) return true;
    return NEEDS.some(([verb, needs]) => verb.test(t) && !needs.test(` ${t.slice(t.indexOf(' '))} `));
  },
  continuation: (line) => new RegExp(`^((${LINK_WORDS})( |$)|[,/&])`, 'i').test(line.trim()) && !/^for \S*\/\S*$/i.test(line.trim()),
};
