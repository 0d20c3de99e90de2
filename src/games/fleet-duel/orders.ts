import type { LineError, ParseResult, StepInfo } from '../../engine/ruleset';
import { AREAS, type Area } from './box';

/** Fleet Duel orders (rules 2.1-2.3 and 3.3) and standing instructions (3.4). */
export type Posture = 'aggressive' | 'cautious';
export type FleetOrder =
  | { readonly kind: 'move'; readonly area: Area }
  | { readonly kind: 'posture'; readonly posture: Posture }
  | { readonly kind: 'sub'; readonly area: Area }
  | { readonly kind: 'retreat'; readonly retreat: boolean };

export type RetreatPolicy = 'always' | 'never' | 'if-outnumbered';
export interface FleetStanding {
  readonly retreat: RetreatPolicy;
}

const AREA_HINT = `sea areas: ${AREAS.join(', ')}`;

function parseArea(word: string | undefined, line: number, text: string): Area | LineError {
  const a = (word ?? '').toLowerCase();
  return (AREAS as readonly string[]).includes(a)
    ? (a as Area)
    : { line, text, problem: `no sea area "${word ?? ''}"`, hint: AREA_HINT, rule: '2.1' };
}

function parseLine(text: string, line: number, step: StepInfo): FleetOrder | LineError {
  const [verb, arg, ...rest] = text.trim().split(/\s+/);
  const v = verb.toUpperCase();
  if (rest.length) return { line, text, problem: `unexpected "${rest.join(' ')}" after the order` };
  const isRetreatStep = step.id.endsWith('/retreat');
  if (isRetreatStep) {
    if (v === 'RETREAT' && arg === undefined) return { kind: 'retreat', retreat: true };
    if (v === 'STAND' && arg === undefined) return { kind: 'retreat', retreat: false };
    return { line, text, problem: 'at a retreat decision the orders are RETREAT or STAND', rule: '3.3' };
  }
  if (v === 'MOVE' || v === 'SUB') {
    const area = parseArea(arg, line, text);
    if (typeof area !== 'string') return area;
    return v === 'MOVE' ? { kind: 'move', area } : { kind: 'sub', area };
  }
  if (v === 'POSTURE') {
    const p = (arg ?? '').toLowerCase();
    if (p === 'aggressive' || p === 'cautious') return { kind: 'posture', posture: p };
    return {
      line,
      text,
      problem: `no posture "${arg ?? ''}"`,
      hint: 'POSTURE aggressive or POSTURE cautious',
      rule: '2.2',
    };
  }
  return {
    line,
    text,
    problem: `unknown order "${verb}"`,
    hint: 'orders are MOVE <area>, POSTURE <aggressive|cautious>, SUB <area>',
    rule: '2.1',
  };
}

export function parseFleetOrders(text: string, step: StepInfo): ParseResult<FleetOrder> {
  const orders: FleetOrder[] = [];
  const errors: LineError[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    if (raw.trim() === '') return;
    const r = parseLine(raw.trim(), i + 1, step);
    if ('kind' in r) orders.push(r);
    else errors.push(r);
  });
  return errors.length ? { ok: false, errors } : { ok: true, orders };
}

/** `ships`: what the ordering fleet has left now (2.3 depends on it, so the same orders can be valid today and not next turn). */
export function validateFleetOrders(orders: readonly FleetOrder[], step: StepInfo, ships: number): LineError[] {
  const count = (k: FleetOrder['kind']) => orders.filter((o) => o.kind === k).length;
  const errors: LineError[] = [];
  if (step.id.endsWith('/retreat')) {
    if (count('retreat') !== 1) errors.push({ line: 0, text: '', problem: 'give exactly one of RETREAT or STAND', rule: '3.3' });
    return errors;
  }
  if (count('move') !== 1) errors.push({ line: 0, text: '', problem: 'give exactly one MOVE order', rule: '2.1' });
  if (count('posture') > 1) errors.push({ line: 0, text: '', problem: 'give at most one POSTURE order', rule: '2.2' });
  if (ships < 2 && orders.some((o) => o.kind === 'posture' && o.posture === 'aggressive')) {
    errors.push({
      line: 0,
      text: '',
      problem: 'a fleet of one ship may not be aggressive',
      hint: 'POSTURE cautious',
      rule: '2.3',
    });
  }
  if (count('sub') > 1) errors.push({ line: 0, text: '', problem: 'give at most one SUB order', rule: '4.1' });
  return errors;
}

export function formatFleetOrders(orders: readonly FleetOrder[]): string {
  return orders
    .map((o) => {
      switch (o.kind) {
        case 'move':
          return `MOVE ${o.area}`;
        case 'posture':
          return `POSTURE ${o.posture}`;
        case 'sub':
          return `SUB ${o.area}`;
        case 'retreat':
          return o.retreat ? 'RETREAT' : 'STAND';
        default: {
          const never: never = o;
          throw new Error(`unhandled order ${JSON.stringify(never)}`);
        }
      }
    })
    .join('\n');
}

const STANDING = /^\s*STANDING\s+RETREAT\s+(ALWAYS|NEVER|IF\s+OUTNUMBERED)\s*$/i;

export function parseFleetStanding(text: string): ParseResult<FleetStanding> {
  let policy: RetreatPolicy | null = null;
  const errors: LineError[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    if (raw.trim() === '') return;
    const m = STANDING.exec(raw);
    if (!m) {
      errors.push({
        line: i + 1,
        text: raw.trim(),
        problem: 'unknown standing instruction',
        hint: 'STANDING RETREAT ALWAYS | NEVER | IF OUTNUMBERED',
        rule: '3.4',
      });
      return;
    }
    const word = m[1].toUpperCase().replace(/\s+/g, ' ');
    policy = word === 'ALWAYS' ? 'always' : word === 'NEVER' ? 'never' : 'if-outnumbered';
  });
  if (errors.length) return { ok: false, errors };
  return { ok: true, orders: [{ retreat: policy ?? 'always' }] };
}
