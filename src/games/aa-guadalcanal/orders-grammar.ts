/**
 * What an A&A Guadalcanal order line looks like, for the mail reader (Ruleset.orderLines): the
 * words orders begin with (orders.ts), the FOR words of the step table, where a line cannot end (a
 * MOVE without its TO, LOAD without WITH, a list ending in a comma) or begin (TO, WITH, a wrapped
 * list of cargo ids), and the ids, zones and advantages of the game box. Judged without the game
 * state; it never changes what an order means, only which lines of a mail are read as orders.
 */
import type { OrderLineGrammar } from '../../engine/ruleset';
import { ADVANTAGES, SEA_ZONES, ZONE_IDS } from './box';
import { ORDER_VERBS, UNIT_ID } from './orders';
import { ALL_DEFS } from './steps';

/** NONE and its other spelling HOLD stand alone; every other order goes on after its word. */
const STANDS_ALONE = /^(none|hold)[.!]?$/i;
const VERB = new RegExp(`^(${ORDER_VERBS.filter((v) => v !== 'NONE').join('|')})\\s+\\S`, 'i');

/** `FOR FIGHTERS`, `FOR t3/mov/8-fighters`, `FOR J` (a zone's combat decision), `STEP …`, `STANDING …`: lines the engine's sections read (engine/sections.ts). */
const SECTION_WORDS = [...new Set(ALL_DEFS.flatMap((d) => (d.section ? [d.section] : [])))];
const SECTION = new RegExp(
  `^((for|step)\\s+(\\S+/\\S+|${[...SECTION_WORDS, ...ZONE_IDS.map(escapeRegExp)].join('|')})|standing(\\s.*)?)$`,
  'i',
);

/** Orders that need a second part: the verb, and the word that must follow (orders.ts SYNTAX). */
const NEEDS: readonly [RegExp, RegExp][] = [
  [/^(move|fly|deploy|unload) /i, / to /i],
  [/^load /i, / with /i],
  [/^sub /i, / attack /i],
  [/^fire /i, / at /i],
  [/^land /i, / (at|on) /i],
  [/^(build|repair) airfield\b/i, / at /i],
  [/^use command[- ]decision\b/i, / at /i],
];

const LINK_WORDS = 'to|at|with|on|attack|and';

/** Zone names a player writes (hyphens or spaces), three letters and more: a sea zone's letter is only read after TO or AT. */
const ZONE_NAMES = ZONE_IDS.filter((z) => z.length >= 3).flatMap((z) => [z, z.replace(/-/g, ' ')]);
const AT_ZONE = new RegExp(
  `\\b(to|at)\\s+(${[...new Set(ZONE_NAMES)].map(escapeRegExp).join('|')})\\b|\\b(to|at)\\s+(${SEA_ZONES.join('|')})(\\s+(air|sea|land))?[.!]?$`,
  'i',
);
const ADVANTAGE = new RegExp(`\\b(${ADVANTAGES.map((a) => a.replace(/-/g, '[- ]')).join('|')})\\b`, 'i');

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The line's words, its punctuation taken for spaces, upper-cased as ids are written. */
const words = (line: string): string[] =>
  line
    .replace(/[,;:!?()]/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w.replace(/\.$/, '').toUpperCase());

export const guadalcanalOrderLines: OrderLineGrammar = {
  startsOrder: (line) => {
    const t = line.trim();
    return STANDS_ALONE.test(t) || VERB.test(t) || SECTION.test(t);
  },
  // a unit id (TR3), an advantage, or a zone named as orders name it (TO Malaita, AT New Georgia, TO J)
  mentionsGame: (line) => words(line).some((w) => UNIT_ID.test(w)) || ADVANTAGE.test(line) || AT_ZONE.test(line.trim()),
  incomplete: (line) => {
    const t = line.trim();
    if (/[,/&]$/.test(t) || new RegExp(` (${LINK_WORDS})$`, 'i').test(t)) return true;
    return NEEDS.some(([verb, needs]) => verb.test(t) && !needs.test(` ${t.slice(t.indexOf(' '))} `));
  },
  // TO <zone>, WITH <cargo> and a wrapped list of ids go on with the line above
  continuation: (line) => {
    const t = line.trim();
    if (new RegExp(`^((${LINK_WORDS})( |$)|[,/&])`, 'i').test(t)) return true;
    const ws = words(t);
    return ws.length > 0 && ws.every((w) => UNIT_ID.test(w));
  },
};
