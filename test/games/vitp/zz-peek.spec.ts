import { playRandom } from '/work/main/test/games/vitp/driver';
import { vitpRuleset } from '/work/main/src/games/vitp';
it('peek', () => {
  const { state, steps, events } = playRandom('g3');
  const types: Record<string, number> = {};
  for (const e of events) types[e.type] = (types[e.type] ?? 0) + 1;
  console.log(steps, JSON.stringify(types, null, 1));
  const lines = events.flatMap((e) => vitpRuleset.narrate(e, 'referee'));
  console.log(lines.slice(0, 150).join('\n'));
  console.log(state.poc, state.units.filter(u=>u.loc.at==='sunk').map(u=>u.name).join(','));
});
