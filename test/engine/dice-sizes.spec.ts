import { createHash, createHmac } from 'node:crypto';
import { faceStats } from '../../src/audit/dice-stats';
import { CaseDice, diceSchema } from '../../src/engine/case-dice';
import {
  deriveDie,
  dieDraw,
  ForcedDice,
  ForcedDiceQueue,
  makeSeedChain,
  MAX_SIDES,
  pick,
  rollDie,
  SeededDice,
  type DieAddress,
  type Roll,
} from '../../src/engine/dice';
import type { Dice } from '../../src/engine/ruleset';
import { canonicalJson } from '../../src/shared/canonical';

/** Dice of any size (E1): the derivation generalised from the d6, which stays exactly as it was. */

const secret = createHash('sha256').update('dice sizes spec').digest();
const chain = makeSeedChain(secret, 40);
const at: DieAddress = { gameId: 'G-sizes', stepId: 't1/orders', index: 0, ordersHash: 'h' };

const hmac = (seed: string, a: DieAddress, attempt: number): Buffer =>
  createHmac('sha256', Buffer.from(seed, 'hex'))
    .update(canonicalJson([a.gameId, a.stepId, a.index, a.ordersHash, attempt]))
    .digest();

/** The d6 exactly as the umpire derived it before dice of other sizes existed (first byte, 252, mod 6). */
function oldD6(seed: string, a: DieAddress): number {
  for (let attempt = 0; ; attempt++) {
    const byte = hmac(seed, a, attempt)[0];
    if (byte < 252) return (byte % 6) + 1;
  }
}

function seededDice(seed: string, seen: Roll[] = []): SeededDice {
  return new SeededDice({ ...at, turn: 1, seed: () => seed, onRoll: (r) => seen.push(r) });
}

describe('the d6 is derived and recorded as before', () => {
  it('given 40 seeds and 250 dice each, then deriveDie, deriveDie(…, 6) and SeededDice.die(6) give the faces of the old formula', () => {
    let compared = 0;
    for (const seed of chain.seeds) {
      const dice = seededDice(seed);
      for (let index = 0; index < 250; index++) {
        const want = oldD6(seed, { ...at, index });
        expect([deriveDie(seed, { ...at, index }), deriveDie(seed, { ...at, index }, 6), dice.die(6, 'x', '1')]).toEqual([
          want,
          want,
          want,
        ]);
        compared++;
      }
    }
    expect(compared).toBe(41 * 250);
  });

  it('given d6 rolls, by d6 or by die(6), then the recorded roll names no sides and no visibility of its own', () => {
    const seen: Roll[] = [];
    const dice = seededDice(chain.seeds[3], seen);
    dice.d6('a', '1');
    dice.die(6, 'b', '2');
    for (const r of seen) expect(Object.keys(r).sort()).toEqual(['face', 'index', 'purpose', 'rule', 'stepId', 'turn']);
  });
});

describe('the rejection bound of a die of n sides', () => {
  // the largest multiple of n not above 256^w, w the fewest bytes with 256^w >= n: computed here with BigInt
  const expected = (n: number) => {
    let w = 1;
    while (256n ** BigInt(w) < BigInt(n)) w++;
    const span = 256n ** BigInt(w);
    return { bytes: w, bound: Number((span / BigInt(n)) * BigInt(n)) };
  };

  it.each([2, 3, 4, 5, 6, 7, 8, 10, 12, 20, 100, 129, 255, 256, 257, 1000, 65536, 65537, 1_000_000, MAX_SIDES])(
    'given a d%i, then its bytes and bound are the largest multiple of n within 256^bytes',
    (n) => {
      const got = dieDraw(n);
      expect(got).toEqual(expected(n));
      expect(got.bound % n).toBe(0);
      expect(256 ** got.bytes - got.bound).toBeLessThan(n);
    },
  );

  it('gives the d6 its 252 and the documented examples theirs', () => {
    expect(dieDraw(6)).toEqual({ bytes: 1, bound: 252 });
    expect(dieDraw(10)).toEqual({ bytes: 1, bound: 250 });
    expect(dieDraw(100)).toEqual({ bytes: 1, bound: 200 });
    expect(dieDraw(1000)).toEqual({ bytes: 2, bound: 65000 });
  });

  it.each([1, 0, -6, 2.5, MAX_SIDES + 1, Number.NaN])('refuses a die of %s sides', (n) => {
    expect(() => dieDraw(n)).toThrow(/whole number of sides from 2/);
    expect(() => seededDice(chain.seeds[1]).die(n, 'x', '1')).toThrow(RangeError);
  });

  it.each([10, 100, 1000])('given a d%i whose first attempt is at or above the bound, then the next attempt is drawn', (n) => {
    const seed = chain.seeds[5];
    const { bytes, bound } = dieDraw(n);
    const value = (index: number, attempt: number) => hmac(seed, { ...at, index }, attempt).readUIntBE(0, bytes);
    let index = 0;
    while (value(index, 0) < bound) index++;
    let attempt = 1;
    while (value(index, attempt) >= bound) attempt++;

    expect(deriveDie(seed, { ...at, index }, n)).toBe((value(index, attempt) % n) + 1);
  });
});

describe('dice of every size are uniform (chi-square over many seeds, the fairness statistics of `umpire dice`)', () => {
  const sizes = [2, 3, 4, 8, 10, 12, 20, 100, 1000];
  // 60 dice a face, spread over 41 seeds; seeded, so the same dice every run: the threshold is a
  // family-wise 1% over the sizes tested (Bonferroni) and never flakes
  const facesOf = (n: number, derive: (seed: string, a: DieAddress) => number): number[] => {
    const out: number[] = [];
    for (let k = 0; k < 60 * n; k++) out.push(derive(chain.seeds[k % chain.seeds.length], { ...at, stepId: `d${n}`, index: k }));
    return out;
  };

  it.each(sizes)('d%i', (n) => {
    const s = faceStats(
      facesOf(n, (seed, a) => deriveDie(seed, a, n)),
      n,
    );
    expect(s.counts).toHaveLength(n);
    expect(s.tooFew).toBe(false);
    expect(s.pValue).toBeGreaterThan(0.01 / sizes.length);
  });

  it('tells a d100 read without rejection (first byte mod 100: faces 1..56 come up half again as often) from a fair one', () => {
    const biased = facesOf(100, (seed, a) => (hmac(seed, a, 0)[0] % 100) + 1);
    expect(faceStats(biased, 100).pValue).toBeLessThan(1e-6);
  });
});

describe('rollDie and pick', () => {
  it('given one item, then pick returns it and rolls no die', () => {
    const seen: Roll[] = [];
    const dice = seededDice(chain.seeds[2], seen);
    expect(pick(dice, ['Yamato'], 'which ship', '36.4')).toBe('Yamato');
    expect(seen).toEqual([]);
    expect(() => pick(dice, [], 'which ship', '36.4')).toThrow(/nothing to pick/);
  });

  it('given n items, then pick rolls one die of n sides and face k picks item k', () => {
    const seen: Roll[] = [];
    const dice = seededDice(chain.seeds[2], seen);
    const ships = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];
    const got = pick(dice, ships, 'casualty', 'CRT', { visibleTo: ['allied'] });

    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ index: 0, sides: 7, purpose: 'casualty', rule: 'CRT', visibleTo: ['allied'] });
    expect(got).toBe(ships[seen[0].face - 1]);
    expect(seen[0].face).toBe(deriveDie(chain.seeds[2], at, 7));
  });

  it('given dice that roll d6 alone (a test double), then rollDie serves a d6 and refuses a d10', () => {
    const d6only: Dice = { d6: () => 4 };
    expect(rollDie(d6only, 6, 'x', '1')).toBe(4);
    expect(() => rollDie(d6only, 10, 'weather', '6.1')).toThrow(/d6 only.*d10/);
  });
});

describe('forced dice name their size', () => {
  it('given a forced d10 and a d6, then each serves a die of its own size, recorded as forced', () => {
    const queue = new ForcedDiceQueue([{ sides: 10, face: 7 }, 3]);
    const dice = new ForcedDice(queue, 's', 1);
    expect(rollDie(dice, 10, 'weather', '6.1')).toBe(7);
    expect(dice.d6('battle', '3.1', { visibleTo: [] })).toBe(3);
    expect(dice.rolls).toEqual([
      { index: 0, face: 7, sides: 10, purpose: 'weather', rule: '6.1', stepId: 's', turn: 1, forced: true },
      { index: 1, face: 3, purpose: 'battle', rule: '3.1', stepId: 's', turn: 1, visibleTo: [], forced: true },
    ]);
  });

  it('given a forced die of another size than the rules roll, then it fails loudly', () => {
    expect(() => new ForcedDice(new ForcedDiceQueue([3]), 's', 1).die(10, 'weather', '6.1')).toThrow(/a d6, but the rules rolled a d10/);
    expect(() => new ForcedDiceQueue([{ sides: 10, face: 11 }])).toThrow(/#1 is 11, not 1..10/);
    expect(() => new ForcedDiceQueue([{ sides: 1, face: 1 }])).toThrow(/#1 is a d1/);
  });

  it('given a case naming sides in rolls, for and otherwise, then the case dice serve them by size', () => {
    const spec = diceSchema.parse({
      rolls: [{ sides: 100, face: 42 }],
      for: [{ rule: '6.2', rolls: [{ sides: 3, face: 2 }] }],
      otherwise: { sides: 10, face: 1 },
    });
    const dice = new CaseDice(spec);
    expect(dice.take('shadow', '6.2', 3)).toBe(2);
    expect(dice.take('table', '9.9', 100)).toBe(42);
    expect(dice.take('weather', '6.1', 10)).toBe(1);
    expect(() => dice.take('battle', '3.1')).toThrow(/a d10, but the rules rolled a d6/);
    expect(diceSchema.safeParse([{ sides: 10, face: 11 }]).success).toBe(false);
    expect(diceSchema.safeParse([7]).success).toBe(false);
  });
});
