/**
 * Fog of war: what one side may know of the state, as data (units, control, battle), as sentences a
 * player can act on (`summary`, printed under "What you know") and as a map (`map`: a board map,
 * src/engine/board-view.ts, which the mail layer draws).
 *
 * VITP is an open game: both fleets' positions, both charts and every battle are public, and sealed
 * orders are the engine's business (never in this state). The one secret is optional rule 20: the
 * make-up of a task force, whether it attacks and which amphibious units will invade are its owner's
 * until it is sighted (20.4); the enemy sees its marker only. The projection is built here and
 * nowhere else, so nothing else can leak it.
 */
import type { Side } from '../../engine/ruleset';
import { nextDecision } from './combat/api';
import { defaultOrdersFor } from './orders/defaults';
import { combatAreas } from './battle-input';
import { COMBAT_PHASES, stepOf } from './steps';
import { pocStanding } from './control';
import { taskForceAsSeenBy } from './task-forces';
import type { Loc, Order, Unit, VitpState, VSide } from './types';
import { SIDES, other } from './types';
import { alive, describeLoc } from './world';
import { compareCodeUnits } from '../../shared/canonical';
import { once } from '../../shared/once';
import { AREA_AT, LINK_VIA, MAP_NOTE, PLACE_AT, linkKey } from './map-layout';
import type { AreaCell, BoardMap, MapPlace, MapUnitCount, SideView } from '../../engine/board-view';

const NAME: Record<VSide, string> = { japanese: 'Japanese', allied: 'Allied' };
const PLURAL: Record<VSide, string> = { japanese: 'the Japanese', allied: 'the Allies' };

const COLOUR: Record<VSide, string> = { japanese: '#c0392b', allied: '#2c6fbb' };

export function factors(u: Unit): string {
  if (u.kind === 'lba') return `air ${u.airstrike}, defense ${u.armor}`;
  if (u.kind === 'amph') return `armor ${u.armor}, speed ${u.speed}`;
  if (u.kind === 'sub') return 'submarine';
  return `${u.gunnery}${u.gunneryBonus ? '*' : ''}-${u.armor}-${u.speed}${u.airstrike ? ` air ${u.airstrike}${u.airstrikeBonus ? '*' : ''}` : ''}`;
}

/**
 * A side's view of a state, made once per state and viewer: a state is never changed once made, and
 * a machine player reads the same state's view for the step in play and for the orders it sends
 * ahead. Views are read, never changed.
 */
export function viewFor(s: VitpState, side: Side | 'referee'): VitpView {
  const viewer: VSide | 'referee' = side === 'japanese' || side === 'allied' ? side : 'referee';
  let views = viewsOf.get(s);
  if (!views) viewsOf.set(s, (views = new Map()));
  let view = views.get(viewer);
  if (!view) views.set(viewer, (view = makeView(s, viewer)));
  return view;
}

const viewsOf = new WeakMap<VitpState, Map<VSide | 'referee', VitpView>>();

function makeView(s: VitpState, viewer: VSide | 'referee'): VitpView {
  const d = s.battle ? nextDecision(s.battle.battle) : null;
  // the sentences, the map and the unit list are written when read (once): machine players read the position only
  const units = once(() => unitLines(s));
  const summary = once(() => summaryFor(s, viewer));
  const map = once(() => boardMapOf(s));
  return {
    turn: s.turn,
    lastTurn: s.lastTurn,
    phase: s.phase.k,
    poc: s.poc,
    standing: pocStanding(s.poc),
    control: s.control,
    get units() {
      return units();
    },
    battle: s.battle ? { area: s.battle.area, waitingFor: d ? { decision: d.title, rule: d.rule, owes: d.owes } : null } : null,
    taskForces: s.taskForces
      ? {
          area: s.taskForces.area,
          round: s.taskForces.round,
          forces: s.taskForces.forces.map((tf) => taskForceAsSeenBy(s, tf, viewer)),
        }
      : null,
    get summary() {
      return summary();
    },
    get map() {
      return map();
    },
    position: positionKnownBy(s, viewer),
    // a battle the position leaves out: the side's default orders while it lasts (the answer card's)
    ...(viewer !== 'referee' && hidesEnemy(s, viewer) ? { defaults: { stepId: stepInPlay(s), orders: defaultOrdersFor(s, viewer) } } : {}),
  };
}

/** Every unit as the side reads it: where it is and its factors. */
function unitLines(s: VitpState) {
  return s.units.map((u) => ({
    name: u.name,
    side: u.side,
    type: u.type,
    nation: u.nation,
    damage: u.damage,
    where: describeLoc(u.loc) + (u.raider && u.loc.at === 'port' ? ', white side up (to raid)' : ''),
    factors: `${u.gunnery}${u.gunneryBonus ? '*' : ''}-${u.armor}-${u.speed}${u.airstrike ? ` air ${u.airstrike}${u.airstrikeBonus ? '*' : ''}` : ''}`,
  }));
}

/** A side's view: the board view, the position as the side knows it, and during a battle it cannot see into, its default orders. */
export type VitpView = SideView & {
  readonly position: VitpState;
  readonly defaults?: { readonly stepId: string | null; readonly orders: readonly Order[] };
};

/**
 * The position as `viewer` knows it, in the rules' own terms: what its machine players read (VITP is
 * open, 2.1: every unit, port and area is public). The one secret, optional rule 20, is taken out
 * as taskForceAsSeenBy does: an enemy task force's units until it is sighted, and whether it attacks
 * and which of its units invade, always (20.3-20.4). The referee's is the state.
 */
export function positionKnownBy(s: VitpState, viewer: VSide | 'referee'): VitpState {
  if (viewer === 'referee' || !s.taskForces) return s;
  const forces = s.taskForces.forces.map((tf) => (tf.side === viewer ? tf : unseen(tf)));
  return { ...s, taskForces: { ...s.taskForces, forces }, battle: hidesEnemy(s, viewer) ? null : s.battle };
}

/** An enemy task force as its marker shows it: its units once sighted; never whether it attacks or who invades (20.3-20.4). */
function unseen<T extends { marker: string; side: VSide; units: readonly string[]; sighted: boolean | null }>(tf: T): T {
  return {
    marker: tf.marker,
    side: tf.side,
    sighted: tf.sighted,
    units: tf.sighted ? tf.units : [],
    attacking: false,
    invading: [],
  } as unknown as T;
}

/** The id of the step in play; null between steps (a battle whose next decision is not yet asked). */
function stepInPlay(s: VitpState): string | null {
  try {
    return stepOf(s)?.id ?? null;
  } catch {
    return null;
  }
}

/**
 * True when the battle in play holds a task force of the enemy's: its state then follows from what
 * the task force holds and whether it attacks (the round's fire, who can be hit), so a side's
 * position leaves the battle out and its machine players answer with the side's documented
 * default orders (`defaults` in the view: what the answer card shows a person).
 */
function hidesEnemy(s: VitpState, viewer: VSide): boolean {
  return (s.battle?.battle.taskForces?.forces ?? []).some((tf) => tf.side !== viewer);
}

/**
 * The board map (src/engine/board-view.ts): every sea area with its flag, how many units of each
 * type each side has at sea there (public in VITP), the damaged ones among them, and its battle;
 * the box's connections; its ports and bases with their owners and the units in them (damaged
 * ones too); the sides' colours; the caption.
 */
export function boardMapOf(s: VitpState): BoardMap {
  const cells = mapOf(s);
  // in area order, never the key order of a stored state (PostgreSQL's JSONB re-sorts keys)
  const links = s.map.areas.flatMap(({ name: a }) =>
    [...(s.map.adjacent[a] ?? [])]
      .filter((b) => compareCodeUnits(a, b) < 0)
      .sort(compareCodeUnits)
      .map((b) => ({ a, b, ...(LINK_VIA[linkKey(a, b)] ? { via: LINK_VIA[linkKey(a, b)] } : {}) })),
  );
  const places = s.map.places.map((p): MapPlace => {
    const inPort = s.units.filter((u) => u.loc.at === 'port' && u.loc.place === p.name);
    const damage = bySide(inPort.filter((u) => u.damage > 0));
    return {
      name: p.name,
      kind: p.kind,
      owner: s.control[p.name] ?? null,
      touches: p.touches,
      ...PLACE_AT[p.name],
      units: bySide(inPort),
      ...(damage.length ? { damage } : {}),
    };
  });
  const sides = SIDES.map((id) => ({ id, name: NAME[id], short: id === 'japanese' ? 'J' : 'A', colour: COLOUR[id] }));
  return { cells, links, places, sides, note: MAP_NOTE };
}

/** Every sea area as a cell of the map: its flag, each side's units at sea there by type (and the damaged ones), its battle. */
export function mapOf(s: VitpState): AreaCell[] {
  const now = s.battle?.area ?? (s.phase.k === 'task-forces' || s.phase.k === 'sighting' ? s.phase.area : null);
  const due = COMBAT_PHASES.includes(s.phase.k) ? new Set(combatAreas(s)) : new Set<string>();
  return s.map.areas.map((a) => {
    const here = s.units.filter((u) => u.loc.at === 'sea' && u.loc.area === a.name);
    const battle = a.name === now ? 'now' : s.foughtAreas.includes(a.name) ? 'fought' : due.has(a.name) ? 'due' : null;
    const damage = bySide(here.filter((u) => u.damage > 0));
    return {
      kind: 'area',
      name: a.name,
      ...AREA_AT[a.name],
      units: bySide(here),
      control: s.control[a.name] ?? null,
      ...(battle ? { battle } : {}),
      ...(damage.length ? { damage } : {}),
    };
  });
}

/** Each side's units among `units`, by type. */
function bySide(units: readonly Unit[]): MapUnitCount[] {
  return SIDES.flatMap((side) => {
    const mine = units.filter((u) => u.side === side);
    return mine.length ? [{ side, count: mine.length, label: countByType(mine) }] : [];
  });
}

/** By counter type as printed (CV, BB, LBA, AMPH, SS, ...), in order of first appearance. */
function countByType(units: readonly Unit[]): string {
  const n = new Map<string, number>();
  for (const u of units) n.set(u.type, (n.get(u.type) ?? 0) + 1);
  return [...n.entries()].map(([t, k]) => `${k} ${t}`).join(', ');
}

/** Sentences for "What you know". The referee reads both sides' forces. */
export function summaryFor(s: VitpState, viewer: VSide | 'referee'): string[] {
  const lines = [`Turn ${s.turn} of ${s.lastTurn}.`, `POC track: ${pocStanding(s.poc)}.`, ...controlLines(s, viewer)];
  const sides = viewer === 'referee' ? SIDES : [viewer, other(viewer)];
  sides.forEach((side, i) => {
    const whose = viewer === 'referee' ? `${NAME[side]} forces` : i === 0 ? 'Your forces' : `${NAME[side]} forces (as far as you know)`;
    lines.push(...forceLines(s, side, whose));
  });
  lines.push(...taskForceLines(s, viewer), ...battleLines(s, viewer));
  return lines;
}

function controlLines(s: VitpState, viewer: VSide | 'referee'): string[] {
  const areas = s.map.areas;
  const held = (who: VSide | null) => areas.filter((a) => (s.control[a.name] ?? null) === who);
  const list = (who: VSide) =>
    held(who)
      .map((a) => `${a.name} (${a.poc[who]})`)
      .join(', ') || 'none';
  const nobody =
    held(null)
      .map((a) => a.name)
      .join(', ') || 'none';
  const order = viewer === 'referee' ? SIDES : [viewer, other(viewer)];
  return [
    ...order.map((who) => `${viewer === who ? 'You control' : `${PLURAL[who].replace(/^t/, 'T')} control`} (POC a turn): ${list(who)}.`),
    `Nobody controls: ${nobody}.`,
  ];
}

/** One sentence per place where the side has forces: at sea, in port, on the way home, coming back later. */
function forceLines(s: VitpState, side: VSide, whose: string): string[] {
  const by = new Map<string, string[]>();
  for (const u of s.units.filter((x) => x.side === side && (alive(x) || x.loc.at === 'eliminated'))) {
    const where = whereIs(u.loc);
    const label = `${u.name} (${u.type} ${factors(u)}${u.damage && u.loc.at !== 'eliminated' ? `, ${u.damage} damage` : ''}${u.raider && u.loc.at === 'port' ? ', to raid' : ''})`;
    by.set(where, [...(by.get(where) ?? []), label]);
  }
  if (!by.size) return [`${whose}: none in play.`];
  return [...by.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || compareCodeUnits(a, b))
    .map(([where, units]) => `${whose}, ${where}: ${units.join(', ')}.`);
}

/** Where a piece is, as the report's sentences say it (sea first, then harbors, then the rest). */
function whereIs(l: Loc): string {
  if (l.at === 'sea')
    return `${{ patrol: 'patrolling', raid: 'raiding', amph: 'amphibious at sea in', air: 'air over', sub: 'submarine in' }[l.mode]} ${l.area}`;
  if (l.at === 'port') return `in ${l.place}`;
  return describeLoc(l);
}

const rank = (where: string): number =>
  /^(patrolling|raiding|amphibious|air over|submarine)/.test(where) ? 0 : where.startsWith('in ') ? 1 : 2;

/** Optional rule 20: own task forces in full; the enemy's as markers, with units once sighted. */
function taskForceLines(s: VitpState, viewer: VSide | 'referee'): string[] {
  const round = s.taskForces;
  if (!round) return [];
  return round.forces.map((tf) => {
    const seen = taskForceAsSeenBy(s, tf, viewer);
    const sighting = seen.sighted === null ? 'not yet rolled for' : seen.sighted ? 'sighted' : 'not sighted';
    const head = `${NAME[tf.side]} task force ${tf.marker} in ${round.area}, round ${round.round} (${sighting})`;
    if (!seen.units) return `${head}: what it holds is unknown to you (20.4).`;
    const invading = seen.invading?.length ? `; invading: ${seen.invading.join(', ')}` : '';
    const extra = seen.attacking === undefined ? '' : `; ${seen.attacking ? 'attacking' : 'not attacking'}${invading}`;
    return `${head}: ${seen.units.join(', ')}${extra}.`;
  });
}

function battleLines(s: VitpState, viewer: VSide | 'referee'): string[] {
  const ph = s.phase;
  if (ph.k === 'pick-battle') return [`Combat is due this turn in: ${combatAreas(s).join(', ')}; the Japanese choose where next (5.31).`];
  if (ph.k === 'task-forces') {
    return [`Combat in ${ph.area}: waiting for the ${NAME[ph.side]} task forces (20.2)${viewer === ph.side ? ': yours' : ''}.`];
  }
  if (!s.battle) return [];
  const d = nextDecision(s.battle.battle);
  if (!d) return [`Combat in ${s.battle.area}.`];
  const who = d.owes.map((x) => (x === viewer ? 'you' : PLURAL[x])).join(' and ');
  const cite = d.title.includes(`(${d.rule})`) ? '' : ` (${d.rule})`;
  return [`Combat in ${s.battle.area}: waiting for ${who}: ${d.title}${cite}.`];
}
