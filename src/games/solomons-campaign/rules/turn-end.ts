/**
 * The End of Turn Phase (4A-4B) and the next turn's reinforcements (1B). 4A: a sudden death
 * (5.4): a side that still has a carrier (on the map, refitting or under repair, A26) when the
 * enemy has none left (those not yet received do not count), or a side whose ground units hold an
 * own airbase of 12 or more on both Guadalcanal and Bougainville while the enemy has no ground unit
 * on either island, wins a Decisive Victory. 4B: after the last turn (4.8) the VP for airfields
 * held (50.0 VP chart: 5 a point of value on Guadalcanal, 2 elsewhere; a hex held with own ground
 * units in it, 24.2) are added and the level read (5.2, A27); otherwise the turn advances: task
 * forces dissolve (10.12), plans, searches and CP end (6.1), entrenchments with nobody under them
 * go (37.4), and the new turn's reinforcements are placed on their bases (1B, 50.0 notes; placed
 * as the turn starts, which no CP choice of 1A depends on). With Task Force Endurance (42.1-42.3,
 * optional) a TF paid for stays at sea and its ships that attacked stay fatigued until a refit.
 */
import type { SolFold } from './naval';
import { ADDITIONAL_CP, other, type Ship, SIDES, type SolSide, type SolState, type TaskForce } from '../state';

const CARRIERS = new Set(['CV', 'CVL', 'CVE']);

function carriers(s: SolState, side: SolSide): number {
  const onMap = Object.values(s.forces[side].ships).filter((x) => CARRIERS.has(x.type)).length;
  const away = s.arrivals.filter((a) => a.side === side && a.why !== 'chart').flatMap((a) => a.ships.filter((x) => CARRIERS.has(x.type)));
  return onMap + away.length;
}

const holds = (s: SolState, side: SolSide, hex: string) => s.forces[side].ground.some((g) => g.at === hex);

/** 5.4 (2): an own airbase of 12+ held on the island. */
const bigBase = (s: SolState, side: SolSide, island: string) =>
  s.airfields.some((a) => a.side === side && a.value >= 12 && (s.islands[island] ?? []).includes(a.hex) && holds(s, side, a.hex));
const onIslands = (s: SolState, side: SolSide, islands: readonly string[]) =>
  islands.some((i) => (s.islands[i] ?? []).some((h) => holds(s, side, h)));

export function suddenDeath(s: SolState): { winner: SolSide; why: string } | null {
  for (const side of SIDES) {
    if (carriers(s, side) > 0 && carriers(s, other(side)) === 0) return { winner: side, why: 'every enemy carrier sunk (5.4 (1))' };
    const both = ['Guadalcanal', 'Bougainville'];
    if (both.every((i) => bigBase(s, side, i)) && !onIslands(s, other(side), both))
      return { winner: side, why: 'airbases of 12 or more held on Guadalcanal and Bougainville (5.4 (2))' };
  }
  return null;
}

/** 4B, 5.1-5.2: VP for airfields held at the end, and the level. */
export function finalScore(s: SolState): { vp: Record<SolSide, number>; winner: SolSide | null; level: string } {
  // 38.2, 39.3-39.5: VP awarded at the end of the game
  const vp = { japanese: s.vp.japanese + s.choices.endVp.japanese, us: s.vp.us + s.choices.endVp.us };
  const chart = s.logData.victoryPoints;
  const gc = s.islands.Guadalcanal ?? [];
  for (const a of s.airfields)
    if (holds(s, a.side, a.hex)) vp[a.side] += a.value * (gc.includes(a.hex) ? chart.airfieldGuadalcanal : chart.airfieldOther);
  const hi: SolSide = vp.japanese >= vp.us ? 'japanese' : 'us';
  const lo = other(hi);
  if (vp[hi] === 0 || vp[hi] === vp[lo]) return { vp, winner: null, level: 'Draw' };
  const ratio = vp[lo] === 0 ? Number.POSITIVE_INFINITY : vp[hi] / vp[lo];
  const level = s.logData.victoryLevels.find((l) => ratio >= l.ratio)?.level ?? 'Draw';
  return { vp, winner: level === 'Draw' ? null : hi, level };
}

/** 4B, 10.12, 6.1, 37.4: the state of the next turn's start. */
export function endTurn(s: SolState, next: number): SolState {
  const extra = s.options.additionalCp ? ADDITIONAL_CP : 0;
  const forces = { ...s.forces };
  const entrenched = { ...s.entrenched };
  for (const side of SIDES) {
    const f = s.forces[side];
    // 42.1-42.3 (optional): a TF paid for stays at sea with its ships, which stay fatigued until a refit
    const stayed: Record<string, TaskForce> = s.options.endurance
      ? Object.fromEntries(Object.entries(f.taskForces).filter(([, t]) => t.stayed === s.turn && s.bases[t.at]?.side !== side))
      : {};
    // 44.1 (optional): TFs of crippled ships at sea stay on the map into the next turn (rules/crippled.ts)
    const crippled = keptAtSea(s, side, stayed);
    const tfOf = new Map(Object.values(crippled).flatMap((t) => t.ships.map((id) => [id, t.id] as const)));
    const kept = { ...crippled, ...stayed };
    const ship = ([id, x]: [string, Ship]): [string, Ship] => {
      if (x.tf !== null && Object.values(stayed).some((t) => t.id === x.tf)) return [id, x];
      const { fatigued: _f, ...rest } = x;
      return [id, { ...rest, tf: tfOf.get(id) ?? null }];
    };
    forces[side] = { ...f, taskForces: kept, ships: Object.fromEntries(Object.entries(f.ships).map(ship)) };
    const marks: Record<string, readonly string[]> = {};
    for (const [hex, units] of Object.entries(s.entrenched[side])) {
      const still = units.filter((u) => f.ground.some((g) => g.id === u && g.at === hex));
      if (still.length) marks[hex] = still;
    }
    entrenched[side] = marks;
  }
  return {
    ...s,
    turn: next,
    // 40.1: with random events the turn opens with their roll (rules/random-events.ts)
    phase: s.options.randomEvents ? 'events' : 'cp',
    x: 0,
    phasing: null,
    first: null,
    cpTotal: { japanese: (s.cpTrack.japanese[next - 1] ?? 0) + extra, us: (s.cpTrack.us[next - 1] ?? 0) + extra },
    cp: { japanese: null, us: null },
    plans: { japanese: null, us: null },
    searched: { japanese: [], us: [] },
    forces,
    entrenched,
  };
}

/** 1B: what is due this turn, base by base; air beyond a base's room waits (50.0 notes, 24.4). */
export function reinforce(f: SolFold, side: SolSide): void {
  const due = f.s.arrivals.filter((a) => a.side === side && a.turn <= f.s.turn);
  for (const at of [...new Set(due.map((a) => a.at))].sort()) {
    const here = due.filter((a) => a.at === at);
    const air = here.flatMap((a) => a.air).reduce((t, a) => t + a.points, 0);
    const based = f.s.forces[side].air.filter((a) => a.at === at).reduce((t, a) => t + a.points, 0);
    const room = f.s.logData.capacity[at] ?? Number.POSITIVE_INFINITY;
    f.emit({
      type: 'sol.arrived',
      data: {
        side,
        at,
        ships: here.flatMap((a) => a.ships.map((x) => x.id)),
        air,
        ground: here.flatMap((a) => a.ground.map((g) => g.id)),
        airDelayed: air > 0 && based + air > room ? air : 0,
      },
      visibleTo: [side],
    });
  }
}

/** 44.1, 4B: the TFs kept at sea into the next turn (their ships crippled), a Tokyo Express as a numbered TF; those paid for under 42.2 (`stayed`) apart. */
function keptAtSea(s: SolState, side: SolSide, stayed: Readonly<Record<string, TaskForce>>): Readonly<Record<string, TaskForce>> {
  if (!s.options.crippledUnits) return {};
  const f = s.forces[side];
  const out: Record<string, TaskForce> = {};
  const paid = Object.values(stayed);
  const kept = Object.values(f.taskForces)
    .filter((t) => t.ships.length > 0 && s.bases[t.at]?.side !== side && !paid.includes(t))
    .sort((a, b) => a.id - b.id);
  const used = new Set([...kept, ...paid].map((t) => t.id));
  for (const t of kept) {
    let id = t.id;
    if (t.kind !== 'normal') {
      id = 1;
      while (used.has(id)) id++;
      used.add(id);
    }
    out[id] = { id, at: t.at, ships: t.ships, kind: 'normal' };
  }
  return out;
}
