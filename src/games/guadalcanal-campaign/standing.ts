/**
 * Standing missions (issue 31: "with standing missions a night turn needs no mail and a day turn
 * one"): instructions a side gives once, that stand until it changes them (src/engine/standing.ts:
 * one line changes one kind). The original program kept a TF on its mission until told otherwise;
 * by mail these say what the umpire does at a step the side would rather not be asked at.
 *
 *   STANDING NIGHT HOLD   at a PM turn's orders step (3.4) every TF holds unasked, as at a deadline
 *                         (5.3); in force from the start; STANDING ASK NIGHT to be asked every night
 *   STANDING NIGHT COURSE TF 15 TO 21,20
 *                         and at night that TF steams for that square with its movement points (5.2),
 *                         off the land, until it is there; the NIGHT lines of a mail replace them all
 *   STANDING AIR AUTO     the air steps of every AM turn answered unasked (7.1-7.3): half of each base's
 *                         and carrier's fighters on CAP over it, two bombers of each land base on search,
 *                         and each base or carrier with bombers in range of a TF of this turn's report
 *                         striking the nearest with every aircraft that reaches it (players/mail-plan.ts)
 *
 * The answers are drawn from the side's view of the step and kept to what the rules accept there
 * (an order the rules refuse is left out, so a standing answer is never refused).
 */
import type { LineError, ParseResult, Side, StandingKind, StepInfo } from '../../engine/ruleset';
import type { GcOrder } from './orders';
import { isOrdersStep } from './orders';
import { airPlan, steer } from './players/mail-plan';
import { walkAir } from './rules/air';
import { walkOrders } from './rules/movement';
import { type GcSide, type GcState, isAm } from './state';
import { viewGc } from './view';

export interface GcStanding {
  readonly night?: 'hold';
  /** NIGHT COURSE: the square each TF steams for at night, by TF number */
  readonly courses?: Readonly<Record<string, readonly [number, number]>>;
  readonly air?: 'auto';
}

/** 3.4, 5.3: the night orders steps; in force from the start (a night's default is the deadline's: every TF holds). */
export const NIGHT_KIND: StandingKind = {
  word: 'NIGHT',
  title: 'task force orders at night (PM turns)',
  rule: '3.4, 5.3',
  lines: /^NIGHT\b/i,
  defaults: () => ['NIGHT HOLD'],
  example: 'NIGHT COURSE TF 15 TO 21,20',
};

/** 7.1-7.3: the air steps of AM turns; none from the start (the side is asked). */
export const AIR_KIND: StandingKind = {
  word: 'AIR',
  title: 'CAP, search and strikes by day (AM turns)',
  rule: '7.1-7.3',
  lines: /^AIR\b/i,
  example: 'AIR AUTO',
};

const HINT =
  'STANDING NIGHT HOLD | STANDING NIGHT COURSE TF 15 TO 21,20 | STANDING AIR AUTO (STANDING ASK NIGHT, STANDING ASK AIR: be asked)';

export function parseGcStanding(text: string): ParseResult<GcStanding> {
  const st: { night?: 'hold'; courses?: Record<string, [number, number]>; air?: 'auto' } = {};
  const errors: LineError[] = [];
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    const body = raw
      .replace(/#.*$/, '')
      .trim()
      .replace(/^standing\b\s*/i, '')
      .toUpperCase()
      .split(/\s+/)
      .join(' ');
    if (!body) continue;
    const course = /^NIGHT COURSE TF ?(\d+) TO (\d+) ?, ?(\d+)$/.exec(body);
    if (course && [course[2], course[3]].every((x) => Number(x) >= 1 && Number(x) <= 40)) {
      st.night = 'hold';
      st.courses = { ...st.courses, [course[1]]: [Number(course[2]), Number(course[3])] };
    } else if (body === 'NIGHT HOLD') st.night = 'hold';
    else if (body === 'AIR AUTO') st.air = 'auto';
    else errors.push({ line: i + 1, text: raw.trim(), problem: `no standing instruction "${body}"`, hint: HINT });
  }
  return errors.length ? { ok: false, errors, orders: [st] } : { ok: true, orders: [st] };
}

/** The orders a side's standing instructions give at `step`, or null when none answers it (the side is asked). */
export function answerGcStanding(s: GcState, side: Side, step: StepInfo, standing: unknown): readonly GcOrder[] | null {
  const st = ((standing as readonly GcStanding[] | undefined)?.[0] ?? {}) as GcStanding;
  if (isOrdersStep(step)) return st.night === 'hold' && !isAm(step.turn) ? nightCourses(s, side as GcSide, st.courses ?? {}) : null;
  if (st.air !== 'auto') return null;
  return legalAir(s, side as GcSide, airPlan(viewGc(s, side), step));
}

/** 5.2: each TF with a course steams for its square, the rest hold; a move the rules refuse is left out (the TF holds). */
function nightCourses(s: GcState, side: GcSide, courses: Readonly<Record<string, readonly [number, number]>>): GcOrder[] {
  const k = viewGc(s, side).known;
  let moves = k.taskForces
    .filter((tf) => courses[tf.id])
    .sort((a, b) => a.id - b.id)
    .map(
      (tf): GcOrder => ({ kind: 'move', tf: tf.id, dirs: steer(k, tf, { col: courses[tf.id][0], row: courses[tf.id][1] }), dock: false }),
    )
    .filter((o) => o.kind === 'move' && o.dirs.length > 0);
  for (let tries = 0; tries <= moves.length; tries++) {
    const refused = new Set(walkOrders(s, side, moves).problems.map((p) => p.index));
    if (!refused.size) break;
    moves = moves.filter((_, i) => !refused.has(i));
  }
  return moves;
}

/** The orders the rules accept of `orders`, each refused one left out (NO AIR when none is left). */
function legalAir(s: GcState, side: GcSide, orders: readonly GcOrder[]): GcOrder[] {
  let kept = [...orders];
  for (let tries = 0; tries <= orders.length; tries++) {
    const refused = new Set(walkAir(s, side, kept).problems.map((p) => p.index));
    if (!refused.size) break;
    kept = kept.filter((_, i) => !refused.has(i));
  }
  return kept.length ? kept : [{ kind: 'no-air' }];
}
