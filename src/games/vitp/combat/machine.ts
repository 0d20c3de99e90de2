/**
 * The battle as a sequence of stages (5.3-5.6): rounds of one or two actions (7), what follows
 * each round (see after-round.ts), then pursuits and raids one at a time, then the end.
 * resolve() advances until a stage needs an answer; answers are applied here, where dice are.
 */
import { clonePlain } from '../../../shared/clone';
import type { Dice } from '../../../engine/ruleset';
import type { BattleInput, CombatEmit, DayNight, VitpSide } from './api';
import { VITP_SIDES } from './sides';
import { afterRoundStep, finishBattleStep, applySequentialReply } from './after-round';
import { openingStep } from './openings';
import { stalemateReason } from './stalemate';
import { settleDayOrNight } from './day-night';
import { combatEvent } from './events';
import { applyMarks, resolveAttack } from './fire';
import type { ActionState, BattleState, Engagement } from './state';
import { designationAsked, shootersFor, targetsFor } from './targets';
import { fighting, gunneryShots, hasAttackBonus, inUnitOrder, isCarrier, kamikazeTurn, otherSide, toUnitState, unitById } from './units';
import { escapeGroup } from './groups';
import { alliedNightAnnouncement, announceAdded, announcedFromAttacking, mayStrike, planProblems, taskForcesApply } from './task-forces';
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

export function currentEngagement(b: BattleState): Engagement {
  const eng = b.queue[0];
  if (!eng) throw new Error('vitp combat: no engagement in progress');
  return eng;
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

/** 7.94/8.51/9.13/18.4: fight another round, or close this engagement. */
function roundStart(b: BattleState, emit: CombatEmit): boolean {
  const eng = currentEngagement(b);
  if (eng.kind === 'surprise') return surpriseRoundStart(b, emit, eng);
  if (eng.kind === 'air-raid') {
    const raiders = fighting(b, eng.id, eng.raider);
    const nothingLeft = targetsFor(b, eng, blankAction('air-raid'), eng.raider).length === 0;
    // 9.13: two rounds; 18.36: no more than the raid force's rounds left
    const outOfFuel = b.pearlRoundsLeft !== undefined && b.pearlRoundsLeft <= 0;
    if (b.round >= 2 || nothingLeft || raiders.length === 0 || outOfFuel) {
      for (const u of raiders) u.engagement = null;
      emit(combatEvent('combat.air-raid-ended', { engagement: eng.id, port: eng.port }));
      b.stage = { at: 'engagement-over' };
      return true;
    }
    beginRound(b, emit, eng);
    enterAction(b, emit, 'air-raid', []);
    return true;
  }
  const [jp, al] = VITP_SIDES.map((s) => fighting(b, eng.id, s));
  if (eng.kind === 'pursuit') {
    const group = fighting(b, eng.id, eng.retreater);
    const pursuers = fighting(b, eng.id, otherSide(eng.retreater));
    if (group.length === 0) {
      for (const p of pursuers) p.engagement = null;
      emit(
        combatEvent('combat.pursuit-over', {
          group: eng.id,
          reason: 'every unit of the group is sunk, disabled or gone',
        }),
      );
      b.stage = { at: 'engagement-over' };
      return true;
    }
    if (pursuers.length === 0) {
      escapeGroup(b, emit, eng.id);
      b.stage = { at: 'engagement-over' };
      return true;
    }
  } else if (jp.length === 0 || al.length === 0) {
    b.stage = { at: 'engagement-over' };
    return true;
  }
  const stalemate = stalemateReason(b, eng);
  if (stalemate) {
    emit(combatEvent('combat.stalemate', { engagement: eng.id, note: `Stalemate: ${stalemate}.`, rule: '7.94' }));
    if (eng.kind === 'pursuit') {
      for (const p of fighting(b, eng.id, otherSide(eng.retreater))) p.engagement = null;
      escapeGroup(b, emit, eng.id);
    }
    b.stage = { at: 'engagement-over' };
    return true;
  }
  if (taskForcesApply(b, eng)) return taskForceRoundStart(b, emit, eng);
  beginRound(b, emit, eng);
  b.stage = { at: 'day-night', answers: {} };
  return true;
}

/**
 * Rule 20: wait for the round's task forces (20.2-20.4, the step machine's), then fight a day
 * action followed by a night action (20.5-20.6) instead of choosing one (7.3).
 */
function taskForceRoundStart(b: BattleState, emit: CombatEmit, eng: Engagement): boolean {
  if (b.taskForces?.round !== b.round + 1) {
    b.stage = { at: 'task-forces', round: b.round + 1 };
    return false;
  }
  beginRound(b, emit, eng);
  const forces = b.taskForces.forces;
  emit(
    combatEvent('combat.task-force-round', {
      round: b.round,
      markers: {
        japanese: forces.filter((f) => f.side === 'japanese').map((f) => f.marker),
        allied: forces.filter((f) => f.side === 'allied').map((f) => f.marker),
      },
      sighted: forces.filter((f) => f.sighted).map((f) => f.marker),
      rule: '20.5',
    }),
  );
  b.lastRound = { engagement: eng.id, round: b.round, agreedOn: null, couldFire: false };
  enterAction(b, emit, 'day', ['night']);
  return true;
}

/** 18.4: two rounds, Japanese airstrikes only; over early when nothing is left to attack or to attack with. */
function surpriseRoundStart(b: BattleState, emit: CombatEmit, eng: Engagement): boolean {
  const day = blankAction('day');
  const over = b.round >= 2 || shootersFor(b, eng, day, 'japanese').length === 0 || targetsFor(b, eng, day, 'japanese').length === 0;
  if (!over) {
    beginRound(b, emit, eng);
    enterAction(b, emit, 'day', []);
    return true;
  }
  for (const u of fighting(b, eng.id)) u.engagement = null;
  emit(combatEvent('combat.surprise-ended', { rounds: b.round, rule: '18.4' }));
  b.stage = { at: 'engagement-over' };
  return true;
}

/** 7.4: in a battle both sides fire each action; in air raids (9.12) and the 18.4 surprise only the attacker. */
function firesBack(eng: Engagement): boolean {
  return eng.kind === 'main' || eng.kind === 'pursuit';
}

function beginRound(b: BattleState, emit: CombatEmit, eng: Engagement): void {
  b.round += 1;
  b.actionNo = 0;
  if (b.pearlRoundsLeft !== undefined && (eng.kind === 'main' || eng.kind === 'air-raid')) b.pearlRoundsLeft -= 1;
  emit(combatEvent('combat.round-started', { engagement: eng.id, round: b.round }));
}

function blankAction(kind: DayNight | 'air-raid'): ActionState {
  return {
    kind,
    then: [],
    step: 'targets',
    firing: 'japanese',
    nightCarriers: [],
    kamikazeCarriers: [],
    designations: {},
    marks: {},
  };
}

/** Carriers whose owner must announce something before targets are designated (5.33/7.424, 19.22). */
export function announcingCarriers(b: BattleState, action: ActionState): { side: VitpSide; ids: string[] } | null {
  const eng = currentEngagement(b);
  if (action.kind === 'night' && action.taskForces) {
    const ids = alliedNightAnnouncement(b, action);
    return ids.length > 0 ? { side: 'allied', ids } : null;
  }
  if (action.kind === 'night') {
    const ids = fighting(b, eng.id, 'allied')
      .filter((u) => isCarrier(u) && gunneryShots(u) > 0)
      .map((u) => u.id);
    return ids.length > 0 ? { side: 'allied', ids } : null;
  }
  if (!kamikazeTurn(b)) return null;
  if (eng.kind === 'air-raid' && eng.raider !== 'japanese') return null;
  // rule 20: the carriers that could strike as far as the Allies know (announcedFromAttacking keeps those that may)
  const ids = fighting(b, eng.id, 'japanese')
    .filter((u) => isCarrier(u) && mayStrike(b, action, u, true))
    .map((u) => u.id);
  return ids.length > 0 ? { side: 'japanese', ids } : null;
}

function enterAction(b: BattleState, emit: CombatEmit, kind: DayNight | 'air-raid', then: DayNight[]): void {
  b.actionNo += 1;
  const eng = currentEngagement(b);
  const action: ActionState = {
    ...blankAction(kind),
    then,
    firing: eng.kind === 'air-raid' ? eng.raider : 'japanese',
  };
  if (taskForcesApply(b, eng) && b.taskForces?.round === b.round) action.taskForces = true;
  const announcing = announcingCarriers(b, action);
  if (announcing) action.step = kind === 'night' ? 'night-carriers' : 'kamikaze-carriers';
  else startTargets(b, emit, action);
  b.stage = { at: 'action', action };
}

function startTargets(b: BattleState, emit: CombatEmit, action: ActionState): void {
  action.step = 'targets';
  emit(
    combatEvent('combat.action-started', {
      engagement: currentEngagement(b).id,
      round: b.round,
      action: action.kind,
      nightCarriers: [...action.nightCarriers],
      kamikazeCarriers: [...action.kamikazeCarriers],
    }),
  );
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
