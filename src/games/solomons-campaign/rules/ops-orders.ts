/**
 * The orders of the Operations Phase (2A), one a line. TF 0 is the Tokyo Express (TE).
 *
 *   INTEL Guadalcanal-W                           2A1: one Intelligence CP, one hex (6.5, 50.0)
 *   MOVE TF 3 TO Guadalcanal-W                    2A2b: toward the place, up to the TF's movement (10.6, 12.7)
 *   DETACH CRIPPLED FROM TF 3 AS TF 7             2A2b, optional rule 44.4: the crippled ships in a TF of their own, no CP
 *   LOAD TF 2: 1-MAR, 1-RDR, SUPPLY 3             2A2b: 19.3, 33.4 (the TF spends its movement loading)
 *   UNLOAD TF 2                                   2A2b: 19.4, 33.4 (everything aboard, supply within 33.4)
 *   GROUND 1-MAR TO Guadalcanal-E                 2A2c: 27.1, 2.17 (one land hex, a supply for each 9 battalions)
 *   PLAN TF 3 MOVE TOWARD Guadalcanal-W ASK ON CONTACT
 *   PLAN TF 2 UNLOAD AT Guadalcanal-W ASK WHEN THE PLAN ENDS
 *   PLAN ALL HOLD | PLAN TF 1 RETURN ASK WHEN ATTACKED
 *   TRANSFER 6 LAC-N FROM Rabaul TO Bougainville-W   2A2a: air transfer and transport (rules/air-move-orders.ts)
 *   AIRLIFT 1 MAC FROM Espiritu Santo TO 0906 WITH 1-PARA DROP
 *   SURFACE 0806 [SHIFT] | BOMBARD 0806 | ATTACK 0806   2A3: attack at a contact in that hex after movement
 *                                                 (surface combat 14.1, bombardment 15.1, ground combat 28.1)
 *   ATTACK 0806 NGS TF 2 [COMBINED]               16.1: US naval gunfire support by TF 2's ships there
 *                                                 (NGS alone: every US TF in the hex; rules/support.ts)
 *   ATTACK 0806 RECON 2                           with the recon/withdrawal option: CP committed (28.3 optional, rules/recon-orders.ts)
 *
 * A plan holds until the turn ends; a new PLAN line for a TF (or ALL) replaces the old one.
 */
import { type AirMoveOrder, formatAirMoveOrder, isAirMoveOrder, parseAirMoveLine } from './air-move-orders';
import { formatReconCp, parseReconCp, RECON_TAIL, type ReconCp } from './recon-orders';

export type Trigger = 'contact' | 'attacked' | 'ends';
export type PlanAction = 'move' | 'unload' | 'hold' | 'return';

/** The combat an attack line asks for (2A3): by the kind of contact it acts on (rules/contacts.ts). */
export type AttackKind = 'naval' | 'bombardment' | 'ground';
export const ATTACK_WORDS: Readonly<Record<AttackKind, string>> = { naval: 'SURFACE', bombardment: 'BOMBARD', ground: 'ATTACK' };

/** 28.2 (4): one sub-attack of a ground ATTACK line ('all': every unit not named elsewhere). */
export interface GroundGroup {
  readonly attackers: readonly string[] | 'all';
  readonly defenders: readonly string[] | 'all';
}

export type OpsOrder =
  | { readonly kind: 'intel'; readonly hex: string }
  /** 2A2a (rules/air-move.ts) */
  | AirMoveOrder
  | {
      readonly kind: 'attack';
      readonly combat: AttackKind;
      readonly hex: string;
      /** ground only (28.2 (4)): the sub-attacks; none: every unit able against every defender */
      readonly groups?: readonly GroundGroup[];
      /** ground only (7.2, 7.4): spend a Combined CP when Army and Navy attack together */
      readonly combined?: boolean;
      /** ground only, Japan, optional rule 49: Banzai! doubles both sides' losses at odds of 149% or lower */
      readonly banzai?: boolean;
      /** ground only, US (16.1-16.3): naval gunfire support by these TFs in the hex, or by every TF there */
      readonly ngs?: readonly number[] | 'all';
      /** ground only, optional rule 28.3 recon/withdrawal: the CP the attacker commits, sealed until the attack */
      readonly recon?: ReconCp;
      /** naval only: SURFACE <hex> SHIFT spends an Operations CP for a column (14.3 (5)) */
      readonly shift?: boolean;
    }
  | { readonly kind: 'move'; readonly tf: number; readonly to: string }
  /** 44.4 (optional rule): the crippled ships of TF `tf` as TF `as`, no CP */
  | { readonly kind: 'detach'; readonly tf: number; readonly as: number }
  | { readonly kind: 'load'; readonly tf: number; readonly units: readonly string[]; readonly supply: number }
  | { readonly kind: 'unload'; readonly tf: number }
  | { readonly kind: 'ground'; readonly unit: string; readonly to: string }
  | {
      readonly kind: 'plan';
      /** null: every TF without a line of its own (ALL) */
      readonly tf: number | null;
      readonly action: PlanAction;
      readonly to: string | null;
      readonly ask: readonly Trigger[];
    };

const TF = String.raw`(?:TF\s*-?(\d+)|(TE|TOKYO\s+EXPRESS))`;
const tfOf = (m: RegExpExecArray, i: number) => (m[i] !== undefined ? Number(m[i]) : 0);
const TRIGGERS: readonly [RegExp, Trigger][] = [
  [/\s+ASK\s+ON\s+CONTACT\b/i, 'contact'],
  [/\s+ASK\s+WHEN\s+ATTACKED\b/i, 'attacked'],
  [/\s+ASK\s+WHEN\s+(?:THE\s+)?PLAN\s+ENDS\b/i, 'ends'],
];

function parsePlan(line: string): OpsOrder | string {
  let rest = line;
  const ask: Trigger[] = [];
  for (const [re, t] of TRIGGERS)
    if (re.test(rest)) {
      ask.push(t);
      rest = rest.replace(re, '');
    }
  const m = new RegExp(String.raw`^PLAN\s+(?:${TF}|(ALL))\s+(.+)$`, 'i').exec(rest.trim());
  if (!m)
    return 'expected PLAN TF <n>|ALL MOVE TOWARD <place>|UNLOAD AT <place>|HOLD|RETURN [ASK ON CONTACT] [ASK WHEN ATTACKED] [ASK WHEN THE PLAN ENDS]';
  const tf = m[3] ? null : tfOf(m, 1);
  const what = m[4].trim();
  const toward = /^MOVE\s+TOWARD\s+(.+)$/i.exec(what);
  if (toward) return { kind: 'plan', tf, action: 'move', to: toward[1].trim(), ask };
  const unload = /^UNLOAD\s+AT\s+(.+)$/i.exec(what);
  if (unload) return { kind: 'plan', tf, action: 'unload', to: unload[1].trim(), ask };
  if (/^HOLD$/i.test(what)) return { kind: 'plan', tf, action: 'hold', to: null, ask };
  if (/^RETURN$/i.test(what)) return { kind: 'plan', tf, action: 'return', to: null, ask };
  return `${what}: a plan line is MOVE TOWARD <place>, UNLOAD AT <place>, HOLD or RETURN`;
}

/** One line of an Operations Phase, or why it is not one. */
export function parseOpsLine(line: string): OpsOrder | string {
  let m = /^INTEL\s+(.+)$/i.exec(line);
  if (m) return { kind: 'intel', hex: m[1].trim() };
  m = new RegExp(String.raw`^MOVE\s+${TF}\s+TO\s+(.+)$`, 'i').exec(line);
  if (m) return { kind: 'move', tf: tfOf(m, 1), to: m[3].trim() };
  m = new RegExp(String.raw`^DETACH\s+CRIPPLED\s+FROM\s+${TF}\s+AS\s+TF\s*-?(\d+)$`, 'i').exec(line);
  if (m) return { kind: 'detach', tf: tfOf(m, 1), as: Number(m[3]) };
  if (/^DETACH\b/i.test(line)) return 'expected DETACH CRIPPLED FROM TF <n> AS TF <m> (44.4)';
  m = new RegExp(String.raw`^LOAD\s+${TF}\s*:(.+)$`, 'i').exec(line);
  if (m) {
    const units: string[] = [];
    let supply = 0;
    for (const part of m[3].split(',').map((x) => x.trim())) {
      const sup = /^SUPPLY\s+(\d+)$/i.exec(part);
      if (sup) supply += Number(sup[1]);
      else if (/^[A-Za-z0-9/-]+$/.test(part)) units.push(part.toUpperCase());
      else return `${part}: a LOAD line lists ground units and SUPPLY <n> (19.3)`;
    }
    return { kind: 'load', tf: tfOf(m, 1), units, supply };
  }
  m = new RegExp(String.raw`^UNLOAD\s+${TF}$`, 'i').exec(line);
  if (m) return { kind: 'unload', tf: tfOf(m, 1) };
  m = /^GROUND\s+(\S+)\s+TO\s+(.+)$/i.exec(line);
  if (m) return { kind: 'ground', unit: m[1].toUpperCase(), to: m[2].trim() };
  if (/^PLAN\b/i.test(line)) return parsePlan(line);
  if (/^(TRANSFER|AIRLIFT)\b/i.test(line)) return parseAirMoveLine(line);
  if (/^ATTACK\s+\S/i.test(line)) return parseGroundAttack(line);
  for (const [combat, word] of Object.entries(ATTACK_WORDS) as [AttackKind, string][]) {
    m = new RegExp(String.raw`^${word}(?:\s+(.+))?$`, 'i').exec(line);
    if (m?.[1] && combat === 'naval' && /\s+SHIFT$/i.test(m[1]))
      return { kind: 'attack', combat, hex: m[1].replace(/\s+SHIFT$/i, '').trim(), shift: true };
    if (m?.[1] && /\b(SCREEN|WITH)\b/i.test(m[1]))
      return `${m[1]}: ${word} takes the hex${combat === 'naval' ? ' and SHIFT' : ''}; screening (14.4) and a choice of ships (15.1) are not offered: every unfatigued ship of your TFs there takes part`;
    if (m) return m[1] ? { kind: 'attack', combat, hex: m[1].trim() } : `${word} <hex>: name the hex of the contact (2A3)`;
  }
  return 'expected INTEL, TRANSFER, AIRLIFT, MOVE, DETACH, LOAD, UNLOAD, GROUND, PLAN, SURFACE, BOMBARD or ATTACK (2A; HELP for the forms)';
}

const UNITS = /^[A-Za-z0-9/-]+(\s*,\s*[A-Za-z0-9/-]+)*$/;
const unitList = (t: string): readonly string[] | 'all' | null =>
  /^ALL$/i.test(t) ? 'all' : UNITS.test(t) ? t.split(',').map((x) => x.trim().toUpperCase()) : null;

const NGS = /\s+NGS(?:\s+(TF\s*-?\d+(?:\s*,?\s*TF\s*-?\d+)*))?$/i;

/**
 * ATTACK <hex> [NGS [TF <n>, ...]] [COMBINED] [BANZAI] [RECON ...] | ATTACK <hex>: <units|ALL> VS <units|ALL>; ... [NGS ...]
 * [COMBINED] [BANZAI] [RECON ...] (28.2 (4), 16.1, 7.4, 49.1; the closing words in any order; 28.3 optional:
 * RECON <n> or RECON INTEL <i> OPS <o>, last on the line).
 */
function parseGroundAttack(line: string): OpsOrder | string {
  let rest = line.replace(/^ATTACK\s+/i, '').trim();
  const tail = RECON_TAIL.exec(rest);
  const recon = tail ? parseReconCp(tail[1]) : null;
  if (typeof recon === 'string') return recon;
  if (tail) rest = rest.slice(0, tail.index).trim();
  let banzai = false;
  let combined = false;
  let ngs: readonly number[] | 'all' | undefined;
  // the closing words, in any order
  for (;;) {
    const word = /\s+(BANZAI!?|COMBINED)$/i.exec(rest);
    const m = word ? null : NGS.exec(rest);
    if (word) {
      if (/^BANZAI/i.test(word[1])) banzai = true;
      else combined = true;
      rest = rest.slice(0, word.index).trim();
    } else if (m && ngs === undefined) {
      ngs = m[1] ? [...m[1].matchAll(/TF\s*-?(\d+)/gi)].map((x) => Number(x[1])) : 'all';
      rest = rest.slice(0, m.index).trim();
    } else break;
  }
  if (/\bNGS\b/i.test(rest)) return 'NGS closes the ATTACK line: ATTACK <hex> NGS [TF <n>, TF <m>] [COMBINED] (16.1)';
  const [hex, pairs] = rest.includes(':') ? [rest.slice(0, rest.indexOf(':')).trim(), rest.slice(rest.indexOf(':') + 1)] : [rest, ''];
  if (!hex) return 'ATTACK <hex>: name the hex of the contact (2A3)';
  const groups: GroundGroup[] = [];
  for (const part of pairs
    .split(';')
    .map((x) => x.trim())
    .filter(Boolean)) {
    const m = /^(.+?)\s+VS\s+(.+)$/i.exec(part);
    const a = m ? unitList(m[1].trim()) : null;
    const d = m ? unitList(m[2].trim()) : null;
    if (!a || !d) return `${part}: a sub-attack is <units|ALL> VS <units|ALL>, unit ids by commas (28.2 (4))`;
    groups.push({ attackers: a, defenders: d });
  }
  return {
    kind: 'attack',
    combat: 'ground',
    hex,
    ...(groups.length ? { groups } : {}),
    ...(combined ? { combined } : {}),
    ...(banzai ? { banzai } : {}),
    ...(ngs ? { ngs } : {}),
    ...(recon ? { recon } : {}),
  };
}

function formatGroundAttack(o: Extract<OpsOrder, { kind: 'attack' }>): string {
  const list = (x: readonly string[] | 'all') => (x === 'all' ? 'ALL' : x.join(', '));
  const groups = o.groups?.length ? `: ${o.groups.map((g) => `${list(g.attackers)} VS ${list(g.defenders)}`).join('; ')}` : '';
  const ngs = o.ngs ? ` NGS${o.ngs === 'all' ? '' : ` ${o.ngs.map((n) => `TF ${n}`).join(', ')}`}` : '';
  return `ATTACK ${o.hex}${groups}${ngs}${o.combined ? ' COMBINED' : ''}${o.banzai ? ' BANZAI' : ''}${o.recon ? ` ${formatReconCp(o.recon)}` : ''}`;
}

const tfName = (tf: number) => (tf === 0 ? 'TE' : `TF ${tf}`);
const ASK_WORDS: Record<Trigger, string> = { contact: 'ASK ON CONTACT', attacked: 'ASK WHEN ATTACKED', ends: 'ASK WHEN THE PLAN ENDS' };

export function formatOpsOrder(o: OpsOrder): string {
  if (isAirMoveOrder(o)) return formatAirMoveOrder(o);
  switch (o.kind) {
    case 'intel':
      return `INTEL ${o.hex}`;
    case 'attack':
      return o.combat === 'ground' ? formatGroundAttack(o) : `${ATTACK_WORDS[o.combat]} ${o.hex}${o.shift ? ' SHIFT' : ''}`;
    case 'move':
      return `MOVE ${tfName(o.tf)} TO ${o.to}`;
    case 'detach':
      return `DETACH CRIPPLED FROM ${tfName(o.tf)} AS TF ${o.as}`;
    case 'load':
      return `LOAD ${tfName(o.tf)}: ${[...o.units, ...(o.supply ? [`SUPPLY ${o.supply}`] : [])].join(', ')}`;
    case 'unload':
      return `UNLOAD ${tfName(o.tf)}`;
    case 'ground':
      return `GROUND ${o.unit} TO ${o.to}`;
    case 'plan': {
      const what = o.action === 'move' ? `MOVE TOWARD ${o.to}` : o.action === 'unload' ? `UNLOAD AT ${o.to}` : o.action.toUpperCase();
      return [`PLAN ${o.tf === null ? 'ALL' : tfName(o.tf)} ${what}`, ...o.ask.map((t) => ASK_WORDS[t])].join(' ');
    }
  }
}
