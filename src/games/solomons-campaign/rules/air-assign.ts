/**
 * Air mission assignment (optional rule 45.0). Without it a side names a mission when the mission
 * flies (22.1). With it an Air Mission Assignment Sub-Segment comes before the Offensive Air
 * Mission Sub-Segment (45.1): at the start of each Execution Phase, before the first player's
 * Operations Phase, both sides at once and in secret (a simultaneous step, each side's lines and
 * events its own) assign air points to missions (45.2):
 *
 *   ASSIGN 12 LAC-N AT Rabaul STRIKE         points of a kind at a base, hex or carrier, to a mission
 *   ASSIGN 4 NAC AT CV-1 CAP                 (CAP, STRIKE, RECON, COUNTERSTRIKE for carrier NAC, CAS for US Navy LAC)
 *
 * An assignment holds for the game turn (cleared with 22.1's marks in the Recovery Segment, 3C):
 * a mission line may fly only points assigned to its mission at its take-off place, and points
 * once assigned may not be assigned again (no change of mission, 45.2). Aborting is leaving an
 * assigned mission unflown: the points keep their mission, so nothing else may be flown with them
 * (no substitute, 45.2). A strike, recon or counterstrike flown uses its points' assignment up (the
 * points are fatigued and fly no other offensive mission this turn, 22.1); CAP may fly again. The
 * missions are revealed when resolved: an assignment, and its use, is its side's alone; the enemy
 * learns a mission from the events that resolve it (air superiority, AA, strikes), as without the
 * option. Read here: air transfer and transport (2A2a) come before 2A3a and are no missions to
 * assign; an assignment belongs to its take-off place (points flown away leave it there).
 */
import type { AdjudicationContext, RulesEvent } from '../../../engine/ruleset';
import { SIDES, type SolSide, type SolState } from '../state';
import { availableAt, type Source, sourceOf } from './air-check';
import { assignedTo, isAssignOrder } from './air-assign-events';
import { airOptions } from './air-defence';
import { nightProblem } from './air-night';
import { type AirMission, kindName } from './air-orders';
import type { Problem } from './planning';

/** Points of a kind at a place able to fly a mission now and not assigned yet (45.2: assigned points keep their mission). */
export function unassigned(s: SolState, side: SolSide, src: Source, service: string, type: string, mission: AirMission): number {
  const able =
    mission === 'cap'
      ? availableAt(s, side, src, service, type, 'cap') + availableAt(s, side, src, service, type, 'cap', true)
      : availableAt(s, side, src, service, type, mission);
  return Math.max(0, able - assignedTo(s, side, src.from, service, type, null));
}

/** The ASSIGN lines' problems, each with its index in `orders`. */
export function checkAssign(s: SolState, side: SolSide, orders: readonly { kind: string }[]): Problem[] {
  const problems: Problem[] = [];
  const used = new Map<string, number>();
  for (const [index, o] of orders.entries()) {
    if (!isAssignOrder(o)) continue;
    const bad = (problem: string, rule: string) => problems.push({ index, problem, rule });
    const night = nightProblem(s, side, o);
    if (night) {
      bad(night.problem, night.rule);
      continue;
    }
    const src = sourceOf(s, side, o.from);
    if (typeof src === 'string') {
      bad(src, '21.4');
      continue;
    }
    if (src.carrier && o.type !== 'NAC') bad('only NAC fly from carriers', '21.3');
    else if (o.mission === 'counterstrike' && !src.carrier) bad('a counterstrike is flown by carrier NAC', '50.0 Air Mission Chart');
    else if (o.mission === 'cap' && o.type === 'SAC') bad('SAC fly no CAP', '50.0 Air Mission Chart');
    else if (o.mission === 'cas' && side !== 'us') bad('only the US flies close air support (a US attack only)', '28.3 (2)');
    else if (o.mission === 'cas' && (o.type !== 'LAC' || o.service !== 'navy'))
      bad(`close air support is flown by US Navy LAC (LAC-N) only, not ${kindName(o.service, o.type)}`, '50.0 Air Mission Chart');
    else {
      const key = `${src.from}|${o.service}|${o.type}`;
      const want = (used.get(key) ?? 0) + o.points;
      used.set(key, want);
      const free = unassigned(s, side, src, o.service, o.type, o.mission);
      if (want > free) {
        const held = assignedTo(s, side, src.from, o.service, o.type, null);
        bad(
          `${src.from} has ${free} ${kindName(o.service, o.type)} able to fly this mission and not assigned yet, not ${want}${held ? ` (${held} already assigned this turn keep their mission)` : ''}`,
          '45.2',
        );
      }
    }
  }
  return problems;
}

/** The side has air able to fly now that it has not assigned yet: it is asked at the Assignment Sub-Segment. */
export function assignWanted(s: SolState, side: SolSide): boolean {
  if (!s.options.airMissionAssignment) return false;
  return airOptions(s, side).some((o) => {
    const src: Source = { from: o.from, hex: o.hex, carrier: o.carrier };
    return (['cap', 'strike'] as const).some(
      (m) => (m === 'cap' ? o.cap : o.strike) > 0 && unassigned(s, side, src, o.service, o.type, m) > 0,
    );
  });
}

/** 45.1: an Execution Phase opens with the Assignment Sub-Segment when a side has air to assign, else with the first player's Operations Phase. */
export function enterExecutionPhase(s: SolState, x: number, first: SolSide): RulesEvent {
  const at: SolState = { ...s, x, phasing: first, phase: 'assign' };
  const phase = SIDES.some((side) => assignWanted(at, side)) ? 'assign' : 'ops';
  return { type: 'sol.phase', data: { phase, x, phasing: first } };
}

/** The Assignment Sub-Segment (45.2): each side's assignments, its own; then the first player's Operations Phase. */
export function resolveAssign(s: SolState, given: Readonly<Record<string, readonly { kind: string }[]>>, ctx: AdjudicationContext): void {
  for (const side of SIDES) {
    const mine = given[side] ?? [];
    const problems = checkAssign(s, side, mine);
    if (problems.length) throw new Error(`solomons-campaign: assignments of ${side} passed validation but fail: ${problems[0].problem}`);
    const assignments = mine.filter(isAssignOrder).map(({ kind: _k, ...a }) => {
      const src = sourceOf(s, side, a.from) as Source;
      return { ...a, from: src.from };
    });
    if (assignments.length) ctx.emit({ type: 'sol.air-assigned', data: { side, assignments }, visibleTo: [side] });
  }
  ctx.emit({ type: 'sol.phase', data: { phase: 'ops', x: s.x, phasing: s.first } });
}
