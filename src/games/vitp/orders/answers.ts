/** Several order lines make one reply to a battle decision (e.g. one TARGET line per target). */
import type { Answer, Decision } from '../combat/api';
import type { Order } from '../types';

export function assembleAnswer(d: Decision, orders: readonly Order[]): Answer | null {
  const parts = orders.flatMap((o) => (o.t === 'answer' && o.answer.kind === d.kind ? [o.answer] : []));
  if (parts.length === 0) return null;
  const last = parts[parts.length - 1];
  switch (last.kind) {
    case 'targets':
      return { kind: 'targets', fire: Object.assign({}, ...parts.map((p) => (p as typeof last).fire)) };
    case 'pursuit':
    case 'air-raids':
    case 'continue-pursuit':
      return {
        kind: last.kind,
        assign: Object.assign({}, ...parts.map((p) => (p as typeof last).assign)),
      } as Answer;
    case 'landings':
      return { kind: 'landings', land: Object.assign({}, ...parts.map((p) => (p as typeof last).land)) };
    default:
      return last;
  }
}
