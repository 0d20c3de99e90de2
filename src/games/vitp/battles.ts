/**
 * The combat sequence (5.3–5.6, 7.1, 7.11): the Japanese pick each sea area in turn (5.31), the
 * combat module (./combat) fights it to a finish, and its outcome is put back on the board.
 * THE CALL SITE into combat is runBattle(); everything combat decides comes back as decisions.
 */
import {
  answer,
  answerTaskForces,
  awaitingTaskForces,
  battleOutcome,
  invasionsResolved,
  nextDecision,
  pendingInvasions,
  placeInPort,
  resolveUntilDecision,
  startBattle,
  type Answer,
  type BattleState,
  type PendingInvasion,
  type Decision,
} from './combat/api';
import type { Tx } from './events';
import { invade } from './invasion';
import { battleStartPorts } from './options';
import { destinationsFor, placeTurnedBack } from './returns';
import { submarineHome } from './submarines';
import { eliminatedLoc } from './repairs';
import type { CurrentBattle, Unit, VitpState, VSide } from './types';
import { slug } from './world';
import { battleInput, type BattleScope, taskForcePlan } from './battle-input';
import { unitOf } from './events';

export type AutoAnswer = (d: Decision, b: CurrentBattle) => Partial<Record<VSide, Answer>> | null;

/** Open a battle and run it until a side must answer (or it ends). */
export function openBattle(tx: Tx, area: string, opening: CurrentBattle['opening'], scope: BattleScope = {}, auto?: AutoAnswer): void {
  const seq = tx.s.battleSeq + 1;
  const battle = startBattle(battleInput(tx.s, area, scope, opening));
  runBattle(tx, { area, seq, opening, battle }, auto);
}

/** Apply the sides' answers to the waiting decision, then run on. */
export function continueBattle(tx: Tx, answers: Partial<Record<VSide, Answer>>, auto?: AutoAnswer): void {
  const current = tx.s.battle!;
  let battle = current.battle;
  for (const [side, reply] of Object.entries(answers) as [VSide, Answer][]) {
    const r = answer(battle, side, reply);
    if (!r.ok) throw new Error(`vitp: an answer checked as legal was refused by combat: ${r.problems.join('; ')}`);
    battle = r.battle;
  }
  runBattle(tx, { ...current, battle }, auto);
}

function runBattle(tx: Tx, cb: CurrentBattle, auto?: AutoAnswer): void {
  let battle = cb.battle;
  for (;;) {
    battle = resolveUntilDecision(battle, tx.dice, (e) => tx.raw(e));
    const landed = pendingInvasions(battle);
    if (landed.length > 0) {
      battle = invadeNow(tx, battle, landed);
      continue;
    }
    // rule 20: the step machine forms the round's task forces and rolls the sightings (flow.ts)
    if (awaitingTaskForces(battle)) return storeBattle(tx, harbourNow(tx, { ...cb, battle }));
    const d = nextDecision(battle);
    if (!d) break;
    const forced = auto?.(d, { ...cb, battle });
    if (!forced) return storeBattle(tx, harbourNow(tx, { ...cb, battle }));
    for (const [side, reply] of Object.entries(forced) as [VSide, Answer][]) {
      const r = answer(battle, side, reply);
      if (!r.ok) throw new Error(`vitp: forced answer refused: ${r.problems.join('; ')}`);
      battle = r.battle;
    }
  }
  applyOutcome(tx, { ...cb, battle });
}

/**
 * 7.62 with 9.11 (the rulebook's plainest reading, issue 27): a unit disabled in a battle is placed in
 * a friendly port or base as soon as the results take effect, not when the battle is over; one placed
 * in a port or base touching the area is in it "at that moment" for a later air raid in the same
 * battle. Here, whenever the battle waits for a decision: each unit newly disabled that may enter a
 * port or base of this battle is turned back (10.2); with one legal harbour it goes there now; where
 * its owner has a choice, a harbour step of his own comes before the decision (flow.ts). A unit none
 * of whose harbours touches the area goes to harbour after the battle, as before: wherever it goes,
 * this battle cannot reach it, so asking now would cost a mail and change nothing. Off with option
 * battle-start-ports.
 */
export function harbourNow(tx: Tx, cb: CurrentBattle): CurrentBattle {
  if (battleStartPorts(tx.s)) return cb;
  const disabled = cb.battle.units.filter((cu) => cu.fate === 'returning' && cu.returnReason === 'disabled');
  if (disabled.length === 0) return cb;
  for (const cu of disabled) {
    const u = unitOf(tx.s.units, cu.id)!;
    if (u.loc.at === 'sea' && u.loc.area === cb.area && mayEnterBattlePort(tx.s, u, cb.battle.ports))
      tx.unit(
        u.id,
        { damage: cu.damage, loc: { at: 'transit', area: cb.area }, mayNotInvade: true },
        'is disabled and must return to harbor at once',
        '7.62',
      );
  }
  placeTurnedBack(tx);
  return { ...cb, battle: intoBattlePorts(tx.s, cb.battle) };
}

/** May this unit go to harbour in a port or base of the battle being fought (so be there for its air raids, 9.11)? */
export function mayEnterBattlePort(
  s: VitpState,
  u: Unit,
  ports: readonly { readonly id: string }[] = s.battle?.battle.ports ?? [],
): boolean {
  return destinationsFor(s, u).some((p) => ports.some((x) => x.id === slug(p)));
}

/** Units disabled in this battle whose owner has put them in one of its ports: in that port from now on (9.11). */
export function intoBattlePorts(s: VitpState, battle: BattleState): BattleState {
  let b = battle;
  for (const cu of battle.units) {
    if (cu.fate !== 'returning' || cu.returnReason !== 'disabled') continue;
    const loc = unitOf(s.units, cu.id)!.loc;
    if (loc.at === 'port' && b.ports.some((p) => p.id === slug(loc.place))) b = placeInPort(b, cu.id, slug(loc.place));
  }
  return b;
}

/** After a harbour step during a battle: the units placed in its ports join them (9.11), and the battle is stored again. */
export function settleHarbours(tx: Tx): void {
  const cb = tx.s.battle;
  if (!cb || battleStartPorts(tx.s)) return;
  const battle = intoBattlePorts(tx.s, cb.battle);
  if (battle !== cb.battle) storeBattle(tx, { ...cb, battle });
}

const placeNamed = (s: VitpState, id: string): string => s.map.places.find((p) => slug(p.name) === id || p.name === id)!.name;

/**
 * 7.93: invasions made after a round take effect at once (13.4x), so a base that changes hands
 * counts for the rest of the battle: its air units may be grounded (12.24), the other side's
 * landings and raids see its new owner.
 */
function invadeNow(tx: Tx, battle: BattleState, landed: readonly PendingInvasion[]): BattleState {
  const taken: { port: string; controller: VSide }[] = [];
  for (const inv of landed) {
    const base = placeNamed(tx.s, inv.base);
    const before = tx.s.control[base];
    invade(tx, inv.units, base);
    const after = tx.s.control[base];
    if (after && after !== before) taken.push({ port: inv.base, controller: after });
  }
  return invasionsResolved(battle, taken, (e) => tx.raw(e));
}

/** Put the battle's result back on the board (7.61–7.62, 8.4, 9.41, 12.3, 13.5, 16.3). */
function applyOutcome(tx: Tx, cb: CurrentBattle): void {
  const outcome = battleOutcome(cb.battle);
  const landings: { id: string; base: string }[] = [];
  for (const o of outcome.units) {
    const u = unitOf(tx.s.units, o.id)!;
    // 23.1: a carrier's airstrike damage stays on it after the battle, to be rebuilt (23.5)
    const flags = {
      damage: o.damage,
      barredFromPursuit: o.barredFromPursuit,
      raidedThisTurn: o.raidedThisTurn,
      ...(o.airstrikeDamage !== undefined && o.airstrikeDamage !== (u.airstrikeDamage ?? 0) ? { airstrikeDamage: o.airstrikeDamage } : {}),
    };
    const lost = eliminatedLoc(tx.s, u);
    switch (o.fate) {
      case 'at-sea':
      case 'in-port':
      case 'on-bottom':
        if (changed(u, flags))
          tx.unit(
            u.id,
            flags,
            o.fate === 'on-bottom' ? 'rests on the bottom of the harbor' : endsWith(u, flags),
            o.fate === 'on-bottom' ? '9.41' : 'airstrikeDamage' in flags && o.damage === u.damage ? '23.1' : '7.6',
          );
        break;
      case 'returning':
        // already gone to harbour during the battle (harbourNow): only its damage and flags change
        if (u.loc.at !== 'sea' && u.loc.at !== 'group') {
          if (changed(u, flags)) tx.unit(u.id, flags, endsWith(u, flags), '7.6');
          break;
        }
        tx.unit(
          u.id,
          {
            ...flags,
            loc: { at: 'transit', area: cb.area },
            mayNotInvade: u.mayNotInvade || o.retreated || o.disabled,
          },
          o.returnReason === 'disabled'
            ? 'is disabled and must return to harbor'
            : o.returnReason === 'retreat'
              ? 'retreats and returns to harbor'
              : 'escapes and returns to harbor',
          o.returnReason === 'disabled' ? '7.62' : '8.4',
        );
        break;
      case 'sunk':
        tx.unit(
          u.id,
          { ...flags, loc: u.kind === 'ship' ? { at: 'sunk' } : lost },
          u.kind === 'ship'
            ? 'is sunk'
            : lost.returns === null
              ? 'is eliminated; only rebuilding with repair points brings it back'
              : 'is eliminated and returns in two turns',
          u.kind === 'ship' ? '7.61' : lost.returns === null ? '23.5' : u.kind === 'lba' ? '12.3' : '13.5',
        );
        break;
      case 'expended':
        tx.unit(u.id, { ...flags, loc: u.kind === 'ship' ? { at: 'removed' } : lost }, 'is expended in a kamikaze attack', '19.2');
        break;
      case 'landed':
        // invasions were resolved when they were made (invadeNow); landings on friendly bases happen now
        if (o.landedAt!.invading) {
          if (changed(u, flags)) tx.unit(u.id, flags, '', '7.93');
          break;
        }
        tx.unit(u.id, flags, 'goes ashore', '7.93');
        landings.push({ id: u.id, base: placeNamed(tx.s, o.landedAt!.base) });
        break;
    }
  }
  for (const base of [...new Set(landings.map((l) => l.base))])
    invade(
      tx,
      landings.filter((l) => l.base === base).map((l) => l.id),
      base,
    );
  for (const sub of outcome.submarines) {
    if (sub.attacked) {
      const u = unitOf(tx.s.units, sub.id)!;
      submarineHome(tx, u, 'has attacked and returns to port', '16.3');
    }
  }
  tx.emit('vitp.battle', { battle: null });
  if (tx.s.taskForces?.area === cb.area) tx.emit('vitp.task-forces-over', { area: cb.area });
  // 18.5: the surprise attacks (the 18.3 raids, the 18.4 raids) do not end the fighting in their area
  if (cb.opening === 'indonesia-surprise') tx.emit('vitp.surprise', { indonesia: 'done' });
  tx.emit('vitp.battle-done', {
    area: cb.area,
    seq: cb.seq,
    areaDone: cb.opening !== 'pearl-harbor' && cb.opening !== 'indonesia-surprise',
  });
}

type OutcomeFlags = {
  damage: number;
  barredFromPursuit: boolean;
  raidedThisTurn: boolean;
  airstrikeDamage?: number;
};

function changed(u: Unit, f: OutcomeFlags): boolean {
  return (
    u.damage !== f.damage || u.barredFromPursuit !== f.barredFromPursuit || u.raidedThisTurn !== f.raidedThisTurn || 'airstrikeDamage' in f
  );
}

function endsWith(u: Unit, f: OutcomeFlags): string {
  const parts = [
    f.damage !== u.damage ? `${f.damage} damage` : '',
    f.airstrikeDamage !== undefined ? `its airstrike down to ${Math.max(0, u.airstrike - f.airstrikeDamage)} of ${u.airstrike}` : '',
  ].filter(Boolean);
  return parts.length ? `ends the battle with ${parts.join(' and ')}` : '';
}

// ---- optional rule 20 -------------------------------------------------------------------------

/** Rule 20: the battle waiting for this round's task forces gets them (20.2-20.4 done), then runs on. */
export function continueWithTaskForces(tx: Tx, auto?: AutoAnswer): void {
  const current = tx.s.battle!;
  const plan = taskForcePlan(tx.s, current.area);
  if (!plan) throw new Error(`vitp: no task forces rolled for in ${current.area}`);
  const r = answerTaskForces(current.battle, plan);
  if (!r.ok) throw new Error(`vitp: task forces refused by combat: ${r.problems.join('; ')}`);
  runBattle(tx, { ...current, battle: r.battle }, auto);
}

/**
 * The battle as stored between mails. With rule 20 it holds the task forces, secret until sighted
 * (20.4): the event is then the referee's, and both sides read a summary of what is public.
 */
function storeBattle(tx: Tx, cb: CurrentBattle): void {
  if (tx.s.options['task-forces'] !== true) return tx.emit('vitp.battle', { battle: cb });
  tx.emit('vitp.battle', { battle: cb }, []);
  const d = nextDecision(cb.battle);
  const waiting = awaitingTaskForces(cb.battle);
  tx.emit('vitp.battle-status', {
    area: cb.area,
    seq: cb.seq,
    waitingFor: d
      ? { decision: d.title, rule: d.rule, owes: [...d.owes] }
      : waiting
        ? { decision: `task forces for round ${waiting.round}`, rule: '20.2', owes: ['japanese', 'allied'] }
        : null,
  });
}
