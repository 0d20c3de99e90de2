/**
 * The USN order grammar (brief section 4): every order of every step, read as the rules take it;
 * every bad line answered at once with what was wrong, what would be right and the rule; an order
 * of another step sent to its FOR word.
 */
import { parseOrders } from '../../../../src/games/coral-sea-solitaire/orders';
import type { CoralOrder } from '../../../../src/games/coral-sea-solitaire/types';
import { atTulagi, position, stepOf } from './fixture';

const s = position();
const parse = (row: string, text: string) => parseOrders(s, 'usn', text, stepOf(row));
const orders = (row: string, text: string): readonly CoralOrder[] => {
  const r = parse(row, text);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.orders;
};

describe('Coral Sea orders: each step reads its orders (brief 4)', () => {
  it("deployment (4.2, 30.1, 30.4): DEPLOY at a hex or a place, BASE Australia's air, CV-3 and the battleships", () => {
    expect(orders('deployment', 'DEPLOY TF-11 AT 2421\nDEPLOY TF-44 AT North Australia\nBASE 3 LF 4 LMB 2 LHB AT North-Australia')).toEqual(
      [
        { kind: 'deploy', tf: 'TF-11', hex: '2421' },
        { kind: 'deploy', tf: 'TF-44', hex: '0619' },
        { kind: 'base-air', base: 'North-Australia', air: { LF: 3, LMB: 4, LHB: 2 } },
      ],
    );
    expect(orders('deployment', 'CV-3 WITH TF-17\nB-1 WITH TF-11\nB-2 NEW TF WITH DD-3 FROM TF-17')).toEqual([
      { kind: 'reinforce-cv3', tf: 'TF-17' },
      { kind: 'battleships', ships: ['usn:B-1'], tf: 'TF-11' },
      { kind: 'battleships-tf', ships: ['usn:B-2'], escort: 'usn:DD-3', from: 'TF-17' },
    ]);
    expect(orders('deployment', 'B-1, B-2 NEW TF-3 WITH DD-3 FROM TF-17')).toEqual([
      { kind: 'battleships-tf', ships: ['usn:B-1', 'usn:B-2'], tf: 'TF-3', escort: 'usn:DD-3', from: 'TF-17' },
    ]);
  });

  it('command (1d, 7.3): CP to the four slots in any order, a slot not named gets 0', () => {
    expect(orders('command-decision', 'CP ORG 3 INTEL 4 OPS 6 LOG 7')).toEqual([
      { kind: 'allocate', slots: { organization: 3, intelligence: 4, operations: 6, logistics: 7 } },
    ]);
    expect(orders('command-decision', 'cp logistics 10 ops 10')).toEqual([
      { kind: 'allocate', slots: { organization: 0, intelligence: 0, operations: 10, logistics: 10 } },
    ]);
  });

  it('organization (13.3): NEW TF with its ships, TRANSFER between TFs; TF names written apart are joined', () => {
    expect(orders('organization', 'NEW TF-3 FROM TF-11: CA-1, DD-1\nTRANSFER DD-3 FROM TF 17 TO tf11')).toEqual([
      { kind: 'new-tf', tf: 'TF-3', from: 'TF-11', ships: ['CA-1', 'DD-1'] },
      { kind: 'transfer', ships: ['DD-3'], from: 'TF-17', to: 'TF-11' },
    ]);
  });

  it('air transfer (21.5): TRANSFER AIR from a base or a carrier, by name', () => {
    expect(
      orders('air-transfer', 'TRANSFER AIR 2 LF FROM South Australia TO Port Moresby\nTRANSFER AIR VF 1 FROM Lexington TO CV-2'),
    ).toEqual([
      { kind: 'air-transfer', air: { LF: 2 }, from: 'South-Australia', to: 'Port-Moresby' },
      { kind: 'air-transfer', air: { VF: 1 }, from: 'CV-1', to: 'CV-2' },
    ]);
  });

  it('intelligence (28, 36): INTEL with a preference, UNTIL ... MAX, an IJN TF by alias or full name; UNIDENTIFY (28.6)', () => {
    expect(
      orders('intelligence', 'INTEL CSF PREFER REVEAL\nINTEL Carrier Strike Force UNTIL REVEALED MAX 3\nINTEL IJN TF 2\nUNIDENTIFY TF-17'),
    ).toEqual([
      { kind: 'intelligence', target: 'CSF', prefer: 'reveal' },
      { kind: 'intelligence', target: 'CSF', until: 'revealed', max: 3 },
      { kind: 'intelligence', target: 'PMG' },
      { kind: 'unidentify', tf: 'TF-17' },
    ]);
  });

  it('movement (14.3-14.5): hexes, directions, TO a hex or place, FAST; STAY', () => {
    expect(orders('movement-usn', 'MOVE TF-17 2320 2319 FAST\nMOVE TF-11 SE SW\nMOVE TF-44 TO Port Moresby\nSTAY TF-6, TF-9')).toEqual([
      { kind: 'move', tf: 'TF-17', path: ['2320', '2319'], fast: true },
      { kind: 'move', tf: 'TF-11', path: ['SE', 'SW'], fast: false },
      { kind: 'move', tf: 'TF-44', path: [], to: '0608', fast: false },
      { kind: 'stay', tf: 'TF-6' },
      { kind: 'stay', tf: 'TF-9' },
    ]);
  });

  it('air missions (5a, 22, 32): STRIKE, ESCORT, CAP from carriers and bases', () => {
    expect(
      orders(
        'air-missions',
        'STRIKE CV-2 VB 5 VT 2 AT TG EXTENDED\nESCORT CV-2 VF 2\nCAP CV-1 VF 2\nSTRIKE North-Australia LHB 2 AT Rabaul',
      ),
    ).toEqual([
      { kind: 'mission', mission: 'strike', from: 'CV-2', air: { VB: 5, VT: 2 }, target: 'TG', extended: true },
      { kind: 'mission', mission: 'escort', from: 'CV-2', air: { VF: 2 }, extended: false },
      { kind: 'mission', mission: 'cap', from: 'CV-1', air: { VF: 2 }, extended: false },
      { kind: 'mission', mission: 'strike', from: 'North-Australia', air: { LHB: 2 }, target: 'Rabaul', extended: false },
    ]);
  });

  it('assignment, bombardment, logistics and the decisions', () => {
    expect(orders('air-assign', 'ASSIGN AS COMMITTED\nASSIGN CV-2 VF 1 TO CAP')).toEqual([
      { kind: 'assign-committed' },
      { kind: 'assign', from: 'CV-2', air: { VF: 1 }, mission: 'cap' },
    ]);
    expect(orders('bombard-usn', 'BOMBARD Lae WITH TF-44\nNO BOMBARD')).toEqual([
      { kind: 'bombard', base: 'Lae', with: ['TF-44'] },
      { kind: 'no-bombard' },
    ]);
    expect(orders('logistics-usn', 'REFIT CV-1, Port-Moresby\nREST TF-17\nREPAIR CA-4\nREFUEL TF-11, TF-17\nREFUEL ALL')).toEqual([
      { kind: 'refit', at: 'CV-1' },
      { kind: 'refit', at: 'Port-Moresby' },
      { kind: 'rest', tf: 'TF-17' },
      { kind: 'repair', ship: 'CA-4' },
      { kind: 'refuel', tf: 'TF-11' },
      { kind: 'refuel', tf: 'TF-17' },
      { kind: 'refuel-all' },
    ]);
    expect(orders('air-losses', 'LOSSES 2 VB, 1 VF\nLOSSES FIGHTERS LAST')).toEqual([
      { kind: 'losses', air: { VB: 2, VF: 1 } },
      { kind: 'losses-priority', types: ['VT', 'VB', 'LD', 'LMB', 'LHB', 'VF', 'LF'] },
    ]);
    expect(orders('screen', 'SCREEN CV-2\nSCREEN NONE')).toEqual([
      { kind: 'screen', ships: ['CV-2'] },
      { kind: 'screen', ships: [] },
    ]);
    expect(orders('leadership', 'LEADERSHIP USE')).toEqual([{ kind: 'leadership', use: true }]);
    expect(orders('intelligence-choice', 'REVEAL CSF')).toEqual([{ kind: 'intelligence-choice', choice: 'reveal', tf: 'CSF' }]);
    expect(orders('basing-choice', 'LAND CV-1 AIR ON CV-2')).toEqual([{ kind: 'land', from: 'CV-1', on: 'CV-2' }]);
  });

  it("33.1 SCREEN MAX: the most ships the battle waiting on the USN lets it screen, keeping 150% (the surface rules' count)", () => {
    expect(parseOrders(atTulagi(), 'usn', 'SCREEN MAX', stepOf('screen', 3, '/1808'))).toEqual({
      ok: true,
      orders: [{ kind: 'screen', ships: ['CV-2', 'DD-3', 'DD-4', 'CA-3', 'CA-4'] }],
    });
  });

  it("NONE at any step; DEFAULT is the step's documented default; comments, quotes and the signature are skipped", () => {
    expect(orders('movement-usn', '# no move today\nNONE\n> MOVE TF-17 SE\n--\nMOVE TF-99')).toEqual([{ kind: 'none' }]);
    expect(orders('command-decision', 'DEFAULT')).toEqual([
      { kind: 'allocate', slots: { organization: 0, intelligence: 4, operations: 6, logistics: 10 } },
    ]);
  });
});

describe('Coral Sea orders: every bad line at once, with the fix', () => {
  it('answers each bad line: a misspelt verb and name get "did you mean", a wrong direction the map\'s six', () => {
    const r = parse('movement-usn', 'MOVE TF-17 SE\nMOEV TF-11 SE\nMOVE TF-177 SE\nMOVE TF-44 N');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map((e) => e.line)).toEqual([2, 3, 4]);
    expect(r.errors[0]).toMatchObject({ problem: '"MOEV" is no order', rule: '5.6 4b' });
    expect(r.errors[0].hint).toMatch(/^did you mean MOVE\?/);
    expect(r.errors[1]).toMatchObject({ problem: 'no USN task force called "TF-177"', hint: 'did you mean TF-17?' });
    expect(r.errors[2]).toMatchObject({ problem: '"N" is no direction on this map' });
    expect(r.errors[2].hint).toContain('NE, E, SE, SW, W, NW');
  });

  it('an order of another step names the step and its FOR word; a decision points to STANDING', () => {
    const r = parse('command-decision', 'CP ORG 0 INTEL 4 OPS 6 LOG 10\nMOVE TF-17 SE SE\nLOSSES 1 VF');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toHaveLength(2);
    expect(r.errors[0]).toMatchObject({ line: 2, rule: '5.6 4b', hint: 'write it after a line FOR MOVEMENT' });
    expect(r.errors[0].problem).toContain('MOVE is an order of USN naval movement');
    expect(r.errors[1].hint).toContain('STANDING');
  });

  it('an order for another step that is also wrong in itself says both', () => {
    const r = parse('command-decision', 'STRIKE CV-2 VB 5');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0].hint).toMatch(/FOR AIR; besides, STRIKE needs AT/);
  });

  it('refuses squadrons without a number, a type twice, a CAP with a target, a strike without one', () => {
    const r = parse(
      'air-missions',
      'CAP CV-1 VF\nSTRIKE CV-1 VB 2 VB 3 AT TG\nCAP CV-1 VF 2 AT TG\nSTRIKE CV-1 VB 2\nSTRIKE CA-3 VB 2 AT TG',
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map((e) => e.problem)).toEqual([
      'how many VF?',
      'VB is listed twice',
      'CAP flies over its own hex: no AT (21.2)',
      'STRIKE needs AT <IJN task force or base>',
      'CA-3 carries no aircraft: name a carrier or a base',
    ]);
  });

  it('a hex off the map says where the map runs; a TF where a place is wanted says what it is', () => {
    const r = parse('movement-usn', 'MOVE TF-17 TO 9999\nMOVE TF-17 TO TF-11');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors[0]).toMatchObject({ problem: 'no hex 9999 on the map' });
    expect(r.errors[0].hint).toContain('2726');
    expect(r.errors[1].problem).toBe('TF-11 is a USN task force, not a hex');
  });

  it('the IJN sends nothing: the umpire plays it (2.1)', () => {
    const r = parseOrders(s, 'ijn', 'MOVE CSF SE', stepOf('movement-usn'));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0].problem).toContain('played by the umpire');
  });
});
