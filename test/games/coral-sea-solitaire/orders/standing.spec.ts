/**
 * The defaults (HELP DEFAULTS) and the standing instructions (HELP STANDING): what the USN does
 * at a step it is silent at, and the steps its STANDING lines answer unasked.
 */
import { answerFromStanding, defaultOrders, formatOrders, parseStanding } from '../../../../src/games/coral-sea-solitaire/orders';
import type { CoralState } from '../../../../src/games/coral-sea-solitaire/types';
import { atTulagi, position, stepOf } from './fixture';

const standing = (s: CoralState, text: string) => {
  const r = parseStanding(s, 'usn', text);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.orders;
};
const answer = (s: CoralState, row: string, text: string, turn = s.turn) =>
  answerFromStanding(s, 'usn', stepOf(row, turn), standing(s, text));

describe("Coral Sea defaults (the brief's section 4)", () => {
  const s = position();

  it('command: ORG 0 INTEL 4 OPS 6 LOG 10, cut Logistics first when a foul-up took CP (36, result 5)', () => {
    expect(formatOrders(defaultOrders(s, 'usn', stepOf('command-decision')))).toBe('CP ORG 0 INTEL 4 OPS 6 LOG 10');
    const fouled = { ...s, core: { ...s.core, foulUp: 5 } };
    expect(formatOrders(defaultOrders(fouled, 'usn', stepOf('command-decision')))).toBe('CP ORG 0 INTEL 4 OPS 6 LOG 5');
    const worse = { ...s, core: { ...s.core, foulUp: 12 } };
    expect(formatOrders(defaultOrders(worse, 'usn', stepOf('command-decision')))).toBe('CP ORG 0 INTEL 4 OPS 4 LOG 0');
  });

  it("air missions: CAP with each carrier's ready fighters while Operations pay (2 CP a carrier mission)", () => {
    expect(formatOrders(defaultOrders(s, 'usn', stepOf('air-missions')))).toBe('CAP CV-1 VF 3\nCAP CV-2 VF 3');
    const short = { ...s, cp: { ...s.cp, slots: { ...s.cp.slots, operations: 3 } } };
    expect(formatOrders(defaultOrders(short, 'usn', stepOf('air-missions')))).toBe('CAP CV-1 VF 3');
  });

  it('nothing to organize, transfer, learn or move; assignment as committed; no bombardment', () => {
    for (const row of ['organization', 'air-transfer', 'intelligence', 'movement-usn'])
      expect(defaultOrders(s, 'usn', stepOf(row))).toEqual([]);
    expect(defaultOrders(s, 'usn', stepOf('air-assign'))).toEqual([{ kind: 'assign-committed' }]);
    expect(defaultOrders(s, 'usn', stepOf('bombard-usn'))).toEqual([{ kind: 'no-bombard' }]);
  });

  it('logistics (9a): carriers refitted first, then (night) every TF at sea refuelled, then bases, then rest, while Logistics pay', () => {
    const air = s.air.map((a) => (a.home === 'usn:CV-2' || a.home === 'Port-Moresby' ? { ...a, box: 'recovery' as const } : a));
    const ships = { ...s.ships, 'usn:CA-6': { ...s.ships['usn:CA-6'], fatigued: true } };
    const night = { ...s, turn: 4, air, ships, cp: { ...s.cp, slots: { ...s.cp.slots, logistics: 5 } } };
    // TF-11 and TF-17 at sea (2321); TF-6, TF-9 at New Caledonia and TF-44 at North Australia are in port
    expect(formatOrders(defaultOrders(night, 'usn', stepOf('logistics-usn', 4)))).toBe(
      'REFIT CV-2\nREFUEL TF-11\nREFUEL TF-17\nREFIT Port-Moresby\nREST TF-44',
    );
    const poor = { ...night, cp: { ...night.cp, slots: { ...night.cp.slots, logistics: 2 } } };
    expect(formatOrders(defaultOrders(poor, 'usn', stepOf('logistics-usn', 4)))).toBe('REFIT CV-2\nREFUEL TF-11');
  });
});

describe('Coral Sea standing instructions', () => {
  const s = position();

  it('parse every instruction of HELP STANDING, and refuse what is none, naming the words there are', () => {
    const st = standing(
      s,
      [
        'STANDING REFUEL ALL',
        'STANDING REFIT CARRIERS FIRST',
        'STANDING REPAIR NONE',
        'STANDING ASSIGN AS COMMITTED',
        'STANDING LOSSES FIGHTERS LAST',
        'STANDING INTEL PREFER REVEAL',
        'STANDING LEADERSHIP TACTICAL',
        'STANDING BOMBARD NEVER',
        'STANDING SCREEN MAX',
        'STANDING CAP CV-1 VF 2, CV-2 VF 2',
        'STANDING CP ORG 0 INTEL 4 OPS 8 LOG 8',
        'STANDING MOVEMENT DEFAULT',
        'STANDING DEFAULT ORGANIZATION, TRANSFER',
      ].join('\n'),
    );
    expect(st).toEqual([
      {
        defaults: ['movement-usn', 'organization', 'air-transfer'],
        logistics: { refuel: 'all', refit: 'carriers-first', repair: 'none' },
        assign: 'as-committed',
        losses: ['VT', 'VB', 'LD', 'LMB', 'LHB', 'VF', 'LF'],
        intel: 'reveal',
        leadership: ['tactical-initiative'],
        bombard: 'never',
        screen: 'max',
        cap: [
          { kind: 'mission', mission: 'cap', from: 'CV-1', air: { VF: 2 }, extended: false },
          { kind: 'mission', mission: 'cap', from: 'CV-2', air: { VF: 2 }, extended: false },
        ],
        cp: { organization: 0, intelligence: 4, operations: 8, logistics: 8 },
      },
    ]);
    const bad = parseStanding(s, 'usn', 'STANDING RETREAT ALWAYS\nSTANDING DEFAULT SUPPER');
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.errors.map((e) => [e.line, e.problem])).toEqual([
      [1, 'not a standing instruction I know'],
      [2, '"SUPPER" names no step of yours'],
    ]);
    expect(bad.errors[1].hint).toContain('MOVEMENT');
  });

  it('answer the steps they cover, and leave the others to be asked (null)', () => {
    expect(answer(s, 'command-decision', 'STANDING CP ORG 0 INTEL 4 OPS 8 LOG 8')).toEqual([
      { kind: 'allocate', slots: { organization: 0, intelligence: 4, operations: 8, logistics: 8 } },
    ]);
    expect(answer(s, 'movement-usn', 'STANDING CP ORG 0 INTEL 4 OPS 8 LOG 8')).toBeNull();
    expect(answer(s, 'air-assign', 'STANDING ASSIGN AS COMMITTED')).toEqual([{ kind: 'assign-committed' }]);
    expect(answer(atTulagi(), 'screen', 'STANDING SCREEN MAX')).toEqual([
      { kind: 'screen', ships: ['CV-2', 'DD-3', 'DD-4', 'CA-3', 'CA-4'] },
    ]);
    expect(answer(atTulagi(), 'screen', 'STANDING SCREEN NONE')).toEqual([{ kind: 'screen', ships: [] }]);
    expect(answer(s, 'intelligence-choice', 'STANDING INTEL PREFER REVEAL')).toEqual([{ kind: 'intelligence-choice', choice: 'reveal' }]);
    expect(answer(s, 'air-losses', 'STANDING LOSSES BOMBERS FIRST')).toEqual([
      { kind: 'losses-priority', types: ['VT', 'VB', 'LD', 'LMB', 'LHB', 'VF', 'LF'] },
    ]);
    expect(answer(s, 'organization', 'STANDING ORGANIZATION DEFAULT')).toEqual([]);
    expect(answer(s, 'organization', 'STANDING ASSIGN AS COMMITTED')).toBeNull();
  });

  it('8.4: LEADERSHIP TACTICAL spends a chit on tactical initiative only; ALWAYS everywhere; NEVER nowhere', () => {
    const at = (fn: string, how: string) =>
      answerFromStanding(s, 'usn', stepOf('leadership', 3, `/${fn}`), standing(s, `STANDING LEADERSHIP ${how}`));
    expect(at('initiative', 'TACTICAL')).toEqual([{ kind: 'leadership', use: false }]);
    expect(at('tactical-initiative', 'TACTICAL')).toEqual([{ kind: 'leadership', use: true }]);
    expect(at('initiative', 'ALWAYS')).toEqual([{ kind: 'leadership', use: true }]);
    expect(at('tactical-initiative', 'NEVER')).toEqual([{ kind: 'leadership', use: false }]);
  });

  it('8.4: LEADERSHIP DEFAULT is the row left to its default, not a chit function (the plain player sends it)', () => {
    expect(parseStanding(s, 'usn', 'STANDING LEADERSHIP DEFAULT').ok).toBe(true);
    const bad = parseStanding(s, 'usn', 'STANDING LEADERSHIP SOMETIMES');
    expect(bad.ok).toBe(false);
    expect(JSON.stringify(bad)).toContain('no chit function');
  });

  it('17.4: BOMBARD ALWAYS bombards each IJN base a USN TF is in; NEVER none', () => {
    const lae = { ...s, taskForces: { ...s.taskForces, 'TF-44': { ...s.taskForces['TF-44'], hex: '0606' } } };
    expect(answer(lae, 'bombard-usn', 'STANDING BOMBARD ALWAYS')).toEqual([{ kind: 'bombard', base: 'Lae', with: [] }]);
    expect(answer(s, 'bombard-usn', 'STANDING BOMBARD ALWAYS')).toEqual([{ kind: 'no-bombard' }]);
    expect(answer(lae, 'bombard-usn', 'STANDING BOMBARD NEVER')).toEqual([{ kind: 'no-bombard' }]);
  });

  it("9a: REFUEL ALL, REFIT, REPAIR, REST switch the default's parts, paid in its order while Logistics last", () => {
    const air = s.air.map((a) => (a.home === 'usn:CV-1' ? { ...a, box: 'recovery' as const } : a));
    const ships = { ...s.ships, 'usn:CA-3': { ...s.ships['usn:CA-3'], status: 'damaged' as const } };
    const night = { ...s, turn: 4, air, ships, cp: { ...s.cp, slots: { ...s.cp.slots, logistics: 6 } } };
    expect(formatOrders(answer(night, 'logistics-usn', 'STANDING REFUEL ALL\nSTANDING REPAIR ALL', 4) ?? [])).toBe(
      'REFIT CV-1\nREFUEL TF-11\nREFUEL TF-17\nREPAIR CA-3',
    );
    expect(formatOrders(answer(night, 'logistics-usn', 'STANDING REFIT NONE\nSTANDING REFUEL NONE', 4) ?? [])).toBe('');
  });

  it('CAP: the standing CAP flies when AIR DEFAULT stands, cut to the fighters ready and the Operations CP', () => {
    const st = 'STANDING AIR DEFAULT\nSTANDING CAP CV-1 VF 5, CV-2 VF 2, Port-Moresby LF 2';
    const poor = { ...s, cp: { ...s.cp, slots: { ...s.cp.slots, operations: 5 } } };
    expect(formatOrders(answer(poor, 'air-missions', st) ?? [])).toBe('CAP CV-1 VF 3\nCAP CV-2 VF 2\nCAP Port-Moresby LF 2');
    expect(answer(s, 'air-missions', 'STANDING CAP CV-1 VF 2')).toBeNull();
  });
});
