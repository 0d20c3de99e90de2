/**
 * The mail player's judgement, from the USN's view alone (../view.ts CoralView) and the box's
 * public map and ranges: a plain historical plan. Deploy as 4.2 with the carriers on the Coral Sea
 * side of New Caledonia; share the CP as a careful staff would (7.3); spend intelligence on the IJN
 * carrier forces first (28); take the carriers toward the nearest identified IJN carrier force and
 * stand off at strike range, else to a station in the central Coral Sea, TF-44 toward the Louisiades
 * to meet the Port Moresby invasion (14); strike identified forces within range with the bombers,
 * escort with a fighter, keep the rest over the fleet (22, 28.4); refit and refuel as Logistics pay
 * (9a); commit leadership chits where the turn's fighting will be (8.4). Pure: no state, no dice needed.
 */
import { withoutProvenance } from '../../../engine/box';
import { shortestPath } from '../../kit';
import { boardOf, defaultBox } from '../box';
import type { CoralOrder, StaffSlots } from '../types';
import type { CoralView, TfSeen } from '../view';

const board = boardOf(defaultBox);
const BOX = withoutProvenance<{
  movementPoints: Record<string, number>;
  airRanges: { usn: Record<string, number> };
  map: { places: Record<string, string> };
  constants: { leadershipMax: number };
}>(defaultBox);
const place = (name: string) => BOX.map.places[name];

const live = (tf: TfSeen) => (tf.ships ?? []).filter((s) => s.status === 'ok' || s.status === 'damaged');
const mine = (v: CoralView) => v.taskForces.filter((t) => t.side === 'usn' && t.hex !== null && !t.gone && live(t).length);
const theirs = (v: CoralView) => v.taskForces.filter((t) => t.side === 'ijn' && t.hex !== null && !t.gone);
const hasCarrier = (tf: TfSeen) =>
  (tf.ships ?? []).some((s) => s.back === 'carrier' && (s.status === undefined || s.status === 'ok' || s.status === 'damaged'));
const dist = (a: string, b: string) => board.grid.distance(a, b);
/** An air type's range today (bad weather: 2 at most). */
const rangeOf = (v: CoralView, type: string) => Math.min(v.weather === 'bad' ? 2 : Number.POSITIVE_INFINITY, BOX.airRanges.usn[type] ?? 0);
/** The USN's carriers afloat in its TFs on the map: the only carriers whose air can fly, be refitted or be named (9a1, 22). */
const carriersInPlay = (v: CoralView) =>
  mine(v).flatMap((tf) =>
    live(tf)
      .filter((s) => s.back === 'carrier')
      .map((s) => ({ id: s.id as string, hex: tf.hex as string, ok: s.status === 'ok' })),
  );

/** 4.2: TF-11 and TF-17 one hex toward the Coral Sea, TF-6 with TF-17, TF-9 at New Caledonia, TF-44 at North Australia with Australia's air. */
export function deploymentPlan(v: CoralView): CoralOrder[] {
  const nc = place('New-Caledonia');
  const west =
    board
      .seaNeighbours(nc)
      .sort((a, b) => dist(a, place('Coral-Sea-Station')) - dist(b, place('Coral-Sea-Station')) || (a < b ? -1 : 1))[0] ?? nc;
  const at: Record<string, string> = { 'TF-11': west, 'TF-17': west, 'TF-6': west, 'TF-9': nc, 'TF-44': place('North-Australia') };
  const out: CoralOrder[] = v.taskForces
    .filter((t) => t.side === 'usn' && t.hex === null && !t.gone && t.arrives === undefined && at[t.id])
    .map((t) => ({ kind: 'deploy', tf: t.id, hex: at[t.id] }));
  if (v.options.biggerBattle) out.push({ kind: 'reinforce-cv3', tf: 'TF-17' });
  const australia: Partial<Record<string, number>> = {};
  for (const a of v.air) if (a.side === 'usn' && a.home === 'Australia') australia[a.type] = (australia[a.type] ?? 0) + a.strength;
  if (Object.keys(australia).length) out.push({ kind: 'base-air', base: 'North-Australia', air: australia });
  return out;
}

/** 7.3: a day's CP, keeping enough Logistics for the night's refuelling (9a2). */
export function allocationPlan(v: CoralView): StaffSlots {
  const cp = v.cpToday ?? 20;
  const intelligence = Math.min(4, Math.floor(cp / 5));
  const logistics = Math.min(cp - intelligence, Math.max(6, mine(v).length + 2));
  return { organization: 0, intelligence, operations: cp - intelligence - logistics, logistics };
}

/** 28, 36: intelligence rolls on the IJN forces with carriers first, then the invasion groups, as far as `cp` pays. */
export function intelligencePlan(v: CoralView, cp: number): CoralOrder[] {
  const cost = v.options.historical ? 2 : 1;
  const rank = (t: TfSeen) => (hasCarrier(t) ? 0 : t.id === 'PMG' ? 1 : 2) * 2 + (t.identified ? 1 : 0);
  const targets = theirs(v)
    .filter((t) => !t.identified || (t.ships ?? []).some((s) => s.id === undefined))
    .sort((a, b) => rank(a) - rank(b) || (a.id < b.id ? -1 : 1));
  const out: CoralOrder[] = [];
  for (let n = 0; n < Math.floor(cp / cost) && targets.length; n++) {
    const t = targets[Math.min(n >> 1, targets.length - 1)];
    out.push({ kind: 'intelligence', target: t.id as 'CSF', prefer: t.identified ? 'reveal' : 'identify' });
  }
  return out;
}

function allowance(tf: TfSeen, v: CoralView): number {
  const each = live(tf).map((s) => (s.status === 'damaged' ? 1 : (BOX.movementPoints[s.type as string] ?? 1)));
  const ma = each.length ? Math.min(...each) : 0;
  return v.options.fuelingGroup && tf.id === 'TF-6' ? Math.min(ma, 1) : ma;
}

/** The hexes a TF enters toward `goal`, at most its allowance, never into a hex with an IJN TF unless `engage`. */
function toward(v: CoralView, tf: TfSeen, goal: string, stopAt: number, engage = false): string[] {
  const enemy = new Set(theirs(v).map((t) => t.hex as string));
  const blocked = (from: string, to: string) => board.blockedForShips(from, to) || (!engage && enemy.has(to));
  const found = shortestPath((h: string) => board.seaNeighbours(h), tf.hex as string, goal, { blocked });
  const path = (found?.path ?? []).slice(1);
  const out: string[] = [];
  for (const h of path.slice(0, allowance(tf, v))) {
    if (dist(tf.hex as string, goal) <= stopAt) break;
    out.push(h);
    if (dist(h, goal) <= stopAt) break;
  }
  return out;
}

/** 14.4-14.5: carriers toward the nearest identified IJN carrier force (three hexes off), else the central Coral Sea; TF-44 to meet the invasion. */
export function movementPlan(v: CoralView): CoralOrder[] {
  const own = mine(v);
  const carriers = own.filter(hasCarrier);
  const lead = carriers[0]?.hex ?? null;
  const found = theirs(v)
    .filter((t) => t.identified && hasCarrier(t))
    .sort((a, b) => (lead ? dist(lead, a.hex as string) - dist(lead, b.hex as string) : 0))[0];
  const goal = found?.hex ?? place('Coral-Sea-Station');
  const stopAt = found ? 5 : 0;
  const invasion = theirs(v).find((t) => t.id === 'PMG' && t.identified && !hasCarrier(t));
  const out: CoralOrder[] = [];
  const enemyHexes = new Set(theirs(v).map((t) => t.hex as string));
  for (const tf of own) {
    // 14.9: a TF that starts with an enemy TF leaves only with the initiative (not known yet when sent ahead)
    if (enemyHexes.has(tf.hex as string) && v.initiative !== 'usn') continue;
    let path: string[] = [];
    if (hasCarrier(tf) || tf.id === 'TF-6') path = toward(v, tf, goal, stopAt);
    else if (tf.id === 'TF-44') path = toward(v, tf, invasion?.hex ?? place('Deboyne'), 0, !!invasion);
    // MOVE TO: the movement rules find the way when the step comes, around IJN TFs that moved first (12.4)
    if (path.length) out.push({ kind: 'move', tf: tf.id, path: [], to: path[path.length - 1], fast: false });
  }
  return out;
}

/** 22, 28.4, 32: strikes at identified IJN forces in reach, an escort fighter with each carrier strike, CAP over the fleet; as far as Operations pay. */
export function airPlan(v: CoralView): CoralOrder[] {
  let ops = v.cp?.slots.operations ?? 0;
  const range = (t: string) => rangeOf(v, t);
  const targets = theirs(v).filter((t) => t.identified);
  const ready = (home: string) => {
    const out: Record<string, number> = {};
    for (const a of v.air) if (a.side === 'usn' && a.home === home && a.box === 'ready') out[a.type] = (out[a.type] ?? 0) + a.strength;
    return out;
  };
  /** The nearest target in reach of `types` from `hex`, carrier forces first, and the squadrons of those types that reach it. */
  const strike = (hex: string, sq: Record<string, number>, types: readonly string[]) => {
    const have = types.filter((t) => sq[t]);
    if (!have.length) return null;
    const reach = Math.max(0, ...have.map(range));
    const best = targets
      .filter((t) => dist(hex, t.hex as string) <= reach)
      .sort((a, b) => Number(hasCarrier(b)) - Number(hasCarrier(a)) || dist(hex, a.hex as string) - dist(hex, b.hex as string))[0];
    if (!best) return null;
    const d = dist(hex, best.hex as string);
    // only the types that reach: a strike with no squadron in it is no strike (22)
    return { best, d, air: Object.fromEntries(have.filter((t) => range(t) >= d).map((t) => [t, sq[t]])) };
  };
  const out: CoralOrder[] = [];
  const capped = new Set<string>();
  for (const c of carriersInPlay(v).filter((x) => x.ok)) {
    const sq = ready(`usn:${c.id}`);
    const hit = strike(c.hex, sq, ['VB', 'VT']);
    if (hit && ops >= 2) {
      out.push({ kind: 'mission', mission: 'strike', from: c.id, air: hit.air, target: hit.best.id, extended: false });
      ops -= 2;
      if ((sq.VF ?? 0) > 1 && hit.d <= range('VF')) {
        out.push({ kind: 'mission', mission: 'escort', from: c.id, air: { VF: 1 }, target: hit.best.id, extended: false });
        sq.VF -= 1;
      }
    }
    if (sq.VF && !capped.has(c.hex) && ops >= 2) {
      out.push({ kind: 'mission', mission: 'cap', from: c.id, air: { VF: sq.VF }, extended: false });
      capped.add(c.hex);
      ops -= 2;
    }
  }
  for (const base of v.bases.filter((b) => b.side === 'usn')) {
    const hit = strike(base.hex, ready(base.id), ['LHB', 'LMB', 'LD']);
    if (!hit || ops < 1) continue;
    out.push({ kind: 'mission', mission: 'strike', from: base.id, air: hit.air, target: hit.best.id, extended: false });
    ops -= 1;
  }
  return out;
}

/** 9a: carriers in play and bases with air in Recovery refitted, TFs at sea refuelled at night, while Logistics pay. */
export function logisticsPlan(v: CoralView): CoralOrder[] {
  let cp = v.cp?.slots.logistics ?? 0;
  const out: CoralOrder[] = [];
  // a sunk or crippled carrier, or one not on the map, is no origin to refit (9a1; the orders' check says so)
  const origins = new Set([...carriersInPlay(v).map((c) => `usn:${c.id}`), ...v.bases.filter((b) => b.side === 'usn').map((b) => b.id)]);
  const homes = new Set(v.air.filter((a) => a.side === 'usn' && a.box === 'recovery' && origins.has(a.home)).map((a) => a.home));
  for (const home of homes) {
    if (cp < 1) break;
    out.push({ kind: 'refit', at: home.replace(/^usn:/, '') });
    cp--;
  }
  const ports = new Set(v.bases.filter((b) => b.side === 'usn').map((b) => b.hex));
  if (!v.day)
    for (const tf of v.taskForces.filter((t) => t.side === 'usn' && t.hex !== null && !t.gone && !ports.has(t.hex))) {
      if (cp < 1) break;
      out.push({ kind: 'refuel', tf: tf.id });
      cp--;
    }
  return out;
}

/** The chit functions of 8.4 (rules/core/flow.ts CHIT_FUNCTIONS) by the word STANDING LEADERSHIP gives each. */
const CHIT_WORD: Readonly<Record<string, string>> = {
  initiative: 'INITIATIVE',
  air: 'AIR',
  'tactical-initiative': 'TACTICAL',
  'surface-crt': 'CRT',
  intelligence: 'INTELLIGENCE',
};

/**
 * 8.2-8.6: the functions this turn's chits go to, by what the USN sees once its own moves are made
 * (`v` as its orders leave it). By day, an identified IJN carrier force in reach of its carriers'
 * bombers: the operational initiative (3: the side with it attacks first, 5a1g-h) and the air
 * attacks. Its ships sharing a hex with an IJN force: both rolls of the surface battle (5b2-5b3).
 * Holding the most chits it may (8.3, a chit gained then is lost) and no fight in sight: the
 * intelligence rolls. Otherwise none: chits are kept for the carrier battle.
 */
export function chitFunctions(v: CoralView): string[] {
  if ((v.chits.usn ?? 0) <= 0) return [];
  const out: string[] = [];
  const carriers = carriersInPlay(v).filter((c) => c.ok);
  const ijnCarriers = theirs(v).filter((t) => t.identified && hasCarrier(t));
  if (v.day && carriers.some((c) => ijnCarriers.some((t) => dist(c.hex, t.hex as string) <= rangeOf(v, 'VB'))))
    out.push('initiative', 'air');
  const enemy = new Set(theirs(v).map((t) => t.hex));
  if (mine(v).some((t) => enemy.has(t.hex))) out.push('tactical-initiative', 'surface-crt');
  if (!out.length && v.chits.usn >= BOX.constants.leadershipMax) out.push('intelligence');
  return out;
}

/** The STANDING LEADERSHIP line for chitFunctions. */
export const leadershipLine = (v: CoralView): string =>
  `STANDING LEADERSHIP ${
    chitFunctions(v)
      .map((f) => CHIT_WORD[f])
      .join(' ') || 'NEVER'
  }`;
