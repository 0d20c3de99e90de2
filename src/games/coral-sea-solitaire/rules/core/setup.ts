/**
 * Setting up (4.1-4.3, 30.1, 30.3-30.4, 31, 35): the USN's deployment step (its orders place the
 * TFs and split Australia's air; the optional rules' USN dice), then the IJN's setup step (the
 * face-down draws on sealed dice, the TFs on the map or on the schedule, the submarine markers).
 */
import type { StepHandler } from '../../../../engine/define';
import { describeRandomChoice } from '../../../kit';
import type { IjnTf } from '../../box/schema';
import { IJN_TFS } from '../../box/schema';
import { cv3Arrival, dealFaceDown, optionalDeployment, placeSubmarines, submarineCounters } from '../../ijn/setup';
import { boardFor, entriesOf, freeMarkers, hexOf, shipKey, valuesOf } from '../../state';
import type { CoralOrder, CoralState, ShipKey, SubmarineState } from '../../types';
import { type CoralFold, foldOf, moveAir, ordersOf, SEALED, skip } from './util';

const NEW_CALEDONIA_TFS = ['TF-11', 'TF-17', 'TF-6', 'TF-9'];

/** Hexes "on and/or adjacent to New Caledonia" a ship may be in (4.2). */
export function nearNewCaledonia(s: CoralState): string[] {
  const nc = hexOf(s.box, 'New-Caledonia');
  const board = boardFor(s);
  return [nc, ...board.map.neighbours(nc).filter((h) => board.terrainOf(h) !== 'land')];
}

const AUSTRALIA = ['North-Australia', 'South-Australia'] as const;

/** Where a USN TF may deploy: its 4.2 place, or (35) the place its die gave. */
function legalHexes(s: CoralState, tf: string, place: string | undefined): string[] {
  const where = place ?? (tf === 'TF-44' ? 'Australia' : 'New-Caledonia');
  if (where === 'Australia') return AUSTRALIA.map((b) => hexOf(s.box, b));
  if (where === 'New-Caledonia') return nearNewCaledonia(s);
  if (where === 'same hex as TF-11') return [];
  return [hexOf(s.box, where)];
}

const USN_35 = ['TF-11', 'TF-17', 'TF-6', 'TF-9', 'TF-44'];

/**
 * 35 ("prior to start of play", "in the order listed"): the step before the USN's deployment, with
 * the option on: each TF's two dice, the USN's then the IJN's, public. The USN's results stand in
 * `core.deploy35` for the deployment the player then orders; the IJN's TFs are put on the schedule.
 */
export const deploymentRolls: StepHandler<CoralState, CoralOrder> = (state, _step, _orders, ctx) => {
  const f = foldOf(state, ctx);
  if (!f.s.options.optionalDeployment) return f.s;
  for (const tf of USN_35) {
    const { place, arrival } = optionalDeployment(ctx.dice, f.s.box, tf);
    f.emit({
      type: 'coral.roll',
      data: { what: `${tf} deploys at ${place.result}, arrives ${arrival.result}`, rolls: [place, arrival] },
    });
    const arrives = arrival.result === 'start' ? undefined : arrivalTurn(f.s, arrival.result);
    f.emit({
      type: 'coral.deployment-rolled',
      data: { tf, place: place.result, ...(arrives !== undefined ? { arrives } : {}), rule: '35' },
    });
  }
  rollIjnDeployment(f, ctx);
  return f.s;
};

/** 4.2, 30.1, 30.4, 35: the USN deployment step (35's dice already rolled, `deploymentRolls`). */
export const deployment: StepHandler<CoralState, CoralOrder> = (state, _step, orders, ctx) => {
  const f = foldOf(state, ctx);
  const usn = orders.usn ?? [];
  const places: Record<string, string | undefined> = {};
  const arrivals: Record<string, number> = {};
  for (const [tf, d] of Object.entries(f.s.core.deploy35 ?? {})) {
    places[tf] = d.place;
    if (d.arrives !== undefined) arrivals[tf] = d.arrives;
  }
  for (const tf of USN_35) {
    const wanted = ordersOf(orders, 'usn', 'deploy').find((o) => o.tf === tf);
    const legal =
      places[tf] === 'same hex as TF-11'
        ? [f.s.taskForces['TF-11'].hex ?? hexOf(f.s.box, 'New-Caledonia')]
        : legalHexes(f.s, tf, places[tf]);
    let hex = legal[0];
    if (wanted) {
      const asked = hexOf(f.s.box, wanted.hex);
      if (legal.includes(asked)) hex = asked;
      else skip(f, wanted, `${tf} may deploy in ${legal.join(', ')}; placed in ${hex}`, places[tf] ? '35' : '4.2');
    }
    if (arrivals[tf] !== undefined)
      f.emit({ type: 'coral.tf.placed', data: { tf, hex: null, arrives: arrivals[tf], at: hex, cause: 'deployment', rule: '35' } });
    else f.emit({ type: 'coral.tf.placed', data: { tf, hex, cause: 'deployment', rule: places[tf] ? '35' : '4.2' } });
  }
  splitAustralianAir(f, usn);
  if (f.s.options.usnBattleships) placeUsnBattleships(f, usn);
  if (f.s.options.biggerBattle) placeCv3(f, ctx, usn);
  return f.s;
};

/** 35's arrival words as a turn: `Day 4 May` → 3. */
function arrivalTurn(s: CoralState, words: string): number {
  const m = /^Day (\d+)/.exec(words);
  if (!m) throw new Error(`35: no arrival turn in "${words}"`);
  return 2 * (Number(m[1]) - s.box.calendar.firstDay.value) + 1;
}

/** 4.2: Australia's air goes to North or South Australia as the orders say; the rest to North Australia. */
function splitAustralianAir(f: CoralFold, usn: readonly CoralOrder[]): void {
  for (const o of usn) {
    if (o.kind !== 'base-air') continue;
    if (!(AUSTRALIA as readonly string[]).includes(o.base)) {
      skip(f, o, `Australia's air goes to North-Australia or South-Australia, not ${o.base}`, '4.2');
      continue;
    }
    for (const [type, n] of entriesOf(o.air)) {
      const unit = f.s.air.find((a) => a.side === 'usn' && a.home === 'Australia' && a.type === type);
      if (!unit || (n ?? 0) > unit.strength) {
        skip(f, o, `Australia has ${unit?.strength ?? 0} ${type} left to base`, '4.2');
        continue;
      }
      moveAir(f, unit, n ?? 0, { home: o.base }, `based at ${o.base}`, '4.2');
    }
  }
  for (const unit of f.s.air.filter((a) => a.side === 'usn' && a.home === 'Australia'))
    moveAir(f, unit, unit.strength, { home: 'North-Australia' }, 'based at North-Australia (the rest of Australia’s air)', '4.2');
}

/** 30.4: B-1 and B-2 join a TF at New Caledonia or form one with a DD from one; each placed gives the IJN 20 VP. */
function placeUsnBattleships(f: CoralFold, usn: readonly CoralOrder[]): void {
  const near = nearNewCaledonia(f.s);
  const startsThere = (tf: string) => NEW_CALEDONIA_TFS.includes(tf) && near.includes(f.s.taskForces[tf]?.hex ?? '');
  const placed = (key: ShipKey) => valuesOf(f.s.taskForces).some((t) => t.ships.includes(key));
  for (const o of usn) {
    if (o.kind !== 'battleships' && o.kind !== 'battleships-tf') continue;
    const keys = o.ships.filter((k) => /^usn:B-[12]$/.test(k) && f.s.ships[k]);
    if (!keys.length || keys.some(placed)) {
      skip(f, o, 'B-1 and B-2, each placed once', '30.4');
      continue;
    }
    if (o.kind === 'battleships') {
      if (!startsThere(o.tf)) {
        skip(f, o, `battleships join a TF starting at New Caledonia (${NEW_CALEDONIA_TFS.join(', ')})`, '30.4');
        continue;
      }
      const tf = f.s.taskForces[o.tf];
      f.emit({ type: 'coral.tf.ships', data: { tf: tf.id, ships: [...tf.ships, ...keys], cause: 'battleships join', rule: '30.4' } });
    } else {
      const from = f.s.taskForces[o.from];
      const marker = o.tf ?? freeMarkers(f.s.box, f.s)[0];
      if (
        !from ||
        !startsThere(o.from) ||
        !from.ships.includes(o.escort) ||
        f.s.ships[o.escort].type !== 'DD' ||
        !freeMarkers(f.s.box, f.s).includes(marker)
      ) {
        skip(f, o, 'battleships form a new TF (a free marker) with a DD of a TF starting at New Caledonia', '30.4');
        continue;
      }
      f.emit({
        type: 'coral.tf.ships',
        data: {
          tf: from.id,
          ships: from.ships.filter((k) => k !== o.escort),
          cause: `${o.escort.slice(4)} leaves with the battleships`,
          rule: '30.4',
        },
      });
      f.emit({
        type: 'coral.tf.created',
        data: {
          tf: { id: marker, side: 'usn', hex: from.hex, ships: [...keys, o.escort], identified: false },
          cause: 'battleships with a destroyer',
          rule: '30.4',
        },
      });
    }
    const vp = f.s.box.vp.ijnGains['usn-battleship-committed'].value;
    for (const k of keys) f.emit({ type: 'coral.vp', data: { side: 'ijn', points: vp, reason: `${k.slice(4)} committed`, rule: '30.4' } });
  }
}

/** 30.1: CV-3 and DD-7: die − 1; 0 joins a New Caledonia TF (the one the orders name, else TF-11), 1-5 a new TF that turn. */
function placeCv3(f: CoralFold, ctx: Parameters<StepHandler>[3], usn: readonly CoralOrder[]): void {
  const roll = cv3Arrival(ctx.dice, f.s.box);
  const ships: ShipKey[] = f.s.box.setup.biggerBattle.value.usn.ships.map((id) => shipKey('usn', id));
  f.emit({
    type: 'coral.roll',
    data: { what: `CV-3 arrives ${roll.result === 'start' ? 'at the start' : `on turn ${roll.result}`}`, rolls: [roll] },
  });
  if (roll.result === 'start') {
    const asked = usn.find((o): o is Extract<CoralOrder, { kind: 'reinforce-cv3' }> => o.kind === 'reinforce-cv3');
    const near = nearNewCaledonia(f.s);
    const ok = (tf: string) => NEW_CALEDONIA_TFS.includes(tf) && near.includes(f.s.taskForces[tf]?.hex ?? '');
    const tf = asked && ok(asked.tf) ? asked.tf : (NEW_CALEDONIA_TFS.find(ok) ?? 'TF-11');
    if (asked && tf !== asked.tf) skip(f, asked, `CV-3 joins a TF starting at New Caledonia; it joins ${tf}`, '30.1');
    const t = f.s.taskForces[tf];
    f.emit({ type: 'coral.tf.ships', data: { tf, ships: [...t.ships, ...ships], cause: 'CV-3 and DD-7 join', rule: '30.1' } });
    return;
  }
  const marker = freeMarkers(f.s.box, f.s)[0];
  f.emit({
    type: 'coral.tf.created',
    data: {
      tf: { id: marker, side: 'usn', hex: null, ships, identified: false, arrives: Number(roll.result) },
      cause: 'CV-3 and DD-7',
      rule: '30.1',
    },
  });
  f.emit({
    type: 'coral.tf.placed',
    data: { tf: marker, hex: null, arrives: Number(roll.result), at: 'New-Caledonia', cause: 'reinforcement', rule: '30.1' },
  });
}

/** 4.3, 30.1, 31, 35: the IJN's setup. The draws are sealed and referee-only; the placements are public. */
export const ijnSetup: StepHandler<CoralState, CoralOrder> = (state, _step, _orders, ctx) => {
  const f = foldOf(state, ctx);
  const box = f.s.box;
  const ijn = box.setup.ijn.value;
  const assigned: Partial<Record<IjnTf, string[]>> = {};
  if (f.s.options.historical) {
    for (const [tf, ids] of entriesOf(box.setup.historical.value)) assigned[tf as IjnTf] = [...ids];
    if (f.s.options.biggerBattle) assigned.CSF = [...(assigned.CSF ?? []), box.setup.biggerBattle.value.ijn.ship];
  } else {
    const bigger = f.s.options.biggerBattle ? box.setup.biggerBattle.value.ijn : null;
    const carriers = dealFaceDown(
      ctx.dice,
      bigger ? [...ijn.carrierDraw.pool, bigger.ship] : ijn.carrierDraw.pool,
      bigger ? bigger.deal : ijn.carrierDraw.deal,
      'carrier draw',
      SEALED,
    );
    const others = dealFaceDown(ctx.dice, ijn.counterDraw.pool, ijn.counterDraw.deal, 'counter draw', SEALED);
    for (const deal of [carriers, others]) {
      for (const p of deal.picks)
        f.emit({
          type: 'IjnDecided',
          data: { what: `4.3 draw: ${describeRandomChoice(p.choice)} to ${p.tf}`, choice: p.choice },
          visibleTo: [],
        });
      for (const [tf, ids] of entriesOf(deal.assigned)) assigned[tf as IjnTf] = [...(assigned[tf as IjnTf] ?? []), ...(ids ?? [])];
    }
  }
  for (const tf of IJN_TFS) {
    const now = f.s.taskForces[tf].ships;
    const add = (assigned[tf] ?? []).map((id) => shipKey('ijn', id)).filter((k) => !now.includes(k));
    if (add.length)
      f.emit({
        type: 'coral.tf.ships',
        data: { tf, ships: [...now, ...add], cause: 'the face-down deal', rule: f.s.options.historical ? '31.1' : '4.3' },
        visibleTo: [],
      });
  }
  for (const tf of IJN_TFS) {
    const t = f.s.taskForces[tf];
    if (t.arrives === 1 && t.hex === null) placeIjnTf(f, ctx, tf, f.s.core.arrivalAt[tf] ?? '', '4.3');
  }
  placeSubs(f, ctx);
  return f.s;
};

/** 35: where and when each IJN TF begins, in the table's order. */
function rollIjnDeployment(f: CoralFold, ctx: Parameters<StepHandler>[3]): void {
  const turns: Partial<Record<IjnTf, number>> = {};
  for (const tf of ['CSF', 'PMG', 'CG', 'TG', 'SG'] as const) {
    const { place, arrival } = optionalDeployment(ctx.dice, f.s.box, tf);
    const partner = tf === 'CG' ? 'PMG' : tf === 'SG' ? 'TG' : null;
    const turn =
      arrival.result === 'start'
        ? 1
        : partner && arrival.result.startsWith('same turn')
          ? (turns[partner] ?? 1)
          : arrivalTurn(f.s, arrival.result);
    turns[tf] = turn;
    const at = partner && place.result.startsWith('same hex') ? `same hex as ${partner}` : place.result;
    f.emit({ type: 'coral.roll', data: { what: `${tf} begins at ${at} on turn ${turn}`, rolls: [place, arrival] } });
    f.emit({ type: 'coral.tf.placed', data: { tf, hex: null, arrives: turn, at, cause: 'optional deployment', rule: '35' } });
  }
}

/** Places an IJN TF on its arrival: a place, `To-Truk` (a To Truk hex at random, 4.3), or `same hex as <TF>`. */
export function placeIjnTf(f: CoralFold, ctx: Parameters<StepHandler>[3], tf: IjnTf, at: string, rule: string): void {
  const toTruk = () => f.s.box.map.toTruk.value[ctx.dice.d6(`${tf}: To Truk hex (1 = westernmost)`, '4.3') - 1];
  let hex: string;
  if (at === 'To-Truk') hex = toTruk();
  else if (at.startsWith('same hex as ')) {
    const partner = f.s.taskForces[at.slice('same hex as '.length)];
    // 35: a partner not on the map yet (CG on turn 1 beside a PMG that comes later): where the
    // partner is to enter, a To Truk hex rolled by 4.3's procedure when that is its place
    const where = f.s.core.arrivalAt[partner.id] ?? 'Rabaul';
    hex = partner.hex ?? (where === 'To-Truk' ? toTruk() : hexOf(f.s.box, where));
  } else hex = hexOf(f.s.box, at);
  f.emit({ type: 'coral.tf.placed', data: { tf, hex, cause: `${tf} arrives`, rule } });
}

/** 4.3: which counter is under each marker (sealed), then where each marker goes (public dice). */
function placeSubs(f: CoralFold, ctx: Parameters<StepHandler>[3]): void {
  const counters = submarineCounters(ctx.dice, f.s.box.setup.ijn.value.submarines, SEALED);
  const subs: SubmarineState[] = counters.map((c, i) => ({
    marker: i + 1,
    hex: null,
    counter: c.chosen,
    revealed: false,
    usedThisTurn: false,
  }));
  f.emit({ type: 'coral.subs', data: { submarines: subs, cause: 'the submarine counters, face down', rule: '4.3' }, visibleTo: [] });
  const placed = placeSubmarines(ctx.dice, f.s.box, boardFor(f.s), subs.length);
  f.emit({
    type: 'coral.subs.placed',
    data: { placed: placed.hexes.map((hex, i) => ({ marker: i + 1, hex })), cause: 'submarine markers placed', rule: '4.3' },
  });
}
