/** Self-play meets the forces choices (30, 38, 39): each of them is taken in some game. */
import type { EngineEvent } from '../../../src/engine/engine-events';
import { playOneGame } from '../../../src/engine/selfplay';
import { rulesets } from '../../../src/games';

const game = rulesets['solomons-campaign'];

describe('Solomons Campaign forces choices in self-play (30, 38, 39)', () => {
  it('probe', () => {
    const counts: Record<string, number> = {};
    for (let i = 0; i < 6; i++) {
      const { events } = playOneGame(game, `choices-${i}`, { options: { scenario: 'extended' }, missRate: 0.1 });
      for (const e of events as EngineEvent[]) {
        if (e.type !== 'RulesApplied') continue;
        const r = e.data.event as { type: string; data: Record<string, unknown> };
        const k = r.type === 'sol.option-decided' ? `${r.type}:${r.data.option}:${r.data.taken}` : r.type === 'sol.replacement' ? `${r.type}:${r.data.what}` : r.type;
        if (/option|super|replace|withdrawn|game-over/.test(k)) counts[k] = (counts[k] ?? 0) + 1;
      }
    }
    console.log(JSON.stringify(counts, null, 1));
  });
});
