/**
 * What the rules require of a box, default or a club's: the schema first, then each constraint,
 * whose problems name the value at fault (its path in the box) and the rule that imposes it. A
 * club's transcription may change any reconstructed value; the rulebook's values stay as printed.
 */
import { jsonPath, validateBox, withoutProvenance } from '../../../engine/box';
import { canonicalJson } from '../../../shared/canonical';
import { distance } from '../../kit';
import { type Board, buildBoard, type PlainMap } from './board';
import { defaultBox } from './default-box';
import { AIR_TYPES, type CoralBox, coralBoxSchema, IJN_TFS } from './schema';

export interface Problem {
  /** The value at fault, e.g. `$.map.places.Port-Moresby` (provenance left out). */
  readonly path: string;
  /** The rule that imposes the constraint. */
  readonly rule: string;
  readonly message: string;
  readonly severity: 'error' | 'warning';
}

type Plain = ReturnType<typeof plainOf>;
const plainOf = (box: CoralBox) =>
  withoutProvenance<{
    constants: Record<string, number>;
    calendar: { firstDay: number; lastDay: number };
    map: PlainMap;
    bases: Record<string, { side: string; kind: string; capacity: number; aa: number }>;
    ships: { id: string; side: string; type: string; capacity?: number }[];
    airRanges: { usn: Record<string, number>; ijn: Record<string, number> };
    ijnTaskForces: Record<string, { ma: number; objective: string | null }>;
    setup: {
      usn: { carrierAir: Record<string, Record<string, number>>; baseAir: Record<string, Record<string, number>> };
      ijn: {
        carrierAir: Record<string, Record<string, number>>;
        baseAir: Record<string, Record<string, number>>;
        reinforcementAir: { base: string; air: Record<string, number> }[];
      };
      biggerBattle: { ijn: { ship: string; air: Record<string, number> }; usn: { ships: string[]; air: Record<string, number> } };
    };
    tables: {
      movementDoctrine: {
        table: { columns: { id: string; entries: { rolls: number | [number, number]; result: { kind: string; fast: boolean } }[] }[] };
      };
    };
    vp: { levels: { strategic: number; tactical: number; marginal: number } };
    panicPoints: Record<string, number>;
    commandMissions: Record<string, { cost: number }>;
  }>(box);

const sum = (load: Record<string, number> | undefined) => Object.values(load ?? {}).reduce((a, b) => a + b, 0);

interface Check {
  readonly id: string;
  readonly rule: string;
  readonly text: string;
  check(box: Plain, board: Board, raw: CoralBox): Omit<Problem, 'rule' | 'severity'>[];
  readonly severity?: 'warning';
}

const isProvenanced = (x: unknown): x is { value: unknown; source: { kind: string; rule?: string } } =>
  typeof x === 'object' && x !== null && !Array.isArray(x) && 'value' in x && 'source' in x;

/** Every rulebook value of the default box, by path (tables' entries included). */
function printedValues(): { path: PropertyKey[]; value: unknown; rule: string }[] {
  const out: { path: PropertyKey[]; value: unknown; rule: string }[] = [];
  const walk = (x: unknown, path: PropertyKey[]) => {
    if (x === null || typeof x !== 'object') return;
    if (isProvenanced(x)) {
      if (x.source.kind === 'rulebook') out.push({ path, value: withoutProvenance(x.value), rule: x.source.rule ?? '' });
      return;
    }
    if (Array.isArray(x)) {
      x.forEach((v, i) => {
        walk(v, [...path, i]);
      });
    } else for (const [k, v] of Object.entries(x)) walk(v, [...path, k]);
  };
  walk(defaultBox, []);
  return out;
}
const valueAt = (data: unknown, path: readonly PropertyKey[]) =>
  path.reduce<unknown>((x, k) => (x !== null && typeof x === 'object' ? (x as Record<string, unknown>)[k as string] : undefined), data);

const seaDistance = (board: Board, a: string, b: string) => distance(board.seaNeighbours, a, b);

const CHECKS: readonly Check[] = [
  {
    id: 'printed.unchanged',
    rule: 'as cited',
    text: 'values the rulebook prints stay as printed',
    check: (_p, _b, raw) =>
      printedValues().flatMap(({ path, value, rule }) => {
        const found = withoutProvenance(valueAt(raw, path));
        return canonicalJson(found ?? null) === canonicalJson(value ?? null)
          ? []
          : [
              {
                path: jsonPath(path),
                message: `the rulebook (${rule}) prints ${JSON.stringify(value)}, the box has ${JSON.stringify(found)}`,
              },
            ];
      }),
  },
  {
    id: 'map.rectangular',
    rule: '3.1',
    text: 'the terrain rows are all as long as the first',
    check: (p) =>
      p.map.terrain.flatMap((row, i) =>
        row.length === p.map.terrain[0].length
          ? []
          : [{ path: `$.map.terrain[${i}]`, message: `row ${i + 1} has ${row.length} hexes, the first has ${p.map.terrain[0].length}` }],
      ),
  },
  {
    id: 'map.places-at-sea',
    rule: '14.4',
    text: 'every named place is a hex on the map that ships can enter (not all land)',
    check: (p, board) =>
      Object.entries(p.map.places).flatMap(([place, hex]) => {
        const t = board.terrainOf(hex);
        return t === null
          ? [{ path: `$.map.places.${place}`, message: `${place} is at ${hex}, which is not on the map` }]
          : t === 'land'
            ? [{ path: `$.map.places.${place}`, message: `${place} is at ${hex}, an all-land hex no ship can enter` }]
            : [];
      }),
  },
  {
    id: 'map.hexsides',
    rule: '14.8',
    text: 'every all-land hexside lies between two neighbouring hexes of the map',
    check: (p, board) =>
      p.map.allLandHexsides.flatMap((side, i) => {
        try {
          const [a, b] = board.grid.hexsideHexes(side);
          return board.map.onMap(a) && board.map.onMap(b)
            ? []
            : [{ path: `$.map.allLandHexsides[${i}]`, message: `${side} is off the map` }];
        } catch (e) {
          return [{ path: `$.map.allLandHexsides[${i}]`, message: (e as Error).message }];
        }
      }),
  },
  {
    id: 'map.to-truk',
    rule: '3.2, 4.3',
    text: 'six To Truk hexes on the north edge, west to east, at sea',
    check: (p, board) =>
      p.map.toTruk.flatMap((hex, i) => {
        const out: Omit<Problem, 'rule' | 'severity'>[] = [];
        const at = board.map.onMap(hex) ? board.grid.parse(hex) : null;
        if (at?.row !== 1) out.push({ path: `$.map.toTruk[${i}]`, message: `${hex} is not on the map's north edge (row 01)` });
        else if (board.terrainOf(hex) === 'land') out.push({ path: `$.map.toTruk[${i}]`, message: `${hex} is all land` });
        const prev = p.map.toTruk[i - 1];
        if (at && prev && board.map.onMap(prev) && board.grid.parse(prev).col >= at.col)
          out.push({ path: `$.map.toTruk[${i}]`, message: `${hex} is not east of ${prev}: 4.3 counts them from the west` });
        return out;
      }),
  },
  {
    id: 'map.sub-placement',
    rule: '4.3',
    text: "every hex 4.3's submarine placement can reach (a To Truk hex, then 4-9 hexes south, west or east at a hexside) is a sea or coast hex on the map",
    check: (p, board) =>
      p.map.toTruk.flatMap((hex, i) =>
        board.map.onMap(hex)
          ? [1, 2, 3, 4, 5, 6].flatMap((d) =>
              southOptions(board, hex, d + 3).flatMap((h) =>
                h !== null && board.terrainOf(h) !== 'land' && board.terrainOf(h) !== null
                  ? []
                  : [
                      {
                        path: `$.map.toTruk[${i}]`,
                        message: `${d + 3} hexes south of ${hex} is ${h ?? 'off the map'}, where no submarine can be placed`,
                      },
                    ],
              ),
            )
          : [],
      ),
  },
  {
    id: 'route.port-moresby',
    rule: '20.1, 14.6',
    text: 'the Port Moresby Group, arriving at Rabaul on Day 4 May, can reach Port Moresby by sea with three complete movement phases left before the game ends',
    check: (p, board) => {
      const d = seaDistance(board, p.map.places.Rabaul, p.map.places['Port-Moresby']);
      const phases = 2 * (p.calendar.lastDay - p.calendar.firstDay + 1) - 2;
      const fastest = Math.ceil(d / (p.ijnTaskForces.PMG.ma + p.constants.fastMove));
      return Number.isFinite(d) && fastest + 3 <= phases
        ? []
        : [
            {
              path: '$.map.places.Port-Moresby',
              message: `Rabaul to Port Moresby is ${Number.isFinite(d) ? `${d} hexes by sea, ${fastest} phases at full speed` : 'not joined by sea'}, and ${phases} phases remain from Day 4 May: three transports need three more`,
            },
          ];
    },
  },
  {
    id: 'route.port-moresby-length',
    rule: '14.8',
    severity: 'warning',
    text: 'Rabaul to Port Moresby by sea is 9-14 hexes (round the Papuan tip, as the convoy had to go)',
    check: (p, board) => {
      const d = seaDistance(board, p.map.places.Rabaul, p.map.places['Port-Moresby']);
      return d >= 9 && d <= 14 ? [] : [{ path: '$.map.allLandHexsides', message: `Rabaul to Port Moresby is ${d} hexes by sea` }];
    },
  },
  {
    id: 'route.lae-port-moresby',
    rule: '14.4',
    text: 'no ship crosses the Papuan peninsula: Lae and Port Moresby are not next to each other by sea',
    check: (p, board) => {
      const d = seaDistance(board, p.map.places.Lae, p.map.places['Port-Moresby']);
      return d > 3 ? [] : [{ path: '$.map.allLandHexsides', message: `Lae to Port Moresby is only ${d} hexes by sea` }];
    },
  },
  {
    id: 'route.tulagi',
    rule: '4.3, 20.1',
    text: 'the Tulagi Group (MA 1) can reach Tulagi from Santa Isabel in one fast move, as it landed on 3 May',
    check: (p, board) => {
      const d = seaDistance(board, p.map.places['Santa-Isabel'], p.map.places.Tulagi);
      return d <= p.ijnTaskForces.TG.ma + p.constants.fastMove
        ? []
        : [{ path: '$.map.places.Santa-Isabel', message: `Santa Isabel to Tulagi is ${d} hexes by sea` }];
    },
  },
  {
    id: 'route.objectives',
    rule: '14.8',
    text: 'each IJN TF can reach its objective by sea from where it enters (4.3)',
    check: (p, board, raw) =>
      (['CSF', 'PMG', 'TG', 'SG', 'CG'] as const).flatMap((tf) => {
        const objective = p.ijnTaskForces[tf].objective;
        const at = raw.setup.ijn.value.placement[tf]?.at;
        if (!objective || !at) return [];
        const starts = at === 'To-Truk' ? p.map.toTruk : [p.map.places[at]];
        const goal = p.map.places[objective];
        return starts.every((s) => Number.isFinite(seaDistance(board, s, goal)))
          ? []
          : [{ path: `$.ijnTaskForces.${tf}.objective`, message: `${tf} cannot reach ${objective} (${goal}) by sea from ${at}` }];
      }),
  },
  {
    id: 'carriers.hold-their-air',
    rule: '12.1',
    text: "each carrier's capacity holds the air the setup puts on it (4.2, 4.3, 30.1)",
    check: (p) => {
      const loads: [string, string, number][] = [
        ...Object.entries(p.setup.usn.carrierAir).map(([id, l]) => ['usn', id, sum(l)] as [string, string, number]),
        ...Object.entries(p.setup.ijn.carrierAir).map(([id, l]) => ['ijn', id, sum(l)] as [string, string, number]),
        ['ijn', p.setup.biggerBattle.ijn.ship, sum(p.setup.biggerBattle.ijn.air)],
        ['usn', p.setup.biggerBattle.usn.ships[0], sum(p.setup.biggerBattle.usn.air)],
      ];
      return loads.flatMap(([side, id, load]) => {
        const i = p.ships.findIndex((s) => s.side === side && s.id === id);
        const cap = p.ships[i]?.capacity ?? 0;
        return cap >= load
          ? []
          : [
              {
                path: `$.ships[${i}].capacity`,
                message: `${side.toUpperCase()} ${id} carries ${load} squadrons at setup, its capacity is ${cap}`,
              },
            ];
      });
    },
  },
  {
    id: 'bases.hold-their-air',
    rule: '23.4',
    text: "each base's capacity holds the air the setup and reinforcements put on it (4.2, 4.3)",
    check: (p) => {
      const need: Record<string, number> = {
        Rabaul:
          sum(p.setup.ijn.baseAir.Rabaul) +
          p.setup.ijn.reinforcementAir.filter((r) => r.base === 'Rabaul').reduce((n, r) => n + sum(r.air), 0),
        Lae: sum(p.setup.ijn.baseAir.Lae),
        'Port-Moresby': sum(p.setup.usn.baseAir['Port-Moresby']),
      };
      const out = Object.entries(need).flatMap(([base, n]) =>
        p.bases[base].capacity >= n
          ? []
          : [{ path: `$.bases.${base}.capacity`, message: `${base} must hold ${n} squadrons, its capacity is ${p.bases[base].capacity}` }],
      );
      const australia = sum(p.setup.usn.baseAir.Australia);
      const both = p.bases['North-Australia'].capacity + p.bases['South-Australia'].capacity;
      if (both < australia)
        out.push({
          path: '$.bases.North-Australia.capacity',
          message: `the two Australian bases hold ${both}, Australia starts with ${australia} squadrons`,
        });
      return out;
    },
  },
  {
    id: 'tables.doctrine-columns',
    rule: '4a, 14.6',
    text: 'the movement doctrine has a column for every IJN TF, and the Port Moresby Group can move fast toward its objective',
    check: (p) => {
      const cols = p.tables.movementDoctrine.table.columns;
      const out = IJN_TFS.filter((tf) => !cols.some((c) => c.id === tf)).map((tf) => ({
        path: '$.tables.movementDoctrine.table.columns',
        message: `no column for ${tf}`,
      }));
      const pmg = cols.findIndex((c) => c.id === 'PMG');
      if (pmg >= 0 && !cols[pmg].entries.some((e) => e.result.kind === 'objective' && e.result.fast))
        out.push({
          path: `$.tables.movementDoctrine.table.columns[${pmg}]`,
          message: 'the Port Moresby Group never moves fast toward Port Moresby, so it cannot land all its transports in time',
        });
      return out;
    },
  },
  {
    id: 'air.ranges',
    rule: '21.2',
    text: 'every aircraft type has a range on its side (the IJN has no LD or LHB counters)',
    check: (p) =>
      AIR_TYPES.filter((t) => !(p.airRanges.usn[t] > 0)).map((t) => ({ path: `$.airRanges.usn.${t}`, message: `USN ${t} has no range` })),
  },
  {
    id: 'vp.levels',
    rule: '6.2',
    text: 'victory levels fall from strategic to marginal, all above 1',
    check: (p) => {
      const { strategic, tactical, marginal } = p.vp.levels;
      return strategic > tactical && tactical > marginal && marginal > 1
        ? []
        : [{ path: '$.vp.levels', message: `levels ${strategic}, ${tactical}, ${marginal} do not fall in order above 1` }];
    },
  },
  {
    id: 'panic.historical',
    rule: '9.2',
    severity: 'warning',
    text: "the historical battle (Shoho sunk, Shokaku crippled, nine IJN squadrons lost, Lexington sunk, Tulagi's transport landed) brings panic to 8-10 (brief 7.2 #10)",
    check: (p) => {
      const pp = p.panicPoints;
      const total =
        pp['ijn-CVL-sunk'] +
        pp['ijn-CV-crippled'] +
        Math.floor(9 / pp['ijn-squadrons-per-point']) +
        pp['usn-CV-sunk'] +
        pp['landing-per-transport'];
      return total >= 8 && total <= 10 ? [] : [{ path: '$.panicPoints', message: `the historical battle scores ${total} panic points` }];
    },
  },
  {
    id: 'cp.busy-day',
    rule: '7.2',
    severity: 'warning',
    text: "a day's CP buy 60-80% of a busy day's wants (two carrier strikes and two CAP, two land strikes, three intelligence rolls, four refits, five refuels, two fast moves, a new TF)",
    check: (p) => {
      const c = (k: string) => p.commandMissions[k]?.cost ?? 0;
      const want =
        4 * c('carrier-air-mission') +
        2 * c('land-air-mission') +
        3 * c('intelligence-roll') +
        4 * c('refit-carrier-or-base') +
        5 * c('refuel-tf') +
        2 * c('fast-move') +
        c('new-tf');
      const ratio = p.constants.cpPerDay / want;
      return ratio >= 0.6 && ratio <= 0.8
        ? []
        : [{ path: '$.commandMissions', message: `a busy day costs ${want} CP; ${p.constants.cpPerDay} buy ${Math.round(ratio * 100)}%` }];
    },
  },
];

/** The hexes `n` south of `hex` (4.3): straight down when n is even, the two at the hexside when odd (west, east). */
export function southOptions(board: Board, hex: string, n: number): (string | null)[] {
  const { col, row } = board.grid.parse(hex);
  const x =
    col + (row % 2 === 0 && board.grid.spec.shifted === 'even' ? 0.5 : row % 2 === 1 && board.grid.spec.shifted === 'odd' ? 0.5 : 0);
  const r = row + n;
  const shift = (r % 2 === 0 && board.grid.spec.shifted === 'even') || (r % 2 === 1 && board.grid.spec.shifted === 'odd') ? 0.5 : 0;
  const at = (c: number) => {
    if (c < 1 || r < 1) return null;
    const id = board.grid.format({ col: c, row: r });
    return board.map.onMap(id) ? id : null;
  };
  const c = x - shift;
  return Number.isInteger(c) ? [at(c)] : [at(Math.floor(c)), at(Math.ceil(c))];
}

export interface BoxCheck {
  /** Schema problems (`$.path: ...`); when any, the constraints were not run. */
  readonly schema: readonly string[];
  readonly problems: readonly Problem[];
  readonly checked: readonly { id: string; rule: string; text: string; severity: 'error' | 'warning'; problems: number }[];
}

/** Checks a box (the default, or a club's override) against the schema and every constraint. */
export function checkBox(data: unknown): BoxCheck {
  const schema = validateBox(coralBoxSchema, data);
  if (schema.length) return { schema, problems: [], checked: [] };
  const raw = data as CoralBox;
  const plain = plainOf(raw);
  let board: Board;
  try {
    board = buildBoard(plain.map);
  } catch (e) {
    return { schema: [], problems: [{ path: '$.map', rule: '3.1', message: (e as Error).message, severity: 'error' }], checked: [] };
  }
  const problems: Problem[] = [];
  const checked = CHECKS.map((c) => {
    const found = c.check(plain, board, raw).map((pr) => ({ ...pr, rule: c.rule, severity: c.severity ?? ('error' as const) }));
    problems.push(...found);
    return { id: c.id, rule: c.rule, text: c.text, severity: c.severity ?? ('error' as const), problems: found.length };
  });
  return { schema: [], problems, checked };
}
