/**
 * 5a-e, 5a1a-c: the USN's Ready squadrons go into the missions committed at 5a-a/b (ASSIGN AS
 * COMMITTED, the default, flies each as planned; `ASSIGN CV-2 VF 1 TO CAP` sets how many of a type
 * fly one committed mission, the player having seen the IJN's launches), then CAP is placed over
 * its own hex (5a1b) and strikes and escorts fly to their target hexes (5a1c). A mission not
 * committed cannot be flown (its CP were not paid); squadrons flying from a carrier or base not
 * their own cost the extra CP of 21.4.
 */
import type { AirType, CoralBox } from '../../box/schema';
import type { AirMission, CoralOrder, CoralState } from '../../types';
import { type AirFold, costOf, lacksCp, type Problem, problem, refuse, spendCp } from './fold';
import type { AirCounts } from './state';
import { readyUnits, take } from './transfer';
import { type AirMove, airDistance, homeName, homeNamed, missionRange, orderCounts, shown } from './units';
import { usnTarget } from './missions';

type AssignOrder = Extract<CoralOrder, { kind: 'assign' }>;

const assignText = (o: AssignOrder) =>
  `ASSIGN ${shown(o.from)} ${orderCounts(o.air)} TO ${o.mission.toUpperCase()}${o.target ? ` AT ${o.target}` : ''}`;

/** The committed mission an ASSIGN names, or the problem. */
function missionNamed(s: CoralState, box: CoralBox, o: AssignOrder): AirMission | Problem {
  const from = homeNamed(s, box, 'usn', o.from);
  if (!from) return problem(`${o.from} is not a USN carrier or airbase`, '5.6 5a1a');
  let mine = (s.airMissions ?? []).filter((m) => m.side === 'usn' && m.from === from && m.mission === o.mission);
  if (o.target) {
    const t = usnTarget(s, box, o.target);
    mine = 'problem' in t ? [] : mine.filter((m) => m.target === t.target);
  }
  if (mine.length === 1) return mine[0];
  if (!mine.length)
    return problem(
      `no ${o.mission.toUpperCase()} from ${o.from}${o.target ? ` at ${o.target}` : ''} was committed at 5a-a/b: only committed missions fly (their CP are paid then)`,
      '5.6 5a1a',
    );
  return problem(`${o.from} has ${mine.length} ${o.mission.toUpperCase()} missions: add AT <target>`, '5.6 5a1a');
}

/** How many of each type fly each committed USN mission after the phase's ASSIGN orders. */
export function assignments(s: CoralState, box: CoralBox, orders: readonly CoralOrder[], f?: AirFold): Map<string, AirCounts> {
  const out = new Map<string, AirCounts>();
  for (const m of s.airMissions ?? []) if (m.side === 'usn') out.set(m.id, { ...m.planned });
  for (const o of orders) {
    if (o.kind !== 'assign') continue;
    const m = missionNamed(s, box, o);
    const bad = 'problem' in m ? m : rangeProblem(s, box, m, o.air);
    if (bad) {
      if (f) refuse(f, assignText(o), bad);
      continue;
    }
    const mission = m as AirMission;
    out.set(mission.id, { ...out.get(mission.id), ...o.air });
  }
  return out;
}

function rangeProblem(s: CoralState, box: CoralBox, m: AirMission, air: AirCounts): Problem | null {
  const d = airDistance(box, m.fromHex, m.targetHex);
  for (const [t, n] of Object.entries(air) as [AirType, number][]) {
    if (!n) continue;
    if (m.mission !== 'strike' && t !== 'VF' && t !== 'LF')
      return problem(`${t} are not fighters: only VF and LF fly ${m.mission.toUpperCase()}`, '22.1');
    if (d > missionRange(box, 'usn', t, m.extended))
      return problem(`${m.target} is ${d} hexes away; ${t} reach ${missionRange(box, 'usn', t, m.extended)}`, '21.2');
  }
  if (m.mission !== 'cap' && s.weather === 'bad' && d > 2) return problem('bad weather: no strike beyond two hexes', '36');
  return null;
}

/** The moves that launch every committed USN mission as assigned, or the problem with an origin's squadrons. */
export function launchPlan(s: CoralState, assigned: Map<string, AirCounts>): { moves: AirMove[]; extra: string[] } | Problem {
  const moves: AirMove[] = [];
  const extra = new Set<string>();
  const left = new Map<string, number>();
  for (const m of s.airMissions ?? []) {
    if (m.side !== 'usn') continue;
    for (const [type, n] of Object.entries(assigned.get(m.id) ?? {}) as [AirType, number][]) {
      if (!n) continue;
      const units = readyUnits(s, m.from, type)
        .map((u) => ({ ...u, strength: u.strength - (left.get(u.id) ?? 0) }))
        .filter((u) => u.strength > 0);
      const have = units.reduce((k, u) => k + u.strength, 0);
      if (have < n)
        return problem(
          `${homeName(m.from)} has ${have} ready ${type} left for ${m.mission.toUpperCase()}, not ${n}: assign fewer`,
          '5.6 5a1a',
        );
      for (const { unit, strength } of take(units, n)) {
        left.set(unit.id, (left.get(unit.id) ?? 0) + strength);
        if (unit.original) extra.add(m.from);
        moves.push({
          id: unit.id,
          strength,
          to: {
            home: m.from,
            box: m.mission,
            flyingTo: m.targetHex,
            ...(m.target ? { target: m.target } : {}),
            ...(m.extended ? { extendedRange: true } : {}),
            ...(unit.original ? { original: unit.original } : {}),
          },
        });
      }
    }
  }
  return { moves, extra: [...extra] };
}

/** 5a-e, 5a1a-c for the USN: assign, pay the extra CP, launch. */
export function runAssign(f: AirFold, box: CoralBox, orders: readonly CoralOrder[]): void {
  const assigned = assignments(f.s, box, orders, f);
  let plan = launchPlan(f.s, assigned);
  if ('problem' in plan) {
    refuse(f, 'ASSIGN', plan);
    plan = launchPlan(f.s, assignments(f.s, box, []));
    if ('problem' in plan) throw new Error(`committed missions cannot be flown as planned: ${plan.problem}`);
  }
  const cost = costOf(box, 'fly-from-other-base');
  for (const from of plan.extra) {
    const short = lacksCp(f.s, cost, `flying from ${homeName(from as never)}, not the squadrons' own carrier or base`);
    if (short) {
      refuse(f, `launch from ${homeName(from as never)}`, short);
      plan = { moves: plan.moves.filter((m) => !(m.to.home === from && m.to.original)), extra: [] };
    } else spendCp(f, cost, `flying from ${homeName(from as never)} (not their own)`, '21.4');
  }
  if (plan.moves.length) f.emit({ type: 'coral.air.launched', data: { side: 'usn', moves: plan.moves, rule: '5.6 5a1b-c' } });
}

export const hasAssignProblem = (s: CoralState, box: CoralBox, orders: readonly CoralOrder[]): Problem | null => {
  const p = launchPlan(s, assignments(s, box, orders));
  return 'problem' in p ? p : null;
};
