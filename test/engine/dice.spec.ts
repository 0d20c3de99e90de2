import { createHash, createHmac } from 'node:crypto';
import { canonicalJson } from '../../src/shared/canonical';
import {
  deriveDie,
  DiceExhaustedError,
  ForcedDice,
  ForcedDiceQueue,
  makeSeedChain,
  SeededDice,
  verifySeed,
  type Roll,
} from '../../src/engine/dice';

const secret = createHash('sha256').update('dice spec').digest();
const sha = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');

describe('seed chain', () => {
  const chain = makeSeedChain(secret, 10);

  it('given a secret top seed, then each seed hashes to the one before it and the top is the secret', () => {
    expect(chain.seeds).toHaveLength(11);
    expect(chain.seeds[10]).toBe(secret.toString('hex'));
    for (let t = 1; t <= 10; t++) expect(sha(chain.seeds[t])).toBe(chain.seeds[t - 1]);
    expect(chain.anchor).toBe(chain.seeds[0]);
  });

  it('given seed t, then verifySeed accepts it for turn t only, and rejects a changed seed', () => {
    expect(verifySeed(chain.seeds[4], 4, chain.anchor)).toBe(true);
    expect(verifySeed(chain.seeds[4], 3, chain.anchor)).toBe(false);
    expect(verifySeed(chain.seeds[4], 5, chain.anchor)).toBe(false);
    const changed = (chain.seeds[4][0] === '0' ? '1' : '0') + chain.seeds[4].slice(1);
    expect(verifySeed(changed, 4, chain.anchor)).toBe(false);
    expect(verifySeed('not hex', 4, chain.anchor)).toBe(false);
  });
});

describe('deriveDie', () => {
  const seed = makeSeedChain(secret, 3).seeds[2];
  const at = { gameId: 'g', stepId: 't2/orders', index: 0, ordersHash: 'h' };

  it('given the same address, then the same face; faces are 1..6 and roughly uniform', () => {
    expect(deriveDie(seed, at)).toBe(deriveDie(seed, at));
    const counts = [0, 0, 0, 0, 0, 0];
    for (let index = 0; index < 6000; index++) counts[deriveDie(seed, { ...at, index }) - 1]++;
    for (const c of counts) expect(c).toBeGreaterThan(850);
    for (const c of counts) expect(c).toBeLessThan(1150);
  });

  it.each(['gameId', 'stepId', 'ordersHash'] as const)('given a different %s, then a different sequence of faces', (key) => {
    const faces = (a: typeof at) => Array.from({ length: 30 }, (_, index) => deriveDie(seed, { ...a, index })).join('');
    expect(faces({ ...at, [key]: `${at[key]}x` })).not.toBe(faces(at));
  });

  it('given an HMAC byte at or above 252, then the die is redrawn with the next attempt (no modulo bias)', () => {
    const byte = (index: number, attempt: number) =>
      createHmac('sha256', Buffer.from(seed, 'hex'))
        .update(canonicalJson([at.gameId, at.stepId, index, at.ordersHash, attempt]))
        .digest()[0];
    let index = 0;
    while (byte(index, 0) < 252) index++;
    let attempt = 1;
    while (byte(index, attempt) >= 252) attempt++;

    expect(deriveDie(seed, { ...at, index })).toBe((byte(index, attempt) % 6) + 1);
  });
});

describe('SeededDice', () => {
  it('given rolls, then each is recorded with index, face, purpose, rule, step and turn, in order', () => {
    const chain = makeSeedChain(secret, 3);
    const seen: Roll[] = [];
    const dice = new SeededDice({
      gameId: 'g',
      stepId: 's',
      turn: 2,
      ordersHash: 'h',
      seed: () => chain.seeds[2],
      onRoll: (r) => seen.push(r),
    });
    const a = dice.d6('speed roll, Yamato', '6.4');
    const b = dice.d6('gunnery', '7.1');

    expect(dice.rolls).toEqual([
      { index: 0, face: a, purpose: 'speed roll, Yamato', rule: '6.4', stepId: 's', turn: 2 },
      { index: 1, face: b, purpose: 'gunnery', rule: '7.1', stepId: 's', turn: 2 },
    ]);
    expect(seen).toEqual(dice.rolls);
    expect(b).toBe(deriveDie(chain.seeds[2], { gameId: 'g', stepId: 's', index: 1, ordersHash: 'h' }));
  });
});

describe('ForcedDice', () => {
  it('given forced faces, then they come out in order across steps and are marked forced', () => {
    const queue = new ForcedDiceQueue([6, 1, 4]);
    const first = new ForcedDice(queue, 's1', 1);
    const second = new ForcedDice(queue, 's2', 1);

    expect([first.d6('a', '1'), first.d6('b', '1'), second.d6('c', '2')]).toEqual([6, 1, 4]);
    expect(second.rolls).toEqual([{ index: 0, face: 4, purpose: 'c', rule: '2', stepId: 's2', turn: 1, forced: true }]);
    expect(queue.remaining).toBe(0);
  });

  it('given a case that runs out of dice, then the next roll fails loudly naming the roll', () => {
    const dice = new ForcedDice(new ForcedDiceQueue([3]), 's', 1);
    dice.d6('first', '3.1');

    expect(() => dice.d6('second roll', '3.2')).toThrow(DiceExhaustedError);
    expect(() => dice.d6('second roll', '3.2')).toThrow(/second roll.*3\.2/);
  });

  it('given a face outside 1..6, then the queue refuses it', () => {
    expect(() => new ForcedDiceQueue([3, 7])).toThrow(/#2 is 7/);
  });
});
