/**
 * formatOrders writes orders as a player writes them, and reading the text back gives the same
 * orders (the acknowledgment's "as understood" is an order text the umpire would take).
 */
import { formatOrders, parseOrders } from '../../../../src/games/coral-sea-solitaire/orders';
import type { CoralOrder } from '../../../../src/games/coral-sea-solitaire/types';
import { position, stepOf, withFaceUp } from './fixture';

const s = withFaceUp(position(), 'ijn:CA-3');

const SAMPLES: Record<string, string> = {
  deployment:
    'DEPLOY TF-11, TF-17 AT 2421\nDEPLOY TF-44 AT South-Australia\nBASE 5 LF 6 LMB 2 LHB AT North-Australia\nCV-3 WITH TF-11\nB-1 WITH TF-17\nB-1, B-2 NEW TF-5 WITH DD-4 FROM TF-17\nB-2 NEW TF WITH DD-3 FROM TF-17',
  'command-decision': 'CP ORG 2 INTEL 5 OPS 7 LOG 6',
  organization: 'NEW TF-3 FROM TF-11: CA-1, DD-1\nTRANSFER DD-3, DD-4 FROM TF-17 TO TF-11',
  'air-transfer': 'TRANSFER AIR 2 LF 1 LMB FROM North Australia TO Port-Moresby\nTRANSFER AIR VF 1 FROM Yorktown TO Lexington',
  intelligence:
    'INTEL CSF\nINTEL PMG PREFER IDENTIFY\nINTEL CG UNTIL IDENTIFIED MAX 2\nINTEL IJN-CA-3 PREFER REVEAL UNTIL REVEALED\nUNIDENTIFY TF-44',
  'movement-usn': 'MOVE TF-17 2320 2319 FAST\nMOVE TF-11 SE SW\nMOVE TF-44 TO Deboyne FAST\nSTAY TF-6\nNONE',
  'air-missions':
    'STRIKE CV-2 VB 5 VT 2 AT TG\nESCORT CV-2 VF 1 AT TG\nCAP CV-1 VF 3\nSTRIKE North-Australia 2 LHB 6 LMB AT Lae\nESCORT Port-Moresby LF 2',
  'air-assign': 'ASSIGN AS COMMITTED\nASSIGN CV-1 VF 1 TO ESCORT AT TG\nASSIGN North-Australia LMB 2 TO STRIKE',
  'bombard-usn': 'BOMBARD Lae\nBOMBARD Rabaul WITH TF-44, TF-17\nNO BOMBARD',
  'logistics-usn': 'REFIT CARRIERS\nREFIT Port-Moresby\nREST TF-17, TF-11\nREPAIR CA-4\nREFUEL TF-6\nREFUEL ALL',
  'air-losses': 'LOSSES 2 VB 1 VT\nLOSSES FIGHTERS FIRST\nLOSSES FIRST LHB, VT',
  screen: 'SCREEN CV-2, DD-3\nSCREEN MAX\nSCREEN NONE',
  leadership: 'LEADERSHIP SAVE',
  'intelligence-choice': 'IDENTIFY\nREVEAL CG',
  'basing-choice': 'LAND CV-1 AIR ON North-Australia',
};

describe('Coral Sea orders: format, then parse again', () => {
  it.each(Object.entries(SAMPLES))('%s orders read back the same', (row, text) => {
    const first = parseOrders(s, 'usn', text, stepOf(row));
    if (!first.ok) throw new Error(JSON.stringify(first.errors));
    const written = formatOrders(first.orders);
    const again = parseOrders(s, 'usn', written, stepOf(row));
    expect(again).toEqual({ ok: true, orders: first.orders });
  });

  it('writes the canonical form: counter ids, hex ids, types with their numbers', () => {
    const orders: CoralOrder[] = [
      { kind: 'deploy', tf: 'TF-44', hex: '0619' },
      { kind: 'mission', mission: 'strike', from: 'North-Australia', air: { LMB: 6, LHB: 2 }, target: 'Lae', extended: true },
      { kind: 'battleships-tf', ships: ['usn:B-1'], escort: 'usn:DD-3', from: 'TF-17' },
      { kind: 'intelligence', target: 'CSF', prefer: 'reveal', until: 'revealed', max: 3 },
    ];
    expect(formatOrders(orders)).toBe(
      'DEPLOY TF-44 AT 0619\nSTRIKE North-Australia LMB 6 LHB 2 AT Lae EXTENDED\nB-1 NEW TF WITH DD-3 FROM TF-17\nINTEL CSF PREFER REVEAL UNTIL REVEALED MAX 3',
    );
  });

  it("writes the IJN system side's decisions for the referee's log (never mailed)", () => {
    expect(formatOrders([{ kind: 'ijn-chit', fn: 'initiative', use: true }])).toContain('IJN');
  });
});
