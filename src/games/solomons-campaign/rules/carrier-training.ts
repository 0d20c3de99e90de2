/**
 * Training Carrier Air Units (47.0, optional: the game option `carrier-training`). Where NAC are
 * says whether they may operate from a carrier: NAC aboard a carrier are carrier trained (those
 * that arrive aboard their carrier, the chart's parentheses, are exempt: 47.3); NAC based on land
 * are not (those of the Reinforcement Chart, which appear on an airbase, 47.1; and carrier NAC that
 * then operate from a land airbase, which must be trained again, 47.3). NAC on land go aboard a
 * carrier only by training: the line
 *
 *   TRAIN 3 NAC ON CVL-3                          3A, 47.1-47.2
 *
 * in the Logistics Phase, carried out in the Refit Segment after the refits: the carrier and the NAC,
 * both at a major base (Truk for Japan; Australia or Espiritu Santo for the US), leave the map and
 * come back as reinforcements two turns later (Japan) or one (US), the NAC aboard. The NAC may not be
 * fatigued; the carrier not crippled nor refitting (it went to sea this turn, 20.5) and with room
 * for them (12.3). An air transfer of land NAC to a carrier is refused (47.1), and land NAC diverted
 * in the Air Basing Sub-Segment land on airbases only.
 */
import type { RulesEvent } from '../../../engine/ruleset';
import type { SolOrder } from '../orders';
import { type AirPool, SIDE_NAME, type SolSide, type SolState } from '../state';
import { arrival, home, withoutShip } from './log-events';
import type { SolFold } from './naval';
import type { Problem } from './planning';

export type TrainOrder = { readonly kind: 'train'; readonly points: number; readonly ship: string };

/** 47.1 (printed): the major bases where carriers and NAC train, and the turns they are away. */
export const TRAINING_BASES: Readonly<Record<SolSide, readonly string[]>> = { japanese: ['Truk'], us: ['Australia', 'Espiritu Santo'] };
export const TRAINING_TURNS: Readonly<Record<SolSide, number>> = { japanese: 2, us: 1 };

export function parseTrainLine(line: string): TrainOrder | null {
  const m = /^TRAIN\s+(\d+)\s+NAC\s+ON\s+(\S+)$/i.exec(line.trim());
  return m ? { kind: 'train', points: Number(m[1]), ship: m[2].toUpperCase() } : null;
}

export const formatTrainOrder = (o: TrainOrder): string => `TRAIN ${o.points} NAC ON ${o.ship}`;
export const isTrainOrder = (o: SolOrder): o is TrainOrder & SolOrder => o.kind === 'train';

const isCarrierId = (s: SolState, side: SolSide, id: string): boolean => id.split('-')[0] in s.airData.carrierCapacity[side];

/**
 * 47.1, 47.3: with the option, NAC based on land (an airbase or a major base) may not go aboard a
 * carrier untrained: the refusal of an air transfer from `from` (not a carrier) to a carrier, or null.
 */
export function untrainedToCarrier(s: SolState, fromCarrier: boolean, toCarrier: boolean): string | null {
  if (!s.options.carrierTraining || fromCarrier || !toCarrier) return null;
  return 'NAC based on land are not carrier trained: they go aboard a carrier only by training at a major base (TRAIN <n> NAC ON <carrier> in the Logistics Phase)';
}

/** 2A3h with the option: a move of NAC that took off from land lands on no carrier (47.1, 47.3). */
export const landsOnCarriers = (s: SolState, side: SolSide, from: string): boolean =>
  !s.options.carrierTraining || isCarrierId(s, side, from);

const landNac = (s: SolState, side: SolSide, at: string, fatigued: boolean): number =>
  s.forces[side].air.filter((a) => a.at === at && a.type === 'NAC' && a.fatigued === fatigued).reduce((t, a) => t + a.points, 0);

/** 47.1-47.2: what the state says against each TRAIN line. */
export function checkTraining(s: SolState, side: SolSide, orders: readonly SolOrder[]): Problem[] {
  const problems: Problem[] = [];
  const named = new Set<string>();
  const used = new Map<string, number>();
  const one = (o: SolOrder, index: number): void => {
    if (!isTrainOrder(o)) return;
    const bad = (problem: string, rule: string): void => {
      problems.push({ index, problem, rule });
    };
    if (!s.options.carrierTraining)
      return bad('carrier training is the optional rule 47.0, not chosen for this game (the option carrier-training)', '47.0');
    const ship = s.forces[side].ships[o.ship];
    if (!ship) return bad(`${o.ship} is no ship of yours on the map`, '47.1');
    if (!isCarrierId(s, side, ship.id)) return bad(`${o.ship} is no carrier: NAC train aboard a carrier`, '47.1');
    if (named.has(ship.id)) return bad(`${o.ship} is named on an earlier TRAIN line: one line a carrier`, '47.1');
    named.add(ship.id);
    const bases = TRAINING_BASES[side];
    if (!bases.includes(ship.at)) return bad(`${o.ship} is at ${ship.at}: carriers and NAC train at ${bases.join(' or ')} only`, '47.1');
    if (o.points < 1) return bad('name at least one NAC point to train', '47.1');
    if (ship.crippled) return bad(`${o.ship} is crippled: a crippled carrier does not train NAC`, '47.2');
    if (s.sailed[side].includes(ship.id))
      return bad(`${o.ship} went to sea this turn and refits in this Refit Segment (20.5): a carrier in refit does not train NAC`, '47.2');
    const room = (s.airData.carrierCapacity[side][ship.type] ?? 0) - ship.nac;
    if (room < o.points) return bad(`${o.ship} has room for ${Math.max(0, room)} more NAC (12.3); ${o.points} ordered`, '47.2');
    const ready = landNac(s, side, ship.at, false) - (used.get(ship.at) ?? 0);
    if (ready < o.points) {
      const tired = landNac(s, side, ship.at, true);
      if (tired > 0)
        return bad(
          `${ship.at} has ${Math.max(0, ready)} NAC not fatigued (and ${tired} fatigued, which do not train); ${o.points} ordered`,
          '47.2',
        );
      return bad(`${ship.at} has ${Math.max(0, ready)} NAC of yours on land to train; ${o.points} ordered`, '47.1');
    }
    used.set(ship.at, (used.get(ship.at) ?? 0) + o.points);
  };
  orders.forEach((o, index) => {
    one(o, index);
  });
  return problems;
}

export type TrainingEvent = RulesEvent<'sol.carrier-training', { side: SolSide; ship: string; at: string; points: number; back: number }>;
export const isTrainingEvent = (e: RulesEvent): e is TrainingEvent => e.type === 'sol.carrier-training';

/** 3A, 47.1: the TRAIN lines (checked), after the refits of the Refit Segment. */
export function trainingSegment(f: SolFold, side: SolSide, orders: readonly SolOrder[]): void {
  for (const o of orders.filter(isTrainOrder)) {
    const ship = f.s.forces[side].ships[o.ship];
    f.emit({
      type: 'sol.carrier-training',
      data: { side, ship: ship.id, at: ship.at, points: o.points, back: f.s.turn + TRAINING_TURNS[side] },
      visibleTo: [side],
    });
  }
}

/** `points` ready NAC taken off the land pools at `at` (fatigued ones do not train, 47.2). */
function takeNac(air: readonly AirPool[], at: string, points: number): AirPool[] {
  let left = points;
  const out: AirPool[] = [];
  for (const a of air) {
    if (left > 0 && a.at === at && a.type === 'NAC' && !a.fatigued) {
      const take = Math.min(left, a.points);
      left -= take;
      if (a.points > take) out.push({ ...a, points: a.points - take });
    } else out.push(a);
  }
  return out;
}

export function evolveTraining(s: SolState, e: TrainingEvent): SolState {
  const d = e.data;
  const f = s.forces[d.side];
  const ship = f.ships[d.ship];
  let out = withoutShip({ ...f, air: takeNac(f.air, d.at, d.points) }, d.ship);
  const tf = ship.tf === null ? null : out.taskForces[ship.tf];
  if (tf && !tf.ships.length && tf.kind !== 'deception') {
    const { [tf.id]: _gone, ...taskForces } = out.taskForces;
    out = { ...out, taskForces };
  }
  const back = arrival(d.side, d.back, d.at, 'training', { ships: [home(ship, d.at, ship.nac + d.points)] });
  return { ...s, forces: { ...s.forces, [d.side]: out }, arrivals: [...s.arrivals, back] };
}

export const narrateTraining = (e: TrainingEvent): string[] => [
  `${SIDE_NAME[e.data.side]} ${e.data.ship} and ${e.data.points} NAC leave ${e.data.at} to train: back on turn ${e.data.back}, the NAC aboard (47.1).`,
];
