/**
 * Repairs (11.1–11.4): each port's points for this turn, split as the owner likes, lost if unused.
 * Optional rule 23.5: airstrikes (a carrier's, an air unit's) are rebuilt alongside, from a budget of
 * its own equal to the side's whole repair capacity for the turn.
 */
import type { LineError } from '../../engine/ruleset';
import type { Tx } from './events';
import { basePorts } from './turn';
import type { Loc, Order, OrderOf, Unit, VitpState, VSide } from './types';
import { unitOf } from './events';

/** 11.2x / 11.4: the points available in `port` to `side` this turn. */
export function repairPoints(s: VitpState, side: VSide, port: string): number {
  const r = s.repairs.find((x) => x.port === port && x.side === side);
  if (!r || s.control[port] !== side) return 0;
  return r.perTurn[s.turn - 1] ?? 0;
}

export const repairable = (s: VitpState, u: Unit): boolean =>
  u.kind === 'ship' && u.damage > 0 && u.loc.at === 'port' && !u.moved && repairPoints(s, u.side, u.loc.place) > 0;

export function checkRepairs(s: VitpState, side: VSide, orders: readonly Order[]): LineError[] {
  const errors: LineError[] = [];
  const used: Record<string, number> = {};
  for (const o of orders.filter((x): x is OrderOf<'repair'> => x.t === 'repair')) {
    const u = unitOf(s.units, o.unit)!;
    const err = (problem: string, rule: string, hint?: string) => errors.push({ line: o.line, text: o.text, problem, rule, hint });
    if (u.side !== side) {
      err(`${u.name} is not yours`, '11.1');
      continue;
    }
    if (u.loc.at !== 'port') {
      err(`${u.name} is not in port`, '11.1');
      continue;
    }
    const port = u.loc.place;
    const pts = repairPoints(s, side, port);
    if (pts === 0) {
      err(
        `${port} has no repair points for you this turn`,
        '11.2',
        'repair points: Yokosuka 6 (Japanese); Ceylon 1, Australia 1, Pearl Harbor 0/3/6/9/12/15 (Allied)',
      );
      continue;
    }
    if (o.points > u.damage) {
      err(`${u.name} has only ${u.damage} damage`, '11.1');
      continue;
    }
    used[port] = (used[port] ?? 0) + o.points;
    if (used[port] > pts) err(`${port} has only ${pts} repair points this turn`, '11.24');
  }
  return errors;
}

export function resolveRepairs(tx: Tx, orders: readonly Order[]): void {
  for (const o of orders.filter((x): x is OrderOf<'repair'> => x.t === 'repair')) {
    const u = unitOf(tx.s.units, o.unit)!;
    tx.unit(u.id, { damage: u.damage - o.points, repaired: true }, `repairs ${o.points} damage point${o.points > 1 ? 's' : ''}`, '11.1');
  }
  resolveRebuilds(tx, orders);
}

// ---- Optional rule 23.5: rebuilding airstrikes ---------------------------------------------------

export const rebuildingInUse = (s: VitpState): boolean => s.options['airstrike-damage'] === true;

/** 23.5 (replacing 4.5 and 12.3 for air units): where a lost unit goes. */
export function eliminatedLoc(s: VitpState, u: Unit): Extract<Loc, { at: 'eliminated' }> {
  return rebuildingInUse(s) && u.kind === 'lba'
    ? { at: 'eliminated', returns: null, rebuild: true }
    : { at: 'eliminated', returns: s.turn + 2 };
}

/** 23.5: a side may rebuild as many airstrike factors as its whole repair capacity this turn (11.2x), besides repairing. */
export function rebuildCapacity(s: VitpState, side: VSide): number {
  return s.repairs.filter((r) => r.side === side).reduce((sum, r) => sum + repairPoints(s, side, r.port), 0);
}

/** 23.5: rebuilding is done where repairs are, so only in the side's ports with repair points this turn. */
export const rebuildPorts = (s: VitpState, side: VSide): string[] =>
  s.repairs.filter((r) => r.side === side && repairPoints(s, side, r.port) > 0).map((r) => r.port);

/** Airstrike factors `u` has lost and may get back: a carrier's airstrike damage, an air unit's damage (23.2), or a whole eliminated air unit. */
export function airstrikeLost(u: Unit): number {
  if (u.kind === 'ship') return u.airstrike > 0 ? Math.min(u.airstrike, u.airstrikeDamage ?? 0) : 0;
  if (u.kind !== 'lba') return 0;
  if (u.loc.at === 'eliminated' && u.loc.returns === null) return u.airstrike;
  return u.loc.at === 'port' ? Math.min(u.airstrike, u.damage) : 0;
}

/** Units `side` could rebuild this turn (for the help card, the patrol step's applicability and random orders). */
export function rebuildable(s: VitpState, side: VSide): Unit[] {
  if (!rebuildingInUse(s) || rebuildCapacity(s, side) === 0) return [];
  const ports = rebuildPorts(s, side);
  return s.units.filter(
    (u) =>
      u.side === side &&
      airstrikeLost(u) > 0 &&
      !u.moved &&
      (u.loc.at === 'eliminated' || (u.loc.at === 'port' && ports.includes(u.loc.place))),
  );
}

export function checkRebuilds(s: VitpState, side: VSide, orders: readonly Order[]): LineError[] {
  const rebuilds = orders.filter((x): x is OrderOf<'rebuild'> => x.t === 'rebuild');
  if (rebuilds.length === 0) return [];
  const errors: LineError[] = [];
  const ports = rebuildPorts(s, side);
  const portsHint = `rebuilding ports for you this turn: ${ports.join(', ') || 'none'}`;
  const capacity = rebuildCapacity(s, side);
  const asked: Record<string, number> = {};
  let total = 0;
  for (const o of rebuilds) {
    const u = unitOf(s.units, o.unit)!;
    const err = (problem: string, rule: string, hint?: string) => errors.push({ line: o.line, text: o.text, problem, rule, hint });
    if (!rebuildingInUse(s)) {
      err('airstrikes are rebuilt only under optional rule 23, which this game does not use', '23.5');
      continue;
    }
    if (u.side !== side) {
      err(`${u.name} is not yours`, '23.5');
      continue;
    }
    const lost = airstrikeLost(u);
    if (lost === 0) {
      err(
        `${u.name} has no lost airstrike factors to rebuild`,
        '23.5',
        u.kind === 'ship' && u.damage > 0 ? `to mend the ship itself: REPAIR ${u.name} <points>` : undefined,
      );
      continue;
    }
    const eliminated = u.loc.at === 'eliminated';
    const where = eliminated ? o.at : u.loc.at === 'port' ? u.loc.place : null;
    if (eliminated && !o.at) {
      err(`say where ${u.name} is rebuilt: REBUILD ${u.name} AT <port>`, '23.5', portsHint);
      continue;
    }
    if (!eliminated && o.at && o.at !== where) {
      err(`${u.name} is in ${where}: it is rebuilt where it is`, '23.5');
      continue;
    }
    if (!where || !ports.includes(where)) {
      err(`${where ?? u.name} is not a port where you can repair this turn`, '23.5', portsHint);
      continue;
    }
    if (eliminated && !basePorts(s, u).includes(where)) {
      err(
        `${u.name} may not be based at ${where}`,
        u.nation === 'GB' ? '10.13' : '10.12',
        `friendly major ports open to it: ${basePorts(s, u).join(', ')}`,
      );
      continue;
    }
    const points = o.points ?? lost;
    asked[u.id] = (asked[u.id] ?? 0) + points;
    if (points < 1 || asked[u.id] > lost) {
      err(`${u.name} has only ${lost} airstrike factor${lost > 1 ? 's' : ''} to rebuild`, '23.5');
      continue;
    }
    if (eliminated && u.airstrike - points >= u.armor) {
      err(
        `${u.name} needs at least ${u.airstrike - u.armor + 1} factors to come back: with fewer its damage would shoot it down again (12.25)`,
        '23.5',
      );
      continue;
    }
    total += points;
    if (total > capacity)
      err(`you may rebuild only ${capacity} airstrike factor${capacity === 1 ? '' : 's'} this turn (your whole repair capacity)`, '23.5');
  }
  return errors;
}

function resolveRebuilds(tx: Tx, orders: readonly Order[]): void {
  for (const o of orders.filter((x): x is OrderOf<'rebuild'> => x.t === 'rebuild')) {
    const u = unitOf(tx.s.units, o.unit)!;
    const lost = airstrikeLost(u);
    const points = Math.min(lost, o.points ?? lost);
    const factors = `${points} airstrike factor${points > 1 ? 's' : ''}`;
    if (u.kind === 'ship') {
      tx.unit(
        u.id,
        { airstrikeDamage: (u.airstrikeDamage ?? 0) - points, repaired: true },
        `rebuilds ${factors} (${u.airstrike - lost + points} of ${u.airstrike} now)`,
        '23.5',
      );
    } else if (u.loc.at === 'eliminated') {
      // a partly rebuilt air unit comes back with the rest as damage, one shot less for each (23.2)
      tx.unit(
        u.id,
        { loc: { at: 'port', place: o.at! }, damage: u.airstrike - points, repaired: true },
        `is rebuilt at ${o.at} with ${factors} of ${u.airstrike}`,
        '23.5',
      );
    } else {
      tx.unit(u.id, { damage: u.damage - points, repaired: true }, `rebuilds ${factors}`, '23.5');
    }
  }
}
