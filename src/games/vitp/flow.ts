/**
 * The turn sequence (5.1–5.75) as a step machine: which phase comes next, which can be skipped
 * because nobody has a choice in it, and what runs by itself between them.
 */
import { placeableAir } from './air';
import { combatAreas } from './battle-input';
import { continueWithTaskForces, mayEnterBattlePort, openBattle, settleHarbours } from './battles';
import { awaitingTaskForces, nextDecision } from './combat/api';
import { captureSurrounded } from './capture';
import { pocStanding, scoreTurn } from './control';
import type { Tx } from './events';
import { invaders } from './invasion';
import { movers } from './movement';
import { rebuildable, repairable } from './repairs';
import { harbourChoices, mustReturn, placeTurnedBack, recallSubmarines } from './returns';
import {
  openingAuto,
  pearlHarborRaid,
  raidForceAtSea,
  raidForceGoesHome,
  resolveSortie,
  rollUncertainGroups,
  sortieCandidates,
  surpriseDue,
} from './surprise';
import { submarineReady } from './submarines';
import { groupable, taskForceBattle } from './task-forces';
import { beginTurn, rebaseable, substitutesOwed } from './turn';
import type { Phase, VitpState, VSide } from './types';
import { SIDES, other } from './types';
import { atSeaIn } from './world';

/** Does anyone have a choice in this phase? (DESIGN-NOTES: skip steps where no side has one.) */
export function applicable(s: VitpState, ph: Phase): boolean {
  switch (ph.k) {
    case 'removals':
      return substitutesOwed(s).length > 0;
    case 'patrol':
      return (
        movers(s, ph.side, 'patrol').length > 0 ||
        s.units.some((u) => u.side === ph.side && repairable(s, u)) ||
        rebaseable(s, ph.side).length > 0 ||
        rebuildable(s, ph.side).length > 0
      );
    case 'lba':
      return !s.lbaDone.includes(ph.side) && placeableAir(s, ph.side).length > 0;
    case 'amph':
      return movers(s, ph.side, 'amph').length > 0;
    case 'raiders':
      return movers(s, ph.side, 'raid').length > 0;
    case 'sub':
      return submarineReady(s, ph.side);
    case 'invade':
      return invaders(s, ph.side).length > 0;
    case 'return':
      return mustReturn(s, ph.side).length > 0;
    case 'harbour':
      return harbourChoices(s, ph.side).length > 0;
    case 'task-forces':
      return groupable(s, ph.side, ph.area).length > 0;
    default:
      return true;
  }
}

function enter(tx: Tx, ph: Phase): void {
  if (applicable(tx.s, ph)) tx.phase(ph);
  else advanceFrom(tx, ph);
}

/** What follows `done` in the turn sequence (5.2x movement, 5.3 combat, 5.7x end of turn). */
export function advanceFrom(tx: Tx, done: Phase): void {
  const J: VSide = 'japanese';
  const A: VSide = 'allied';
  switch (done.k) {
    case 'raid-force':
      return enter(tx, { k: 'patrol', side: J });
    case 'removals':
      return enter(tx, { k: 'patrol', side: J });
    case 'patrol':
      return done.side === J ? enter(tx, { k: 'patrol', side: A }) : nextAir(tx, A, 0);
    case 'lba':
      return nextAir(tx, done.side, done.n);
    case 'amph':
      return done.side === J ? enter(tx, { k: 'amph', side: A }) : enter(tx, { k: 'raiders', side: J });
    case 'raiders':
      return done.side === J ? enter(tx, { k: 'raiders', side: A }) : enter(tx, { k: 'sub', side: J });
    case 'sub':
      return done.side === J ? enter(tx, { k: 'sub', side: A }) : proceedCombat(tx);
    case 'pick-battle':
    case 'battle':
    case 'pearl-stay':
    case 'pearl-sortie':
    case 'surprise':
    case 'harbour':
      return proceedCombat(tx);
    case 'task-forces':
      return done.side === J ? enter(tx, { ...done, side: A }) : tx.phase({ k: 'sighting', area: done.area, round: done.round });
    case 'sighting':
      // 20.5-20.8 are combat's: the first round's plan opens the battle, later rounds' resume it
      if (tx.s.battle) continueWithTaskForces(tx, openingAuto);
      else openBattle(tx, done.area, null, {}, openingAuto);
      return proceedCombat(tx);
    case 'invade':
      return done.side === J ? enter(tx, { k: 'invade', side: A }) : enter(tx, { k: 'return', side: J });
    case 'return':
      return done.side === J ? enter(tx, { k: 'return', side: A }) : endTurn(tx);
    case 'over':
      return;
  }
}

/** 5.22 / 12.11: one air unit at a time, Japanese first, skipping a side that has stopped or run out. */
function nextAir(tx: Tx, last: VSide, n: number): void {
  const first: VSide = n === 0 ? 'japanese' : other(last);
  for (const side of [first, other(first)]) {
    const ph: Phase = { k: 'lba', side, n: n + 1 };
    if (applicable(tx.s, ph)) return tx.phase(ph);
  }
  enter(tx, { k: 'amph', side: 'japanese' });
}

/** 5.3–5.6, with the turn-1 surprise attacks first (18.3–18.5). */
export function proceedCombat(tx: Tx): void {
  for (let guard = 0; guard < 1000; guard++) {
    if (tx.s.battle) {
      // 7.62 with 9.11: units disabled in this battle go to harbour before its next decision
      settleHarbours(tx);
      const choosing = SIDES.find((side) => harbourChoices(tx.s, side).some((u) => mayEnterBattlePort(tx.s, u)));
      const decision = nextDecision(tx.s.battle.battle);
      const at = decision?.id ?? `r${tx.s.battle.battle.round}-task-forces`;
      if (choosing) return tx.phase({ k: 'harbour', side: choosing, at });
      const waiting = awaitingTaskForces(tx.s.battle.battle);
      return waiting ? organizeTaskForces(tx, tx.s.battle.area, waiting.round) : tx.phase({ k: 'battle' });
    }
    raidForceGoesHome(tx);
    // 10.2: whatever the last fighting (or movement) turned back goes to harbour before anything else is fought
    placeTurnedBack(tx);
    const choosing = SIDES.find((side) => harbourChoices(tx.s, side).length > 0);
    if (choosing) return tx.phase({ k: 'harbour', side: choosing });
    if (tx.s.turn === 1 && tx.s.surprise.pearl !== 'done') {
      if (tx.s.surprise.pearl === 'pending') {
        pearlHarborRaid(tx);
        continue;
      }
      if (tx.s.surprise.pearl === 'raided') {
        if (raidForceAtSea(tx.s).length > 0) return tx.phase({ k: 'pearl-stay' });
        rollUncertainGroups(tx);
        continue;
      }
      if (sortieCandidates(tx.s).length > 0 || atSeaIn(tx.s, 'Hawaiian Islands', 'allied').length > 0)
        return tx.phase({ k: 'pearl-sortie' });
      resolveSortie(tx, []);
      continue;
    }
    if (tx.s.turn === 1 && tx.s.surprise.indonesia !== 'done') {
      if (surpriseDue(tx.s)) return tx.phase({ k: 'surprise', round: tx.s.surprise.indonesia === 'pending' ? 1 : 2 });
      tx.emit('vitp.surprise', { indonesia: 'done' });
      continue;
    }
    const areas = combatAreas(tx.s);
    if (areas.length === 0) return endOfCombat(tx);
    if (areas.length > 1) return tx.phase({ k: 'pick-battle' });
    if (taskForceBattle(tx.s, areas[0])) return organizeTaskForces(tx, areas[0]);
    openBattle(tx, areas[0], null, {}, openingAuto);
  }
  throw new Error('vitp: combat sequence made no progress');
}

/** 5.31: combat in the area the Japanese picked, after the task forces are formed (optional rule 20.2). */
export function startCombatIn(tx: Tx, area: string): void {
  if (taskForceBattle(tx.s, area)) return organizeTaskForces(tx, area);
  openBattle(tx, area, null, {}, openingAuto);
  proceedCombat(tx);
}

/**
 * 20.2: at the start of a round both sides, Japanese first, group their forces into task forces:
 * before the battle opens for round 1, and whenever the battle waits for a later round's (20.7).
 */
function organizeTaskForces(tx: Tx, area: string, round = 1): void {
  enter(tx, { k: 'task-forces', side: 'japanese', area, round });
}

/** 5.6, 5.71, 5.72, then the invasions (5.73). */
function endOfCombat(tx: Tx): void {
  if (tx.s.taskForces) tx.emit('vitp.task-forces-over', { area: tx.s.taskForces.area });
  recallSubmarines(tx);
  scoreTurn(tx);
  captureSurrounded(tx);
  enter(tx, { k: 'invade', side: 'japanese' });
}

/** 5.75 / 4.7: the next turn, or the end of the game after the last. */
function endTurn(tx: Tx): void {
  if (tx.s.turn >= tx.s.lastTurn) {
    const poc = tx.s.poc;
    const winner = poc > 0 ? 'japanese' : poc < 0 ? 'allied' : 'draw';
    tx.emit('vitp.game-over', {
      winner,
      poc,
      summary: `After turn ${tx.s.turn}: ${pocStanding(poc)}. ${winner === 'draw' ? 'The game is drawn.' : `The ${winner === 'japanese' ? 'Japanese' : 'Allies'} win.`}`,
    });
    return tx.phase({ k: 'over' });
  }
  const turn = tx.s.turn + 1;
  tx.phase({ k: 'patrol', side: 'japanese' }, turn);
  beginTurn(tx, turn);
  enter(tx, { k: 'removals' });
}
