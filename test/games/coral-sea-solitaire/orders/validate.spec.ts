/**
 * validateOrders: what the orders name must be in play now, routes go hex by hex, options come
 * with their orders, and the CP asked fit the day (7.2) and each staff slot (7.4).
 */
import { coralSeaSolitaire } from '../../../../src/games/coral-sea-solitaire';
import { cpCosts, parseOrders, validateOrders } from '../../../../src/games/coral-sea-solitaire/orders';
import type { CoralState } from '../../../../src/games/coral-sea-solitaire/types';
import { inPlay, position, stepOf } from './fixture';

function problems(s: CoralState, row: string, text: string): string[] {
  const parsed = parseOrders(s, 'usn', text, stepOf(row));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return validateOrders(inPlay(s, row), 'usn', parsed.orders, stepOf(row)).map((e) => e.problem);
}

describe('Coral Sea orders checked against the position', () => {
  const s = position();

  it('7.2: the allocation fits the CP of the day, less a foul-up (36, result 5)', () => {
    expect(problems(s, 'command-decision', 'CP ORG 0 INTEL 4 OPS 6 LOG 10')).toEqual([]);
    expect(problems(s, 'command-decision', 'CP ORG 1 INTEL 4 OPS 6 LOG 10')).toEqual(['21 CP allocated, 20 there are today']);
    const fouled = { ...s, core: { ...s.core, foulUp: 3 } };
    expect(problems(fouled, 'command-decision', 'CP ORG 0 INTEL 4 OPS 6 LOG 10')).toEqual(['20 CP allocated, 17 there are today']);
  });

  it('7.4, 13.3: each slot pays its orders; the problem lists what costs what', () => {
    // Organization holds 4: a new TF (3) and transfers in another hex (2)
    const parsed = parseOrders(s, 'usn', 'NEW TF-3 FROM TF-11: CA-1\nTRANSFER DD-6 FROM TF-44 TO TF-6', stepOf('organization'));
    if (!parsed.ok) throw new Error('parse');
    const errors = validateOrders(inPlay(s, 'organization'), 'usn', parsed.orders, stepOf('organization'));
    expect(errors.map((e) => e.problem)).toContain('these orders cost 5 Organization CP and the slot holds 4');
    expect(errors.find((e) => e.rule === '7.4')?.hint).toBe('costs: new TF-3 3, reorganization in 0619 2');
  });

  it('5a-a/b: one mission per origin and target, a strike and its escort together; CAP one per origin', () => {
    const parsed = parseOrders(
      s,
      'usn',
      'STRIKE CV-2 VB 5 AT TG\nESCORT CV-2 VF 1\nCAP CV-2 VF 2\nSTRIKE North-Australia LHB 2 AT Lae\nSTRIKE North-Australia LMB 6 AT Lae',
      stepOf('air-missions'),
    );
    if (!parsed.ok) throw new Error('parse');
    expect(cpCosts(s, parsed.orders).map((i) => `${i.what} ${i.cost}`)).toEqual(['CV-2 at TG 2', 'CV-2 CAP 2', 'North-Australia at Lae 1']);
    expect(validateOrders(inPlay(s, 'air-missions'), 'usn', parsed.orders, stepOf('air-missions'))).toEqual([]);
    const poorer = { ...inPlay(s, 'air-missions'), cp: { ...s.cp, slots: { ...s.cp.slots, operations: 4 } } };
    expect(validateOrders(poorer, 'usn', parsed.orders, stepOf('air-missions')).map((e) => e.problem)).toEqual([
      'these orders cost 5 Operations CP and the slot holds 4',
    ]);
  });

  it('squadrons must be ready at their origin, counted over every order from it', () => {
    expect(problems(s, 'air-missions', 'STRIKE CV-1 VB 4 AT TG\nCAP CV-1 VF 3\nESCORT CV-1 VF 1')).toEqual(['CV-1 has 3 VF ready, not 4']);
  });

  it('28.4: no strike or escort at an unidentified IJN TF; bases always', () => {
    expect(problems(s, 'air-missions', 'STRIKE CV-1 VB 5 AT CSF\nSTRIKE North-Australia LHB 2 AT Rabaul')).toEqual([
      'CSF is unidentified: no strike or escort against it (28.4)',
    ]);
  });

  it('32: EXTENDED only with the optional rule', () => {
    expect(problems(s, 'air-missions', 'STRIKE CV-1 VB 5 AT TG EXTENDED')).toEqual(['EXTENDED needs optional rule 32 (extended range)']);
    const opt = { ...s, options: { ...s.options, extendedRange: true } };
    expect(problems(opt, 'air-missions', 'STRIKE CV-1 VB 5 AT TG EXTENDED')).toEqual([]);
  });

  it("a TF moves once; 14.3 FAST costs Operations; 14.4: the route is the movement rules' to check, at the step in play", () => {
    expect(problems(s, 'movement-usn', 'MOVE TF-17 2320 2319')).toEqual([]);
    expect(problems(s, 'movement-usn', 'MOVE TF-17 2319')).toEqual([]);
    const moving = { ...s, step: 'movement-usn' };
    const parsed = parseOrders(moving, 'usn', 'MOVE TF-17 2319', stepOf('movement-usn'));
    if (!parsed.ok) throw new Error('parse');
    const errors = coralSeaSolitaire.validateOrders(moving, 'usn', parsed.orders, stepOf('movement-usn'));
    expect(errors.map((e) => e.rule)).toEqual(['14.4']);
    expect(problems(s, 'movement-usn', 'MOVE TF-17 SE\nSTAY TF-17')).toEqual(['TF-17 has two movement orders']);
    const broke = { ...s, cp: { ...s.cp, slots: { ...s.cp.slots, operations: 0 } } };
    expect(problems(broke, 'movement-usn', 'MOVE TF-17 SE FAST')).toEqual(['these orders cost 1 Operations CP and the slot holds 0']);
  });

  it('13.3: ships move only from the TF they are in, between TFs in one hex; a TF made in the same orders counts', () => {
    expect(problems(s, 'organization', 'NEW TF-3 FROM TF-11: CA-3')).toEqual(['CA-3 is not in TF-11']);
    expect(problems(s, 'organization', 'TRANSFER CA-6 FROM TF-44 TO TF-11')).toEqual([
      'TF-44 (0619) and TF-11 (2321) are not in one hex (13.3)',
    ]);
    const rich = { ...s, cp: { ...s.cp, slots: { ...s.cp.slots, organization: 10 } } };
    expect(problems(rich, 'organization', 'NEW TF-3 FROM TF-11: CA-1, DD-1\nTRANSFER DD-1 FROM TF-3 TO TF-17')).toEqual([]);
    expect(problems(rich, 'organization', 'NEW TF-17 FROM TF-11: CA-1')).toEqual([
      'TF-17 is already at sea: a new TF takes a marker not in use (13.3)',
    ]);
  });

  it('9a: repairs only for damaged ships; refuelling in port costs nothing', () => {
    expect(problems(s, 'logistics-usn', 'REPAIR CA-4')).toEqual(['CA-4 is not damaged (9a1)']);
    const night = { ...s, turn: 4, cp: { ...s.cp, slots: { ...s.cp.slots, logistics: 1 } } };
    // TF-44 is at North Australia (a USN base), TF-17 at sea
    expect(problems(night, 'logistics-usn', 'REFUEL TF-44, TF-17')).toEqual([]);
  });

  it('options 30.1 and 30.4: their orders only with the option', () => {
    expect(problems(s, 'deployment', 'CV-3 WITH TF-17\nB-1 WITH TF-11')).toEqual([
      'CV-3 comes only with option 30.1 (Bigger Carrier Battle)',
      'USN battleships come only with option 30.4',
    ]);
  });
});
