/**
 * The starting state (4.1-4.3, 30, 31, 34, 35) and the state helpers every area reads: task forces
 * in a hex, a TF's ships, live ships, carriers of a side, places and bases as hexes. The setup
 * here is what stands before the first step: the USN forces as 4.2 lists them, not yet placed (the
 * deployment step places them), and the IJN's fixed data (4.3: the transports, tender and gunboat
 * in their groups, every counter face down and off the map, the air on its carriers and bases).
 * The IJN's draws, placement and submarines are dice, so they happen in the ijn-setup step.
 */
import { type Board, boardOf } from './box';
import type { BaseId, CoralBox, CoralSide, IjnTf, ShipType } from './box/schema';
import { IJN_TFS } from './box/schema';
import { sequenceOf, turnsOf } from './steps';
import type { AirUnitState, CoralOptions, CoralState, ShipKey, ShipState, TaskForceState } from './types';

/**
 * A record's keys, values and entries in code-unit order of the keys: never the order the object
 * was built in, which stored state does not keep (PostgreSQL's JSONB sorts keys its own way).
 */
export const keysOf = <K extends string>(r: Readonly<Partial<Record<K, unknown>>>): K[] => (Object.keys(r) as K[]).sort();
export const valuesOf = <T>(r: Readonly<Partial<Record<string, T>>>): T[] => keysOf(r).map((k) => r[k] as T);
export const entriesOf = <K extends string, T>(r: Readonly<Partial<Record<K, T>>>): [K, T][] => keysOf(r).map((k) => [k, r[k] as T]);

export const shipKey = (side: CoralSide, id: string): ShipKey => `${side}:${id}`;
export const other = (side: CoralSide): CoralSide => (side === 'usn' ? 'ijn' : 'usn');

/** Every option off: the rulebook's standard game. */
export const STANDARD_OPTIONS: CoralOptions = {
  biggerBattle: false,
  moreFighters: false,
  ijnBattleships: false,
  usnBattleships: false,
  historical: false,
  extendedRange: false,
  screening: false,
  fuelingGroup: false,
  optionalDeployment: false,
};

/** A ship counter of the box by side and id (throws: a setup naming a counter the box lacks is a box fault). */
export function counterOf(box: CoralBox, side: CoralSide, id: string) {
  const c = box.ships.find((s) => s.side === side && s.id === id);
  if (!c) throw new Error(`the box has no ${side.toUpperCase()} counter ${id}`);
  return c;
}

function newShip(box: CoralBox, side: CoralSide, id: string): ShipState {
  return {
    key: shipKey(side, id),
    side,
    id,
    type: counterOf(box, side, id).type.value,
    status: 'ok',
    fatigued: false,
    faceUp: side === 'usn',
  };
}

/** Air units of one home, one unit per type (air units are change, 21.7). */
function airOf(
  side: CoralSide,
  home: AirUnitState['home'],
  load: Partial<Record<string, number>>,
  moreFighters: boolean,
  carrier: boolean,
) {
  const l = { ...load } as Record<string, number>;
  // 30.2: one VB of each CV becomes a VF (not a CVL)
  if (moreFighters && carrier && (l.VB ?? 0) > 0) {
    l.VB -= 1;
    l.VF = (l.VF ?? 0) + 1;
  }
  return entriesOf(l)
    .filter(([, n]) => n > 0)
    .map(
      ([type, strength]): AirUnitState => ({
        id: `${side}:${home}:${type}`,
        side,
        type: type as AirUnitState['type'],
        strength,
        home,
        box: 'ready',
      }),
    );
}

/**
 * 4.1-4.3 before the first step. USN TFs hold their ships with no hex (the deployment step places
 * them; 30.1's CV-3 and 30.4's B-1/B-2 wait off the map); IJN TFs hold only the fixed ships of 4.3
 * (or none under 31, whose organization the ijn-setup step applies); every IJN counter is face down.
 */
export function initialState(box: CoralBox, options: CoralOptions): CoralState {
  const usn = box.setup.usn.value;
  const ijn = box.setup.ijn.value;
  const ships: Record<ShipKey, ShipState> = {};
  const taskForces: Record<string, TaskForceState> = {};
  for (const [id, tf] of entriesOf(usn.taskForces)) {
    for (const s of tf.ships) ships[shipKey('usn', s)] = newShip(box, 'usn', s);
    taskForces[id] = { id, side: 'usn', hex: null, ships: tf.ships.map((s) => shipKey('usn', s)), identified: false };
  }
  const extraUsn = [
    ...(options.biggerBattle ? box.setup.biggerBattle.value.usn.ships : []),
    ...(options.usnBattleships ? ['B-1', 'B-2'] : []),
  ];
  for (const s of extraUsn) ships[shipKey('usn', s)] = newShip(box, 'usn', s);

  const ijnCounters = new Set<string>([
    ...valuesOf(ijn.fixedShips).flat(),
    ...ijn.carrierDraw.pool,
    ...ijn.counterDraw.pool,
    ...(options.biggerBattle ? [box.setup.biggerBattle.value.ijn.ship] : []),
    ...(options.ijnBattleships ? ['BB-1', 'BB-2'] : []),
  ]);
  for (const s of ijnCounters) ships[shipKey('ijn', s)] = newShip(box, 'ijn', s);
  const arrivalAt: Record<string, string> = {};
  for (const tf of IJN_TFS) {
    const fixed = ijn.fixedShips[tf] ?? [];
    const place = ijn.placement[tf];
    taskForces[tf] = {
      id: tf,
      side: 'ijn',
      hex: null,
      ships: fixed.map((s) => shipKey('ijn', s)),
      identified: false,
      ...(place ? { arrives: place.turn } : {}),
    };
    if (place) arrivalAt[tf] = place.at;
  }

  const air: AirUnitState[] = [];
  for (const [cv, load] of entriesOf(usn.carrierAir)) air.push(...airOf('usn', shipKey('usn', cv), load, options.moreFighters, true));
  if (options.biggerBattle)
    air.push(...airOf('usn', shipKey('usn', 'CV-3'), box.setup.biggerBattle.value.usn.air, options.moreFighters, true));
  for (const [base, load] of entriesOf(usn.baseAir)) air.push(...airOf('usn', base as BaseId | 'Australia', load, false, false));
  for (const [cv, load] of entriesOf(ijn.carrierAir))
    air.push(...airOf('ijn', shipKey('ijn', cv), load, options.moreFighters, counterOf(box, 'ijn', cv).type.value === 'CV'));
  if (options.biggerBattle) {
    const bb = box.setup.biggerBattle.value.ijn;
    air.push(...airOf('ijn', shipKey('ijn', bb.ship), bb.air, options.moreFighters, true));
  }
  for (const [base, load] of entriesOf(ijn.baseAir)) air.push(...airOf('ijn', base as BaseId, load, false, false));

  const bases = Object.fromEntries(entriesOf(box.bases).map(([id, b]) => [id, { strength: b.capacity.value }])) as CoralState['bases'];
  return {
    turn: 1,
    lastTurn: turnsOf({ firstDay: box.calendar.firstDay.value, lastDay: box.calendar.lastDay.value }),
    // 35: its dice come before the USN deploys ("prior to start of play"), so the player sees them first
    step: options.optionalDeployment ? 'deployment-rolls' : 'deployment',
    queue: options.optionalDeployment ? sequenceOf(1, 'ijn') : sequenceOf(1, 'ijn').slice(1),
    options,
    cp: { available: 0, slots: { organization: 0, intelligence: 0, operations: 0, logistics: 0 } },
    chits: { usn: 0, ijn: ijn.chits.start },
    panic: { level: ijn.panicStart, panicked: false },
    weather: 'good',
    initiative: null,
    vp: { usn: 0, ijn: 0 },
    taskForces,
    ships,
    air,
    bases,
    submarines: [],
    box,
    core: { ...emptyCore(), arrivalAt },
  };
}

/** The core area's bookkeeping at the start (types.ts CoreState). */
export const emptyCore = (): CoralState['core'] => ({
  foulUp: 0,
  usnChit: {},
  bbChecked: [],
  intelChoice: null,
  arrivalAt: {},
});

// ---- helpers every area reads ----

const boards = new WeakMap<CoralBox, Board>();
/** The game's board (the box map as the kit's hex map), built once per box. */
export function boardFor(s: Pick<CoralState, 'box'>): Board {
  let b = boards.get(s.box);
  if (!b) {
    b = boardOf(s.box);
    boards.set(s.box, b);
  }
  return b;
}

/** The hex of a named place or base on the box map (`Port-Moresby` → `0608`); a hex id is returned as it is. */
export function hexOf(box: CoralBox, place: string): string {
  if (/^\d{4}$/.test(place)) return place;
  const at = (box.map.places as Record<string, { value: string } | undefined>)[place];
  if (!at) throw new Error(`no place ${place} on the Coral Sea map`);
  return at.value;
}

/** The base in a hex, if any. */
export function baseAt(box: CoralBox, hex: string): BaseId | undefined {
  return (keysOf(box.bases) as BaseId[]).find((b) => hexOf(box, b) === hex);
}

/** A TF is on the map: placed, not gone. */
export const onMap = (tf: TaskForceState): boolean => tf.hex !== null && !tf.gone;

/** The task forces on the map in a hex (of one side when given). */
export const taskForcesIn = (s: CoralState, hex: string, side?: CoralSide): TaskForceState[] =>
  valuesOf(s.taskForces).filter((tf) => onMap(tf) && tf.hex === hex && (side === undefined || tf.side === side));

/** The task forces of a side on the map. */
export const taskForcesOf = (s: CoralState, side: CoralSide): TaskForceState[] =>
  valuesOf(s.taskForces).filter((tf) => tf.side === side && onMap(tf));

/** A ship still fighting: neither sunk nor crippled (crippled ships are out for the rest of the game, 6.3, CRT notes). */
export const isLive = (ship: ShipState): boolean => ship.status !== 'sunk' && ship.status !== 'crippled';

/** The ships of a TF (all, or only the live ones). */
export const shipsOf = (s: CoralState, tf: TaskForceState | string, live = false): ShipState[] => {
  const t = typeof tf === 'string' ? s.taskForces[tf] : tf;
  return (t?.ships ?? []).map((k) => s.ships[k]).filter((ship) => ship && (!live || isLive(ship)));
};

/** The TF a ship belongs to, if any. */
export const tfOfShip = (s: CoralState, key: ShipKey): TaskForceState | undefined =>
  valuesOf(s.taskForces).find((tf) => tf.ships.includes(key));

export const isCarrier = (type: ShipType): boolean => type === 'CV' || type === 'CVL';

/** A side's carriers in TFs on the map that are still live (6.3 "surviving carrier on the map"). */
export const carriersOf = (s: CoralState, side: CoralSide): ShipState[] =>
  taskForcesOf(s, side).flatMap((tf) => shipsOf(s, tf, true).filter((ship) => isCarrier(ship.type)));

/** Live ships of a side in TFs on the map. */
export const liveShipsOf = (s: CoralState, side: CoralSide): ShipState[] => taskForcesOf(s, side).flatMap((tf) => shipsOf(s, tf, true));

/** The slowest live ship's movement points (14.1, 14.2: damaged ships 1; 34.2 TF-6 moves one). */
export function movementAllowance(box: CoralBox, s: CoralState, tf: TaskForceState): number {
  const live = shipsOf(s, tf, true);
  if (!live.length) return 0;
  const each = live.map((ship) => (ship.status === 'damaged' ? 1 : box.movementPoints[ship.type].value));
  const ma = Math.min(...each);
  return s.options.fuelingGroup && tf.id === 'TF-6' ? Math.min(ma, 1) : ma;
}

/** An IJN TF's name in the rulebook's words (`Port Moresby Group`). */
export const ijnTfName = (box: CoralBox, tf: IjnTf): string => box.ijnTaskForces[tf].name.value;

/** A USN TF marker not in use (13.3: a new TF takes a free marker; 13.10 an eliminated one returns, 34.1 not TF-6). */
export function freeMarkers(box: CoralBox, s: CoralState): string[] {
  return box.setup.usn.value.tfMarkers.filter((m) => {
    const tf = s.taskForces[m];
    if (!tf) return true;
    if (m === 'TF-6' && tf.gone === 'eliminated') return false;
    return tf.gone === 'eliminated' || (tf.hex === null && tf.ships.length === 0);
  });
}
