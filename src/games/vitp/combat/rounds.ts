/**
 * The rounds of a battle's engagement (5.3-5.6, 7, 9.13, 18.4, 20.5): whether another round is
 * fought or the engagement closes, how a round starts, and how each action in it starts (carriers
 * announced first, then targets). machine.ts drives them.
 */
import type { CombatEmit, DayNight, VitpSide } from './api';
import { combatEvent } from './events';
import { escapeGroup } from './groups';
import { VITP_SIDES } from './sides';
import { stalemateReason } from './stalemate';
import type { ActionState, BattleState, Engagement } from './state';
import { shootersFor, targetsFor } from './targets';
import { alliedNightAnnouncement, mayStrike, taskForcesApply } from './task-forces';
import { fighting, gunneryShots, isCarrier, kamikazeTurn, otherSide } from './units';

/** The engagement being fought: the head of the battle's queue. */
export function currentEngagement(b: BattleState): Engagement {
  const eng = b.queue[0];
  if (!eng) throw new Error('vitp combat: no engagement in progress');
  return eng;
}

/** 7.94/8.51/9.13/18.4: fight another round, or close this engagement. */
export function roundStart(b: BattleState, emit: CombatEmit): boolean {
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

export function beginRound(b: BattleState, emit: CombatEmit, eng: Engagement): void {
  b.round += 1;
  b.actionNo = 0;
  if (b.pearlRoundsLeft !== undefined && (eng.kind === 'main' || eng.kind === 'air-raid')) b.pearlRoundsLeft -= 1;
  emit(combatEvent('combat.round-started', { engagement: eng.id, round: b.round }));
}

export function blankAction(kind: DayNight | 'air-raid'): ActionState {
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

export function enterAction(b: BattleState, emit: CombatEmit, kind: DayNight | 'air-raid', then: DayNight[]): void {
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

export function startTargets(b: BattleState, emit: CombatEmit, action: ActionState): void {
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
