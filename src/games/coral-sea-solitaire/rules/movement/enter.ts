/**
 * A task force entering a hex, for both sides: the step, then what being there identifies (28.2):
 * enemy surface ships in the same hex identify every TF of both sides there (28.2(2)); a TF in the
 * hex of an enemy base, major or minor and whatever its strength, is identified (28.2(5)). Core's
 * sweep checks the same after every step; here it happens as the TF enters, so the rest of the
 * phase (a later TF's doctrine roll, a submarine's target) sees it. Submarines are no surface units
 * (19.1) and identify nothing by being in a hex.
 */
import { other, shipsOf, taskForcesIn } from '../../state';
import type { TaskForceState } from '../../types';
import type { CoralFold } from '../core/util';
import type { Step, Stop } from './path';
import { basesOf } from './where';

/** 28.2(2), 28.2(5): identify whatever being in `hex` identifies, for the TF `tf` just there. */
export function identifyThere(f: CoralFold, tf: TaskForceState, hex: string): void {
  const enemies = taskForcesIn(f.s, hex, other(tf.side)).filter((t) => shipsOf(f.s, t, true).length);
  if (enemies.length) {
    for (const t of [...taskForcesIn(f.s, hex, tf.side), ...enemies])
      if (!f.s.taskForces[t.id].identified)
        f.emit({
          type: 'coral.tf.identified',
          data: { tf: t.id, identified: true, cause: `enemy ships in ${hex}`, rule: '28.2(2)' },
        });
  }
  const base = basesOf(f.s.box, other(tf.side)).find((b) => b.hex === hex);
  if (base && !f.s.taskForces[tf.id].identified)
    f.emit({
      type: 'coral.tf.identified',
      data: { tf: tf.id, identified: true, cause: `in the hex of ${base.id}`, rule: '28.2(5)' },
    });
}

/** One step of a move: the TF enters the hex, then 28.2's identifications. */
export function enter(f: CoralFold, tf: TaskForceState, step: Step, mp: number): void {
  f.emit({ type: 'coral.tf.step', data: { tf: tf.id, side: tf.side, from: step.from, to: step.to, mp, why: step.why, rule: step.rule } });
  identifyThere(f, f.s.taskForces[tf.id], step.to);
}

export function stopped(f: CoralFold, tf: string, stop: Stop): void {
  f.emit({ type: 'coral.tf.stopped', data: { tf, at: stop.at, reason: stop.reason, rule: stop.rule } });
}
