/**
 * The box's constraints on the map and the setup: the printed values kept (as cited), the hex map
 * (3.1, 12.1, 14.4, 14.8), the placements south of their places (3.2, 4.3), the objectives within
 * reach of the invasion groups (20.1, 14.6).
 */
import { jsonPath, withoutProvenance } from '../../../engine/box';
import { canonicalJson } from '../../../shared/canonical';
import type { Check, Problem } from './check-kit';
import { printedValues, seaDistance, southOptions, sum, valueAt } from './check-kit';

export const MAP_CHECKS: readonly Check[] = [
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
];
