/** Random legal orders (self-play, fuzzing): candidates drawn at random, each kept only if the step accepts it. */
import type { Rng, StepInfo } from '../../engine/ruleset';
import { ISLANDS, ZONE_IDS, type ZoneId } from './box';
import { targetZones, usable, windowOf } from './advantages';
import { validate } from './rules';
import { choicesIn, zonesToFight } from './fight';
import { defOf } from './steps';
import type { Advantage, Category, UnitType } from './box';
import type { GSide, GState, Order, Piece, PieceType } from './types';
import { adjacentZones, airDistance, airRange, baseOf, isAir, isIsland, isSea, isSeaZone, seaMoves } from './world';

const BUYABLE: readonly PieceType[] = ['INF', 'ART', 'AA', 'TR', 'SS', 'DD', 'CA', 'CV', 'BB', 'BMR', 'FTR', 'SUP'];

/** Movement candidates for one unit type; `kind` says which parts the step takes (hidden movement splits them). */
function moveCandidates(
  s: GState,
  side: GSide,
  type: UnitType,
  mine: readonly Piece[],
  rng: Rng,
  kind: 'move' | 'hid-load' | 'hid-sea' | 'hid-subs',
): Order[] {
  const out: Order[] = [];
  for (const u of mine.filter((p) => p.type === type || (type === 'DD' && p.type === 'PT'))) {
    const z = u.zone as ZoneId;
    if ((type === 'TR' || type === 'DD') && (kind === 'move' || kind === 'hid-load')) {
      const base = baseOf(s, side);
      const cargo = mine.filter(
        (c) =>
          c.on === null &&
          ['INF', 'ART', 'AA', 'SUP'].includes(c.type) &&
          ((adjacentZones(s, z).includes(c.zone as ZoneId) && isIsland(s, c.zone as ZoneId)) || (z === base.sea && c.zone === base.land)),
      );
      if (cargo.length && rng.int(2)) out.push({ kind: 'load', ship: u.id, cargo: [rng.pick(cargo).id] });
    }
    if (type === 'BMR' || type === 'FTR') {
      const reach = ZONE_IDS.filter((t) => t !== z && airDistance(s, z, t) <= airRange(s, type, side));
      if (reach.length) out.push({ kind: 'fly', unit: u.id, to: rng.pick(reach) });
    } else if (kind === 'move' || kind === 'hid-sea') {
      const moves = seaMoves(s, side, z);
      if (moves.length && rng.int(3)) out.push({ kind: 'move', unit: u.id, to: rng.pick(moves) });
    }
    if (type === 'SS' && (kind === 'move' || kind === 'hid-subs')) {
      const targets = s.pieces.filter(
        (e) => e.side !== side && isSea(e) && e.zone !== 'damaged' && (e.zone === z || adjacentZones(s, z).includes(e.zone as ZoneId)),
      );
      if (targets.length) out.push({ kind: 'attack', sub: u.id, target: rng.pick(targets).id });
    }
  }
  return out;
}

function candidates(s: GState, side: GSide, step: StepInfo, rng: Rng): Order[] {
  const def = defOf(step);
  const k = def.kind;
  const mine = s.pieces.filter((p) => p.side === side && p.zone !== 'damaged');
  const out: Order[] = [];
  if (k.kind === 'hid-load' || k.kind === 'hid-sea' || k.kind === 'hid-subs') {
    const type: UnitType[] = k.kind === 'hid-load' ? ['TR', 'DD'] : k.kind === 'hid-subs' ? ['SS'] : ['TR', 'BB', 'CV', 'CA', 'DD', 'SS'];
    return type.flatMap((t) => moveCandidates(s, side, t, mine, rng, k.kind));
  }
  if (k.kind === 'move') return moveCandidates(s, side, k.type, mine, rng, 'move');
  if (k.kind === 'fire-sea' || k.kind === 'fire-land') {
    for (const u of mine.filter((p) => (k.kind === 'fire-sea' ? p.type === 'ART' : p.type === 'CA' || p.type === 'BB'))) {
      const at = adjacentZones(s, u.zone as ZoneId).filter((z) => (k.kind === 'fire-sea' ? isSeaZone(s, z) : isIsland(s, z)));
      if (at.length && rng.int(3)) out.push({ kind: 'fire', unit: u.id, at: rng.pick(at) });
      if (k.kind === 'fire-land' && rng.int(4) === 0) out.push({ kind: 'airfield', unit: u.id });
    }
    if (k.kind === 'fire-land')
      for (const u of mine.filter((p) => isAir(p) && rng.int(3) === 0)) out.push({ kind: 'airfield', unit: u.id });
  } else if (k.kind === 'unload') {
    for (const ship of mine.filter((p) => p.type === 'TR' || p.type === 'DD')) {
      const islands = adjacentZones(s, ship.zone as ZoneId).filter((z) => isIsland(s, z));
      if (islands.length && rng.int(4)) out.push({ kind: 'unload', ship: ship.id, cargo: [], to: rng.pick(islands) });
    }
  } else if (k.kind === 'landing') {
    for (const u of mine.filter(isAir)) {
      const spots = [baseOf(s, side).land, ...ISLANDS, ...mine.filter((c) => c.type === 'CV').map((c) => c.id)];
      if (rng.int(2)) out.push({ kind: 'land', unit: u.id, at: rng.pick(spots) });
    }
  } else if (k.kind === 'zone-order' && s.fight) {
    const left = zonesToFight(s, s.fight.cat, s.fight.done);
    if (left.length && rng.int(2)) out.push({ kind: 'zones', zones: [rng.pick(left)] });
  } else if (k.kind === 'zone-fire' && s.fight?.zone) {
    const { ranged, airfield } = choicesIn(s, side, s.fight.zone, s.fight.cat);
    for (const u of ranged) if (rng.int(3)) out.push({ kind: 'fire', unit: u.id, at: s.fight.zone });
    for (const u of airfield) if (rng.int(3) === 0) out.push({ kind: 'airfield', unit: u.id });
  } else if (['regroup', 'build', 'reinforce', 'repair', 'deploy'].includes(k.kind)) {
    for (const i of ISLANDS) out.push({ kind: 'build', island: i });
    for (let n = 0; n < 4; n++) out.push({ kind: 'buy', type: rng.pick(BUYABLE), count: 1 + rng.int(3) });
    for (const u of s.pieces.filter((p) => p.side === side && p.zone === 'damaged')) out.push({ kind: 'repair', unit: u.id });
    for (const i of ISLANDS) out.push({ kind: 'repair-airfield', island: i });
    const base = baseOf(s, side);
    const deployTo = ZONE_IDS.filter((z) => {
      const zone = s.box.zones[z];
      return zone.kind === 'sea' && zone.deploy?.side === side;
    });
    for (const u of mine.filter((p) => p.zone === base.sea && isSea(p)))
      if (deployTo.length) out.push({ kind: 'deploy', unit: u.id, to: rng.pick(deployTo) });
  }
  return out;
}

/** A USE line for an advantage usable here, aimed where it can matter; null to keep the token. */
function useCandidate(s: GState, side: GSide, a: Advantage, rng: Rng): Order | null {
  if (a === 'quick-drop') {
    const zones = s.pieces
      .filter((p) => p.side === side && (p.type === 'TR' || p.type === 'DD') && s.pieces.some((c) => c.on === p.id))
      .map((p) => p.zone as ZoneId)
      .filter((z) => s.box.zones[z]?.kind === 'sea' && adjacentZones(s, z).some((i) => isIsland(s, i)));
    return zones.length ? { kind: 'use', advantage: a, at: rng.pick(zones) } : null;
  }
  if (a === 'command-decision') {
    const contested = ZONE_IDS.filter((z) =>
      (['axis', 'allies'] as const).every((x) => s.pieces.some((p) => p.side === x && p.zone === z)),
    );
    if (!contested.length) return null;
    const at = rng.pick(contested);
    const cats: Category[] = isIsland(s, at) ? ['air', 'land'] : s.box.zones[at].kind === 'sea' ? ['air', 'sea'] : ['air'];
    return { kind: 'use', advantage: a, at, category: rng.pick(cats) };
  }
  if (a === 'pt-boats') {
    const zones = [
      ...new Set(s.pieces.filter((p) => p.side === side && s.box.zones[p.zone as ZoneId]?.kind === 'sea').map((p) => p.zone as ZoneId)),
    ];
    return zones.length ? { kind: 'use', advantage: a, at: rng.pick(zones) } : null;
  }
  const zones = targetZones(s, a);
  return { kind: 'use', advantage: a, at: zones ? rng.pick(zones) : null };
}

export function randomGuadalcanalOrders(s: GState, side: GSide, step: StepInfo, rng: Rng): Order[] {
  const pool = candidates(s, side, step, rng);
  const def = defOf(step);
  const orders: Order[] = [];
  // now and then a casualty priority list (ATK.cargo), so self-play exercises the players' choices too
  if (rng.int(4) === 0) {
    const onBoard = s.pieces.filter((p) => p.zone !== 'damaged');
    const units: string[] = [];
    for (let n = 0; n < 4 && onBoard.length; n++) units.push(onBoard.splice(rng.int(onBoard.length), 1)[0].id);
    const hits: Order = { kind: 'hits', units };
    if (!validate(s, side, [hits], step).length) orders.push(hits);
  }
  for (const a of usable(s, side, windowOf(def.kind)))
    if (rng.int(3) === 0) {
      const use: Order | null =
        a === 'coast-watchers' && def.kind.kind === 'hid-load'
          ? { kind: 'use', advantage: a, at: null, type: rng.pick(['TR', 'BB', 'CV', 'CA', 'DD', 'SS', 'BMR', 'FTR'] as const) }
          : useCandidate(s, side, a, rng);
      if (use && !validate(s, side, [...orders, use], step).length) orders.push(use);
    }
  if (def.kind.kind === 'quick-drop' || def.kind.kind === 'watched') {
    const held = s.active.find((x) => x.side === side && x.advantage === 'coast-watchers')?.type;
    const mine = s.pieces.filter((p) => p.side === side && p.zone !== 'damaged');
    if (def.kind.kind === 'watched' && held) pool.push(...moveCandidates(s, side, held, mine, rng, 'move'));
    if (def.kind.kind === 'quick-drop')
      for (const ship of mine.filter((p) => p.type === 'TR' || p.type === 'DD')) {
        const islands = adjacentZones(s, ship.zone as ZoneId).filter((z) => isIsland(s, z));
        if (islands.length) pool.push({ kind: 'unload', ship: ship.id, cargo: [], to: rng.pick(islands) });
      }
  }
  while (pool.length) {
    const c = pool.splice(rng.int(pool.length), 1)[0];
    if (!validate(s, side, [...orders, c], step).length) orders.push(c);
  }
  return orders.length ? orders : [{ kind: 'none' }];
}
