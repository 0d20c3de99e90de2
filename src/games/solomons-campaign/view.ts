/**
 * What a side sees (31.0, 52.0 Q&A 3-4): its own everything (CP left on each mission, task forces
 * and their ships, stacks, air, supply); of the enemy, every task force marker and where it is,
 * the airfields, and of each enemy stack on land only that it is there and its top unit (31.1 (1);
 * the largest unit, as read). CP allocations, task force contents, supply and plans stay hidden.
 * The referee sees everything. `known` is the side's position, for machine players.
 */
import type { SolOptions } from './rules/options';
import type { BoardMap, BoardTable, SideView } from '../../engine/board-view';
import type { Side } from '../../engine/ruleset';
import type { SolOrder } from './orders';
import { openChoices } from './rules/additional-forces';
import { subHexProblem } from './rules/submarine';
import { type AirReach, airReachOf } from './rules/air-reach';
import { type CpAllocation, type Forces, SIDE_NAME, SIDES, type SolSide, type SolState } from './state';
import { type AirOption, airOptions, enemyAirHexes } from './rules/air-defence';
import { isDay } from './rules/places';
import { type Assignment, assignedOf } from './rules/air-assign-events';

export interface SolView extends SideView {
  readonly known: {
    readonly side: SolSide | 'referee';
    readonly turn: number;
    readonly phase: string;
    readonly cpTotal: number | null;
    readonly cp: CpAllocation | null;
    /** own forces (the referee's: null) */
    readonly own: Forces | null;
    readonly bases: readonly string[];
    /** enemy task force markers: number and place only */
    readonly enemyMarkers: readonly { readonly tf: number; readonly at: string }[];
    /** enemy stacks on land: place and top unit only */
    readonly enemyStacks: readonly { readonly at: string; readonly top: string }[];
    /** 2A: the hexes the side searched this turn (2A1), its own plan, the island hexes (public) */
    readonly searched: readonly string[];
    readonly plan: SolState['plans'][SolSide];
    readonly islands: Readonly<Record<string, readonly string[]>>;
    /** the airbases on the map and the enemy's entrenchment markers (public markers, 2.21, 37.1) */
    readonly airfields: SolState['airfields'];
    readonly enemyEntrenched: readonly string[];
    /** own ships that went to sea this turn (3A, 20.5); in the Planning Phase those waiting for a refit berth (20.4) */
    readonly sailed: readonly string[];
    /** the optional rules of the game (public: agreed before play, 40.0) */
    readonly options: SolOptions;
    /** 1B: the replacements, withdrawals and announcements open to the side now (30, 38, 39) */
    readonly choices: readonly SolOrder[];
    /** 36.x: Japan's own submarines (the US sees none: it learns of a sub only when it attacks) */
    readonly subs: readonly SolState['subs']['boats'][string][];
    /** 36.4: the chances Japan is asked about now */
    readonly subChances: SolState['subs']['chances'];
    /** 36.2: at the Submarine Deployment Segment, the hexes Japan may put a sub in */
    readonly subHexes: readonly string[];
    /**
     * 2A3 (rules/air-defence.ts): day or night (32.2), what own air may fly now, the hexes enemy
     * aircraft fly over; with optional rule 45 the side's own assignments of the turn (45.2, sealed)
     */
    readonly air: {
      readonly day: boolean;
      readonly options: readonly AirOption[];
      readonly enemyOver: readonly string[];
      readonly assigned: readonly Assignment[];
    };
    /** 2A2a: where the side's ready aircraft may fly on air transfer or transport now (rules/air-reach.ts) */
    readonly airReach: readonly AirReach[];
    /** 28.3 optional: the ground attack waiting for the defender's recon CP (public: the attack's hex is declared, 28.2 (1)) */
    readonly recon: { readonly side: SolSide; readonly hex: string } | null;
  };
}

const SIZE = { division: 4, brigade: 3, regiment: 2, battalion: 1 } as const;

/** 31.1 (1): a stack shows its top unit; the owner's largest, as read. */
function stacksOf(f: Forces): { at: string; top: string }[] {
  const byPlace = new Map<string, Forces['ground'][number]>();
  // units aboard a TF are part of it (10.10): its contents, never a stack on land
  // nor are units aboard aircraft in flight (2A2a-2A3h)
  for (const g of f.ground.filter((x) => !x.at.startsWith('TF ') && !x.at.startsWith('AIR '))) {
    const top = byPlace.get(g.at);
    if (!top || SIZE[g.size] > SIZE[top.size] || (SIZE[g.size] === SIZE[top.size] && g.id < top.id)) byPlace.set(g.at, g);
  }
  return [...byPlace.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([at, g]) => ({ at, top: `${g.size} ${g.id}` }));
}

const markersOf = (f: Forces) =>
  Object.values(f.taskForces)
    .map((t) => ({ tf: t.id, at: t.at }))
    .sort((a, b) => a.tf - b.tf);

export function viewSol(s: SolState, viewer: Side | 'referee'): SolView {
  const me = viewer === 'referee' ? null : (viewer as SolSide);
  const enemy = me ? SIDES.filter((x) => x !== me)[0] : null;
  const sides = me ? [me] : SIDES;
  return {
    summary: [
      s.phase === 'over'
        ? `The game is over after turn ${s.lastTurn}.`
        : `Turn ${s.turn} of ${s.lastTurn} (${s.turnNames[s.turn - 1]}), ${s.scenario} scenario.`,
      `Victory points: Japan ${s.vp.japanese}, US ${s.vp.us} (5.1, kept openly).`,
      ...(s.choices.endVp.japanese || s.choices.endVp.us
        ? [`VP due at the end of the game: Japan ${s.choices.endVp.japanese}, US ${s.choices.endVp.us} (38.2, 39.3-39.5).`]
        : []),
      ...s.airfields.map((a) => `Airfield ${a.hex}: ${SIDE_NAME[a.side]}, value ${a.value}.`),
      ...sides.map((side) => {
        const cp = s.cp[side];
        return cp
          ? `${SIDE_NAME[side]} CP left: combined ${cp.combined}, intelligence ${cp.intel}, operations ${cp.ops}, logistics ${cp.log} (6.4).`
          : `${SIDE_NAME[side]} CP this turn: ${s.cpTotal[side]} (6.1).`;
      }),
      ...(enemy ? markersOf(s.forces[enemy]).map((m) => `${SIDE_NAME[enemy]} TF ${m.tf} at ${m.at} (contents unknown, 31.1).`) : []),
    ],
    tables: sides.flatMap((side) => tables(s, side)),
    map: mapOf(s, me),
    known: {
      side: me ?? 'referee',
      turn: s.turn,
      phase: s.phase,
      cpTotal: me ? s.cpTotal[me] : null,
      cp: me ? s.cp[me] : null,
      own: me ? s.forces[me] : null,
      bases: Object.entries(s.bases)
        .filter(([, b]) => b.side === me)
        .map(([n]) => n)
        .sort(),
      enemyMarkers: enemy ? markersOf(s.forces[enemy]) : [],
      enemyStacks: enemy ? stacksOf(s.forces[enemy]) : [],
      searched: me ? s.searched[me] : [],
      plan: me ? s.plans[me] : null,
      islands: s.islands,
      airfields: s.airfields,
      enemyEntrenched: enemy ? Object.keys(s.entrenched[enemy]).sort() : [],
      sailed: me ? s.sailed[me] : [],
      options: s.options,
      choices: me && s.phase === 'forces' ? openChoices(s, me) : [],
      subs: me === 'japanese' ? Object.values(s.subs.boats).sort((a, b) => (a.id < b.id ? -1 : 1)) : [],
      subChances: me === 'japanese' ? s.subs.chances : [],
      subHexes: me === 'japanese' && s.phase === 'subs' ? subHexes(s) : [],
      air: {
        day: isDay(s),
        options: me ? airOptions(s, me) : [],
        enemyOver: me ? enemyAirHexes(s, me) : [],
        assigned: me ? assignedOf(s, me) : [],
      },
      airReach: me ? airReachOf(s, me) : [],
      recon: s.recon ? { side: s.recon.side, hex: s.recon.hex } : null,
    },
  };
}

/** 36.2: every map hex a sub may be put in. */
function subHexes(s: SolState): string[] {
  const out: string[] = [];
  const pad = (n: number) => String(n).padStart(2, '0');
  for (let c = 1; c <= s.opsData.cols; c++)
    for (let r = 1; r <= s.opsData.rows; r++) if (!subHexProblem(s, `${pad(c)}${pad(r)}`)) out.push(`${pad(c)}${pad(r)}`);
  return out;
}

function tables(s: SolState, side: SolSide): BoardTable[] {
  const f = s.forces[side];
  return [
    {
      title: `${SIDE_NAME[side]} ships (10.1)`,
      side,
      columns: ['ship', 'at', 'TF', 'NAC', 'supply'],
      rows: Object.values(f.ships)
        .sort((a, b) => (a.id < b.id ? -1 : 1))
        .map((x) => [x.id, x.at, x.tf ?? '-', x.nac, x.supply]),
    },
    {
      title: `${SIDE_NAME[side]} ground units, air and supply (2.14, 2.12)`,
      side,
      columns: ['at', 'what'],
      rows: [
        ...f.ground.map((g) => [g.at, `${g.service} ${g.type} ${g.size} ${g.id}`]),
        ...f.air.map((a) => [a.at, `${a.points} ${a.service} ${a.type}${a.fatigued ? ' (fatigued)' : ''}`]),
        ...Object.entries(f.supply)
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([at, n]) => [at, `${n} supply`]),
        // 36.x: Japan's submarines, its own alone
        ...(side === 'japanese'
          ? Object.values(s.subs.boats)
              .sort((a, b) => (a.id < b.id ? -1 : 1))
              .map((b) => [b.at ?? `off the map (from turn ${b.back})`, `submarine ${b.id}${b.fatigued ? ' (fatigued)' : ''}`])
          : []),
      ],
    },
  ];
}

function mapOf(s: SolState, me: SolSide | null): BoardMap {
  const cells = new Map<string, { units: { side: string; count: number; label: string }[]; markers: string[] }>();
  const cell = (at: string) => {
    const c = cells.get(at) ?? { units: [], markers: [] };
    cells.set(at, c);
    return c;
  };
  // by name, never by the state's key order (a state read back from storage may order its keys otherwise)
  const byName = <T>(o: Readonly<Record<string, T>>) => Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1));
  for (const [name, hexes] of byName(s.islands)) for (const h of hexes) cell(h).markers.push(name);
  for (const [name, b] of byName(s.bases)) cell(b.hex ?? name).markers.push(`${name} (${SIDE_NAME[b.side]} major base)`);
  for (const a of s.airfields) cell(a.hex).markers.push(`airfield ${a.value} ${SIDE_NAME[a.side]}`);
  for (const side of SIDES) {
    const f = s.forces[side];
    const mine = me === null || me === side;
    for (const t of Object.values(f.taskForces).sort((a, b) => a.id - b.id))
      cell(t.at).units.push({
        side,
        count: mine ? t.ships.length : 1,
        label: mine ? `TF ${t.id} (${t.ships.length} ships)` : `TF ${t.id}`,
      });
    if (mine) for (const g of f.ground) cell(g.at).units.push({ side, count: 1, label: g.id });
    if (mine && side === 'japanese')
      for (const b of Object.values(s.subs.boats).sort((x, y) => (x.id < y.id ? -1 : 1)))
        if (b.at) cell(b.at).units.push({ side, count: 1, label: b.id });
        else for (const st of stacksOf(f)) cell(st.at).units.push({ side, count: 1, label: `stack, top ${st.top}` });
  }
  return {
    cells: [...cells.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([at, c]) => ({ kind: 'area', name: at, units: c.units, markers: c.markers })),
    sides: SIDES.map((id) => ({ id, name: SIDE_NAME[id], short: id === 'us' ? 'US' : 'IJ', colour: id === 'us' ? '#1f5fbf' : '#c0392b' })),
    note: 'Schematic: hexes of the rebuilt 14 x 11 grid (the mapsheet is not available) and the off-map bases Truk and Australia (8.2).',
  };
}
