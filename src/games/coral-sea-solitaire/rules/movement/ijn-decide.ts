/**
 * The IJN system side's movement of one task force or submarine (4a, 14.6-14.10, 19.3, 20.3, 9.4):
 * a pure function of what the IJN may know (its own TF, the USN TFs' positions and whether each is
 * identified, a carrier in an identified TF), the box and the dice. The doctrine roll comes from
 * ijn/doctrine.ts; this turns its result into a path:
 * - `direction`: on that heading (14.8 deflection, 14.10 the map edge);
 * - `objective`: toward the TF's objective hex, stopping there (14.8); an amphibious TF whose
 *   landings are done has no objective left and retires (reconstructed reading of 14.8's "resume
 *   the normal movement procedure");
 * - `usn-carrier` / `usn-tf`: toward the nearest identified USN carrier TF / identified USN TF by
 *   sea (ties: the order of the USN TFs given), else toward the escorted TF, else the objective;
 * - `escort`: toward the TF it escorts, else its objective;
 * - `retire`: toward the nearest of its retirement hexes (Rabaul or the To Truk hexes; ties west
 *   first); post-panic it leaves the map on entering Rabaul or any To Truk hex (14.10);
 * - `stay`, `random` (submarines): no move, or a heading at random (2.2).
 * No roll at all (brief 9.19) when 14.9 holds the TF (a USN TF in its hex and no initiative) or
 * 20.3 does (a landing in progress at its objective).
 */
import type { Dice, RollOptions } from '../../../../engine/ruleset';
import { chooseAtRandom, type HexDirection, type RandomChoice } from '../../../kit';
import type { Board } from '../../box/board';
import type { CoralBox, CoralSide, IjnTf, MoveResult } from '../../box/schema';
import { type Decision, movementDoctrine } from '../../ijn/doctrine';
import type { Facts } from '../../ijn/modifiers';
import { type Plan, planHeading, planToward, type Stop, seaReach, type Walk } from './path';

/** A USN TF as the IJN sees it: where, identified or not, and (identified only) whether it has a carrier. */
export interface UsnTfSeen {
  readonly id: string;
  readonly hex: string;
  readonly identified: boolean;
  /** Known only for an identified TF; null otherwise. */
  readonly carrier: boolean | null;
}

export interface IjnMoveFacts {
  readonly tf: IjnTf;
  readonly hex: string;
  /** 14.1, 14.2, 14.7: the TF's MA from its own ships. */
  readonly ma: number;
  /** Why a fast result cannot be carried out (14.3), or null. */
  readonly noFast: string | null;
  readonly night: boolean;
  readonly panicked: boolean;
  readonly ijnChits: number;
  readonly initiative: CoralSide | null;
  readonly objective: { readonly name: string; readonly hex: string } | null;
  /** 20.3: at its objective with transports still to land, and no panic. */
  readonly landingInProgress: boolean;
  /** The amphibious TF's landings are over (20.3 "completed"): its objective is done. */
  readonly objectiveDone: boolean;
  readonly escorts: { readonly tf: string; readonly hex: string } | null;
  /** Where it retires to (box `retireTo`): Rabaul's hex or the To Truk hexes, west to east. */
  readonly retireTo: { readonly name: 'Rabaul' | 'To-Truk'; readonly hexes: readonly string[] };
  /** 14.10: the hexes where a panicked IJN leaves the map. */
  readonly exits: { readonly rabaul: string; readonly toTruk: readonly string[] };
  readonly usn: readonly UsnTfSeen[];
}

export interface IjnMove {
  /** The doctrine roll (absent when no roll is made). */
  readonly decision?: Decision<MoveResult>;
  /** The movement points of the move: MA, plus the fast move's when allowed (14.3). */
  readonly mp: number;
  /** A fast result the TF could not carry out (14.3). */
  readonly fastRefused?: string;
  /** What the result was read as (`toward Port Moresby (0608)`, `heading SE`). */
  readonly reading: string;
  readonly plan: Plan;
  /** 20.3: held at its objective for a landing (the phase counts for 20.1). */
  readonly landing?: boolean;
}

const grid = (board: Board, a: string, b: string) => board.grid.distance(a, b);

/** 28.3: the distances the doctrine table's modifiers read, from the IJN's view. */
export function doctrineFacts(board: Board, hex: string, usn: readonly UsnTfSeen[], night: boolean): Facts {
  const nearest = (pick: (t: UsnTfSeen) => boolean) => {
    const ds = usn.filter(pick).map((t) => grid(board, hex, t.hex));
    return ds.length ? Math.min(...ds) : undefined;
  };
  const identifiedCarrier = nearest((t) => t.identified && t.carrier === true);
  return {
    nearestIdentifiedUsnCarrier: identifiedCarrier,
    nearestIdentifiedUsnTf: nearest((t) => t.identified),
    nearestUnidentifiedUsnTf: nearest((t) => !t.identified),
    nearestUsnCarrier: identifiedCarrier,
    night,
  };
}

/** 12.4: an IJN TF entering a hex with a USN TF stops there. */
export const stopAtUsn =
  (usn: readonly UsnTfSeen[]) =>
  (hex: string): Stop | null => {
    const there = usn.filter((t) => t.hex === hex).map((t) => t.id);
    return there.length
      ? { at: hex, reason: `entered ${hex} where USN ${there.join(', ')} ${there.length > 1 ? 'are' : 'is'}`, rule: '12.4' }
      : null;
  };

/** The nearest of `targets` by sea (ties: the order given), or null when none can be reached. */
function nearestBySea(board: Board, blocked: Walk['blocked'], from: string, targets: readonly { hex: string; name: string }[]) {
  let best: { hex: string; name: string; steps: number } | null = null;
  for (const t of targets) {
    const r = seaReach(board, blocked, from, t.hex);
    if (r && (best === null || r.steps < best.steps)) best = { ...t, steps: r.steps };
  }
  return best;
}

const held = (f: IjnMoveFacts, reason: string, rule: string, landing = false): IjnMove => ({
  mp: 0,
  reading: 'no roll',
  plan: { steps: [], stop: { at: f.hex, reason, rule }, choices: [] },
  ...(landing ? { landing } : {}),
});

/** 4a: one IJN TF's move this phase. `blocked` is the IJN's (./where.ts blockedFor). */
export function decideIjnMove(
  dice: Dice,
  box: CoralBox,
  board: Board,
  blocked: Walk['blocked'],
  f: IjnMoveFacts,
  options?: RollOptions,
): IjnMove {
  if (f.landingInProgress) return held(f, `landing at ${f.objective!.name}: it stays until its transports have landed`, '20.3, 14.8', true);
  const usnHere = f.usn.filter((t) => t.hex === f.hex).map((t) => t.id);
  if (usnHere.length && f.initiative !== 'ijn')
    return held(f, `starts in a hex with USN ${usnHere.join(', ')} and the IJN lacks the initiative`, '14.9, 12.5');
  const exits = [f.exits.rabaul, ...f.exits.toTruk];
  if (f.panicked && exits.includes(f.hex)) {
    const via = f.hex === f.exits.rabaul ? 'Rabaul' : 'To-Truk';
    return { mp: 0, reading: 'withdraws', plan: { steps: [], withdraw: { hex: f.hex, via }, choices: [] } };
  }
  const decision = movementDoctrine(dice, box, f.tf, doctrineFacts(board, f.hex, f.usn, f.night), {
    ijnChits: f.ijnChits,
    panicked: f.panicked,
    options,
  });
  const result = decision.roll.result;
  const fastRefused = result.fast && f.noFast ? f.noFast : undefined;
  const mp = f.ma + (result.fast && !f.noFast ? box.constants.fastMove.value : 0);
  const walk: Walk = {
    board,
    blocked,
    mp,
    stopIn: stopAtUsn(f.usn),
    who: f.tf,
    options,
    ...(f.panicked ? { leaveAt: (h: string) => (h === f.exits.rabaul ? 'Rabaul' : f.exits.toTruk.includes(h) ? 'To-Truk' : null) } : {}),
  };
  const base = { decision, mp, ...(fastRefused ? { fastRefused } : {}) };
  const toward = (t: { hex: string; name: string }, rule = '14.6, 14.8'): IjnMove => ({
    ...base,
    reading: `toward ${t.name}`,
    plan: planToward(walk, f.hex, t.hex, t.name, rule),
  });
  const objective = (): IjnMove => {
    if (!f.objective || f.objectiveDone) return retire();
    return toward({ hex: f.objective.hex, name: `${f.objective.name} (${f.objective.hex})` });
  };
  const retire = (): IjnMove => {
    const named = f.retireTo.hexes.map((hex) => ({ hex, name: `${f.retireTo.name} (${hex})` }));
    const goal = nearestBySea(board, blocked, f.hex, named);
    return goal
      ? toward(goal, f.panicked ? '9.4, 14.10' : '14.6')
      : { ...base, reading: 'retire', plan: held(f, 'no way by sea to retire', '14.4').plan };
  };
  const escort = (): IjnMove => (f.escorts ? toward({ hex: f.escorts.hex, name: `${f.escorts.tf} (${f.escorts.hex})` }) : objective());
  const usnTarget = (pick: (t: UsnTfSeen) => boolean, otherwise: () => IjnMove): IjnMove => {
    const goal = nearestBySea(
      board,
      blocked,
      f.hex,
      f.usn.filter(pick).map((t) => ({ hex: t.hex, name: `USN ${t.id} (${t.hex})` })),
    );
    return goal ? toward(goal) : otherwise();
  };
  const heading = (d: HexDirection, choice?: RandomChoice<HexDirection>): IjnMove => {
    const plan = planHeading(dice, walk, f.hex, d, '14.6');
    return { ...base, reading: `heading ${d}`, plan: choice ? { ...plan, choices: [choice, ...plan.choices] } : plan };
  };
  switch (result.kind) {
    case 'direction':
      return heading(result.direction as HexDirection);
    case 'objective':
      return objective();
    case 'usn-carrier':
      return usnTarget((t) => t.identified && t.carrier === true, objective);
    case 'usn-tf':
      return usnTarget((t) => t.identified, escort);
    case 'escort':
      return escort();
    case 'retire':
      return retire();
    case 'stay':
      return { ...base, reading: 'stays', plan: held(f, 'the doctrine keeps it where it is', '14.6').plan };
    case 'random': {
      const choice = chooseAtRandom(dice, board.grid.directions, `${f.tf}: heading at random`, '2.2', options);
      return heading(choice.chosen, choice);
    }
  }
}

/** A submarine marker as the IJN moves it (19.3): its hex and the USN TFs it may steer for. */
export interface SubMoveFacts {
  readonly marker: number;
  readonly hex: string;
  readonly night: boolean;
  readonly usn: readonly UsnTfSeen[];
}

/**
 * 19.3, 12.6: a submarine moves one hex a phase by the doctrine table's SS column: it stays, closes
 * on the nearest identified USN TF (staying when there is none), or takes a heading at random.
 * Surface ships never stop it; land and enemy major bases do, as for any naval unit.
 */
export function decideSubMove(
  dice: Dice,
  box: CoralBox,
  board: Board,
  blocked: Walk['blocked'],
  f: SubMoveFacts,
  options?: RollOptions,
): IjnMove {
  const who = `submarine ${f.marker}`;
  const decision = movementDoctrine(dice, box, 'SS', doctrineFacts(board, f.hex, f.usn, f.night), {
    ijnChits: 0,
    panicked: false,
    options,
  });
  const mp = box.movementPoints.SS.value;
  const walk: Walk = { board, blocked, mp, stopIn: () => null, who, options };
  const stay = (reason: string): IjnMove => ({
    decision,
    mp,
    reading: `stays: ${reason}`,
    plan: { steps: [], stop: { at: f.hex, reason, rule: '19.3' }, choices: [] },
  });
  switch (decision.roll.result.kind) {
    case 'usn-tf': {
      const goal = nearestBySea(
        board,
        blocked,
        f.hex,
        f.usn.filter((t) => t.identified).map((t) => ({ hex: t.hex, name: `USN ${t.id} (${t.hex})` })),
      );
      return goal
        ? { decision, mp, reading: `toward ${goal.name}`, plan: planToward(walk, f.hex, goal.hex, goal.name, '19.3') }
        : stay('no identified USN TF to close on');
    }
    case 'random': {
      const choice = chooseAtRandom(dice, board.grid.directions, `${who}: heading at random`, '2.2', options);
      const plan = planHeading(dice, walk, f.hex, choice.chosen, '19.3');
      return { decision, mp, reading: `heading ${choice.chosen}`, plan: { ...plan, choices: [choice, ...plan.choices] } };
    }
    default:
      return stay('the doctrine keeps it on its patrol line');
  }
}
