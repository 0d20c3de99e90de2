/**
 * The turn's flow (5): the step in play and those to come, as the engine's StepInfo; moving on
 * after each step; the steps an area puts in at the front of the queue (a per-hex combat, a
 * decision). A USN step owes the player's orders only when there is something to decide (`DUE`);
 * otherwise it is resolved at once with no orders, so a quiet phase costs no mail.
 */
import type { StepInfo } from '../../../../engine/ruleset';
import { baseAt, taskForcesOf } from '../../state';
import { isDay, ROWS, sequenceOf, stepInfo } from '../../steps';
import type { CoralState } from '../../types';
import type { CoreEvent } from './events';
import type { CoralFold as F } from './util';

const rowById = new Map(ROWS.map((r) => [r.id, r]));

/** The row and suffix of a step instance (`surface/1808` → `surface`, `1808`). */
export function splitInstance(instance: string): { row: string; suffix?: string } {
  const [row, ...rest] = instance.split('/');
  return rest.length ? { row, suffix: rest.join('/') } : { row };
}

const calendarOf = (s: CoralState) => ({ month: s.box.calendar.month.value, firstDay: s.box.calendar.firstDay.value });

/**
 * Whether the USN has anything to decide at a row's step (true when not listed): without it the
 * step owes nothing and is resolved at once with no orders (the handler then does the defaults the
 * rules give: every TF stays, no mission, no refuel).
 */
export const DUE: Readonly<Record<string, (s: CoralState) => boolean>> = {
  organization: (s) =>
    s.cp.slots.organization >= 2 &&
    taskForcesOf(s, 'usn').some((tf) => tf.ships.length > 1 || taskForcesOf(s, 'usn').some((o) => o !== tf && o.hex === tf.hex)),
  'air-transfer': (s) => s.cp.slots.operations > 0 && s.air.some((a) => a.side === 'usn' && a.box === 'ready'),
  intelligence: (s) =>
    s.cp.slots.intelligence > 0 && (taskForcesOf(s, 'ijn').length > 0 || taskForcesOf(s, 'usn').some((t) => t.identified)),
  'movement-usn': (s) => taskForcesOf(s, 'usn').length > 0,
  'air-missions': (s) => s.cp.slots.operations > 0 && s.air.some((a) => a.side === 'usn' && a.box === 'ready'),
  'bombard-usn': (s) => taskForcesOf(s, 'usn').some((tf) => ijnBaseIn(s, tf.hex)),
  'logistics-usn': (s) => s.cp.slots.logistics > 0,
  leadership: (s) => s.chits.usn > 0,
};

const ijnBaseIn = (s: CoralState, hex: string | null): boolean => {
  const base = hex === null ? undefined : baseAt(s.box, hex);
  return base !== undefined && s.box.bases[base].side.value === 'ijn';
};

/** The StepInfo of a step instance of the turn `turn`: its id, title with the date, and who owes orders now. */
export function stepInfoOf(s: CoralState, instance: string, turn = s.turn, upcoming = false): StepInfo {
  const { row, suffix } = splitInstance(instance);
  const info = stepInfo(turn, row, calendarOf(s), suffix);
  const r = rowById.get(row);
  const owes = r?.owes === 'one' && (upcoming || (DUE[row]?.(s) ?? true)) ? ['usn'] : [];
  return { ...info, owes };
}

/** The step in play, or null when the game is over. */
export function currentStep(s: CoralState): StepInfo | null {
  if (s.result || s.step === 'over') return null;
  return stepInfoOf(s, s.step);
}

/** The steps to come: the rest of this turn, then the next turn's sequence (its initiative not yet known: the IJN's order). */
export function upcomingSteps(s: CoralState): StepInfo[] {
  if (s.result || s.step === 'over') return [];
  const rest = s.queue.map((i) => stepInfoOf(s, i, s.turn, true));
  const next = s.turn < s.lastTurn ? sequenceOf(s.turn + 1, 'ijn').map((i) => stepInfoOf(s, i, s.turn + 1, true)) : [];
  return [...rest, ...next];
}

/** Puts steps in at the front of the turn's queue: they come next, in the order given (an area's decision or per-hex steps). */
export function insertSteps(f: F, steps: readonly string[], rule: string): void {
  if (steps.length) f.emit({ type: 'coral.steps.inserted', data: { steps, rule } } satisfies CoreEvent);
}

/**
 * 8.2, 8.4: the functions a USN leadership chit may be committed to, each asked once a turn as a
 * decision step (`leadership/<fn>`) just before the row that rolls for it, when the USN holds a
 * chit, the box lists a chit for that table and the roll will happen: the intelligence rolls (1g),
 * the operational initiative (3), the USN's air attacks (5a1f-h), and surface combat's tactical
 * initiative and CRT (5b2-5b3).
 */
export const CHIT_FUNCTIONS: Readonly<Record<string, readonly { fn: string; when: (s: CoralState) => boolean }[]>> = {
  intelligence: [{ fn: 'intelligence', when: (s) => s.box.leadership.intelligence !== undefined && DUE.intelligence(s) }],
  initiative: [{ fn: 'initiative', when: (s) => usnChitListed(s.box.tables.operationalInitiative.modifiers) }],
  'air-combat': [
    {
      fn: 'air',
      when: (s) => s.box.crtShifts.leadership !== undefined && s.air.some((a) => a.side === 'usn' && a.box === 'strike'),
    },
  ],
  surface: [
    { fn: 'tactical-initiative', when: (s) => usnChitListed(s.box.tables.tacticalInitiative.modifiers) && surfaceAhead(s) },
    { fn: 'surface-crt', when: (s) => s.box.crtShifts.leadership !== undefined && surfaceAhead(s) },
  ],
};

const usnChitListed = (list: readonly { when: string; side?: string }[]): boolean =>
  list.some((m) => m.when === 'leadership' && (m.side === undefined || m.side === 'usn'));

/** Ships of both sides share a hex: the surface phase will fight there (16.1). */
function surfaceAhead(s: CoralState): boolean {
  const usnHexes = new Set(taskForcesOf(s, 'usn').flatMap((tf) => (tf.hex !== null && tf.ships.length ? [tf.hex] : [])));
  return taskForcesOf(s, 'ijn').some((tf) => tf.hex !== null && tf.ships.length > 0 && usnHexes.has(tf.hex));
}

/** The chit decision owed before `step`, if any (8.4): the first of its functions not yet decided this turn. */
export function chitDecisionBefore(s: CoralState, step: string): string | undefined {
  if (s.chits.usn <= 0) return undefined;
  return CHIT_FUNCTIONS[step]?.find((c) => s.core.usnChit[c.fn] === undefined && c.when(s))?.fn;
}

/**
 * After a step: the next one. 8.4: before a row whose roll takes a USN chit the USN says whether it
 * commits one, when it holds one (CHIT_FUNCTIONS). After the last step of a turn the next turn
 * begins (its sequence with the IJN's movement first until the initiative is rolled); the end step
 * of the last turn ends the game.
 */
export function advance(f: F): void {
  const s = f.s;
  if (s.result) return;
  let queue = [...s.queue];
  let turn = s.turn;
  if (!queue.length) {
    if (turn >= s.lastTurn) throw new Error(`coral-sea-solitaire: turn ${turn} ended with no result (the end step decides it)`);
    turn += 1;
    queue = sequenceOf(turn, 'ijn');
  }
  let [step, ...rest] = queue;
  const fn = chitDecisionBefore(s, step);
  if (fn) {
    rest = [step, ...rest];
    step = `leadership/${fn}`;
  }
  f.emit({ type: 'coral.step', data: { turn, step, queue: rest } } satisfies CoreEvent);
}

export { isDay };
