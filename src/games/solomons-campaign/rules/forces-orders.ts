/**
 * The forces choices by mail, with the forces of the turn (t{n}/forces, 1B):
 *
 *   REPLACE TR-3 [AT Rabaul]        30.1-30.2: an eliminated transport or APD (one a turn)
 *   REPLACE 14-ENG | REPLACE ENGINEER  30.3: an eliminated engineer, named or the first (one a turn)
 *   REPLACE MAC                     30.4: the US MAC unit, once eliminated
 *   WITHDRAW 1-MAR, 3/2-MAR         38.1-38.3: US Marine units on a major base, from December I
 *   ANNOUNCE QUICK RESPONSE         39.5: Japan, August II
 *   ANNOUNCE ACCELERATED            39.3: the US, August II
 *   ANNOUNCE 18TH ARMY | ANNOUNCE NO 18TH ARMY   39.4: Japan, December I
 *   ANNOUNCE YAMATO | ANNOUNCE MUSASHI (or BB-1, BB-2)   39.6: Japan, September I or later
 */
import type { OptionId } from './forces-data';

export type Announcement = OptionId | 'no-18th-army' | 'BB-1' | 'BB-2';

export type ChoiceOrder =
  | { readonly kind: 'replace'; readonly unit: string; readonly at: string | null }
  | { readonly kind: 'withdraw'; readonly units: readonly string[] }
  | { readonly kind: 'announce'; readonly option: Announcement };

export const CHOICE_WORDS = ['REPLACE', 'WITHDRAW', 'ANNOUNCE'] as const;

const ANNOUNCE: readonly [RegExp, Announcement][] = [
  [/^QUICK\s*RESPONSE$/, 'quick-response'],
  [/^ACCELERATED?(\s+REINFORCEMENTS)?$/, 'accelerated'],
  [/^NO\s+18(TH)?\s+ARMY$/, 'no-18th-army'],
  [/^18(TH)?\s+ARMY$/, '18th-army'],
  [/^(YAMATO|BB-?1)$/, 'BB-1'],
  [/^(MUSASHI|BB-?2)$/, 'BB-2'],
];

const ANNOUNCE_HELP = 'ANNOUNCE QUICK RESPONSE, ACCELERATED, 18TH ARMY, NO 18TH ARMY, YAMATO or MUSASHI (39.3-39.6)';

/** One line of REPLACE, WITHDRAW or ANNOUNCE; a string says what is wrong and what would be right. */
export function parseChoiceLine(line: string): ChoiceOrder | string {
  const up = line.toUpperCase().replace(/\s+/g, ' ').trim();
  if (up.startsWith('ANNOUNCE')) {
    const what = up.replace(/^ANNOUNCE\s*/, '');
    const hit = ANNOUNCE.find(([re]) => re.test(what));
    return hit ? { kind: 'announce', option: hit[1] } : `${what || 'nothing'} is no option to announce: ${ANNOUNCE_HELP}`;
  }
  if (up.startsWith('WITHDRAW')) {
    const list = up
      .replace(/^WITHDRAW\s*/, '')
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    return list.length ? { kind: 'withdraw', units: list } : 'expected WITHDRAW <units>: WITHDRAW 1-MAR, 3/2-MAR (38.2)';
  }
  const m = /^REPLACE\s+(\S+)(?:\s+AT\s+(.+))?$/i.exec(line.trim());
  if (!m) return 'expected REPLACE <TR-n | APD-n | engineer id | ENGINEER | MAC> [AT <base>] (30.1-30.4)';
  return { kind: 'replace', unit: m[1].toUpperCase(), at: m[2]?.trim() ?? null };
}

const WORDING: Record<Announcement, string> = {
  'quick-response': 'QUICK RESPONSE',
  accelerated: 'ACCELERATED',
  '18th-army': '18TH ARMY',
  'no-18th-army': 'NO 18TH ARMY',
  'BB-1': 'YAMATO',
  'BB-2': 'MUSASHI',
};

export function formatChoiceOrder(o: ChoiceOrder): string {
  if (o.kind === 'replace') return `REPLACE ${o.unit}${o.at ? ` AT ${o.at}` : ''}`;
  if (o.kind === 'withdraw') return `WITHDRAW ${o.units.join(', ')}`;
  return `ANNOUNCE ${WORDING[o.option]}`;
}

export const isChoiceOrder = (o: { kind: string }): o is ChoiceOrder =>
  o.kind === 'replace' || o.kind === 'withdraw' || o.kind === 'announce';
