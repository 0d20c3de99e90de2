/**
 * The historical USN player (`players.named.historical`; `umpire selfplay coral-sea-solitaire
 * --player usn=historical`): a scripted commander who plays May 1942 as Fletcher did, to calibrate
 * the box's reconstructed tables (issue 26). Like the random player it reads the USN's view alone
 * (../view.ts CoralView) and the box's public map, ranges and movement points, and answers through
 * the machine-player contract (src/engine/players.ts) with orders text. It needs no dice.
 *
 * What it does, rule by rule:
 * - 4.2: the historical deployment the orders/bot.ts plan already writes: TF-11 (Lexington) and
 *   TF-17 (Yorktown) together one hex toward the Coral Sea from New Caledonia with the oiler group
 *   TF-6, TF-9's tender at Nouméa, TF-44 and Australia's air at North Australia. 30.1's CV-3 joins
 *   TF-17. 30.4's battleships are never placed (each costs 20 VP, and none sailed in May 1942).
 * - 7.3: each day's CP: Intelligence 4 (2 rolls under 31.1's price), Logistics enough to refit,
 *   repair and refuel (9a), Operations the rest; Organization 0 (13.3: TFs are kept, not rebuilt).
 * - 28, 36: intelligence on the IJN forces with carriers first, then the invasion groups (the bot's
 *   `intelligencePlan`); on a 4-5 it identifies (a strike needs an identified TF, 28.4).
 * - 14.4-14.5, 14.9, 12.4: the healthy carrier TFs sail together to the same hex: toward the IJN TF
 *   with the most carrier backs (the largest carrier force the markers show, 27.1), standing off
 *   at the torpedo bombers' range; with no carrier force on the map, toward the nearest invasion
 *   group (Yorktown struck Tulagi on 4 May); else the central Coral Sea. TF-6 keeps with them.
 *   A carrier TF with a damaged ship (14.2: one MP, 15.1: its carrier neither launches nor lands)
 *   or without a live carrier withdraws toward New Caledonia. TF-44 goes for the Port Moresby
 *   invasion group once it is identified, else to the Jomard/Deboyne station (Crace, 7 May).
 *   TF-9 stays at Nouméa. A TF sharing a hex with an IJN TF moves only with the initiative (14.9).
 * - 22, 28.4, 5a: each carrier that can launch strikes the identified IJN TF in its bombers' reach
 *   with the most carriers (then transports, then the nearest) with its VB and, in their range, VT,
 *   one VF as escort and the rest of its VF over the fleet (one CAP per hex); land-based bombers
 *   strike the same way from their bases; as far as the Operations CP pay (5a-a/b). Squadrons go
 *   as committed (5a1a).
 * - 9a: refit carriers then bases with air in Recovery, repair damaged carriers then other damaged
 *   ships (2 CP each), and at night refuel every TF at sea (one more with a B, 30.4).
 * - 8.4: a leadership chit goes into the initiative whenever one is held. 17.4: bombard an IJN base
 *   it shares a hex with. 36: identify rather than reveal.
 *
 * What it does not attempt: reorganizing TFs (13.3), air transfer (21.5), extended-range missions
 * (32), unidentifying its TFs (28.6), choosing which squadrons take losses or which ships screen (33)
 * or where orphaned air lands (21.4): the rules' defaults and random picks decide those. It plans
 * each phase from what it sees then, without memory of earlier turns, and does not predict the IJN.
 */
import { withoutProvenance } from '../../../engine/box';
import type { MachinePlayer } from '../../../engine/players';
import type { StepInfo } from '../../../engine/ruleset';
import { preferToward, shortestPath } from '../../kit';
import { boardOf, defaultBox } from '../box';
import { deploymentPlan, intelligencePlan } from '../orders/bot';
import { formatOrders } from '../orders/format';
import { blockedFor } from '../rules/movement/where';
import { rowIdOf } from '../steps';
import type { CoralOrder, StaffSlots } from '../types';
import type { CoralView, TfSeen } from '../view';

const board = boardOf(defaultBox);
/** 14.4, 23.1: all-land hexsides and IJN major bases, as the movement rules route a MOVE TO. */
const shipBlocked = blockedFor(board, defaultBox, 'usn');
const BOX = withoutProvenance<{
  movementPoints: Record<string, number>;
  airRanges: { usn: Record<string, number> };
  map: { places: Record<string, string> };
}>(defaultBox);
const place = (name: string) => BOX.map.places[name];
const dist = (a: string, b: string) => board.grid.distance(a, b);
const byId = (a: TfSeen, b: TfSeen) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

const afloat = (s: { status?: string }) => s.status === undefined || s.status === 'ok' || s.status === 'damaged';
const live = (tf: TfSeen) => (tf.ships ?? []).filter(afloat);
const mine = (v: CoralView) => v.taskForces.filter((t) => t.side === 'usn' && t.hex !== null && !t.gone && live(t).length);
const theirs = (v: CoralView) => v.taskForces.filter((t) => t.side === 'ijn' && t.hex !== null && !t.gone);
/** Carriers in a TF as the USN sees it: its own by type, the IJN's by their backs (27.1: dummies show as warships). */
const carriers = (tf: TfSeen) => live(tf).filter((s) => s.back === 'carrier').length;
const transports = (tf: TfSeen) => live(tf).filter((s) => s.back === 'transport').length;
const damaged = (tf: TfSeen) => live(tf).some((s) => s.status === 'damaged');

/** The orders of the historical commander at `step`, from the USN's view. */
export function historicalCoralOrders(view: CoralView, step: StepInfo): CoralOrder[] {
  const orders = forRow(view, rowIdOf(step.id));
  return orders.length ? orders : [{ kind: 'none' }];
}

export const historicalPlayer: MachinePlayer<CoralView> = ({ view, side, step }) =>
  formatOrders(side === 'usn' ? historicalCoralOrders(view, step) : [{ kind: 'none' }]);

function forRow(v: CoralView, row: string): CoralOrder[] {
  switch (row) {
    case 'deployment':
      return deploymentPlan(v);
    case 'command-decision':
      return [{ kind: 'allocate', slots: allocation(v) }];
    case 'intelligence':
      // 7.2: the day's Intelligence CP last the night too: half by day, the rest at night
      return intelligencePlan(v, v.day ? Math.ceil((v.cp?.slots.intelligence ?? 0) / 2) : (v.cp?.slots.intelligence ?? 0));
    case 'movement-usn':
      return movement(v);
    case 'air-missions':
      return air(v);
    case 'air-assign':
      return [{ kind: 'assign-committed' }];
    case 'bombard-usn': {
      const bases = v.bases.filter((b) => b.side === 'ijn' && mine(v).some((t) => t.hex === b.hex));
      return bases.length ? bases.map((b) => ({ kind: 'bombard', base: b.id, with: [] })) : [{ kind: 'no-bombard' }];
    }
    case 'logistics-usn':
      return logistics(v);
    case 'leadership':
      return [{ kind: 'leadership', use: (v.chits.usn ?? 0) > 0 }];
    case 'intelligence-choice':
      return v.intelChoice ? [{ kind: 'intelligence-choice', choice: v.intelChoice.identify.length ? 'identify' : 'reveal' }] : [];
    default:
      return [];
  }
}

/** 7.3: Intelligence 4, Logistics for a day's and a night's upkeep, Operations the rest. */
function allocation(v: CoralView): StaffSlots {
  const cp = v.cpToday ?? 20;
  const intelligence = Math.min(4, Math.floor(cp / 5));
  const upkeep = mine(v).length + 2 * mine(v).filter(damaged).length + 2;
  const logistics = Math.min(cp - intelligence, Math.max(6, upkeep));
  return { organization: 0, intelligence, operations: cp - intelligence - logistics, logistics };
}

function allowance(v: CoralView, tf: TfSeen): number {
  const each = live(tf).map((s) => (s.status === 'damaged' ? 1 : (BOX.movementPoints[s.type as string] ?? 1)));
  const ma = each.length ? Math.min(...each) : 0;
  // 34.2: the fueling group moves one hex
  return v.options.fuelingGroup && tf.id === 'TF-6' ? Math.min(ma, 1) : ma;
}

/**
 * The hexes `tf` enters toward `goal` (12.4: it stops in a hex with an IJN TF; 23.1: never into an
 * IJN major base), at most its allowance, stopping once within `standOff` of the goal.
 */
function toward(v: CoralView, tf: TfSeen, goal: string, standOff: number): string[] {
  const from = tf.hex as string;
  if (dist(from, goal) <= standOff) return [];
  const enemy = new Set(theirs(v).map((t) => t.hex as string));
  const blocked = (a: string, b: string) => shipBlocked(a, b) || (a !== from && enemy.has(a));
  const found = shortestPath(board.map.neighbours, from, goal, { blocked, prefer: preferToward(board.map, goal) });
  const out: string[] = [];
  for (const h of (found?.path ?? []).slice(1, 1 + allowance(v, tf))) {
    out.push(h);
    if (enemy.has(h) || dist(h, goal) <= standOff) break;
  }
  return out;
}

/** The IJN TF the carriers go for: most carriers, then most transports, then the nearest (ties by id). */
function quarry(v: CoralView, from: string): TfSeen | undefined {
  const score = (t: TfSeen) => carriers(t) * 100 + transports(t);
  return theirs(v)
    .filter((t) => carriers(t) > 0 || transports(t) > 0)
    .sort((a, b) => score(b) - score(a) || dist(from, a.hex as string) - dist(from, b.hex as string) || byId(a, b))[0];
}

/** 14.4-14.5, 14.9: the carriers together toward the largest carrier force, the damaged home, TF-44 at the invasion. */
function movement(v: CoralView): CoralOrder[] {
  const own = mine(v);
  const enemyHexes = new Set(theirs(v).map((t) => t.hex as string));
  const nc = place('New-Caledonia');
  const fighting = own.filter((t) => t.id !== 'TF-6' && carriers(t) > 0 && !damaged(t)).sort(byId);
  const lead = fighting[0];
  const target = lead ? quarry(v, lead.hex as string) : undefined;
  const goal = target?.hex ?? place('Coral-Sea-Station');
  const standOff = target ? BOX.airRanges.usn.VT : 0;
  const leadPath = lead ? toward(v, lead, goal, standOff) : [];
  const meet = leadPath.length ? leadPath[leadPath.length - 1] : (lead?.hex ?? null);
  const invasion = theirs(v)
    .filter((t) => t.identified && transports(t) > 0 && carriers(t) === 0)
    .sort((a, b) => dist(a.hex as string, place('Port-Moresby')) - dist(b.hex as string, place('Port-Moresby')) || byId(a, b))[0];
  const out: CoralOrder[] = [];
  for (const tf of own) {
    if (enemyHexes.has(tf.hex as string) && v.initiative !== 'usn') continue;
    let path: string[] = [];
    if (tf === lead) path = leadPath;
    else if (fighting.includes(tf) || tf.id === 'TF-6') path = meet ? toward(v, tf, meet, 0) : [];
    // the carriers' own TFs once their carrier is damaged, sunk or crippled; any damaged TF
    else if (carriers(tf) > 0 || damaged(tf) || tf.id === 'TF-11' || tf.id === 'TF-17') path = toward(v, tf, nc, 0);
    else if (tf.id === 'TF-44') path = toward(v, tf, invasion?.hex ?? place('Deboyne'), 0);
    if (path.length) out.push({ kind: 'move', tf: tf.id, path: [], to: path[path.length - 1], fast: false });
  }
  return out;
}

/** 22, 28.4, 5a-a/b: strikes at the best identified target in reach, an escort, CAP over the fleet. */
function air(v: CoralView): CoralOrder[] {
  let ops = v.cp?.slots.operations ?? 0;
  // 26 (RE 6): bad weather holds missions to two hexes
  const range = (t: string) => Math.min(v.weather === 'bad' ? 2 : Number.POSITIVE_INFINITY, BOX.airRanges.usn[t] ?? 0);
  const targets = theirs(v).filter((t) => t.identified);
  const best = (from: string, reach: number) =>
    targets
      .filter((t) => dist(from, t.hex as string) <= reach)
      .sort(
        (a, b) =>
          carriers(b) - carriers(a) ||
          transports(b) - transports(a) ||
          dist(from, a.hex as string) - dist(from, b.hex as string) ||
          byId(a, b),
      )[0];
  const ready = (home: string) => {
    const out: Record<string, number> = {};
    for (const a of v.air) if (a.side === 'usn' && a.home === home && a.box === 'ready') out[a.type] = (out[a.type] ?? 0) + a.strength;
    return out;
  };
  const out: CoralOrder[] = [];
  const capped = new Set<string>();
  const flying = mine(v).flatMap((tf) =>
    live(tf)
      .filter((s) => s.type === 'CV' && s.status === 'ok')
      .map((s) => ({ id: s.id as string, hex: tf.hex as string })),
  );
  for (const c of flying) {
    const sq = ready(`usn:${c.id}`);
    const target = best(c.hex, range('VB'));
    const d = target ? dist(c.hex, target.hex as string) : Number.POSITIVE_INFINITY;
    // 22.3: only the bombers in range fly; none in range, no strike
    const strike = { ...(sq.VB ? { VB: sq.VB } : {}), ...(sq.VT && d <= range('VT') ? { VT: sq.VT } : {}) };
    if (target && Object.keys(strike).length && ops >= 2) {
      out.push({ kind: 'mission', mission: 'strike', from: c.id, air: strike, target: target.id, extended: false });
      ops -= 2;
      if ((sq.VF ?? 0) > 1 && d <= range('VF')) {
        out.push({ kind: 'mission', mission: 'escort', from: c.id, air: { VF: 1 }, target: target.id, extended: false });
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
    const sq = ready(base.id);
    const bombers = (['LHB', 'LMB', 'LD'] as const).filter((t) => sq[t]);
    if (!bombers.length || ops < 1) continue;
    const target = best(base.hex, Math.max(...bombers.map(range)));
    if (!target) continue;
    const d = dist(base.hex, target.hex as string);
    const strike = Object.fromEntries(bombers.filter((t) => range(t) >= d).map((t) => [t, sq[t]]));
    out.push({ kind: 'mission', mission: 'strike', from: base.id, air: strike, target: target.id, extended: false });
    ops -= 1;
  }
  return out;
}

/** 9a: refit carriers then bases, repair damaged carriers then other ships, refuel at sea by night, while Logistics pay. */
function logistics(v: CoralView): CoralOrder[] {
  let cp = v.cp?.slots.logistics ?? 0;
  const out: CoralOrder[] = [];
  // 15.1: only a carrier afloat and undamaged (or a base) takes a refit
  const working = new Set(
    mine(v).flatMap((tf) =>
      live(tf)
        .filter((s) => s.status === 'ok' && s.back === 'carrier')
        .map((s) => `usn:${s.id}`),
    ),
  );
  const homes = [...new Set(v.air.filter((a) => a.side === 'usn' && a.box === 'recovery').map((a) => a.home))].filter(
    (h) => working.has(h) || v.bases.some((b) => b.side === 'usn' && b.id === h),
  );
  for (const home of homes.sort((a, b) => Number(b.startsWith('usn:')) - Number(a.startsWith('usn:')))) {
    if (cp < 1) break;
    out.push({ kind: 'refit', at: home.replace(/^usn:/, '') });
    cp--;
  }
  const hurt = mine(v)
    .flatMap((tf) => live(tf).filter((s) => s.status === 'damaged'))
    .sort((a, b) => Number(b.type === 'CV') - Number(a.type === 'CV'));
  for (const s of hurt) {
    if (cp < 2) break;
    out.push({ kind: 'repair', ship: s.id as string });
    cp -= 2;
  }
  const ports = new Set(v.bases.filter((b) => b.side === 'usn').map((b) => b.hex));
  if (!v.day)
    for (const tf of mine(v).filter((t) => !ports.has(t.hex as string))) {
      const cost = 1 + (live(tf).some((s) => s.type === 'B') ? 1 : 0);
      if (cp < cost) continue;
      out.push({ kind: 'refuel', tf: tf.id });
      cp -= cost;
    }
  return out;
}
