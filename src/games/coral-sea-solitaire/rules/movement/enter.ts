/**
 * A task force entering a hex, for both sides: the step, then what being there identifies (28.2):
 * enemy surface ships in the same hex identify every TF of both sides there (28.2(2)); a TF in the
 * hex of an enemy base, major or minor and whatever its strength, is identified (28.2(5)).
 * Submarines are no surface units (19.1) and identify nothing by being in a hex.
 */
import type { Fold } from '../../../kit';
import type { CoralBox } from '../../box/schema';
import type { CoralEvent } from '../../events';
import type { CoralState, TaskForceState } from '../../types';
import type { Step, Stop } from './path';
import { basesOf, enemyOf, taskForcesOn } from './where';

export type CoralFold = Fold<CoralState, CoralEvent>;

/** 28.2(2), 28.2(5): identify whatever being in `hex` identifies, for the TF `tf` just there. */
export function identifyThere(f: CoralFold, box: CoralBox, tf: TaskForceState, hex: string): void {
  const enemies = taskForcesOn(f.s, { hex, side: enemyOf(tf.side) });
  if (enemies.length) {
    for (const t of [...taskForcesOn(f.s, { hex, side: tf.side }), ...enemies])
      if (!f.s.taskForces[t.id].identified)
        f.emit({
          type: 'coral.tf.identified',
          data: { tf: t.id, identified: true, cause: `enemy surface ships in ${hex}`, rule: '28.2(2)' },
        });
  }
  const base = basesOf(box, enemyOf(tf.side)).find((b) => b.hex === hex);
  if (base && !f.s.taskForces[tf.id].identified)
    f.emit({
      type: 'coral.tf.identified',
      data: { tf: tf.id, identified: true, cause: `in the hex of ${base.id}, an enemy base`, rule: '28.2(5)' },
    });
}

/** One step of a move: the TF enters the hex, then 28.2's identifications. */
export function enter(f: CoralFold, box: CoralBox, tf: TaskForceState, step: Step, mp: number): void {
  f.emit({ type: 'coral.tf.step', data: { tf: tf.id, side: tf.side, from: step.from, to: step.to, mp, why: step.why, rule: step.rule } });
  identifyThere(f, box, f.s.taskForces[tf.id], step.to);
}

export function stopped(f: CoralFold, tf: string, stop: Stop): void {
  f.emit({ type: 'coral.tf.stopped', data: { tf, at: stop.at, reason: stop.reason, rule: stop.rule } });
}
