/**
 * 50.0 Initial Deployment Chart (August I), printed; the counter ids of ground units are rebuilt
 * (2.19: ids are for game purposes, any unit of the right size and service may do), and so are the
 * reinforcements the rules name without their chart (Turn Record/Reinforcement Chart, mapsheet).
 */
import { CHART, TRAINING_NAC } from './reinforcements';
import { printed, rebuilt } from './source';

export interface GroundData {
  readonly id: string;
  readonly service: 'army' | 'navy';
  readonly type: 'infantry' | 'airborne' | 'engineer';
  readonly size: 'battalion' | 'regiment' | 'brigade' | 'division';
}

export interface AirData {
  readonly service: 'army' | 'navy';
  readonly type: 'LAC' | 'NAC' | 'SAC' | 'MAC';
  readonly points: number;
  readonly fatigued?: boolean;
}

export interface Placement {
  /** a major base's name or a hex id */
  readonly at: string;
  readonly ships?: readonly string[];
  /** task force number (set-up TFs: US turn 1, 10.13) */
  readonly tf?: number;
  readonly nac?: Readonly<Record<string, number>>;
  readonly air?: readonly AirData[];
  readonly ground?: readonly GroundData[];
  readonly supply?: number;
}

const IDS = 'ground unit ids rebuilt from the historical units (2.19: ids are for game purposes)';
const bn = (id: string, service: 'army' | 'navy', type: GroundData['type'] = 'infantry'): GroundData => ({
  id,
  service,
  type,
  size: 'battalion',
});
const rgt = (id: string, service: 'army' | 'navy'): GroundData => ({ id, service, type: 'infantry', size: 'regiment' });
const div = (id: string): GroundData => ({ id, service: 'army', type: 'infantry', size: 'division' });

export const DEPLOYMENT = {
  japanese: [
    rebuilt(
      {
        at: 'Truk',
        ships: ['CV-1', 'CV-2', 'CVL-3', 'CVL-4', 'BC-5', 'BC-6', 'CA-4', 'CA-5', 'CA-6', 'CA-7', 'DD-3', 'DD-4', 'DD-5', 'DD-6'],
        nac: { 'CV-1': 6, 'CV-2': 6, 'CVL-3': 3, 'CVL-4': 3 },
        air: [{ service: 'navy', type: 'NAC', points: 1, fatigued: true }],
      },
      'ships, places and the 18 NAC among the four carriers printed (50.0); the split 6/6/3/3 rebuilt as the capacities',
    ),
    rebuilt(
      {
        at: 'Rabaul',
        ships: ['CA-1', 'CA-2', 'CA-3', 'DD-1', 'DD-2', 'TR-1'],
        air: [{ service: 'navy', type: 'LAC', points: 13 }],
        ground: [bn('Y5', 'navy'), bn('14-ENG', 'navy', 'engineer')],
      },
      `units and places printed (50.0); ${IDS}`,
    ),
    rebuilt(
      { at: 'Bougainville-W', ground: [bn('15-ENG', 'navy', 'engineer')], supply: 1 },
      `units and place printed (50.0 Bougainville western hex); ${IDS}`,
    ),
    rebuilt(
      { at: 'Guadalcanal-W', ground: [bn('NBGF', 'navy'), bn('11-ENG', 'navy', 'engineer')], supply: 1 },
      `units and place printed (50.0 Guadalcanal western hex); ${IDS}`,
    ),
  ],
  us: [
    rebuilt(
      {
        at: 'Guadalcanal-W',
        tf: 1,
        ships: ['CV-1', 'CV-2', 'CV-3', 'BB-1', 'CA-1', 'CA-2', 'CA-3', 'CL-10', 'DD-1', 'DD-2', 'DD-3'],
        nac: { 'CV-1': 8, 'CV-2': 8, 'CV-3': 8 },
      },
      '50.0, 10.13 (TF-1 at sea off Guadalcanal west)',
    ),
    printed(
      {
        at: 'Guadalcanal-W',
        tf: 2,
        ships: ['CA-4', 'CA-5', 'CA-6', 'DD-4', 'DD-5', 'TR-1', 'TR-2', 'TR-3', 'TR-4', 'TR-5', 'TR-6', 'TR-7'],
        supply: 6,
      },
      '50.0, 10.13 (TF-2 at sea, 6 supply among the transports)',
    ),
    printed(
      {
        at: 'Guadalcanal-W',
        ground: [
          rgt('1-MAR', 'navy'),
          rgt('5-MAR', 'navy'),
          rgt('2-MAR', 'navy'),
          bn('1-RDR', 'navy'),
          bn('1-PARA', 'navy', 'airborne'),
          bn('1-MAR-ENG', 'navy', 'engineer'),
        ],
      },
      `units and place printed (50.0 Guadalcanal western hex, on land; 2.7 the "1 MAR" engineer); ${IDS}`,
    ),
    rebuilt(
      {
        at: 'Espiritu Santo',
        air: [
          { service: 'navy', type: 'LAC', points: 3 },
          { service: 'army', type: 'LAC', points: 2 },
          { service: 'army', type: 'SAC', points: 3 },
          { service: 'army', type: 'MAC', points: 1 },
        ],
        ground: [bn('3/2-MAR', 'navy'), bn('3/7-MAR', 'navy')],
      },
      `units and places printed (50.0); ${IDS}`,
    ),
  ],
};

/** Reinforcements the rules name (39.3, 39.5, 39.6) and the rest of the chart, rebuilt (reinforcements.ts). */
export const REINFORCEMENTS = {
  us: rebuilt(
    [
      { turn: 2, at: 'Espiritu Santo', ground: [rgt('7-MAR', 'navy')], accelerated: 'lost' },
      { turn: 6, at: 'Espiritu Santo', ground: [rgt('8-MAR', 'navy'), bn('1/10-MAR', 'navy')], accelerated: 'lost' },
      { turn: 11, at: 'Espiritu Santo', ground: [rgt('6-MAR', 'navy')], accelerated: 'lost' },
    ],
    'the turns and units are printed (39.3, with 52.0 reading August IV and October IV as II); the base and ids rebuilt',
  ),
  usAccelerated: rebuilt(
    [
      { turn: 2, at: 'Espiritu Santo', ground: [rgt('7-MAR', 'navy'), rgt('8-MAR', 'navy'), rgt('6-MAR', 'navy'), bn('1/10-MAR', 'navy')] },
      { turn: 9, at: 'Espiritu Santo', ground: [rgt('132-INF', 'army')] },
    ],
    'turns and units printed (39.3); ids and base rebuilt',
  ),
  japanese: rebuilt(
    [
      { turn: 3, at: 'Rabaul', ground: [rgt('4-INF', 'army'), rgt('29-INF', 'army')], quickResponse: 'division' },
      { turn: 5, at: 'Rabaul', ground: [rgt('16-INF', 'army'), rgt('230-INF', 'army')], quickResponse: 'division' },
      { turn: 6, at: 'Rabaul', ground: [rgt('228-INF', 'army'), rgt('229-INF', 'army')], quickResponse: 'none' },
    ],
    'two regiments on Sep I, Oct I and Oct II printed (39.5); ids and base rebuilt',
  ),
  japaneseQuickResponse: rebuilt(
    [
      { turn: 2, at: 'Rabaul', ground: [{ id: '35-BDE', service: 'army', type: 'infantry', size: 'brigade' }] },
      { turn: 3, at: 'Rabaul', ground: [div('2-DIV')] },
      { turn: 5, at: 'Rabaul', ground: [div('38-DIV')] },
    ],
    'a brigade on Aug II and a division on Sep I and Oct I printed (39.5); ids (the 2nd and 38th Divisions, whose regiments the regular schedule brings) and base rebuilt',
  ),
  japanese18thArmy: rebuilt(
    [
      { turn: 10, at: 'Rabaul', ground: [div('51-DIV')] },
      { turn: 11, at: 'Rabaul', ground: [div('20-DIV')] },
      { turn: 12, at: 'Rabaul', ground: [div('41-DIV')] },
    ],
    'the "(18th Army)" units are on the mapsheet chart (39.4), not available: rebuilt as the three divisions of the historical 18th Army, one a turn from Dec II (after the Dec I announcement), at Rabaul',
  ),
  yamatoMusashi: printed({ ships: ['BB-1', 'BB-2'], at: 'Truk', fromTurn: 3 }, '39.6'),
  chartJapanese: CHART.japanese,
  chartUs: CHART.us,
  trainingNacJapanese: TRAINING_NAC.japanese,
  trainingNacUs: TRAINING_NAC.us,
};
