/**
 * Standing answers (issue 32, brief §5): lines a side writes once that answer a step for it, so it
 * is not asked. Two kinds: the Logistics Phase's orders (3D-3F) and, with the optional rule, the
 * defender's recon CP (28.3 "New Optional Rule"):
 *
 *   STANDING LOGISTICS NONE              nothing is ordered: refit, attrition and recovery run by themselves (3A-3C)
 *   STANDING LOGISTICS ENTRENCH          ENTRENCH every island hex where own ground units share the hex
 *                                        with an enemy stack and own supply is there (37.1)
 *   STANDING LOGISTICS BUILD             BUILD with one own engineer in each island hex where engineers
 *                                        stand on own supply and an airbase may be built or raised (33.2-33.3)
 *   STANDING LOGISTICS ENTRENCH BUILD    both (in one hex, ENTRENCH where the enemy is, else BUILD)
 *   STANDING DEFENCE NONE                fly no defensive CAP nor counterstrike in the enemy's phases (2A3b):
 *                                        the defence step is answered NONE, not asked
 *   STANDING RECON 1                     commit 1 CP (Intelligence first) whenever attacked on the ground
 *   STANDING RECON INTEL 1 OPS 1 AT Guadalcanal-W   for attacks at that hex (a line with AT wins over one without)
 *
 * No line is in force at the start (the side is asked each Logistics Phase, as before); STANDING ASK
 * LOGISTICS takes the lines away again (src/engine/standing.ts). A line answers from the state as
 * the step comes, never with an order its check (log-orders.ts checkLog) refuses. With Task Force
 * Endurance (42.2) a side with a TF at sea is asked all the same: whether it pays for the TF to stay.
 * With the recon/withdrawal option STANDING RECON answers the recon step (STANDING ASK RECON takes it
 * away); recon CP beyond those held are cut to them.
 */
import type { LineError, ParseResult, StandingKind, StepInfo } from '../../../engine/ruleset';
import { kindOfStep, type SolOrder } from '../orders';
import { other, type SolSide, type SolState } from '../state';
import { hexOf, placeOfText } from './places';
import { parseReconCp, type ReconCp, spendOf } from './recon-orders';

export interface SolStanding {
  /** null: no LOGISTICS line in force (the side is asked) */
  readonly logistics: { readonly entrench: boolean; readonly build: boolean } | null;
  /** DEFENCE NONE: the defence step (2A3b) answered NONE; absent: the side is asked */
  readonly defence?: 'none';
  /** 28.3 optional: RECON lines, by the place written (null: every hex); absent or empty: the side is asked */
  readonly recon?: readonly { readonly at: string | null; readonly cp: ReconCp }[];
}

export const LOGISTICS_KIND: StandingKind = {
  word: 'LOGISTICS',
  title: 'the Logistics Phase orders: entrenchment and construction (3E-3F)',
  rule: '3A',
  lines: /^LOGISTICS\b/i,
  example: 'LOGISTICS ENTRENCH BUILD',
};

export const DEFENCE_KIND: StandingKind = {
  word: 'DEFENCE',
  title: "the defensive air missions of the enemy's phases: CAP against intruders, carrier counterstrikes (2A3b)",
  rule: '2A3b',
  lines: /^DEFENCE\b/i,
  example: 'DEFENCE NONE',
};

export const RECON_KIND: StandingKind = {
  word: 'RECON',
  title: 'the CP committed to recon/withdrawal when attacked on the ground (28.3 optional rule)',
  rule: '28.3',
  lines: /^RECON\b/i,
  example: 'RECON 1',
};

const HINT =
  'STANDING LOGISTICS NONE | ENTRENCH | BUILD | ENTRENCH BUILD; STANDING DEFENCE NONE (2A3b); STANDING RECON <n> [AT <hex>] (28.3 optional)';

/** `RECON 1 AT Guadalcanal-W` -> the line, or why not. */
function reconLine(body: string, chosen: boolean): { at: string | null; cp: ReconCp } | string {
  if (!chosen) return 'recon/withdrawal is the optional rule of 28.3, not chosen for this game';
  const m = /^(RECON\b.*?)(?:\s+AT\s+(.+))?$/i.exec(body);
  const cp = parseReconCp(m![1]);
  return typeof cp === 'string' ? cp : { at: m![2]?.trim() ?? null, cp };
}

export function parseSolStanding(text: string, s?: SolState): ParseResult<SolStanding> {
  let logistics: SolStanding['logistics'] = null;
  const recon: { at: string | null; cp: ReconCp }[] = [];
  let defence: SolStanding['defence'];
  const errors: LineError[] = [];
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    const line = raw
      .replace(/#.*$/, '')
      .replace(/^\s*STANDING\b/i, '')
      .trim();
    const body = line.toUpperCase().split(/\s+/).filter(Boolean);
    if (!body.length) continue;
    if (body[0] === 'RECON') {
      const r = reconLine(line, s?.options.reconWithdrawal ?? true);
      if (typeof r === 'string') errors.push({ line: i + 1, text: raw.trim(), problem: r, rule: '28.3', hint: HINT });
      else recon.push(r);
      continue;
    }
    if (body[0] === 'DEFENCE') {
      if (body.length === 2 && body[1] === 'NONE') defence = 'none';
      else errors.push({ line: i + 1, text: raw.trim(), problem: `no standing instruction "${body.join(' ')}"`, rule: '2A3b', hint: HINT });
      continue;
    }
    const words = body.slice(1);
    const known = words.every((w) => w === 'ENTRENCH' || w === 'BUILD') || (words.length === 1 && words[0] === 'NONE');
    if (body[0] !== 'LOGISTICS' || !words.length || !known) {
      errors.push({ line: i + 1, text: raw.trim(), problem: `no standing instruction "${body.join(' ')}"`, hint: HINT });
      continue;
    }
    logistics = { entrench: words.includes('ENTRENCH'), build: words.includes('BUILD') };
  }
  const orders = [{ logistics, ...(defence ? { defence } : {}), ...(recon.length ? { recon } : {}) }];
  return errors.length ? { ok: false, errors, orders } : { ok: true, orders };
}

/** The Logistics Phase orders of the side's LOGISTICS line, from the state as the step comes (37.1, 33.2-33.3). */
function logisticsOrders(s: SolState, side: SolSide, how: { entrench: boolean; build: boolean }): SolOrder[] {
  const f = s.forces[side];
  const enemy = s.forces[other(side)];
  const land = new Set(Object.values(s.islands).flat());
  const values = s.logData.markerValues;
  const orders: SolOrder[] = [];
  for (const [hex, supply] of Object.entries(f.supply).sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (!land.has(hex) || !(supply > 0)) continue;
    const here = f.ground.filter((g) => g.at === hex);
    const enemyHere = enemy.ground.some((g) => g.at === hex);
    if (how.entrench && enemyHere && here.length) {
      orders.push({ kind: 'entrench', hex });
      continue;
    }
    const engineer = here.filter((g) => g.type === 'engineer').sort((a, b) => (a.id < b.id ? -1 : 1))[0];
    const field = s.airfields.find((a) => a.hex === hex);
    const may = field ? field.side === side && field.value < values[values.length - 1] : !enemyHere;
    if (how.build && engineer && may) orders.push({ kind: 'build', hex, engineers: [engineer.id] });
  }
  return orders.length ? orders : [{ kind: 'none' }];
}

/** 28.3 optional: the side's RECON line for the attack waiting (its hex's line, else the line for every hex), within the CP held. */
function reconOrders(s: SolState, side: SolSide, lines: NonNullable<SolStanding['recon']>): SolOrder[] | null {
  const hex = s.recon?.hex;
  const hexOfText = (t: string) => {
    const p = placeOfText(s, t);
    return p ? hexOf(s, p) : null;
  };
  const line = lines.find((l) => l.at !== null && hexOfText(l.at) === hex) ?? lines.find((l) => l.at === null);
  if (!line) return null;
  const spent = spendOf(line.cp, { intel: s.cp[side]?.intel ?? 0, ops: s.cp[side]?.ops ?? 0 });
  return spent.intel + spent.ops ? [{ kind: 'recon-cp', cp: { total: spent.intel + spent.ops, ...spent } }] : [{ kind: 'none' }];
}

/** The orders the side's standing answers give at `step`, or null when none answers it (the side is asked). */
export function answerSolStanding(s: SolState, side: SolSide, step: Pick<StepInfo, 'id'>, standing: unknown): SolOrder[] | null {
  const st = (standing as readonly SolStanding[] | undefined)?.[0];
  const kind = kindOfStep(step);
  if (kind === 'recon') return st?.recon?.length ? reconOrders(s, side, st.recon) : null;
  if (kind === 'defence') return st?.defence === 'none' ? [{ kind: 'none' }] : null;
  if (kind !== 'logistics' || !st?.logistics) return null;
  // 42.2 (optional): with a TF at sea the side is asked whether to pay for it to stay
  if (s.options.endurance && Object.values(s.forces[side].taskForces).some((t) => s.bases[t.at]?.side !== side)) return null;
  return logisticsOrders(s, side, st.logistics);
}
