/**
 * The setup (4.2-4.3; the options 30.1 Bigger Carrier Battle, 31 historical deployment, 35
 * optional deployment): each side's task forces and where they start, the air on carriers and at
 * bases, the IJN's draws, placements, submarines, reinforcements and chits.
 */
import { fromRule } from './provenance';

export const setupData = {
  usn: fromRule(
    {
      taskForces: {
        'TF-11': { ships: ['CV-1', 'CA-1', 'CA-2', 'DD-1', 'DD-2'], at: 'New-Caledonia or adjacent' },
        'TF-17': { ships: ['CV-2', 'CA-3', 'CA-4', 'CA-5', 'DD-3', 'DD-4'], at: 'New-Caledonia or adjacent' },
        'TF-6': { ships: ['DD-5'], at: 'New-Caledonia or adjacent' },
        'TF-9': { ships: ['CYP-1'], at: 'New-Caledonia or adjacent' },
        'TF-44': { ships: ['CA-6', 'CA-7', 'CA-8', 'DD-6'], at: 'North-Australia or South-Australia' },
      },
      carrierAir: { 'CV-1': { VF: 3, VB: 5, VT: 2 }, 'CV-2': { VF: 3, VB: 5, VT: 2 } },
      baseAir: { 'Port-Moresby': { LF: 2 }, Australia: { LF: 5, LMB: 6, LHB: 2 } },
      tfMarkers: ['TF-11', 'TF-17', 'TF-6', 'TF-9', 'TF-44', 'TF-3', 'TF-5'],
    },
    '4.2, Q3, Q5',
  ),
  ijn: fromRule(
    {
      fixedShips: { PMG: ['TR-1', 'TR-2', 'TR-3'], TG: ['TR-4'], SG: ['CYP-1', 'GB-1'] },
      carrierDraw: {
        pool: ['CV-1', 'CV-2', 'CVL-3'],
        deal: [
          ['CSF', 2],
          ['CG', 1],
        ],
      },
      counterDraw: {
        pool: [
          'CA-1',
          'CA-2',
          'CA-3',
          'CA-4',
          'CA-5',
          'CA-6',
          'CL-1',
          'CL-2',
          'DD-1',
          'DD-2',
          'DD-3',
          'DD-4',
          'DD-5',
          'DD-6',
          'DD-7',
          'Dummy-1',
          'Dummy-2',
          'Dummy-3',
          'Dummy-4',
          'Dummy-5',
        ],
        deal: [
          ['CSF', 6],
          ['CG', 5],
          ['PMG', 5],
          ['TG', 2],
          ['SG', 2],
        ],
      },
      placement: {
        TG: { at: 'Santa-Isabel', turn: 1 },
        SG: { at: 'Santa-Isabel', turn: 1 },
        CSF: { at: 'To-Truk', turn: 3 },
        CG: { at: 'Rabaul', turn: 3 },
        PMG: { at: 'Rabaul', turn: 3 },
      },
      carrierAir: { 'CV-1': { VF: 3, VB: 3, VT: 3 }, 'CV-2': { VF: 3, VB: 3, VT: 3 }, 'CVL-3': { VF: 2, VT: 2 } },
      baseAir: { Rabaul: { LF: 2, LMB: 6 }, Lae: { LF: 2 } },
      reinforcementAir: [{ base: 'Rabaul', turn: 3, air: { LF: 6, LMB: 6 } }],
      submarines: ['SS-1', 'SS-2', 'SS-3'],
      chits: { start: 2, day4: 1 },
      panicStart: 0,
    },
    '4.3, errata',
  ),
  historical: fromRule(
    {
      CSF: ['CV-1', 'CV-2', 'CA-1', 'CA-2', 'DD-1', 'DD-2', 'DD-3'],
      CG: ['CVL-3', 'CA-3', 'CA-4', 'CA-5', 'CA-6'],
      PMG: ['CL-1', 'DD-4', 'DD-5', 'DD-6'],
      TG: ['DD-7'],
      SG: ['CL-2', 'GB-1', 'CYP-1'],
    },
    '31.1',
  ),
  biggerBattle: fromRule(
    {
      ijn: {
        ship: 'CV-4',
        air: { VF: 4, VB: 3, VT: 4 },
        deal: [
          ['CSF', 3],
          ['CG', 1],
        ],
      },
      usn: { ships: ['CV-3', 'DD-7'], air: { VF: 4, VB: 5, VT: 2 } },
    },
    '30.1',
  ),
};
