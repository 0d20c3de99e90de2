import { movementHandlers, movementIjnDeciders } from '../../../../src/games/coral-sea-solitaire/rules/movement';
import type { CoralState } from '../../../../src/games/coral-sea-solitaire/types';
import { position, run, withStatus } from './given';

/**
 * Issue 26, the IJN Naval Movement Phase (4a): the IJN decides from its own view (doctrine roll,
 * then a path: toward a goal by the shortest way with the declared tie-breaks, or on a heading with
 * 14.8's deflection and 14.10's map edge), and the handler carries the moves out.
 */
const handler = movementHandlers['movement-ijn'];
const decide = movementIjnDeciders['movement-ijn'];
const CSF = ['CV-1', 'CV-2', 'CA-1', 'DD-1'];
const CG = ['CVL-3', 'CA-3', 'DD-2'];

const moveIjn = (s: CoralState, dice: NonNullable<Parameters<typeof run>[3]>['dice']) => run(s, 'movement-ijn', handler, { decide, dice });
const path = (ran: ReturnType<typeof run>, tf: string) =>
  ran.ofType('coral.tf.step').flatMap((d) => ((d as { tf: string }).tf === tf ? [(d as { to: string }).to] : []));

describe('issue 26 Coral Sea IJN movement (4a)', () => {
  it('14.6: given the Port Moresby Group at Rabaul and a 5, then toward Port Moresby fast, two hexes by the shortest way, the roll recorded', () => {
    const ran = moveIjn(position({ ijn: { PMG: '1103' } }), { for: [{ purpose: 'Doctrine Table, PMG', rolls: [5] }] });
    expect(ran.ofType('IjnDecided')[0]).toMatchObject({
      what: 'movement of PMG: toward Port-Moresby (0608), fast: 2 MP',
      roll: { table: 'ijn-movement-doctrine', column: 'PMG', dice: [5], result: { kind: 'objective', fast: true } },
    });
    expect(ran.ofType('coral.tf.step')).toEqual([
      { tf: 'PMG', side: 'ijn', from: '1103', to: '1004', mp: 1, why: 'toward Port-Moresby (0608)', rule: '14.6, 14.8' },
      { tf: 'PMG', side: 'ijn', from: '1004', to: '1005', mp: 2, why: 'toward Port-Moresby (0608)', rule: '14.6, 14.8' },
    ]);
    expect(ran.s.taskForces.PMG.hex).toBe('1005');
    expect(ran.left).toBe(0);
  });

  it('14.3, 27.1: given a damaged face-down transport in the convoy and a fast result, then it moves one hex and the record names no counter', () => {
    const s = withStatus(position({ ijn: { PMG: '1103' } }), 'ijn:TR-2', 'damaged');
    const ran = moveIjn(s, { for: [{ purpose: 'Doctrine Table, PMG', rolls: [5] }] });
    const what = (ran.ofType('IjnDecided')[0] as { what: string }).what;
    expect(what).toBe(
      'movement of PMG: toward Port-Moresby (0608); no fast move: a ship of it is damaged: a TF with a damaged ship may not move fast (14.3)',
    );
    expect(JSON.stringify(ran.events)).not.toContain('TR-2');
    expect(path(ran, 'PMG')).toEqual(['1004']);
  });

  it('14.8 (example): given the Tulagi Group one hex from Tulagi and a fast result, then it stops at its objective with a point left', () => {
    const ran = moveIjn(position({ ijn: { TG: '1708' } }), { for: [{ purpose: 'TG', rolls: [4] }] });
    expect(path(ran, 'TG')).toEqual(['1808']);
    expect(ran.ofType('coral.tf.stopped')).toEqual([{ tf: 'TG', at: '1808', reason: 'reached Tulagi (1808)', rule: '14.6, 14.8' }]);
  });

  it('14.8 (example): given the Carrier Strike Force heading SE into an all-land hexside with both neighbouring ways open, then a die picks the side, and the heading holds', () => {
    const s = position({ ijn: { CSF: '1304' }, ijnShips: { CSF } });
    const ran = moveIjn(s, {
      for: [
        { purpose: 'Doctrine Table, CSF', rolls: [1] },
        { purpose: 'CSF: deflected from SE', rolls: [5] },
      ],
    });
    expect(ran.ofType('IjnDecided').map((d) => (d as { what: string }).what)).toEqual([
      'movement of CSF: heading SE',
      'movement of CSF: deflected from SE',
    ]);
    expect(ran.ofType('coral.tf.step')).toEqual([
      { tf: 'CSF', side: 'ijn', from: '1304', to: '1305', mp: 1, why: 'deflected SW from SE by all land', rule: '14.8' },
      { tf: 'CSF', side: 'ijn', from: '1305', to: '1306', mp: 2, why: 'heading SE', rule: '14.6' },
    ]);
  });

  it('14.10: given the Carrier Strike Force on the south edge heading SE, then it turns along the edge, a direction at random, kept for the move', () => {
    const ran = moveIjn(position({ ijn: { CSF: '2026' }, ijnShips: { CSF } }), {
      for: [
        { purpose: 'Doctrine Table, CSF', rolls: [1] },
        { purpose: 'along the map edge', rolls: [2] },
      ],
    });
    expect(ran.ofType('coral.tf.step')).toEqual([
      { tf: 'CSF', side: 'ijn', from: '2026', to: '2126', mp: 1, why: 'along the map edge, heading E', rule: '14.10' },
      { tf: 'CSF', side: 'ijn', from: '2126', to: '2226', mp: 2, why: 'heading E', rule: '14.6' },
    ]);
  });

  it('14.9: given the Support Group in a hex with TF-17 and the USN holding the initiative, then it rolls nothing and stays', () => {
    const ran = moveIjn(position({ ijn: { SG: '1816' }, usn: { 'TF-17': '1816' }, initiative: 'usn' }), []);
    expect(ran.ofType('IjnDecided')).toEqual([]);
    expect(ran.ofType('coral.tf.stopped')).toEqual([
      { tf: 'SG', at: '1816', reason: 'starts in a hex with USN TF-17 and the IJN lacks the initiative', rule: '14.9, 12.5' },
    ]);
  });

  it('12.4, 28.2(2): given TF-17 on the convoy route, then the convoy stops on entering its hex and both are identified', () => {
    const ran = moveIjn(position({ ijn: { PMG: '1103' }, usn: { 'TF-17': '1004' } }), { for: [{ purpose: 'PMG', rolls: [6] }] });
    expect(path(ran, 'PMG')).toEqual(['1004']);
    expect(ran.ofType('coral.tf.stopped')).toEqual([{ tf: 'PMG', at: '1004', reason: 'entered 1004 where USN TF-17 is', rule: '12.4' }]);
    expect(ran.s.taskForces.PMG.identified && ran.s.taskForces['TF-17'].identified).toBe(true);
  });

  it('20.3, 20.1: given the convoy at Port Moresby with transports to land, then it rolls nothing, stays, and the phase counts toward a landing', () => {
    const ran = moveIjn(position({ ijn: { PMG: '0608' }, turn: 7 }), []);
    expect(ran.ofType('IjnDecided')).toEqual([]);
    expect(ran.ofType('coral.landing.phase')).toEqual([{ tf: 'PMG', hex: '0608', turn: 7, rule: '20.1, 20.3' }]);
    expect(ran.s.movement?.phaseAtObjective).toEqual({ PMG: 7 });
  });

  it('9.4, 14.10: given panic, then the convoy retires on the post-panic table and leaves the map on reaching Rabaul', () => {
    const ran = moveIjn(position({ ijn: { PMG: '1004' }, panicked: true }), { for: [{ purpose: 'post-panic, PMG', rolls: [2] }] });
    expect(ran.ofType('IjnDecided')[0]).toMatchObject({
      what: 'movement of PMG: toward Rabaul (1103)',
      roll: { table: 'ijn-movement-post-panic' },
    });
    expect(ran.ofType('coral.tf.withdrawn')).toEqual([{ tf: 'PMG', hex: '1103', via: 'Rabaul', rule: '14.10, 9.4' }]);
    expect(ran.s.taskForces.PMG).toMatchObject({ hex: null, gone: 'withdrawn' });
    expect(ran.s.movement?.withdrawn).toEqual({ PMG: 'Rabaul' });
  });

  it('4a: given the convoy and the Covering Group at Rabaul, then the Covering Group, moving after it, escorts it to its new hex', () => {
    const s = position({ ijn: { PMG: '1103', CG: '1103' }, ijnShips: { CG } });
    const ran = moveIjn(s, {
      for: [
        { purpose: 'Doctrine Table, PMG', rolls: [5] },
        { purpose: 'Doctrine Table, CG', rolls: [3] },
      ],
    });
    expect(ran.ofType('IjnDecided').map((d) => (d as { what: string }).what)).toEqual([
      'movement of PMG: toward Port-Moresby (0608), fast: 2 MP',
      'movement of CG: toward PMG (1005)',
    ]);
    expect(ran.s.taskForces.CG.hex).toBe(ran.s.taskForces.PMG.hex);
  });

  it('28.3: given TF-17 identified by the Carrier Strike Force entering its hex, then the Covering Group, deciding later from the same view, counts it as an identified USN TF near it', () => {
    const s = position({ ijn: { CSF: '1614', CG: '1412' }, ijnShips: { CSF, CG }, usn: { 'TF-17': '1715' }, initiative: 'ijn' });
    const ran = moveIjn(s, {
      for: [
        { purpose: 'Doctrine Table, CSF', rolls: [1] },
        { purpose: 'Doctrine Table, CG', rolls: [4] },
      ],
    });
    expect(ran.ofType('coral.tf.stopped')[0]).toMatchObject({ tf: 'CSF', at: '1715', rule: '12.4' });
    const cg = ran.ofType('IjnDecided')[1] as { roll: { modifiers: { reason: string }[]; total: number; result: { kind: string } } };
    expect(cg.roll.modifiers.map((m) => m.reason)).toEqual(['an identified USN TF within 4 hexes (reconstructed)']);
    expect(cg.roll).toMatchObject({ total: 5, result: { kind: 'usn-tf' } });
  });

  it('28.3, 2.1: given TF-11 with Lexington three hexes from the Covering Group, then only once TF-11 is identified does the IJN count its carrier (+1)', () => {
    const at = (identified: string[]) => position({ ijn: { CG: '1412' }, ijnShips: { CG }, usn: { 'TF-11': '1715' }, identified });
    const dice = { for: [{ purpose: 'Doctrine Table, CG', rolls: [3] }] };
    const unseen = moveIjn(at([]), dice).ofType('IjnDecided')[0] as { roll: { modifiers: unknown[] } };
    const seen = moveIjn(at(['TF-11']), dice).ofType('IjnDecided')[0] as { roll: { modifiers: { reason: string }[] } };
    expect(unseen.roll.modifiers).toEqual([]);
    expect(seen.roll.modifiers.map((m) => m.reason)).toEqual([
      'an identified USN carrier TF within 8 hexes (reconstructed)',
      'an identified USN TF within 4 hexes (reconstructed)',
    ]);
  });

  it('19.3: given a submarine marker and an identified USN TF, when the SS column says close, then the marker moves one hex toward it', () => {
    const s = position({ usn: { 'TF-17': '1816' }, identified: ['TF-17'], subs: [{ marker: 1, hex: '1513', counter: 'SS-1' }] });
    const ran = moveIjn(s, { for: [{ purpose: 'Doctrine Table, SS', rolls: [3] }] });
    expect(ran.ofType('IjnDecided')[0]).toMatchObject({ what: 'movement of submarine 1: toward USN TF-17 (1816)' });
    expect(ran.ofType('coral.sub.moved')).toHaveLength(1);
    const to = (ran.ofType('coral.sub.moved')[0] as { to: string }).to;
    expect(ran.s.submarines[0].hex).toBe(to);
    expect(to).not.toBe('1513');
  });
});
