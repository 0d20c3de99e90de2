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
 *   NO AIR                                                  the air steps (7.1-7.5)
 */
import type { LineError, ParseResult, StepInfo } from '../../engine/ruleset';
import { MISSION_CODES, type Mission } from './box/tables';

export const DIRS = { N: [0, -1], NE: [1, -1], E: [1, 0], SE: [1, 1], S: [0, 1], SW: [-1, 1], W: [-1, 0], NW: [-1, -1] } as const;
export type Dir = keyof typeof DIRS;

export type GcOrder =
  | { readonly kind: 'form'; readonly tf?: number; readonly port: string; readonly mission: Mission; readonly ships: readonly string[] }
  | { readonly kind: 'move'; readonly tf: number; readonly dirs: readonly Dir[]; readonly dock: boolean }
  | { readonly kind: 'dock'; readonly tf: number }
  | { readonly kind: 'hold'; readonly tf: number }
  | { readonly kind: 'combine'; readonly tf: number; readonly into: number }
  | { readonly kind: 'no-air' };

/** Orders of the original's menus this slice does not carry out yet, by their first word, with the rule. */
const NOT_BUILT: Readonly<Record<string, string>> = {
  DIVIDE: '4.3',
  SCUTTLE: '4.3D',
  LOAD: '4.4',
  UNLOAD: '4.4C',
  TRAIN: '4.5',
  ATTACK: '6.0',
  END: '4.12',
  CAP: '7.1',
  LRCAP: '7.1B',
  SEARCH: '7.1',
  SUBSEARCH: '7.1C',
  STRIKE: '7.3',
  COUNTERSTRIKE: '7.4',
  TRANSFER: '7.5',
};

const ORDERS_ROW = /\/(american|japanese)\/orders$/;
export const isOrdersStep = (step: Pick<StepInfo, 'id'>) => ORDERS_ROW.test(step.id);

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
    if (word in NOT_BUILT)
      return err(`${word} orders are not carried out yet: rule ${NOT_BUILT[word]} is not implemented`, undefined, NOT_BUILT[word]);
    const order = parseLine(line);
    if (typeof order === 'string')
      return err(order, 'FORM AT E MISSION C: ship, ship | COMBINE TF 6 INTO TF 4 | MOVE TF 4: N NE E | DOCK TF 4 | HOLD TF 4 | NO AIR');
    const air = order.kind === 'no-air';
    if (air === isOrdersStep(step))
      return err(
        air ? 'NO AIR is an order of the air steps (7.1)' : 'task force orders belong to the orders step (4.0, 5.0)',
        undefined,
        air ? '7.1' : '3.3',
      );
    orders.push(order);
  };
  for (const [i, raw] of text.split(/\r?\n/).entries()) readLine(raw, i);
  return errors.length ? { ok: false, errors, orders } : { ok: true, orders };
}

function parseLine(line: string): GcOrder | string {
  if (/^NO\s+AIR$/i.test(line)) return { kind: 'no-air' };
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
    case 'no-air':
      return 'NO AIR';
  }
}
