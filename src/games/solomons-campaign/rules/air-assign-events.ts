/**
 * Air mission assignments (optional rule 45.0, rules/air-assign.ts): the ASSIGN line, the state's
 * assignments of the turn and their events (each its side's own, 45.2), with no rule checks, so the
 * mission checks (rules/air-check.ts) read them without an import cycle.
 */
import type { RulesEvent } from '../../../engine/ruleset';
import type { AirPool, SolSide, SolState } from '../state';
import { AIR_WORDS, type AirMission, kindName } from './air-orders';

export interface Assignment {
  /** the take-off place as the state names it: a base, a hex id or a carrier id */
  readonly from: string;
  readonly service: AirPool['service'];
  readonly type: AirPool['type'];
  readonly mission: AirMission;
  readonly points: number;
}

export interface AssignOrder extends Assignment {
  readonly kind: 'assign';
}

export const isAssignOrder = (o: { kind: string }): o is AssignOrder => o.kind === 'assign';

const MISSION: Readonly<Record<string, AirMission>> = {
  CAP: 'cap',
  STRIKE: 'strike',
  RECON: 'recon',
  COUNTERSTRIKE: 'counterstrike',
  CAS: 'cas',
};

export function parseAssignLine(line: string): AssignOrder | string {
  const m = /^ASSIGN\s+(\d+)\s+([A-Z]+(?:-[AN])?)\s+(?:AT|FROM)\s+(.+?)\s+(?:TO\s+)?(CAP|STRIKE|RECON|COUNTERSTRIKE|CAS)$/i.exec(
    line.trim(),
  );
  if (!m) return 'expected ASSIGN <n> <air> AT <base|hex|carrier> CAP|STRIKE|RECON|COUNTERSTRIKE|CAS, or NONE (45.2)';
  const kind = AIR_WORDS[m[2].toUpperCase()];
  if (!kind) return `${m[2]} is no air kind: NAC, LAC-N, LAC-A or SAC (2.12)`;
  const points = Number(m[1]);
  if (points < 1) return 'an assignment takes at least one air point (2.12)';
  return { kind: 'assign', points, ...kind, from: m[3].trim(), mission: MISSION[m[4].toUpperCase()] };
}

export const formatAssignOrder = (o: AssignOrder) =>
  `ASSIGN ${o.points} ${kindName(o.service, o.type)} AT ${o.from} ${o.mission.toUpperCase()}`;

export const assignedOf = (s: SolState, side: SolSide): readonly Assignment[] => s.assigned?.[side] ?? [];

const sameKind = (a: Pick<Assignment, 'from' | 'service' | 'type'>, from: string, service: string, type: string) =>
  a.from === from && a.service === service && a.type === type;

/** Points of a kind at a place assigned to a mission this turn, or to any mission (`mission` null). */
export function assignedTo(s: SolState, side: SolSide, from: string, service: string, type: string, mission: AirMission | null): number {
  return assignedOf(s, side)
    .filter((a) => sameKind(a, from, service, type) && (mission === null || a.mission === mission))
    .reduce((t, a) => t + a.points, 0);
}

/** 45.2: a mission line flies only points assigned to its mission at its take-off place (checked by checkAir). */
export function assignmentProblem(
  s: SolState,
  side: SolSide,
  from: string,
  service: string,
  type: string,
  mission: AirMission,
  want: number,
) {
  const have = assignedTo(s, side, from, service, type, mission);
  if (want <= have) return null;
  const others = assignedOf(s, side)
    .filter((a) => sameKind(a, from, service, type) && a.mission !== mission && a.points > 0)
    .map((a) => `${a.points} to ${a.mission.toUpperCase()}`);
  return {
    problem: `${from} has ${have} ${kindName(service as never, type as never)} assigned to ${mission.toUpperCase()} this turn, not ${want}${others.length ? `; ${others.join(', ')}, a mission they keep for the turn (abort it, but no substitute)` : ''}`,
    rule: '45.2',
  };
}

export type AssignEvent =
  | RulesEvent<'sol.air-assigned', { side: SolSide; assignments: readonly Assignment[] }>
  | RulesEvent<
      'sol.air-assignment-flown',
      { side: SolSide; from: string; service: AirPool['service']; type: AirPool['type']; mission: AirMission; points: number }
    >;

export const isAssignEvent = (e: { type: string }): e is AssignEvent =>
  e.type === 'sol.air-assigned' || e.type === 'sol.air-assignment-flown';

export function evolveAssign(s: SolState, e: AssignEvent): SolState {
  const mine = assignedOf(s, e.data.side);
  const list: Assignment[] = [...mine];
  if (e.type === 'sol.air-assigned')
    for (const a of e.data.assignments) {
      const i = list.findIndex((x) => sameKind(x, a.from, a.service, a.type) && x.mission === a.mission);
      if (i >= 0) list[i] = { ...list[i], points: list[i].points + a.points };
      else list.push(a);
    }
  else {
    const d = e.data;
    const i = list.findIndex((x) => sameKind(x, d.from, d.service, d.type) && x.mission === d.mission);
    if (i >= 0) list[i] = { ...list[i], points: Math.max(0, list[i].points - d.points) };
  }
  const assigned = { japanese: assignedOf(s, 'japanese'), us: assignedOf(s, 'us'), [e.data.side]: list.filter((a) => a.points > 0) };
  return { ...s, assigned };
}

export function narrateAssign(e: AssignEvent): string[] {
  const who = e.data.side === 'us' ? 'United States' : 'Japan';
  if (e.type === 'sol.air-assigned')
    return [
      `${who} assigns air to missions for the turn (45.2): ${e.data.assignments.map((a) => `${a.points} ${kindName(a.service, a.type)} at ${a.from} to ${a.mission.toUpperCase()}`).join('; ')}.`,
    ];
  return [];
}
