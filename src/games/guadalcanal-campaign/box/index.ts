/**
 * Guadalcanal Campaign's box: the printed values (grid, ranges, aircraft, missions, orders of battle,
 * victory tables) and the rebuilt ones (the map, the ships and their ratings, the start positions),
 * each tagged. `umpire box check guadalcanal-campaign` prints the provenance split by part and every
 * check the rules impose on the data.
 */
import { countProvenance, gameBox, withoutProvenance } from '../../../engine/box';
import { BASE_GROUPS, CARRIER_GROUPS, CORAL_SEA_CARRIER_GROUPS } from './air';
import { AIRCRAFT, LONG_RANGE_CAP, LONG_RANGE_STRIKE, TRANSFER_RANGE_FACTOR } from './aircraft';
import { AIRBASES, MAP, PLACES, PORTS } from './map';
import { startForces } from './oob';
import type { PlainBox } from './plain';
import { range } from './range';
import { CAMPAIGN_TOTALS } from './campaigns';
import { SCENARIO_DATA, SCENARIOS } from './scenarios';
import { type GcBox, gcBoxSchema } from './schema';
import { BOMBARD } from './bombard';
import { TURN_END } from './turn-end';
import { REINFORCEMENTS, reinforcementProblems } from './reinforcements';
import { SEARCH } from './search';
import { STRIKE } from './strike';
import { SURFACE } from './surface';
import { SUBMARINE } from './submarine';
import { DAMAGE } from './damage';
import { LAND } from './land';
import { AIR_RETURN } from './air-return';
import { CLASSES, SHIPS } from './ships';
import { MISSIONS, VICTORY } from './tables';

export type { GcBox, PlainBox };
export { SCENARIOS, type ScenarioId } from './scenarios';

export const defaultBox: GcBox = {
  map: MAP,
  places: PLACES,
  ports: PORTS,
  airbases: AIRBASES,
  aircraft: AIRCRAFT,
  longRangeStrike: LONG_RANGE_STRIKE,
  longRangeCap: LONG_RANGE_CAP,
  transferRangeFactor: TRANSFER_RANGE_FACTOR,
  classes: CLASSES,
  ships: SHIPS,
  missions: MISSIONS,
  scenarios: SCENARIO_DATA,
  campaignTotals: CAMPAIGN_TOTALS,
  air: { carriers: CARRIER_GROUPS, coralSeaCarriers: CORAL_SEA_CARRIER_GROUPS, bases: BASE_GROUPS },
  strike: STRIKE,
  surface: SURFACE,
  submarine: SUBMARINE,
  damage: DAMAGE,
  land: LAND,
  airReturn: AIR_RETURN,
  bombard: BOMBARD,
  turnEnd: TURN_END,
  reinforcements: REINFORCEMENTS,
  search: SEARCH,
  victory: VICTORY,
};

export const plainBox = (box: GcBox = defaultBox): PlainBox => withoutProvenance<PlainBox>(box);

/** A check the rules impose on the data: its rule, what it says, and the problems found. */
interface Check {
  readonly rule: string;
  readonly text: string;
  readonly problems: readonly string[];
}

function checks(box: PlainBox, raw: GcBox): Check[] {
  const rows = box.map.rows;
  const places = Object.values(box.places);
  const at = (code: string) => places.find((p) => p.code === code)!;
  const names = box.ships.map((s) => s.name);
  const reach = (from: string, to: string, max: number, why: string): string[] => {
    const d = range(at(from), at(to));
    return d > max ? [`${at(from).name} to ${at(to).name} is ${d} squares, over ${max} (${why})`] : [];
  };
  const totals = Object.entries(raw.campaignTotals).flatMap(([scenario, t]) =>
    (['american', 'japanese'] as const).flatMap((side) => {
      const start = box.scenarios[scenario as 'campaign'][side].counts;
      const total = withoutProvenance<Record<string, number>>(t[side]);
      return Object.entries(start)
        .filter(([type, n]) => (total[type] ?? 0) < n)
        .map(([type, n]) => `${scenario} ${side}: ${n} ${type} at the start, ${total[type] ?? 0} in all`);
    }),
  );
  return [
    {
      rule: '1.4',
      text: 'every base and port is on a base square of the map, not on land',
      problems: places.filter((p) => !/[A-Z]/.test(rows[p.row - 1][p.col - 1])).map((p) => `${p.name} at ${p.col},${p.row}`),
    },
    {
      rule: '7.3D, 7.5D',
      text: 'the ranges the campaign needs: Bettys and Zekes reach Henderson from Rabaul, Brisbane Wildcats can transfer to Espiritu Santo',
      problems: [
        ...reach('R', 'H', 15, 'Betty and Zeke attack range 15'),
        ...reach('B', 'E', 15, 'Wildcat transfer 3 x 5'),
        ...reach('T', 'R', 18, 'Val and Kate transfer 3 x 6'),
      ],
    },
    {
      rule: '2.3',
      text: 'every ship name is unique and of a known class',
      problems: names.filter((n, i) => names.indexOf(n) !== i || !box.classes[box.ships[i].cls]),
    },
    {
      rule: '13.0, 9.2B-D, 5.2F',
      text: 'every scenario gives each side exactly the ships 13.0 prints, in task forces the missions allow, at sea',
      problems: SCENARIOS.flatMap((s) => (['american', 'japanese'] as const).flatMap((side) => startForces(box, s, side).problems)),
    },
    { rule: '13.0', text: 'a campaign starts with no more ships of a type than it has in all', problems: totals },
    { rule: '8.9, 13.0', text: "a campaign's start and ship arrivals add up to 13.0's totals", problems: reinforcementProblems(box) },
    {
      rule: '4.5E, 7.6',
      text: 'air groups: carriers within their capacity and flying carrier types only, bases of their side',
      problems: airProblems(box),
    },
  ];
}

function airProblems(box: PlainBox): string[] {
  if (!box.air) return [];
  const carrierGroups = { ...box.air.carriers, ...box.air.coralSeaCarriers };
  const carriers = Object.entries(carrierGroups).flatMap(([cls, group]) => {
    const c = box.classes[cls];
    const total = Object.values(group).reduce((a, b) => a + b, 0);
    return [
      ...(!c || !['CV', 'CVL'].includes(c.type) ? [`${cls} is no carrier class`] : []),
      ...(c && total > c.cc ? [`${cls} carries ${total} aircraft, over its ${c.cc} (CC)`] : []),
      ...Object.keys(group)
        .filter((t) => !box.aircraft[t]?.carrier || box.aircraft[t].side !== c?.side)
        .map((t) => `${cls}: ${t} never flies from its carriers`),
    ];
  });
  const bases = box.airbases as Record<string, unknown>;
  const sideOf = (name: string) =>
    (['american', 'coralSeaAmerican'] as const).some((k) => (bases[k] as string[]).includes(name))
      ? 'american'
      : (bases.japanese as string[]).includes(name)
        ? 'japanese'
        : null;
  const baseGroups = Object.entries(box.air.bases).flatMap(([scenario, groups]) =>
    Object.entries(groups).flatMap(([base, group]) => [
      ...(sideOf(base) ? [] : [`${scenario}: ${base} is no airbase (7.6)`]),
      ...Object.keys(group)
        .filter((t) => box.aircraft[t]?.side !== sideOf(base))
        .map((t) => `${scenario}: ${t} at ${base} is not of its side`),
    ]),
  );
  return [...carriers, ...baseGroups];
}

/** `ruleset.box`: the schema's problems, then every check's. */
export const gcBox = {
  ...gameBox(gcBoxSchema, defaultBox),
  validate(data: unknown): readonly string[] {
    const parsed = gcBoxSchema.safeParse(data);
    if (!parsed.success) return parsed.error.issues.map((i) => `$.${i.path.join('.')}: ${i.message}`);
    return checks(plainBox(parsed.data), parsed.data).flatMap((c) => c.problems.map((p) => `${p} (rule ${c.rule})`));
  },
  details(data: unknown): readonly string[] {
    const parsed = gcBoxSchema.safeParse(data);
    if (!parsed.success) return parsed.error.issues.map((i) => `$.${i.path.join('.')}: ${i.message}`);
    const box = parsed.data;
    const split = (what: string, part: unknown) => {
      const c = countProvenance(part);
      return `  ${what.padEnd(16)} ${c.rulebook} rulebook, ${c.reference} reference, ${c.reconstructed} reconstructed of ${c.total}`;
    };
    const all = countProvenance(box);
    return [
      `provenance: ${all.rulebook} rulebook, ${all.reference} reference, ${all.reconstructed} reconstructed of ${all.total}`,
      split('map and bases', [box.map, box.places, box.ports, box.airbases]),
      split('air search', [box.search]),
      split('air strikes', [box.strike ?? {}]),
      split('bombardment', [box.bombard ?? {}]),
      split('turn end', [box.turnEnd ?? {}]),
      split('reinforcements', [box.reinforcements ?? {}]),
      split('surface combat', [box.surface ?? {}]),
      split('submarines', [box.submarine ?? {}]),
      split('damage (9.1)', [box.damage ?? {}]),
      split('land combat', [box.land ?? {}]),
      split('air return', [box.airReturn ?? {}]),
      split('air groups', [box.air ?? {}]),
      split('aircraft', [box.aircraft, box.longRangeStrike, box.longRangeCap, box.transferRangeFactor]),
      split('ship classes', box.classes),
      split('ships', box.ships),
      split('missions', box.missions),
      split('scenarios', [box.scenarios, box.campaignTotals]),
      split('victory', box.victory),
      ...checks(plainBox(box), box).map(
        (c) => `${c.problems.length ? 'FAIL' : 'ok  '} ${c.rule}: ${c.text}${c.problems.map((p) => `\n  ${p}`).join('')}`,
      ),
    ];
  },
};
