/**
 * Task Force Endurance (42.0, optional): the orders and their checks. In the standard game every
 * ship outside a major base at the Refit Segment is crippled (20.6) and every TF dissolves at the
 * turn's end (10.12); with this option a TF may stay at sea (42.1) when its owner pays Logistics CP
 * for it in the Logistics Phase (42.2), and TFs at sea may be combined or split at the TF
 * Organization Segment (1C, 42.4).
 *
 *   STAY TF 3 | STAY TE                       3A, 42.2: one Logistics CP a started 10 ships (at least
 *                                             one, a deception TF too); a TF holding a BB, BC or B
 *                                             pays twice that (41.0 chart line, as read: two a 10)
 *   COMBINE TF 3 WITH TF 4                    1C, 42.4: TF 4's ships join TF 3 (same hex), one Operations CP
 *   SPLIT TF 3 INTO TF 5: CA-1, DD-2          1C, 42.4: the ships named leave TF 3 as TF 5, one Operations CP
 *
 * As read: a TF not paid for is crippled entire by 20.6 (the standard Refit Segment) and its units
 * aboard set back (19.6); "endurance" is paid turn by turn, so a combined or split TF carries no
 * other count; two TFs combine only in one hex; the Tokyo Express and deception TFs are neither
 * combined nor split (10.3, 10.4); a TF with ground units aboard is not split (42.4 does not say
 * which part carries them); on August I the US splits no TF (10.13: no TF beyond the set-up).
 * Ships that attacked stay fatigued while at sea (42.3: until a refit in a major base; turn-end.ts).
 */
import type { SolOrder } from '../orders';
import type { SolSide, SolState, TaskForce } from '../state';
import { aboardOf } from './ops-events';
import type { Problem } from './planning';

export type EnduranceOrder =
  | { readonly kind: 'stay'; readonly tf: number }
  | { readonly kind: 'tf-combine'; readonly tf: number; readonly with: number }
  | { readonly kind: 'tf-split'; readonly tf: number; readonly into: number; readonly ships: readonly string[] };

/** 42.4: one Operations CP a combination or a split. */
export const TF_REORG_CP = 1;

export const isStayOrder = (o: SolOrder): o is Extract<EnduranceOrder, { kind: 'stay' }> => o.kind === 'stay';
export const isTfReorgOrder = (o: SolOrder): o is Extract<EnduranceOrder, { kind: 'tf-combine' | 'tf-split' }> =>
  o.kind === 'tf-combine' || o.kind === 'tf-split';

const SHIPS = /^\s*([A-Za-z]+-\d+(\s*,\s*[A-Za-z]+-\d+)*)\s*$/;

/** STAY in the Logistics Phase; null: not a line of 42.0. */
export function parseStayLine(line: string): EnduranceOrder | string | null {
  if (/^(COMBINE\s+TF|SPLIT)\b/i.test(line)) return 'COMBINE TF and SPLIT TF go with the forces of the turn (t<n>/forces, 1C, 42.4)';
  if (!/^STAY\b/i.test(line)) return null;
  const m = /^STAY\s+(?:TF\s*-?(\d+)|TE|TOKYO\s+EXPRESS)$/i.exec(line);
  return m ? { kind: 'stay', tf: m[1] === undefined ? 0 : Number(m[1]) } : 'expected STAY TF <n> or STAY TE (42.2)';
}

/** COMBINE TF and SPLIT with the forces (1C); null: not a line of 42.4. */
export function parseTfReorgLine(line: string): EnduranceOrder | string | null {
  if (/^STAY\b/i.test(line)) return 'STAY lines go with the Logistics Phase orders (t<n>/logistics, 42.2)';
  let m = /^COMBINE\s+TF\s*-?(\d+)\s*(?:,|\s+AND|\s+WITH)?\s*TF\s*-?(\d+)$/i.exec(line);
  if (m) return { kind: 'tf-combine', tf: Number(m[1]), with: Number(m[2]) };
  if (/^COMBINE\b/i.test(line)) return 'expected COMBINE TF <n> WITH TF <k> (42.4)';
  m = /^SPLIT\s+TF\s*-?(\d+)\s+INTO\s+TF\s*-?(\d+)\s*:(.*)$/i.exec(line);
  if (m && SHIPS.test(m[3]))
    return { kind: 'tf-split', tf: Number(m[1]), into: Number(m[2]), ships: m[3].split(',').map((x) => x.trim().toUpperCase()) };
  if (/^SPLIT\b/i.test(line)) return 'expected SPLIT TF <n> INTO TF <k>: <ships> (42.4)';
  return null;
}

export function formatEnduranceOrder(o: EnduranceOrder): string {
  if (o.kind === 'stay') return o.tf === 0 ? 'STAY TE' : `STAY TF ${o.tf}`;
  if (o.kind === 'tf-combine') return `COMBINE TF ${o.tf} WITH TF ${o.with}`;
  return `SPLIT TF ${o.tf} INTO TF ${o.into}: ${o.ships.join(', ')}`;
}

const tfName = (tf: number) => (tf === 0 ? 'the Tokyo Express' : `TF ${tf}`);
const atSea = (s: SolState, side: SolSide, tf: TaskForce) => s.bases[tf.at]?.side !== side;

/** 42.2: the Logistics CP a TF pays to stay at sea. */
export function stayCost(s: SolState, tf: TaskForce): number {
  const capital = tf.ships.some((id) => s.cpMissions.capitalTypes.includes(id.split('-')[0] as never));
  return Math.max(1, Math.ceil(tf.ships.length / 10)) * (capital ? 2 : 1);
}

const off = (what: string): { problem: string; rule: string } => ({
  problem: `${what} is Task Force Endurance, optional rule 42.0, not chosen for this game`,
  rule: '42.0',
});

/** 3A, 42.1-42.2: STAY lines, each a TF of the side at sea, within the Logistics CP left. */
export function checkStays(s: SolState, side: SolSide, orders: readonly SolOrder[]): Problem[] {
  const problems: Problem[] = [];
  const seen = new Set<number>();
  let spent = 0;
  const left = s.cp[side]?.log ?? 0;
  const one = (o: SolOrder, index: number): void => {
    if (!isStayOrder(o)) return;
    const bad = (p: { problem: string; rule: string }): void => {
      problems.push({ index, ...p });
    };
    if (!s.options.endurance) return bad(off('staying at sea'));
    const tf = s.forces[side].taskForces[o.tf];
    if (!tf) return bad({ problem: `${tfName(o.tf)}: no such TF of yours`, rule: '10.1' });
    if (!atSea(s, side, tf)) return bad({ problem: `${tfName(o.tf)} is in port at ${tf.at}: only a TF at sea pays to stay`, rule: '42.1' });
    if (seen.has(o.tf)) return bad({ problem: `${tfName(o.tf)} is paid for once`, rule: '42.2' });
    seen.add(o.tf);
    const cost = stayCost(s, tf);
    spent += cost;
    if (spent > left)
      bad({ problem: `staying at sea costs ${spent} Logistics CP so far (${tfName(o.tf)}: ${cost}); ${left} left`, rule: '42.2' });
  };
  for (const [index, o] of orders.entries()) one(o, index);
  return problems;
}

/** What the COMBINE and SPLIT lines checked so far have used (one segment's lines read together). */
export interface TfReorgSeen {
  readonly combined: Set<number>;
  readonly split: Set<number>;
  readonly leaving: Set<string>;
}

export const newTfReorgSeen = (): TfReorgSeen => ({ combined: new Set(), split: new Set(), leaving: new Set() });

/** 1C, 42.4: why a COMBINE or SPLIT line cannot be carried out (null: it can); `numbers` are the TF numbers taken. */
export function tfReorgProblem(
  s: SolState,
  side: SolSide,
  o: Extract<EnduranceOrder, { kind: 'tf-combine' | 'tf-split' }>,
  seen: TfReorgSeen,
  numbers: Set<number>,
): { problem: string; rule: string } | null {
  if (!s.options.endurance) return off(o.kind === 'tf-combine' ? 'combining task forces' : 'splitting a task force');
  const f = s.forces[side];
  const names = o.kind === 'tf-combine' ? [o.tf, o.with] : [o.tf];
  for (const n of names) {
    const tf = f.taskForces[n];
    if (!tf) return { problem: `${tfName(n)}: no such TF of yours`, rule: '10.1' };
    if (!atSea(s, side, tf)) return { problem: `${tfName(n)} is in port at ${tf.at}: only TFs at sea are reorganized`, rule: '42.4' };
    if (tf.kind === 'tokyo-express') return { problem: 'the Tokyo Express is neither combined nor split', rule: '10.3' };
    if (tf.kind === 'deception') return { problem: `deception TF ${n} has no ships to combine or split`, rule: '10.4' };
    if (seen.combined.has(n)) return { problem: `TF ${n} is combined once a segment`, rule: '42.4' };
  }
  if (o.kind === 'tf-combine') {
    if (o.tf === o.with) return { problem: `TF ${o.tf} cannot combine with itself`, rule: '42.4' };
    if (seen.split.has(o.tf) || seen.split.has(o.with)) return { problem: 'a TF split this segment is not combined too', rule: '42.4' };
    const [a, b] = [f.taskForces[o.tf], f.taskForces[o.with]];
    if (a.at !== b.at) return { problem: `TF ${o.tf} is at ${a.at}, TF ${o.with} at ${b.at}: TFs combine in one hex`, rule: '42.4' };
    seen.combined.add(o.tf);
    seen.combined.add(o.with);
    return null;
  }
  if (side === 'us' && s.turn === 1) return { problem: 'on August I the US task forces are the set-up ones; none is split', rule: '10.13' };
  const tf = f.taskForces[o.tf];
  if (f.ground.some((g) => g.at === aboardOf(o.tf)))
    return { problem: `TF ${o.tf} has ground units aboard: it is split once they are landed`, rule: '42.4' };
  if (o.into < 1 || numbers.has(o.into)) return { problem: `TF ${o.into}: a TF number once, from 1`, rule: '10.1' };
  for (const id of o.ships) {
    if (!tf.ships.includes(id)) return { problem: `${id} is not in TF ${o.tf}`, rule: '42.4' };
    if (seen.leaving.has(id)) return { problem: `${id} leaves TF ${o.tf} twice`, rule: '10.5' };
    seen.leaving.add(id);
  }
  if (tf.ships.every((id) => seen.leaving.has(id))) return { problem: `TF ${o.tf} keeps at least one ship of its own`, rule: '42.4' };
  numbers.add(o.into);
  seen.split.add(o.tf);
  return null;
}
