/**
 * What Coral Sea offers its adjudication cases (docs/cases.md, CaseSupport): `given.setup`, a
 * position in the game's terms checked before the case runs, and `expectUnits`, a TF, ship or air
 * unit by id. A setup starts from the standard position of its turn: the USN deployed as 4.2's
 * defaults (TF-11, 17, 6, 9 at New Caledonia, TF-44 and Australia's air at North Australia), the
 * IJN's deal as a draw of the first counter every time (4.3; 31's under option historical), TG and
 * SG at Santa Isabel, CSF (westernmost To Truk hex), PMG and CG (Rabaul) and Rabaul's air from
 * Day 4 May, the submarine markers as dice 1, 3, 5 place them (4.3), then what the setup says.
 * It is built as one `coral.position` event (the position, whole).
 */
import { z } from 'zod';
import type { Dice, RulesEvent } from '../../engine/ruleset';
import { type IjnTf, IJN_TFS } from './box/schema';
import { dealFaceDown, placeSubmarines } from './ijn/setup';
import { boardFor, hexOf, shipKey } from './state';
import { sequenceOf } from './steps';
import type { AirUnitState, CoralState, ShipKey, TaskForceState } from './types';

const tfSetup = z.strictObject({
  /** a hex id or a place; null: off the map */
  hex: z.string().nullable().optional(),
  /** counter ids (`CA-1`), replacing the TF's ships */
  ships: z.array(z.string()).optional(),
  identified: z.boolean().optional(),
  arrives: z.number().int().min(1).optional(),
  gone: z.enum(['eliminated', 'withdrawn']).optional(),
});

const setupSchema = z.strictObject({
  turn: z.number().int().min(1).optional(),
  /** the step in play, a row instance (`command-decision`, `surface/1808`); default: the turn's first */
  step: z.string().optional(),
  /** the steps still to come this turn; default: the rest of the turn's sequence */
  queue: z.array(z.string()).optional(),
  taskForces: z.record(z.string(), tfSetup).optional(),
  /** `usn:CV-2` or `ijn:CA-1` → its state */
  ships: z
    .record(
      z.string(),
      z.strictObject({
        status: z.enum(['ok', 'damaged', 'crippled', 'sunk']).optional(),
        fatigued: z.boolean().optional(),
        faceUp: z.boolean().optional(),
      }),
    )
    .optional(),
  /** air units replaced whole (by id) or added */
  air: z.array(z.record(z.string(), z.unknown())).optional(),
  panic: z.strictObject({ level: z.number().int().min(0), panicked: z.boolean().optional() }).optional(),
  chits: z.strictObject({ usn: z.number().int().min(0).optional(), ijn: z.number().int().min(0).optional() }).optional(),
  vp: z.strictObject({ usn: z.number().int().min(0).optional(), ijn: z.number().int().min(0).optional() }).optional(),
  cp: z
    .strictObject({
      organization: z.number().int().min(0),
      intelligence: z.number().int().min(0),
      operations: z.number().int().min(0),
      logistics: z.number().int().min(0),
    })
    .optional(),
  foulUp: z.number().int().min(0).optional(),
  weather: z.enum(['good', 'bad']).optional(),
  initiative: z.enum(['usn', 'ijn']).nullable().optional(),
  usnChit: z.record(z.string(), z.boolean()).optional(),
  /** submarine markers by number: hex (null: off the map), counter, revealed */
  submarines: z
    .record(
      z.string(),
      z.strictObject({ hex: z.string().nullable().optional(), counter: z.string().optional(), revealed: z.boolean().optional() }),
    )
    .optional(),
});

/** Dice that always show the same faces in turn (the standard position's draws and placements). */
function fixedDice(faces: readonly number[]): Dice {
  let i = 0;
  const next = () => faces[i++ % faces.length];
  return { d6: next, die: () => 1 };
}

/** The standard position on `turn` (see the header): `arrived(t)` says whether a turn-t arrival is placed already. */
function standard(s0: CoralState, turn: number, arrived: (t: number) => boolean): CoralState {
  let s = s0;
  const tfs = { ...s.taskForces };
  const nc = hexOf(s.box, 'New-Caledonia');
  for (const id of ['TF-11', 'TF-17', 'TF-6', 'TF-9']) tfs[id] = { ...tfs[id], hex: nc };
  tfs['TF-44'] = { ...tfs['TF-44'], hex: hexOf(s.box, 'North-Australia') };
  const ijn = s.box.setup.ijn.value;
  const deal: Partial<Record<IjnTf, string[]>> = {};
  if (s.options.historical) for (const [tf, ids] of Object.entries(s.box.setup.historical.value)) deal[tf as IjnTf] = [...ids];
  else
    for (const d of [
      dealFaceDown(fixedDice([1]), ijn.carrierDraw.pool, ijn.carrierDraw.deal, 'carriers'),
      dealFaceDown(fixedDice([1]), ijn.counterDraw.pool, ijn.counterDraw.deal, 'counters'),
    ])
      for (const [tf, ids] of Object.entries(d.assigned)) deal[tf as IjnTf] = [...(deal[tf as IjnTf] ?? []), ...(ids ?? [])];
  for (const tf of IJN_TFS) {
    const t = tfs[tf];
    const place = ijn.placement[tf];
    const ships = [...t.ships, ...(deal[tf] ?? []).map((id) => shipKey('ijn', id)).filter((k) => !t.ships.includes(k))];
    const on = place !== undefined && arrived(place.turn);
    const hex = on ? (place.at === 'To-Truk' ? s.box.map.toTruk.value[0] : hexOf(s.box, place.at)) : null;
    const { arrives: _a, ...rest } = t;
    tfs[tf] = { ...rest, ships, hex, ...(on || !place ? {} : { arrives: place.turn }) };
  }
  const air: AirUnitState[] = s.air.map((a) =>
    a.home === 'Australia' ? { ...a, home: 'North-Australia', id: `usn:North-Australia:${a.type}` } : a,
  );
  for (const r of ijn.reinforcementAir.filter((x) => arrived(x.turn)))
    for (const [type, n] of Object.entries(r.air)) {
      const i = air.findIndex((a) => a.id === `ijn:${r.base}:${type}`);
      if (i >= 0) air[i] = { ...air[i], strength: air[i].strength + (n ?? 0) };
      else
        air.push({
          id: `ijn:${r.base}:${type}`,
          side: 'ijn',
          type: type as 'LF',
          strength: n ?? 0,
          home: r.base as 'Rabaul',
          box: 'ready',
        });
    }
  const placed = placeSubmarines(fixedDice([1, 1, 3, 1, 5, 1]), s.box, boardFor(s), ijn.submarines.length);
  const submarines = ijn.submarines.map((counter, i) => ({
    marker: i + 1,
    hex: placed.hexes[i],
    counter,
    revealed: false,
    usedThisTurn: false,
  }));
  const chits = { usn: 0, ijn: Math.min(s.box.constants.leadershipMax.value, ijn.chits.start + (arrived(3) ? ijn.chits.day4 : 0)) };
  s = { ...s, taskForces: tfs, air, submarines, chits, turn };
  return s;
}

export function coralCaseSetup(rules: unknown, setup: unknown): { events: readonly RulesEvent[] } | { problems: readonly string[] } {
  const parsed = setupSchema.safeParse(setup);
  if (!parsed.success) return { problems: parsed.error.issues.map((i) => `${i.path.join('.') || 'setup'}: ${i.message}`) };
  const g = parsed.data;
  const s0 = rules as CoralState;
  const turn = g.turn ?? 1;
  const early = turn === 1 && (g.step === undefined || g.step === 'deployment' || g.step === 'ijn-setup');
  const seq = sequenceOf(turn, g.initiative ?? 'ijn');
  const step = g.step ?? (early ? 'deployment' : (seq.find((r) => r !== 'deployment' && r !== 'ijn-setup') ?? seq[0]));
  const at = seq.indexOf(step.split('/')[0]);
  // this turn's arrivals are placed once its reinforcement phase is over
  const arrived = (t: number) => t < turn || (t === turn && at > seq.indexOf('reinforcements'));
  let s: CoralState = early ? s0 : standard(s0, turn, arrived);
  const problems: string[] = [];
  if (at < 0 && g.queue === undefined) problems.push(`step ${step}: no row of turn ${turn}'s sequence (${seq.join(', ')}); give the queue`);
  const queue = g.queue ?? seq.slice(at + 1);
  const tfs: Record<string, TaskForceState> = { ...s.taskForces };
  const owner = new Map<ShipKey, string>();
  for (const [id, t] of Object.entries(g.taskForces ?? {})) {
    const base = tfs[id];
    const side = base?.side ?? (id.startsWith('TF-') ? 'usn' : null);
    if (!side) {
      problems.push(`taskForces.${id}: no such task force`);
      continue;
    }
    let hex = base?.hex ?? null;
    if (t.hex !== undefined) {
      try {
        hex = t.hex === null ? null : hexOf(s.box, t.hex);
      } catch {
        problems.push(`taskForces.${id}.hex: ${t.hex} is no hex or place of the map`);
      }
      if (hex && !boardFor(s).map.onMap(hex)) problems.push(`taskForces.${id}.hex: ${hex} is off the map`);
      if (hex && boardFor(s).terrainOf(hex) === 'land') problems.push(`taskForces.${id}.hex: ${hex} is all land (14.4)`);
    }
    const ships = t.ships ? t.ships.map((x) => (x.includes(':') ? (x as ShipKey) : shipKey(side, x))) : (base?.ships ?? []);
    for (const k of ships) if (!s.ships[k]) problems.push(`taskForces.${id}.ships: ${k} is no ship of this game`);
    const { arrives: _a, gone: _g, ...rest } = base ?? { id, side, hex: null, ships: [], identified: false };
    tfs[id] = {
      ...rest,
      hex,
      ships,
      identified: t.identified ?? base?.identified ?? false,
      ...(t.arrives !== undefined ? { arrives: t.arrives } : {}),
      ...(t.gone ? { gone: t.gone } : {}),
    };
  }
  // a ship named for one TF leaves any other
  for (const id of Object.keys(g.taskForces ?? {})) if (tfs[id]) for (const k of tfs[id].ships) owner.set(k, id);
  for (const id of Object.keys(tfs))
    if (!g.taskForces?.[id]) tfs[id] = { ...tfs[id], ships: tfs[id].ships.filter((k) => !owner.has(k) || owner.get(k) === id) };
  const ships = { ...s.ships };
  for (const [k, v] of Object.entries(g.ships ?? {})) {
    if (!ships[k as ShipKey]) problems.push(`ships.${k}: no such ship (write usn:CV-2 or ijn:CA-1)`);
    else ships[k as ShipKey] = { ...ships[k as ShipKey], ...v };
  }
  let air = s.air;
  for (const a of g.air ?? []) {
    const unit = a as unknown as AirUnitState;
    air = [...air.filter((x) => x.id !== unit.id), unit];
  }
  const submarines = s.submarines.map((sub) => {
    const over = g.submarines?.[String(sub.marker)];
    return over
      ? {
          ...sub,
          ...(over.hex !== undefined ? { hex: over.hex } : {}),
          ...(over.counter ? { counter: over.counter } : {}),
          ...(over.revealed !== undefined ? { revealed: over.revealed } : {}),
        }
      : sub;
  });
  if (problems.length) return { problems };
  s = {
    ...s,
    submarines,
    turn,
    step,
    queue,
    taskForces: tfs,
    ships,
    air,
    ...(g.panic ? { panic: { level: g.panic.level, panicked: g.panic.panicked ?? false } } : {}),
    chits: { ...s.chits, ...(g.chits ?? {}) },
    vp: { ...s.vp, ...(g.vp ?? {}) },
    ...(g.cp ? { cp: { available: 0, slots: g.cp } } : {}),
    ...(g.weather ? { weather: g.weather } : {}),
    ...(g.initiative !== undefined ? { initiative: g.initiative } : {}),
    core: { ...s.core, ...(g.foulUp !== undefined ? { foulUp: g.foulUp } : {}), ...(g.usnChit ? { usnChit: g.usnChit } : {}) },
  };
  const { box: _box, ...position } = s;
  return { events: [{ type: 'coral.position', data: { position } }] };
}

/** `expectUnits`: a TF (by id), a ship (`usn:CV-2`, `ijn:CA-1`) or an air unit (by id). */
export function coralCaseUnit(rules: unknown, ref: string): unknown {
  const s = rules as CoralState;
  return s.taskForces[ref] ?? s.ships[ref as ShipKey] ?? s.air.find((a) => a.id === ref);
}
