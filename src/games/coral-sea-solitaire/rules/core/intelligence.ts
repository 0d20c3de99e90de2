/**
 * Strategic intelligence (1g, 28, 36, 31.1) and what revealing a TF's contents sets off (27.3
 * dummies, 30.3 battleships). One roll on the USN Intelligence Table per order, each costing its
 * Intelligence CP (1; 2 under 31); results 4 and 5 identify or reveal as the player prefers, asking
 * when several TFs would fit; 6 gains a chit. 28.6: a USN TF made unidentified for Intelligence CP.
 */
import type { StepHandler } from '../../../../engine/define';
import type { AdjudicationContext } from '../../../../engine/ruleset';
import { rollOnTable, type TableModifier } from '../../../kit';
import type { IjnTf } from '../../box/schema';
import { ijnBattleships } from '../../ijn/setup';
import { shipKey, taskForcesIn, valuesOf } from '../../state';
import type { CoralOrder, CoralState, CoreState } from '../../types';
import { insertSteps } from './flow';
import { costOf, spendCp } from './organization';
import { type CoralFold, changeChits, foldOf, ordersOf, skip } from './util';

const BB_TFS: readonly IjnTf[] = ['CSF', 'SG', 'CG'];

/**
 * Turns every ship of an IJN TF face up (28, 16.3(1)): dummies leave play at once (27.3), and under
 * 30.3 the first full identification of CSF, SG or CG rolls for battleships with it. For any rule
 * that reveals a TF's contents (intelligence here, surface combat).
 */
export function revealTf(f: CoralFold, dice: AdjudicationContext['dice'], tf: string, cause: string, rule: string): void {
  const t = f.s.taskForces[tf];
  const down = t.ships.filter((k) => !f.s.ships[k].faceUp);
  if (down.length) f.emit({ type: 'coral.ship.revealed', data: { ships: down, cause, rule } });
  for (const k of down) if (f.s.ships[k].type === 'Dummy') f.emit({ type: 'coral.dummy.removed', data: { ship: k, tf, rule: '27.3' } });
  checkBattleships(f, dice, tf);
}

/** 30.3: a TF's contents identified for the first time: 5 one battleship joins it, 6 both, while any are left. */
export function checkBattleships(f: CoralFold, dice: AdjudicationContext['dice'], tf: string): void {
  if (!f.s.options.ijnBattleships || !BB_TFS.includes(tf as IjnTf) || f.s.core.bbChecked.includes(tf as IjnTf)) return;
  const placedAlready = new Set(valuesOf(f.s.taskForces).flatMap((t) => t.ships));
  const available = ['BB-1', 'BB-2'].filter((id) => !placedAlready.has(shipKey('ijn', id)));
  if (!available.length) return;
  const { roll, placed, pick } = ijnBattleships(dice, f.s.box, tf as IjnTf, available);
  const keys = placed.map((id) => shipKey('ijn', id));
  f.emit({ type: 'coral.battleships', data: { tf: tf as IjnTf, roll, placed: keys, ...(pick ? { pick } : {}) } });
  for (const id of placed)
    f.emit({
      type: 'coral.vp',
      data: { side: 'usn', points: f.s.box.vp.usnGains['ijn-battleship-committed'].value, reason: `${id} with ${tf}`, rule: '30.3, Q2' },
    });
}

type Choice = NonNullable<CoreState['intelChoice']>;

/** What a result 4 or 5 could do in a hex: identify (unidentified TFs) or reveal (identified TFs with face-down ships). */
function candidates(s: CoralState, hex: string, all: boolean): Choice {
  const tfs = taskForcesIn(s, hex, 'ijn');
  return {
    hex,
    all,
    identify: tfs.filter((t) => !t.identified).map((t) => t.id),
    reveal: tfs.filter((t) => t.identified && t.ships.some((k) => !s.ships[k].faceUp)).map((t) => t.id),
  };
}

function apply(f: CoralFold, dice: AdjudicationContext['dice'], what: 'identify' | 'reveal', tfs: readonly string[]): void {
  for (const tf of tfs) {
    if (what === 'identify')
      f.emit({ type: 'coral.tf.identified', data: { tf, identified: true, cause: 'USN intelligence', rule: '28.2(1)' } });
    else revealTf(f, dice, tf, 'USN intelligence', '28.2, 36');
  }
}

/**
 * Results 4-5: done at once when the player's preference (or the only possibility) settles it: the
 * preferred flip if any TF fits it (the target first), else the other; with no preference and a
 * real choice, or several TFs to pick from, the player is asked (36: player choice in all cases).
 */
function settle(f: CoralFold, dice: AdjudicationContext['dice'], c: Choice, target: string, prefer?: 'identify' | 'reveal'): void {
  const open = (['identify', 'reveal'] as const).filter((w) => c[w].length);
  if (!open.length) return;
  const what = prefer && open.includes(prefer) ? prefer : open.length === 1 ? open[0] : null;
  if (what && c.all) return apply(f, dice, what, c[what]);
  if (what && c[what].includes(target)) return apply(f, dice, what, [target]);
  if (what && (c[what].length === 1 || f.s.core.intelChoice)) return apply(f, dice, what, [c[what][0]]);
  if (f.s.core.intelChoice) return apply(f, dice, open[0], c.all ? c[open[0]] : [c[open[0]][0]]);
  const pending = what ? { ...c, identify: what === 'identify' ? c.identify : [], reveal: what === 'reveal' ? c.reveal : [] } : c;
  f.emit({ type: 'coral.intel-choice', data: { pending } });
  insertSteps(f, ['intelligence-choice'], '36');
}

/** The rolls an order asks for: one, or (`UNTIL ... MAX n`) until the target is identified or revealed. */
function done(s: CoralState, tf: string, until?: 'identified' | 'revealed'): boolean {
  const t = s.taskForces[tf];
  if (until === 'identified') return t.identified;
  if (until === 'revealed') return t.ships.every((k) => s.ships[k].faceUp);
  return false;
}

/**
 * 8.2, 8.4, 8.6: a chit the USN committed to the intelligence phase (its `leadership/intelligence`
 * decision) adds the box's value to the phase's first roll and is spent; later rolls of the phase
 * roll bare (one chit per function and phase).
 */
function chitOnRoll(f: CoralFold): TableModifier[] {
  const value = f.s.box.leadership.intelligence?.value;
  if (!f.s.core.usnChit.intelligence || f.s.chits.usn <= 0 || value === undefined) return [];
  f.emit({ type: 'coral.usn-chit', data: { fn: 'intelligence', use: false, spent: true } });
  changeChits(f, 'usn', -1, 'used on an intelligence roll', '8.6');
  return [{ value, reason: 'USN leadership chit', rule: '8.2' }];
}

/** 1g: the intelligence rolls and 28.6's unidentify orders, in the order written. */
export const intelligence: StepHandler<CoralState, CoralOrder> = (state, step, orders, ctx) => {
  const f = foldOf(state, ctx);
  const cost = costOf(f.s, f.s.options.historical ? 'intelligence-roll-historical' : 'intelligence-roll');
  for (const o of orders.usn ?? []) {
    if (o.kind === 'unidentify') {
      unidentify(f, o);
      continue;
    }
    if (o.kind !== 'intelligence') continue;
    const rolls = o.until ? Math.max(1, o.max ?? 1) : 1;
    const prefer = o.prefer ?? (o.until === 'revealed' ? 'reveal' : o.until === 'identified' ? 'identify' : undefined);
    for (let k = 0; k < rolls && !done(f.s, o.target, o.until); k++) {
      const target = f.s.taskForces[o.target];
      if (!target || target.hex === null || target.gone) {
        skip(f, o, `${o.target} is not on the map`, '28.2');
        break;
      }
      if (!spendCp(f, 'intelligence', cost, `intelligence on ${o.target}`, f.s.options.historical ? '31.1' : '36')) {
        skip(f, o, `an intelligence roll costs ${cost} Intelligence CP; ${f.s.cp.slots.intelligence} left`, '7.4');
        break;
      }
      const modifiers = chitOnRoll(f);
      const roll = rollOnTable(ctx.dice, f.s.box.tables.intelligence, {
        for: `${o.target}, ${step.id}${rolls > 1 ? ` #${k + 1}` : ''}`,
        modifiers,
      });
      f.emit({ type: 'coral.intelligence', data: { target: o.target, hex: target.hex, roll, cp: cost } });
      if (roll.result === 'usn-chit') changeChits(f, 'usn', 1, 'intelligence result 6', '36');
      else if (roll.result !== 'none')
        settle(f, ctx.dice, candidates(f.s, target.hex, roll.result === 'identify-or-reveal-all'), o.target, prefer);
    }
  }
  return f.s;
};

/** 28.6: a USN TF flipped back to unidentified for its Intelligence CP. */
function unidentify(f: CoralFold, o: Extract<CoralOrder, { kind: 'unidentify' }>): void {
  const tf = f.s.taskForces[o.tf];
  if (tf?.side !== 'usn' || !tf.identified || tf.hex === null) return skip(f, o, `${o.tf} is no identified USN TF on the map`, '28.6');
  const c = costOf(f.s, 'unidentify-usn-tf');
  if (!spendCp(f, 'intelligence', c, `unidentify ${o.tf}`, '28.6'))
    return skip(f, o, `flipping a TF back costs ${c} Intelligence CP; ${f.s.cp.slots.intelligence} left`, '28.6');
  f.emit({ type: 'coral.tf.identified', data: { tf: o.tf, identified: false, cause: 'USN deception', rule: '28.6' } });
}

/** 36 ("player choice in all cases"): the player's pick among the TFs a result 4 could flip; default the first. */
export const intelligenceChoice: StepHandler<CoralState, CoralOrder> = (state, _step, orders, ctx) => {
  const f = foldOf(state, ctx);
  const c = f.s.core.intelChoice;
  if (!c) return f.s;
  const asked = ordersOf(orders, 'usn', 'intelligence-choice').at(-1);
  const what: 'identify' | 'reveal' = asked && c[asked.choice].length ? asked.choice : c.identify.length ? 'identify' : 'reveal';
  let tf = c[what][0];
  if (asked?.tf && c[what].includes(asked.tf)) tf = asked.tf;
  else if (asked?.tf) skip(f, asked, `choose one of ${c[what].join(', ')}`, '36');
  f.emit({ type: 'coral.intel-choice', data: { pending: null } });
  apply(f, ctx.dice, what, c.all ? c[what] : [tf]);
  return f.s;
};
