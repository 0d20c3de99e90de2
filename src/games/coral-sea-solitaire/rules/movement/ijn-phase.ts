/**
 * 4a, the IJN Naval Movement Phase. The IJN decides first, from its own view (IjnKnowledge) and the
 * step's dice (movementIjnDecide, run by rows.ts or the engine's system player): each TF in the
 * doctrine table's order (CSF, PMG, TG, SG, CG), then each submarine marker by number (19.3), every
 * roll and every choice at random an IjnDecided record. Its view is carried through the phase as
 * the moves would change it: a TF sees where the TFs before it went (the Covering Group follows the
 * convoy's new hex) and the USN TFs they identified by entering their hex (28.2(2)); a USN TF so
 * identified counts as no carrier TF until the next phase, its ships not yet seen. The handler
 * (movementIjn) then carries the moves out: each step entered with its identifications, the chit
 * spent, the phase counted toward a landing (20.1), a TF leaving the map post-panic (14.10).
 */
import type { StepHandler } from '../../../../engine/define';
import type { RulesEvent } from '../../../../engine/ruleset';
import { type CoralBox, IJN_TFS, type IjnTf } from '../../box/schema';
import type { IjnDecider } from '../../handlers';
import { boardFor, hexOf } from '../../state';
import type { CoralOrder, CoralState } from '../../types';
import type { IjnKnowledge, TfSeen } from '../../view';
import { foldOf, ordersOf, changeChits } from '../core/util';
import { enter, stopped } from './enter';
import { decideIjnMove, decideSubMove, type IjnMove, type IjnMoveFacts, type UsnTfSeen } from './ijn-decide';
import { blockedFor, shipMp, whyNot } from './where';

const live = (tf: TfSeen) => (tf.ships ?? []).filter((x) => x.status === 'ok' || x.status === 'damaged');

/** The USN TFs on the map as the IJN knows them: hex, side up, and a carrier when identified (28.3). */
export const usnAsSeen = (k: IjnKnowledge): UsnTfSeen[] =>
  k.usn.flatMap((t) =>
    t.hex === null ? [] : [{ id: t.id, hex: t.hex, identified: t.identified, carrier: t.identified ? (t.carrier ?? false) : null }],
  );

/** What one IJN TF's movement decision reads, from the IJN's knowledge and where its other TFs now are. */
export function ijnMoveFacts(
  k: IjnKnowledge,
  tf: TfSeen,
  hexes: ReadonlyMap<string, string>,
  usn: readonly UsnTfSeen[],
  chits: number,
): IjnMoveFacts {
  const { box } = k;
  const id = tf.id as IjnTf;
  const spec = box.ijnTaskForces[id];
  const ships = live(tf);
  const place = spec.objective.value;
  const objective = place ? { name: place, hex: hexOf(box, place) } : null;
  const amphibious = (tf.ships ?? []).some((x) => x.type === 'TR');
  const toLand = ships.filter((x) => x.type === 'TR' && !(tf.landed ?? []).includes(x.key!)).length;
  const damaged = ships.find((x) => x.status === 'damaged');
  const escorted = spec.escorts.value ? hexes.get(spec.escorts.value) : undefined;
  const rabaul = hexOf(box, 'Rabaul');
  const toTruk = box.map.toTruk.value;
  return {
    tf: id,
    hex: hexes.get(id)!,
    ma: ships.length ? Math.min(...ships.map((x) => shipMp(box, { type: x.type!, status: x.status! }))) : 0,
    // worded without the ship: the USN may not know which counter it is (27.1)
    noFast: damaged ? 'a ship of it is damaged: a TF with a damaged ship may not move fast (14.3)' : null,
    night: !k.day,
    panicked: k.panic.panicked,
    ijnChits: chits,
    initiative: k.initiative,
    objective,
    landingInProgress: amphibious && toLand > 0 && !k.panic.panicked && hexes.get(id) === objective?.hex,
    objectiveDone: amphibious && toLand === 0,
    escorts: escorted ? { tf: spec.escorts.value!, hex: escorted } : null,
    retireTo: spec.retireTo.value === 'Rabaul' ? { name: 'Rabaul', hexes: [rabaul] } : { name: 'To-Truk', hexes: toTruk },
    exits: { rabaul, toTruk },
    usn,
  };
}

function records(who: string, move: IjnMove): RulesEvent[] {
  const out: RulesEvent[] = [];
  const d = move.decision;
  if (d) {
    const fast = d.roll.result.fast ? (move.fastRefused ? `; no fast move: ${move.fastRefused}` : `, fast: ${move.mp} MP`) : '';
    out.push({
      type: 'IjnDecided',
      data: { what: `movement of ${who}: ${move.reading}${fast}`, roll: d.roll, ...(d.chit ? { chit: d.chit } : {}) },
    });
  }
  for (const choice of move.plan.choices)
    out.push({ type: 'IjnDecided', data: { what: `movement of ${who}: ${choice.purpose.replace(`${who}: `, '')}`, choice } });
  return out;
}

/** 4a, 19.3: the IJN's moves this phase, from its view and the step's dice. */
export const movementIjnDecide: IjnDecider = (k, _step, dice) => {
  const board = boardFor(k);
  const blocked = blockedFor(board, k.box, 'ijn');
  const usn = usnAsSeen(k).map((t) => ({ ...t }));
  const hexes = new Map(k.own.taskForces.flatMap((t) => (t.hex !== null && !t.gone ? [[t.id, t.hex] as const] : [])));
  const orders: CoralOrder[] = [];
  const recs: RulesEvent[] = [];
  let chits = k.chits.ijn;
  for (const id of IJN_TFS) {
    const tf = k.own.taskForces.find((t) => t.id === id);
    if (!tf || !hexes.has(id) || !live(tf).length) continue;
    const move = decideIjnMove(dice, k.box, board, blocked, ijnMoveFacts(k, tf, hexes, usn, chits));
    const chit = move.decision?.chit?.result === 'use';
    if (chit) chits--;
    recs.push(...records(id, move));
    const { steps, stop, withdraw } = move.plan;
    orders.push({
      kind: 'ijn-move',
      tf: id,
      steps,
      landing: move.landing === true,
      ...(stop ? { stop } : {}),
      ...(withdraw ? { withdraw } : {}),
      chit,
    });
    for (const step of steps)
      for (const t of usn) if (t.hex === step.to && !t.identified) Object.assign(t, { identified: true, carrier: null });
    if (withdraw) hexes.delete(id);
    else if (steps.length) hexes.set(id, steps[steps.length - 1].to);
  }
  for (const sub of [...k.own.submarines].sort((a, b) => a.marker - b.marker)) {
    if (sub.hex === null) continue;
    const move = decideSubMove(dice, k.box, board, blocked, { marker: sub.marker, hex: sub.hex, night: !k.day, usn });
    recs.push(...records(`submarine ${sub.marker}`, move));
    if (move.plan.steps.length) orders.push({ kind: 'ijn-sub-move', marker: sub.marker, steps: move.plan.steps });
  }
  return { orders, records: recs };
};

/** A step the IJN decided must still be legal when carried out (a fault here is a bug, never a rule). */
function checked(box: CoralBox, s: CoralState, who: string, step: { from: string; to: string }): void {
  const why = whyNot(boardFor(s), box, 'ijn', step.from, step.to);
  if (why) throw new Error(`coral-sea-solitaire movement-ijn: ${who} was decided a step that is not legal: ${why}`);
}

/** 4a (and 19.3): the handler of the movement-ijn row, carrying out the IJN's decided moves. */
export const movementIjn: StepHandler<CoralState, CoralOrder> = (state, _step, orders, ctx) => {
  const f = foldOf(state, ctx);
  for (const o of ordersOf(orders, 'ijn', 'ijn-move')) {
    if (o.chit) changeChits(f, 'ijn', -1, `used on the movement doctrine of ${o.tf}`, '8.5, 8.6');
    if (o.landing)
      f.emit({ type: 'coral.landing.phase', data: { tf: o.tf, hex: f.s.taskForces[o.tf].hex!, turn: f.s.turn, rule: '20.1, 20.3' } });
    for (const [i, step] of o.steps.entries()) {
      checked(f.s.box, f.s, o.tf, step);
      enter(f, f.s.taskForces[o.tf], step, i + 1);
    }
    if (o.withdraw) f.emit({ type: 'coral.tf.withdrawn', data: { tf: o.tf, ...o.withdraw, rule: '14.10, 9.4' } });
    if (o.stop) stopped(f, o.tf, o.stop);
  }
  for (const o of ordersOf(orders, 'ijn', 'ijn-sub-move'))
    for (const step of o.steps) {
      checked(f.s.box, f.s, `submarine ${o.marker}`, step);
      f.emit({ type: 'coral.sub.moved', data: { marker: o.marker, from: step.from, to: step.to, why: step.why } });
    }
  return f.s;
};
