/**
 * The contract the step machine relies on: purity, resumability (plain JSON between mails),
 * determinism under the same dice, answer checks as values, defaults and standing instructions.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  answer,
  answerFromStanding,
  nextDecision,
  resolveUntilDecision,
  startBattle,
  type BattleInput,
  type BattleState,
  type CombatEvent,
} from '../../../../src/games/vitp/combat/api';
import { battleInput, carrier, dayNight, lba, play, ship, ScriptedDice, targets } from './support';

function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object') {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}

const input: BattleInput = battleInput({
  seaArea: { id: 'coral-sea', name: 'Coral Sea', controller: 'japanese' },
  atSea: [
    carrier('Shokaku', 'japanese', { airstrike: 3 }),
    ship('Myoko', 'japanese', { gunnery: 2 }),
    ship('Chicago', 'allied', { gunnery: 2, armor: 2 }),
    lba('B-26', 'allied', { airstrike: 1 }),
  ],
});

describe('purity', () => {
  it('given frozen input and state, then nothing is mutated and each call returns a new state', () => {
    const frozen = deepFreeze(structuredClone(input));
    const b0 = deepFreeze(startBattle(frozen));
    const b1 = deepFreeze(resolveUntilDecision(b0, new ScriptedDice([]), () => undefined));
    const r = answer(b1, 'japanese', dayNight('day'));
    expect(r.ok).toBe(true);
    expect(b1.stage).toEqual({ at: 'day-night', answers: {} });
  });

  it('given the module sources, then none reaches for I/O, the clock or Math.random', () => {
    const dir = join(__dirname, '../../../../src/games/vitp/combat');
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.ts'))) {
      const src = readFileSync(join(dir, f), 'utf8');
      expect([f, /Math\.random|new Date|Date\.now|from 'node:|from 'fs'|require\(/.test(src)]).toEqual([f, false]);
    }
  });
});

/** Endless dice for long runs: cycles a fixed list of faces (deterministic, never Math.random). */
class CyclingDice {
  readonly rolls: string[] = [];
  private n = 0;
  constructor(private readonly faces: readonly number[]) {}
  d6(purpose: string, rule: string): number {
    const face = this.faces[this.n++ % this.faces.length];
    this.rolls.push(`${rule} ${purpose}: ${face}`);
    return face;
  }
}

/** Plays to the end answering every decision with its default, optionally through JSON after each step. */
function playOnDefaults(viaJson: boolean) {
  const dice = new CyclingDice([2, 5, 6, 3, 1, 6, 4, 1, 2, 6]);
  const events: CombatEvent[] = [];
  const store = (b: BattleState): BattleState => (viaJson ? (JSON.parse(JSON.stringify(b)) as BattleState) : b);
  let b = store(startBattle(input));
  for (let steps = 0; steps < 500; steps++) {
    b = store(resolveUntilDecision(b, dice, (e) => events.push(e)));
    const d = nextDecision(b);
    if (!d) return { events, rolls: dice.rolls, over: true };
    const side = d.owes[0];
    const r = answer(b, side, d.defaults[side]!);
    if (!r.ok) throw new Error(`${d.id}: default refused: ${r.problems.join()}`);
    b = store(r.battle);
  }
  return { events, rolls: dice.rolls, over: false };
}

describe('resumable between mails', () => {
  it('given the state goes through JSON after every step, then the battle plays out exactly as in memory', () => {
    const inMemory = playOnDefaults(false);
    const stored = playOnDefaults(true);
    expect(inMemory.over).toBe(true);
    expect(inMemory.events.at(-1)?.type).toBe('combat.battle-ended');
    expect(stored).toEqual(inMemory);
  });
});

describe('defaults are legal answers', () => {
  it('given each decision met while playing on defaults, then its default for every owing side is accepted', () => {
    let b = startBattle(input);
    const dice = new ScriptedDice([3, 4, 6, 2, 1, 1, 5, 1, 1, 1, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1]);
    let checked = 0;
    for (let n = 0; n < 12; n++) {
      b = resolveUntilDecision(b, dice, () => undefined);
      const d = nextDecision(b);
      if (!d) break;
      const side = d.owes[0];
      const r = answer(b, side, d.defaults[side]!);
      expect([d.id, r.ok]).toEqual([d.id, true]);
      if (r.ok) b = r.battle;
      checked++;
    }
    expect(checked).toBeGreaterThan(5);
  });

  it('given day/night defaults, then a side whose airstrikes outnumber its guns prefers day', () => {
    const b = resolveUntilDecision(startBattle(input), new ScriptedDice([]), () => undefined);
    expect(nextDecision(b)?.defaults).toEqual({
      japanese: { kind: 'day-night', choice: 'day' },
      allied: { kind: 'day-night', choice: 'night' },
    });
  });
});

describe('answers are checked and refused as values', () => {
  const b = resolveUntilDecision(startBattle(input), new ScriptedDice([]), () => undefined);
  it('given the wrong kind of answer, then it is refused with a reason', () => {
    expect(answer(b, 'japanese', targets({}))).toEqual({
      ok: false,
      problems: ['expected an answer to "day-night", got "targets"'],
    });
  });
  it('given a side answers twice, then the second is refused', () => {
    const r = answer(b, 'japanese', dayNight('day'));
    if (!r.ok) throw new Error('first answer refused');
    expect(answer(r.battle, 'japanese', dayNight('night')).ok).toBe(false);
    expect(nextDecision(r.battle)?.owes).toEqual(['allied']);
  });
});

describe('standing instructions', () => {
  const b = resolveUntilDecision(startBattle(input), new ScriptedDice([]), () => undefined);
  it('given "night" on file, then the day/night question is answered night', () => {
    expect(answerFromStanding(b, 'japanese', { dayNight: 'night' })).toEqual({
      kind: 'day-night',
      choice: 'night',
    });
  });
  it('given nothing on file for this decision, then the player is asked (null)', () => {
    expect(answerFromStanding(b, 'japanese', { retreat: 'never' })).toBeNull();
  });
  it('given "retreat when outgunned" and the enemy has twice our best shots, then it retreats in groups by speed', () => {
    const outgunned = battleInput({
      atSea: [
        ship('Jintsu', 'japanese', { gunnery: 1, speed: 5 }),
        ship('Naka', 'japanese', { gunnery: 0, speed: 4 }),
        ship('Indiana', 'allied', { gunnery: 3 }),
      ],
    });
    const { battle } = play(
      outgunned,
      [1, 1, 1, 1],
      [
        ['japanese', dayNight('night')],
        ['allied', dayNight('night')],
        ['japanese', targets({ Jintsu: 'Indiana' })],
        ['allied', targets({ Indiana: 'Jintsu' })],
      ],
      { stopAtUnscripted: true },
    );
    expect(answerFromStanding(battle, 'japanese', { retreat: 'when-outgunned' })).toEqual({
      kind: 'retreat',
      retreat: true,
      groups: [['Jintsu'], ['Naka']],
    });
    expect(answerFromStanding(battle, 'allied', { retreat: 'when-outgunned' })).toBeNull();
  });
});
