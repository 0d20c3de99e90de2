/**
 * Plans (issue 32, brief §5): a side writes PLAN lines, one a TF (or ALL for the rest): move toward a
 * place, unload at a place, hold, return to the nearest own major base; each with triggers that
 * make the umpire ask instead: on contact, when attacked, when the plan ends. The side's Operations
 * Phases then run from the plan and ask nobody, until a trigger fires. A line that no longer fits
 * (its TF gone, nothing aboard to unload, an enemy major base) is skipped with a note to its own
 * side; the rest of the plan stands. Plans are sealed to their side. A missed Operations Phase
 * follows the plan, and with no plan every TF returns home.
 */
import type { OpsOrder, PlanAction, Trigger } from './ops-orders';
import { other, type SolSide, type SolState, type TaskForce } from '../state';
import { contactsOf, contactsOfTf } from './contacts';
import { aboardOf } from './ops-events';
import { hexOf, placeOfText, route } from './places';

/**
 * The defender's and loser's standing answers in ground combat (28.3 (3), 50.0 results, 24.3),
 * today the defaults of the brief (§5), used by every side: defensive supply for all the hex's
 * supply covers (larger units first); a cohesion loss breaks the largest unit before any battalion
 * is eliminated, engineers last; battalion losses take loose battalions first; a cleared enemy
 * airbase is occupied.
 */
export const GROUND_DEFAULTS = { defendSupply: 'all' as 'all' | 'none', cohesion: 'break-first', losses: 'battalions-first', occupy: true };

export interface PlanLine {
  readonly tf: number | null;
  readonly action: PlanAction;
  /** a state place (base name or hex id) */
  readonly to: string | null;
  readonly ask: readonly Trigger[];
  readonly ended: boolean;
  /** ASK WHEN ATTACKED fired: a TF the line moves was attacked since the plan was written (markAttacked) */
  readonly attacked?: boolean;
}

export interface SolPlan {
  readonly lines: readonly PlanLine[];
}

export const lineOf = (plan: SolPlan | null, tf: number): PlanLine | null =>
  plan?.lines.find((l) => l.tf === tf) ?? plan?.lines.find((l) => l.tf === null) ?? null;

/** 8.1, 10.12: home is the TF's own major base, else the nearest one on the map. */
export function homeOf(s: SolState, side: SolSide, tf: TaskForce): string {
  if (s.bases[tf.at]?.side === side) return tf.at;
  const from = hexOf(s, tf.at)!;
  const bases = Object.entries(s.bases)
    .filter(([, b]) => b.side === side && b.hex)
    .map(([name, b]) => ({ name, d: route(s, side, from, [b.hex!])?.length ?? Number.POSITIVE_INFINITY }))
    .sort((a, b) => a.d - b.d);
  return bases[0].name;
}

/** Whether the side is asked for this Operations Phase (the `ops` step) or its plan answers (`plan`). */
export function asksSide(s: SolState, side: SolSide): boolean {
  const plan = s.plans[side];
  if (!plan) return true;
  if (plan.lines.some((l) => l.ended && l.ask.includes('ends'))) return true;
  if (plan.lines.some((l) => l.attacked)) return true;
  const contacts = [...contactsOf(s, side), ...contactsOf(s, other(side))];
  return Object.values(s.forces[side].taskForces).some(
    (tf) => lineOf(plan, tf.id)?.ask.includes('contact') && contactsOfTf(contacts, side, tf.id).length > 0,
  );
}

/**
 * ASK WHEN ATTACKED: TFs of `side` were attacked (a surface combat, an air strike, a submarine attack
 * on them); the plan line that moves each, if it asks when attacked, is marked, so the side is
 * asked at its next Operations Phase instead of the plan answering (asksSide), until it writes a
 * new plan. An attack is what the enemy launched at the TF, hit or not.
 */
export function markAttacked(s: SolState, side: SolSide, tfs: readonly (number | null)[]): SolState {
  const plan = s.plans[side];
  if (!plan) return s;
  const marked = new Set(
    tfs
      .flatMap((tf) => (tf === null ? [] : [lineOf(plan, tf)]))
      .filter((l): l is PlanLine => !!l && l.ask.includes('attacked') && !l.attacked),
  );
  if (!marked.size) return s;
  const lines = plan.lines.map((l) => (marked.has(l) ? { ...l, attacked: true } : l));
  return { ...s, plans: { ...s.plans, [side]: { ...plan, lines } } };
}

/** PLAN orders as plan lines, their places as the state names them (checked before, checkOps). */
export const planLinesOf = (s: SolState, orders: readonly OpsOrder[]): PlanLine[] =>
  orders.flatMap((o) =>
    o.kind === 'plan' ? [{ tf: o.tf, action: o.action, to: o.to === null ? null : placeOfText(s, o.to), ask: o.ask, ended: false }] : [],
  );

export type PlanStep =
  | { readonly kind: 'move'; readonly tf: number; readonly to: string }
  | { readonly kind: 'unload'; readonly tf: number }
  | { readonly kind: 'skip'; readonly tf: number; readonly line: number | null; readonly note: string; readonly rule: string }
  | { readonly kind: 'done'; readonly tf: number; readonly line: number | null };

/** What the side's plan does this phase with each TF the side gave no order of its own. */
export function planSteps(s: SolState, side: SolSide, ordered: ReadonlySet<number>): PlanStep[] {
  const plan = s.plans[side];
  const out: PlanStep[] = [];
  for (const tf of Object.values(s.forces[side].taskForces).sort((a, b) => a.id - b.id)) {
    const line = lineOf(plan, tf.id);
    if (ordered.has(tf.id) || !line || line.ended || line.action === 'hold') continue;
    const skip = (note: string, rule: string) => out.push({ kind: 'skip', tf: tf.id, line: line.tf, note, rule });
    const to = line.action === 'return' ? homeOf(s, side, tf) : line.to!;
    if (s.bases[to] && s.bases[to].side !== side) {
      skip(`PLAN for TF ${tf.id}: ${to} is an enemy major base`, '8.1');
      continue;
    }
    const aboard = s.forces[side].ground.some((g) => g.at === aboardOf(tf.id)) || tf.ships.some((x) => s.forces[side].ships[x].supply > 0);
    if (line.action === 'unload' && !aboard) skip(`PLAN for TF ${tf.id}: nothing aboard to unload at ${to}`, '19.4');
    else if (line.action === 'unload' && tf.at === to) out.push({ kind: 'unload', tf: tf.id });
    else if (tf.at === to) out.push({ kind: 'done', tf: tf.id, line: line.tf });
    else out.push({ kind: 'move', tf: tf.id, to });
  }
  return out;
}

/** The lines naming TFs the side no longer has (10.4, 10.11): skipped, with their note. */
export const goneLines = (s: SolState, side: SolSide): PlanLine[] =>
  (s.plans[side]?.lines ?? []).filter((l) => !l.ended && l.tf !== null && !(String(l.tf) in s.forces[side].taskForces));
