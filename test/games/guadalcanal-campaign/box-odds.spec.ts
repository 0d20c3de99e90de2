/**
 * The land-combat (6.0, 8.7) and air-return (7.4E, 8.1F, 8.5B) odds are box data: the schema
 * validates them with their provenance, a club transcription replaces them and the rules use the
 * game's box; a state stored before they were box data fights on the shipped values.
 */
import { rulesets } from '../../../src/games';
import type { GcState } from '../../../src/games/guadalcanal-campaign';
import { evolveGc, type GcEvent } from '../../../src/games/guadalcanal-campaign/rules/events';
import { resolveLand } from '../../../src/games/guadalcanal-campaign/rules/land';
import { seeded } from './support';

const game = rulesets['guadalcanal-campaign'];
type Box = typeof game.box.defaultData;
const setup = (box: Box): GcState =>
  game.setup({ gameId: 'G-odds', options: { scenario: 'guadalcanal', mode: 'two-player', level: 4 }, box });
const clone = (): Box => JSON.parse(JSON.stringify(game.box.defaultData));

/** A Japanese level-5 attack of 100 companies on 60 US companies with a dump each way; the land-fought events. */
function attack(s0: GcState): GcEvent[] {
  const s: GcState = {
    ...s0,
    ashore: { american: { inf: 60, sup: 3 }, japanese: { inf: 100, sup: 6 } },
    landPlans: { japanese: { turn: 1, level: 5 } },
  };
  const events: GcEvent[] = [];
  let now = s;
  resolveLand(s, { dice: seeded(7), emit: () => undefined } as never, (e) => {
    events.push(e);
    now = evolveGc(now, e);
    return now;
  });
  return events.filter((e) => e.type === 'gcc.land-fought');
}
const lost = (events: GcEvent[]) => events.map((e) => (e.data as { side: string; lost: number }).lost);

describe('Guadalcanal Campaign: land and air-return odds through the box schema', () => {
  it('given the default box, then both tables validate, carry their provenance and reach the state', () => {
    const box = game.box.defaultData;
    expect(game.box.validate(box)).toEqual([]);
    expect(box.land?.defenderRate.source.kind).toBe('reconstructed');
    expect(box.land?.usReserve.source).toEqual({ kind: 'rulebook', rule: '8.7A' });
    expect(box.airReturn?.baseHit.source.kind).toBe('reconstructed');
    const s = setup(box);
    expect(s.land?.defenderRate).toEqual(box.land?.defenderRate.value);
    expect(s.airReturn?.baseHit).toBe(box.airReturn?.baseHit.value);
  });

  it('given a club box whose casualty rates are all 0, then it validates and its land combat costs nobody a company', () => {
    const club = clone();
    club.land!.defenderRate = { value: [0, 0, 0, 0, 0], source: { kind: 'reference', ref: 'a club transcription' } } as never;
    club.land!.attackerRate = { value: [0, 0, 0, 0, 0], source: { kind: 'reference', ref: 'a club transcription' } } as never;
    expect(game.box.validate(club)).toEqual([]);
    const withClub = attack(setup(club));
    expect(withClub).toHaveLength(2);
    expect(lost(withClub)).toEqual([0, 0]);
    // the same dice with the shipped rates cost both sides companies
    expect(lost(attack(setup(game.box.defaultData))).every((n) => n > 0)).toBe(true);
  });

  it('given a state stored before the odds were box data, then land combat uses the shipped rates', () => {
    const { land: _land, ...old } = setup(game.box.defaultData);
    expect(lost(attack(old as GcState))).toEqual(lost(attack(setup(game.box.defaultData))));
  });

  it('given a land table of four rates or an air-return chance over 100%, then the schema refuses the box', () => {
    const four = clone();
    four.land!.defenderRate = { ...four.land!.defenderRate, value: [0.1, 0.1, 0.1, 0.1] } as never;
    expect(game.box.validate(four).join('\n')).toMatch(/land\.defenderRate/);
    const over = clone();
    over.airReturn!.baseHit = { ...over.airReturn!.baseHit, value: 150 } as never;
    expect(game.box.validate(over).join('\n')).toMatch(/airReturn\.baseHit/);
  });
});
