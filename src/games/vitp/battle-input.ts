/**
 * What combat is given (5.3, 7.1, 9.2): the board's pieces as combat's inputs, and where on the board
 * something can still be fought. The combat sequence that uses them is ./battles.
 */
import type { BattleInput, CombatUnitInput, Nationality, ShipClass, TaskForcePlan } from './combat/api';
import type { CurrentBattle, Unit, VitpState, VSide } from './types';
import { SIDES } from './types';
import { atSeaIn, placesTouching, slug } from './world';

const NATIONALITY: Record<Unit['nation'], Nationality> = {
  JP: 'japanese',
  US: 'us',
  GB: 'british',
  AU: 'australian',
  NL: 'dutch',
};
const SHIP_CLASS: Record<string, ShipClass> = {
  BB: 'battleship',
  BC: 'battleship',
  CV: 'carrier',
  CVL: 'carrier',
  CA: 'cruiser',
  CL: 'cruiser',
};

export function combatUnit(u: Unit): CombatUnitInput {
  // whole literals, no `{ ...base, more }`: see toUnitState (combat/units.ts)
  const [id, name, side, nationality, damage] = [u.id, u.name, u.side, NATIONALITY[u.nation], u.damage];
  const [barredFromPursuit, raidedThisTurn] = [u.barredFromPursuit, u.raidedThisTurn];
  if (u.kind === 'lba')
    return {
      id,
      name,
      side,
      nationality,
      damage,
      barredFromPursuit,
      raidedThisTurn,
      kind: 'land-based-air',
      airstrike: u.airstrike,
      defense: u.armor,
    };
  if (u.kind === 'amph')
    return { id, name, side, nationality, damage, barredFromPursuit, raidedThisTurn, kind: 'amphibious', armor: u.armor, speed: u.speed };
  const ship: CombatUnitInput = {
    id,
    name,
    side,
    nationality,
    damage,
    barredFromPursuit,
    raidedThisTurn,
    kind: 'ship',
    shipClass: SHIP_CLASS[u.type] ?? 'other',
    gunnery: u.gunnery,
    gunneryBonus: u.gunneryBonus,
    airstrike: u.airstrike,
    airstrikeBonus: u.airstrikeBonus,
    armor: u.armor,
    speed: u.speed,
    posture: u.loc.at === 'sea' && u.loc.mode === 'raid' ? 'raiding' : 'patrolling',
  };
  if (u.airstrikeDamage) (ship as { airstrikeDamage?: number }).airstrikeDamage = u.airstrikeDamage;
  return ship;
}

export interface BattleScope {
  /** units at sea that take part; default: everyone at sea in the area */
  readonly atSea?: readonly Unit[];
  /** ports and bases whose contents may be raided; default: all touching the area (2.1) */
  readonly ports?: readonly string[];
  readonly withSubmarines?: boolean;
  /** 18.35: sides that leave before the first round of the 'pearl-harbor-rounds' battle, unpursued */
  readonly openingRetreat?: readonly VSide[];
}

/** The step machine's opening as combat knows it: the 18.3 raids themselves are fought as plain 9.2 raids. */
function combatOpening(opening: CurrentBattle['opening']): BattleInput['opening'] {
  return opening === 'pearl-harbor-rounds' || opening === 'indonesia-surprise' ? opening : undefined;
}

export function battleInput(s: VitpState, area: string, scope: BattleScope = {}, opening: CurrentBattle['opening'] = null): BattleInput {
  const atSea = scope.atSea ?? atSeaIn(s, area);
  const portNames = scope.ports ?? placesTouching(s, area).map((p) => p.name);
  return {
    turn: s.turn,
    seaArea: { id: slug(area), name: area, controller: s.control[area] ?? null },
    atSea: atSea.map(combatUnit),
    ports: portNames.map((name) => ({
      id: slug(name),
      name,
      kind: s.map.places.find((p) => p.name === name)!.kind === 'port' ? 'major-port' : 'island-base',
      controller: s.control[name] as VSide,
      units: s.units.filter((u) => u.kind !== 'sub' && u.loc.at === 'port' && u.loc.place === name).map(combatUnit),
    })),
    submarines:
      scope.withSubmarines === false
        ? []
        : s.units
            .filter((u) => u.kind === 'sub' && u.loc.at === 'sea' && u.loc.area === area)
            .map((u) => ({ id: u.id, name: u.name, side: u.side })),
    options: {
      usBattleshipBonus: s.options['us-battleship-bonus'] === true,
      kamikaze: s.options['turn-9'] === true,
      taskForces: s.options['task-forces'] === true,
      separateAirstrikes: s.options['airstrike-damage'] === true,
    },
    ...(combatOpening(opening) ? { opening: combatOpening(opening) } : {}),
    ...(scope.openingRetreat?.length ? { openingRetreat: scope.openingRetreat } : {}),
    ...(opening === null && taskForcePlan(s, area) ? { taskForces: taskForcePlan(s, area)! } : {}),
  };
}

/**
 * 7.1 / 9.2 / 5.6: areas where something can still be fought this turn. Worked out once per state
 * (a state is never changed once made; the flow, the order checks and the random player each ask
 * of the same state): a copy of the list each time.
 */
export function combatAreas(s: VitpState): string[] {
  let areas = combatAreasOf.get(s);
  if (!areas) combatAreasOf.set(s, (areas = areasToFight(s)));
  return [...areas];
}

const combatAreasOf = new WeakMap<VitpState, readonly string[]>();

function areasToFight(s: VitpState): string[] {
  // the pieces sorted by where they are, once: every area asks who is at sea in it
  const atSea = new Map<string, Unit[]>();
  const subs = new Map<string, Unit[]>();
  const occupiedPorts = new Set<string>();
  const add = (by: Map<string, Unit[]>, area: string, u: Unit) => (by.get(area) ?? by.set(area, []).get(area)!).push(u);
  for (const u of s.units) {
    if (u.loc.at === 'sea') {
      if (u.loc.mode !== 'sub') add(atSea, u.loc.area, u);
      if (u.kind === 'sub') add(subs, u.loc.area, u);
    } else if (u.loc.at === 'port' && u.kind !== 'sub') occupiedPorts.add(u.loc.place);
  }
  return s.map.areas
    .map((a) => a.name)
    .filter((area) => {
      if (s.foughtAreas.includes(area)) return false;
      const here = atSea.get(area) ?? [];
      const present = SIDES.filter((side) => here.some((u) => u.side === side));
      if (present.length === 2) return true;
      const enemyTargets = (side: VSide) => here.some((u) => u.side !== side && u.kind !== 'lba');
      if ((subs.get(area) ?? []).some((sub) => enemyTargets(sub.side))) return true;
      if (present.length !== 1) return false;
      const raider = present[0];
      const ships = here.filter((u) => u.side === raider && u.kind === 'ship' && !u.raidedThisTurn);
      return ships.length > 0 && placesTouching(s, area).some((p) => s.control[p.name] !== raider && occupiedPorts.has(p.name));
    });
}

/** Rule 20: the task forces formed and rolled for in `area` (20.2-20.4), as combat takes them. */
export function taskForcePlan(s: VitpState, area: string): TaskForcePlan | null {
  const tf = s.taskForces;
  if (!tf || tf.area !== area || tf.forces.some((f) => f.sighted === null)) return null;
  return { round: tf.round, forces: tf.forces.map((f) => ({ ...f, sighted: f.sighted === true })) };
}
