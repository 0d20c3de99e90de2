/**
 * The order lines of the recon/withdrawal optional rule (28.3 "New Optional Rule"): the CP a side
 * commits, Intelligence and/or Operations, written secretly and revealed as the attack begins.
 *
 *   ATTACK Guadalcanal-W RECON 2                the attacker, last on the ATTACK line (rules/ops-orders.ts)
 *   ATTACK Guadalcanal-W RECON INTEL 1 OPS 1    the same, the mix named
 *   RECON 1 | RECON OPS 2 | NONE                the defender, at the `…/recon-<k>` step
 *   STANDING RECON 1 [AT <hex>]                 the defender's standing answer (rules/standing.ts)
 *
 * `RECON <n>` spends Intelligence CP first, then Operations CP (the umpire's order, as read); the
 * CP a side does not hold are refused naming 28.3.
 */
import type { Problem } from './planning';

/** CP committed to recon: a total (Intelligence first), or the mix named (`intel`, `ops`). */
export interface ReconCp {
  readonly total: number;
  readonly intel?: number;
  readonly ops?: number;
}

/** The defender's answer at the recon step. */
export type ReconOrder = { readonly kind: 'recon-cp'; readonly cp: ReconCp };

/** A RECON clause closing an ATTACK line. */
export const RECON_TAIL = /\s+(RECON\b.*)$/i;

const MIX = /^(INTEL(?:LIGENCE)?|OP(?:ERATION)?S)\s+(\d+)(?:\s+(INTEL(?:LIGENCE)?|OP(?:ERATION)?S)\s+(\d+))?$/;
const HINT = 'RECON <n> or RECON INTEL <i> OPS <o>: the Intelligence and Operations CP committed to recon (28.3 optional rule)';

/** `RECON 2`, `RECON INTEL 1 OPS 1` -> the CP, or why not. */
export function parseReconCp(text: string): ReconCp | string {
  const body = text
    .replace(/^RECON\b/i, '')
    .trim()
    .toUpperCase();
  if (/^\d+$/.test(body)) return { total: Number(body) };
  const m = MIX.exec(body);
  if (!m || (m[3] && m[1][0] === m[3][0])) return `${text.trim()}: ${HINT}`;
  const cp = { intel: 0, ops: 0 };
  for (const [word, n] of [
    [m[1], m[2]],
    [m[3], m[4]],
  ])
    if (word) cp[word.startsWith('I') ? 'intel' : 'ops'] += Number(n);
  return { total: cp.intel + cp.ops, ...cp };
}

export const formatReconCp = (cp: ReconCp): string =>
  cp.intel === undefined && cp.ops === undefined ? `RECON ${cp.total}` : `RECON INTEL ${cp.intel ?? 0} OPS ${cp.ops ?? 0}`;

export const isReconOrder = (o: { readonly kind: string }): o is ReconOrder => o.kind === 'recon-cp';

export function parseReconLine(line: string): ReconOrder | string {
  if (!/^RECON\b/i.test(line)) return `expected ${HINT}, or NONE`;
  const cp = parseReconCp(line);
  return typeof cp === 'string' ? cp : { kind: 'recon-cp', cp };
}

export interface Held {
  readonly intel: number;
  readonly ops: number;
}

/** The CP spent of those committed, within what the side holds: a total takes Intelligence first. */
export function spendOf(cp: ReconCp | undefined, held: Held): Held {
  if (!cp) return { intel: 0, ops: 0 };
  if (cp.intel !== undefined || cp.ops !== undefined)
    return { intel: Math.min(cp.intel ?? 0, held.intel), ops: Math.min(cp.ops ?? 0, held.ops) };
  const intel = Math.min(cp.total, held.intel);
  return { intel, ops: Math.min(cp.total - intel, held.ops) };
}

/** Whether `cps` together fit within what the side holds (after `intelLines` Intelligence missions), else the problem. */
export function reconProblem(cps: readonly ReconCp[], held: Held, intelLines = 0): string | null {
  const intel = cps.reduce((t, c) => t + (c.intel ?? 0), 0) + intelLines;
  const ops = cps.reduce((t, c) => t + (c.ops ?? 0), 0);
  const plain = cps.filter((c) => c.intel === undefined && c.ops === undefined).reduce((t, c) => t + c.total, 0);
  if (intel > held.intel || ops > held.ops || intel + ops + plain > held.intel + held.ops)
    return `recon commits CP you do not hold: ${held.intel} Intelligence and ${held.ops} Operations CP left${intelLines ? ` (${intelLines} for intelligence missions)` : ''}`;
  return null;
}

/** The recon step's orders (one RECON line at most, within the CP held). */
export function checkReconStep(orders: readonly { readonly kind: string }[], held: Held, chosen: boolean): Problem[] {
  const lines = orders.flatMap((o, index) => (isReconOrder(o) ? [{ o, index }] : []));
  if (!lines.length) return [];
  if (!chosen)
    return [{ index: lines[0].index, problem: 'recon/withdrawal is the optional rule of 28.3, not chosen for this game', rule: '28.3' }];
  if (lines.length > 1) return [{ index: lines[1].index, problem: 'one RECON line answers one attack', rule: '28.3' }];
  const why = reconProblem([lines[0].o.cp], held);
  return why ? [{ index: lines[0].index, problem: why, rule: '28.3' }] : [];
}
