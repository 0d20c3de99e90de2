/**
 * The Turn Record/Reinforcement Chart (50.0 scenario notes: printed on the mapsheet, which is not
 * available): rebuilt turn by turn from the historical arrivals, inside what the rules print about
 * it. Turns count from August I = 1 (4.8). Ships, ground units and supply appear on major bases, air
 * on the airbases of major base hexes, NAC of an arriving carrier aboard it (50.0 notes); some late
 * Japanese air is marked to enter fatigued (`arrivesFatigued`, the chart's "(F)"), which only the
 * Japanese Pilot Attrition option applies (21.10, rules/options.ts). The units the additional forces bring
 * (39.3-39.6, 18th Army included) are in deployment.ts; the Japanese submarines (1D, 36.2, not
 * built) are left out until their rules are built. The chart's NAC that appear on land, to be
 * carrier trained (47.1, optional), are `TRAINING_NAC`: brought only with that option.
 */
import type { AirData, GroundData } from './deployment';
import { rebuilt } from './source';

/** A chart air arrival; `arrivesFatigued`: marked "(F)" on the chart, entering fatigued with option 21.10 only. */
export type ChartAir = AirData & { readonly arrivesFatigued?: true };

export type ChartArrival = {
  readonly turn: number;
  readonly at: string;
  readonly ships?: readonly string[];
  /** NAC aboard an arriving carrier (50.0: shown in parentheses) */
  readonly nac?: Readonly<Record<string, number>>;
  readonly air?: readonly ChartAir[];
  readonly ground?: readonly GroundData[];
};

const inf = (id: string, service: 'army' | 'navy', size: GroundData['size']): GroundData => ({ id, service, type: 'infantry', size });
const air = (service: AirData['service'], type: AirData['type'], points: number, arrivesFatigued = false): ChartAir =>
  arrivesFatigued ? { service, type, points, arrivesFatigued } : { service, type, points };

/** 21.10: why the "(F)" marks fall where they do (the chart that prints them is lost). */
export const PILOT_ATTRITION_WHY =
  'rebuilt: 21.10 names the declining quality of Japanese pilots; the (F) marks are put on every Japanese LAC/NAC arrival from Nov I (turn 7) on, when the losses of the Guadalcanal air battles and of Santa Cruz (late Oct 1942) had used up the trained pilots';

const WHY =
  'rebuilt: the chart is on the mapsheet; arrivals follow the historical ones (month halves as turns, 4.8), ships on the unlimited off-map bases (12.2 room), ground and air on the on-map bases (50.0 notes), ids continue the set-up numbering (2.19: ids are for game purposes)';

export const CHART = {
  japanese: rebuilt<ChartArrival[]>(
    [
      {
        turn: 2,
        at: 'Rabaul',
        ground: [inf('2/28-INF', 'army', 'battalion'), inf('Y5-2', 'navy', 'battalion')],
        air: [air('navy', 'LAC', 6)],
      },
      { turn: 2, at: 'Truk', ships: ['DD-7', 'DD-8'] },
      { turn: 3, at: 'Rabaul', air: [air('navy', 'LAC', 4)] },
      { turn: 4, at: 'Truk', ships: ['DD-9', 'DD-10', 'TR-2', 'TR-3'] },
      { turn: 5, at: 'Truk', ships: ['CVL-7', 'CVL-8', 'BC-9', 'BC-10'], nac: { 'CVL-7': 3, 'CVL-8': 3 } },
      { turn: 6, at: 'Truk', ships: ['CA-8', 'TR-4', 'TR-5', 'TR-6'] },
      { turn: 7, at: 'Rabaul', air: [air('navy', 'LAC', 4, true)] },
      { turn: 9, at: 'Rabaul', air: [air('army', 'LAC', 6, true)] },
      { turn: 11, at: 'Rabaul', air: [air('army', 'LAC', 4, true)] },
    ],
    `${WHY}; Japan: the Ichiki and 5th Yokosuka landings (Aug II), destroyer and transport groups, Junyo and Hiyo (as CVL within the 50.0 NAC) with Kongo and Haruna (Oct I), army air from Dec I; air from Nov I marked (F) (21.10: ${PILOT_ATTRITION_WHY})`,
  ),
  us: rebuilt<ChartArrival[]>(
    [
      { turn: 2, at: 'Espiritu Santo', air: [air('navy', 'LAC', 3), air('army', 'LAC', 1)] },
      { turn: 2, at: 'Australia', ships: ['CV-4'], nac: { 'CV-4': 8 } },
      { turn: 4, at: 'Australia', ships: ['BB-2', 'DD-6', 'DD-7'] },
      { turn: 5, at: 'Espiritu Santo', ground: [inf('164-INF', 'army', 'regiment')], air: [air('army', 'LAC', 2)] },
      { turn: 5, at: 'Australia', ships: ['BB-3', 'CL-11', 'TR-8', 'TR-9'] },
      { turn: 7, at: 'Espiritu Santo', ground: [inf('182-INF', 'army', 'regiment')], air: [air('navy', 'LAC', 3)] },
      { turn: 7, at: 'Australia', ships: ['CA-7', 'CL-12', 'DD-8', 'DD-9'] },
      { turn: 10, at: 'Espiritu Santo', ground: [inf('35-INF', 'army', 'regiment')], air: [air('army', 'LAC', 3)] },
      { turn: 11, at: 'Espiritu Santo', ground: [inf('27-INF', 'army', 'regiment')] },
    ],
    `${WHY}; US: the Cactus Air Force (Aug II), Hornet (Aug II), Washington (Sep II), South Dakota (Oct I), the Americal regiments 164th (Oct I) and 182nd (Nov I), the 25th Division's regiments (Dec II, Jan I)`,
  ),
};

/**
 * 47.1 (optional): the chart's NAC that appear on land (not aboard a carrier) and must be carrier
 * trained. The rebuilt chart above brings none, so one arrival a side is rebuilt; they are brought
 * only with Training Carrier Air Units, leaving the game without it as it was.
 */
export const TRAINING_NAC = {
  japanese: rebuilt<ChartArrival[]>(
    [{ turn: 8, at: 'Truk', air: [air('navy', 'NAC', 3)] }],
    'rebuilt: 47.1 names NAC on the Reinforcement Chart that must be trained before they fly from carriers, and the lost chart shows none the other rebuilt rows keep; after Santa Cruz (late Oct 1942) the Japanese carrier air groups were rebuilt with new crews, and the first replacement carrier squadrons are put at Truk on Nov II (turn 8), 3 points (one CVL load)',
  ),
  us: rebuilt<ChartArrival[]>(
    [{ turn: 9, at: 'Espiritu Santo', air: [air('navy', 'NAC', 3)] }],
    'rebuilt: as for Japan (47.1); replacement Navy carrier squadrons reached the South Pacific in December 1942 as Saratoga returned, and are put at Espiritu Santo on Dec I (turn 9), 3 points',
  ),
};
