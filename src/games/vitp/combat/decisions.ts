/**
 * Decision points: what the waiting stage asks, of whom, with which legal answers and defaults,
 * and the check of an answer before it is recorded (applied later by resolve).
 */
import { clonePlain } from '../../../shared/clone';
import type { Answer, AnswerOf, AnswerResult, DayNight, Decision, UnitRef, VitpSide } from './api';
import { VITP_SIDES } from './sides';
import { landingBases, landingCandidates, submarineTargets } from './after-round';
import { availableHunters, groupRef, groupUnits, pursuersOf, speedOf } from './groups';
import { airOptions, checkAirAllocation, defaultAirAllocation, type AirStep } from './airstrikes';
import { announcingCarriers, currentEngagement } from './rounds';
import type { ActionState, BattleState, Stage } from './state';
import { checkDesignation, defaultDesignation, designationAsked, firingOnly, possibleShots, targetOptions, targetsFor } from './targets';
import { currentSpeed, fighting, inUnitOrder, otherSide, unitById } from './units';

const ref = (u: { id: string; name: string }): UnitRef => ({ id: u.id, name: u.name });

/** A unit's (or port's) name for a problem message, the id when it names nothing here. */
function nameOf(b: BattleState, id: string): string {
  return (
    b.units.find((u) => u.id === id)?.name ?? b.ports.find((p) => p.id === id)?.name ?? b.submarines.find((u) => u.id === id)?.name ?? id
  );
}

/**
 * Default day/night "by strength": day when the side's airstrike shots outnumber its gunnery shots,
 * else night. Shots count only in an action where the enemy offers them a target (7.412, 7.422),
 * so guns facing nothing but land-based air do not vote for a night action nobody can fight.
 */
export function preferredAction(b: BattleState, side: VitpSide): DayNight {
  const eng = currentEngagement(b);
  return possibleShots(b, eng, side, 'day') > possibleShots(b, eng, side, 'night') ? 'day' : 'night';
}

function prefix(b: BattleState): string {
  return `${currentEngagement(b).id}/r${b.round}`;
}

function actionPrefix(b: BattleState, a: ActionState): string {
  return `${prefix(b)}/a${b.actionNo}-${a.kind}`;
}

function actionDecision(b: BattleState, a: ActionState): Decision | null {
  if (a.step === 'night-carriers' || a.step === 'kamikaze-carriers') {
    if (a.reply) return null;
    const announcing = announcingCarriers(b, a);
    if (!announcing) return null;
    const carriers = announcing.ids.map((id) => ref(unitById(b, id)));
    if (a.step === 'night-carriers') {
      return {
        id: `${actionPrefix(b, a)}/carriers`,
        kind: 'night-carriers',
        rule: a.taskForces ? '20.6' : '7.424',
        title: a.taskForces
          ? 'Night action: which Allied ships fire from task forces not sighted (adding their task forces, 20.6), and which carriers fire their guns? (7.424, 20.6)'
          : 'Which Allied carriers fire their guns in this night action? (5.33, 7.424)',
        owes: ['allied'],
        defaults: { allied: { kind: 'night-carriers', carriers: [] } },
        carriers,
      };
    }
    return {
      id: `${actionPrefix(b, a)}/kamikaze`,
      kind: 'kamikaze-carriers',
      rule: '19.22',
      title: 'Which Japanese carriers make kamikaze attacks in this day action? (19.22)',
      owes: ['japanese'],
      defaults: { japanese: { kind: 'kamikaze-carriers', carriers: [] } },
      carriers,
    };
  }
  if (a.step === 'intercept' || a.step === 'flak') return airDecision(b, a, a.step);
  if (a.step !== 'targets') return null;
  const eng = currentEngagement(b);
  const side = a.firing;
  if (a.designations[side]) return null;
  if (!designationAsked(b, eng, a, side)) return null;
  const surprise = eng.kind === 'surprise';
  return {
    id: `${actionPrefix(b, a)}/targets-${side}`,
    kind: 'targets',
    rule: surprise ? '18.4' : '7.4',
    title: surprise
      ? `Japanese targets for round ${b.round} of the surprise air raids in ${b.seaArea.name} (18.4)`
      : `${side === 'japanese' ? 'Japanese' : 'Allied'} targets for this ${a.kind} action (7.4)`,
    owes: [side],
    defaults: { [side]: { kind: 'targets', fire: defaultDesignation(b, eng, a, side) } },
    action: a.kind,
    attackers: targetOptions(b, eng, a, side),
    targets: targetsFor(b, eng, a, side).map(ref),
  };
}

/** Rule 23: which enemy attacking airstrikes our defenders (23.31) or lone battleships (23.35) fire at. */
function airDecision(b: BattleState, a: ActionState, step: AirStep): Decision | null {
  const side = a.firing;
  if ((step === 'intercept' ? a.intercepts : a.flak)?.[side]) return null;
  const o = airOptions(b, currentEngagement(b), a, side, step);
  if (o.shooters.length === 0 || o.targets.length === 0) return null;
  const who = side === 'japanese' ? 'Japanese' : 'Allied';
  return {
    id: `${actionPrefix(b, a)}/${step}-${side}`,
    kind: 'targets',
    rule: step === 'intercept' ? '23.31' : '23.35',
    title:
      step === 'intercept'
        ? `${who} defending airstrikes: which enemy attacking airstrikes do they attack? (23.31-23.32)`
        : `${who} battleships nobody attacks: which enemy attacking airstrike does each fire at? (23.35)`,
    owes: [side],
    defaults: { [side]: { kind: 'targets', fire: defaultAirAllocation(o) } },
    action: 'day',
    attackers: o.shooters.map((sh) => ({
      attacker: ref(sh.unit),
      factor: step === 'intercept' ? 'airstrike' : 'gunnery',
      shots: sh.shots,
      legalTargets: o.targets.map((t) => t.id),
    })),
    targets: o.targets.map(ref),
  };
}

function retreatUnits(b: BattleState, side: VitpSide) {
  return fighting(b, 'main', side).filter((u) => u.kind !== 'land-based-air');
}

/** Pursuers and the groups each can keep up with (8.33). */
function followable(b: BattleState, groups: readonly string[], speed: number): string[] {
  return groups.filter((g) => speedOf(groupUnits(b, g)) <= speed);
}

export function current(b: BattleState): Decision | null {
  const stage: Stage = b.stage;
  switch (stage.at) {
    case 'day-night': {
      const owes = VITP_SIDES.filter((s) => !stage.answers[s]);
      if (owes.length === 0) return null;
      const defaults: Partial<Record<VitpSide, AnswerOf<'day-night'>>> = {};
      for (const s of owes) defaults[s] = { kind: 'day-night', choice: preferredAction(b, s) };
      return {
        id: `${prefix(b)}/day-night`,
        kind: 'day-night',
        rule: '7.3',
        title: `Day or night action? (7.3) Round ${b.round} in ${b.seaArea.name}`,
        owes,
        defaults,
        engagement: currentEngagement(b).id,
      };
    }
    case 'action':
      return actionDecision(b, stage.action);
    case 'submarine': {
      if (stage.reply) return null;
      const sub = b.submarines.find((s) => s.id === stage.sub)!;
      const opening = !stage.final && stage.after === null;
      return {
        id: stage.final ? `final/submarine-${sub.id}` : opening ? `opening/submarine-${sub.id}` : `${prefix(b)}/submarine-${sub.id}`,
        kind: 'submarine',
        rule: stage.final ? '16.1' : opening ? '18.34' : '7.91',
        title: stage.final
          ? `${sub.name}: last chance to attack before returning to port (5.6, 16.1)`
          : opening
            ? `${sub.name}: attack before any further combat, or wait? (18.34)`
            : `${sub.name}: attack now or wait? (7.91)`,
        owes: [sub.side],
        defaults: { [sub.side]: { kind: 'submarine', target: null } },
        submarine: ref(sub),
        targets: submarineTargets(b, sub).map(ref),
        final: stage.final,
      };
    }
    case 'retreat':
      if (stage.reply) return null;
      return {
        id: `main/r${b.round}/retreat-${stage.side}`,
        kind: 'retreat',
        rule: '8.1',
        title: partialRetreatAllowed(b)
          ? `Does the ${stage.side} player retreat from ${b.seaArea.name}, with everything or with part of his forces? (8.1, 20.8)`
          : `Does the ${stage.side} player retreat from ${b.seaArea.name}? (8.1)`,
        owes: [stage.side],
        defaults: { [stage.side]: { kind: 'retreat', retreat: false } },
        units: retreatUnits(b, stage.side).map((u) => ({ ...ref(u), speed: currentSpeed(u) })),
        airEscapes: fighting(b, 'main', stage.side)
          .filter((u) => u.kind === 'land-based-air')
          .map(ref),
      };
    case 'pursuit': {
      if (stage.reply) return null;
      const side = otherSide(stage.retreater);
      return {
        id: `main/r${b.round}/pursuit`,
        kind: 'pursuit',
        rule: '8.3',
        title: `Which ${side} ships pursue, and which raid ports? (8.3, 9.1)`,
        owes: [side],
        defaults: { [side]: { kind: 'pursuit', assign: {} } },
        groups: stage.groups.map((g) => groupRef(b, g)),
        ports: stage.ports.map((p) => ref(b.ports.find((x) => x.id === p)!)),
        ships: availableHunters(b, side, 'main').map((u) => ({
          ...ref(u),
          speed: currentSpeed(u),
          canPursue: followable(b, stage.groups, currentSpeed(u)),
          canRaid: stage.ports.length > 0,
        })),
      };
    }
    case 'landings':
      if (stage.reply) return null;
      return {
        id: `main/r${b.round}/landings-${stage.side}`,
        kind: 'landings',
        rule: '7.93',
        title: `Do ${stage.side} amphibious units land or invade now? (7.93, 13.3)`,
        owes: [stage.side],
        defaults: { [stage.side]: { kind: 'landings', land: {} } },
        units: landingCandidates(b, stage.side).map(ref),
        bases: landingBases(b, stage.side),
      };
    case 'split': {
      if (stage.reply) return null;
      const eng = currentEngagement(b);
      if (eng.kind !== 'pursuit') return null;
      return {
        id: `${prefix(b)}/split`,
        kind: 'split',
        rule: '8.52',
        title: `Does group ${eng.id} split up? (8.52)`,
        owes: [eng.retreater],
        defaults: { [eng.retreater]: { kind: 'split', groups: [groupUnits(b, eng.id).map((u) => u.id)] } },
        group: groupRef(b, eng.id),
      };
    }
    case 'continue-pursuit': {
      if (stage.reply) return null;
      const eng = currentEngagement(b);
      if (eng.kind !== 'pursuit') return null;
      const side = otherSide(eng.retreater);
      const pursuers = pursuersOf(b, stage.from).map((p) => ({
        ...ref(p),
        speed: currentSpeed(p),
        canFollow: followable(b, stage.groups, currentSpeed(p)),
      }));
      const assign: Record<string, string> = {};
      for (const p of pursuers) assign[p.id] = p.canFollow[0] ?? 'stop';
      return {
        id: `${prefix(b)}/continue-pursuit`,
        kind: 'continue-pursuit',
        rule: '8.53',
        title: `Which ${side} ships keep pursuing, and which group? (8.52, 8.53)`,
        owes: [side],
        defaults: { [side]: { kind: 'continue-pursuit', assign } },
        groups: stage.groups.map((g) => groupRef(b, g)),
        pursuers,
      };
    }
    case 'air-raid-offer':
      if (stage.reply) return null;
      return {
        id: 'air-raids',
        kind: 'air-raids',
        rule: b.pearlRoundsLeft !== undefined ? '18.36' : '9.2',
        title:
          b.pearlRoundsLeft !== undefined
            ? `Alone in ${b.seaArea.name}: which ships raid Pearl Harbor again in the ${b.pearlRoundsLeft === 1 ? 'round' : `${b.pearlRoundsLeft} rounds`} left? (18.36, 9.2)`
            : `Alone in ${b.seaArea.name}: which ${stage.raider} ships raid which enemy port or base? (9.2)`,
        owes: [stage.raider],
        defaults: { [stage.raider]: { kind: 'air-raids', assign: {} } },
        ports: stage.ports.map((p) => ref(b.ports.find((x) => x.id === p)!)),
        ships: availableHunters(b, stage.raider, null).map(ref),
      };
    case 'opening':
    case 'invasions':
    case 'task-forces':
    case 'round-start':
    case 'after-round':
    case 'engagement-over':
    case 'over':
      return null;
    default: {
      const never: never = stage;
      throw new TypeError(`unknown stage ${JSON.stringify(never)}`);
    }
  }
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

function problemsWith(b: BattleState, d: Decision, reply: Answer, side: VitpSide): string[] {
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
function targetsStore(a: ActionState): Partial<Record<VitpSide, Record<string, string>>> {
  if (a.step === 'intercept') return (a.intercepts ??= {});
  if (a.step === 'flak') return (a.flak ??= {});
  return a.designations;
}

export function answer(battle: BattleState, side: VitpSide, reply: Answer): AnswerResult {
  const d = current(battle);
  if (!d) return { ok: false, problems: ['no decision is waiting in this battle'] };
  if (!d.owes.includes(side)) return { ok: false, problems: [`the ${side} player does not owe "${d.kind}" now`] };
  const problems = problemsWith(battle, d, reply, side);
  if (problems.length > 0) return { ok: false, problems };
  const b = { ...battle, stage: clonePlain(battle.stage) }; // an answer changes the stage only; resolve copies the rest before changing it
  const stage = b.stage;
  if (stage.at === 'day-night') stage.answers[side] = (reply as AnswerOf<'day-night'>).choice;
  else if (stage.at === 'action' && reply.kind === 'targets') {
    const a = stage.action;
    targetsStore(a)[side] = a.step === 'targets' ? firingOnly(b, currentEngagement(b), a, side, reply.fire) : { ...reply.fire };
  } else if (stage.at === 'action') stage.action.reply = clonePlain(reply);
  else (stage as { reply?: Answer }).reply = clonePlain(reply);
  return { ok: true, battle: b };
}
