/**
 * Orders by mail, one a line (any case, `#` comments). This slice reads the task force orders of
 * 4.1 and 5.2; the other orders of the original's menus are recognised and refused naming the rule
 * that is not built yet, so a player learns at once that the umpire cannot carry them out.
 *
 *   FORM [TF 4] AT E MISSION T: McCawley, Barnett, Blue     4.1 (a port's code, a mission of 9.2)
 *   MOVE TF 4: N NE E DOCK                                  5.2 (directions N NE E SE S SW W NW; DOCK may end it)
 *   DOCK TF 4                                               5.2D (at the port square it is on)
 *   COMBINE TF 6 INTO TF 4                                  4.2 (both in one square, before either moves)
 *   HOLD TF 4                                               stays where it is
 *   CAP Enterprise: 12 Wildcat                              7.1A-B, air search step (LRCAP: long-range CAP)
 *   SEARCH Espiritu Santo: 6 Fortress                       7.1A, 7.1C (SUBSEARCH: submarines only)
 *   STRIKE TF 14 FROM Enterprise: 24 Dauntless, 8 Wildcat   7.3, air strikes step (TF 1 / TF 11: the bases, 7.3B)
 *   COUNTERSTRIKE Shokaku: 9 Val, 6 Kate                    7.4 (carriers only)
 *   TRANSFER Rabaul TO Shortlands: 10 Zeke                  7.5 (one a turn)
 *   NO AIR                                                  the air steps (7.1-7.5)
 *   ATTACK LEVEL 3                                          6.0 (AM orders only; level 1-5 costs that many dumps, 8.7)
 *   TRAIN Enterprise AT E: 18 Wildcat                       4.5 (base aircraft onto a carrier in port; 15 days out)
 *   DIVIDE TF 4 [INTO TF 7]: Monssen, Buchanan              4.3 (a new TF, same mission and endurance)
 *   SCUTTLE Chicago FROM TF 4                               4.3D (a crippled ship; six TFs or fewer)
 *   LOAD Zeilin AT E: 4 INF 2 SUP                           4.4 (a cargo ship in port; companies from the port's, 8.9)
 *   UNLOAD Zeilin AT E                                      4.4C (its cargo back to the port)
 *   END                                                     4.12, the orders step: ends the game if the other side offers too
 */
import { entriesOf } from './keyed';
import type { LineError, ParseResult, StepInfo } from '../../engine/ruleset';
import { AIRCRAFT } from './box/aircraft';
import { LAND } from './box/land';
import { MISSION_CODES, type Mission } from './box/tables';
import type { AirGroup } from './state';

export const DIRS = { N: [0, -1], NE: [1, -1], E: [1, 0], SE: [1, 1], S: [0, 1], SW: [-1, 1], W: [-1, 0], NW: [-1, -1] } as const;
export type Dir = keyof typeof DIRS;

export type GcOrder =
  | { readonly kind: 'form'; readonly tf?: number; readonly port: string; readonly mission: Mission; readonly ships: readonly string[] }
  | { readonly kind: 'move'; readonly tf: number; readonly dirs: readonly Dir[]; readonly dock: boolean }
  | { readonly kind: 'dock'; readonly tf: number }
  | { readonly kind: 'hold'; readonly tf: number }
  | { readonly kind: 'combine'; readonly tf: number; readonly into: number }
  | { readonly kind: 'load'; readonly ship: string; readonly port: string; readonly inf: number; readonly sup: number }
  | { readonly kind: 'unload'; readonly ship: string; readonly port: string }
  | { readonly kind: 'train'; readonly carrier: string; readonly port: string; readonly planes: AirGroup }
  | { readonly kind: 'divide'; readonly tf: number; readonly into?: number; readonly ships: readonly string[] }
  | { readonly kind: 'scuttle'; readonly tf: number; readonly ship: string }
  | { readonly kind: 'no-air' }
  /** an orders step with nothing to order (a side with no task force to move and none to form) */
  | { readonly kind: 'no-orders' }
  | { readonly kind: 'end' }
  | { readonly kind: 'attack'; readonly level: number }
  | { readonly kind: AirKind; readonly from: string; readonly planes: AirGroup }
  | { readonly kind: 'strike'; readonly target: number; readonly from: string; readonly planes: AirGroup }
  | { readonly kind: 'transfer'; readonly from: string; readonly to: string; readonly planes: AirGroup };

/** Orders that assign aircraft of one base or carrier to a mission (7.1A-C, 7.4). */
export type AirKind = 'cap' | 'lrcap' | 'search' | 'subsearch' | 'counterstrike';
const AIR_WORDS: Readonly<Record<string, AirKind>> = {
  CAP: 'cap',
  LRCAP: 'lrcap',
  SEARCH: 'search',
  SUBSEARCH: 'subsearch',
  COUNTERSTRIKE: 'counterstrike',
};
/** The air step each air order belongs to: CAP and search first (7.1), then strikes, counterstrikes, transfers (7.3-7.5). */
const SEARCH_KINDS: readonly string[] = ['cap', 'lrcap', 'search', 'subsearch'];
const STRIKE_KINDS: readonly string[] = ['strike', 'counterstrike', 'transfer'];

const ORDERS_ROW = /\/(american|japanese)\/orders$/;
export const isOrdersStep = (step: Pick<StepInfo, 'id'>) => ORDERS_ROW.test(step.id);
/** 6.0: an AM turn's step (odd turns are AM, 3.5): land attacks are planned only then. */
export const isAmStep = (step: Pick<StepInfo, 'id'>) => /^t\d*[13579]\//.test(step.id);
export const isSearchStep = (step: Pick<StepInfo, 'id'>) => step.id.endsWith('/air/search');
const AIR_HELP =
  'air search step: CAP <base|carrier>: 12 Wildcat | LRCAP ... | SEARCH ... | SUBSEARCH ... | NO AIR; strikes step: STRIKE TF 14 FROM <base|carrier>: 24 Dauntless, 8 Wildcat | COUNTERSTRIKE <carrier>: ... | TRANSFER <from> TO <to>: ... | NO AIR';

const ATTACK_HELP =
  'ATTACK LEVEL 1 .. ATTACK LEVEL 5 (6.0: 1 a reconnaissance in force, 5 an all-out attack; each level costs a supply dump)';

export function parseGcOrders(text: string, step: Pick<StepInfo, 'id'>): ParseResult<GcOrder> {
  const orders: GcOrder[] = [];
  const errors: LineError[] = [];
  const readLine = (raw: string, i: number): void => {
    const line = raw.replace(/#.*$/, '').trim();
    if (!line) return;
    const err = (problem: string, hint?: string, rule?: string): void => {
      errors.push({ line: i + 1, text: raw, problem, ...(hint ? { hint } : {}), ...(rule ? { rule } : {}) });
    };
    const word = line.split(/\s+/)[0].toUpperCase();
    if (word === 'ATTACK' && isOrdersStep(step) && !isAmStep(step))
      return err('land attacks are planned in AM turns only (6.0): this is a PM orders step', ATTACK_HELP, '6.0');
    const order = parseLine(line);
    if (typeof order === 'string' && word === 'ATTACK') return err(order, ATTACK_HELP, '6.0');
    if (typeof order === 'string' && /^(CAP|LRCAP|SEARCH|SUBSEARCH|STRIKE|COUNTERSTRIKE|TRANSFER)$/.test(word))
      return err(order, AIR_HELP, '7.0');
    if (typeof order === 'string')
      return err(
        order,
        'FORM AT E MISSION C: ship, ship | LOAD ship AT E: 4 INF 2 SUP | UNLOAD ship AT E | COMBINE TF 6 INTO TF 4 | MOVE TF 4: N NE E | DOCK TF 4 | HOLD TF 4 | NO ORDERS | NO AIR',
      );
    if (order.kind === 'attack' && !isOrdersStep(step))
      return err('ATTACK is planned in the AM orders step (6.0), not in the air steps', ATTACK_HELP, '6.0');
    const air = order.kind === 'no-air' || SEARCH_KINDS.includes(order.kind) || STRIKE_KINDS.includes(order.kind);
    if (air === isOrdersStep(step))
      return err(
        air ? `${word} is an order of the air steps (7.1-7.5)` : 'task force orders belong to the orders step (4.0, 5.0)',
        undefined,
        air ? '7.0' : '3.3',
      );
    if (SEARCH_KINDS.includes(order.kind) && !isSearchStep(step))
      return err(`${word} is flown at the start of air operations, in the CAP and search step (7.1A)`, AIR_HELP, '7.1A');
    if (STRIKE_KINDS.includes(order.kind) && isSearchStep(step))
      return err(`${word} comes after the search report, in the strikes step (7.0, 7.3)`, AIR_HELP, '7.3');
    orders.push(order);
  };
  for (const [i, raw] of text.split(/\r?\n/).entries()) readLine(raw, i);
  return errors.length ? { ok: false, errors, orders } : { ok: true, orders };
}

/** "24 Dauntless, 8 Wildcat": aircraft by the type names of 7.1F, case-blind. */
function parsePlanes(text: string): AirGroup | string {
  const planes: Record<string, number> = {};
  for (const part of text.split(',').map((x) => x.trim())) {
    const m = part.match(/^(\d+)\s+(\w+)$/);
    if (!m) return `"${part}" is not a number of aircraft: write "12 Wildcat, 6 Dauntless"`;
    const name = m[2].toLowerCase();
    const type = Object.keys(AIRCRAFT).find((t) => [name, name.replace(/s$/, '')].includes(t.toLowerCase()));
    if (!type) return `"${m[2]}" is no aircraft type: ${Object.keys(AIRCRAFT).join(', ')} (7.1F)`;
    if (Number(m[1]) === 0) return `"${part}": send at least one aircraft, or leave the type out`;
    planes[type] = (planes[type] ?? 0) + Number(m[1]);
  }
  return planes;
}

function parseAir(line: string): GcOrder | string | null {
  const strike = line.match(/^STRIKE\s+TF\s*(\d+)\s+FROM\s+(.+?)\s*:\s*(.+)$/i);
  if (strike) {
    const planes = parsePlanes(strike[3]);
    return typeof planes === 'string' ? planes : { kind: 'strike', target: Number(strike[1]), from: strike[2], planes };
  }
  if (/^STRIKE\b/i.test(line)) return 'STRIKE TF <sighted TF> FROM <base or carrier>: 24 Dauntless, 8 Wildcat (7.3A)';
  const transfer = line.match(/^TRANSFER\s+(.+?)\s+TO\s+(.+?)\s*:\s*(.+)$/i);
  if (transfer) {
    const planes = parsePlanes(transfer[3]);
    return typeof planes === 'string' ? planes : { kind: 'transfer', from: transfer[1], to: transfer[2], planes };
  }
  if (/^TRANSFER\b/i.test(line)) return 'TRANSFER <base or carrier> TO <base or carrier>: 10 Zeke (7.5)';
  const assign = line.match(/^(CAP|LRCAP|SEARCH|SUBSEARCH|COUNTERSTRIKE)\s+(.+?)\s*:\s*(.+)$/i);
  if (assign) {
    const planes = parsePlanes(assign[3]);
    return typeof planes === 'string' ? planes : { kind: AIR_WORDS[assign[1].toUpperCase()], from: assign[2], planes };
  }
  const word = line.split(/\s+/)[0].toUpperCase();
  return word in AIR_WORDS ? `${word} <base or carrier>: 12 ${word === 'COUNTERSTRIKE' ? 'Dauntless' : 'Wildcat'} (7.1, 7.4)` : null;
}

function parseLine(line: string): GcOrder | string {
  if (/^NO\s+AIR$/i.test(line)) return { kind: 'no-air' };
  if (/^NO\s+ORDERS$/i.test(line)) return { kind: 'no-orders' };
  if (/^END(\s+GAME)?$/i.test(line)) return { kind: 'end' };
  const attack = line.match(/^ATTACK(?:\s+(?:AT\s+)?LEVEL)?\s+(\d+)$/i);
  if (attack) {
    const level = Number(attack[1]);
    return level >= 1 && level <= LAND.levels.value
      ? { kind: 'attack', level }
      : `"${attack[1]}" is no attack level: 1 to ${LAND.levels.value} (6.0A)`;
  }
  if (/^ATTACK\b/i.test(line)) return 'ATTACK needs a level: ATTACK LEVEL 3 (6.0A)';
  const air = parseAir(line);
  if (air) return air;
  const simple = line.match(/^(DOCK|HOLD)\s+TF\s*(\d+)$/i);
  if (simple) return { kind: simple[1].toLowerCase() as 'dock' | 'hold', tf: Number(simple[2]) };
  const combine = line.match(/^COMBINE\s+TF\s*(\d+)\s+INTO\s+TF\s*(\d+)$/i);
  if (combine) return { kind: 'combine', tf: Number(combine[1]), into: Number(combine[2]) };
  if (/^COMBINE\b/i.test(line)) return 'COMBINE TF <merging> INTO TF <gaining> (4.2A)';
  const move = line.match(/^MOVE\s+TF\s*(\d+)\s*:?\s*(.*)$/i);
  if (move) {
    const words = move[2]
      .toUpperCase()
      .split(/[\s,]+/)
      .filter(Boolean);
    const dock = words[words.length - 1] === 'DOCK';
    const dirs = dock ? words.slice(0, -1) : words;
    const bad = dirs.find((d) => !(d in DIRS));
    if (bad) return `"${bad}" is no direction: use N NE E SE S SW W NW, and DOCK last (5.2)`;
    if (!dirs.length && !dock) return 'MOVE needs directions (5.2): MOVE TF 4: N NE E';
    return { kind: 'move', tf: Number(move[1]), dirs: dirs as Dir[], dock };
  }
  const train = line.match(/^TRAIN\s+(.+?)\s+AT\s+(\w+)\s*:\s*(.+)$/i);
  if (train) {
    const planes = parsePlanes(train[3]);
    return typeof planes === 'string' ? planes : { kind: 'train', carrier: train[1], port: train[2].toUpperCase(), planes };
  }
  if (/^TRAIN\b/i.test(line)) return 'TRAIN <carrier> AT <port>: 18 Wildcat (4.5)';
  const divide = line.match(/^DIVIDE\s+TF\s*(\d+)(?:\s+INTO\s+TF\s*(\d+))?\s*:\s*(.+)$/i);
  if (divide)
    return {
      kind: 'divide',
      tf: Number(divide[1]),
      ...(divide[2] ? { into: Number(divide[2]) } : {}),
      ships: divide[3]
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    };
  if (/^DIVIDE\b/i.test(line)) return 'DIVIDE TF <n> [INTO TF <m>]: ship, ship (4.3)';
  const scuttle = line.match(/^SCUTTLE\s+(.+?)\s+FROM\s+TF\s*(\d+)$/i);
  if (scuttle) return { kind: 'scuttle', ship: scuttle[1], tf: Number(scuttle[2]) };
  if (/^SCUTTLE\b/i.test(line)) return 'SCUTTLE <ship> FROM TF <n> (4.3D)';
  const load = line.match(/^LOAD\s+(.+?)\s+AT\s+(\w+)\s*:\s*(?:(\d+)\s+INF)?\s*,?\s*(?:(\d+)\s+SUP)?\s*$/i);
  if (load && (load[3] || load[4]))
    return { kind: 'load', ship: load[1], port: load[2].toUpperCase(), inf: Number(load[3] ?? 0), sup: Number(load[4] ?? 0) };
  if (/^LOAD\b/i.test(line)) return 'LOAD <ship> AT <port>: 4 INF 2 SUP (4.4B: companies and/or supply units)';
  const unload = line.match(/^UNLOAD\s+(.+?)\s+AT\s+(\w+)$/i);
  if (unload) return { kind: 'unload', ship: unload[1], port: unload[2].toUpperCase() };
  if (/^UNLOAD\b/i.test(line)) return 'UNLOAD <ship> AT <port> (4.4C)';
  const form = line.match(/^FORM(?:\s+TF\s*(\d+))?\s+AT\s+(\w+)\s+MISSION\s+(\w+)\s*:\s*(.+)$/i);
  if (form) {
    const mission = form[3].toUpperCase();
    if (!(MISSION_CODES as readonly string[]).includes(mission)) return `"${form[3]}" is no mission: C, B, T, U, FC, FB or FT (9.2)`;
    return {
      kind: 'form',
      ...(form[1] ? { tf: Number(form[1]) } : {}),
      port: form[2].toUpperCase(),
      mission: mission as Mission,
      ships: form[4]
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    };
  }
  return `not an order: "${line}"`;
}

export function formatGcOrders(orders: readonly GcOrder[]): string {
  return orders.map(formatOne).join('\n');
}

function formatOne(o: GcOrder): string {
  switch (o.kind) {
    case 'form':
      return `FORM${o.tf ? ` TF ${o.tf}` : ''} AT ${o.port} MISSION ${o.mission}: ${o.ships.join(', ')}`;
    case 'move':
      return `MOVE TF ${o.tf}: ${[...o.dirs, ...(o.dock ? ['DOCK'] : [])].join(' ')}`;
    case 'dock':
      return `DOCK TF ${o.tf}`;
    case 'hold':
      return `HOLD TF ${o.tf}`;
    case 'combine':
      return `COMBINE TF ${o.tf} INTO TF ${o.into}`;
    case 'load':
      return `LOAD ${o.ship} AT ${o.port}: ${[o.inf ? `${o.inf} INF` : '', o.sup ? `${o.sup} SUP` : ''].filter(Boolean).join(' ')}`;
    case 'unload':
      return `UNLOAD ${o.ship} AT ${o.port}`;
    case 'train':
      return `TRAIN ${o.carrier} AT ${o.port}: ${planesText(o.planes)}`;
    case 'divide':
      return `DIVIDE TF ${o.tf}${o.into ? ` INTO TF ${o.into}` : ''}: ${o.ships.join(', ')}`;
    case 'scuttle':
      return `SCUTTLE ${o.ship} FROM TF ${o.tf}`;
    case 'no-air':
      return 'NO AIR';
    case 'no-orders':
      return 'NO ORDERS';
    case 'end':
      return 'END';
    case 'attack':
      return `ATTACK LEVEL ${o.level}`;
    case 'strike':
      return `STRIKE TF ${o.target} FROM ${o.from}: ${planesText(o.planes)}`;
    case 'transfer':
      return `TRANSFER ${o.from} TO ${o.to}: ${planesText(o.planes)}`;
    default:
      return `${o.kind.toUpperCase()} ${o.from}: ${planesText(o.planes)}`;
  }
}

export function planesText(planes: AirGroup): string {
  return entriesOf(planes)
    .map(([t, n]) => `${n} ${t}`)
    .join(', ');
}
