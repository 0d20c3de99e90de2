/** Phase 3, Regroup (REG.1-REG.6): control and capture, building, reinforcing, repair, deploy, score; landing is landing.ts. */
import { ISLANDS, type IslandId, type UnitType, type ZoneId } from './box';
import { inForce, useAdvantage } from './advantages';
import { load } from './movement';
import type { Play } from './play';
import { SIDE_ORDER, type GSide, type GState, type Order, type Piece, type PieceType } from './types';
import { adjacentZones, attackOf, baseOf, cargoOf, costOf, isLand, islandsControlled, piece } from './world';

/** REG.1: land power per island; adjacent cruisers and battleships count for a side with a land unit there. */
export function landPower(s: GState, island: IslandId, side: GSide): number {
  const land = s.pieces.filter((p) => p.side === side && p.zone === island && p.on === null && isLand(p));
  if (!land.length) return 0;
  const ships = s.pieces.filter(
    (p) =>
      p.side === side &&
      (p.type === 'CA' || p.type === 'BB') &&
      p.zone !== 'damaged' &&
      adjacentZones(s, p.zone as ZoneId).includes(island),
  );
  return [...land, ...ships].reduce((sum, p) => sum + attackOf(s, p.type, 'land'), 0);
}

export function controlStep(p: Play): void {
  for (const island of ISLANDS) {
    const power = { axis: landPower(p.s, island, 'axis'), allies: landPower(p.s, island, 'allies') };
    const holder = p.s.control[island];
    const winner: GSide = power.axis > power.allies ? 'axis' : power.allies > power.axis ? 'allies' : holder;
    if (winner !== holder) p.emit({ type: 'gc.control', data: { island, side: winner, power } });
    const enemy: GSide = winner === 'axis' ? 'allies' : 'axis';
    const enemyLand = p.s.pieces.some((x) => x.side === enemy && x.zone === island && x.on === null && isLand(x));
    if (enemyLand) continue;
    const supplies = p.s.pieces.filter((x) => x.side === enemy && x.zone === island && x.on === null && x.type === 'SUP').map((x) => x.id);
    p.s.airfields.forEach((a, index) => {
      if (a.island === island && a.side === enemy)
        p.emit({ type: 'gc.airfield', data: { island, index, airfield: { ...a, side: winner }, why: `captured by ${winner} (REG.1)` } });
    });
    if (supplies.length) p.emit({ type: 'gc.captured', data: { island, side: winner, supplies } });
  }
}

const supplies = (s: GState, side: GSide, zone: ZoneId) =>
  s.pieces.filter((x) => x.side === side && x.zone === zone && x.on === null && x.type === 'SUP');

/** The steps of REG.3 and REG.4a-c as written, and the option regroup-in-one-step's single step (`all`). */
export type RegroupPart = 'build' | 'reinforce' | 'repair' | 'deploy' | 'all';

/** The orders each part takes, and where an order of another part goes. */
const PART: Record<Exclude<RegroupPart, 'all'>, { rule: string; word: string; kinds: readonly Order['kind'][] }> = {
  build: { rule: 'REG.3', word: 'BUILD', kinds: ['build'] },
  reinforce: { rule: 'REG.4a', word: 'REINFORCE', kinds: ['buy', 'load', 'use'] },
  repair: { rule: 'REG.4b', word: 'REPAIR', kinds: ['repair', 'repair-airfield', 'load'] },
  deploy: { rule: 'REG.4c', word: 'DEPLOY', kinds: ['deploy'] },
};

/** Does `side` have a choice in this part of REG.3-REG.4c (else it is not asked)? */
export function regroupChoice(s: GState, side: GSide, part: Exclude<RegroupPart, 'all'>): boolean {
  const base = baseOf(s, side);
  const atBase = supplies(s, side, base.land).length;
  if (part === 'build')
    return ISLANDS.some(
      (i) =>
        supplies(s, side, i).length >= s.box.constants.airfieldBuildSupplies &&
        s.airfields.filter((a) => a.island === i).length < slotsOf(s, i),
    );
  if (part === 'repair')
    return (
      (atBase >= s.box.constants.shipRepairSupplies && s.pieces.some((u) => u.side === side && u.zone === 'damaged')) ||
      s.airfields.some((a) => a.side === side && a.damaged && supplies(s, side, a.island).length >= s.box.constants.airfieldRepairSupplies)
    );
  if (part === 'deploy') {
    const costs = deployZones(s, side).map((z) => (s.box.zones[z] as { deploy: { cost: number } }).deploy.cost);
    return s.pieces.some((u) => u.side === side && u.zone === base.sea && isSeaUnit(u)) && costs.some((c) => c <= atBase);
  }
  return true;
}

const isSeaUnit = (u: Piece) =>
  u.type !== 'SUP' && u.type !== 'PT' && u.on === null && ['TR', 'SS', 'DD', 'CA', 'CV', 'BB'].includes(u.type);
const slotsOf = (s: GState, i: IslandId) =>
  s.box.zones[i].kind === 'island' ? (s.box.zones[i] as { airfieldSlots: number }).airfieldSlots : 0;

/** The sea zones with a deployment number of `side` (REG.4c), in board order. */
export function deployZones(s: GState, side: GSide): ZoneId[] {
  return (Object.keys(s.box.zones) as ZoneId[]).sort().filter((z) => {
    const k = s.box.zones[z];
    return k.kind === 'sea' && k.deploy?.side === side;
  });
}

/**
 * REG.3, REG.4a-c, one part a step as the rulebook orders them (each starting with the first
 * player): build airfields; buy reinforcements and load them at the base; repair ships and
 * airfields (a repaired ship may then load); deploy. `all`: the option regroup-in-one-step, every
 * part in one step in the order written.
 */
export function regroupStep(p: Play, orders: readonly Order[], part: RegroupPart = 'all'): void {
  const base = baseOf(p.s, p.side);
  let rp = p.s.box.constants.reinforceBase + p.s.box.constants.reinforcePerIsland * islandsControlled(p.s, p.side);
  const repaired = new Set<string>();
  const spend = (o: Order, zone: ZoneId, n: number, why: string, rule: string): boolean => {
    const have = supplies(p.s, p.side, zone);
    if (have.length < n) return p.fail(o, `${why} needs ${n} supply token(s) in ${zone}; you have ${have.length} there`, rule);
    p.emit({ type: 'gc.spent', data: { side: p.side, supplies: have.slice(0, n).map((x) => x.id), why } });
    return true;
  };
  for (const o of orders) {
    if (part !== 'all' && o.kind !== 'none' && !PART[part].kinds.includes(o.kind)) {
      const home = (Object.keys(PART) as (keyof typeof PART)[]).find((k) => PART[k].kinds.includes(o.kind));
      p.fail(
        o,
        `${o.kind.toUpperCase()} is not an order of this step (${PART[part].rule})`,
        PART[part].rule,
        home ? `${PART[home].rule} comes in its own step: FOR ${PART[home].word}` : undefined,
      );
      continue;
    }
    switch (o.kind) {
      case 'none':
        break;
      case 'use':
        useAdvantage(p, o, part === 'all' ? 'regroup' : 'reinforce');
        break;
      case 'build': {
        const slots = slotsOf(p.s, o.island);
        const built = p.s.airfields.filter((a) => a.island === o.island).length;
        if (built >= slots) {
          p.fail(o, `${o.island} has no empty airfield slot (${slots})`, 'REG.3');
          break;
        }
        if (spend(o, o.island, p.s.box.constants.airfieldBuildSupplies, `airfield on ${o.island}`, 'REG.3'))
          p.emit({
            type: 'gc.airfield',
            data: {
              island: o.island,
              index: p.s.airfields.length,
              airfield: { island: o.island, side: p.side, damaged: false },
              why: 'built (REG.3)',
            },
          });
        break;
      }
      case 'buy': {
        const cost = costOf(p.s, o.type) * o.count;
        if (cost > rp) {
          p.fail(o, `${o.count} ${o.type} cost ${cost}; ${rp} reinforcement points are left`, 'REG.4a');
          break;
        }
        rp -= cost;
        // Good Logistics (ADV.good-logistics): each supply or artillery bought this turn comes with a second, free
        const count = (o.type === 'SUP' || o.type === 'ART') && inForce(p.s, p.side, 'good-logistics') ? o.count * 2 : o.count;
        const sea = o.type !== 'SUP' && p.s.box.units[o.type as UnitType].category === 'sea';
        const pieces: Piece[] = Array.from({ length: count }, (_, k) => ({
          id: `${o.type}${p.s.nextNumber + k}`,
          side: p.side,
          type: o.type as PieceType,
          zone: sea ? base.sea : base.land,
          on: null,
          armorUsed: false,
          fired: null,
          vsAirfield: false,
        }));
        p.emit({ type: 'gc.placed', data: { side: p.side, pieces, why: 'bought (REG.4a)' } });
        break;
      }
      case 'load': {
        const ship = piece(p.s, o.ship);
        const rule = part === 'repair' ? 'REG.4b' : 'REG.4a';
        if (!ship || ship.zone !== base.sea) {
          p.fail(o, `${o.ship} is not in your base's sea zone (${base.sea})`, rule);
          break;
        }
        if (part === 'repair' && !repaired.has(ship.id)) {
          p.fail(o, `${o.ship} was not repaired in this step: ships load here only once repaired`, rule, 'load the others FOR REINFORCE');
          break;
        }
        load(p, o, rule, new Set());
        break;
      }
      case 'repair': {
        const u = piece(p.s, o.unit);
        if (!u || u.side !== p.side || u.zone !== 'damaged') {
          p.fail(o, `${o.unit} is not one of your damaged units`, 'REG.4b');
          break;
        }
        if (spend(o, base.land, p.s.box.constants.shipRepairSupplies, `repair of ${u.id}`, 'REG.4b')) {
          p.emit({ type: 'gc.repaired', data: { unit: u.id, to: base.sea } });
          repaired.add(u.id);
        }
        break;
      }
      case 'repair-airfield': {
        const index = p.s.airfields.findIndex((a) => a.island === o.island && a.side === p.side && a.damaged);
        if (index < 0) {
          p.fail(o, `you have no damaged airfield on ${o.island}`, 'REG.4b');
          break;
        }
        if (spend(o, o.island, p.s.box.constants.airfieldRepairSupplies, `airfield repair on ${o.island}`, 'REG.4b'))
          p.emit({
            type: 'gc.airfield',
            data: { island: o.island, index, airfield: { ...p.s.airfields[index], damaged: false }, why: 'repaired (REG.4b)' },
          });
        break;
      }
      case 'deploy': {
        const u = piece(p.s, o.unit);
        if (!u || u.side !== p.side || u.zone !== base.sea) {
          p.fail(o, `${o.unit} is not one of your sea units in ${base.sea}`, 'REG.4c');
          break;
        }
        const zone = p.s.box.zones[o.to];
        const deploy = zone.kind === 'sea' ? zone.deploy : null;
        if (!deploy || deploy.side !== p.side) {
          const legal = deployZones(p.s, p.side);
          p.fail(o, `${o.to} has no deployment number of yours`, 'REG.4c', `yours: ${legal.join(', ')}`);
          break;
        }
        if (spend(o, base.land, deploy.cost, `deployment of ${u.id} to ${o.to}`, 'REG.4c'))
          p.emit({ type: 'gc.moved', data: { unit: u.id, from: u.zone, to: o.to, carried: cargoOf(p.s, u.id).map((c) => c.id) } });
        break;
      }
      default:
        p.fail(o, `${o.kind.toUpperCase()} is not an order of this step`, part === 'all' ? 'REG.4' : PART[part].rule);
    }
  }
}

/** REG.5 and REG.6: airfield points; 15 or more wins (more wins if both; a tie plays on). */
export function scoreStep(p: Play): GSide | null {
  for (const side of SIDE_ORDER) {
    const n = p.s.airfields.filter((a) => a.side === side && !a.damaged).length * p.s.box.constants.vpPerAirfield;
    if (n) p.emit({ type: 'gc.vp', data: { side, delta: n, total: p.s.vp[side] + n, why: `${n} undamaged airfield(s) (REG.5)` } });
  }
  const goal = p.s.box.constants.victoryPoints;
  const { axis, allies } = p.s.vp;
  if (axis < goal && allies < goal) return null;
  if (axis === allies) return null;
  return axis > allies ? 'axis' : 'allies';
}
