/**
 * The check of an answer before it is recorded (applied later by resolve): every unit in exactly
 * one group, retreats and partial retreats (8.x, 20.8), invasions (20.7), targets and allocations
 * (7.x, 23), each problem with the rule it breaks. decisions.ts asks; this checks.
 */
import type { Answer, AnswerOf, Decision, VitpSide } from './api';
import { airOptions, checkAirAllocation } from './airstrikes';
import { currentEngagement } from './rounds';
import type { ActionState, BattleState } from './state';
import { checkDesignation } from './targets';
import { inUnitOrder } from './units';

/** A unit's (or port's) name for a problem message, the id when it names nothing here. */
function nameOf(b: BattleState, id: string): string {
  return (
    b.units.find((u) => u.id === id)?.name ?? b.ports.find((p) => p.id === id)?.name ?? b.submarines.find((u) => u.id === id)?.name ?? id
  );
}

/**
 * 20.8: in a task force battle the main fight's retreat may take only part of the forces. Air
 * units escape alone (8.21): each named in a group of its own. Every ship and amphibious unit named
 * with no air unit is the whole fleet retreating, air and all (8.11).
 */
function checkPartialRetreat(b: BattleState, groups: readonly (readonly string[])[], d: Extract<Decision, { kind: 'retreat' }>): string[] {
  const problems: string[] = [];
  const all = groups.flat();
  const air = d.airEscapes.map((u) => u.id);
  if (groups.some((g) => g.length === 0)) problems.push('a group may not be empty (8.2)');
  for (const x of duplicates(all)) problems.push(`${nameOf(b, x)} is in more than one group (8.2)`);
  for (const id of all)
    if (!d.units.some((u) => u.id === id) && !air.includes(id))
      problems.push(`${nameOf(b, id)} cannot retreat from the main fight now (8.1, 20.8)`);
  for (const g of groups)
    if (g.length > 1 && g.some((id) => air.includes(id))) problems.push('an air unit escapes alone: name it in a group of its own (8.21)');
  return problems;
}

/** 20.8 applies to the main fight of a battle with task forces. */
export function partialRetreatAllowed(b: BattleState): boolean {
  return b.options.taskForces && currentEngagement(b).kind === 'main';
}

/** 20.7: in a task force battle only the amphibious units announced for the round just fought may invade. */
function mayInvade(b: BattleState, unit: string): boolean {
  if (!b.options.taskForces || !b.taskForces || b.taskForces.round !== b.round) return true;
  return b.taskForces.forces.some((f) => f.invading.includes(unit));
}

function duplicates(ids: readonly string[]): string[] {
  return ids.filter((id, i) => ids.indexOf(id) !== i);
}

/** Exactly the expected units, each in one non-empty group (8.11, 8.2, 8.52). */
function checkPartition(b: BattleState, groups: readonly (readonly string[])[], expected: readonly string[], rule: string): string[] {
  const problems: string[] = [];
  const all = groups.flat();
  if (groups.some((g) => g.length === 0)) problems.push(`a group may not be empty (${rule})`);
  for (const d of duplicates(all)) problems.push(`${nameOf(b, d)} is in more than one group (${rule})`);
  for (const id of all) if (!expected.includes(id)) problems.push(`${nameOf(b, id)} cannot be in these groups (${rule})`);
  for (const id of expected) if (!all.includes(id)) problems.push(`${nameOf(b, id)} must be in a group: all units go together (${rule})`);
  return problems;
}

function checkAssign(
  b: BattleState,
  assign: Readonly<Record<string, string>>,
  legal: (unit: string, to: string) => string | null,
): string[] {
  return inUnitOrder(b, assign)
    .map(([unit, to]) => legal(unit, to))
    .filter((p): p is string => p !== null);
}

export function problemsWith(b: BattleState, d: Decision, reply: Answer, side: VitpSide): string[] {
  if (reply.kind !== d.kind) return [`expected an answer to "${d.kind}", got "${reply.kind}"`];
  switch (d.kind) {
    case 'day-night': {
      const r = reply as AnswerOf<'day-night'>;
      return r.choice === 'day' || r.choice === 'night' ? [] : ['choose day or night (7.3)'];
    }
    case 'night-carriers':
    case 'kamikaze-carriers': {
      const chosen = (reply as AnswerOf<'night-carriers' | 'kamikaze-carriers'>).carriers;
      const legal = d.carriers.map((c) => c.id);
      return [
        ...chosen.filter((c) => !legal.includes(c)).map((c) => `${nameOf(b, c)} is not one of your carriers in this action (${d.rule})`),
        ...duplicates(chosen).map((c) => `${nameOf(b, c)} is named twice`),
      ];
    }
    case 'targets': {
      const stage = b.stage;
      if (stage.at !== 'action') return ['no action is being fought'];
      const fire = (reply as AnswerOf<'targets'>).fire;
      const step = stage.action.step;
      if (step === 'intercept' || step === 'flak')
        return checkAirAllocation(b, airOptions(b, currentEngagement(b), stage.action, side, step), step, fire);
      const problems = checkDesignation(b, currentEngagement(b), stage.action, side, fire);
      for (const c of stage.action.kamikazeCarriers) {
        if (side === 'japanese' && fire[c] === undefined)
          problems.push(`${nameOf(b, c)} was announced as a kamikaze and must attack (19.22)`);
      }
      return problems;
    }
    case 'submarine': {
      const t = (reply as AnswerOf<'submarine'>).target;
      return t === null || d.targets.some((x) => x.id === t) ? [] : [`${nameOf(b, t)} is not a ship or amphibious unit at sea here (7.91)`];
    }
    case 'retreat': {
      const r = reply as AnswerOf<'retreat'>;
      if (!r.retreat) return [];
      if (partialRetreatAllowed(b)) return checkPartialRetreat(b, r.groups, d);
      return checkPartition(
        b,
        r.groups,
        d.units.map((u) => u.id),
        '8.2',
      );
    }
    case 'pursuit':
      return checkAssign(b, (reply as AnswerOf<'pursuit'>).assign, (ship, to) => {
        const s = d.ships.find((x) => x.id === ship);
        if (!s) return `${nameOf(b, ship)} cannot pursue (8.31, 8.34, 9.3)`;
        if (d.ports.some((p) => p.id === to)) return s.canRaid ? null : `${nameOf(b, ship)} cannot raid (9.3)`;
        if (!d.groups.some((g) => g.id === to)) return `${nameOf(b, to)} is neither a retreating group nor a port to raid`;
        return s.canPursue.includes(to) ? null : `${s.name} (speed ${s.speed}) is too slow to pursue ${to} (8.33)`;
      });
    case 'landings':
      return checkAssign(b, (reply as AnswerOf<'landings'>).land, (unit, base) => {
        if (!d.units.some((u) => u.id === unit)) return `${nameOf(b, unit)} cannot land now (7.93, 13.31)`;
        if (d.bases.some((x) => x.id === base && x.invade) && !mayInvade(b, unit))
          return `${nameOf(b, unit)} was not announced as invading this round: it may only land on a friendly base (20.3, 20.7)`;
        return d.bases.some((x) => x.id === base)
          ? null
          : `${nameOf(b, base)} is not a friendly port or base, nor an enemy island base here (13.3)`;
      });
    case 'split':
      return checkPartition(
        b,
        (reply as AnswerOf<'split'>).groups,
        d.group.units.map((u) => u.id),
        '8.52',
      );
    case 'continue-pursuit':
      return checkAssign(b, (reply as AnswerOf<'continue-pursuit'>).assign, (ship, to) => {
        const p = d.pursuers.find((x) => x.id === ship);
        if (!p) return `${nameOf(b, ship)} is not pursuing this group`;
        if (to === 'stop' || p.canFollow.includes(to)) return null;
        return `${p.name} (speed ${p.speed}) cannot follow ${to} (8.33, 8.52)`;
      });
    case 'air-raids':
      return checkAssign(b, (reply as AnswerOf<'air-raids'>).assign, (ship, port) => {
        if (!d.ships.some((s) => s.id === ship)) return `${nameOf(b, ship)} cannot raid (9.3)`;
        return d.ports.some((p) => p.id === port) ? null : `${nameOf(b, port)} is not an enemy port or base with targets here (9.2)`;
      });
    default: {
      const never: never = d;
      throw new TypeError(`unknown decision ${JSON.stringify(never)}`);
    }
  }
}

/** Where a 'targets' answer goes: the designation, or rule 23's allocations at airstrikes. */
export function targetsStore(a: ActionState): Partial<Record<VitpSide, Record<string, string>>> {
  if (a.step === 'intercept') return (a.intercepts ??= {});
  if (a.step === 'flak') return (a.flak ??= {});
  return a.designations;
}
