/**
 * Orders by mail, one a line (any case, `#` comments). Built so far: the CP allocation (1A, 6.2),
 * supply bought with Logistics CP and task forces formed (1B-1C, 10.2-10.4). Orders of later rules
 * are recognised and refused naming their rule, so a player learns at once what the umpire cannot
 * carry out yet.
 *
 *   CP COMBINED 2 INTEL 3 OPS 5 LOG 2          6.2, 6.3 (missions left out get 0)
 *   SUPPLY 3 AT Rabaul                        50.0 CP chart: 3 supply a Logistics CP, on an own major base
 *   TF 3 AT Truk: CV-1, CV-2, BC-5, DD-3      10.2 (one Operations CP; two with a BB, BC or B)
 *   TOKYO EXPRESS AT Rabaul: DD-1, DD-2       10.3 (Japan, destroyers only, from Rabaul)
 *   DECEPTION TF 4 AT Rabaul                  10.4 (a TF marker with no ships, one CP)
 *   REPLACE TR-3 | WITHDRAW 1-MAR | ANNOUNCE YAMATO   1B: 30, 38, 39 (rules/forces-orders.ts)
 *   COMBINE TF 3 WITH TF 4 | SPLIT TF 3 INTO TF 5: CA-1   42.4 (optional, rules/endurance.ts)
 *   PLAN TF 3 MOVE TOWARD Guadalcanal-W       2A plans, with the forces or in an Operations Phase (rules/ops-orders.ts)
 *   ASSIGN 12 LAC-N AT Rabaul STRIKE          45.2 (optional): air assigned to a mission for the turn (rules/air-assign.ts)
 *   ATTACK 0806 NGS TF 2 | CAS 3 LAC-N FROM Espiritu Santo AT 0806   28.3 (2), 16.1: US support of an attack
 *   NONE                                      nothing this step
 */
import type { LineError, ParseResult, StepInfo } from '../../engine/ruleset';
import { formatLogOrder, isLogOrder, LOG_NOT_BUILT, type LogOrder, parseLogLine } from './rules/log-orders';
import { type ChoiceOrder, CHOICE_WORDS, formatChoiceOrder, isChoiceOrder, parseChoiceLine } from './rules/forces-orders';
import { formatOpsOrder, type OpsOrder, parseOpsLine } from './rules/ops-orders';
import { formatPass, type PassOrder, parsePassLine } from './rules/pass';
import { formatSubOrder, isSubOrder, parseSubLine, type SubOrder } from './rules/submarine';
import { type AirOrder, formatAirOrder, isAirOrder, parseAirLine } from './rules/air-orders';
import { type AssignOrder, formatAssignOrder, isAssignOrder, parseAssignLine } from './rules/air-assign-events';
import { type CpMission, MISSIONS } from './state';
import { type EnduranceOrder, formatEnduranceOrder, parseTfReorgLine } from './rules/endurance';
import { formatReconCp, isReconOrder, parseReconLine, type ReconOrder } from './rules/recon-orders';

export type SolOrder =
  | { readonly kind: 'cp'; readonly alloc: Readonly<Record<CpMission, number>> }
  | { readonly kind: 'supply'; readonly points: number; readonly at: string }
  | { readonly kind: 'tf'; readonly tf: number; readonly at: string; readonly ships: readonly string[] }
  | { readonly kind: 'tokyo-express'; readonly at: string; readonly ships: readonly string[] }
  | { readonly kind: 'deception'; readonly tf: number; readonly at: string }
  /** NONE: nothing this step (no supply, no task force; in the Operations Phase, nothing to do) */
  | { readonly kind: 'none' }
  /** the Operations Phase (2A): rules/ops-orders.ts */
  | OpsOrder
  /** the Logistics Phase (3E-3F): rules/log-orders.ts */
  | LogOrder
  /** with the forces (1B): replacements, the USMC withdrawal, announcements (rules/forces-orders.ts) */
  | ChoiceOrder
  /** 6.6 SPECIAL INTEL (rules/special-intel.ts), 36.x SUB lines (rules/submarine.ts), 4.6 PASS (rules/pass.ts) */
  | { readonly kind: 'special-intel' }
  | SubOrder
  | PassOrder
  /** air missions (2A3a, 2A3b): rules/air-orders.ts */
  | AirOrder
  /** 45.2 (optional) ASSIGN lines: rules/air-assign.ts */
  | AssignOrder
  /** 42.0 (optional): STAY with the logistics, COMBINE TF and SPLIT with the forces (rules/endurance.ts) */
  | EnduranceOrder
  /** 28.3 optional: the defender's recon CP (rules/recon-orders.ts) */
  | ReconOrder;

export type StepKindId = 'cp' | 'cp-us' | 'forces' | 'subs' | 'sub' | 'assign' | 'ops' | 'defence' | 'recon' | 'logistics' | 'other';
export const kindOfStep = (step: Pick<StepInfo, 'id'>): StepKindId => {
  if (step.id.endsWith('/cp/us')) return 'cp-us';
  if (step.id.endsWith('/air-assign')) return 'assign';
  const last = step.id.split('/').pop();
  if (last && /^recon-\d+$/.test(last)) return 'recon';
  return last === 'cp' ||
    last === 'forces' ||
    last === 'subs' ||
    last === 'sub' ||
    last === 'ops' ||
    last === 'defence' ||
    last === 'logistics'
    ? last
    : 'other';
};

/** Support lines out of place (28.3 (2), 16.1, 16.3), refused with the rule that says where they go. */
function misplaced(word: string, kind: StepKindId): { problem: string; rule: string } | null {
  if (word === 'NGS')
    return kind === 'defence'
      ? { problem: 'naval gunfire support is for a US attack only, never when defending', rule: '16.3' }
      : { problem: 'naval gunfire support goes on the ATTACK line: ATTACK <hex> NGS [TF <n>, TF <m>] [COMBINED]', rule: '16.1' };
  if (word === 'CAS' && kind === 'defence')
    return { problem: 'close air support goes with your own ground attack, never when you defend', rule: '28.3 (2)' };
  if (word === 'CAS' && kind !== 'ops')
    return {
      problem: 'close air support is flown in your Operations Phase: CAS <n> LAC-N FROM <base> AT <hex>, with ATTACK <hex>',
      rule: '28.3 (2)',
    };
  return null;
}

const WORDS: Record<string, CpMission> = {
  COMBINED: 'combined',
  INTEL: 'intel',
  INTELLIGENCE: 'intel',
  OPS: 'ops',
  OPERATIONS: 'ops',
  LOG: 'log',
  LOGISTICS: 'log',
};
const SHIPS = /^\s*([A-Za-z]+-\d+(\s*,\s*[A-Za-z]+-\d+)*)\s*$/;
const shipsOf = (text: string) => text.split(',').map((x) => x.trim().toUpperCase());

function parseLine(line: string, kind: StepKindId): SolOrder | string {
  const up = line.toUpperCase();
  if (up === 'NONE') return { kind: 'none' };
  // 1B: replacements, the USMC withdrawal and the additional forces go with the forces
  if ((CHOICE_WORDS as readonly string[]).includes(up.split(/\s+/)[0]))
    return kind === 'forces'
      ? parseChoiceLine(line)
      : `${up.split(/\s+/)[0]} orders go with the forces of the turn (t<n>/forces, 1B: 30.1, 38.2, 39.1)`;
  if (kind === 'cp' && /^SPECIAL\s+INTEL(LIGENCE)?$/.test(up)) return { kind: 'special-intel' };
  if ((kind === 'forces' || kind === 'ops') && /^(NO\s+)?PASS\b/.test(up)) return parsePassLine(line);
  if (kind === 'subs' || kind === 'sub') return parseSubLine(line);
  // 45.2 (optional): assignments at the Air Mission Assignment Sub-Segment alone
  if (kind === 'assign') return parseAssignLine(line);
  if (/^ASSIGN\b/.test(up))
    return 'ASSIGN lines go at the Air Mission Assignment Sub-Segment (t<n>/x<k>/air-assign) of games with optional rule 45 (45.2)';
  if (kind === 'recon') return parseReconLine(line);
  if (kind === 'cp' || kind === 'cp-us') {
    const m = /^CP((\s+[A-Z]+\s+\d+)+)$/.exec(up);
    if (!m) return 'expected CP <mission> <n> ...: CP COMBINED 2 INTEL 3 OPS 5 LOG 2 (6.2)';
    const alloc: Record<CpMission, number> = { combined: 0, intel: 0, ops: 0, log: 0 };
    const parts = m[1].trim().split(/\s+/);
    for (let i = 0; i < parts.length; i += 2) {
      const mission = WORDS[parts[i]];
      if (!mission) return `${parts[i]} is no CP mission: COMBINED, INTEL, OPS or LOG (6.2)`;
      alloc[mission] += Number(parts[i + 1]);
    }
    return { kind: 'cp', alloc };
  }
  // a plan may come with the forces that carry it out, saving a mail (issue 32)
  if ((kind === 'forces' || kind === 'ops') && /^PLAN\b/i.test(line)) return parseOpsLine(line);
  if (kind === 'forces') {
    const reorg = parseTfReorgLine(line);
    if (reorg) return reorg;
    let m = /^SUPPLY\s+(\d+)\s+AT\s+(.+)$/.exec(up);
    if (m) return { kind: 'supply', points: Number(m[1]), at: line.replace(/^.*\bAT\s+/i, '').trim() };
    m = /^DECEPTION\s+TF\s*-?(\d+)\s+AT\s+(.+)$/.exec(up);
    if (m) return { kind: 'deception', tf: Number(m[1]), at: line.replace(/^.*\bAT\s+/i, '').trim() };
    const tf = /^TF\s*-?(\d+)\s+AT\s+([^:]+):(.*)$/i.exec(line);
    if (tf && SHIPS.test(tf[3])) return { kind: 'tf', tf: Number(tf[1]), at: tf[2].trim(), ships: shipsOf(tf[3]) };
    const te = /^TOKYO\s+EXPRESS\s+AT\s+([^:]+):(.*)$/i.exec(line);
    if (te && SHIPS.test(te[2])) return { kind: 'tokyo-express', at: te[1].trim(), ships: shipsOf(te[2]) };
    return 'expected SUPPLY <n> AT <base>, TF <n> AT <base>: <ships>, TOKYO EXPRESS AT Rabaul: <DDs>, DECEPTION TF <n> AT <base>, COMBINE TF <n> WITH TF <k> or SPLIT TF <n> INTO TF <k>: <ships> (42.4), REPLACE <unit>, WITHDRAW <units> or ANNOUNCE <option> (1B-1C)';
  }
  // 2A3a-2A3b: air missions (rules/air-orders.ts)
  if ((kind === 'ops' || kind === 'defence') && /^(CAP|STRIKE|RECON|COUNTERSTRIKE|CAS)\b/i.test(line))
    return parseAirLine(line, kind === 'defence');
  if (kind === 'defence')
    return 'expected CAP <n> <air> FROM <base|carrier>, COUNTERSTRIKE <n> NAC FROM <carrier> AT TF <k> or NONE (2A3b)';
  if (kind === 'ops') return parseOpsLine(line);
  if (kind === 'logistics') return parseLogLine(line);
  return 'this step takes no orders';
}

export function parseSolOrders(text: string, step: Pick<StepInfo, 'id'>): ParseResult<SolOrder> {
  const kind = kindOfStep(step);
  const orders: SolOrder[] = [];
  const errors: LineError[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.replace(/#.*$/, '').trim();
    if (!line) return;
    const word = line.split(/\s+/)[0].toUpperCase();
    const wrong = misplaced(word, kind);
    if (wrong) {
      errors.push({ line: i + 1, text: raw, ...wrong });
      return;
    }
    if (kind === 'logistics' && word in LOG_NOT_BUILT) {
      const rule = LOG_NOT_BUILT[word];
      errors.push({ line: i + 1, text: raw, problem: `${word} orders are not carried out yet: rule ${rule} is not implemented`, rule });
      return;
    }
    const order = parseLine(line, kind);
    if (typeof order === 'string') errors.push({ line: i + 1, text: raw, problem: order });
    else orders.push(order);
  });
  return errors.length ? { ok: false, errors, orders } : { ok: true, orders };
}

function formatOne(o: SolOrder): string {
  switch (o.kind) {
    case 'cp':
      return `CP ${MISSIONS.map((m) => `${m === 'intel' ? 'INTEL' : m.toUpperCase()} ${o.alloc[m]}`).join(' ')}`;
    case 'supply':
      return `SUPPLY ${o.points} AT ${o.at}`;
    case 'tf':
      return `TF ${o.tf} AT ${o.at}: ${o.ships.join(', ')}`;
    case 'tokyo-express':
      return `TOKYO EXPRESS AT ${o.at}: ${o.ships.join(', ')}`;
    case 'deception':
      return `DECEPTION TF ${o.tf} AT ${o.at}`;
    case 'none':
      return 'NONE';
    case 'special-intel':
      return 'SPECIAL INTEL';
    case 'pass':
      return formatPass(o);
    default:
      if (isSubOrder(o)) return formatSubOrder(o);
      if (isAirOrder(o)) return formatAirOrder(o);
      if (isAssignOrder(o)) return formatAssignOrder(o);
      if (o.kind === 'tf-combine' || o.kind === 'tf-split') return formatEnduranceOrder(o);
      if (isReconOrder(o)) return formatReconCp(o.cp);
      return isLogOrder(o) ? formatLogOrder(o) : isChoiceOrder(o) ? formatChoiceOrder(o) : formatOpsOrder(o);
  }
}

export function formatSolOrders(orders: readonly unknown[]): string {
  return (orders as SolOrder[]).map(formatOne).join('\n');
}
