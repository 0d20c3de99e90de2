/**
 * Combat resolution (8.0), in its printed order. This slice resolves the air strikes (8.1, rules/strike.ts), criticals (9.1A, rules/critical.ts), submarines (8.3, rules/submarine.ts), surface combat
 * (8.2, rules/surface.ts), bombardment (8.4) and unloading (8.6A; at Port Moresby in Coral Sea, 10.2B): each other part
 * that the position calls for stops the game naming its rule, and a turn in which nothing would
 * happen passes. The end of the turn (repair 8.8, weather 9.6B, supply 9.4, the score 9.5) is
 * rules/turn-end.ts; reinforcements (8.9) stop a campaign's every turn.
 */
import { entriesOf, valuesOf } from '../keyed';
import { type AdjudicationContext, RuleNotImplementedError, type StepInfo } from '../../../engine/ruleset';
import { counterstrikes, deckExplosions } from './counterstrike';
import { emergencyLandings } from './landing';
import { islandOf, landingSquare } from './islands';
import { freeAt } from './air';
import { explosions, hitCollector } from './critical';
import { evolveGc, type GcEvent } from './events';
import { resolveSubmarines } from './submarine';
import { endTurn } from './turn-end';
import { resolveLand } from './land';
import { resolveStrikes } from './strike';
import { resolveSurface } from './surface';
import { GAME, type GcState, other, type TaskForce } from '../state';

const evolveOn = (ctx: AdjudicationContext) => (s: GcState, e: GcEvent) => {
  ctx.emit(e);
  return evolveGc(s, e);
};

export function resolveCombat(before: GcState, step: StepInfo, ctx: AdjudicationContext): void {
  const stop = (rule: string, what: string): never => {
    throw new RuleNotImplementedError(GAME, rule, `${what} at ${step.id}`);
  };
  // (1) the strikes launched this turn (7.3): CAP, flak, hits (8.1)
  // each hit of a strike or a surface battle may be a critical (9.1A, rules/critical.ts)
  const hits = hitCollector(ctx);
  let s = explosions(resolveStrikes(before, hits.ctx, stop), hits.take(), ctx, stop);
  // 7.4E: counterstrike aircraft on the deck of a carrier hit may explode (rules/counterstrike.ts)
  for (const side of ['japanese', 'american'] as const) s = deckExplosions(before, s, side, ctx).reduce(evolveOn(ctx), s);
  // (2) surface combat: opposing TFs in one square, one of them on C (endurance 9 or more) or FC (8.2, 9.2E, rules/surface.ts)
  s = explosions(resolveSurface(s, hits.ctx, stop), hits.take(), ctx, stop);
  // then submarine combat: each sub TF patrols 2 squares around it (8.3, rules/submarine.ts)
  s = resolveSubmarines(s, ctx, stop);
  let now = s;
  const emit = (e: GcEvent) => {
    ctx.emit(e);
    now = evolveGc(now, e);
  };
  const tfs = valuesOf(s.taskForces);
  const henderson = s.map.places.find((p) => p.code === 'H')!;
  const onHenderson = (tf: TaskForce) => tf.col === henderson.col && tf.row === henderson.row;
  // (3) bombardment by a B or FB TF on the Henderson square (8.4)
  for (const tf of tfs.filter((t) => (t.mission === 'B' || t.mission === 'FB') && onHenderson(t)).sort((a, b) => a.id - b.id)) {
    if (!s.bombard) stop('8.4', `bombardment by TF ${tf.id} (this box has no bombardment data)`);
    emit(bombardment(s, tf));
  }
  // (4) strike aircraft land, 8.5B-D emergency landings (rules/landing.ts); (5) counterstrikes (7.4, rules/counterstrike.ts)
  for (const side of ['japanese', 'american'] as const) for (const e of emergencyLandings(before, now, side)) emit(e);
  for (const side of ['japanese', 'american'] as const) counterstrikes(before, () => now, side, ctx, emit);
  // (7) unloading: cargo aboard a TF on the island's square goes ashore (8.6); in Coral Sea the Japanese land at Port Moresby (10.2B)
  for (const tf of tfs.filter(landing(s)).sort((a, b) => a.id - b.id)) {
    const e = unloading(s, tf);
    if (e) emit(e);
  }
  // (8) land combat planned in the AM orders (6.0): the US attack, then the Japanese (8.7); a capture of Henderson ends the game (9.5C)
  if (
    resolveLand(now, ctx, (e) => {
      emit(e);
      return now;
    }).row === 'over'
  )
    return;
  // (9)-(10) and the end of the turn: repair, reinforcements, weather, supply, the score (rules/turn-end.ts)
  endTurn(now, ctx, stop);
}

/** 8.6, 10.2B: a TF on its side's landing square (rules/islands.ts). */
const landing = (s: GcState) => (tf: TaskForce) => {
  const at = landingSquare(s, tf.side);
  return at !== null && tf.col === at.col && tf.row === at.row;
};

/**
 * 8.6A, as read: a ship lands 1 company and 1 dump when it carries both, else 2 companies or 1 dump;
 * a TF on FR (an aborted fast TF, 9.2H) lands nothing. The landing is the side's own to see (12.0).
 */
function unloading(s: GcState, tf: TaskForce): GcEvent | null {
  if (tf.mission === 'FR') return null;
  const ships = tf.ships
    .map((n) => s.ships[n])
    .filter((x) => x.inf + x.sup > 0)
    .map((x) => ({ ship: x.name, inf: x.sup > 0 ? Math.min(1, x.inf) : Math.min(2, x.inf), sup: Math.min(1, x.sup) }));
  if (!ships.length) return null;
  const at = islandOf(s) === 'Guadalcanal' ? {} : { at: islandOf(s) };
  return { type: 'gcc.unloaded', data: { side: tf.side, turn: s.turn, tf: tf.id, ships, ...at }, visibleTo: [tf.side] };
}

/**
 * 8.4: the four heaviest ships (by DF) with under 10% damage fire; BB main guns weigh 12, others 1,
 * AA 0.5 (8.4E). A Japanese bombardment destroys that share (box/bombard.ts) of the aircraft parked
 * at Henderson and of the US dumps landed (8.4A); a US one of the Japanese dumps (8.4B). Then the
 * mission is done: B becomes R (9.2A), FB becomes FC (9.2G). Both sides see it.
 */
function bombardment(s: GcState, tf: TaskForce): GcEvent {
  const b = s.bombard!;
  const firing = tf.ships
    .map((n) => s.ships[n])
    .filter((x) => x.damage * 100 < b.damagedPercent * x.df)
    .sort((x, y) => y.df - x.df || (x.name < y.name ? -1 : 1))
    .slice(0, b.ships);
  const firepower = firing.reduce((a, x) => a + x.mg * (x.type === 'BB' ? b.bbGun : 1) + x.aa * b.aaGun, 0);
  const share = firepower / (firepower + b.halfAt);
  const parked = tf.side === 'japanese' ? freeAt(s, 'american', 'Henderson Field') : {};
  const aircraft = Object.fromEntries(
    entriesOf(parked)
      .map(([t, n]) => [t, Math.round(n * share)])
      .filter(([, n]) => Number(n) > 0),
  );
  const dumps = Math.round(s.ashore[other(tf.side)].sup * share);
  const mission = tf.mission === 'FB' ? 'FC' : 'R';
  return {
    type: 'gcc.bombarded',
    data: { side: tf.side, turn: s.turn, tf: tf.id, ships: firing.map((x) => x.name), firepower, aircraft, dumps, mission },
  };
}
