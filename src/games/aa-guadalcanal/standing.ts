/**
 * Standing instructions (issue 27): a side's stored answers to the decisions the rulebook asks one
 * at a time, so that a game by mail need not wait for a mail at each. One a line, each starting
 * with STANDING; each kind has a default in force from the start (below), a line changes its kind
 * alone (issue 28); only the side sees its own.
 *   STANDING ZONES J H Guadalcanal | ZONES BOARD   CMB: the first player's order of zones (listed
 *                                     first, the rest in board order)
 *   STANDING RANGED FIRST | RANGED NONE   CMB.2, CMB.4: each artillery, cruiser or battleship not yet
 *                                     declared joins the first attack it can reach (or none)
 *   STANDING AIRFIELDS NEVER | AIRFIELDS BOMBERS | AIRFIELDS ALL   CMB.4, on an island with both enemy
 *                                     land units and an undamaged enemy airfield: who attacks the airfield
 *   STANDING TORPEDOES TR CV BB CA DD SS | TORPEDOES NONE   MOV.6, HID.3: every submarine not ordered
 *                                     stays and attacks in its zone, by these types (the most loaded of a
 *                                     type first, a unit not hit yet first), or none does
 * A decision is answered only when the instructions cover every choice in it; else the side is asked.
 * Orders sent for the step (or ahead to it) come before the standing instructions.
 */
import type { LineError, ParseResult, StandingKind, StepInfo } from '../../engine/ruleset';
import type { ZoneId } from './box';
import { choicesIn, zonesToFight } from './fight';
import { zoneOf } from './orders';
import { subsToAct } from './torpedoes';
import { defOf, type StepDef } from './steps';
import type { GSide, GState, Order, PieceType } from './types';
import { cargoOf, costOf, isAir, isSea } from './world';

export interface GuadalcanalStanding {
  readonly zones?: readonly ZoneId[];
  readonly ranged?: 'first' | 'none';
  readonly airfields?: 'never' | 'bombers' | 'all';
  /** target types best first; empty: no submarine attacks unordered */
  readonly torpedoes?: readonly PieceType[];
}

const TARGET_TYPES: readonly PieceType[] = ['TR', 'SS', 'DD', 'CA', 'CV', 'BB', 'PT'];
const HINT =
  'STANDING ZONES <zones> | ZONES BOARD, RANGED FIRST | RANGED NONE, AIRFIELDS NEVER | BOMBERS | ALL, TORPEDOES <types> | TORPEDOES NONE';

export function parseGuadalcanalStanding(_s: GState, text: string): ParseResult<GuadalcanalStanding> {
  const st: { -readonly [K in keyof GuadalcanalStanding]: GuadalcanalStanding[K] } = {};
  const errors: LineError[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const words = raw
      .replace(/#.*$/, '')
      .replace(/,/g, ' ')
      .trim()
      .replace(/^standing\s*/i, '')
      .split(/\s+/)
      .filter(Boolean);
    if (!words.length) return;
    const fail = (problem: string, rule: string) => errors.push({ line: i + 1, text: raw.trim(), problem, hint: HINT, rule });
    const [head, ...rest] = words.map((w) => w.toUpperCase());
    if (head === 'ZONES') {
      if (rest.length === 1 && rest[0] === 'BOARD') st.zones = [];
      else {
        const zones = words.slice(1).map((w) => zoneOf(w));
        const bad = words.slice(1).find((_, k) => !zones[k]);
        if (bad || !zones.length) fail(bad ? `"${bad}" is no zone` : 'ZONES takes zones, or BOARD', 'CMB');
        else st.zones = zones as ZoneId[];
      }
    } else if (head === 'RANGED' && rest.length === 1 && (rest[0] === 'FIRST' || rest[0] === 'NONE'))
      st.ranged = rest[0] === 'FIRST' ? 'first' : 'none';
    else if (head === 'AIRFIELDS' && rest.length === 1 && ['NEVER', 'BOMBERS', 'ALL'].includes(rest[0]))
      st.airfields = rest[0].toLowerCase() as 'never' | 'bombers' | 'all';
    else if (head === 'TORPEDOES') {
      if (rest.length === 1 && rest[0] === 'NONE') st.torpedoes = [];
      else if (!rest.length || rest.some((t) => !TARGET_TYPES.includes(t as PieceType)))
        fail(`TORPEDOES takes sea unit types (${TARGET_TYPES.join(' ')}), best first, or NONE`, 'MOV.6');
      else st.torpedoes = rest as PieceType[];
    } else fail('not a standing instruction of this game', 'CMB');
  });
  return errors.length ? { ok: false, errors } : { ok: true, orders: [st] };
}

const instructionsOf = (standing: unknown): GuadalcanalStanding | undefined =>
  (Array.isArray(standing) ? standing[0] : standing) as GuadalcanalStanding | undefined;

/** The orders the side's standing instructions give at `step`, or null (the side is asked). */
export function answerGuadalcanalStanding(s: GState, side: GSide, step: StepInfo, standing: unknown): Order[] | null {
  const st = instructionsOf(standing);
  if (!st) return null;
  const k = defOf(step).kind;
  if (k.kind === 'zone-order') return st.zones ? orderAnswer(s, st.zones) : null;
  if (k.kind === 'zone-fire') return zoneAnswer(s, side, st);
  if ((k.kind === 'move' && k.type === 'SS') || k.kind === 'hid-subs') return torpedoAnswer(s, side, st);
  return null;
}

/** The next zone: the first listed still to be fought, else the first in board order. */
function orderAnswer(s: GState, listed: readonly ZoneId[]): Order[] | null {
  const f = s.fight;
  if (!f || f.zone) return null;
  const left = zonesToFight(s, f.cat, f.done);
  const next = listed.find((z) => left.includes(z)) ?? left[0];
  return next ? [{ kind: 'zones', zones: [next] }] : null;
}

function zoneAnswer(s: GState, side: GSide, st: GuadalcanalStanding): Order[] | null {
  const f = s.fight;
  if (!f?.zone || f.cat === 'air') return null;
  const z = f.zone;
  const { ranged, airfield } = choicesIn(s, side, z, f.cat);
  if ((ranged.length && !st.ranged) || (airfield.length && !st.airfields)) return null;
  const firing = st.ranged === 'first' ? ranged : [];
  const out: Order[] = firing.map((u) => ({ kind: 'fire', unit: u.id, at: z }));
  if (airfield.length && st.airfields !== 'never') {
    const attackers = airfield.filter((u) => (isAir(u) || firing.includes(u)) && (st.airfields === 'all' || u.type === 'BMR'));
    out.push(...attackers.map((u): Order => ({ kind: 'airfield', unit: u.id })));
  }
  return out.length ? out : [{ kind: 'none' }];
}

function torpedoAnswer(s: GState, side: GSide, st: GuadalcanalStanding): Order[] | null {
  if (!st.torpedoes) return null;
  if (s.active.some((a) => a.side === side && a.advantage === 'coast-watchers' && a.type === 'SS')) return null;
  const out: Order[] = [];
  const hit = new Set(
    (s.torpedoes?.hits ?? []).filter(([, faces]) => faces.some((f) => s.box.constants.hitFaces.includes(f))).map(([id]) => id),
  );
  const load = (id: string) => cargoOf(s, id).reduce((n, c) => n + costOf(s, c.type), 0);
  for (const id of st.torpedoes.length ? subsToAct(s, side) : []) {
    const sub = s.pieces.find((u) => u.id === id)!;
    const rank = (t: PieceType) => st.torpedoes!.indexOf(t);
    const targets = s.pieces
      .filter((e) => e.side !== side && e.zone === sub.zone && isSea(e) && rank(e.type) >= 0)
      .sort(
        (a, b) =>
          Number(hit.has(a.id)) - Number(hit.has(b.id)) || rank(a.type) - rank(b.type) || load(b.id) - load(a.id) || (a.id < b.id ? -1 : 1),
      )
      .map((e) => e.id);
    if (targets.length) out.push({ kind: 'attack', sub: id, target: targets[0], ...(targets.length > 1 ? { or: targets.slice(1) } : {}) });
  }
  return [...out, { kind: 'none' }];
}

/**
 * The kinds of decision these instructions answer (issue 28: economy by default), each with the
 * line in force from the start: the zones in board order (CMB), every ranged unit at the first
 * attack it reaches (CMB.2, CMB.4), bombers at an airfield beside enemy land units (CMB.4), and
 * every submarine left unordered attacking in its zone, transports first (MOV.6, HID.3). A side
 * changes one kind with one line, or asks to be asked (STANDING ASK RANGED): src/engine/standing.ts.
 */
const kind = (word: string, title: string, rule: string, line: string, example: string): StandingKind => ({
  word,
  title,
  rule,
  lines: new RegExp(`^${word}\\b`, 'i'),
  defaults: () => [line],
  example,
});

export const ZONES_KIND = kind('ZONES', "the first player's order of the zones fought", 'CMB', 'ZONES BOARD', 'ZONES J H Guadalcanal');
export const RANGED_KIND = kind('RANGED', 'artillery, cruisers and battleships joining an attack', 'CMB.2', 'RANGED FIRST', 'RANGED NONE');
export const AIRFIELDS_KIND = kind(
  'AIRFIELDS',
  'who attacks an enemy airfield beside enemy land units',
  'CMB.4',
  'AIRFIELDS BOMBERS',
  'AIRFIELDS ALL',
);
export const TORPEDOES_KIND = kind(
  'TORPEDOES',
  'submarines left without orders attacking in their zone',
  'MOV.6',
  'TORPEDOES TR CV BB CA DD SS PT',
  'TORPEDOES NONE',
);

/** The kinds a step's row answers, by the step's kind (the step table, index.ts). */
export function standingKindsOfStep(def: StepDef): readonly StandingKind[] {
  const k = def.kind;
  if (k.kind === 'zone-order') return [ZONES_KIND];
  if (k.kind === 'zone-fire') return [RANGED_KIND, AIRFIELDS_KIND];
  if ((k.kind === 'move' && k.type === 'SS') || k.kind === 'hid-subs') return [TORPEDOES_KIND];
  return [];
}
