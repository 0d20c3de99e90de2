/**
 * 5a-a, 5a-b: the USN commits its air missions and pays for them from Operations: one CP a
 * land-based mission, two a carrier mission (5.6). A mission is one carrier or base against one
 * target hex, a strike with its escort together, or CAP over the origin's own hex (brief 9.10).
 * Strikes and escorts go only against identified IJN TFs or IJN bases (28.4); each type must reach
 * the target (21.2: out and back, the carrier not moving in between), at extended range only under
 * rule 32 (32.0); in bad weather no farther than two hexes (36, result 6); damaged carriers launch
 * nothing (15.1). The squadrons named are the plan; 5a1a puts the Ready ones into it.
 */
import { AIR_TYPES, type AirType, BASES, type CoralBox, IJN_TFS } from '../../box/schema';
import type { AirMission, CoralOrder, CoralState } from '../../types';
import { type AirFold, costOf, lacksCp, type Problem, problem, refuse, spendCp } from './fold';
import type { AirCounts, AirHome } from './state';
import { readyUnits } from './transfer';
import { airDistance, homeHex, homeName, homeNamed, isCarrier, missionRange, operates, orderCounts, placeHex, shown } from './units';

type MissionOrder = Extract<CoralOrder, { kind: 'mission' }>;

const FIGHTERS: readonly AirType[] = ['VF', 'LF'];
export const isFighter = (t: AirType): boolean => FIGHTERS.includes(t);

export const missionText = (o: MissionOrder): string =>
  `${o.mission.toUpperCase()} ${shown(o.from)} ${orderCounts(o.air)}${o.target ? ` AT ${o.target}` : ''}${o.extended ? ' EXTENDED' : ''}`;

/** An IJN TF by name (CSF) or alias (IJN-TF-1), or an IJN base: the target and its hex, or the problem. */
export function usnTarget(s: CoralState, box: CoralBox, name: string): { target: string; hex: string } | Problem {
  const word = name.trim().toUpperCase();
  const alias = /^IJN-TF-([1-5])$/.exec(word);
  const tfId = alias ? IJN_TFS[Number(alias[1]) - 1] : (IJN_TFS as readonly string[]).find((t) => t === word);
  if (tfId) {
    const tf = s.taskForces[tfId];
    if (!tf || tf.hex === null || tf.gone) return problem(`${tfId} is not on the map`, '22.2');
    if (!tf.identified) return problem(`${tfId} is unidentified: strikes and escorts go only against identified IJN TFs or bases`, '28.4');
    return { target: tfId, hex: tf.hex };
  }
  const base = BASES.find((b) => b.toLowerCase() === name.trim().replace(/\s+/g, '-').toLowerCase());
  if (base && box.bases[base].side.value === 'ijn') {
    const hex = placeHex(box, base);
    if (hex) return { target: base, hex };
  }
  return problem(`${name} is neither an IJN TF (CSF, PMG, TG, SG, CG) nor an IJN base (Rabaul, Lae)`, '22.2');
}

/** Squadrons of each type already planned from an origin this phase. */
const plannedFrom = (s: CoralState, from: AirHome): AirCounts => {
  const out: AirCounts = {};
  for (const m of s.airMissions ?? [])
    if (m.side === 'usn' && m.from === from)
      for (const [t, n] of Object.entries(m.planned)) out[t as AirType] = (out[t as AirType] ?? 0) + (n ?? 0);
  return out;
};

/** The mission an order commits (merged into one already committed for the same origin and target), with its CP, or the problem. */
export function planMission(s: CoralState, box: CoralBox, order: MissionOrder): { mission: AirMission; cost: number } | Problem {
  const o = { ...order, from: shown(order.from) };
  const from = homeNamed(s, box, 'usn', o.from);
  if (!from) return problem(`${o.from} is not a USN carrier or airbase: name a carrier (CV-1) or a base (Port-Moresby)`, '22.1');
  if (!operates(s, box, from))
    return problem(`${o.from} cannot launch aircraft (a damaged carrier cannot, 15.1; a base at 0 is closed, 23.3)`, '15.1');
  const fromHex = homeHex(s, box, from);
  if (!fromHex) return problem(`${o.from} is not on the map`, '22.1');
  if (o.extended && !s.options.extendedRange) return problem('extended range is optional rule 32, not in play in this game', '32.0');
  let target: string | undefined;
  let targetHex = fromHex;
  if (o.mission === 'cap') {
    if (o.target) return problem('CAP flies over its own carrier or base (5a1b): leave out AT', '5.6 5a1b');
  } else if (o.target) {
    const t = usnTarget(s, box, o.target);
    if ('problem' in t) return t;
    target = t.target;
    targetHex = t.hex;
  } else if (o.mission === 'escort') {
    const strikes = (s.airMissions ?? []).filter((m) => m.side === 'usn' && m.from === from && m.mission === 'strike');
    if (strikes.length !== 1)
      return problem(`say which strike from ${o.from} the escort flies with: ESCORT ${o.from} VF n AT <target>`, '22.1');
    target = strikes[0].target;
    targetHex = strikes[0].targetHex;
  } else return problem('a strike needs a target: STRIKE <carrier or base> <squadrons> AT <IJN TF or base>', '22.2');
  const counts = Object.entries(o.air).filter(([, n]) => (n ?? 0) > 0) as [AirType, number][];
  if (!counts.length) return problem(`name the squadrons, e.g. ${o.mission.toUpperCase()} ${o.from} VF 2`, '22.1');
  const distance = airDistance(box, fromHex, targetHex);
  if (o.mission !== 'cap' && s.weather === 'bad' && distance > 2)
    return problem(`bad weather: no strike or escort beyond two hexes until the night's end; ${target} is ${distance} away`, '36');
  const already = plannedFrom(s, from);
  for (const [type, n] of counts) {
    if (!(AIR_TYPES as readonly string[]).includes(type))
      return problem(`${type} is not an air type (VF, VB, VT, LF, LD, LMB, LHB)`, '3.11');
    if (o.mission !== 'strike' && !isFighter(type))
      return problem(`${type} are not fighters: only VF and LF fly ${o.mission.toUpperCase()}`, '22.1');
    const ready = readyUnits(s, from, type).reduce((k, u) => k + u.strength, 0) - (already[type] ?? 0);
    if (ready < n)
      return problem(
        `${o.from} has ${Math.max(0, ready)} ready ${type} not yet committed (fatigued squadrons cannot fly, 21.6), not ${n}`,
        '21.6',
      );
    const range = missionRange(box, 'usn', type, o.extended);
    if (distance > range)
      return problem(
        `${target} is ${distance} hexes from ${o.from}; ${type} reach ${range}${o.extended ? ' at extended range' : s.options.extendedRange ? ' (EXTENDED: 32.0)' : ''}`,
        o.extended ? '32.0' : '21.2',
      );
  }
  const id = `usn:${homeName(from)}:${o.mission}${target ? `:${target}` : ''}${o.extended ? ':extended' : ''}`;
  const paidHex = (s.airMissions ?? []).some(
    (m) =>
      m.side === 'usn' && m.from === from && (o.mission === 'cap' ? m.mission === 'cap' : m.mission !== 'cap' && m.targetHex === targetHex),
  );
  const cost = paidHex ? 0 : costOf(box, isCarrier(from) ? 'carrier-air-mission' : 'land-air-mission');
  const short = lacksCp(s, cost, `a ${isCarrier(from) ? 'carrier' : 'land-based'} air mission`);
  if (short) return short;
  const before = (s.airMissions ?? []).find((m) => m.id === id);
  const planned: AirCounts = { ...(before?.planned ?? {}) };
  for (const [type, n] of counts) planned[type] = (planned[type] ?? 0) + n;
  return {
    mission: {
      id,
      side: 'usn',
      mission: o.mission,
      from,
      fromHex,
      ...(target ? { target } : {}),
      targetHex,
      extended: o.extended,
      planned,
      cp: (before?.cp ?? 0) + cost,
    },
    cost,
  };
}

/** Commits the phase's mission orders in the order given, refusing any the rules do not allow. */
export function runMissions(f: AirFold, box: CoralBox, orders: readonly CoralOrder[]): void {
  for (const o of orders) {
    if (o.kind !== 'mission') continue;
    const plan = planMission(f.s, box, o);
    if ('problem' in plan) {
      refuse(f, missionText(o), plan);
      continue;
    }
    const rule = isCarrier(plan.mission.from) ? '5.6 5a-b' : '5.6 5a-a';
    spendCp(f, plan.cost, `${o.mission} from ${o.from}`, rule);
    f.emit({ type: 'coral.air.committed', data: { mission: plan.mission }, visibleTo: ['usn'] });
  }
}

/** Defaults when the USN says nothing (brief 4): CAP with every carrier's ready VF while Operations CP last. */
export function defaultMissionOrders(s: CoralState, box: CoralBox): CoralOrder[] {
  let left = s.cp.slots.operations;
  const out: CoralOrder[] = [];
  const cost = costOf(box, 'carrier-air-mission');
  for (const ship of Object.values(s.ships)) {
    if (ship.side !== 'usn' || !(ship.type === 'CV' || ship.type === 'CVL') || !operates(s, box, ship.key)) continue;
    const vf = readyUnits(s, ship.key, 'VF').reduce((k, u) => k + u.strength, 0);
    if (vf > 0 && left >= cost) {
      out.push({ kind: 'mission', mission: 'cap', from: ship.id, air: { VF: vf }, extended: false });
      left -= cost;
    }
  }
  return out;
}
