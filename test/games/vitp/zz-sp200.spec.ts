import { selfplay } from '/work/main/src/engine/selfplay';
import { vitpRuleset } from '/work/main/src/games/vitp';
it('engine selfplay 200', () => {
  const r = selfplay(vitpRuleset as never, { games: 200, seed: 'big', clock: () => Date.now(), missRate: 0.1, resendRate: 0.05 });
  console.log(JSON.stringify({ ...r, errors: r.errors.slice(0, 5) }));
  expect(r.errors).toEqual([]);
  expect(r.ended).toBe(200);
}, 3_600_000);
