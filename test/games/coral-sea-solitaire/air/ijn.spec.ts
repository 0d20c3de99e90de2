import type { RulesEvent } from '../../../../src/engine/ruleset';
import { boardOf } from '../../../../src/games/coral-sea-solitaire/box';
import { viewCoral } from '../../../../src/games/coral-sea-solitaire/fog';
import { type IjnAirView, planCarrierAir, planLandAir } from '../../../../src/games/coral-sea-solitaire/rules/air/ijn-air';
import { namedDice } from '../dice';
import { box, count, given, of, sq, when } from './world';

/**
 * Issue 26, the IJN's air (5a-c, 5a-d, 5a1d-e, 22.3, 28.2(3), 27.1(4), 21.2): each decision a pure
 * function of the IJN's facts, each emitted as IjnDecided; a launch identifies the TF and turns its
 * carriers face up; fighters split by the Fighter Commitment Table; strikes stop at USN CAP.
 */
const grid = boardOf().grid;
const view = (tfs: IjnAirView['usnTfs']): IjnAirView => ({
  usnTfs: tfs,
  usnBases: [{ id: 'Port-Moresby', hex: '0608', kind: 'minor' }],
  badWeather: false,
  extendedRange: false,
  distance: (a, b) => grid.distance(a, b),
});
const decided = (events: readonly RulesEvent[]) => events.filter((e) => e.type === 'IjnDecided');

describe('issue 26 Coral Sea IJN air decisions, pure functions of the IJN facts', () => {
  it('5a-c, 28.3: an identified USN carrier TF 9 hexes from Rabaul adds +1 +1; a die of 2 reads 4 (TF, else base): the bombers go for TF-17', () => {
    const { dice, rolled } = namedDice({ for: [{ purpose: 'IJN Air Doctrine Table, Rabaul', rolls: [2] }] });
    const plan = planLandAir(
      dice,
      box,
      { name: 'Rabaul', hex: '1103', ready: { LMB: 6, LF: 2 } },
      view([{ id: 'TF-17', hex: '1212', identified: true, carriers: true }]),
      { ijnChits: 0 },
    );
    expect(plan.decision?.roll).toMatchObject({ table: 'ijn-air-doctrine', dice: [2], total: 4, result: 'task-force-else-base' });
    expect(plan.decision?.roll.modifiers.map((m) => m.rule)).toEqual(['28.3', '28.3']);
    expect(plan.target).toEqual({ kind: 'tf', id: 'TF-17', hex: '1212', distance: 9, extended: false });
    expect(rolled()).toHaveLength(1);
  });

  it('5a-c: the same roll with the TF unidentified has no modifier and strikes the TF anyway (28.4 does not bind the IJN); a 3 strikes Port Moresby', () => {
    const unknown = view([{ id: 'TF-17', hex: '1212', identified: false, carriers: true }]);
    const two = planLandAir(
      namedDice({ for: [{ purpose: 'Rabaul', rolls: [4] }] }).dice,
      box,
      { name: 'Rabaul', hex: '1103', ready: { LMB: 6 } },
      unknown,
      { ijnChits: 0 },
    );
    expect(two.decision?.roll.modifiers).toEqual([]);
    expect(two.target?.id).toBe('TF-17');
    const three = planLandAir(
      namedDice({ for: [{ purpose: 'Rabaul', rolls: [3] }] }).dice,
      box,
      { name: 'Rabaul', hex: '1103', ready: { LMB: 6 } },
      unknown,
      { ijnChits: 0 },
    );
    expect(three.target).toMatchObject({ kind: 'base', id: 'Port-Moresby', distance: 7 });
  });

  it('5a-c: nothing in reach of the ready bombers, no roll at all (fighters alone never strike)', () => {
    const { dice, rolled } = namedDice({ rolls: [] });
    expect(planLandAir(dice, box, { name: 'Lae', hex: '0606', ready: { LF: 2 } }, view([]), { ijnChits: 0 }).decision).toBeNull();
    expect(rolled()).toEqual([]);
  });

  it('5a-d: two identified TFs equally near are chosen between at random (2.2)', () => {
    const tfs = view([
      { id: 'TF-11', hex: '1413', identified: true, carriers: true },
      { id: 'TF-17', hex: '1407', identified: true, carriers: true },
    ]);
    const { dice } = namedDice({
      for: [
        { purpose: 'Japanese Doctrine Table', rolls: [3] },
        { purpose: 'IJN carrier target, CSF', rolls: [5] },
      ],
    });
    const plan = planCarrierAir(dice, box, { name: 'CSF', hex: '1410', ready: { VB: 6 } }, tfs, { ijnChits: 0 });
    expect(plan.choice).toMatchObject({ rule: '2.2', items: ['TF-11', 'TF-17'], dice: [5], chosen: 'TF-17' });
    expect(plan.target?.id).toBe('TF-17');
  });
});

describe('issue 26 Coral Sea IJN air steps (5a-c, 5a-d, 5a1d-e)', () => {
  const world = () =>
    given({
      tfs: [
        { id: 'TF-17', side: 'usn', hex: '1414', ships: ['CV-2', 'CA-3'], identified: true },
        { id: 'TF-11', side: 'usn', hex: '1412', ships: ['CV-1', 'CA-1'] },
        { id: 'CSF', side: 'ijn', hex: '1410', ships: ['CV-1', 'CV-2', 'CA-1', 'DD-1'] },
      ],
      air: [
        sq('ijn', 'ijn:CV-1', 'VF', 3),
        sq('ijn', 'ijn:CV-1', 'VB', 3),
        sq('ijn', 'ijn:CV-1', 'VT', 3),
        sq('ijn', 'ijn:CV-2', 'VB', 3),
        sq('ijn', 'ijn:CV-2', 'VT', 3),
        sq('usn', 'usn:CV-1', 'VF', 3, 'cap', { flyingTo: '1412' }),
      ],
    });

  it('5a-d, 22.3, 28.2(3), 4.3: CSF launches at TF-17 4 hexes off: VB fly, VT (range 3) stay ready; CSF is identified and its carriers turned face up', () => {
    const r = when(world(), 'air-ijn', [], { for: [{ purpose: 'Japanese Doctrine Table (carriers), CSF', rolls: [3] }] });
    const d = decided(r.events);
    expect(d).toHaveLength(1);
    expect(d[0]).toMatchObject({ data: { what: 'CSF launches at TF-17', roll: { total: 4, result: 'identified-tf' } } });
    expect(d[0].visibleTo).toBe('all');
    expect(of(r.events, 'coral.tf.identified')).toEqual([expect.objectContaining({ tf: 'CSF', identified: true, rule: '28.2(3)' })]);
    expect(of(r.events, 'coral.ship.revealed')).toEqual([expect.objectContaining({ ships: ['ijn:CV-1', 'ijn:CV-2'] })]);
    expect(r.state.ships['ijn:CA-1'].faceUp).toBe(false);
    expect(r.state.airMissions?.map((m) => [m.id, m.planned])).toEqual([
      ['ijn:CV-1:strike:TF-17', { VB: 3 }],
      ['ijn:CV-2:strike:TF-17', { VB: 3 }],
    ]);
  });

  it('5a-d: a no-launch roll shows the USN nothing: the decision and its die are the IJN’s own, nothing is revealed', () => {
    const r = when(world(), 'air-ijn', [], { for: [{ purpose: 'CSF', rolls: [1] }] });
    expect(decided(r.events).map((e) => e.visibleTo)).toEqual([['ijn']]);
    expect(of(r.events, 'coral.ship.revealed')).toEqual([]);
    expect(r.state.airMissions ?? []).toEqual([]);
    expect(r.rolled).toHaveLength(1);
  });

  it('5a1d-e, 21.2: CV-1 rolls its fighters (5, −1 for a USN carrier near = 4: half, rounded down, escort); the strike stops at TF-11’s CAP on its way', () => {
    const launched = when(world(), 'air-ijn', [], { for: [{ purpose: 'CSF', rolls: [3] }] }).state;
    const r = when(launched, 'air-ijn-fighters', [], { for: [{ purpose: 'IJN Fighter Commitment Table, CSF CV-1', rolls: [5] }] });
    const split = decided(r.events)[0];
    expect(split).toMatchObject({ data: { what: 'CSF CV-1 fighters: 1 escort, 2 CAP', roll: { total: 4, result: 50 } } });
    expect(count(r.state, 'ijn:CV-1', 'escort')).toBe(1);
    expect(count(r.state, 'ijn:CV-1', 'cap')).toBe(2);
    expect(count(r.state, 'ijn:CV-1', 'ready', 'VT')).toBe(3);
    const strikers = r.state.air.filter((u) => u.side === 'ijn' && (u.box === 'strike' || u.box === 'escort'));
    expect(strikers.map((u) => [u.home, u.type, u.strength, u.flyingTo, u.target]).sort()).toEqual([
      ['ijn:CV-1', 'VB', 3, '1412', 'TF-17'],
      ['ijn:CV-1', 'VF', 1, '1412', 'TF-17'],
      ['ijn:CV-2', 'VB', 3, '1412', 'TF-17'],
    ]);
    expect(r.state.air.find((u) => u.side === 'ijn' && u.box === 'cap')?.flyingTo).toBe('1410');
  });

  it('5a1d, brief 5-6: a carrier that did not launch still splits its fighters, on a sealed, referee-only die that does not name the carrier', () => {
    const s = world();
    const r = when(s, 'air-ijn-fighters', [], { for: [{ purpose: 'IJN Fighter Commitment Table, CSF carrier 1', rolls: [6] }] });
    expect(r.rolled).toEqual([expect.objectContaining({ purpose: 'IJN Fighter Commitment Table, CSF carrier 1' })]);
    const d = decided(r.events)[0];
    expect(d.visibleTo).toEqual([]);
    expect(d.data).toMatchObject({ what: 'CSF carrier 1 fighters: 0 escort, 1 CAP, 2 stay ready' });
    expect(r.events.filter((e) => e.type === 'coral.air.launched').map((e) => e.visibleTo)).toEqual([['ijn']]);
    const seen = JSON.stringify(viewCoral(r.state, 'usn'));
    expect(seen).toContain('a carrier of CSF');
    expect(seen).not.toMatch(/ijn:CV-[12]/);
  });
});
