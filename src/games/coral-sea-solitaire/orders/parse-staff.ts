/**
 * The orders of the setup and of the command phase (4.2, 30.1, 30.4, 5.6 1d-1g): DEPLOY, BASE,
 * CV-3 WITH, B-n WITH / NEW TF, CP, NEW TF, TRANSFER, TRANSFER AIR, INTEL, UNIDENTIFY. Each reads
 * the words after its verb and returns the orders, or the problem with the line.
 */
import type { BaseId, IjnTf } from '../box';
import type { CoralOrder, ShipKey, StaffSlots } from '../types';
import { type Ctx, count, fail, isProblem, many, one } from './ctx';
import { tfOfShip } from '../state';
import { usnKey } from './knowledge';
import { airListOf, type Problem, type Reader } from './tokens';

type Out = CoralOrder[] | Problem;

/** DEPLOY <TF>[, <TF>] AT <hex or place> (4.2). */
export function deploy(c: Ctx, r: Reader): Out {
  const tfs = many(c, r.until('AT'), ['usn-tf'], 'task force');
  if (isProblem(tfs)) return tfs;
  if (!r.accept('AT')) return fail(c, 'DEPLOY needs AT and where');
  const at = one(c, r.rest(), ['hex'], 'hex or place');
  if (isProblem(at)) return at;
  return tfs.map((tf) => ({ kind: 'deploy', tf: tf.id, hex: at.id }));
}

/** BASE <squadrons> AT <base> (4.2: Australia's air between its two bases). */
export function base(c: Ctx, r: Reader): Out {
  const air = airListOf(r.until('AT'));
  if (isProblem(air)) return { ...air, rule: c.rule };
  if (!r.accept('AT')) return fail(c, 'BASE needs AT and a base');
  const at = one(c, r.rest(), ['base'], 'base');
  if (isProblem(at)) return at;
  return [{ kind: 'base-air', base: at.id as BaseId, air }];
}

/** CV-3 WITH <TF> (30.1: with a die of 0, CV-3 and DD-7 join a New Caledonia TF). */
export function cv3(c: Ctx, r: Reader): Out {
  if (!r.accept('WITH')) return fail(c, 'CV-3 WITH <TF>: name the New Caledonia TF it joins');
  const tf = one(c, r.rest(), ['usn-tf'], 'task force');
  return isProblem(tf) ? tf : [{ kind: 'reinforce-cv3', tf: tf.id }];
}

/** B-1[, B-2] WITH <TF> | B-1[, B-2] NEW TF[-n] WITH <DD> FROM <TF> (30.4). */
export function battleships(c: Ctx, first: string, r: Reader): Out {
  const ships = many(c, [first, ...r.until('WITH', 'NEW')], ['usn-ship'], 'battleship');
  if (isProblem(ships)) return ships;
  const bad = ships.find((n) => !/^B-\d+$/.test(n.id));
  if (bad) return fail(c, `${bad.display} is no USN battleship (B-1, B-2)`);
  const keys = ships.map((n) => usnKey(n.id));
  if (r.accept('WITH')) {
    const tf = one(c, r.rest(), ['usn-tf'], 'task force');
    return isProblem(tf) ? tf : [{ kind: 'battleships', ships: keys, tf: tf.id }];
  }
  if (!r.accept('NEW')) return fail(c, 'WITH <TF> or NEW TF WITH <DD> FROM <TF>');
  let tf: string | undefined;
  if (r.accept('TF') === null) {
    const marker = one(c, r.until('WITH'), ['usn-tf'], 'new TF marker');
    if (isProblem(marker)) return marker;
    tf = marker.id;
  }
  if (!r.accept('WITH')) return fail(c, 'NEW TF needs WITH <DD> FROM <TF>: the destroyer drawn from a New Caledonia TF');
  const dd = one(c, r.until('FROM'), ['usn-ship'], 'destroyer');
  if (isProblem(dd)) return dd;
  if (!r.accept('FROM')) return fail(c, 'name the TF the destroyer comes FROM');
  const from = one(c, r.rest(), ['usn-tf'], 'task force');
  if (isProblem(from)) return from;
  return [{ kind: 'battleships-tf', ships: keys, ...(tf ? { tf } : {}), escort: usnKey(dd.id), from: from.id }];
}

const SLOT: Readonly<Record<string, keyof StaffSlots>> = {
  ORG: 'organization',
  ORGANIZATION: 'organization',
  INTEL: 'intelligence',
  INTELLIGENCE: 'intelligence',
  OPS: 'operations',
  OPERATIONS: 'operations',
  LOG: 'logistics',
  LOGISTICS: 'logistics',
};

/** CP ORG <n> INTEL <n> OPS <n> LOG <n> (7.3): slots in any order, a slot not named gets 0. */
export function cp(c: Ctx, r: Reader): Out {
  const slots: Record<keyof StaffSlots, number> = { organization: 0, intelligence: 0, operations: 0, logistics: 0 };
  const seen = new Set<string>();
  if (r.done()) return fail(c, 'CP needs the slots and their points');
  while (!r.done()) {
    const word = r.next()!.toUpperCase();
    const slot = SLOT[word];
    if (!slot) return fail(c, `"${word}" is no staff slot (ORG, INTEL, OPS, LOG)`);
    if (seen.has(slot)) return fail(c, `${word} is given twice`);
    seen.add(slot);
    const n = count(c, r.next(), word, 0, 99);
    if (isProblem(n)) return n;
    slots[slot] = n;
  }
  return [{ kind: 'allocate', slots }];
}

/** NEW TF-<n> FROM <TF>[:] <ships> (13.3(1)). */
export function newTf(c: Ctx, r: Reader): Out {
  const marker = one(c, r.until('FROM'), ['usn-tf'], 'new TF marker');
  if (isProblem(marker)) return marker;
  if (!r.accept('FROM')) return fail(c, 'NEW TF needs FROM <TF>: the TF its ships come from');
  const word = r.next();
  if (word === undefined) return fail(c, 'NEW TF needs FROM <TF>: the TF its ships come from');
  const from = one(c, [word], ['usn-tf'], 'task force');
  if (isProblem(from)) return from;
  r.accept('WITH');
  const ships = many(c, r.rest(), ['usn-ship'], 'ship');
  if (isProblem(ships)) return ships;
  return [{ kind: 'new-tf', tf: marker.id, from: from.id, ships: ships.map((n) => n.id) }];
}

/** TRANSFER <ships> FROM <TF> TO <TF> (13.3(2)), or TRANSFER AIR <squadrons> FROM <origin> TO <origin> (21.5). */
export function transfer(c: Ctx, r: Reader, airCtx: Ctx): Out {
  if (r.accept('AIR')) return transferAir(airCtx, r);
  const ships = many(c, r.until('FROM'), ['usn-ship'], 'ship');
  if (isProblem(ships)) return ships;
  if (!r.accept('FROM')) return fail(c, 'TRANSFER needs FROM <TF> TO <TF>');
  const from = one(c, r.until('TO'), ['usn-tf'], 'task force');
  if (isProblem(from)) return from;
  if (!r.accept('TO')) return fail(c, 'TRANSFER needs TO <TF>');
  const to = one(c, r.rest(), ['usn-tf'], 'task force');
  if (isProblem(to)) return to;
  return [{ kind: 'transfer', ships: ships.map((n) => n.id), from: from.id, to: to.id }];
}

const ORIGIN = ['usn-ship', 'base'] as const;

function transferAir(c: Ctx, r: Reader): Out {
  const air = airListOf(r.until('FROM'));
  if (isProblem(air)) return { ...air, rule: c.rule };
  if (!r.accept('FROM')) return fail(c, 'TRANSFER AIR needs FROM <carrier or base>');
  const from = one(c, r.until('TO'), ORIGIN, 'carrier or base');
  if (isProblem(from)) return from;
  if (!r.accept('TO')) return fail(c, 'TRANSFER AIR needs TO <carrier or base>');
  const to = one(c, r.rest(), ORIGIN, 'carrier or base');
  if (isProblem(to)) return to;
  return [{ kind: 'air-transfer', air, from: from.id, to: to.id }];
}

/** INTEL <IJN TF> [PREFER IDENTIFY|REVEAL] [UNTIL REVEALED|IDENTIFIED [MAX n]] (28.2(1), 36). */
export function intel(c: Ctx, r: Reader): Out {
  const target = one(c, r.until('PREFER', 'UNTIL', 'MAX'), ['ijn-tf', 'ijn-ship'], 'IJN task force');
  if (isProblem(target)) return target;
  // a face-up IJN ship stands for the TF it sails in (the USN sees that TF's display, 27.1)
  const tf = target.kind === 'ijn-tf' ? target.id : tfOfShip(c.s, target.id as ShipKey)?.id;
  if (!tf) return fail(c, `${target.display} sails in no task force now`);
  let prefer: 'identify' | 'reveal' | undefined;
  let until: 'identified' | 'revealed' | undefined;
  let max: number | undefined;
  while (!r.done()) {
    if (r.accept('PREFER')) {
      const w = r.accept('IDENTIFY', 'REVEAL');
      if (!w) return fail(c, 'PREFER IDENTIFY or PREFER REVEAL');
      prefer = w === 'IDENTIFY' ? 'identify' : 'reveal';
    } else if (r.accept('UNTIL')) {
      const w = r.accept('REVEALED', 'IDENTIFIED');
      if (!w) return fail(c, 'UNTIL REVEALED or UNTIL IDENTIFIED');
      until = w === 'REVEALED' ? 'revealed' : 'identified';
    } else if (r.accept('MAX')) {
      const n = count(c, r.next(), 'MAX', 1, 20);
      if (isProblem(n)) return n;
      max = n;
    } else return fail(c, `"${r.next()}" is not understood here`);
  }
  if (max !== undefined && !until) return fail(c, 'MAX goes with UNTIL REVEALED or UNTIL IDENTIFIED');
  return [
    {
      kind: 'intelligence',
      target: tf as IjnTf,
      ...(prefer ? { prefer } : {}),
      ...(until ? { until } : {}),
      ...(max !== undefined ? { max } : {}),
    },
  ];
}

/** UNIDENTIFY <USN TF> (28.6). */
export function unidentify(c: Ctx, r: Reader): Out {
  const tf = one(c, r.rest(), ['usn-tf'], 'USN task force');
  return isProblem(tf) ? tf : [{ kind: 'unidentify', tf: tf.id }];
}
