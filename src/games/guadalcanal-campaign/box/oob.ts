/**
 * A scenario's forces from the box: the ships of each start task force (named capital ships, then
 * small ships drawn in roster order) and the ships left in port, with every way the data breaks the
 * printed order of battle (13.0) or the rules of task forces (9.2B-D, 5.2F).
 */
import { missionProblems } from '../rules/eligibility';
import { SHIP_TYPES, type ShipClass, type ShipData, type ShipType } from './ships';
import type { StartTf, ScenarioId } from './scenarios';
import type { Side } from './plain';
import type { PlainBox } from './plain';

export interface StartForces {
  readonly taskForces: readonly (Omit<StartTf, 'ships' | 'take'> & { readonly ships: readonly string[] })[];
  readonly inPort: readonly string[];
  readonly port: string | null;
  readonly problems: readonly string[];
}

export const NAMED_TYPES: readonly ShipType[] = ['CV', 'CVL', 'BB', 'CA', 'CL', 'CLAA', 'CS', 'TK', 'ML'];

export function typeOf(box: PlainBox, ship: ShipData): ShipType {
  return box.classes[ship.cls].type;
}

export function classOf(box: PlainBox, name: string): ShipClass | undefined {
  const ship = box.ships.find((s) => s.name === name);
  return ship ? box.classes[ship.cls] : undefined;
}

export function startForces(box: PlainBox, scenario: ScenarioId, side: Side): StartForces {
  const data = box.scenarios[scenario][side];
  const where = `${scenario} ${side}`;
  const problems: string[] = [];
  const roster = box.ships.filter((s) => box.classes[s.cls]?.side === side);
  const named = new Set(data.named);
  for (const name of data.named) {
    const ship = roster.find((s) => s.name === name);
    if (!ship) problems.push(`${where}: ${name} is no ${side} ship of the roster`);
    else if (!NAMED_TYPES.includes(typeOf(box, ship)))
      problems.push(`${where}: ${name} is a ${typeOf(box, ship)}, drawn by count, not named`);
  }
  // the scenario's ships: the named ones, then each small type's first ships in roster order (13.0 counts)
  const pool = new Map<ShipType, string[]>();
  // in the order of the ship types, never of the data's keys (a box read back from storage may order them otherwise)
  const inOrder = (counts: Partial<Record<ShipType, number>>) =>
    SHIP_TYPES.filter((t) => counts[t] !== undefined).map((t) => [t, counts[t]!] as const);
  for (const [type, n] of inOrder(data.counts)) {
    const ofType = roster.filter((s) => typeOf(box, s) === type);
    const chosen = NAMED_TYPES.includes(type) ? ofType.filter((s) => named.has(s.name)) : ofType.slice(0, n);
    if (chosen.length !== n) problems.push(`${where}: 13.0 prints ${n} ${type}, the box gives ${chosen.length}`);
    pool.set(
      type,
      chosen.map((s) => s.name),
    );
  }
  for (const name of named) {
    const ship = roster.find((s) => s.name === name);
    if (ship && !(typeOf(box, ship) in data.counts))
      problems.push(`${where}: ${name} (${typeOf(box, ship)}) is of a type 13.0 gives this side none of`);
  }
  const used = new Set<string>();
  const taskForces = data.taskForces.map((tf, i) => {
    const ships: string[] = [];
    for (const name of tf.ships ?? []) {
      if (!named.has(name)) problems.push(`${where} TF ${i + 1}: ${name} is not among the scenario's named ships`);
      ships.push(name);
    }
    for (const [type, n] of inOrder(tf.take ?? {})) {
      const free = (pool.get(type) ?? []).filter((s) => !used.has(s) && !ships.includes(s));
      if (free.length < n) problems.push(`${where} TF ${i + 1}: takes ${n} ${type}, only ${free.length} left of 13.0's count`);
      ships.push(...free.slice(0, n));
    }
    for (const s of ships) {
      if (used.has(s)) problems.push(`${where} TF ${i + 1}: ${s} is in two task forces`);
      used.add(s);
    }
    problems.push(...tfProblems(box, ships, tf.mission).map((p) => `${where} TF ${i + 1}: ${p}`));
    if (box.map.rows[tf.row - 1][tf.col - 1] === '#') problems.push(`${where} TF ${i + 1}: starts on land at ${tf.col},${tf.row} (5.2F)`);
    const { ships: _s, take: _t, ...rest } = tf;
    return { ...rest, ships };
  });
  const inPort = [...pool.values()].flat().filter((s) => !used.has(s));
  if (inPort.length && !data.inPort)
    problems.push(`${where}: ${inPort.length} ships in no task force and no port to start in (10.1C: mini games never dock)`);
  if (data.inPort && !box.ports[side].includes(data.inPort)) problems.push(`${where}: ${data.inPort} is no ${side} port (4.1A)`);
  return { taskForces, inPort, port: data.inPort, problems };
}

/** What keeps these ships from forming one task force with this mission (9.2B-D, 4.2E). */
function tfProblems(box: PlainBox, ships: readonly string[], mission: string): string[] {
  const typed = ships.flatMap((name) => {
    const c = classOf(box, name);
    return c ? [{ name, type: c.type }] : [];
  });
  return missionProblems(typed, mission, box.missions.onlyMission);
}
