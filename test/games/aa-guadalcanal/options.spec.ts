import { decide, initialState, type CommandRejected } from '../../../src/engine/game';
import { guadalcanalRuleset } from '../../../src/games/aa-guadalcanal';
import { resolveBox } from '../../../src/games/aa-guadalcanal/battle-box';
import { ADVANTAGES, boxData } from '../../../src/games/aa-guadalcanal/box';

const create = (options: Record<string, boolean>) => () =>
  decide(
    {
      type: 'CreateGame',
      gameId: 'G-opt',
      sides: [
        { side: 'axis', player: { address: 'a@x.invalid' } },
        { side: 'allies', player: { address: 'b@x.invalid' } },
      ],
      seedAnchor: 'ab'.repeat(32),
      options,
      now: 'n',
    },
    initialState(),
    guadalcanalRuleset as never,
  );

const refusal = (f: () => unknown): CommandRejected => {
  try {
    f();
  } catch (e) {
    return e as CommandRejected;
  }
  throw new Error('accepted');
};

describe('aa-guadalcanal options (ADV, HID)', () => {
  it('given every advantage, then the game starts with 8 tokens a side (App. 1: 16 tokens, 8 per player)', () => {
    const all = Object.fromEntries(ADVANTAGES.map((a) => [`adv-${a}`, true]));
    const [created] = create(all)();
    expect((created.data as { options: Record<string, unknown> }).options).toMatchObject(all);
    const box = boxData();
    expect(ADVANTAGES.reduce((n, a) => n + box.advantages[a].axis, 0)).toBe(8);
    expect(ADVANTAGES.reduce((n, a) => n + box.advantages[a].allies, 0)).toBe(8);
  });

  it('given advantages that give one side more tokens, then the game is refused (App. 1: the same number each)', () => {
    const e = refusal(create({ 'adv-night-fighting': true }));
    expect(e.errors[0].problem).toBe(
      'advantages: each player should get the same number of tokens (App. 1); these give the Axis 2 and the Allies 0',
    );
  });

  it('given equal tokens (Night Fighting 2, Amphibious Assault 2) and hidden movement, then the game starts with those tokens', () => {
    const [created] = create({ 'adv-night-fighting': true, 'adv-amphibious-assault': true, 'hidden-movement': true })();
    const options = (created.data as { options: Record<string, unknown> }).options;
    expect(options).toMatchObject({
      'adv-night-fighting': true,
      'adv-amphibious-assault': true,
      'hidden-movement': true,
      'adv-pt-boats': false,
    });
  });

  it('given Night Fighting, then a 2 against sea units destroys a resilient ship, chosen as on a 1 (ADV.night-fighting)', () => {
    const ships = [
      { id: 'DD1', type: 'DD' as const, resilient: true, armor: false, load: 0 },
      { id: 'DD2', type: 'DD' as const, resilient: true, armor: false, load: 2 },
    ];
    expect(resolveBox([2], boxData().battleBox.sea, ships).dice[0]).toMatchObject({ unit: 'DD1', effect: 'damaged' });
    expect(resolveBox([2], boxData().battleBox.sea, ships, { hitFaces: [1, 2], asOne: [2] }).dice[0]).toMatchObject({
      unit: 'DD2',
      effect: 'destroyed',
    });
  });
});
