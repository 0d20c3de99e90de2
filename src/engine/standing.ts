/**
 * Standing instructions by kind of decision (issue 28): economy by default. A game declares, on the
 * rows of its step table, the kinds of decision its standing instructions answer (`RETREAT`,
 * `TARGETS`, `AIR`), each with the lines in force from the start. The engine records those
 * defaults when the game is created, so a newcomer is asked only what no instruction answers, and
 * a player changes one kind with one line:
 *
 *   STANDING RETREAT NEVER     replaces the RETREAT lines in force, and nothing else
 *   STANDING ASK RETREAT       no RETREAT instruction: the side is asked at each retreat decision
 *   STANDING ASK ALL           no instruction at all: the side is asked at every decision
 *   STANDING DEFAULT RETREAT   the game's default RETREAT lines again (DEFAULTS: every kind's)
 *
 * The lines of one mail that belong to one kind replace that kind's lines in force; the set in
 * force after the mail is recorded whole (StandingInstructionsSet.text), so a replay needs nothing
 * but the log. A game that declares no kinds keeps the older rule: a new set replaces the old one.
 */
import type { EngineEvent } from './engine-events';
import { applyEvents, initialState, type AnyRuleset } from './evolve';
import type { GameOptions, LineError, Side, StandingKind } from './ruleset';

/** The kinds of a game, each once (a kind may serve several rows), in the order of its step table. */
export function standingKindsOf(ruleset: { readonly standingKinds?: readonly StandingKind[] }): readonly StandingKind[] {
  return ruleset.standingKinds ?? [];
}

/** `STANDING RETREAT NEVER  # note` -> `RETREAT NEVER`. */
export function standingBody(line: string): string {
  return line
    .replace(/^\s*STANDING\b\s*/i, '')
    .replace(/\s+#.*$/, '')
    .trim();
}

/** The kind a standing line belongs to (its body, as written), or null. */
export function kindOfLine(kinds: readonly StandingKind[], line: string): StandingKind | null {
  const body = standingBody(line);
  return kinds.find((k) => k.lines.test(body)) ?? null;
}

/** The game's default lines for `side` with these options, each as `STANDING <line>`, kind by kind. */
export function defaultStandingLines(kinds: readonly StandingKind[], side: Side, options: GameOptions): string[] {
  return kinds.flatMap((k) => (k.defaults?.(side, options) ?? []).map((l) => `STANDING ${l}`));
}

/** ASK <kind>[, <kind>...] | ASK ALL | DEFAULT <kind>[, ...] | DEFAULTS: lines the engine reads itself. */
const CONTROL = /^(ASK|DEFAULTS?)\b\s*(.*)$/i;

export interface MergedStanding {
  /** the set in force after the mail, one `STANDING …` line each, kind by kind in the game's order */
  readonly text: string;
  /** the player's lines to hand to the game's parser: control lines blanked, line numbers kept */
  readonly written: string;
  readonly errors: readonly LineError[];
}

/**
 * The set in force after a mail's STANDING lines (`written`: the mail with every other line
 * blanked, so its line numbers are the player's) change the set `current` kind by kind.
 */
export function mergeStanding(
  kinds: readonly StandingKind[],
  current: string,
  written: string,
  defaultsOf: (kind: StandingKind) => readonly string[],
): MergedStanding {
  const byKind = new Map<string, string[]>();
  const put = (key: string, line: string) => byKind.set(key, [...(byKind.get(key) ?? []), line]);
  for (const line of current.split('\n').filter((l) => l.trim())) put(kindOfLine(kinds, line)?.word ?? '', line.trim());
  const replaced = new Set<string>();
  const errors: LineError[] = [];
  const lines = written.split('\n');
  const read = lines.map((raw, i) => {
    if (!raw.trim()) return raw;
    const body = standingBody(raw);
    const control = CONTROL.exec(body);
    if (!control) {
      const key = kindOfLine(kinds, raw)?.word ?? '';
      if (!replaced.has(key)) byKind.set(key, []);
      replaced.add(key);
      put(key, `STANDING ${body}`);
      return raw;
    }
    const verb = control[1].toUpperCase();
    const words = control[2]
      .split(/[\s,]+/)
      .map((w) => w.toUpperCase())
      .filter(Boolean);
    if (verb === 'DEFAULTS' && !words.length) {
      byKind.clear();
      for (const k of kinds)
        byKind.set(
          k.word,
          defaultsOf(k).map((l) => `STANDING ${l}`),
        );
      return '';
    }
    if (verb === 'ASK' && words.length === 1 && words[0] === 'ALL') {
      byKind.clear();
      return '';
    }
    const unknown = words.filter((w) => !kinds.some((k) => k.word === w));
    if (!words.length || unknown.length || verb === 'DEFAULTS') {
      errors.push({
        line: i + 1,
        text: raw.trim(),
        problem:
          words.length && verb !== 'DEFAULTS'
            ? `no kind of decision called ${unknown.join(', ')}`
            : `${verb} needs the kind of decision it is for`,
        hint: `STANDING ASK <kind> or STANDING DEFAULT <kind>, the kind one of: ${kinds.map((k) => k.word).join(', ')} (or STANDING ASK ALL, STANDING DEFAULTS)`,
      });
      return '';
    }
    for (const w of words) {
      const kind = kinds.find((k) => k.word === w)!;
      byKind.set(w, verb === 'ASK' ? [] : defaultsOf(kind).map((l) => `STANDING ${l}`));
      replaced.add(w);
    }
    return '';
  });
  const order = [...kinds.map((k) => k.word), ''];
  const text = order.flatMap((key) => byKind.get(key) ?? []).join('\n');
  return { text, written: read.join('\n'), errors };
}

/** The lines of `after` not in `before`, and those of `before` no longer in force: what a mail changed. */
export function standingChanges(before: string, after: string): { readonly added: string[]; readonly removed: string[] } {
  const set = (t: string) =>
    t
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
  const was = set(before);
  const now = set(after);
  return { added: now.filter((l) => !was.includes(l)), removed: was.filter((l) => !now.includes(l)) };
}

/**
 * Each seated side's default standing instructions (issue 28), recorded with the game: a game
 * replays from its log alone, and a game created before defaults existed keeps none.
 */
export function defaultStandingEvents(created: EngineEvent, seated: readonly Side[], ruleset: AnyRuleset, now: string): EngineEvent[] {
  const kinds = standingKindsOf(ruleset);
  if (!kinds.length || !ruleset.parseStanding || created.type !== 'GameCreated') return [];
  const rules = applyEvents(initialState(), [created], ruleset).rules;
  return seated.flatMap((side): EngineEvent[] => {
    const text = defaultStandingLines(kinds, side, created.data.options).join('\n');
    if (!text) return [];
    const parsed = ruleset.parseStanding!(rules, side, text);
    // a game's own defaults that it cannot read are a bug in the game, never the player's
    if (!parsed.ok)
      throw new Error(`${ruleset.id}: default standing instructions of ${side} do not parse: ${JSON.stringify(parsed.errors)}`);
    return [{ type: 'StandingInstructionsSet', data: { side, text, instructions: parsed.orders, setAt: now, byDefault: true } }];
  });
}
