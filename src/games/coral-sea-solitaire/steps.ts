/**
 * The sequence of play (5.6) as the game contract's step table, the calendar (5.3, 5.5) and each
 * turn's order of steps. Step ids are `t<turn>/<row>[/<hex or TF>]` (`t3/movement-ijn`,
 * `t5/surface/1808`); USN steps owe the player's orders, IJN steps are the system side's
 * (`owes: system`), bookkeeping owes nothing. Rows marked day-only are skipped on night turns.
 * Each USN row names the kind of standing instruction that answers it (orders/standing-kinds.ts).
 */
import type { StepRow, StepTable } from '../../engine/define';
import type { StandingKind, StepInfo } from '../../engine/ruleset';
import type { CoralSide } from './box/schema';
import * as K from './orders/standing-kinds';

export interface CoralRow extends StepRow {
  /** 5.3: the phase happens on day turns only. */
  readonly dayOnly?: boolean;
  /** Once, before turn 1's command phase (4). */
  readonly setupOnly?: boolean;
  /** A decision inside a phase (not in every turn's sequence): the phase that raises it. */
  readonly decisionOf?: string;
  /** Before the first step, and only with an option on (initialState puts it first): not in any turn's sequence. */
  readonly prelude?: boolean;
}

const usn = (id: string, rule: string, title: string, word: string, extra: Partial<CoralRow> = {}): CoralRow => ({
  id,
  owes: 'one',
  rule,
  title,
  for: word,
  deadline: 'orders',
  ...extra,
});
const ijn = (id: string, rule: string, title: string, extra: Partial<CoralRow> = {}): CoralRow => ({
  id,
  owes: 'system',
  rule,
  title,
  deadline: 'orders',
  ...extra,
});
const none = (id: string, rule: string, title: string, extra: Partial<CoralRow> = {}): CoralRow => ({
  id,
  owes: 'none',
  rule,
  title,
  deadline: 'orders',
  ...extra,
});
const decision = (id: string, rule: string, title: string, word: string, of: string, kind: StandingKind): CoralRow => ({
  id,
  owes: 'one',
  rule,
  title,
  for: word,
  deadline: 'battle',
  deadlineWords: 'a decision in combat',
  decisionOf: of,
  standing: [kind],
});

/** Every kind of step, in the order of 4 and 5.6. */
export const ROWS: readonly CoralRow[] = [
  none('deployment-rolls', '35', 'optional deployment: where and when each TF begins', { setupOnly: true, prelude: true }),
  usn('deployment', '4.2', 'USN initial deployment', 'DEPLOYMENT', { setupOnly: true, deadline: 'placement', deadlineWords: 'setting up' }),
  ijn('ijn-setup', '4.3', 'IJN initial deployment', { setupOnly: true }),
  ijn('random-event', '5.6 1a', 'random events', { dayOnly: true }),
  none('reinforcements', '5.6 1b-1c', 'reinforcements'),
  usn('command-decision', '5.6 1d', 'command decision: CP to the staff slots', 'COMMAND', { dayOnly: true, standing: [K.COMMAND] }),
  usn('organization', '5.6 1e', 'task force organization', 'ORGANIZATION', { dayOnly: true, standing: [K.ORGANIZATION] }),
  usn('air-transfer', '5.6 1f', 'air transfer', 'TRANSFER', { dayOnly: true, standing: [K.TRANSFER] }),
  usn('intelligence', '5.6 1g', 'strategic intelligence', 'INTELLIGENCE', { standing: [K.INTELLIGENCE] }),
  ijn('scouting', '5.6 2a-2b', 'scouting', { dayOnly: true }),
  ijn('initiative', '5.6 3', 'operational initiative'),
  ijn('movement-ijn', '5.6 4a', 'IJN naval movement'),
  usn('movement-usn', '5.6 4b', 'USN naval movement', 'MOVEMENT', { standing: [K.MOVEMENT] }),
  usn('air-missions', '5.6 5a-a, 5a-b', 'USN air mission assignment', 'AIR', { dayOnly: true, standing: [K.AIR] }),
  ijn('air-ijn', '5.6 5a-c, 5a-d', 'IJN air mission assignment', { dayOnly: true }),
  usn('air-assign', '5.6 5a-e, 5a1a-c', 'USN air units to their missions', 'ASSIGN', { dayOnly: true, standing: [K.ASSIGN] }),
  ijn('air-ijn-fighters', '5.6 5a1d-e', 'IJN fighter commitment and strikes', { dayOnly: true }),
  ijn('air-combat', '5.6 5a1f-h', 'air combat', { dayOnly: true }),
  ijn('surface', '5.6 5b', 'surface naval combat'),
  usn('bombard-usn', '5.6 6a', 'USN bombardment', 'BOMBARD', { standing: [K.BOMBARD] }),
  ijn('bombard-ijn', '5.6 6b', 'IJN bombardment'),
  ijn('landings', '5.6 7', 'IJN amphibious landings'),
  none('basing', '5.6 8', 'air basing'),
  usn('logistics-usn', '5.6 9a', 'USN logistics', 'LOGISTICS', { standing: [K.LOGISTICS] }),
  ijn('logistics-ijn', '5.6 9b', 'IJN logistics'),
  none('end-of-turn', '5.6 10', 'end of turn'),
  decision('air-losses', '5.6 5a1f', 'which USN squadrons take the losses', 'LOSSES', 'air-combat', K.LOSSES),
  decision('screen', '33.1', 'which USN ships screen', 'SCREEN', 'surface', K.SCREEN),
  decision('leadership', '8.4', 'use a USN leadership chit', 'LEADERSHIP', 'initiative', K.LEADERSHIP),
  decision('intelligence-choice', '36', 'identify or reveal (Intelligence Table 4-5)', 'CHOICE', 'intelligence', K.CHOICE),
  decision('basing-choice', '21.4', 'where orphaned carrier air lands', 'LAND', 'basing', K.LAND),
];

const byId = new Map(ROWS.map((r) => [r.id, r]));

/** The row a step id belongs to: `t<turn>/<row>[/...]`. */
export function rowIdOf(stepId: string): string {
  const m = /^t\d+\/([^/]+)/.exec(stepId);
  if (!m || !byId.has(m[1])) throw new Error(`step ${stepId} belongs to no row of the Coral Sea step table`);
  return m[1];
}

export const STEP_TABLE: StepTable = { rows: ROWS, rowOf: (step) => rowIdOf(step.id) };

/** 5.3, 5.5: odd turns are day turns. */
export const isDay = (turn: number): boolean => turn % 2 === 1;

/** 5.5: turn 1 is "Day 3 May 1942" and turns alternate Day and Night through "Night 9 May 1942" (the box's calendar). */
export function turnLabel(turn: number, calendar: { month: string; firstDay: number }): string {
  const [month, year] = calendar.month.split(' ');
  return `${isDay(turn) ? 'Day' : 'Night'} ${calendar.firstDay + Math.floor((turn - 1) / 2)} ${month} ${year}`;
}

/** The number of turns a calendar holds (5.5: 14). */
export const turnsOf = (calendar: { firstDay: number; lastDay: number }): number => 2 * (calendar.lastDay - calendar.firstDay + 1);

/**
 * The rows of one turn in order (5.6): the setup before turn 1, day-only phases on day turns, the
 * random event skipped on turn 1 (10.2), and 4a/4b in initiative order, the only pair that swaps.
 */
export function sequenceOf(turn: number, initiative: CoralSide): string[] {
  const day = isDay(turn);
  const rows = ROWS.filter(
    (r) => !r.decisionOf && !r.prelude && (turn === 1 || !r.setupOnly) && (day || !r.dayOnly) && !(turn === 1 && r.id === 'random-event'),
  ).map((r) => r.id);
  if (initiative === 'usn') {
    const a = rows.indexOf('movement-ijn');
    rows[a] = 'movement-usn';
    rows[a + 1] = 'movement-ijn';
  }
  return rows;
}

/** A step of the table for turn `turn`, titled with the date ("Day 4 May 1942: IJN naval movement (5.6 4a)"). */
export function stepInfo(turn: number, rowId: string, calendar: { month: string; firstDay: number }, suffix?: string): StepInfo {
  const row = byId.get(rowId);
  if (!row) throw new Error(`no row ${rowId} in the Coral Sea step table`);
  const owes = row.owes === 'one' ? ['usn'] : [];
  return {
    id: `t${turn}/${rowId}${suffix ? `/${suffix}` : ''}`,
    turn,
    title: `${turnLabel(turn, calendar)}: ${row.title}${suffix ? ` (${suffix})` : ''} (${row.rule})`,
    mode: 'sequential',
    owes,
    rule: row.rule,
  };
}
