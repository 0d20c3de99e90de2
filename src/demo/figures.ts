/**
 * One side's mail per turn, as issues 10 and 31 measure it (the demo and its e2e tests print it):
 * the order mails a bot sent and the mails it received each turn of the log, a turn it mailed
 * nothing for counted as 0, and their medians; by day and by night apart for a game with nights.
 */
import type { EmailBot } from './bot';

export const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2 : 0;
};

type Counts = Pick<EmailBot, 'side' | 'perTurn'>;

/** `turns`: the turns played (from the log); `isDay`: the game's day turns, none for a game without nights. */
export function mailFigures(b: Counts, turns: readonly number[], isDay?: (turn: number) => boolean): string {
  const of = (turn: number) => b.perTurn.get(turn) ?? { sent: 0, received: 0, steps: new Set<string>() };
  const stat = (ts: readonly number[], what: 'sent' | 'received') => {
    const xs = ts.map((t) => of(t)[what]);
    return `median ${median(xs)}, max ${Math.max(0, ...xs)}`;
  };
  const each = turns.map((t) => `t${t}${isDay ? (isDay(t) ? ' day' : ' night') : ''} ${of(t).sent}/${of(t).received}`).join(', ');
  const split = isDay
    ? (['day', 'night'] as const)
        .map((kind) => {
          const ts = turns.filter((t) => isDay(t) === (kind === 'day'));
          return `per ${kind} turn (${ts.length}) order mails sent ${stat(ts, 'sent')}, received ${stat(ts, 'received')}`;
        })
        .join('; ')
    : `per turn order mails sent ${stat(turns, 'sent')}, received ${stat(turns, 'received')}`;
  const trips = turns.map((t) => of(t).steps.size);
  return `${b.side}, ${turns.length} turns (sent/received): ${each}; ${split}; critical-path round trips median ${median(trips)}, max ${Math.max(0, ...trips)}`;
}
