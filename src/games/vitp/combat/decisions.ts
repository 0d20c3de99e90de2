/**
 * Decision points: what the waiting stage asks, of whom, with which legal answers and defaults,
 * and the recording of an answer (checked by answer-checks.ts, applied later by resolve).
 */
import { clonePlain } from '../../../shared/clone';
import type { Answer, AnswerOf, AnswerResult, DayNight, Decision, UnitRef, VitpSide } from './api';
import { VITP_SIDES } from './sides';
import { landingBases, landingCandidates, submarineTargets } from './after-round';
import { availableHunters, groupRef, groupUnits, pursuersOf, speedOf } from './groups';
import { airOptions, defaultAirAllocation, type AirStep } from './airstrikes';
import { announcingCarriers, currentEngagement } from './rounds';
import type { ActionState, BattleState, Stage } from './state';
import { defaultDesignation, designationAsked, firingOnly, possibleShots, targetOptions, targetsFor } from './targets';
import { currentSpeed, fighting, otherSide, unitById } from './units';
import { partialRetreatAllowed, problemsWith, targetsStore } from './answer-checks';

// written out where more members follow: `{ ...ref(u), more }` gets a map of its own per object (see toUnitState)
const ref = (u: { id: string; name: string }): UnitRef => ({ id: u.id, name: u.name });

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
        units: retreatUnits(b, stage.side).map((u) => ({ id: u.id, name: u.name, speed: currentSpeed(u) })),
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
          id: u.id,
          name: u.name,
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
        id: p.id,
        name: p.name,
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

/** `d`: the battle's current decision, when the caller knows it already (api.ts nextDecision). */
export function answer(battle: BattleState, side: VitpSide, reply: Answer, d: Decision | null = current(battle)): AnswerResult {
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
