/**
 * The orders of movement, air, bombardment, logistics and the decisions inside combat (5.6 4b-9a,
 * 21.4, 33, 8.4, 36): MOVE, STAY, STRIKE, ESCORT, CAP, ASSIGN, BOMBARD, REFIT, REST, REPAIR, REFUEL,
 * LOSSES, SCREEN, LEADERSHIP, IDENTIFY/REVEAL, LAND.
 */
import type { HexDirection } from '../../kit';
import { AIR_TYPES, type AirType, type BaseId } from '../box';
import { tfOfShip } from '../state';
import type { CoralOrder, ShipKey } from '../types';
import { type Ctx, fail, isProblem, many, one } from './ctx';
import { mostScreened, usnCarriers, usnOrigins } from './knowledge';
import type { Named } from './names';
import { airListOf, listOf, type Problem, type Reader } from './tokens';

type Out = CoralOrder[] | Problem;

const DIRECTIONS: readonly HexDirection[] = ['NE', 'E', 'SE', 'SW', 'W', 'NW'];

/** MOVE <TF>[, <TF>] <hexes> | <directions> | TO <hex or place> [FAST] (14.3-14.5): a path of hexes or direction words, or movement's MOVE TO. */
export function move(c: Ctx, r: Reader): Out {
  const words = r.rest();
  const fast = words.some((w) => w.toUpperCase() === 'FAST');
  const body = words.filter((w) => w.toUpperCase() !== 'FAST');
  // the TF list: a name, then more only after commas (`MOVE TF-11, TF-17 TO 1513`)
  let tfEnd = body.length ? 1 : 0;
  while (body[tfEnd] === ',' && tfEnd + 1 < body.length) tfEnd += 2;
  const tfs = many(c, body.slice(0, tfEnd), ['usn-tf'], 'task force');
  if (isProblem(tfs)) return tfs;
  if (tfEnd >= body.length) return fail(c, 'where to? hexes, directions or TO <hex>; STAY <TF> to keep it where it is');
  const to = body[tfEnd].toUpperCase() === 'TO' ? tfEnd : -1;
  if (to >= 0) {
    const at = one(c, body.slice(to + 1), ['hex'], 'hex or place');
    if (isProblem(at)) return at;
    return tfs.map((tf) => ({ kind: 'move', tf: tf.id, path: [], to: at.id, fast }));
  }
  const route = listOf(body.slice(tfEnd));
  const isDirection = (w: string) => DIRECTIONS.includes(w.toUpperCase() as HexDirection);
  if (route.every(isDirection)) {
    // the movement rules walk direction words hex by hex from where the TF stands (14.4)
    const path = route.map((w) => w.toUpperCase());
    return tfs.map((tf) => ({ kind: 'move', tf: tf.id, path, fast }));
  }
  const path: string[] = [];
  for (const w of route) {
    if (isDirection(w)) return fail(c, 'give hexes or directions, not both');
    if (/^(N|S|NNE|NNW|SSE|SSW|ENE|ESE|WNW|WSW)$/i.test(w))
      return fail(c, `"${w}" is no direction on this map`, `directions: ${DIRECTIONS.join(', ')} (the hexes stand in rows)`);
    const hex = one(c, [w], ['hex'], 'hex');
    if (isProblem(hex)) return hex;
    path.push(hex.id);
  }
  return tfs.map((tf) => ({ kind: 'move', tf: tf.id, path, fast }));
}

/** STAY <TF>[, <TF>] (14.5); STAY alone: nobody moves. */
export function stay(c: Ctx, r: Reader): Out {
  if (r.done()) return [{ kind: 'none' }];
  const tfs = many(c, r.rest(), ['usn-tf'], 'task force');
  return isProblem(tfs) ? tfs : tfs.map((tf) => ({ kind: 'stay', tf: tf.id }));
}

const ORIGIN = ['usn-ship', 'base'] as const;
const TARGET = ['ijn-tf', 'ijn-ship', 'base'] as const;

/** A strike's target: an IJN TF, the TF a face-up IJN ship sails in (27.1), or a base (22.2). */
function target(c: Ctx, words: readonly string[]): string | Problem {
  const t = one(c, words, TARGET, 'target (IJN task force or base)');
  if (isProblem(t)) return t;
  if (t.kind !== 'ijn-ship') return t.id;
  return tfOfShip(c.s, t.id as ShipKey)?.id ?? fail(c, `${t.display} sails in no task force now`);
}

/** STRIKE | ESCORT | CAP <origin> <squadrons> [AT <target>] [EXTENDED] (5.6 5a-a, 5a-b; 22; 32). */
export function mission(c: Ctx, verb: 'strike' | 'escort' | 'cap', r: Reader): Out {
  const words = r.rest();
  const extended = words.some((w) => w.toUpperCase() === 'EXTENDED');
  const body = words.filter((w) => w.toUpperCase() !== 'EXTENDED');
  const at = body.findIndex((w) => w.toUpperCase() === 'AT');
  const from = one(c, body.slice(0, 1), ORIGIN, 'carrier or base');
  if (isProblem(from)) return from;
  if (from.kind === 'usn-ship' && !carrierLike(from)) return fail(c, `${from.display} carries no aircraft: name a carrier or a base`);
  const air = airListOf(body.slice(1, at < 0 ? body.length : at));
  if (isProblem(air)) return { ...air, rule: c.rule };
  if (verb === 'cap' && at >= 0) return fail(c, 'CAP flies over its own hex: no AT (21.2)');
  if (verb === 'strike' && at < 0) return fail(c, 'STRIKE needs AT <IJN task force or base>');
  const t = at >= 0 ? target(c, body.slice(at + 1)) : undefined;
  if (isProblem(t)) return t;
  return [{ kind: 'mission', mission: verb, from: from.id, air, ...(t ? { target: t } : {}), extended }];
}

const carrierLike = (n: Named): boolean => /^(CV|CVL)-/.test(n.id);

/** ASSIGN AS COMMITTED | ASSIGN <origin> <squadrons> TO STRIKE|ESCORT|CAP [AT <target>] (5.6 5a1a). */
export function assign(c: Ctx, r: Reader): Out {
  if (r.accept('AS')) {
    if (!r.accept('COMMITTED') || !r.done()) return fail(c, 'ASSIGN AS COMMITTED');
    return [{ kind: 'assign-committed' }];
  }
  const from = one(c, r.peek() === undefined ? [] : [r.next()!], ORIGIN, 'carrier or base');
  if (isProblem(from)) return from;
  const air = airListOf(r.until('TO'));
  if (isProblem(air)) return { ...air, rule: c.rule };
  if (!r.accept('TO')) return fail(c, 'ASSIGN needs TO STRIKE, TO ESCORT or TO CAP');
  const m = r.accept('STRIKE', 'ESCORT', 'CAP');
  if (!m) return fail(c, 'TO STRIKE, TO ESCORT or TO CAP');
  const t = r.accept('AT') ? target(c, r.rest()) : undefined;
  if (isProblem(t)) return t;
  if (!r.done()) return fail(c, `"${r.rest().join(' ')}" is not understood here`);
  const mission = m.toLowerCase() as 'strike' | 'escort' | 'cap';
  return [{ kind: 'assign', from: from.id, air, mission, ...(t ? { target: t } : {}) }];
}

/** BOMBARD <IJN base> [WITH <TFs>] | NO BOMBARD (17.1, 17.4): without WITH, every USN TF in the hex (17.1). */
export function bombard(c: Ctx, r: Reader): Out {
  const at = one(c, r.until('WITH'), ['base'], 'IJN base');
  if (isProblem(at)) return at;
  const tfs = r.accept('WITH') ? many(c, r.rest(), ['usn-tf'], 'task force') : [];
  if (isProblem(tfs)) return tfs;
  return [{ kind: 'bombard', base: at.id as BaseId, with: tfs.map((t) => t.id) }];
}

/** REFIT <origins> | REFIT CARRIERS | REFIT ALL (9a1). */
export function refit(c: Ctx, r: Reader): Out {
  const w = r.accept('CARRIERS', 'ALL');
  if (w) {
    if (!r.done()) return fail(c, `REFIT ${w} takes nothing after it`);
    const carriers = usnCarriers(c.s).map((ship) => ship.id);
    const at = w === 'ALL' ? usnOrigins(c.s) : usnOrigins(c.s).filter((o) => carriers.includes(o));
    return at.length ? at.map((h) => ({ kind: 'refit', at: h })) : [{ kind: 'none' }];
  }
  const at = many(c, r.rest(), ORIGIN, 'carrier or base');
  return isProblem(at) ? at : at.map((n) => ({ kind: 'refit', at: n.id }));
}

/** REST <TFs> (9a1). */
export function rest(c: Ctx, r: Reader): Out {
  const tfs = many(c, r.rest(), ['usn-tf'], 'task force');
  return isProblem(tfs) ? tfs : tfs.map((tf) => ({ kind: 'rest', tf: tf.id }));
}

/** REPAIR <ships> (9a1). */
export function repair(c: Ctx, r: Reader): Out {
  const ships = many(c, r.rest(), ['usn-ship'], 'ship');
  return isProblem(ships) ? ships : ships.map((n) => ({ kind: 'repair', ship: n.id }));
}

/** REFUEL <TFs> | REFUEL ALL (9a2): ALL, every USN TF at sea (the logistics rules say which, and what each costs). */
export function refuel(c: Ctx, r: Reader): Out {
  if (r.accept('ALL')) return r.done() ? [{ kind: 'refuel-all' }] : fail(c, 'REFUEL ALL takes nothing after it');
  const tfs = many(c, r.rest(), ['usn-tf'], 'task force');
  return isProblem(tfs) ? tfs : tfs.map((tf) => ({ kind: 'refuel', tf: tf.id }));
}

/** Fighters kept to the last: torpedo and dive bombers go first, then the land bombers, then fighters. */
export const FIGHTERS_LAST: readonly AirType[] = ['VT', 'VB', 'LD', 'LMB', 'LHB', 'VF', 'LF'];

/** LOSSES <squadrons> | LOSSES FIGHTERS LAST | LOSSES BOMBERS FIRST | LOSSES FIGHTERS FIRST | LOSSES FIRST <types> (5a1f). */
export function losses(c: Ctx, r: Reader): Out {
  const t = r.words.map((w) => w.toUpperCase()).join(' ');
  if (/ (FIGHTERS LAST|BOMBERS FIRST)$/.test(` ${t}`) && r.words.length === 2) return [{ kind: 'losses-priority', types: FIGHTERS_LAST }];
  if (/^FIGHTERS FIRST$/.test(t))
    return [{ kind: 'losses-priority', types: ['VF', 'LF', ...FIGHTERS_LAST.filter((x) => x !== 'VF' && x !== 'LF')] }];
  if (r.accept('FIRST')) {
    const types = listOf(r.rest()).map((w) => w.toUpperCase());
    const bad = types.find((x) => !(AIR_TYPES as readonly string[]).includes(x));
    if (bad || !types.length)
      return fail(c, bad ? `"${bad}" is no aircraft type` : 'LOSSES FIRST <types>', `types: ${AIR_TYPES.join(', ')}`);
    const first = [...new Set(types)] as AirType[];
    return [{ kind: 'losses-priority', types: [...first, ...FIGHTERS_LAST.filter((x) => !first.includes(x))] }];
  }
  const air = airListOf(r.rest());
  return isProblem(air) ? { ...air, rule: c.rule } : [{ kind: 'losses', air }];
}

/** SCREEN <ships> | SCREEN MAX | SCREEN NONE (33.1): MAX, the ships the battle waiting on the USN lets it screen. */
export function screen(c: Ctx, r: Reader): Out {
  if (r.accept('MAX')) return r.done() ? [{ kind: 'screen', ships: mostScreened(c.s) }] : fail(c, 'SCREEN MAX takes nothing after it');
  if (r.accept('NONE')) return r.done() ? [{ kind: 'screen', ships: [] }] : fail(c, 'SCREEN NONE takes nothing after it');
  const ships = many(c, r.rest(), ['usn-ship'], 'ship');
  return isProblem(ships) ? ships : [{ kind: 'screen', ships: ships.map((n) => n.id) }];
}

/** LEADERSHIP USE | SAVE (8.4). */
export function leadership(c: Ctx, r: Reader): Out {
  const w = r.accept('USE', 'SAVE', 'KEEP');
  if (!w || !r.done()) return fail(c, 'LEADERSHIP USE or LEADERSHIP SAVE');
  return [{ kind: 'leadership', use: w === 'USE' }];
}

/** IDENTIFY [<IJN TF>] | REVEAL [<IJN TF>] (36: the choice on a 4 or 5). */
export function choice(c: Ctx, word: 'IDENTIFY' | 'REVEAL', r: Reader): Out {
  const picked = word === 'IDENTIFY' ? 'identify' : 'reveal';
  if (r.done()) return [{ kind: 'intelligence-choice', choice: picked }];
  const tf = one(c, r.rest(), ['ijn-tf'], 'IJN task force');
  return isProblem(tf) ? tf : [{ kind: 'intelligence-choice', choice: picked, tf: tf.id }];
}

/** LAND <carrier> [AIR] ON <carrier or base> (21.4). */
export function land(c: Ctx, r: Reader): Out {
  const from = one(c, r.until('AIR', 'ON'), ['usn-ship'], 'carrier');
  if (isProblem(from)) return from;
  r.accept('AIR');
  if (!r.accept('ON', 'AT')) return fail(c, 'LAND <carrier> AIR ON <carrier or base>');
  const on = one(c, r.rest(), ORIGIN, 'carrier or base');
  return isProblem(on) ? on : [{ kind: 'land', from: from.id, on: on.id }];
}
