/**
 * The random player's air lines (players/random.ts): missions by day (and Japan's night strikes with
 * optional rule 48), air mission assignments (45.2), and US support of a ground attack (28.3 (2), 16.1).
 */
import type { Rng } from '../../../engine/ruleset';
import { TURNS } from '../box/charts';
import type { SolOrder } from '../orders';
import type { AirOrder } from '../rules/air-orders';
import { isMarine, ngsAllowed } from '../rules/support';
import type { SolView } from '../view';

/**
 * 2A3a-2A3b, by day only (32.2): now and then CAP over a base or carrier, a strike at an enemy TF
 * marker or stack within reach, a recon; in the defence step CAP where enemy aircraft fly and
 * carrier counterstrikes at enemy TFs within reach. Supply for land-based missions is counted (11.4).
 */
export function randomAir(view: SolView, rng: Rng, attacks: boolean, defence: boolean): AirOrder[] {
  const a = view.known.air;
  // 48.1 (optional): at night the view offers only Japan's night strikes, from December I
  if (!a || (!a.day && !a.options.length)) return [];
  const out: AirOrder[] = [];
  // 45.2 (optional): a mission flies only the points assigned to it this turn
  const assigning = view.known.options.airMissionAssignment === true;
  const within = (o: (typeof a.options)[number], mission: AirOrder['mission'], n: number) =>
    assigning ? Math.min(n, assignedHere(a.assigned, o, mission)) : n;
  const supply = new Map<string, number>();
  const afford = (o: (typeof a.options)[number], points: number) => {
    if (o.supply === null) return true;
    const left = supply.get(o.from) ?? o.supply;
    const need = Math.ceil(points / 12);
    if (need > left) return false;
    supply.set(o.from, left - need);
    return true;
  };
  const line = (
    o: (typeof a.options)[number],
    mission: AirOrder['mission'],
    points: number,
    at: { tf?: number; hex?: string },
  ): AirOrder => ({
    kind: 'air',
    mission,
    points,
    service: o.service,
    type: o.type,
    from: o.from,
    tf: at.tf ?? null,
    hex: at.hex ?? null,
  });
  for (const o of a.options) {
    const r = rng.int(6);
    if (defence) {
      const cap = within(o, 'cap', o.cap);
      const counter = within(o, 'counterstrike', o.strike);
      if (cap > 0 && a.enemyOver.includes(o.hex) && r < 3 && afford(o, cap)) out.push(line(o, 'cap', cap, {}));
      else if (attacks && o.carrier && counter > 0 && o.tfs.length && r >= 3)
        out.push(line(o, 'counterstrike', counter, { tf: rng.pick(o.tfs) }));
      continue;
    }
    const all = within(o, 'strike', o.strike);
    const points = within(o, 'strike', 1 + rng.int(Math.max(1, o.strike)));
    const cap = within(o, 'cap', o.cap);
    const striking = attacks && o.strike > 0;
    // 46.0 (optional): every other time fatigued points there fly again, after the ready ones, at an enemy TF (they fight the air only; never under 45's assignments)
    if (!assigning && o.tired && attacks && o.tfs.length && rng.int(2) && afford(o, o.strike + o.tired)) {
      out.push(line(o, 'strike', o.strike + o.tired, { tf: rng.pick(o.tfs) }));
      continue;
    }
    if (striking && r < 3 && o.tfs.length && all > 0 && afford(o, all)) out.push(line(o, 'strike', all, { tf: rng.pick(o.tfs) }));
    else if (r === 3 && cap > 0) {
      const n = 1 + rng.int(cap);
      if (afford(o, n)) out.push(line(o, 'cap', n, {}));
    } else if (striking && r === 4 && o.hexes.length && points > 0 && afford(o, points))
      out.push(line(o, 'strike', points, { hex: rng.pick(o.hexes) }));
    else if (striking && a.day && r === 5 && o.hexes.length && within(o, 'recon', 1) > 0 && rng.int(2) === 0 && afford(o, 1))
      out.push(line(o, 'recon', 1, { hex: rng.pick(o.hexes) }));
  }
  return out;
}

type Air = SolView['known']['air'];
const sameKind = (x: Air['assigned'][number], o: Air['options'][number]) =>
  x.from === o.from && x.service === o.service && x.type === o.type;

/** 45.2: points of an option's kind and place assigned to a mission this turn. */
const assignedHere = (assigned: Air['assigned'], o: Air['options'][number], mission: AirOrder['mission']) =>
  assigned.filter((x) => sameKind(x, o) && x.mission === mission).reduce((t, x) => t + x.points, 0);

/**
 * 45.2 (optional): now and then air not assigned yet assigned to a mission it could fly: CAP,
 * strike, recon (by day), counterstrike (carrier NAC), close air support (US Navy LAC); at night strikes alone (48.1).
 */
export function randomAssign(view: SolView, rng: Rng): SolOrder[] {
  const a = view.known.air;
  const out: SolOrder[] = [];
  for (const o of a.options) {
    if (rng.int(2)) continue;
    const held = a.assigned.filter((x) => sameKind(x, o)).reduce((t, x) => t + x.points, 0);
    const free = { cap: o.cap - held, strike: o.strike - held };
    const missions = (
      [
        ['cap', free.cap],
        ['strike', free.strike],
        ['recon', a.day && !o.carrier ? free.strike : 0],
        ['counterstrike', a.day && o.carrier ? free.strike : 0],
        ['cas', a.day && view.known.side === 'us' && o.service === 'navy' && o.type === 'LAC' ? free.strike : 0],
      ] as const
    ).filter(([, n]) => n > 0);
    if (!missions.length) continue;
    const [mission, n] = rng.pick(missions);
    out.push({ kind: 'assign', points: 1 + rng.int(n), service: o.service, type: o.type, from: o.from, mission });
  }
  return out.length ? out : [{ kind: 'none' }];
}

/**
 * 28.3 (2), 16.1-16.3: the US now and then supports a ground attack: naval gunfire by every TF of its
 * own in the hex (from December I; a Combined CP when Army units could take part), close air support
 * by Navy LAC within reach where Marines attack (within the points and supply its other missions leave).
 */
export function randomSupport(view: SolView, rng: Rng, orders: SolOrder[]): SolOrder[] {
  const k = view.known;
  const own = k.own;
  if (k.side !== 'us' || !own) return orders;
  let combined = k.cp?.combined ?? 0;
  const out = [...orders];
  const air = out.filter((o): o is AirOrder => o.kind === 'air');
  for (const [i, o] of orders.entries()) {
    if (o.kind !== 'attack' || o.combat !== 'ground') continue;
    const hex = o.hex;
    const island = Object.values(k.islands).find((h) => h.includes(hex)) ?? [hex];
    const army = own.ground.some((g) => g.service === 'army' && (island.includes(g.at) || g.at.startsWith('TF ')));
    const ships = Object.values(own.taskForces).some((t) => t.at === hex && t.ships.some((id) => !own.ships[id]?.fatigued));
    if (ngsAllowed({ turn: k.turn, turnNames: TURNS.value.names }) && ships && (!army || combined > 0) && rng.int(2)) {
      if (army) combined--;
      out[i] = { ...o, ngs: 'all' };
    }
    if (!own.ground.some((g) => g.at === hex && isMarine(g))) continue;
    for (const a of k.air.options.filter((x) => x.kind === 'LAC-N' && x.hexes.includes(hex))) {
      const same = air.filter((x) => x.from === a.from && x.service === a.service && x.type === a.type && x.mission !== 'cap');
      const flown = same.reduce((t, x) => t + x.points, 0);
      // 45.2 (optional): close air support flies only points assigned to it
      const points = view.known.options.airMissionAssignment === true ? assignedHere(k.air.assigned, a, 'cas') - flown : a.strike - flown;
      const supply = (a.supply ?? 0) - air.filter((x) => x.from === a.from).reduce((t, x) => t + Math.ceil(x.points / 12), 0);
      if (points < 1 || supply < 1 || rng.int(2)) continue;
      const cas: AirOrder = {
        kind: 'air',
        mission: 'cas',
        points: 1 + rng.int(Math.min(points, 12)),
        service: a.service,
        type: a.type,
        from: a.from,
        tf: null,
        hex,
      };
      air.push(cas);
      out.push(cas);
    }
  }
  return out;
}
