/**
 * The end of a turn (5.6 10, 6, 9) and what every step leaves settled (13.2, 13.10, 27.3, 28.2,
 * 34.3): sudden death (6.3), the panic check (9.3, Q1), good weather back at night's end (10c),
 * the turn's markers cleared (19.6, 8.4), CP forfeited after the night (7.2), and after the last
 * turn the end-of-game VP (9.4) and the ratio (6.2).
 */
import type { StepHandler } from '../../../../engine/define';
import type { AdjudicationContext } from '../../../../engine/ruleset';
import type { CoralSide } from '../../box/schema';
import { baseAt, hexOf, isCarrier, isLive, onMap, other, shipsOf, taskForcesOf, valuesOf } from '../../state';
import { isDay } from '../../steps';
import type { CoralOrder, CoralState } from '../../types';
import { checkBattleships } from './intelligence';
import { type CoralFold, foldOf } from './util';

/** 6.3: every enemy carrier (those yet to arrive too; not 30.1's CV-3 before it is deployed) sunk or crippled, one of one's own live on the map. */
export function suddenDeath(s: CoralState): CoralSide | null {
  const deployed = (key: string) => valuesOf(s.taskForces).some((t) => t.ships.includes(key as never) && (onMap(t) || t.gone));
  for (const side of ['usn', 'ijn'] as const) {
    const enemy = other(side);
    const carriers = valuesOf(s.ships).filter(
      (x) => x.side === enemy && isCarrier(x.type) && !(enemy === 'usn' && s.options.biggerBattle && x.id === 'CV-3' && !deployed(x.key)),
    );
    const own = taskForcesOf(s, side).some((tf) => shipsOf(s, tf, true).some((x) => isCarrier(x.type)));
    if (own && carriers.length && carriers.every((x) => !isLive(x))) return side;
  }
  return null;
}

/** 6.2: the level of the higher side's win by its ratio to the lower (0 to more than 0: strategic; equal: a draw). */
export function ratioResult(s: CoralState): NonNullable<CoralState['result']> {
  const { usn, ijn } = s.vp;
  if (usn === ijn) return { winner: 'draw', level: 'draw' };
  const winner: CoralSide = usn > ijn ? 'usn' : 'ijn';
  const hi = Math.max(usn, ijn);
  const lo = Math.min(usn, ijn);
  const ratio = lo === 0 ? Number.POSITIVE_INFINITY : hi / lo;
  const levels = s.box.vp.levels.value;
  if (ratio >= levels.strategic) return { winner, level: 'strategic' };
  if (ratio >= levels.tactical) return { winner, level: 'tactical' };
  if (ratio >= levels.marginal) return { winner, level: 'marginal' };
  return { winner: 'draw', level: 'draw' };
}

/** 10: the end of turn phase. */
export const endOfTurn: StepHandler<CoralState, CoralOrder> = (state, _step, _orders, ctx) => {
  const f = foldOf(state, ctx);
  const sd = suddenDeath(f.s);
  if (sd) {
    f.emit({
      type: 'coral.result',
      data: { result: { winner: sd, level: 'decisive' }, vp: f.s.vp, why: `sudden death: every enemy carrier sunk or crippled (6.3)` },
    });
    return f.s;
  }
  if (!f.s.panic.panicked && f.s.panic.level >= f.s.box.constants.panicMax.value) {
    f.emit({ type: 'coral.panicked', data: { level: f.s.panic.level, rule: '9.3' } });
    f.emit({
      type: 'coral.vp',
      data: { side: 'usn', points: f.s.box.vp.usnGains['ijn-panic'].value, reason: 'the IJN panics', rule: '9, Q1' },
    });
  }
  if (!isDay(f.s.turn) && f.s.weather === 'bad') f.emit({ type: 'coral.weather', data: { weather: 'good', rule: '5.6 10c' } });
  // 19.6: every submarine marker on the map turns back face down at the end of the turn.
  const flipped = f.s.submarines.filter((sub) => sub.hex !== null && sub.revealed).map((sub) => sub.marker);
  f.emit({ type: 'coral.turn-ended', data: { turn: f.s.turn, ...(flipped.length ? { subsFlipped: flipped } : {}) } });
  if (!isDay(f.s.turn) && (f.s.cp.available || Object.values(f.s.cp.slots).some((n) => n)))
    f.emit({
      type: 'coral.cp',
      data: {
        available: 0,
        slots: { organization: 0, intelligence: 0, operations: 0, logistics: 0 },
        cause: 'unused CP forfeited',
        rule: '7.2, 7.4',
      },
      visibleTo: ['usn'],
    });
  if (f.s.turn >= f.s.lastTurn) finalResult(f);
  return f.s;
};

/** 9.4 then 6.2. */
function finalResult(f: CoralFold): void {
  if (f.s.panic.panicked) {
    const rabaul = hexOf(f.s.box, 'Rabaul');
    const heavy = valuesOf(f.s.taskForces)
      .filter((t) => t.side === 'ijn' && t.gone !== 'eliminated' && (t.hex === rabaul || f.s.movement?.withdrawn[t.id] === 'Rabaul'))
      .flatMap((t) => shipsOf(f.s, t, true))
      .filter((x) => ['CV', 'CVL', 'BB', 'CA'].includes(x.type));
    const each = f.s.box.vp.ijnGains['post-panic-ship-in-Rabaul'].value;
    if (heavy.length)
      f.emit({
        type: 'coral.vp',
        data: { side: 'ijn', points: each * heavy.length, reason: `${heavy.length} IJN CV, CVL, BB and CA in Rabaul`, rule: '9.4' },
      });
  }
  const result = ratioResult(f.s);
  f.emit({ type: 'coral.result', data: { result, vp: f.s.vp, why: `victory points USN ${f.s.vp.usn}, IJN ${f.s.vp.ijn} (6.2)` } });
}

/**
 * After every step: dummies face up leave play (27.3); TFs that share a hex with an enemy TF or
 * base are identified (28.2(2), (5)); a TF with no ship left fighting is removed (13.2, 13.10;
 * 34.3: TF-6 gone gives the IJN 10 VP); a TF whose every ship is face up rolls for 30.3 once.
 */
export function sweep(f: CoralFold, dice: AdjudicationContext['dice']): void {
  for (const tf of valuesOf(f.s.taskForces))
    for (const k of tf.ships)
      if (f.s.ships[k].type === 'Dummy' && f.s.ships[k].faceUp)
        f.emit({ type: 'coral.dummy.removed', data: { ship: k, tf: tf.id, rule: '27.3' } });
  for (const tf of valuesOf(f.s.taskForces)) {
    if (!onMap(tf) || tf.identified) continue;
    const enemyTf = taskForcesOf(f.s, other(tf.side)).some((t) => t.hex === tf.hex && shipsOf(f.s, t, true).length);
    const base = baseAt(f.s.box, tf.hex as string);
    const enemyBase = base !== undefined && f.s.box.bases[base].side.value !== tf.side;
    if (enemyTf || enemyBase)
      f.emit({
        type: 'coral.tf.identified',
        data: {
          tf: tf.id,
          identified: true,
          cause: enemyTf ? 'enemy ships in its hex' : `in the hex of ${base}`,
          rule: enemyTf ? '28.2(2)' : '28.2(5)',
        },
      });
  }
  for (const tf of valuesOf(f.s.taskForces)) {
    if (!onMap(tf) || shipsOf(f.s, tf, true).length) continue;
    f.emit({ type: 'coral.tf.removed', data: { tf: tf.id, why: 'eliminated', rule: tf.side === 'ijn' ? '13.2' : '13.10' } });
    if (tf.id === 'TF-6' && f.s.options.fuelingGroup)
      f.emit({
        type: 'coral.vp',
        data: { side: 'ijn', points: f.s.box.vp.ijnGains['tf6-eliminated'].value, reason: 'TF-6 eliminated', rule: '34.3' },
      });
  }
  for (const tf of taskForcesOf(f.s, 'ijn'))
    if (tf.ships.length && tf.ships.every((k) => f.s.ships[k].faceUp)) checkBattleships(f, dice, tf.id);
}
