/**
 * VITP's step table (defineRuleset): one row per kind of step in the sequence of play (5.0) and
 * the combat sequence (5.3), with who owes orders, the rule, the deadline class the referee sets
 * lengths for, and the rules that resolve it. Deadline classes: `placement` for land-based air
 * placement one unit at a time (5.22, 12.11) and submarine placement (5.25); `battle` for every
 * decision of the combat sequence (picking the next battle, the battle's own decisions, the Pearl
 * Harbor and Indonesia surprise choices, the harbour a ship turned back goes to: 7.62, 10.2);
 * `orders` the rest. Step ids are made in steps.ts; rowOf reads them back. Every handler resolves
 * its step on a Tx (emit-and-fold) and then moves the game on (flow.ts advanceFrom), but picking a
 * battle, which opens it.
 */
import type { StepHandler, StepRow, StepTable } from '../../engine/define';
import type { StepInfo } from '../../engine/ruleset';
import { resolveAir } from './air';
import { continueBattle } from './battles';
import type { Answer } from './combat/api';
import { Tx } from './events';
import { advanceFrom, startCombatIn } from './flow';
import { resolveInvasions } from './invasion';
import { resolveMoves, resolveRaiderDesignation } from './movement';
import { assembleAnswer } from './orders/answers';
import { AIR, BATTLE_KINDS, BATTLE_ORDER, HARBOUR, INVADE, PEARL, RETURN, SUBSTITUTES, TARGETS } from './orders/standing-kinds';
import { currentDecision } from './orders/parse';
import { resolveRepairs } from './repairs';
import { resolveReturns, turnedBack } from './returns';
import { placeSubmarine } from './submarines';
import { openingAuto, resolvePearlStay, resolveRaidForce, resolveSortie, resolveSurpriseRound } from './surprise';
import { formTaskForces, rollSightings } from './task-forces';
import { resolveBasing, resolveSubstitutes } from './turn';
import type { Order, Phase, VitpState, VSide } from './types';

type PhaseOf<K extends Phase['k']> = Extract<Phase, { k: K }>;
type Mine = (side: VSide) => readonly Order[];

/**
 * A row's handler: the rules of phase `k` on a Tx, then the game moves on unless the rules say
 * `stay` (a battle picked is opened, not left). The phase in the state must be the row's: a step
 * table and a state that disagree are a bug, stopped loudly.
 */
function handler<K extends Phase['k']>(
  k: K,
  rules: (tx: Tx, ph: PhaseOf<K>, mine: Mine) => 'stay' | undefined,
): StepHandler<VitpState, Order> {
  return (state, step, orders, ctx) => {
    const ph = state.phase;
    if (ph.k !== k) throw new Error(`vitp: step ${step.id} is a ${k} step, but the game is in phase ${ph.k}`);
    const tx = new Tx(state, ctx);
    if (rules(tx, ph as PhaseOf<K>, (side) => orders[side] ?? []) !== 'stay') advanceFrom(tx, ph);
    return tx.s;
  };
}

type Row = StepRow<VitpState, Order>;

const ROWS: readonly Row[] = [
  {
    id: 'pearl-harbor-raid-force',
    owes: 'one',
    rule: '4.2',
    title: 'Japanese choose the Pearl Harbor raid force',
    sides: ['japanese'],
    only: 'turn 1',
    deadline: 'orders',
    resolve: handler('raid-force', (tx, _ph, mine) => void resolveRaidForce(tx, mine('japanese'))),
  },
  {
    id: 'removals',
    owes: 'one',
    rule: '4.42',
    title: 'British withdrawals: substitutes for sunk ships',
    sides: ['allied'],
    only: 'when a listed British ship was sunk',
    standing: [SUBSTITUTES],
    deadline: 'orders',
    resolve: handler('removals', (tx, _ph, mine) => void resolveSubstitutes(tx, mine('allied'))),
  },
  {
    id: 'patrol',
    owes: 'one',
    rule: '5.21',
    title: 'patrol movement and repairs',
    for: 'PATROL',
    deadline: 'orders',
    resolve: handler('patrol', (tx, ph, mine) => {
      resolveBasing(tx, mine(ph.side));
      resolveRepairs(tx, mine(ph.side));
      resolveMoves(tx, ph.side, mine(ph.side), 'patrol');
      resolveRaiderDesignation(tx, mine(ph.side));
      return undefined;
    }),
  },
  {
    id: 'lba',
    owes: 'one',
    rule: '5.22',
    title: 'land-based air placement',
    for: 'AIR',
    standing: [AIR],
    deadline: 'placement',
    deadlineWords: 'an air placement',
    resolve: handler('lba', (tx, ph, mine) => void resolveAir(tx, ph.side, mine(ph.side))),
  },
  {
    id: 'amphibious',
    owes: 'one',
    rule: '5.23',
    title: 'amphibious movement',
    for: 'AMPHIBIOUS',
    deadline: 'orders',
    resolve: handler('amph', (tx, ph, mine) => void resolveMoves(tx, ph.side, mine(ph.side), 'amph')),
  },
  {
    id: 'raiders',
    owes: 'one',
    rule: '5.24',
    title: 'raider movement',
    for: 'RAIDERS',
    deadline: 'orders',
    resolve: handler('raiders', (tx, ph, mine) => void resolveMoves(tx, ph.side, mine(ph.side), 'raid')),
  },
  {
    id: 'submarine',
    owes: 'one',
    rule: '5.25',
    title: 'submarine placement',
    for: 'SUBMARINE',
    only: 'for a side whose submarine is in port',
    deadline: 'placement',
    deadlineWords: 'a submarine placement',
    resolve: handler('sub', (tx, ph, mine) => void placeSubmarine(tx, mine(ph.side))),
  },
  {
    id: 'pick-battle',
    owes: 'one',
    rule: '5.31',
    title: 'Japanese choose the next sea area to fight in',
    sides: ['japanese'],
    only: 'when several sea areas have battles',
    standing: [BATTLE_ORDER],
    deadline: 'battle',
    resolve: handler('pick-battle', (tx, _ph, mine) => {
      const pick = mine('japanese').find((o) => o.t === 'pick');
      if (pick?.t !== 'pick') return undefined;
      startCombatIn(tx, pick.area);
      return 'stay';
    }),
  },
  {
    id: 'pearl-harbor/stay',
    owes: 'one',
    rule: '18.31',
    title: 'Pearl Harbor: the Japanese stay or withdraw',
    sides: ['japanese'],
    only: 'turn 1',
    standing: [PEARL],
    deadline: 'battle',
    resolve: handler('pearl-stay', (tx, _ph, mine) => void resolvePearlStay(tx, mine('japanese'))),
  },
  {
    id: 'pearl-harbor/sortie',
    owes: 'one',
    rule: '18.33',
    title: 'Pearl Harbor: the Allied sortie and retreat',
    sides: ['allied'],
    only: 'turn 1',
    deadline: 'battle',
    resolve: handler('pearl-sortie', (tx, _ph, mine) => void resolveSortie(tx, mine('allied'))),
  },
  {
    id: 'indonesia-surprise',
    owes: 'one',
    rule: '18.4',
    title: 'Indonesia surprise air raid targets',
    sides: ['japanese'],
    only: 'turn 1',
    standing: [TARGETS],
    deadline: 'battle',
    resolve: handler('surprise', (tx, ph, mine) => void resolveSurpriseRound(tx, ph.round, mine('japanese'))),
  },
  {
    id: 'task-forces',
    owes: 'one',
    rule: '20.2',
    title: 'task forces of a battle round (option)',
    option: 'task-forces',
    deadline: 'battle',
    resolve: handler('task-forces', (tx, ph, mine) => void formTaskForces(tx, ph.side, ph.area, ph.round, mine(ph.side))),
  },
  {
    id: 'sighting',
    owes: 'none',
    rule: '20.4',
    title: 'sighting rolls (option)',
    option: 'task-forces',
    deadline: 'battle',
    resolve: handler('sighting', (tx) => void rollSightings(tx)),
  },
  {
    id: 'battle',
    owes: 'several',
    rule: '5.3',
    title: 'a decision of a battle',
    standing: BATTLE_KINDS,
    deadline: 'battle',
    deadlineWords: 'a battle decision',
    resolve: handler('battle', (tx, _ph, mine) => {
      const d = currentDecision(tx.s);
      if (!d) throw new Error('vitp: a battle step without a waiting decision');
      const answers: Partial<Record<VSide, Answer>> = {};
      for (const side of d.owes) answers[side] = assembleAnswer(d, mine(side)) ?? (d.defaults[side] as Answer);
      continueBattle(tx, answers, openingAuto);
      return undefined;
    }),
  },
  {
    id: 'harbour',
    owes: 'one',
    rule: '10.2',
    title: 'harbour for the ships turned back',
    only: 'when ships are turned back in a battle',
    standing: [HARBOUR],
    deadline: 'battle',
    resolve: handler('harbour', (tx, ph, mine) => void resolveReturns(tx, ph.side, mine(ph.side), turnedBack)),
  },
  {
    id: 'invasions',
    owes: 'one',
    rule: '5.73',
    title: 'invasions',
    for: 'INVASIONS',
    standing: [INVADE],
    deadline: 'orders',
    resolve: handler('invade', (tx, ph, mine) => void resolveInvasions(tx, mine(ph.side))),
  },
  {
    id: 'return',
    owes: 'one',
    rule: '5.74',
    title: 'return to port',
    for: 'RETURN',
    standing: [RETURN],
    deadline: 'orders',
    resolve: handler('return', (tx, ph, mine) => void resolveReturns(tx, ph.side, mine(ph.side))),
  },
];

/** The row of a step, from its id (t<turn>/<row>/...; Pearl Harbor's by its choice, a battle's task-force, sighting and harbour steps by their last parts). */
function rowOf(step: StepInfo): string {
  const parts = step.id.split('/').slice(1);
  if (parts[0] === 'pearl-harbor') return `pearl-harbor/${parts[1]}`;
  if (parts[0] === 'battle') {
    if (parts.includes('sighting')) return 'sighting';
    if (parts.includes('task-forces')) return 'task-forces';
    // a harbour chosen in the middle of a battle (7.62 with 9.11: the port holds it for later raids)
    if (parts.at(-2) === 'harbour') return 'harbour';
  }
  return parts[0];
}

export const VITP_STEPS: StepTable<VitpState, Order> = { rows: ROWS, rowOf };
