/**
 * Standing instructions: the USN's answers, given once, to steps it would rather not be asked
 * (the brief's section 4). One instruction a line after STANDING; each line belongs to a kind
 * (./standing-kinds.ts, with the defaults in force from the start), and a mail's lines replace
 * those of their own kinds only (STANDING ASK <kind>, STANDING DEFAULT <kind>: src/engine/standing.ts):
 *   CP ORG 0 INTEL 4 OPS 6 LOG 10          the day's allocation, every day (7.3)
 *   REFUEL ALL | REFUEL NONE, REFIT CARRIERS FIRST | REFIT ALL | REFIT NONE, REPAIR ALL | NONE,
 *   REST ALL | NONE                        answer the logistics step (9a), paid in that order
 *   ASSIGN AS COMMITTED                    5a1a
 *   LOSSES FIGHTERS LAST | BOMBERS FIRST | FIGHTERS FIRST | FIRST <types>   5a1f
 *   INTEL PREFER REVEAL | IDENTIFY         the choice on an Intelligence Table 4 or 5 (36)
 *   LEADERSHIP NEVER | ALWAYS | <INITIATIVE, INTELLIGENCE, AIR, TACTICAL, CRT, SURFACE>   8.4
 *   BOMBARD ALWAYS | NEVER                 17.4
 *   SCREEN MAX | NONE                      33.1
 *   CAP <carrier or base> VF <n>[, ...]    the CAP flown when AIR DEFAULT stands (5a)
 *   <FOR word> DEFAULT                     that step takes its default (HELP DEFAULTS) unasked
 */
import type { LineError, ParseResult, Side, StepInfo } from '../../../engine/ruleset';
import type { AirType } from '../box';
import type { CoralOrder, CoralState, StaffSlots } from '../types';
import { isProblem } from './ctx';
import { costBySlot, cpCosts } from './costs';
import { defaultLogistics, defaultOrders, fitAllocation } from './defaults';
import { dayCp, mostScreened, placeHex, squadrons, usnTaskForces } from './knowledge';
import * as ops from './parse-ops';
import * as staff from './parse-staff';
import { rowById, rowOfStep, SYNTAX, USN_ROWS } from './rows';
import { Reader, wordsOf } from './tokens';

type Switch = 'all' | 'none';

export interface CoralStanding {
  /** Rows whose steps take their default unasked (`MOVEMENT DEFAULT`). */
  readonly defaults: readonly string[];
  readonly cp?: StaffSlots;
  readonly cap?: readonly CoralOrder[];
  readonly assign?: 'as-committed';
  readonly logistics?: {
    readonly refit?: 'carriers-first' | Switch;
    readonly refuel?: Switch;
    readonly repair?: Switch;
    readonly rest?: Switch;
  };
  readonly losses?: readonly AirType[];
  readonly intel?: 'identify' | 'reveal';
  /** 8.4: the chit functions (the core's CHIT_FUNCTIONS) a chit is committed to whenever asked; `always`: every one. */
  readonly leadership?: 'always' | readonly string[];
  readonly bombard?: 'always' | 'never';
  readonly screen?: 'max' | 'none';
}

/** The FOR words a `<word> DEFAULT` line may name, and their rows. */
const WORDS = new Map(USN_ROWS.filter((r) => r.for).map((r) => [r.for!, r.id]));

const HINT =
  'e.g. STANDING REFUEL ALL, REFIT CARRIERS FIRST, ASSIGN AS COMMITTED, LOSSES FIGHTERS LAST, INTEL PREFER REVEAL, LEADERSHIP TACTICAL, BOMBARD NEVER, SCREEN MAX, CAP CV-1 VF 2, CP ORG 0 INTEL 4 OPS 6 LOG 10, COMMAND DEFAULT (HELP STANDING)';

/** The words of STANDING LEADERSHIP (8.4) and the chit functions each names. */
const CHIT_WORDS: Readonly<Record<string, readonly string[]>> = {
  INITIATIVE: ['initiative'],
  INTELLIGENCE: ['intelligence'],
  INTEL: ['intelligence'],
  AIR: ['air'],
  TACTICAL: ['tactical-initiative'],
  CRT: ['surface-crt'],
  SURFACE: ['tactical-initiative', 'surface-crt'],
};

/** `NEVER`, `ALWAYS` or a list of CHIT_WORDS (commas or spaces); null when a word is none of them. */
function leadershipFunctions(text: string): 'always' | string[] | null {
  if (text === 'ALWAYS') return 'always';
  if (text === 'NEVER') return [];
  const words = text.split(/[\s,]+/).filter(Boolean);
  if (!words.every((w) => CHIT_WORDS[w])) return null;
  return [...new Set(words.flatMap((w) => CHIT_WORDS[w]))];
}

export function parseStanding(s: CoralState, side: Side, text: string): ParseResult<CoralStanding> {
  if (side !== 'usn')
    return { ok: false, errors: [{ line: 0, text: '', problem: `the ${side.toUpperCase()} has no standing instructions (2.1)` }] };
  const st: { -readonly [K in keyof CoralStanding]: CoralStanding[K] } = { defaults: [] };
  const logistics: Record<string, string> = {};
  const defaults = new Set<string>();
  const errors: LineError[] = [];
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    const body = raw
      .replace(/#.*$/, '')
      .trim()
      .replace(/^standing\b\s*/i, '');
    if (!body) continue;
    const words = wordsOf(body);
    const t = words.join(' ').toUpperCase();
    const bad = (problem: string, hint = HINT) => errors.push({ line: i + 1, text: raw.trim(), problem, hint });
    let m: RegExpExecArray | null;
    if ((m = /^(REFUEL|REPAIR|REST) (ALL|NONE)$/.exec(t))) logistics[m[1].toLowerCase()] = m[2].toLowerCase();
    else if ((m = /^REFIT (CARRIERS FIRST|CARRIERS|ALL|NONE)$/.exec(t)))
      logistics.refit = m[1].startsWith('CARRIERS') ? 'carriers-first' : m[1].toLowerCase();
    else if (t === 'ASSIGN AS COMMITTED') st.assign = 'as-committed';
    else if ((m = /^INTEL(?:LIGENCE)? PREFER (REVEAL|IDENTIFY)$/.exec(t))) st.intel = m[1] === 'REVEAL' ? 'reveal' : 'identify';
    else if ((m = /^LEADERSHIP (?!DEFAULTS?$)(.+)$/.exec(t))) {
      const fns = leadershipFunctions(m[1]);
      if (fns) st.leadership = fns;
      else bad(`no chit function "${m[1]}"`, 'LEADERSHIP NEVER, ALWAYS, or some of INITIATIVE, INTELLIGENCE, AIR, TACTICAL, CRT, SURFACE');
    } else if ((m = /^BOMBARD (ALWAYS|NEVER)$/.exec(t))) st.bombard = m[1].toLowerCase() as CoralStanding['bombard'];
    else if ((m = /^SCREEN (MAX|NONE)$/.exec(t))) st.screen = m[1].toLowerCase() as CoralStanding['screen'];
    else if (/^LOSSES\b/.test(t) && !/^LOSSES DEFAULTS?$/.test(t)) {
      const out = ops.losses(ctx(s, 'air-losses'), new Reader(words.slice(1)));
      if (isProblem(out)) bad(out.problem, out.hint);
      else if (out[0]?.kind === 'losses-priority') st.losses = out[0].types;
      else bad('a standing LOSSES line gives an order of types, not squadrons', 'LOSSES FIGHTERS LAST, BOMBERS FIRST or FIRST <types>');
    } else if (/^CP\b/.test(t)) {
      const out = staff.cp(ctx(s, 'command-decision'), new Reader(words.slice(1)));
      if (isProblem(out)) bad(out.problem, out.hint);
      else if (out[0]?.kind === 'allocate') st.cp = out[0].slots;
    } else if (/^CAP\b/.test(t)) {
      const items = splitCap(words.slice(1));
      const caps: CoralOrder[] = [];
      for (const item of items) {
        const out = ops.mission(ctx(s, 'air-missions'), 'cap', new Reader(item));
        if (isProblem(out)) {
          bad(out.problem, out.hint);
          break;
        }
        caps.push(...out);
      }
      st.cap = caps;
    } else if ((m = /^(?:DEFAULTS? (.+)|(\S+) DEFAULTS?)$/.exec(t))) {
      for (const w of (m[1] ?? m[2]).split(/\s*,\s*|\s+/).filter(Boolean)) {
        const row = WORDS.get(w);
        if (!row) {
          bad(`"${w}" names no step of yours`, `steps: ${[...WORDS.keys()].join(', ')}`);
          break;
        }
        defaults.add(row);
      }
    } else bad('not a standing instruction I know');
  }
  if (errors.length) return { ok: false, errors };
  if (Object.keys(logistics).length) st.logistics = logistics as CoralStanding['logistics'];
  st.defaults = [...defaults];
  return { ok: true, orders: [st] };
}

/** `CAP CV-1 VF 2, CV-2 VF 2`: one origin's squadrons per comma-separated item (an origin begins a new item). */
function splitCap(words: readonly string[]): string[][] {
  const items: string[][] = [];
  for (const w of words) {
    if (w === ',') continue;
    if (!/^\d+$/.test(w) && !/^(VF|VB|VT|LF|LD|LMB|LHB)\d*$/i.test(w)) items.push([w]);
    else if (items.length) items[items.length - 1].push(w);
    else items.push([w]);
  }
  return items;
}

function ctx(s: CoralState, row: string) {
  return { s, syntax: (SYNTAX[row] ?? []).map((l) => l.split('   ')[0]).join('  |  '), rule: rowById(row)?.rule };
}

/** Orders for `step` from the USN's standing instructions, or null when they do not answer it (then it is asked). */
export function answerFromStanding(s: CoralState, side: Side, step: StepInfo, standing: unknown): readonly CoralOrder[] | null {
  const st = (Array.isArray(standing) ? standing[0] : standing) as CoralStanding | undefined;
  const row = rowOfStep(step.id)?.id;
  if (side !== 'usn' || !st || !row) return null;
  switch (row) {
    case 'command-decision':
      if (st.cp) return [{ kind: 'allocate', slots: fitAllocation(st.cp, dayCp(s)) }];
      break;
    case 'air-missions':
      if (st.defaults.includes(row) && st.cap) return paidCaps(s, st.cap);
      break;
    case 'air-assign':
      if (st.assign) return [{ kind: 'assign-committed' }];
      break;
    case 'bombard-usn':
      if (st.bombard) return bombardments(s, st.bombard);
      break;
    case 'logistics-usn':
      if (st.logistics) return logistics(s, st.logistics);
      break;
    case 'air-losses':
      if (st.losses) return [{ kind: 'losses-priority', types: st.losses }];
      break;
    case 'screen':
      if (st.screen) return [{ kind: 'screen', ships: st.screen === 'max' ? mostScreened(s) : [] }];
      break;
    case 'leadership':
      if (st.leadership)
        return [{ kind: 'leadership', use: st.leadership === 'always' || st.leadership.includes(step.id.split('/').slice(2).join('/')) }];
      break;
    case 'intelligence-choice':
      if (st.intel) return [{ kind: 'intelligence-choice', choice: st.intel }];
      break;
  }
  return st.defaults.includes(row) ? defaultOrders(s, side, step) : null;
}

/** The standing CAP, origin by origin, as far as ready fighters and Operations CP go. */
function paidCaps(s: CoralState, caps: readonly CoralOrder[]): CoralOrder[] {
  const out: CoralOrder[] = [];
  for (const o of caps) {
    if (o.kind !== 'mission') continue;
    const vf = Math.min(o.air.VF ?? 0, squadrons(s, o.from).VF ?? 0);
    const lf = Math.min(o.air.LF ?? 0, squadrons(s, o.from).LF ?? 0);
    const air = { ...(vf ? { VF: vf } : {}), ...(lf ? { LF: lf } : {}) };
    if (!vf && !lf) continue;
    const next = [...out, { ...o, air }];
    if (costBySlot(cpCosts(s, next)).operations <= s.cp.slots.operations) out.push({ ...o, air });
  }
  return out;
}

/** 17.4: ALWAYS bombards each IJN base a USN TF shares a hex with; NEVER none. */
function bombardments(s: CoralState, mode: 'always' | 'never'): CoralOrder[] {
  if (mode === 'never') return [{ kind: 'no-bombard' }];
  const out: CoralOrder[] = [];
  for (const base of ['Lae', 'Rabaul'] as const) {
    if (usnTaskForces(s).some((tf) => tf.hex === placeHex(s, base))) out.push({ kind: 'bombard', base, with: [] });
  }
  return out.length ? out : [{ kind: 'no-bombard' }];
}

/** 9a from standing switches: the default's order (carriers, refuel, bases, rest) with each part on or off, repairs after refuelling. */
function logistics(s: CoralState, sw: NonNullable<CoralStanding['logistics']>): CoralOrder[] {
  const base = defaultLogistics({ ...s, cp: { ...s.cp, slots: { ...s.cp.slots, logistics: Number.MAX_SAFE_INTEGER } } });
  const keep = base.filter((o) => {
    if (o.kind === 'refit') return sw.refit !== 'none';
    if (o.kind === 'refuel') return sw.refuel !== 'none';
    if (o.kind === 'rest') return sw.rest !== 'none';
    return true;
  });
  const repairs: CoralOrder[] =
    sw.repair === 'all'
      ? usnTaskForces(s).flatMap((tf) =>
          tf.ships.filter((k) => s.ships[k]?.status === 'damaged').map((k): CoralOrder => ({ kind: 'repair', ship: s.ships[k].id })),
        )
      : [];
  const firstRest = keep.findIndex((o) => o.kind === 'rest');
  const ordered = firstRest < 0 ? [...keep, ...repairs] : [...keep.slice(0, firstRest), ...repairs, ...keep.slice(firstRest)];
  const out: CoralOrder[] = [];
  for (const o of ordered) if (costBySlot(cpCosts(s, [...out, o])).logistics <= s.cp.slots.logistics) out.push(o);
  return out;
}
