/** The VITP game box: every component value with its provenance, a zod schema and a checker. */
import { z } from 'zod';
import { validateBox as validateShape } from '../../../engine/box';
import { GraphError, graphFromEdges, isConnected } from '../../kit';
import { provenanced } from './provenance';
import { adjacency, places, seaAreas } from './map';
import { japaneseUnits } from './japanese-oob';
import { alliedUnits } from './allied-oob';
import { gameLength, locationCodes, pearlRaidMinSpeed, pocTrackCap, repairs, submarines, uncertainRoll } from './schedule';

const side = z.enum(['japanese', 'allied']);
const int = z.number().int();

const seaAreaSchema = z.strictObject({
  name: z.string().min(1),
  pocJapanese: provenanced(int.min(0).max(9)),
  pocAllied: provenanced(int.min(0).max(9)),
  startControl: provenanced(side.nullable()),
});
const placeSchema = z.strictObject({
  name: z.string().min(1),
  kind: z.enum(['port', 'base']),
  touches: provenanced(z.array(z.string()).min(1).max(3)),
  startControl: provenanced(side),
});
const unitSchema = z.strictObject({
  name: z.string().min(1),
  side,
  kind: z.enum(['ship', 'lba', 'amph', 'sub']),
  type: z.string().min(1),
  nation: provenanced(z.enum(['JP', 'US', 'GB', 'AU', 'NL'])),
  gunnery: provenanced(int.min(0).max(9)),
  gunneryBonus: provenanced(z.boolean()),
  airstrike: provenanced(int.min(0).max(9)),
  airstrikeBonus: provenanced(z.boolean()),
  armor: provenanced(int.min(0).max(9)),
  speed: provenanced(int.min(0).max(9)),
  arrival: provenanced(z.strictObject({ turn: int.min(1).max(9), at: z.string().min(1) })),
  removedOnTurn: provenanced(int.min(2).max(9)).optional(),
});

export const vitpBoxSchema = z.strictObject({
  seaAreas: z.array(seaAreaSchema).length(13),
  adjacency: provenanced(z.array(z.tuple([z.string(), z.string()]))),
  places: z.array(placeSchema).length(22),
  units: z.array(unitSchema).min(1),
  repairs: z.array(z.strictObject({ port: z.string(), side, perTurn: provenanced(z.array(int.min(0)).length(9)) })),
  submarines: z.array(z.strictObject({ name: z.string(), side, turns: provenanced(z.array(int.min(1).max(9))) })),
  locationCodes: provenanced(z.record(z.string(), z.string())),
  uncertainRoll: provenanced(z.strictObject({ one: z.string(), twoThree: z.string(), fourToSix: z.string() })),
  gameLength: provenanced(z.strictObject({ turns: int, optionalTurn: int })),
  pocTrackCap: provenanced(int.min(1)),
  pearlRaidMinSpeed: provenanced(int.min(1)),
});

export type VitpBox = z.infer<typeof vitpBoxSchema>;

export const defaultBox: VitpBox = {
  seaAreas: [...seaAreas],
  adjacency: { value: adjacency.value.map(([x, y]) => [x, y] as [string, string]), source: adjacency.source },
  places: places.map((pl) => ({
    ...pl,
    touches: { value: [...pl.touches.value], source: pl.touches.source },
  })),
  units: [...japaneseUnits, ...alliedUnits] as VitpBox['units'],
  repairs: repairs.map((r) => ({ ...r, perTurn: { value: [...r.perTurn.value], source: r.perTurn.source } })),
  submarines: submarines.map((s) => ({ ...s, turns: { value: [...s.turns.value], source: s.turns.source } })),
  locationCodes: { value: { ...locationCodes.value }, source: locationCodes.source },
  uncertainRoll,
  gameLength,
  pocTrackCap,
  pearlRaidMinSpeed,
};

/** Shape check (zod), then the cross-references a club's transcription could get wrong. */
export function validateBox(data: unknown): string[] {
  const parsed = vitpBoxSchema.safeParse(data);
  if (!parsed.success) {
    return validateShape(vitpBoxSchema, data);
  }
  const box = parsed.data;
  const problems: string[] = [];
  const areaNames = new Set(box.seaAreas.map((a) => a.name));
  const placeNames = new Set(box.places.map((pl) => pl.name));
  const dup = (names: string[], what: string) => {
    const seen = new Set<string>();
    for (const n of names) {
      if (seen.has(n.toLowerCase())) problems.push(`${what} "${n}" appears twice`);
      seen.add(n.toLowerCase());
    }
  };
  dup(
    box.seaAreas.map((a) => a.name),
    'sea area',
  );
  dup(
    box.places.map((pl) => pl.name),
    'port/base',
  );
  dup(
    box.units.map((u) => u.name),
    'unit',
  );
  if (box.places.filter((pl) => pl.kind === 'port').length !== 8) problems.push('the board has 8 major ports (2.1)');
  for (const [x, y] of box.adjacency.value) {
    for (const n of [x, y]) if (!areaNames.has(n)) problems.push(`adjacency names unknown sea area "${n}"`);
  }
  for (const pl of box.places) {
    for (const t of pl.touches.value) if (!areaNames.has(t)) problems.push(`${pl.name} touches unknown sea area "${t}"`);
  }
  const codes = box.locationCodes.value;
  for (const u of box.units) {
    const at = u.arrival.value.at;
    const known = placeNames.has(at) || (u.side === 'allied' && u.arrival.value.turn === 1 && at in codes);
    if (!known) problems.push(`${u.name} arrives at unknown place "${at}"`);
    if (u.kind === 'sub' && !box.submarines.some((s) => s.name === u.name)) problems.push(`${u.name} has no submarine schedule`);
  }
  for (const r of box.repairs) if (!placeNames.has(r.port)) problems.push(`repair chart names unknown port "${r.port}"`);
  problems.push(...seaMapProblems(box, areaNames));
  return problems;
}

/**
 * The sea areas as a graph (the shared kit's checks: no area bordering itself, no border listed
 * twice), then one connected map. Borders naming unknown areas are reported above and left out.
 */
function seaMapProblems(box: VitpBox, areaNames: ReadonlySet<string>): string[] {
  const known = box.adjacency.value.filter(([x, y]) => areaNames.has(x) && areaNames.has(y));
  try {
    const map = graphFromEdges([...areaNames], known);
    return isConnected(map.nodes, map.neighbours) ? [] : ['the sea areas do not form one connected map'];
  } catch (e) {
    if (e instanceof GraphError) return e.problems.map((p) => `sea-area adjacency: ${p}`);
    throw e;
  }
}
