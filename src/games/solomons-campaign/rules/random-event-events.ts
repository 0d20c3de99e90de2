/** The random events' rules events (40.0) and their evolve; the step is rules/random-events.ts. */
import type { RulesEvent } from '../../../engine/ruleset';
import type { SolSide, SolState } from '../state';

export type RandomEvent = 'epidemic' | 'orders-from-tokyo' | 'new-guinea' | 'reinforcements' | 'weather' | 'command-shakeup' | 'none';

export type RandomEventEvent =
  | RulesEvent<'sol.random-event', { turn: number; roller: SolSide; face: number; event: RandomEvent; rule: string }>
  | RulesEvent<'sol.cp-changed', { side: SolSide; from: number; to: number; face: number | null; rule: string }>
  | RulesEvent<'sol.reinforcements-moved', { side: SolSide; face: number; early: boolean; turn: number; rule: string }>;

const TYPES = new Set(['sol.random-event', 'sol.cp-changed', 'sol.reinforcements-moved']);
export const isRandomEventEvent = (e: RulesEvent): e is RandomEventEvent => TYPES.has(e.type);

export function evolveRandomEvent(s: SolState, e: RandomEventEvent): SolState {
  switch (e.type) {
    case 'sol.random-event':
      return s;
    case 'sol.cp-changed':
      return { ...s, cpTotal: { ...s.cpTotal, [e.data.side]: e.data.to } };
    case 'sol.reinforcements-moved': {
      const { side, early, turn } = e.data;
      const from = early ? turn + 1 : turn;
      const to = early ? turn : turn + 1;
      return { ...s, arrivals: s.arrivals.map((a) => (a.side === side && a.why === 'chart' && a.turn === from ? { ...a, turn: to } : a)) };
    }
  }
}

const WHAT: Readonly<Record<RandomEvent, string>> = {
  epidemic: 'Epidemic: supply is spent against attrition at once, one point a 9 battalions on the islands',
  'orders-from-tokyo': 'Orders from Tokyo: Japan rolls for extra CP',
  'new-guinea': 'New Guinea Campaign: Japan rolls for CP lost',
  reinforcements: 'Reinforcements: a die moves the turn its reinforcements arrive',
  weather: 'Weather: both sides receive half their CP this turn',
  'command-shakeup': 'Command Shakeup: extra US CP if more US ships than Japanese are sunk',
  none: 'no event',
};

const sideName = (side: SolSide) => (side === 'us' ? 'the US' : 'Japan');

export function narrateRandomEvent(e: RandomEventEvent): string[] {
  switch (e.type) {
    case 'sol.random-event':
      return [`Random event (${e.data.rule}): ${sideName(e.data.roller)} rolls ${e.data.face}, ${WHAT[e.data.event]}.`];
    case 'sol.cp-changed':
      return [
        `${sideName(e.data.side)} receives ${e.data.to} CP this turn instead of ${e.data.from}${e.data.face === null ? '' : ` (die ${e.data.face})`} (${e.data.rule}).`,
      ];
    case 'sol.reinforcements-moved':
      return [
        `${sideName(e.data.side)} rolls ${e.data.face}: ${e.data.early ? "next turn's reinforcements arrive this turn" : "this turn's reinforcements arrive next turn"} (${e.data.rule}).`,
      ];
  }
}
