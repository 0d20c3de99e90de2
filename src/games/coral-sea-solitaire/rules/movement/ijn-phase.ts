/**
 * 4a, the IJN Naval Movement Phase: each IJN TF in the doctrine table's order (CSF, PMG, TG, SG, CG),
 * then each submarine marker by number (19.3). The facts each decision reads are gathered here from
 * the state as the IJN may know them (ijnMoveFacts, usnAsSeen); the decision itself is the pure
 * ./ijn-decide.ts. Every roll and every choice at random is an IjnDecided event; every step a
 * `coral.tf.step` (or `coral.sub.moved`) with the identifications it causes (28.2).
 */
import type { StepHandler } from '../../../../engine/define';
import { Fold } from '../../../kit';
import type { Board } from '../../box/board';
import { type CoralBox, IJN_TFS, type IjnTf } from '../../box/schema';
import { type CoralEvent, evolve } from '../../events';
import { isDay } from '../../steps';
import type { CoralOrder, CoralState } from '../../types';
import { type CoralFold, enter, stopped } from './enter';
import { decideIjnMove, decideSubMove, type IjnMove, type IjnMoveFacts, type UsnTfSeen } from './ijn-decide';
import {
  afloat,
  allowance,
  blockedFor,
  boardFor,
  hexOfPlace,
  movementOf,
  onMap,
  shipsOf,
  taskForcesOn,
  transportsOf,
  transportsToLand,
} from './where';

/** The USN TFs as the IJN knows them: every marker's hex and side up; the carriers of identified ones. */
export const usnAsSeen = (s: CoralState): UsnTfSeen[] =>
  taskForcesOn(s, { side: 'usn' }).map((t) => ({
    id: t.id,
    hex: t.hex!,
    identified: t.identified,
    carrier: t.identified ? shipsOf(s, t).some((x) => x.type === 'CV' || x.type === 'CVL') : null,
  }));

/** What one IJN TF's movement decision may read (the IJN's own forces and what it knows of the USN). */
export function ijnMoveFacts(s: CoralState, box: CoralBox, id: IjnTf): IjnMoveFacts {
  const tf = s.taskForces[id];
  const spec = box.ijnTaskForces[id];
  const objectivePlace = spec.objective.value;
  const objective = objectivePlace ? { name: objectivePlace, hex: hexOfPlace(box, objectivePlace) } : null;
  const amphibious = transportsOf(s, tf).length > 0;
  const toLand = transportsToLand(s, tf).length;
  const over = movementOf(s).invasions[id] !== undefined;
  const escorted = spec.escorts.value ? s.taskForces[spec.escorts.value] : undefined;
  const rabaul = hexOfPlace(box, 'Rabaul');
  const toTruk = box.map.toTruk.value;
  const { ma, noFast } = allowance(s, box, tf);
  return {
    tf: id,
    hex: tf.hex!,
    ma,
    noFast,
    night: !isDay(s.turn),
    panicked: s.panic.panicked,
    ijnChits: s.chits.ijn,
    initiative: s.initiative,
    objective,
    landingInProgress: amphibious && !over && toLand > 0 && !s.panic.panicked && tf.hex === objective?.hex,
    objectiveDone: amphibious && (over || toLand === 0),
    escorts: escorted && onMap(escorted) ? { tf: escorted.id, hex: escorted.hex! } : null,
    retireTo: spec.retireTo.value === 'Rabaul' ? { name: 'Rabaul', hexes: [rabaul] } : { name: 'To-Truk', hexes: toTruk },
    exits: { rabaul, toTruk },
    usn: usnAsSeen(s),
  };
}

/** The IjnDecided events of one move: the doctrine roll (with its chit check) and every pick at random. */
function decided(f: CoralFold, who: string, move: IjnMove): void {
  const d = move.decision;
  if (d) {
    const fast = d.roll.result.fast ? (move.fastRefused ? `; no fast move: ${move.fastRefused}` : `, fast: ${move.mp} MP`) : '';
    f.emit({
      type: 'IjnDecided',
      data: { what: `movement of ${who}: ${move.reading}${fast}`, roll: d.roll, ...(d.chit ? { chit: d.chit } : {}) },
    });
    if (d.chit?.result === 'use')
      f.emit({ type: 'coral.chit.used', data: { side: 'ijn', what: `movement doctrine, ${who}`, rule: '8.5' } });
  }
  for (const choice of move.plan.choices) f.emit({ type: 'IjnDecided', data: { what: `movement of ${who}: ${choice.purpose}`, choice } });
}

function moveTaskForce(f: CoralFold, box: CoralBox, board: Board, id: IjnTf, dice: Parameters<StepHandler>[3]['dice']): void {
  const move = decideIjnMove(dice, box, board, blockedFor(board, box, 'ijn'), ijnMoveFacts(f.s, box, id));
  decided(f, id, move);
  if (move.landing)
    f.emit({ type: 'coral.landing.phase', data: { tf: id, hex: f.s.taskForces[id].hex!, turn: f.s.turn, rule: '20.1, 20.3' } });
  for (const [i, step] of move.plan.steps.entries()) enter(f, box, f.s.taskForces[id], step, i + 1);
  if (move.plan.withdraw) f.emit({ type: 'coral.tf.withdrawn', data: { tf: id, ...move.plan.withdraw, rule: '14.10, 9.4' } });
  if (move.plan.stop) stopped(f, id, move.plan.stop);
}

/** 4a (and 19.3): the handler of the movement-ijn row. */
export const movementIjn =
  (box: CoralBox): StepHandler<CoralState, CoralOrder> =>
  (state, _step, _orders, ctx) => {
    const board = boardFor(box);
    const f: CoralFold = new Fold<CoralState, CoralEvent>(state, evolve, (e) => ctx.emit(e));
    for (const id of IJN_TFS) {
      const tf = f.s.taskForces[id];
      if (tf && onMap(tf) && tf.ships.some((k) => afloat(f.s.ships[k]))) moveTaskForce(f, box, board, id, ctx.dice);
    }
    const blocked = blockedFor(board, box, 'ijn');
    for (const sub of [...f.s.submarines].sort((a, b) => a.marker - b.marker)) {
      if (sub.hex === null) continue;
      const move = decideSubMove(ctx.dice, box, board, blocked, {
        marker: sub.marker,
        hex: sub.hex,
        night: !isDay(f.s.turn),
        usn: usnAsSeen(f.s),
      });
      decided(f, `submarine ${sub.marker}`, move);
      for (const step of move.plan.steps)
        f.emit({ type: 'coral.sub.moved', data: { marker: sub.marker, from: step.from, to: step.to, why: step.why } });
    }
    return f.s;
  };
