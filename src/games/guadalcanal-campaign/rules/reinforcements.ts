/**
 * Reinforcements (8.0 step 10, 8.9), campaign games only (10.1E: none in a mini game). Ships reach
 * their port on the turn the schedule gives (the pipeline display, 4.6); every AM turn four dice of
 * 1 in 7 each bring (1) companies to Rabaul and aircraft to Truk, (2) replacements to Rabaul and the
 * Shortlands (8.9A-C), (3) companies to Espiritu Santo and aircraft to Brisbane, (4) aircraft to
 * Espiritu Santo. The four dice are rolled every AM turn whatever they bring, and hidden: a side
 * learns its own arrivals only (12.0).
 */
import { rollDie } from '../../../engine/dice';
import type { AdjudicationContext } from '../../../engine/ruleset';
import { entriesOf } from '../keyed';
import { type AirGroup, dateOf, type GcSide, type GcState, isAm, type Ship } from '../state';
import type { GcEvent } from './events';

const HIDDEN = { visibleTo: [] as const };

export interface Reinforced {
  side: GcSide;
  turn: number;
  /** 8.9D's event (1-4), or 0 for ships of the schedule */
  chance: number;
  /** the port a wave of ships reaches (ships only) */
  port?: string;
  ships: string[];
  /** companies by port code */
  inf: Record<string, number>;
  /** aircraft by base */
  planes: Record<string, AirGroup>;
}

const planesOf = (row: Readonly<Record<string, number>> | undefined): AirGroup =>
  Object.fromEntries(entriesOf(row ?? {}).filter(([t, n]) => t !== 'inf' && n > 0));

const on = (s: GcState, base: string, type: string) => s.air[base]?.[type] ?? 0;

export function reinforce(s: GcState, ctx: AdjudicationContext): void {
  const emit = (d: Reinforced) => {
    if (d.ships.length || Object.keys(d.inf).length || Object.keys(d.planes).length)
      ctx.emit({ type: 'gcc.reinforced', data: d, visibleTo: [d.side] } satisfies GcEvent);
  };
  for (const a of s.arrivals ?? [])
    if (a.turn <= s.turn)
      emit({ side: a.side, turn: s.turn, chance: 0, port: a.port, ships: a.ships.map((x) => x.name), inf: {}, planes: {} });
  const r = s.reinforce;
  if (!r || !isAm(s.turn)) return;
  const code = (base: string) => s.map.places.find((p) => p.name === base)?.code ?? base;
  const inf = (base: string): Record<string, number> => (r.table[base]?.inf ? { [code(base)]: r.table[base].inf } : {});
  const rolls = [1, 2, 3, 4].map((k) => rollDie(ctx.dice, r.chance, `reinforcement event ${k}`, '8.9D', HIDDEN));
  if (rolls[0] === 1)
    emit({ side: 'japanese', turn: s.turn, chance: 1, ships: [], inf: inf('Rabaul'), planes: { Truk: planesOf(r.table.Truk) } });
  if (rolls[1] === 1) emit({ side: 'japanese', turn: s.turn, chance: 2, ships: [], inf: {}, planes: replacements(s) });
  if (rolls[2] === 1)
    emit({
      side: 'american',
      turn: s.turn,
      chance: 3,
      ships: [],
      inf: inf('Espiritu Santo'),
      planes: { Brisbane: planesOf(r.table.Brisbane) },
    });
  if (rolls[3] === 1)
    emit({
      side: 'american',
      turn: s.turn,
      chance: 4,
      ships: [],
      inf: {},
      planes: { 'Espiritu Santo': planesOf(r.table['Espiritu Santo']) },
    });
}

/** 8.9A-C: Bettys to Rabaul under 40; Zekes to the Shortlands (from 7 October, under 30, room permitting), else to Rabaul under 30. */
function replacements(s: GcState): Record<string, AirGroup> {
  const r = s.reinforce!;
  const out: Record<string, Record<string, number>> = {};
  const add = (base: string, type: string, n: number) => {
    if (n > 0) out[base] = { ...(out[base] ?? {}), [type]: n };
  };
  if (on(s, 'Rabaul', 'Betty') < r.bettyBelow) add('Rabaul', 'Betty', r.table.Rabaul?.Betty ?? 0);
  const held = Object.values(s.air.Shortlands ?? {}).reduce((a, b) => a + b, 0);
  const room = Math.max(0, (s.capacity?.Shortlands ?? Number.POSITIVE_INFINITY) - held);
  const toShortlands =
    dateOf(s, s.turn) >= r.shortlandsFrom && on(s, 'Shortlands', 'Zeke') < r.zekeBelow ? Math.min(room, r.table.Shortlands?.Zeke ?? 0) : 0;
  if (toShortlands > 0) add('Shortlands', 'Zeke', toShortlands);
  else if (on(s, 'Rabaul', 'Zeke') < r.zekeBelow) add('Rabaul', 'Zeke', r.table.Rabaul?.Zeke ?? 0);
  return out;
}

/** The state after an arrival: ships into port, companies to the port's pool, aircraft onto their base. */
export function afterReinforced(s: GcState, d: Reinforced): GcState {
  const ships: Record<string, Ship> = { ...s.ships };
  const due = (s.arrivals ?? []).filter((a) => a.side === d.side && a.ships.some((x) => d.ships.includes(x.name)));
  for (const a of due) for (const x of a.ships) if (d.ships.includes(x.name)) ships[x.name] = x;
  const portInf = { ...(s.portInf ?? {}) };
  for (const [port, n] of entriesOf(d.inf)) if (n > 0) portInf[port] = (portInf[port] ?? 0) + n;
  const air = { ...s.air };
  for (const [base, group] of entriesOf(d.planes)) {
    const next = { ...(air[base] ?? {}) };
    for (const [t, n] of entriesOf(group)) next[t] = (next[t] ?? 0) + n;
    air[base] = next;
  }
  return {
    ...s,
    ships,
    portInf,
    air,
    ...(due.length ? { arrivals: (s.arrivals ?? []).filter((a) => !due.includes(a)) } : {}),
  };
}
