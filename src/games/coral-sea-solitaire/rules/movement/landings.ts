/**
 * 7, the IJN Amphibious Landing Phase (20, 23.6): an amphibious TF (one with transports) that spent
 * this turn's complete IJN movement phase in its target hex lands one transport (20.1: one complete
 * phase per transport; the phase it arrived in does not count, brief 9.23). The IJN scores the box's
 * landing VP for it at once and the landing steadies its command (the panic chart's landing entry).
 * Transports land in the order of the TF's counters; the events name none (the USN may not see them). A transport sunk or crippled before it lands
 * scores nothing (20.2). When every transport still afloat has landed the invasion is completed; at
 * Port Moresby the base falls to strength 0 and the USN air grounded there beyond that capacity is
 * lost (23.6, 23.4), counting as squadrons lost (21.4). Once the IJN has panicked, an invasion in
 * progress is called off (20.2).
 */
import type { StepHandler } from '../../../../engine/define';
import type { BaseId, IjnTf } from '../../box/schema';
import { IJN_TFS } from '../../box/schema';
import { hexOf, onMap } from '../../state';
import type { CoralOrder, CoralState } from '../../types';
import { addPanic } from '../common';
import { type CoralFold, foldOf } from '../core/util';
import { movementOf, transportsOf, transportsToLand } from './where';

/** 23.6, 23.4: a captured base's strength goes to 0 and its grounded air beyond that is lost. */
function capture(f: CoralFold, base: BaseId): void {
  const grounded = f.s.air.filter((a) => a.home === base && a.flyingTo === undefined && (a.box === 'ready' || a.box === 'recovery'));
  f.emit({ type: 'coral.base.captured', data: { base, airLost: grounded.map((a) => a.id), rule: '23.6, 23.4' } });
  const squadrons = grounded.reduce((n, a) => n + a.strength, 0);
  const each = f.s.box.vp.ijnGains['usn-squadron']?.value ?? 0;
  if (squadrons * each > 0)
    f.emit({
      type: 'coral.vp',
      data: { side: 'ijn', points: squadrons * each, reason: `${squadrons} USN squadrons lost at ${base}`, rule: '23.4, 21.4' },
    });
}

function land(f: CoralFold, id: IjnTf, objective: string): void {
  const { box } = f.s;
  const count = (f.s.taskForces[id].landed ?? []).length + 1;
  f.emit({ type: 'coral.landing', data: { tf: id, objective, count, turn: f.s.turn, rule: '20.1' } });
  const what = `a transport of ${id} landed at ${objective}`;
  const vp = box.vp.ijnGains[`landing-${objective}`]?.value ?? 0;
  if (vp > 0) f.emit({ type: 'coral.vp', data: { side: 'ijn', points: vp, reason: what, rule: '20.1' } });
  const steadied = box.panicPoints['landing-per-transport']?.value ?? 0;
  if (steadied !== 0 && !f.s.panic.panicked) addPanic(f, box, steadied, what);
  if (transportsToLand(f.s, f.s.taskForces[id]).length === 0) {
    f.emit({ type: 'coral.invasion', data: { tf: id, objective, how: 'completed', rule: '20.1, 20.3' } });
    if (objective in box.bases && box.bases[objective as BaseId].side.value === 'usn') capture(f, objective as BaseId);
  }
}

/** 7 (20): the handler of the landings row. */
export const landingsPhase: StepHandler<CoralState, CoralOrder> = (state, _step, _orders, ctx) => {
  const f = foldOf(state, ctx);
  for (const id of IJN_TFS) {
    const tf = f.s.taskForces[id];
    const objective = f.s.box.ijnTaskForces[id].objective.value;
    if (!tf || !objective || !transportsOf(f.s, tf).length || movementOf(f.s).invasions[id]) continue;
    const waiting = transportsToLand(f.s, tf).length > 0;
    const started = (tf.landed ?? []).length > 0 || movementOf(f.s).phaseAtObjective[id] !== undefined;
    if (f.s.panic.panicked) {
      if (waiting && started) f.emit({ type: 'coral.invasion', data: { tf: id, objective, how: 'called-off', rule: '20.2' } });
      continue;
    }
    if (waiting && onMap(tf) && tf.hex === hexOf(f.s.box, objective) && movementOf(f.s).phaseAtObjective[id] === f.s.turn)
      land(f, id, objective);
  }
  return f.s;
};
