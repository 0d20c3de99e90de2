/**
 * Solomons Campaign's box: the 50.0 charts as printed (tagged with their rule) and the mapsheet and
 * counter values, which are not available, rebuilt (tagged with their reason). `umpire box check
 * solomons-campaign` prints the provenance split by part and every check the rules impose on the data.
 */
import { countProvenance, gameBox, withoutProvenance } from '../../../engine/box';
import { hexGrid } from '../../kit';
import {
  COLUMNS,
  CP_MISSIONS,
  CRT,
  LOGISTICS,
  RANDOM_EVENTS,
  REORGANIZATION,
  SHIFTS,
  TURNS,
  VICTORY_LEVELS,
  VICTORY_POINTS,
} from './charts';
import { DEPLOYMENT, REINFORCEMENTS } from './deployment';
import {
  AIR,
  CARRIER_CAPACITY,
  CP_TRACK,
  GROUND_SIZES,
  GROUND_STRENGTH,
  INTELLIGENCE,
  MOVEMENT,
  REFIT,
  SHIP_VALUES,
  TRANSPORT,
} from './forces';
import { AIRFIELDS, GRID, HEX_NAMES, ISLANDS, MAJOR_BASES } from './map';
import { SUBMARINES } from './submarines';
import { type SolBox, solBoxSchema } from './schema';

export type { SolBox };

/** The box as the rules read it: every `{ value, source }` replaced by its value. */
export type Plain<T> = T extends { value: infer V; source: unknown }
  ? Plain<V>
  : T extends readonly (infer U)[]
    ? Plain<U>[]
    : T extends object
      ? { [K in keyof T]: Plain<T[K]> }
      : T;
export type PlainBox = Plain<SolBox>;

export const defaultBox: SolBox = {
  grid: GRID,
  islands: ISLANDS,
  hexNames: HEX_NAMES,
  majorBases: MAJOR_BASES,
  airfields: AIRFIELDS,
  crt: CRT,
  columns: COLUMNS,
  shifts: SHIFTS,
  victoryPoints: VICTORY_POINTS,
  victoryLevels: VICTORY_LEVELS,
  cpMissions: CP_MISSIONS,
  logistics: LOGISTICS,
  reorganization: REORGANIZATION,
  randomEvents: RANDOM_EVENTS,
  turns: TURNS,
  shipValues: SHIP_VALUES,
  movement: MOVEMENT,
  transport: TRANSPORT,
  carrierCapacity: CARRIER_CAPACITY,
  air: AIR,
  groundSizes: GROUND_SIZES,
  groundStrength: GROUND_STRENGTH,
  cpTrack: CP_TRACK,
  refit: REFIT,
  intelligence: INTELLIGENCE,
  deployment: DEPLOYMENT,
  reinforcements: { ...REINFORCEMENTS, submarines: SUBMARINES },
} as SolBox;

export const plainBox = (box: SolBox = defaultBox): PlainBox => withoutProvenance<PlainBox>(box);

export const GRID_SPEC = { orientation: 'flat', shifted: 'odd' } as const;

interface Check {
  readonly rule: string;
  readonly text: string;
  readonly problems: readonly string[];
}

function checks(box: PlainBox): Check[] {
  const g = hexGrid({ ...GRID_SPEC, orientation: box.grid.orientation });
  const { cols, rows } = box.grid.size;
  const onMap = (h: string) => {
    const { col, row } = g.parse(h);
    return col >= 1 && col <= cols && row >= 1 && row <= rows;
  };
  const islands = Object.values(box.islands);
  const owner = new Map<string, string>();
  const twice: string[] = [];
  for (const i of islands)
    for (const h of i.hexes) owner.has(h) ? twice.push(`${h} in ${owner.get(h)} and ${i.name}`) : owner.set(h, i.name);
  const names = box.hexNames;
  const rabaul = box.majorBases.Rabaul.hex!;
  const guadW = names['Guadalcanal-W'];
  const jLac = box.air.ranges.japanese['navy-LAC'];
  const d = g.distance(rabaul, guadW);
  const carriers = (placements: PlainBox['deployment']['japanese'], cap: Record<string, number>) =>
    placements.flatMap((p) =>
      Object.entries(p.nac ?? {})
        .filter(([id, pts]) => pts > (cap[id.split('-')[0]] ?? 0))
        .map(([id, pts]) => `${id} carries ${pts}, over ${cap[id.split('-')[0]] ?? 0}`),
    );
  const rabaulShips = box.deployment.japanese
    .filter((p) => p.at === 'Rabaul')
    .flatMap((p) => p.ships ?? [])
    .filter((s) => !s.startsWith('TR-'));
  return [
    {
      rule: '2.3, 27.1',
      text: 'every island hex is on the map and in one island; a two-hex island has its hexes side by side',
      problems: [
        ...twice,
        ...islands.flatMap((i) => i.hexes.filter((h) => !onMap(h)).map((h) => `${i.name}: ${h} is off the map`)),
        ...islands
          .filter((i) => i.hexes.length === 2 && g.distance(i.hexes[0], i.hexes[1]) !== 1)
          .map((i) => `${i.name}: ${i.hexes.join(' and ')} do not touch`),
      ],
    },
    {
      rule: '8.1, 8.2',
      text: 'Rabaul and Espiritu Santo are sea-and-land hexes of the map outside every island; Truk and Australia are off it, touching edge hexes',
      problems: Object.entries(box.majorBases).flatMap(([name, b]) =>
        b.hex
          ? [
              ...(onMap(b.hex) ? [] : [`${name} ${b.hex} is off the map`]),
              ...(owner.has(b.hex) ? [`${name} ${b.hex} is in ${owner.get(b.hex)}`] : []),
            ]
          : (b.touches ?? [])
              .filter((h) => !onMap(h))
              .map((h) => `${name} touches ${h}, not on the map`)
              .concat(b.touches?.length ? [] : [`${name} touches no hex`]),
      ),
    },
    {
      rule: '10.3 (2), 2.11',
      text: 'the Tokyo Express (3 a move) reaches Guadalcanal from Rabaul in two moves; Japanese LAC reach it only at extended range',
      problems: [
        ...(d > 2 * box.movement.tokyoExpress ? [`Rabaul to Guadalcanal-W is ${d} hexes, over two Tokyo Express moves`] : []),
        ...(d <= jLac || d > 2 * jLac
          ? [`Rabaul to Guadalcanal-W is ${d} hexes; Japanese navy LAC range ${jLac}, extended ${2 * jLac}`]
          : []),
      ],
    },
    {
      rule: '12.3, 50.0',
      text: 'no carrier is set up with more NAC than it holds; the four Japanese carriers hold the 18 NAC between them',
      problems: [
        ...carriers(box.deployment.japanese, box.carrierCapacity.japanese),
        ...carriers(box.deployment.us, { ...box.carrierCapacity.us, ...box.carrierCapacity.usOther }),
        ...(box.deployment.japanese.reduce((t, p) => t + Object.values(p.nac ?? {}).reduce((a, b) => a + b, 0), 0) === 18
          ? []
          : ['the Japanese carriers do not hold 18 NAC']),
      ],
    },
    {
      rule: '12.2',
      text: 'Rabaul holds at most 10 Japanese combat ships at the start (transports not counted)',
      problems:
        rabaulShips.length > (box.majorBases.Rabaul.maxCombatShips ?? Infinity) ? [`${rabaulShips.length} combat ships at Rabaul`] : [],
    },
    {
      rule: '6.1, 6.3',
      text: 'the CP track gives each side 8 to 14 CP a turn (6.3 uses 10)',
      problems: (['japanese', 'us'] as const).flatMap((s) =>
        box.cpTrack[s].map((cp, i) => (cp < 8 || cp > 14 ? `${s} turn ${i + 1}: ${cp}` : '')).filter(Boolean),
      ),
    },
    {
      rule: '50.0 reinforcements, 12.3',
      text: 'every reinforcement arrives on an own major base within the game, no ship id is used twice by a side, no arriving carrier holds more NAC than it may',
      problems: reinforcementProblems(box),
    },
  ];
}

type Row = { turn: number; at: string; ships?: string[]; nac?: Record<string, number> };
function reinforcementProblems(box: PlainBox): string[] {
  const r = box.reinforcements as unknown as Record<string, Row[]>;
  const caps = { japanese: box.carrierCapacity.japanese, us: { ...box.carrierCapacity.us, ...box.carrierCapacity.usOther } };
  return (['japanese', 'us'] as const).flatMap((side) => {
    const rows = [...r[side], ...r[side === 'us' ? 'chartUs' : 'chartJapanese']];
    const ids = [...box.deployment[side].flatMap((p) => p.ships ?? []), ...rows.flatMap((a) => a.ships ?? [])];
    return [
      ...ids.filter((id, i) => ids.indexOf(id) !== i).map((id) => `${side}: ${id} twice`),
      ...rows
        .filter((a) => box.majorBases[a.at as keyof typeof box.majorBases]?.side !== side)
        .map((a) => `${side}: ${a.at} is no own major base`),
      ...rows.filter((a) => a.turn < 2 || a.turn > box.turns.lastTurn.extended).map((a) => `${side}: turn ${a.turn} out of the game`),
      ...rows.flatMap((a) =>
        Object.entries(a.nac ?? {})
          .filter(([id, n]) => n > ((caps[side] as Record<string, number>)[id.split('-')[0]] ?? 0))
          .map(([id, n]) => `${side}: ${id} arrives with ${n} NAC`),
      ),
    ];
  });
}

/** `ruleset.box`: the schema's problems, then every check's, and the split `umpire box check` prints. */
export const solBox = {
  ...gameBox(solBoxSchema, defaultBox),
  validate(data: unknown): readonly string[] {
    const parsed = solBoxSchema.safeParse(data);
    if (!parsed.success) return parsed.error.issues.map((i) => `$.${i.path.join('.')}: ${i.message}`);
    return checks(plainBox(parsed.data)).flatMap((c) => c.problems.map((p) => `${p} (rule ${c.rule})`));
  },
  details(data: unknown): readonly string[] {
    const parsed = solBoxSchema.safeParse(data);
    if (!parsed.success) return parsed.error.issues.map((i) => `$.${i.path.join('.')}: ${i.message}`);
    const box = parsed.data;
    const split = (what: string, part: unknown) => {
      const c = countProvenance(part);
      return `  ${what.padEnd(18)} ${c.rulebook} rulebook, ${c.reference} reference, ${c.reconstructed} reconstructed of ${c.total}`;
    };
    const all = countProvenance(box);
    return [
      `provenance: ${all.rulebook} rulebook, ${all.reference} reference, ${all.reconstructed} reconstructed of ${all.total}`,
      split('map and bases', [box.grid, box.islands, box.hexNames, box.majorBases, box.airfields]),
      split('charts (50.0)', [
        box.crt,
        box.columns,
        box.shifts,
        box.victoryPoints,
        box.victoryLevels,
        box.cpMissions,
        box.logistics,
        box.reorganization,
        box.randomEvents,
        box.turns,
      ]),
      split('counters', [box.shipValues, box.movement, box.transport, box.carrierCapacity, box.air, box.groundSizes, box.groundStrength]),
      split('mapsheet tracks', [box.cpTrack, box.refit, box.intelligence]),
      split('set-up', box.deployment),
      split('reinforcements', box.reinforcements),
      ...checks(plainBox(box)).map(
        (c) => `${c.problems.length ? 'FAIL' : 'ok  '} ${c.rule}: ${c.text}${c.problems.map((p) => `\n  ${p}`).join('')}`,
      ),
    ];
  },
};
