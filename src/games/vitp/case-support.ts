/**
 * What VITP offers its adjudication cases (src/engine/cases.ts CaseSupport, docs/cases.md):
 * `given.setup`, a start position written in the game's terms (turn, step, units by name, control)
 * and checked for consistency before the case runs, built as the rules events the game itself
 * logs; and `expectUnits`, a unit by id or name, with its fate in a battle still being fought.
 */
import { z } from 'zod';
import type { RulesEvent } from '../../engine/ruleset';
import { compareCodeUnits } from '../../shared/canonical';
import type { UnitPatch } from './events';
import { matchArea, matchPlace, matchUnit } from './orders/names';
import type { Loc, Phase, Unit, VitpState, VSide } from './types';
import { SIDES } from './types';
import { describeLoc, place, placesTouching } from './world';

const side = z.enum(['japanese', 'allied']);

const unitSetup = z.union([
  z.string().min(1),
  z
    .object({
      /** a sea area, a port or base, or: pool (not yet arrived), sunk, removed, eliminated, returning */
      at: z.string().min(1),
      /** at sea: patrol (default) or raid, for ships */
      mode: z.enum(['patrol', 'raid']).optional(),
      damage: z.number().int().min(0).optional(),
      airstrikeDamage: z.number().int().min(0).optional(),
      /** pool: the turn it arrives; eliminated: the turn it returns (null: only if rebuilt, 23.5) */
      turn: z.number().int().min(1).nullable().optional(),
      /** returning: the sea area it left */
      from: z.string().optional(),
      sailedFrom: z.string().optional(),
      raider: z.boolean().optional(),
      moved: z.boolean().optional(),
      repaired: z.boolean().optional(),
      barredFromPursuit: z.boolean().optional(),
      raidedThisTurn: z.boolean().optional(),
      mayNotInvade: z.boolean().optional(),
      returnedOn: z.number().int().min(1).optional(),
    })
    .strict(),
]);

export const vitpSetupSchema = z
  .object({
    turn: z.number().int().min(1).max(9).optional(),
    /** the step in play, as the end of its id: patrol/japanese, lba/allied, amphibious/japanese, raiders/allied, submarine/japanese, pick-battle, invasions/allied, return/japanese, removals; turn 1: pearl-harbor/stay, ... */
    step: z.string().min(1).optional(),
    units: z.record(z.string(), unitSetup).optional(),
    control: z.record(z.string(), side.nullable()).optional(),
    /** sea area -> who held it at the end of each turn so far (14.1, 5.72) */
    controlHistory: z.record(z.string(), z.array(side.nullable())).optional(),
    poc: z.number().int().optional(),
    surprise: z
      .object({
        pearl: z.enum(['pending', 'raided', 'rolled', 'done']).optional(),
        indonesia: z.enum(['pending', 'round-2', 'done']).optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

export type VitpSetup = z.infer<typeof vitpSetupSchema>;

function stepPhase(step: string): Phase | string {
  const m = step.match(/^(patrol|lba|amphibious|raiders|submarine|invasions|return)\/(japanese|allied)$/);
  if (m) {
    const s = m[2] as VSide;
    const k = {
      patrol: 'patrol',
      lba: 'lba',
      amphibious: 'amph',
      raiders: 'raiders',
      submarine: 'sub',
      invasions: 'invade',
      return: 'return',
    } as const;
    const kind = k[m[1] as keyof typeof k];
    return kind === 'lba' ? { k: 'lba', side: s, n: 1 } : { k: kind, side: s };
  }
  if (step === 'pick-battle') return { k: 'pick-battle' };
  if (step === 'removals') return { k: 'removals' };
  if (step === 'pearl-harbor-raid-force') return { k: 'raid-force' };
  if (step === 'pearl-harbor/stay') return { k: 'pearl-stay' };
  if (step === 'pearl-harbor/sortie') return { k: 'pearl-sortie' };
  if (step === 'indonesia-surprise/1') return { k: 'surprise', round: 1 };
  return `step "${step}": not a step a case can start in (patrol/<side>, lba/<side>, amphibious/<side>, raiders/<side>, submarine/<side>, pick-battle, invasions/<side>, return/<side>, removals; on turn 1 pearl-harbor-raid-force, pearl-harbor/stay, pearl-harbor/sortie, indonesia-surprise/1)`;
}

const DEFAULT_MODE = { ship: 'patrol', lba: 'air', amph: 'amph', sub: 'sub' } as const;

/** given.setup for VITP: the rules events that build it, or every inconsistency found. */
export function vitpCaseSetup(rules: unknown, input: unknown): { events: RulesEvent[] } | { problems: string[] } {
  const parsed = vitpSetupSchema.safeParse(input);
  if (!parsed.success) return { problems: parsed.error.issues.map((i) => `${i.path.join('.') || '(setup)'}: ${i.message}`) };
  const setup = parsed.data;
  const s0 = rules as VitpState;
  const problems: string[] = [];
  const events: RulesEvent[] = [];
  const turn = setup.turn ?? s0.turn;
  let phase: Phase = s0.phase;
  if (setup.step !== undefined) {
    const p = stepPhase(setup.step);
    if (typeof p === 'string') problems.push(p);
    else phase = p;
  } else if (setup.turn !== undefined && setup.turn !== 1) phase = { k: 'patrol', side: 'japanese' };
  if (setup.turn !== undefined || setup.step !== undefined) events.push({ type: 'vitp.phase', data: { turn, phase } });
  // after turn 1 the surprise attacks are over (18.1)
  const surprise = setup.surprise ?? (turn > 1 ? { pearl: 'done', indonesia: 'done' } : undefined);
  if (surprise) events.push({ type: 'vitp.surprise', data: surprise });

  const control = { ...s0.control };
  const known = [...s0.map.areas.map((a) => a.name), ...s0.map.places.map((p) => p.name)];
  for (const [name, who] of Object.entries(setup.control ?? {}).sort(
    ([a], [b]) => known.indexOf(a) - known.indexOf(b) || compareCodeUnits(a, b),
  )) {
    if (!known.includes(name)) {
      problems.push(`control: no sea area, port or base called "${name}"${suggest(s0, name)}`);
      continue;
    }
    control[name] = who;
    events.push({ type: 'vitp.control', data: { place: name, side: who, rule: 'case', why: 'case setup' } });
  }
  const history = setup.controlHistory ?? {};
  for (const area of Object.keys(history))
    if (!s0.map.areas.some((a) => a.name === area)) problems.push(`controlHistory: no sea area called "${area}"`);
  const turns = Math.max(0, ...Object.values(history).map((h) => h.length));
  for (let t = 0; t < turns; t++) {
    const areas: Record<string, VSide | null> = {};
    for (const a of s0.map.areas) areas[a.name] = history[a.name]?.[t] ?? null;
    events.push({ type: 'vitp.control-recorded', data: { turn: t + 1, areas } });
  }
  if (setup.poc !== undefined)
    events.push({
      type: 'vitp.poc',
      data: { turn, japanese: 0, allied: 0, gain: 0, gainer: null, poc: setup.poc, capped: false, rule: 'case' },
    });

  // units in the roster's order, whatever the order they are written in
  const patches = new Map<string, UnitPatch>();
  for (const [written, spec] of Object.entries(setup.units ?? {})) {
    const m = matchUnit(s0, written);
    if (!m.ok) {
      problems.push(`units: ${m.problem}${m.hint ? ` (${m.hint})` : ''}`);
      continue;
    }
    if (patches.has(m.value.id)) problems.push(`units: ${m.value.name} is set up twice`);
    const patch = unitPatch(s0, m.value, typeof spec === 'string' ? { at: spec } : spec, turn, problems);
    if (patch) patches.set(m.value.id, patch);
  }
  // a submarine the setup does not place is where its chart puts it on this turn (5.25): in its port, or out of play
  for (const u of s0.units) {
    if (u.kind !== 'sub' || patches.has(u.id)) continue;
    const active = (s0.subTurns[u.id] ?? []).includes(turn);
    if (active && u.loc.at !== 'port') patches.set(u.id, { loc: { at: 'port', place: u.arrivalAt } });
    if (!active && u.loc.at !== 'pool') patches.set(u.id, { loc: { at: 'pool' } });
  }
  const units = s0.units.map((u) => ({ ...u, ...(patches.get(u.id) ?? {}) }));
  for (const u of s0.units) {
    const patch = patches.get(u.id);
    if (patch) events.push({ type: 'vitp.unit', data: { id: u.id, name: u.name, patch, why: 'case setup', rule: 'case' } });
  }
  const after: VitpState = { ...s0, turn, phase, control, units };
  for (const u of units) problems.push(...consistency(after, u));
  return problems.length ? { problems } : { events };
}

function suggest(s: VitpState, name: string): string {
  const a = matchArea(s, name);
  const p = matchPlace(s, name);
  const hint = (!a.ok && a.hint) || (!p.ok && p.hint);
  return hint ? ` (${hint})` : '';
}

function unitPatch(
  s: VitpState,
  u: Unit,
  spec: Exclude<z.infer<typeof unitSetup>, string>,
  turn: number,
  problems: string[],
): UnitPatch | null {
  const { at, mode, turn: when, from, ...flags } = spec;
  let loc: Loc;
  const area = s.map.areas.find((a) => a.name === at)?.name;
  if (area) {
    if (mode && u.kind !== 'ship') problems.push(`units: ${u.name} is no ship: it has no patrol or raid mode at sea`);
    loc = { at: 'sea', area, mode: u.kind === 'ship' ? (mode ?? 'patrol') : DEFAULT_MODE[u.kind] };
  } else if (place(s, at)) loc = { at: 'port', place: at };
  else if (at === 'pool') loc = { at: 'pool' };
  else if (at === 'sunk' || at === 'removed') loc = { at };
  else if (at === 'eliminated') {
    if (u.kind !== 'lba' && u.kind !== 'amph')
      problems.push(`units: ${u.name}: only air and amphibious units are eliminated (4.5); ships are sunk`);
    loc = when === null ? { at: 'eliminated', returns: null, rebuild: true } : { at: 'eliminated', returns: when ?? turn + 2 };
  } else if (at === 'returning') {
    if (from !== undefined && !s.map.areas.some((a) => a.name === from))
      problems.push(`units: ${u.name}: no sea area called "${from}"${suggest(s, from)}`);
    loc = { at: 'transit', area: from ?? null };
  } else {
    problems.push(
      `units: ${u.name}: "${at}" is no sea area, port or base, nor pool, sunk, removed, eliminated or returning${suggest(s, at)}`,
    );
    return null;
  }
  if (mode && loc.at !== 'sea') problems.push(`units: ${u.name}: a mode is only for a ship at sea`);
  const patch: UnitPatch = { loc, ...flags };
  if (at === 'pool' && when !== undefined && when !== null) return { ...patch, arrivalTurn: when };
  return patch;
}

const BRITISH_PORTS = ['Ceylon', 'Singapore', 'Saigon', 'Yokosuka Navy Yard'];

/** What no position in a real game can hold: the checks a case's setup must pass. */
function consistency(s: VitpState, u: Unit): string[] {
  const out: string[] = [];
  const l = u.loc;
  const where = `${u.name} (${describeLoc(l)})`;
  if (l.at === 'port') {
    if (s.control[l.place] !== u.side)
      out.push(`${where}: ${l.place} is not held by the ${u.side === 'japanese' ? 'Japanese' : 'Allies'} (2.3, 10.11)`);
    if (u.kind === 'ship' && u.nation === 'GB' && !(u.name === 'Victorious' ? l.place === 'Pearl Harbor' : BRITISH_PORTS.includes(l.place)))
      out.push(`${where}: British ships use only Ceylon, Singapore, Saigon or Yokosuka Navy Yard (10.13, 17.22-17.23)`);
    if (u.nation === 'US' && l.place === 'Ceylon') out.push(`${where}: United States units never enter Ceylon (10.12, 17.12)`);
    if (u.kind === 'ship' && u.damage > 2 * u.armor) out.push(`${where}: ${u.damage} damage would have sunk it even in port (9.42)`);
  }
  if (l.at === 'sea') {
    if (u.kind === 'sub' && !(s.subTurns[u.id] ?? []).includes(s.turn))
      out.push(`${where}: the submarine is not in play on turn ${s.turn} (5.25)`);
    if (u.kind === 'lba' && !placesTouching(s, l.area).some((p) => s.control[p.name] === u.side))
      out.push(`${where}: its side holds no port or base touching ${l.area} (12.13)`);
    if ((u.kind === 'ship' || u.kind === 'amph') && u.damage > u.armor)
      out.push(`${where}: damage above its armor keeps it in port (9.41, 11.3)`);
  }
  if (u.kind === 'lba' && (l.at === 'sea' || l.at === 'port') && u.damage >= u.armor)
    out.push(`${where}: ${u.damage} damage eliminates it (7.534, 12.25)`);
  if (u.kind === 'sub' && l.at === 'port' && !(s.subTurns[u.id] ?? []).includes(s.turn))
    out.push(`${where}: the submarine is not in play on turn ${s.turn} (5.25)`);
  if (!SIDES.includes(u.side)) out.push(`${u.name}: no side`);
  return out;
}

/** expectUnits: the unit with this id or name; in a battle still being fought, `battle` holds its fate there. */
export function vitpCaseUnit(rules: unknown, ref: string): unknown {
  const s = rules as VitpState;
  const u = s.units.find((x) => x.id === ref || x.name.toLowerCase() === ref.toLowerCase());
  if (!u) return undefined;
  const b = s.battle?.battle.units.find((x) => x.id === u.id);
  const where = describeLoc(u.loc);
  if (!b) return { ...u, where };
  const { fate, damage, disabled, retreated, returnReason, engagement, landedAt } = b;
  return { ...u, where, battle: { area: s.battle!.area, fate, damage, disabled, retreated, returnReason, engagement, landedAt } };
}
