/**
 * The battle as a sequence of stages (5.3-5.6): rounds of one or two actions (7), what follows
 * each round (see after-round.ts), then pursuits and raids one at a time, then the end.
 * resolve() advances until a stage needs an answer; answers are applied here, where dice are.
 */
import { clonePlain } from '../../../shared/clone';
import type { Dice } from '../../../engine/ruleset';
import type { BattleInput, CombatEmit, VitpSide } from './api';
import { VITP_SIDES } from './sides';
import { afterRoundStep, finishBattleStep, applySequentialReply } from './after-round';
import { openingStep } from './openings';
import { settleDayOrNight } from './day-night';
import { combatEvent } from './events';
import { applyMarks, resolveAttack } from './fire';
import type { ActionState, BattleState, Engagement } from './state';
import { designationAsked, shootersFor, targetsFor } from './targets';
import { fighting, hasAttackBonus, inUnitOrder, isCarrier, kamikazeTurn, toUnitState, unitById } from './units';
import { currentEngagement, enterAction, roundStart, startTargets } from './rounds';
import { announceAdded, announcedFromAttacking, planProblems } from './task-forces';
import {
  airOptions,
  airstrikesApart,
  markAirstrikesLost,
  resolveBattleshipFire,
  resolveIntercepts,
  resolveTargetsFire,
  type AirStep,
} from './airstrikes';

export function start(input: BattleInput): BattleState {
  const ids = new Set<string>();
  const units = [...input.atSea.map((u) => toUnitState(u, null)), ...input.ports.flatMap((p) => p.units.map((u) => toUnitState(u, p.id)))];
  if (input.options.separateAirstrikes) {
    const given = new Map(
      input.atSea.concat(input.ports.flatMap((p) => p.units)).map((u) => [u.id, u.kind === 'ship' ? (u.airstrikeDamage ?? 0) : 0]),
    );
    for (const u of units) if (isCarrier(u) || u.kind === 'land-based-air') u.airstrikeDamage = given.get(u.id) ?? 0;
  }
  for (const u of units) {
    if (ids.has(u.id)) throw new RangeError(`unit id ${u.id} appears twice`);
    ids.add(u.id);
  }
  const surprise = input.opening === 'indonesia-surprise';
  if (surprise) for (const u of units) if (u.engagement === 'main') u.engagement = 'surprise';
  const b: BattleState = {
    kind: 'vitp-battle',
    turn: input.turn,
    seaArea: { ...input.seaArea },
    options: { ...input.options },
    ports: input.ports.map(({ id, name, kind, controller }) => ({ id, name, kind, controller })),
    units,
    submarines: input.submarines.map((s) => ({ ...s, attacked: false })),
    queue: [surprise ? { id: 'surprise', kind: 'surprise' } : { id: 'main', kind: 'main' }],
    round: 0,
    actionNo: 0,
    nextGroup: 1,
    retreated: [],
    // 18.4-18.5: the surprise raids are all that battle is; normal combat follows later
    raidsOffered: surprise,
    finalSubsAsked: [],
    announced: false,
    stage: input.opening === 'pearl-harbor-rounds' ? { at: 'opening' } : { at: 'round-start' },
    ...(input.opening === 'pearl-harbor-rounds'
      ? { openingSubsAsked: [], openingRetreat: [...(input.openingRetreat ?? [])], pearlRoundsLeft: 2 }
      : {}),
  };
  if (input.taskForces) {
    const problems = planProblems(b, input.taskForces, 1);
    if (problems.length > 0)
      throw new RangeError(`vitp combat: the first round's task forces do not fit the battle: ${problems.join('; ')}`);
    b.taskForces = {
      round: 1,
      forces: input.taskForces.forces.map((f) => ({ ...f, units: [...f.units], invading: [...f.invading] })),
    };
  }
  return b;
}

export function resolve(battle: BattleState, dice: Dice, emit: CombatEmit): BattleState {
  const b = clonePlain(battle);
  if (!b.announced) announce(b, emit);
  // each step either advances the stage or reports that it waits; the bound only catches bugs
  for (let steps = 0; steps < 100_000; steps++) {
    if (!step(b, dice, emit)) return b;
  }
  throw new Error('vitp combat: the battle made no progress');
}

function announce(b: BattleState, emit: CombatEmit): void {
  b.announced = true;
  emit(
    combatEvent('combat.battle-started', {
      seaArea: b.seaArea.id,
      turn: b.turn,
      atSea: b.units.filter((u) => u.port === null).map((u) => ({ id: u.id, name: u.name, side: u.side, kind: u.kind, damage: u.damage })),
    }),
  );
}

/** One move of the machine; false when it waits for an answer or the battle is over. */
function step(b: BattleState, dice: Dice, emit: CombatEmit): boolean {
  const stage = b.stage;
  switch (stage.at) {
    case 'opening':
      b.stage = openingStep(b, emit);
      return true;
    case 'round-start':
      return roundStart(b, emit);
    case 'day-night': {
      const { japanese, allied } = stage.answers;
      if (!japanese || !allied) return false;
      const eng = currentEngagement(b);
      const plan = settleDayOrNight({ japanese, allied }, b.seaArea.controller, dice, emit, {
        engagement: eng.id,
        round: b.round,
      });
      b.lastRound = {
        engagement: eng.id,
        round: b.round,
        agreedOn: japanese === allied ? japanese : null,
        couldFire: false,
      };
      enterAction(b, emit, plan[0], plan.slice(1));
      return true;
    }
    case 'action':
      return actionStep(b, dice, emit, stage.action);
    case 'after-round':
      return afterRoundStep(b, stage.after, emit);
    case 'engagement-over':
      b.queue.shift();
      b.round = 0;
      b.stage = b.queue.length > 0 ? { at: 'round-start' } : finishBattleStep(b, emit);
      return b.stage.at !== 'over';
    case 'over':
    case 'invasions':
    case 'task-forces':
      return false;
    case 'submarine':
    case 'retreat':
    case 'pursuit':
    case 'landings':
    case 'split':
    case 'continue-pursuit':
    case 'air-raid-offer':
      if (!stage.reply) return false;
      applySequentialReply(b, dice, emit);
      return true;
    default: {
      const never: never = stage;
      throw new TypeError(`unknown stage ${JSON.stringify(never)}`);
    }
  }
}

/** 7.4: in a battle both sides fire each action; in air raids (9.12) and the 18.4 surprise only the attacker. */
function firesBack(eng: Engagement): boolean {
  return eng.kind === 'main' || eng.kind === 'pursuit';
}

function actionStep(b: BattleState, dice: Dice, emit: CombatEmit, action: ActionState): boolean {
  const eng = currentEngagement(b);
  switch (action.step) {
    case 'night-carriers':
    case 'kamikaze-carriers': {
      const reply = action.reply;
      if (!reply) return false;
      if (reply.kind === 'night-carriers') action.nightCarriers = announcedFromAttacking(b, action, reply.carriers);
      if (reply.kind === 'kamikaze-carriers') action.kamikazeCarriers = announcedFromAttacking(b, action, reply.carriers);
      delete action.reply;
      if (reply.kind === 'night-carriers') announceAdded(b, emit, action, 'allied');
      startTargets(b, emit, action);
      return true;
    }
    case 'targets': {
      const side = action.firing;
      const canFire = shootersFor(b, eng, action, side).length > 0 && targetsFor(b, eng, action, side).length > 0;
      if (canFire && b.lastRound) b.lastRound.couldFire = true;
      if (!action.designations[side]) {
        if (designationAsked(b, eng, action, side)) return false;
        action.designations[side] = {};
      }
      const apart = airstrikesApart(b, eng, action);
      // 20.6: a Japanese task force fired from is in the night action, and the Allies see it before they designate
      if (side === 'japanese') announceAdded(b, emit, action, 'japanese');
      // rule 23: both sides name their attackers before anyone fires (23.3)
      if (!apart) fireDesignation(b, dice, emit, action, side);
      if (side === 'japanese' && firesBack(eng)) action.firing = 'allied';
      else if (apart) Object.assign(action, { step: 'intercept', firing: 'japanese' });
      else action.step = 'effects';
      return true;
    }
    case 'intercept':
    case 'flak':
      return airStep(b, dice, emit, eng, action, action.step);
    case 'strike':
      // 23.37: the attackers strike with what strength they have left
      for (const side of VITP_SIDES) fireDesignation(b, dice, emit, action, side);
      action.step = 'effects';
      return true;
    case 'effects': {
      if (airstrikesApart(b, eng, action)) markAirstrikesLost(b, eng, action.marks);
      applyMarks(b, emit, eng.id, action.marks, expendedKamikazes(b, action));
      const next = action.then[0];
      const bothStillThere = VITP_SIDES.every((s) => fighting(b, eng.id, s).length > 0);
      if (next && bothStillThere) enterAction(b, emit, next, action.then.slice(1));
      else b.stage = { at: 'after-round', after: { subsDone: [], retreatDone: false, landingsDone: [] } };
      return true;
    }
    default: {
      const never: never = action.step;
      throw new TypeError(`unknown action step ${String(never)}`);
    }
  }
}

/**
 * Rule 23's shots at airstrikes, one side at a time, Japanese first: the defenders' allocations
 * (23.31), resolved together with the targeted ships' fire (23.32-23.34); then each side's
 * battleships left alone (23.35), each side's results counting at once (23.36).
 */
function airStep(b: BattleState, dice: Dice, emit: CombatEmit, eng: Engagement, action: ActionState, step: AirStep): boolean {
  const side = action.firing;
  const store = step === 'intercept' ? (action.intercepts ??= {}) : (action.flak ??= {});
  if (!store[side]) {
    const o = airOptions(b, eng, action, side, step);
    if (o.shooters.length > 0 && o.targets.length > 0) return false;
    store[side] = {};
  }
  if (step === 'flak') resolveBattleshipFire(b, dice, emit, action, side);
  if (side === 'japanese') {
    action.firing = 'allied';
    return true;
  }
  if (step === 'intercept') {
    resolveIntercepts(b, dice, emit, action);
    resolveTargetsFire(b, dice, emit, eng, action);
    Object.assign(action, { step: 'flak', firing: 'japanese' });
  } else {
    action.step = 'strike';
  }
  return true;
}

/** 19.21: Japanese air units attacking on turn 9 are kamikazes; 19.22: so are the announced carriers. */
function isKamikaze(b: BattleState, action: ActionState, attackerId: string): boolean {
  if (action.kind === 'night' || !kamikazeTurn(b)) return false;
  const u = unitById(b, attackerId);
  if (u.side !== 'japanese') return false;
  return u.kind === 'land-based-air' || action.kamikazeCarriers.includes(u.id);
}

function expendedKamikazes(b: BattleState, action: ActionState): string[] {
  return Object.keys(action.designations.japanese ?? {}).filter((id) => isKamikaze(b, action, id));
}

/** 7.44: targets are fixed before any die is rolled; every shot is rolled now, results wait (7.6). */
function fireDesignation(b: BattleState, dice: Dice, emit: CombatEmit, action: ActionState, side: VitpSide): void {
  const eng = currentEngagement(b);
  const fire = action.designations[side] ?? {};
  emit(
    combatEvent('combat.targets-designated', {
      engagement: eng.id,
      side,
      // listed in the battle's unit order, the order the shots below are rolled in (never the stored key order)
      fire: inUnitOrder(b, fire).map(([attacker, target]) => ({ attacker, target })),
      rule: '7.44',
    }),
  );
  const shooters = shootersFor(b, eng, action, side);
  for (const s of shooters) {
    const targetId = fire[s.unit.id];
    if (targetId === undefined) continue;
    const target = unitById(b, targetId);
    const kamikaze = isKamikaze(b, action, s.unit.id);
    resolveAttack(
      dice,
      emit,
      {
        attacker: s.unit,
        target,
        factor: s.factor,
        shots: s.shots,
        bonus: hasAttackBonus(b, s.unit, s.factor, target, kamikaze),
        raid: eng.kind === 'air-raid',
        rule: action.kind === 'night' ? '7.52' : action.kind === 'air-raid' ? '9.13' : eng.kind === 'surprise' ? '18.4' : '7.51',
      },
      action.marks,
    );
  }
}
