/**
 * The demo's options (src/demo/options.ts, games.ts): DEMO_OPTIONS turns yes/no options on by id and
 * sets others as `id=value`, over the options a game's mail player asks its demo to be created with.
 */
import { demoGame } from '../../src/demo/games';
import { demoOptions } from '../../src/demo/options';
import { rulesets } from '../../src/games';

describe('demo options', () => {
  it('given DEMO_OPTIONS with ids and id=value items, then ids are on and values are numbers, yes/no or words', () => {
    expect(demoOptions({ DEMO_OPTIONS: 'air-in-groups, scenario=santa-cruz,level=3,fog=false' })).toEqual({
      'air-in-groups': true,
      scenario: 'santa-cruz',
      level: 3,
      fog: false,
    });
    expect(demoOptions({})).toEqual({});
  });

  it.each(Object.values(rulesets).filter((r) => r.players.mail))(
    'given game $id, then its demo is created with its mail player demo options, DEMO_OPTIONS over them',
    (ruleset) => {
      const own = ruleset.players.mail?.demoOptions ?? {};
      expect(demoGame(['--game', ruleset.id], {}, {}).options).toEqual(own);
      const first = ruleset.options[0];
      if (!first) return;
      expect(demoGame(['--game', ruleset.id], {}, { [first.id]: first.default }).options).toEqual({ ...own, [first.id]: first.default });
    },
  );
});
