/**
 * What follows each round (5.4, 7.9): the submarine (7.91), retreat and pursuit (8), landings
 * (7.93); in a pursuit, speed checks, splitting and breaking off (8.33, 8.52-8.53); and the end of
 * the battle: raids by the side left alone (9.2), the submarine's last chance (5.6).
 */
import type { Dice } from '../../../engine/ruleset';
import type { AnswerOf, CombatEmit, VitpSide } from './api';
import { VITP_SIDES } from './sides';
import { combatEvent } from './events';
import { submarineShot } from './fire';
import { availableHunters, escapeGroup, groupReport, groupUnits, newGroupId, pursuersOf, raidablePorts, speedOf } from './groups';
import { outcomeOf } from './outcome';
import type { AfterRound, BattleState, Engagement, Stage, SubmarineState, UnitState } from './state';
import { airstrikeShots, currentSpeed, fighting, inUnitOrder, otherSide, unitById } from './units';

function head(b: BattleState): Engagement {
  const eng = b.queue[0];
  if (!eng) throw new Error('vitp combat: no engagement in progress');
  return eng;
}

/** 7.91/16.2: ships and amphibious units of the enemy at sea anywhere in the area. */
export function submarineTargets(b: BattleState, sub: SubmarineState): UnitState[] {
  return b.units.filter((u) => u.side !== sub.side && u.port === null && u.fate === 'at-sea' && u.kind !== 'land-based-air');
}

/** 7.93, 13.31: amphibious units still in the main battle that did not retreat. */
export function landingCandidates(b: BattleState, side: VitpSide): UnitState[] {
  return fighting(b, 'main', side).filter((u) => u.kind === 'amphibious' && !u.retreated && !u.disabled);
}

/** 13.3, 13.32: land on a friendly port or base, or invade an enemy island base (never a major port). */
export function landingBases(b: BattleState, side: VitpSide): { id: string; name: string; invade: boolean }[] {
  return b.ports
    .filter((p) => p.controller === side || p.kind === 'island-base')
    .map((p) => ({ id: p.id, name: p.name, invade: p.controller !== side }));
}

export function afterRoundStep(b: BattleState, after: AfterRound, emit: CombatEmit): boolean {
  const eng = head(b);
  if (eng.kind === 'air-raid' || eng.kind === 'surprise') {
    b.stage = { at: 'round-start' };
    return true;
  }
  const sub = b.submarines.find((s) => !s.attacked && !after.subsDone.includes(s.id) && submarineTargets(b, s).length > 0);
  if (sub) {
    b.stage = { at: 'submarine', sub: sub.id, final: false, after };
    return true;
  }
  if (eng.kind === 'pursuit') {
    b.stage = pursuitAfterRound(b, eng, emit);
    return true;
  }
  const bothThere = VITP_SIDES.every((s) => fighting(b, 'main', s).length > 0);
  // 8.1: the Japanese player decides first; after a partial retreat (20.8) the other side still decides
  const decider = VITP_SIDES.find((s) => !(after.retreatAsked ?? []).includes(s));
  if (!after.retreatDone && bothThere && decider) {
    b.stage = { at: 'retreat', side: decider, after };
    return true;
  }
  const lander = VITP_SIDES.find(
    (s) => !after.landingsDone.includes(s) && landingCandidates(b, s).length > 0 && landingBases(b, s).length > 0,
  );
  b.stage = lander ? { at: 'landings', side: lander, after } : { at: 'round-start' };
  return true;
}

/** 8.33: pursuers slower than the group fall behind; then 8.52 split, 8.53 break off. */
function pursuitAfterRound(b: BattleState, eng: Engagement & { kind: 'pursuit' }, emit: CombatEmit): Stage {
  const group = groupUnits(b, eng.id);
  if (group.length === 0) return { at: 'round-start' };
  const speed = speedOf(group);
  for (const p of pursuersOf(b, eng.id)) {
    if (currentSpeed(p) >= speed) continue;
    dropPursuer(p);
    emit(combatEvent('combat.pursuer-dropped', { unit: p.id, group: eng.id, reason: 'too-slow', rule: '8.33' }));
  }
  if (pursuersOf(b, eng.id).length === 0) return { at: 'round-start' };
  if (group.length >= 2) return { at: 'split' };
  return { at: 'continue-pursuit', from: eng.id, groups: [eng.id] };
}

function dropPursuer(p: UnitState): void {
  p.engagement = null;
  p.barredFromPursuit = true;
}

/** Applies the stored reply of the waiting stage (answer() only records it). */
export function applySequentialReply(b: BattleState, dice: Dice, emit: CombatEmit): void {
  const stage = b.stage;
  switch (stage.at) {
    case 'submarine': {
      const reply = stage.reply as AnswerOf<'submarine'>;
      const sub = b.submarines.find((s) => s.id === stage.sub)!;
      if (reply.target === null) emit(combatEvent('combat.submarine-waits', { submarine: sub.id, final: stage.final }));
      else submarineShot(dice, emit, sub, unitById(b, reply.target));
      if (stage.final) {
        b.finalSubsAsked.push(sub.id);
        b.stage = finishBattleStep(b, emit);
      } else if (stage.after === null) {
        b.stage = { at: 'opening' };
      } else {
        b.stage = {
          at: 'after-round',
          after: { ...stage.after!, subsDone: [...stage.after!.subsDone, sub.id] },
        };
      }
      return;
    }
    case 'retreat': {
      const reply = stage.reply as AnswerOf<'retreat'>;
      const done: AfterRound = { ...stage.after, retreatDone: true };
      if (!reply.retreat) {
        emit(combatEvent('combat.stays', { side: stage.side, rule: '8.1' }));
        b.stage = stage.side === 'japanese' ? { at: 'retreat', side: 'allied', after: stage.after } : { at: 'after-round', after: done };
        return;
      }
      b.stage = isPartial(b, stage.side, reply.groups)
        ? applyPartialRetreat(b, emit, stage.side, reply.groups, {
            ...stage.after,
            retreatAsked: [...(stage.after.retreatAsked ?? []), stage.side],
            retreatDone: stage.side === 'allied',
          })
        : applyRetreat(b, emit, stage.side, withoutAir(b, reply.groups), done);
      return;
    }
    case 'pursuit':
      applyPursuit(b, emit, stage.retreater, stage.groups, stage.ports, (stage.reply as AnswerOf<'pursuit'>).assign);
      b.stage = { at: 'after-round', after: stage.after };
      return;
    case 'landings': {
      const invasions: { unit: string; base: string }[] = [];
      // the battle's unit order: a landing's events and invasions never follow the stored key order
      for (const [unit, base] of inUnitOrder(b, (stage.reply as AnswerOf<'landings'>).land)) {
        const u = unitById(b, unit);
        const invading = b.ports.find((p) => p.id === base)!.controller !== u.side;
        u.fate = 'landed';
        u.landedAt = { base, invading };
        u.engagement = null;
        if (invading) invasions.push({ unit, base });
        emit(combatEvent('combat.landed', { unit, base, invading, rule: '7.93' }));
      }
      const after = { ...stage.after, landingsDone: [...stage.after.landingsDone, stage.side] };
      // 7.93/13.42: an invasion takes effect now, before the other side lands and the next round
      b.stage = invasions.length > 0 ? { at: 'invasions', landed: invasions, after } : { at: 'after-round', after };
      return;
    }
    case 'split':
      b.stage = applySplit(b, emit, (stage.reply as AnswerOf<'split'>).groups);
      return;
    case 'continue-pursuit':
      applyContinue(b, emit, stage.from, stage.groups, (stage.reply as AnswerOf<'continue-pursuit'>).assign);
      return;
    case 'air-raid-offer':
      queueRaids(b, emit, stage.raider, stage.ports, (stage.reply as AnswerOf<'air-raids'>).assign, '9.2');
      b.round = 0;
      b.stage = b.queue.length > 0 ? { at: 'round-start' } : finishBattleStep(b, emit);
      return;
    default:
      throw new Error(`vitp combat: stage ${stage.at} takes no reply`);
  }
}

/** 8.11: every unit goes; 8.21: air units escape alone at once; 8.2: ships and amphibious units in groups. */
function applyRetreat(b: BattleState, emit: CombatEmit, side: VitpSide, groups: readonly (readonly string[])[], after: AfterRound): Stage {
  const airEscaped: string[] = [];
  for (const u of fighting(b, 'main', side)) {
    u.retreated = true;
    if (u.kind !== 'land-based-air') continue;
    u.fate = 'returning';
    u.returnReason = 'retreat';
    u.engagement = null;
    airEscaped.push(u.id);
  }
  const ids = groups.map((members) => {
    const id = newGroupId(b);
    for (const m of members) unitById(b, m).engagement = id;
    return id;
  });
  b.retreated.push(side);
  b.raidsOffered = true;
  emit(
    combatEvent('combat.retreated', {
      side,
      groups: ids.map((g) => groupReport(b, g)),
      airEscaped,
      rule: '8.1',
    }),
  );
  const ports = raidablePorts(b, side);
  const hunters = availableHunters(b, otherSide(side), 'main');
  if (hunters.length > 0 && (ids.length > 0 || ports.length > 0)) return { at: 'pursuit', retreater: side, groups: ids, ports, after };
  for (const g of ids) escapeGroup(b, emit, g);
  return { at: 'after-round', after };
}

/** 8.21: in a whole retreat the air units escape by themselves; groups named with them (20.8's syntax) keep only the rest. */
function withoutAir(b: BattleState, groups: readonly (readonly string[])[]): string[][] {
  return groups.map((g) => g.filter((id) => unitById(b, id).kind !== 'land-based-air')).filter((g) => g.length > 0);
}

/**
 * 20.8: a retreat that leaves something of the side in the main fight (only possible with task
 * forces: decisions.ts checks it). Naming every ship and amphibious unit and no air unit is the
 * whole fleet leaving (8.11).
 */
function isPartial(b: BattleState, side: VitpSide, groups: readonly (readonly string[])[]): boolean {
  if (!b.options.taskForces) return false;
  const named = new Set(groups.flat());
  const main = fighting(b, 'main', side);
  const ships = main.filter((u) => u.kind !== 'land-based-air');
  const air = main.filter((u) => u.kind === 'land-based-air');
  const allShips = ships.every((u) => named.has(u.id));
  const airNamed = air.filter((u) => named.has(u.id)).length;
  return !(allShips && (airNamed === 0 || airNamed === air.length));
}

/**
 * 20.8: the named units flee (air units escape at once, 8.21; the rest in groups, 8.2) and may be
 * pursued from the main fight; the rest stay. The side has not left the area (8.12 does not apply),
 * and its ports are not offered to raiders (9.1 speaks of a player retreating, not of a detachment).
 * Fleeing and pursuing ships never come back to the main fight (their groups are fought after it).
 */
function applyPartialRetreat(
  b: BattleState,
  emit: CombatEmit,
  side: VitpSide,
  groups: readonly (readonly string[])[],
  after: AfterRound,
): Stage {
  const airEscaped: string[] = [];
  const shipGroups: string[][] = [];
  for (const members of groups) {
    const air = members.filter((id) => unitById(b, id).kind === 'land-based-air');
    for (const id of air) {
      const u = unitById(b, id);
      Object.assign(u, { retreated: true, fate: 'returning', returnReason: 'retreat', engagement: null });
      airEscaped.push(id);
    }
    const rest = members.filter((id) => !air.includes(id));
    if (rest.length > 0) shipGroups.push(rest);
  }
  const ids = shipGroups.map((members) => {
    const id = newGroupId(b);
    for (const m of members) Object.assign(unitById(b, m), { engagement: id, retreated: true });
    return id;
  });
  emit(
    combatEvent('combat.retreated-in-part', {
      side,
      groups: ids.map((g) => groupReport(b, g)),
      airEscaped,
      staying: fighting(b, 'main', side).length,
      rule: '20.8',
    }),
  );
  if (ids.length > 0 && availableHunters(b, otherSide(side), 'main').length > 0)
    return { at: 'pursuit', retreater: side, groups: ids, ports: [], after };
  for (const g of ids) escapeGroup(b, emit, g);
  return { at: 'after-round', after };
}

/** 8.32: each pursuer follows one group; 9.1/9.3: or raids one port; 8.34: the rest may not pursue this turn. */
function applyPursuit(
  b: BattleState,
  emit: CombatEmit,
  retreater: VitpSide,
  groups: readonly string[],
  ports: readonly string[],
  assign: Readonly<Record<string, string>>,
): void {
  const pursuer = otherSide(retreater);
  const hunters = availableHunters(b, pursuer, 'main');
  const pursue: { ship: string; group: string }[] = [];
  const raid: { ship: string; port: string }[] = [];
  const notPursuing: string[] = [];
  for (const h of hunters) {
    const to = assign[h.id];
    if (to === undefined) {
      h.barredFromPursuit = true;
      notPursuing.push(h.id);
    } else if (groups.includes(to)) {
      h.engagement = to;
      h.pursued = true;
      pursue.push({ ship: h.id, group: to });
    } else {
      raid.push({ ship: h.id, port: to });
    }
  }
  emit(combatEvent('combat.pursuit-ordered', { side: pursuer, pursue, raid, notPursuing, rule: '8.32' }));
  for (const g of groups) {
    if (pursuersOf(b, g).length === 0) escapeGroup(b, emit, g);
    else b.queue.push({ id: g, kind: 'pursuit', retreater });
  }
  queueRaids(b, emit, pursuer, ports, Object.fromEntries(raid.map((r) => [r.ship, r.port])), '9.1');
}

/** 9.3: all raiders from this area against one port form one raid; each ship raids once a turn. */
function queueRaids(
  b: BattleState,
  emit: CombatEmit,
  raider: VitpSide,
  ports: readonly string[],
  assign: Readonly<Record<string, string>>,
  rule: '9.1' | '9.2',
): void {
  for (const port of ports) {
    const raiders = inUnitOrder(b, assign)
      .filter(([, p]) => p === port)
      .map(([ship]) => unitById(b, ship));
    if (raiders.length === 0) continue;
    const id = `raid-${port}`;
    for (const r of raiders) {
      r.engagement = id;
      r.raidedThisTurn = true;
      r.pursued = true;
    }
    b.queue.push({ id, kind: 'air-raid', port, raider });
    emit(
      combatEvent('combat.air-raid-started', {
        engagement: id,
        port,
        raiders: raiders.map((r) => r.id),
        rule,
      }),
    );
  }
}

/** 8.52: the group splits; each part flees on its own. */
function applySplit(b: BattleState, emit: CombatEmit, parts: readonly (readonly string[])[]): Stage {
  const eng = head(b);
  if (parts.length <= 1) return { at: 'continue-pursuit', from: eng.id, groups: [eng.id] };
  const ids = parts.map((members) => {
    const id = newGroupId(b);
    for (const m of members) unitById(b, m).engagement = id;
    return id;
  });
  emit(
    combatEvent('combat.group-split', {
      from: eng.id,
      into: ids.map((g) => groupReport(b, g)),
      rule: '8.52',
    }),
  );
  return { at: 'continue-pursuit', from: eng.id, groups: ids };
}

/** 8.52: pursuers follow the part of their choice; 8.53: or stop, and may not pursue again (8.34). */
function applyContinue(
  b: BattleState,
  emit: CombatEmit,
  from: string,
  groups: readonly string[],
  assign: Readonly<Record<string, string>>,
): void {
  const eng = head(b);
  if (eng.kind !== 'pursuit') throw new Error('vitp combat: continue-pursuit outside a pursuit');
  for (const p of pursuersOf(b, from)) {
    const to = assign[p.id];
    if (to === undefined || to === 'stop') {
      dropPursuer(p);
      emit(combatEvent('combat.pursuer-dropped', { unit: p.id, group: from, reason: 'broke-off', rule: '8.53' }));
    } else {
      p.engagement = to;
    }
  }
  b.stage = { at: 'round-start' };
  if (groups.length === 1 && groups[0] === from) return;
  b.queue.shift();
  const followed = groups.filter((g) => {
    if (pursuersOf(b, g).length > 0) return true;
    escapeGroup(b, emit, g);
    return false;
  });
  b.queue.unshift(...followed.map((g) => ({ id: g, kind: 'pursuit' as const, retreater: eng.retreater })));
  b.round = 0;
  if (b.queue.length === 0) b.stage = finishBattleStep(b, emit);
}

/** Once every engagement is over: 9.2 raids by the side left alone, then 5.6/16.1 last submarine shots. */
export function finishBattleStep(b: BattleState, emit: CombatEmit): Stage {
  if (!b.raidsOffered) {
    b.raidsOffered = true;
    const atSea = VITP_SIDES.filter((s) => b.units.some((u) => u.side === s && u.port === null && u.fate === 'at-sea'));
    // 18.36: the raid force's additional raids on Pearl Harbor only while it has rounds left
    const fuel = b.pearlRoundsLeft === undefined || b.pearlRoundsLeft > 0;
    if (atSea.length === 1 && fuel) {
      const raider = atSea[0];
      const ports = raidablePorts(b, otherSide(raider));
      // an air raid is day actions only (9.13), where only airstrikes attack: no airstrike, nothing to ask
      if (ports.length > 0 && availableHunters(b, raider, null).some((u) => airstrikeShots(u) > 0))
        return { at: 'air-raid-offer', raider, ports };
    }
  }
  const sub = b.submarines.find((s) => !s.attacked && !b.finalSubsAsked.includes(s.id) && submarineTargets(b, s).length > 0);
  if (sub) return { at: 'submarine', sub: sub.id, final: true, after: null };
  emit(combatEvent('combat.battle-ended', { outcome: outcomeOf(b) }));
  return { at: 'over' };
}
