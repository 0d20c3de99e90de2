import { runCase, type AdjudicationCase } from '../../../src/engine/cases';
import { rulesets } from '../../../src/games';

/** VITP's case support (src/games/vitp/case-support.ts): the checked setup and units by name. */
const at = (setup: unknown, then: AdjudicationCase['then'] = {}, extra: Partial<AdjudicationCase> = {}): AdjudicationCase => ({
  name: 'setup',
  ruleset: 'vitp',
  given: { setup },
  then,
  ...extra,
});
const failuresOf = (c: AdjudicationCase) => runCase(c, rulesets).failures.join('\n');

describe('VITP given.setup', () => {
  it('given units by name, control and a step, then the position is built as rules events and the step is in play', () => {
    const c = at(
      {
        turn: 3,
        step: 'pick-battle',
        units: { Nagato: 'Central Pacific Ocean', Kongo: { at: 'Truk', damage: 2 } },
        control: { 'U.S. Mandate': 'japanese' },
      },
      {
        expectState: { '/rules/control/U.S. Mandate': 'japanese', 'rules.turn': 3 },
        expectUnits: {
          Nagato: { loc: { at: 'sea', area: 'Central Pacific Ocean', mode: 'patrol' } },
          kongo: { damage: 2, where: 'in Truk' },
        },
      },
    );
    expect(failuresOf(c)).toBe('');
  });

  it('given a misspelt unit, an unknown place and a step no case can start in, then every problem is named', () => {
    const f = failuresOf(at({ step: 'battle', units: { Nagto: 'Truk', Kongo: 'Atlantis' } }));
    expect(f).toContain('no unit called "Nagto" (did you mean Nagato?)');
    expect(f).toContain('Kongo: "Atlantis" is no sea area, port or base');
    expect(f).toContain('step "battle": not a step a case can start in');
  });

  it('given positions no game can reach, then the setup is refused citing the rules', () => {
    const f = failuresOf(
      at({
        turn: 3,
        control: { 'Pearl Harbor': 'japanese' },
        units: { '21st Air Flotilla': 'Coral Sea', Yamato: { at: 'Japanese Islands', damage: 9 }, Warspite: 'Truk', Lexington: 'Ceylon' },
      }),
    );
    expect(f).toContain('Nevada (in Pearl Harbor): Pearl Harbor is not held by the Allies (2.3, 10.11)');
    expect(f).toContain('21st Air Flotilla (flying over Coral Sea): its side holds no port or base touching Coral Sea (12.13)');
    expect(f).toContain('Warspite (in Truk): British ships use only Ceylon, Singapore, Saigon or Yokosuka Navy Yard (10.13, 17.22-17.23)');
    expect(f).toContain('Yamato (patrolling Japanese Islands): damage above its armor keeps it in port (9.41, 11.3)');
    expect(f).toContain('Warspite (in Truk): Truk is not held by the Allies');
    expect(f).toContain('Lexington (in Ceylon): United States units never enter Ceylon (10.12, 17.12)');
  });

  it('given a turn, then the submarines are where their chart puts them that turn (5.25)', () => {
    expect(failuresOf(at({ turn: 7 }, { expectUnits: { 'I-Boat': { loc: { at: 'pool' } }, 'F-Boat': { loc: { at: 'port' } } } }))).toBe('');
  });
});

describe('VITP expectUnits', () => {
  it('given a ship sunk in a battle still being fought, then its battle fate reads sunk while its board position is still at sea', () => {
    const c = at(
      {
        turn: 3,
        step: 'pick-battle',
        units: { Nagato: 'Central Pacific Ocean', Chicago: 'Central Pacific Ocean', Pensacola: 'Central Pacific Ocean' },
      },
      {
        expectStep: 'retreat',
        expectUnits: {
          Chicago: { loc: { at: 'sea' }, battle: { fate: 'sunk' } },
          Nagato: { battle: { fate: 'at-sea' } },
          Pensacola: { battle: { fate: 'at-sea' } },
        },
      },
      {
        when: [
          { side: 'japanese', orders: 'BATTLE Central Pacific Ocean' },
          { side: 'japanese', orders: 'NIGHT' },
          { side: 'allied', orders: 'NIGHT' },
          { side: 'japanese', orders: 'TARGET Nagato AT Chicago' },
          { side: 'allied', orders: 'TARGET Chicago, Pensacola AT Nagato' },
        ],
        // Nagato's five shots: a 6 and a 6 damage sinks Chicago (armor 1); the cruisers miss; Pensacola fights on
        dice: { for: [{ purpose: 'nagato', rolls: [6, 6, 1, 1, 1, 1] }], otherwise: 1 },
      },
    );
    expect(failuresOf(c)).toBe('');
  });
});
