import { applyBoardEdits } from '../../engine/evolve';
import type { BoardEdit } from '../../engine/engine-events';
import type { Visibility } from '../../engine/ruleset';
import type { CommandOutcome } from '../../store/commands';
import type { Sql } from '../../store/db';
import { reportNotices } from '../notice-builders';
import { confirm, refereeRejected } from './flow';
import type { GameHandler, RefereeReply } from './handler';

/**
 * ADJUST (issue 30): the referee edits the board, for a dispute a rollback cannot settle (a unit
 * set up in the wrong place, a marker the rules never moved). Recorded as the engine event
 * BoardAdjusted {stepId, edits, reason, visibleTo}, folded like any other (evolve sets each value
 * at its path of the rules state), so re-adjudication re-applies it and `umpire verify` checks the
 * steps after it from the adjusted board. Who ruled is in the event's metadata (`referee`), not in
 * its payload: sides that see the edit see no address. The step in play must stay the same (an
 * edit of the board, not of the sequence of play: ROLLBACK moves play). Every side is told.
 *
 *     ADJUST <path> = <JSON value> [; <path> = <JSON value>]... [SEEN BY <side>[,<side>]] BECAUSE <reason>
 *
 * A path is the rules state's keys and array indices joined by dots (the state's type is the
 * game's, src/games/<game>): `units.3.area`, `tracks.pocJapan`.
 */
export interface AdjustInput {
  readonly text: string;
  readonly referee: string;
}

const USAGE =
  'ADJUST <path> = <JSON value> [; <path> = <JSON value>] [SEEN BY <side>] BECAUSE <reason>, e.g. ADJUST units.3.area = "marianas" BECAUSE set up in the wrong sea area';

/** One key of a path: plain (letters, digits, `_`, `-`, `:`; digits alone are a list position) or in double quotes ("North Carolina"). */
const SEGMENT = '(?:[A-Za-z0-9_:-]+|"[^"]*")';
const pathKey = (k: string) => (/^[A-Za-z0-9_:-]+$/.test(k) ? k : `"${k}"`);

/** The edits, visibility and reason an ADJUST line gives, or what is wrong with it. */
export function readAdjust(
  text: string,
  sides: readonly string[],
): { edits: BoardEdit[]; visibleTo: Visibility; reason: string } | { problem: string } {
  const m = /^([\s\S]*?)\s+BECAUSE\s+([\s\S]+)$/i.exec(text.trim());
  if (!m) return { problem: 'an ADJUST needs its reason after BECAUSE (every side is told it)' };
  let body = m[1].trim();
  let visibleTo: Visibility = 'all';
  const seen = /\s+SEEN\s+BY\s+([a-z0-9_,\s-]+)$/i.exec(body);
  if (seen) {
    const named = seen[1]
      .split(/[\s,]+/)
      .filter(Boolean)
      .map((x) => x.toLowerCase());
    const unknown = named.filter((x) => !sides.includes(x));
    if (unknown.length) return { problem: `SEEN BY names no side ${unknown.join(', ')} (the sides are ${sides.join(', ')})` };
    visibleTo = named;
    body = body.slice(0, seen.index).trim();
  }
  const edits: BoardEdit[] = [];
  for (const part of body
    .split(';')
    .map((x) => x.trim())
    .filter(Boolean)) {
    const eq = new RegExp(`^(${SEGMENT}(?:\\.${SEGMENT})*)\\s*=\\s*([\\s\\S]+)$`).exec(part);
    if (!eq) return { problem: `"${part}" is no edit: write <path> = <JSON value>` };
    let value: unknown;
    try {
      value = JSON.parse(eq[2]);
    } catch {
      return { problem: `the value of ${eq[1]}, ${eq[2]}, is not JSON (text goes in double quotes: "marianas")` };
    }
    edits.push({
      path: [...eq[1].matchAll(new RegExp(SEGMENT, 'g'))].map(([k]) =>
        k.startsWith('"') ? k.slice(1, -1) : /^\d+$/.test(k) ? Number(k) : k,
      ),
      value,
    });
  }
  if (!edits.length) return { problem: 'an ADJUST needs at least one edit before BECAUSE' };
  return { edits, visibleTo, reason: m[2].trim() };
}

/** True when every edit's path leads through what the state has (only its last key may be new). */
function pathProblem(rules: unknown, edits: readonly BoardEdit[]): string | null {
  for (const e of edits) {
    let node = rules;
    for (const [i, key] of e.path.entries()) {
      const last = i === e.path.length - 1;
      const has = node !== null && typeof node === 'object' && String(key) in (node as object);
      if (!has && !last) return `the board has no ${e.path.slice(0, i + 1).join('.')} (${holds(node, e.path.slice(0, i))})`;
      if (!has && Array.isArray(node)) return `${e.path.slice(0, i + 1).join('.')} is past the end of a list`;
      node = has ? (node as Record<string, unknown>)[String(key)] : undefined;
    }
  }
  return null;
}

/** What a node of the board holds, for a refusal naming a path it lacks: its keys, or a list's length. */
function holds(node: unknown, at: readonly (string | number)[]): string {
  const where = at.length ? at.join('.') : 'the board';
  if (Array.isArray(node)) return `${where} is a list of ${node.length}: positions 0 to ${node.length - 1}`;
  if (node === null || typeof node !== 'object') return `${where} is a value, ${JSON.stringify(node)}`;
  const keys = Object.keys(node);
  return `${where} holds ${keys.length > 12 ? `${keys.slice(0, 12).join(', ')} and ${keys.length - 12} more` : keys.join(', ')}; umpire status --board lists every path`;
}

/**
 * The board as ADJUST addresses it: one `path = JSON value` line per value of the rules state under
 * `prefix` (a path, e.g. `fleets.blue`); lists of plain values are one line. `umpire status --board`.
 */
export function boardPaths(rules: unknown, prefix = ''): string[] {
  const out: string[] = [];
  const walk = (node: unknown, path: string): void => {
    const plain =
      node === null || typeof node !== 'object' || (Array.isArray(node) && node.every((v) => v === null || typeof v !== 'object'));
    if (plain || Object.keys(node).length === 0) {
      out.push(`${path} = ${JSON.stringify(node)}`);
      return;
    }
    for (const [k, v] of Object.entries(node)) walk(v, path ? `${path}.${pathKey(k)}` : pathKey(k));
  };
  const start = [...prefix.matchAll(new RegExp(SEGMENT, 'g'))].map(([k]) => (k.startsWith('"') ? k.slice(1, -1) : k));
  let node = rules;
  for (const key of start) {
    if (node === null || typeof node !== 'object' || !(key in node)) return [];
    node = (node as Record<string, unknown>)[key];
  }
  walk(node, start.map(pathKey).join('.'));
  return out;
}

export async function adjust(
  handler: GameHandler,
  tx: Sql,
  gameId: string,
  input: AdjustInput,
  by: RefereeReply = {},
): Promise<CommandOutcome> {
  return handler.run(tx, gameId, async (h) => {
    const { state, ruleset } = h.game;
    const asked = 'ADJUST';
    if (!state.step || state.rules === null)
      return refereeRejected(h, by, asked, `game ${gameId} is over: its board is final`, 'A fork (umpire fork) replays it from any step.');
    const read = readAdjust(input.text, state.game?.sides.map((s) => s.side) ?? []);
    if ('problem' in read) return refereeRejected(h, by, asked, read.problem, `Nothing was changed. ${USAGE}`);
    const missing = pathProblem(state.rules, read.edits);
    if (missing)
      return refereeRejected(
        h,
        by,
        asked,
        missing,
        `Nothing was changed. A path runs through the keys and list positions of the game's rules state. ${USAGE}`,
      );
    const after = ruleset.currentStep(applyBoardEdits(state.rules, read.edits));
    if (after?.id !== state.step.id)
      return refereeRejected(
        h,
        by,
        asked,
        `the edit would change the step in play from ${state.step.id} to ${after?.id ?? 'none (game over)'}`,
        'ADJUST edits the board, not the sequence of play: ROLLBACK TO a step replays from there.',
      );
    const payload = { stepId: state.step.id, edits: read.edits, reason: read.reason, visibleTo: read.visibleTo };
    const next = await h.append([
      {
        type: 'BoardAdjusted',
        payload,
        metadata: { actor: 'referee', referee: input.referee, ...(by.key ? { causationId: by.key } : {}) },
      },
    ]);
    const seq = next.head.version;
    const line = `Referee's ruling (event ${seq}): the board was adjusted. Reason: ${read.reason}`;
    h.notify(
      ...reportNotices(h.game, seq, h.deadline(state.step.id)?.at ?? null, h.settings.referee).map((n) =>
        n.kind === 'report' ? { ...n, key: `${n.key}:adjust`, narrative: [line] } : n,
      ),
    );
    const edits = read.edits.map((e) => `${e.path.join('.')} = ${JSON.stringify(e.value)}`).join('; ');
    confirm(
      h,
      by,
      asked,
      [
        `Board adjusted (event ${seq}): ${edits}.`,
        `Seen by ${read.visibleTo === 'all' ? 'every side' : read.visibleTo.join(', ') || 'the referee alone'}.`,
        'Every side has been told.',
      ],
      null,
    );
    return {
      status: 'applied',
      result: { seq, edits: read.edits, visibleTo: read.visibleTo, lines: [`adjusted (event ${seq}): ${edits}`] },
    };
  });
}
