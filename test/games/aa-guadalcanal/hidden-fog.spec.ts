import { narrativeFor, replay, viewFor, type EngineEvent } from '../../../src/engine/game';
import { playOneGame } from '../../../src/engine/selfplay';
import { guadalcanalRuleset } from '../../../src/games/aa-guadalcanal';
import { formatOrder } from '../../../src/games/aa-guadalcanal/orders';
import type { Order } from '../../../src/games/aa-guadalcanal/types';

/**
 * Hidden movement (HID.2): a side's sealed sea moves are in no view or report of the other side
 * (nor the referee's) before both are revealed together. Random games, every moment between a
 * side's sealed submission (sent or queued ahead) and the step's resolution.
 */
const hidden = { 'hidden-movement': true };
const GAMES = 6;

interface Window {
  readonly side: string;
  readonly stepId: string;
  readonly from: number;
  readonly until: number;
  readonly orders: readonly Order[];
}

function sealedWindows(events: readonly EngineEvent[]): Window[] {
  const out: Window[] = [];
  events.forEach((e, i) => {
    if (e.type !== 'OrdersSubmitted' && e.type !== 'OrdersQueued') return;
    const { side, stepId } = e.data as { side: string; stepId: string };
    if (!/\/hid\/2-sea$/.test(stepId)) return;
    const until = events.findIndex((x, j) => j > i && x.type === 'StepResolved' && (x.data as { stepId: string }).stepId === stepId);
    const revealed = events.find(
      (x, j) =>
        j > i &&
        x.type === 'OrdersRevealed' &&
        (x.data as { side: string; stepId: string }).side === side &&
        (x.data as { stepId: string }).stepId === stepId,
    );
    // the resolution starts with the first reveal or default of the step: everything before it is the sealed time
    const opens = events.findIndex(
      (x, j) =>
        j > i && (x.type === 'OrdersRevealed' || x.type === 'DefaultOrdersApplied') && (x.data as { stepId: string }).stepId === stepId,
    );
    if (until > 0 && opens > 0 && revealed)
      out.push({ side, stepId, from: i, until: opens, orders: (revealed.data as unknown as { orders: Order[] }).orders });
  });
  return out;
}

describe('hidden movement fog (HID.2)', () => {
  it(`given ${GAMES} random games with hidden movement, then no sealed sea move shows to the other side or the referee before it is revealed`, () => {
    let checked = 0;
    for (let g = 0; g < GAMES; g++) {
      const { events } = playOneGame(guadalcanalRuleset as never, `fog-${g}`, { options: hidden, missRate: 0.1, aheadRate: 0.3 });
      for (const w of sealedWindows(events)) {
        const moves = w.orders.filter((o) => o.kind === 'move').map((o) => formatOrder(o));
        if (!moves.length) continue;
        // the last moment before the reveal: every sealed submission of the step is in
        const prefix = events.slice(0, w.until);
        const last = prefix.length;
        const state = replay(prefix, guadalcanalRuleset as never);
        for (const viewer of ['axis', 'allies', 'referee'].filter((v) => v !== w.side)) {
          const seen =
            JSON.stringify(viewFor(state, viewer as never, guadalcanalRuleset as never)) +
            narrativeFor(prefix.slice(w.from, last), viewer as never, guadalcanalRuleset as never).join('\n');
          for (const m of moves) expect(seen).not.toContain(m);
          for (const o of w.orders) if (o.kind === 'move') expect(seen).not.toMatch(new RegExp(`${o.unit} moves \\S+ -> ${o.to}\\b`));
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(GAMES);
  });
});
