/**
 * Surface combat (8.2) and its endurance scare (9.3D). Each TF that may attack (C with endurance 9
 * or more, or FC: the brief's reading of 8.2 against 9.2's FC endurance of 6) fights the enemy
 * surface TFs in its square, US attackers first: (1)/(3) every attacking ship fires at a ship of
 * those TFs, (2)/(4) every ship of them fires back at the attacking TF (8.2A). Picks are weighted by
 * DF (8.2B); a ship fires its torpedoes (half of 12 or more, else all), then its main guns, then
 * its light guns (8.2C), each shot hitting on box/surface.ts's chance for 9.1A's damage. Then the
 * scare: the attacker drops to endurance 8 when the defenders' DF x rnd passes 25, each defending TF
 * when the attackers' main guns (BB x4) x rnd pass 15; a scared B TF returns (R), FB and FT abort
 * (FR, 9.2H). Both sides took part: both see the battle.
 */
import { pick, rollDie } from '../../../engine/dice';
import type { AdjudicationContext, Dice } from '../../../engine/ruleset';
import { Fold } from '../../kit';
import { valuesOf } from '../keyed';
import type { Mission } from '../box/tables';
import { type GcState, isAm, isMini, other, type Ship, type TaskForce } from '../state';
import { evolveGc, type GcEvent } from './events';
import type { SurfaceHit, SurfaceResult } from './surface-result';

/** 9.2E with the brief's reading: C at endurance 9 or more, or FC. */
export const mayAttack = (tf: TaskForce) => (tf.mission === 'C' && tf.endurance >= 9) || tf.mission === 'FC';

/** Resolves every surface combat, US attackers first, each TF by number; returns the position they leave. */
export function resolveSurface(s: GcState, ctx: AdjudicationContext, stop: (rule: string, what: string) => never): GcState {
  const fold = new Fold<GcState>(s, evolveGc);
  for (const side of ['american', 'japanese'] as const) {
    const attackers = valuesOf(s.taskForces)
      .filter((t) => t.side === side && mayAttack(t))
      .map((t) => t.id)
      .sort((a, b) => a - b);
    for (const id of attackers) {
      const tf = fold.s.taskForces[id];
      if (!tf || !mayAttack(tf)) continue;
      const defenders = valuesOf(fold.s.taskForces)
        .filter((t) => t.side === other(side) && t.col === tf.col && t.row === tf.row && t.mission !== 'U')
        .sort((a, b) => a.id - b.id);
      if (!defenders.length) continue;
      if (!fold.s.surface || !fold.s.strike) stop('8.2', `surface combat of TF ${tf.id} (this box has no surface combat data)`);
      const e: GcEvent = { type: 'gcc.surface-fought', data: battle(fold.s, tf, defenders, ctx.dice) };
      ctx.emit(e);
      fold.emit(e);
    }
  }
  return fold.s;
}

const NEVER_FIRE = ['TR', 'TK', 'CV', 'CVL', 'SS'];

function battle(s: GcState, tf: TaskForce, defenders: TaskForce[], dice: Dice): SurfaceResult {
  const b = s.surface!;
  const sinkAt = (x: Ship) => x.df * s.strike!.sinkAtDf;
  const damage = new Map<string, number>();
  const knots = new Map<string, number>();
  const torpedoes: Record<string, number> = {};
  const hits: SurfaceHit[] = [];
  const dmg = (x: Ship) => damage.get(x.name) ?? x.damage;
  const afloat = (x: Ship) => dmg(x) < sinkAt(x);
  const crippled = (x: Ship) => dmg(x) * 2 >= x.df;
  const speed = (x: Ship) => (crippled(x) ? 5 : Math.max(5, x.ms - (knots.get(x.name) ?? 0)));
  const day = isAm(s.turn);
  const firstWeek = !isMini(s) && s.turn <= b.firstWeekTurns;
  const shipsOf = (t: TaskForce) => t.ships.map((n) => s.ships[n]).filter((x) => x.type !== 'SS');
  const mine = shipsOf(tf);
  const theirs = defenders.flatMap(shipsOf);
  const chance = (perMille: number, target: Ship) => {
    const clamp = (x: number, [lo, hi]: readonly number[]) => Math.min(hi, Math.max(lo, x));
    return perMille * clamp(b.speedKnots / speed(target), b.speedLimits) * clamp(target.df / b.sizeDf, b.sizeLimits);
  };
  const shot = (perMille: number, what: string) => perMille > 0 && rollDie(dice, 1000, what, '8.2D') <= Math.round(perMille);
  const hit = (x: Ship, target: Ship, weapon: SurfaceHit['weapon'], points: number, lost: number) => {
    hits.push({ ship: target.name, by: x.name, weapon, damage: points, knots: lost });
    damage.set(target.name, dmg(target) + points);
    if (lost) knots.set(target.name, (knots.get(target.name) ?? 0) + lost);
  };
  const fire = (x: Ship, targets: Ship[]) => {
    // 8.2G: who fires at all, and at what
    if (!afloat(x) || NEVER_FIRE.includes(x.type) || !targets.length) return;
    if ((x.type === 'APD' || x.type === 'DMS') && rollDie(dice, 100, `${x.name} fires or not`, '8.2G') > b.halfTimePercent) return;
    const target = pick(
      dice,
      targets.flatMap((t) => Array<Ship>(t.df).fill(t)),
      `${x.name} picks its target`,
      '8.2B',
    );
    if (!afloat(target)) return;
    if ((target.type === 'CV' || target.type === 'CVL') && speed(x) <= speed(target)) return;
    const us = x.side === 'american';
    const handicap = us && firstWeek ? b.firstWeekUs : 1;
    // (1) torpedoes: Japanese 24-inch, US 21-inch (9.1A); by day the US fire them at cripples only, IJN at a third against the rest (8.2F)
    const tt = x.tt ?? 0;
    const salvo = tt >= 12 ? Math.floor(tt / 2) : tt;
    if (salvo > 0 && !(day && us && !crippled(target))) {
      torpedoes[x.name] = (torpedoes[x.name] ?? 0) + salvo;
      const dayCut = day && !us && !crippled(target) ? b.dayIjnTorpedo : 1;
      for (let i = 0; i < salvo; i++) {
        const p = chance(b.torpedoPerMille, target) * (us ? b.usTorpedo : 1) * dayCut * handicap;
        if (shot(p, `torpedo ${i + 1} of ${x.name} at ${target.name}`))
          if (us) hit(x, target, 'torpedo', b.damage.torpedo21, b.knots21);
          else hit(x, target, 'torpedo', b.damage.torpedo24, b.knots24);
      }
    }
    // (2) main guns, (3) light guns; by day light guns hold their fire at ships with main guns (8.2F)
    const gunSide = us ? (x.type === 'BB' ? b.usBbGun : b.usGun) : 1;
    for (let i = 0; i < x.mg; i++)
      if (shot(chance(b.gunPerMille, target) * gunSide * handicap, `main gun ${i + 1} of ${x.name} at ${target.name}`))
        hit(x, target, 'gun', gunDamage(s, x), 0);
    if (day && target.mg > 0) return;
    for (let i = 0; i < x.aa; i++)
      if (shot(chance(b.aaPerMille, target) * (us ? b.usGun : 1) * handicap, `light gun ${i + 1} of ${x.name} at ${target.name}`))
        hit(x, target, 'aa', b.damage.aa, 0);
  };
  for (const x of mine) fire(x, theirs);
  for (const x of theirs) fire(x, mine);
  // 9.3D: the scare, over the ships still afloat
  const rnd = (what: string) => (rollDie(dice, 1000, what, '9.3D') - 1) / 1000;
  const scared: SurfaceResult['scared'] = [];
  const scare = (t: TaskForce) => {
    const endurance = Math.min(t.endurance, b.scaredEndurance);
    const mission: Mission = t.mission === 'B' ? 'R' : t.mission === 'FB' || t.mission === 'FT' ? 'FR' : t.mission;
    scared.push({ tf: t.id, endurance, mission });
  };
  const theirDf = theirs.filter(afloat).reduce((a, x) => a + x.df, 0);
  if (theirDf * rnd(`the scare of TF ${tf.id}`) > b.scareDf) scare(tf);
  const myMg = mine.filter(afloat).reduce((a, x) => a + x.mg * (x.type === 'BB' ? b.scareBb : 1), 0);
  for (const d of defenders) if (myMg * rnd(`the scare of TF ${d.id}`) > b.scareMg) scare(d);
  const sunk = [...mine, ...theirs].filter((x) => !afloat(x)).map((x) => x.name);
  return { side: tf.side, turn: s.turn, tf: tf.id, against: defenders.map((d) => d.id), hits, torpedoes, sunk, scared };
}

/** 9.1A: the damage of one main-gun hit by the firing ship's type and class. */
function gunDamage(s: GcState, x: Ship): number {
  const d = s.surface!.damage;
  if (x.type === 'CA') return d.ca;
  if (x.type !== 'BB') return d.cl;
  if (x.side === 'american') return d.usBb;
  return x.cls === 'yamato-bb' ? d.yamato : x.cls === 'nagato-bb' ? d.mutsu : d.ijnBb;
}
