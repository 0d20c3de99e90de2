import { airfieldHits, resolveBox, type Target } from '../../../src/games/aa-guadalcanal/battle-box';
import { boxData } from '../../../src/games/aa-guadalcanal/box';

/** The rulebook's worked examples of the battle box (ATK.absent, ATK.cargo, ATK.damage, "Example of a Sea Attack"). */
const chart = boxData().battleBox;
const ship = (id: string, type: Target['type'], load = 0): Target => ({
  id,
  type,
  resilient: ['DD', 'CA', 'CV', 'BB'].includes(type),
  armor: type === 'BB',
  load,
});

describe('battle box (ATK.3, BOX)', () => {
  it('given the sea attack example (10 dice 2,1,1,1,2,3,2,6,3,2), then every slot hits as the rulebook walks it through', () => {
    const targets = [
      ship('DD1', 'DD'),
      ship('DD2', 'DD', 1),
      ship('CA1', 'CA'),
      ship('BB1', 'BB'),
      ship('TR1', 'TR'),
      ship('TR2', 'TR', 4),
    ];
    const r = resolveBox([2, 1, 1, 1, 2, 3, 2, 6, 3, 2], chart.sea, targets);
    expect(r.dice.map((d) => [d.slot, d.unit, d.effect])).toEqual([
      [1, 'DD1', 'damaged'], // a 2: the defender gives the empty destroyer
      [2, 'CA1', 'destroyed'],
      [3, 'BB1', 'armor'], // heavy armor ignores the first hit
      [4, 'DD2', 'destroyed'], // no carrier: read from slot 1, the undamaged destroyer (with its infantry)
      [5, 'TR1', 'destroyed'], // a 2: the defender gives the empty transport
      [6, null, 'miss'],
      [7, 'DD1', 'destroyed'], // the damaged destroyer, the only one left
      [8, null, 'miss'],
      [9, null, 'miss'],
      [10, 'BB1', 'damaged'], // no carrier, no destroyer, no cruiser left: the battleship, damaged on a 2
    ]);
    expect(r.dice[3].redirectedTo).toBe('DD');
    expect([...r.fates.keys()].sort()).toEqual(['BB1', 'CA1', 'DD1', 'DD2', 'TR1']);
    expect(r.fates.get('BB1')).toBe('damaged');
  });

  it('given a hit on a transport the enemy lacks (12 dice vs 2 DD, CA, BB), then it goes to a destroyer (ATK.absent)', () => {
    const faces = [6, 6, 6, 6, 1, 6, 6, 6, 6, 6, 6, 6];
    const r = resolveBox(faces, chart.sea, [ship('DD1', 'DD'), ship('DD2', 'DD'), ship('CA1', 'CA'), ship('BB1', 'BB')]);
    expect(r.dice[4]).toMatchObject({ slot: 5, printed: 'TR', redirectedTo: 'DD', effect: 'destroyed' });
  });

  it('given two transports, one empty and one with 2 supplies: a 1 lets the attacker take the loaded one, a 2 the defender give the empty one (ATK.cargo)', () => {
    const two = [ship('TR1', 'TR'), ship('TR2', 'TR', 4)];
    const slot5 = (face: number) => [6, 6, 6, 6, face];
    expect(resolveBox(slot5(1), chart.sea, two).dice[4].unit).toBe('TR2');
    expect(resolveBox(slot5(2), chart.sea, two).dice[4].unit).toBe('TR1');
  });

  it('given HITS lists, then the attacker takes his listed unit on a 1 and the defender gives his listed unit on a 2; unlisted, the default (ATK.cargo)', () => {
    const two = [ship('TR1', 'TR'), ship('TR2', 'TR', 4)];
    const slot5 = (face: number) => [6, 6, 6, 6, face];
    const choosers = { attacker: ['CA9', 'TR1'], defender: ['TR2'] };
    expect(resolveBox(slot5(1), chart.sea, two, { hitFaces: [1, 2], choosers }).dice[4].unit).toBe('TR1');
    expect(resolveBox(slot5(2), chart.sea, two, { hitFaces: [1, 2], choosers }).dice[4].unit).toBe('TR2');
    // the other chooser's list does not count: on a 2 only the defender's, on a 1 only the attacker's
    expect(resolveBox(slot5(2), chart.sea, two, { hitFaces: [1, 2], choosers: { attacker: ['TR2'] } }).dice[4].unit).toBe('TR1');
    expect(resolveBox(slot5(1), chart.sea, two, { hitFaces: [1, 2], choosers: { defender: ['TR1'] } }).dice[4].unit).toBe('TR2');
    // a list never overrides undamaged before damaged: DD1 is hit first (damaged), the next 2 goes to DD2
    const dds = [ship('DD1', 'DD'), ship('DD2', 'DD')];
    const r = resolveBox([2, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 2], chart.sea, dds, { hitFaces: [1, 2], choosers: { defender: ['DD1'] } });
    expect([r.dice[0].unit, r.dice[0].effect, r.dice[12].unit, r.dice[12].effect]).toEqual(['DD1', 'damaged', 'DD2', 'damaged']);
  });

  it('given a hit past slot 12, then die 13 reads slot 1 again (ATK.2)', () => {
    const faces = [...Array(12).fill(6), 1];
    expect(resolveBox(faces, chart.air, [{ id: 'FTR1', type: 'FTR', resilient: false, armor: false, load: 0 }]).dice[12]).toMatchObject({
      slot: 1,
      unit: 'FTR1',
    });
  });

  it('given two battleships, then one hit is ignored for each before any is assigned', () => {
    const r = resolveBox([6, 6, 1, 6, 6, 6, 6, 6, 1, 6, 6, 6, 6, 6, 1], chart.sea, [ship('BB1', 'BB'), ship('BB2', 'BB')]);
    expect(r.dice.filter((d) => d.unit).map((d) => [d.unit, d.effect])).toEqual([
      ['BB1', 'armor'],
      ['BB2', 'armor'],
      ['BB1', 'destroyed'],
    ]);
  });

  it('given an airfield roll, then slot types are ignored and the 1s and 2s are counted (CMB.4)', () => {
    expect(airfieldHits([1, 2, 3, 2]).hits).toBe(3);
  });
});
