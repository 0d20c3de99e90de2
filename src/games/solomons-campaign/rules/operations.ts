/**
 * The Operations Phase (2A/2B), non-combat part, in the outline's order: plans set or kept,
 * intelligence (2A1), naval movement with loading and unloading (2A2b), ground movement (2A2c),
 * then the contacts the Combat Segment (2A3) would act on, announced. Air transfer and transport
 * fly in 2A2a and land in 2A3h (rules/air-move.ts, rules/air-basing.ts). The sequence (4.5, 4.7, 32.1): 28
 * Execution Phases a turn, each the first player's Operations Phase then the second's, day and
 * night alternating; after the 28th the Logistics Phase (3A, rules/logistics.ts).
 */
import { assault } from './assault';
import { Fold } from '../../kit';
import { type AdjudicationContext, type Dice, type RulesEvent } from '../../../engine/ruleset';
import type { SolOrder } from '../orders';
import { other, type SolSide, type SolState } from '../state';
import { giantsSunk } from './additional-forces';
import { type Contact, contactsOf } from './contacts';
import { evolveSol } from './events';
import { groundCombat } from './ground-combat';
import { search } from './intel';
import { moveTf, type SolFold } from './naval';
import { ATTACK_WORDS, type OpsOrder } from './ops-orders';
import { hexOf, placeOfText } from './places';
import { goneLines, lineOf, planLinesOf, planSteps } from './plans';
import { load, moveGround, unload } from './transport';
import { bombard } from './bombard';
import { detach, repairInBase } from './crippled';
import { surfaceCombat } from './surface';
import { passAgreed, passEvents } from './pass';
import { answersOf, resolveChances } from './sub-attack';
import { type AirOrder, isAirOrder } from './air-orders';
import { airSuperiority, flyMissions, flying, landAll, live, recon } from './air-combat';
import { defenceWanted } from './air-defence';
import { strikes } from './air-strike';
import { airborneAtTurnStart, airTransferSegment } from './air-move';
import { airBasing } from './air-basing';
import { enterExecutionPhase } from './air-assign';
import { groundLines } from './recon';
import { isReconOrder } from './recon-orders';

/**
 * 2A3: the side's attack lines, each at a contact of its kind in its hex after movement (attacking
 * is voluntary, 11.2: a side that orders none attacks nowhere). A line with no such contact is
 * skipped with a note to its side; one with a contact stops play naming the combat rule, which is
 * not built yet.
 */
function combatSegment(
  f: SolFold,
  dice: Dice,
  side: SolSide,
  orders: readonly OpsOrder[],
  contacts: readonly Contact[],
  note: (t: string, r: string) => void,
): void {
  // 2A3e surface attacks before 2A3f bombardments (4.5), each in the order written
  const attacks = orders.filter((o) => o.kind === 'attack');
  const rank = { naval: 0, bombardment: 1, ground: 2 } as const;
  const fought = new Set<string>();
  for (const o of [...attacks].sort((a, b) => rank[a.combat] - rank[b.combat])) {
    const s = f.s;
    // 28.3 optional: with recon/withdrawal the ground lines go one by one after (rules/recon.ts)
    if (o.combat === 'ground' && s.options.reconWithdrawal) continue;
    const place = placeOfText(s, o.hex);
    const hex = place ? hexOf(s, place) : null;
    const at = contacts.find((c) => c.kind === o.combat && c.hex === hex);
    if (!at) {
      note(`${ATTACK_WORDS[o.combat]} ${o.hex}: no ${o.combat} contact there after movement, no attack`, '11.2');
      continue;
    }
    if (o.combat === 'naval') surfaceCombat(f, dice, side, at.hex, o.shift === true, note);
    else if (o.combat === 'bombardment') bombard(f, dice, side, at.hex, note);
    // 28.x (rules/ground-combat.ts)
    else if (groundCombat(f, dice, side, at.hex, o.groups, { combined: o.combined ?? false, banzai: o.banzai ?? false, ngs: o.ngs }, note))
      fought.add(at.hex);
  }
  // 50.0 Air Mission Chart: close air support with no attack fought in its hex adds nothing (it lands fatigued, 2A3h);
  // with recon/withdrawal the ground lines are fought later (rules/recon.ts)
  if (!f.s.options.reconWithdrawal)
    for (const hex of new Set(casFlightsOf(f.s, side).map((x) => x.hex)))
      if (!fought.has(hex)) note(`close air support at ${hex}: no attack of yours was fought there, the aircraft add nothing`, '28.3 (2)');
}

const casFlightsOf = (s: SolState, side: SolSide) => flying(s).filter((x) => x.side === side && x.mission === 'cas' && live(x) > 0);

/** 4.7: Execution Phases a turn; 14 in August I with the 50.0 note's option (the campaign starts on 7 August). */
export const executionPhases = (s: SolState): number =>
  s.turn === 1 && s.options.shortAugust ? s.optData.shortFirstTurnPhases : s.optData.executionPhases;

const opsOnly = (orders: readonly SolOrder[]) => orders.filter((o): o is OpsOrder & SolOrder => 'kind' in o && OPS_KINDS.has(o.kind));
const OPS_KINDS = new Set(['intel', 'transfer', 'airlift', 'move', 'load', 'unload', 'ground', 'plan', 'attack', 'detach']);

/** 2A2b: each TF's own order first (loads and unloads before any TF moves, 19.3-19.4), then the plan's. */
function navalMovement(f: SolFold, dice: Dice, side: SolSide, orders: readonly OpsOrder[], note: (t: string, r: string) => void): void {
  // 44.4 (optional): crippled ships leave their TF before any TF moves
  for (const o of orders) if (o.kind === 'detach') detach(f, side, o.tf, o.as, note);
  const ordered = new Set(orders.flatMap((o) => (o.kind === 'move' || o.kind === 'load' || o.kind === 'unload' ? [o.tf] : [])));
  const steps = planSteps(f.s, side, ordered);
  const ended = (tf: number, line: number | null) =>
    f.emit({
      type: 'sol.plan-line-ended',
      data: { side, tf: line ?? tf, done: true, note: `PLAN for TF ${tf} done`, rule: '2A2b' },
      visibleTo: [side],
    });
  for (const step of steps) {
    if (step.kind === 'skip')
      f.emit({
        type: 'sol.plan-line-ended',
        data: { side, tf: step.line ?? step.tf, done: false, note: step.note, rule: step.rule },
        visibleTo: [side],
      });
    if (step.kind === 'done') ended(step.tf, step.line);
  }
  // 10.3 (3) the Tokyo Express and 43.1 an amphibious assault: a TF that moves unloads at the end of its move
  const movers = new Set(orders.flatMap((o) => (o.kind === 'move' ? [o.tf] : [])));
  const express = movers.has(0);
  const assaults = orders.flatMap((o) => (o.kind === 'unload' && o.tf !== 0 && movers.has(o.tf) ? [o.tf] : []));
  for (const o of orders) {
    if (o.kind === 'load') load(f, side, o.tf, o.units, o.supply, note);
    if (o.kind === 'unload' && !movers.has(o.tf)) unload(f, side, o.tf, note);
  }
  for (const step of steps)
    if (step.kind === 'unload' && unload(f, side, step.tf, note))
      ended(step.tf, f.s.plans[side]?.lines.some((l) => l.tf === step.tf) ? step.tf : null);
  const moves = [
    ...orders.flatMap((o) => (o.kind === 'move' ? [{ tf: o.tf, to: placeOfText(f.s, o.to)!, plan: false }] : [])),
    ...steps.flatMap((st) => (st.kind === 'move' ? [{ tf: st.tf, to: st.to, plan: true }] : [])),
  ].sort((a, b) => a.tf - b.tf);
  for (const m of moves) {
    if (!(String(m.tf) in f.s.forces[side].taskForces)) continue;
    moveTf(f, side, m.tf, m.to, note);
    // 44.1 (optional): crippled ships brought back to an own major base go for repair
    repairInBase(f, dice, side, f.s.forces[side].taskForces[m.tf]?.ships ?? []);
    const tf = f.s.forces[side].taskForces[m.tf];
    // an UNLOAD AT line reached its place: it unloads in the next phase (19.4: unloading takes the TF's movement), then ends
    if (m.plan && tf?.at === m.to && lineOf(f.s.plans[side], m.tf)?.action !== 'unload')
      ended(m.tf, f.s.plans[side]?.lines.some((l) => l.tf === m.tf) ? m.tf : null);
  }
  // 10.3 (3): the Tokyo Express unloads at the end of its move
  if (express && orders.some((o) => o.kind === 'unload' && o.tf === 0) && '0' in f.s.forces[side].taskForces) unload(f, side, 0, note);
  for (const tf of assaults) assault(f, side, tf, note);
}

/** 2A2c: ground moves, those leaving one hex for another together (27.1: a supply point a 9 battalions). */
function groundMovement(f: SolFold, side: SolSide, orders: readonly OpsOrder[], note: (t: string, r: string) => void): void {
  const groups = new Map<string, { to: string; units: string[] }>();
  for (const o of orders) {
    if (o.kind !== 'ground') continue;
    const from = f.s.forces[side].ground.find((g) => g.id === o.unit)!.at;
    const to = placeOfText(f.s, o.to)!;
    const key = `${from}>${to}`;
    groups.set(key, { to, units: [...(groups.get(key)?.units ?? []), o.unit] });
  }
  for (const g of groups.values()) moveGround(f, side, g.units, g.to, note);
}

/** The phase after this side's Operations Phase (4.5, 32.1), or the Logistics Phase after the last (28th, 3A). */
function nextPhase(s: SolState): RulesEvent {
  // 4.6: both sides' offers to pass hold: the Execution Phases end
  const passed = passAgreed(s);
  if (passed) return { type: 'sol.passed', data: { x: s.x, why: passed } };
  if (s.phasing === s.first) return { type: 'sol.phase', data: { phase: 'ops', x: s.x, phasing: other(s.phasing!) } };
  if (s.x >= executionPhases(s)) return { type: 'sol.phase', data: { phase: 'logistics', phasing: null } };
  // 45.1 (optional): the next Execution Phase opens with the Air Mission Assignment Sub-Segment when a side has air to assign
  return enterExecutionPhase(s, s.x + 1, s.first!);
}

/** One side's Operations Phase; `asked`: the side was asked (the `ops` step), not run from its plan (`plan`). */
export function runOperations(
  s: SolState,
  _stepId: string,
  given: readonly SolOrder[],
  asked: boolean,
  ctx: AdjudicationContext,
): SolState {
  const side = s.phasing!;
  const f: SolFold = new Fold<SolState, RulesEvent>(s, evolveSol, (e) => ctx.emit(e));
  const note = (text: string, rule: string) => f.emit({ type: 'sol.ops-note', data: { side, text, rule }, visibleTo: [side] });
  const orders = opsOnly(given);
  if (asked) f.emit({ type: 'sol.plan-asked', data: { side } });
  const lines = planLinesOf(f.s, orders);
  if (lines.length) f.emit({ type: 'sol.plan-set', data: { side, lines }, visibleTo: [side] });
  for (const l of goneLines(f.s, side))
    f.emit({
      type: 'sol.plan-line-ended',
      data: { side, tf: l.tf, done: false, note: `PLAN for TF ${l.tf}: the TF is no longer on the map`, rule: '10.4' },
      visibleTo: [side],
    });
  for (const e of passEvents(side, given)) f.emit(e);
  if (f.s.x === 1 && side === f.s.first) airborneAtTurnStart(f);
  for (const o of orders) if (o.kind === 'intel') search(f, ctx.dice, side, hexOf(f.s, placeOfText(f.s, o.hex)!)!);
  airTransferSegment(f, side, orders, note);
  navalMovement(f, ctx.dice, side, orders, note);
  // 36.4: sub attack chances, by Japan's standing answer, else Japan is asked (the `sub` step) before the phase goes on
  const air = given.filter((o): o is AirOrder & SolOrder => isAirOrder(o));
  if (f.s.subs.chances.length) {
    if (f.s.subs.standing === 'ask') {
      f.emit({ type: 'sol.sub-wait', data: { orders: [...orders, ...air] }, visibleTo: [side] });
      return f.s;
    }
    resolveChances(f, ctx.dice, answersOf(f.s, []));
  }
  return restOfPhase(f, side, orders, air, ctx.dice, note);
}

/** 2A2c-2A3b: ground movement, contacts, the phasing side's missions; the defence step when the other side has something to fly. */
function restOfPhase(
  f: SolFold,
  side: SolSide,
  orders: readonly OpsOrder[],
  air: readonly AirOrder[],
  dice: Dice,
  note: (t: string, r: string) => void,
): SolState {
  groundMovement(f, side, orders, note);
  const contacts = contactsOf(f.s, side);
  if (contacts.length) f.emit({ type: 'sol.contacts', data: { side, contacts } });
  // 2A3a: the phasing side's missions take off; 2A3b: the other side is asked when it has something to fly
  flyMissions(f, side, air, note);
  if (defenceWanted(f.s, other(side))) {
    f.emit({ type: 'sol.pending-ops', data: { side, orders: orders.filter((o) => o.kind === 'attack') }, visibleTo: [side] });
    f.emit({ type: 'sol.phase', data: { phase: 'defence' } });
    return f.s;
  }
  finishOperations(f, dice, side, orders, note);
  return f.s;
}

/** 2A3c-2A3h: air superiority, recon, strikes, counterstrikes, the surface, bombardment and ground attacks, air basing. */
function finishOperations(f: SolFold, dice: Dice, side: SolSide, orders: readonly OpsOrder[], note: (t: string, r: string) => void): void {
  const enemy = other(side);
  const noteOf = (text: string, rule: string) => f.emit({ type: 'sol.ops-note', data: { side: enemy, text, rule }, visibleTo: [enemy] });
  // 2A3c; 12.7: transfers and transports in the air meet the enemy CAP over their landing hex there
  airSuperiority(f, dice);
  recon(f, dice, side);
  strikes(f, dice, side, 'strike', note);
  strikes(f, dice, enemy, 'counterstrike', noteOf);
  combatSegment(f, dice, side, orders, contactsOf(f.s, side), note);
  // 28.3 optional: each ground attack waits for the defender's recon CP
  const ground = orders.filter((o) => o.kind === 'attack' && o.combat === 'ground');
  if (f.s.options.reconWithdrawal && groundLines(f, dice, side, ground, note, null)) return;
  endOfCombat(f, side);
}

/** 2A3h to the phase's end. */
function endOfCombat(f: SolFold, side: SolSide): void {
  // 2A3h: the missions' aircraft land, then the air transfers and transports
  landAll(f);
  airBasing(f, side);
  // 39.8: Yamato and Musashi both sunk end the game at once
  f.emit(giantsSunk(f.s) ?? nextPhase(f.s));
}

/** The defence step (2A3b): the non-phasing side's defensive CAP and carrier counterstrikes take off, then the Combat Segment goes on. */
export function runDefence(s: SolState, given: readonly SolOrder[], ctx: AdjudicationContext): SolState {
  const side = s.phasing!;
  const enemy = other(side);
  const f: SolFold = new Fold<SolState, RulesEvent>(s, evolveSol, (e) => ctx.emit(e));
  const note = (text: string, rule: string) => f.emit({ type: 'sol.ops-note', data: { side, text, rule }, visibleTo: [side] });
  const noteOf = (text: string, rule: string) => f.emit({ type: 'sol.ops-note', data: { side: enemy, text, rule }, visibleTo: [enemy] });
  flyMissions(
    f,
    enemy,
    given.filter((o): o is AirOrder & SolOrder => isAirOrder(o)),
    noteOf,
  );
  const orders = s.pendingOps?.orders ?? [];
  f.emit({ type: 'sol.pending-ops', data: { side, orders: null }, visibleTo: [side] });
  finishOperations(f, ctx.dice, side, orders, note);
  return f.s;
}

/** 28.3 optional: the defender's recon CP for the attack waiting (the `recon-<k>` step), then the rest of the ground attacks. */
export function runRecon(s: SolState, given: readonly SolOrder[], ctx: AdjudicationContext): SolState {
  const side = s.phasing!;
  const f: SolFold = new Fold<SolState, RulesEvent>(s, evolveSol, (e) => ctx.emit(e));
  const note = (text: string, rule: string) => f.emit({ type: 'sol.ops-note', data: { side, text, rule }, visibleTo: [side] });
  const answer = given.find(isReconOrder);
  const orders = s.pendingOps?.orders ?? [];
  f.emit({ type: 'sol.pending-ops', data: { side, orders: null }, visibleTo: [side] });
  if (groundLines(f, ctx.dice, side, orders, note, { n: s.recon?.n ?? 1, cp: answer?.cp })) return f.s;
  endOfCombat(f, side);
  return f.s;
}

/** 36.4: Japan's answers to the chances (the `sub` step), then the rest of the US Operations Phase. */
export function continueOperations(s: SolState, given: readonly SolOrder[], ctx: AdjudicationContext): SolState {
  const side = s.phasing!;
  const f: SolFold = new Fold<SolState, RulesEvent>(s, evolveSol, (e) => ctx.emit(e));
  const note = (text: string, rule: string) => f.emit({ type: 'sol.ops-note', data: { side, text, rule }, visibleTo: [side] });
  const waiting = s.subs.waiting?.orders ?? [];
  for (const o of given)
    if (o.kind === 'sub-standing') f.emit({ type: 'sol.sub-standing', data: { answer: o.answer }, visibleTo: ['japanese'] });
  resolveChances(f, ctx.dice, answersOf(s, given));
  return restOfPhase(
    f,
    side,
    opsOnly(waiting),
    waiting.filter((o): o is AirOrder & SolOrder => isAirOrder(o)),
    ctx.dice,
    note,
  );
}
