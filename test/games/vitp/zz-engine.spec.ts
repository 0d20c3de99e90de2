import { selfplay } from '../../../src/engine/selfplay';
import { vitpRuleset } from '../../../src/games/vitp';
it('engine selfplay', () => {
  const r = selfplay(vitpRuleset as never, { games: 5, seed: 'x', clock: () => 0, missRate: 0.1, resendRate: 0.05 });
  console.log(JSON.stringify(r).slice(0, 3000));
  expect(r.errors).toEqual([]);
});
