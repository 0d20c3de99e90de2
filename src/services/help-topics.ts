/**
 * What HELP answers, as data (pure): `HELP` the card for the step at hand, `HELP <topic>` one
 * section of the game's reference (Ruleset.reference), `HELP ALL` every section, `HELP COMMANDS`
 * the mail commands, `HELP 18.33` the reference lines that cite a rule; an unknown topic says so
 * and lists the topics there are.
 */
import type { ReferenceSection } from '../engine/ruleset';

export interface HelpAnswer {
  /** the topic as answered (upper case), absent for the step card */
  readonly topic?: string;
  readonly title: string;
  readonly lines: readonly string[];
  /** include the mail command list */
  readonly commands: boolean;
  /** the topics a HELP line may name */
  readonly topics: readonly string[];
  /** the topic asked for matched nothing */
  readonly unknown?: string;
}

const RULE = /^\d{1,2}(?:\.\d{1,3})?$/;

export function helpTopics(reference: readonly ReferenceSection[]): string[] {
  return [...reference.map((s) => s.topic.toUpperCase()), 'COMMANDS', 'ALL', '<rule number, e.g. 7.3>'];
}

/**
 * @param stepCard the ruleset's card for the step at hand (Ruleset.help)
 * @param stepTitle that step's title, or null when the game is over
 */
export function answerHelp(
  topic: string | undefined,
  reference: readonly ReferenceSection[],
  stepCard: string,
  stepTitle: string | null,
  gameName: string,
): HelpAnswer {
  const topics = helpTopics(reference);
  const t = topic?.trim().toLowerCase();
  if (!t || t === 'step' || t === 'card') {
    return {
      title: stepTitle ? `Orders for the step at hand: ${stepTitle}` : 'The game is over',
      lines: stepCard.split('\n'),
      commands: true,
      topics,
    };
  }
  if (t === 'commands' || t === 'command' || t === 'mail')
    return { topic: 'COMMANDS', title: 'Mail commands', lines: [], commands: true, topics };
  if (t === 'all' || t === 'reference') {
    if (!reference.length)
      return {
        topic: 'ALL',
        title: `${gameName}: order reference`,
        lines: stepCard.split('\n'),
        commands: true,
        topics,
      };
    return {
      topic: 'ALL',
      title: `${gameName}: the whole order reference`,
      lines: reference.flatMap((s, i) => [...(i ? [''] : []), `== ${s.title} ==`, ...s.lines]),
      commands: true,
      topics,
    };
  }
  const section = reference.find((s) => s.topic === t || s.aliases?.includes(t));
  if (section)
    return {
      topic: section.topic.toUpperCase(),
      title: section.title,
      lines: section.lines,
      commands: false,
      topics,
    };
  if (RULE.test(t)) {
    const hits = reference.flatMap((s) => s.lines.filter((l) => citesRule(l, t)).map((l) => `[${s.topic.toUpperCase()}] ${l.trim()}`));
    if (hits.length)
      return {
        topic: t,
        title: `Lines of the ${gameName} order reference citing rule ${t}`,
        lines: hits,
        commands: false,
        topics,
      };
    return {
      topic: t,
      title: `No line of the ${gameName} order reference cites rule ${t}`,
      lines: ['The umpire does not hold the rulebook text; it quotes rule numbers where orders depend on them.'],
      commands: false,
      topics,
      unknown: t,
    };
  }
  return {
    topic: t.toUpperCase(),
    title: `No help topic "${topic}"`,
    lines: [],
    commands: false,
    topics,
    unknown: topic,
  };
}

/** Whether a line cites rule `rule`: that number, a sub-rule of it (7 -> 7.3), or a range holding it (18.31–18.35). */
export function citesRule(line: string, rule: string): boolean {
  const refs = line.matchAll(/(?<![\d.])(\d{1,2}\.\d{1,3})(?:\s*[–-]\s*(\d{1,2}\.\d{1,3}))?(?![\d])/g);
  for (const m of refs) {
    const [from, to] = [m[1], m[2]];
    if (from === rule || from.startsWith(`${rule}.`) || (rule.includes('.') && from.startsWith(rule))) return true;
    if (to && inRange(rule, from, to)) return true;
  }
  return false;
}

/** 18.33 in 18.31–18.35; compared digit string by digit string within one chapter. */
function inRange(rule: string, from: string, to: string): boolean {
  const [rc, rs] = rule.split('.');
  const [fc, fs] = from.split('.');
  const [tc, ts] = to.split('.');
  if (rs === undefined) return Number(fc) <= Number(rc) && Number(rc) <= Number(tc);
  if (fc !== tc || rc !== fc) return false;
  const width = Math.max(rs.length, fs.length, ts.length);
  const pad = (x: string) => Number(x.padEnd(width, '0'));
  return pad(fs) <= pad(rs) && pad(rs) <= pad(ts);
}
