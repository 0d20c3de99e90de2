/**
 * currentStep: the phase now in play as the engine's StepInfo (ids stable across replays), and
 * upcomingSteps: the steps of this turn whose ids can be told now, so a side may send their orders
 * ahead in `FOR <stepId>` sections (docs/engine.md).
 */
import type { StepInfo } from '../../engine/ruleset';
import { placeableAir } from './air';
import { nextDecision } from './combat/api';
import { airInGroups } from './options';
import { submarineReady } from './submarines';
import type { Phase, VitpState, VSide } from './types';
import { slug } from './world';

const SIDE = { japanese: 'Japanese', allied: 'Allied' } as const;

/** A phase's title and rule as a report heads it ("Japanese raider movement", 5.24); the battle's come from its decision. */
export function phaseTitle(ph: Exclude<Phase, { k: 'battle' }>): { title: string; rule: string } {
  switch (ph.k) {
    case 'over':
      return { title: 'the game is over', rule: '4.7' };
    case 'raid-force':
      return { title: 'Japanese choose the Pearl Harbor raid force', rule: '4.2' };
    case 'removals':
      return { title: 'Allied British withdrawals: substitutes for sunk ships', rule: '4.42' };
    case 'patrol':
      return { title: `${SIDE[ph.side]} patrol movement and repairs`, rule: '5.21' };
    case 'lba':
      return { title: `${SIDE[ph.side]} land-based air placement, unit ${ph.n}`, rule: '5.22' };
    case 'amph':
      return { title: `${SIDE[ph.side]} amphibious movement`, rule: '5.23' };
    case 'raiders':
      return { title: `${SIDE[ph.side]} raider movement`, rule: '5.24' };
    case 'sub':
      return { title: `${SIDE[ph.side]} submarine placement`, rule: '5.25' };
    case 'pick-battle':
      return { title: 'Japanese choose the next sea area to fight in', rule: '5.31' };
    case 'pearl-stay':
      return { title: 'Pearl Harbor: Japanese stay or withdraw', rule: '18.31' };
    case 'pearl-sortie':
      return { title: 'Pearl Harbor: Allied sortie and retreat', rule: '18.33' };
    case 'surprise':
      return { title: `Indonesia surprise air raid, round ${ph.round}: Japanese targets`, rule: '18.4' };
    case 'invade':
      return { title: `${SIDE[ph.side]} invasions`, rule: '5.73' };
    case 'return':
      return { title: `${SIDE[ph.side]} return to port`, rule: '5.74' };
    case 'harbour':
      return { title: `${SIDE[ph.side]} harbour for the ships and units turned back`, rule: '10.2' };
    case 'task-forces':
      return { title: `${SIDE[ph.side]} task forces in ${ph.area}, round ${ph.round}`, rule: '20.2' };
    case 'sighting':
      return { title: `sighting rolls in ${ph.area}, round ${ph.round}`, rule: '20.4' };
  }
}

/** Who gives orders in a phase (every phase but the battle's and the sighting rolls has one side). */
function owner(ph: Exclude<Phase, { k: 'battle' | 'over' | 'sighting' }>): VSide {
  return 'side' in ph ? ph.side : ph.k === 'pearl-sortie' || ph.k === 'removals' ? 'allied' : 'japanese';
}

function localId(s: VitpState, ph: Exclude<Phase, { k: 'battle' | 'over' }>): string {
  switch (ph.k) {
    case 'raid-force':
      return 'pearl-harbor-raid-force';
    case 'removals':
      return 'removals';
    case 'patrol':
      return `patrol/${ph.side}`;
    case 'lba':
      return `lba/${ph.n}`;
    case 'amph':
      return `amphibious/${ph.side}`;
    case 'raiders':
      return `raiders/${ph.side}`;
    case 'sub':
      return `submarine/${ph.side}`;
    case 'pick-battle':
      return `pick-battle/${s.battleSeq}`;
    case 'pearl-stay':
      return 'pearl-harbor/stay';
    case 'pearl-sortie':
      return 'pearl-harbor/sortie';
    case 'surprise':
      return `indonesia-surprise/${ph.round}`;
    case 'invade':
      return `invasions/${ph.side}`;
    case 'return':
      return `return/${ph.side}`;
    case 'harbour':
      return ph.at
        ? `battle/${s.battle?.seq}-${slug(s.battle?.area ?? '')}/${ph.at}/harbour/${ph.side}`
        : `harbour/${s.battleSeq}/${ph.side}`;
    case 'task-forces':
      return `battle/${s.battleSeq + 1}-${slug(ph.area)}/r${ph.round}/task-forces/${ph.side}`;
    case 'sighting':
      return `battle/${s.battleSeq + 1}-${slug(ph.area)}/r${ph.round}/sighting`;
  }
}

/** The step of `ph` in turn `turn` (any phase but a battle decision, which needs the battle). */
function phaseStep(s: VitpState, ph: Exclude<Phase, { k: 'battle' | 'over' }>, turn: number): StepInfo {
  const { title: strict, rule } = phaseTitle(ph);
  // option air-in-groups: the side's one placement step places every unit (departs from 5.22/12.11)
  const title = ph.k === 'lba' && airInGroups(s) ? `${SIDE[ph.side]} land-based air placement, all units at once (air-in-groups)` : strict;
  const id = `t${turn}/${localId(s, ph)}`;
  const heading = `Turn ${turn}: ${title} (${rule})`;
  if (ph.k === 'sighting') {
    // the dice are shown to nobody but the referee: a die beside "not sighted" would tell the enemy
    // whether the task force attacks (20.42-20.44); each side reads its own dice in vitp.sighting-roll
    return { id, turn, title: heading, mode: 'simultaneous', owes: [], rule, diceVisibleTo: [] };
  }
  return { id, turn, title: heading, mode: 'sequential', owes: [owner(ph)], rule };
}

/**
 * The step in play of a state, worked out once per state (a state is never changed once made; the
 * step of the state in play is asked at every order read, checked and drawn).
 */
export function stepOf(s: VitpState): StepInfo | null {
  let step = stepOfState.get(s);
  if (step === undefined) stepOfState.set(s, (step = stepInPlay(s)));
  return step;
}

const stepOfState = new WeakMap<VitpState, StepInfo | null>();

function stepInPlay(s: VitpState): StepInfo | null {
  const ph = s.phase;
  const t = s.turn;
  if (ph.k === 'over') return null;
  if (ph.k !== 'battle') return phaseStep(s, ph, t);
  const b = s.battle;
  const d = b ? nextDecision(b.battle) : null;
  if (!b || !d) throw new Error('vitp: battle step without a waiting decision');
  return {
    id: `t${t}/battle/${b.seq}-${slug(b.area)}/${d.id}`,
    turn: t,
    title: `Turn ${t}: battle in ${b.area}: ${d.title.includes(`(${d.rule})`) ? d.title : `${d.title} (${d.rule})`}`,
    mode: d.owes.length > 1 ? 'simultaneous' : 'sequential',
    owes: [...d.owes],
    rule: d.rule,
  };
}

// ---- Steps to come (orders sent ahead) -------------------------------------------------------

const J: VSide = 'japanese';
const A: VSide = 'allied';
/** The turn's steps whose ids are known in advance, in order; the combat sequence (5.3) sits between the movement and the end of the turn. */
const BEFORE_COMBAT: readonly Phase[] = [
  { k: 'patrol', side: J },
  { k: 'patrol', side: A },
  { k: 'lba', side: J, n: 1 },
  { k: 'amph', side: J },
  { k: 'amph', side: A },
  { k: 'raiders', side: J },
  { k: 'raiders', side: A },
  { k: 'sub', side: J },
  { k: 'sub', side: A },
];
const AFTER_COMBAT: readonly Phase[] = [
  { k: 'invade', side: J },
  { k: 'invade', side: A },
  { k: 'return', side: J },
  { k: 'return', side: A },
];
const SEQUENCE: readonly Phase[] = [...BEFORE_COMBAT, { k: 'battle' }, ...AFTER_COMBAT];
/** Phases of the combat part of a turn (5.3): every one counts as the combat sequence. */
export const COMBAT_PHASES: readonly Phase['k'][] = [
  'pick-battle',
  'battle',
  'pearl-stay',
  'pearl-sortie',
  'surprise',
  'task-forces',
  'sighting',
  'harbour',
];

/** Where a phase sits in SEQUENCE (every combat phase counts as the combat sequence); -1 before the turn's patrols. */
function position(ph: Phase): number {
  if (ph.k === 'raid-force' || ph.k === 'removals') return -1;
  if (COMBAT_PHASES.includes(ph.k)) return BEFORE_COMBAT.length;
  if (ph.k === 'lba') return 2;
  return SEQUENCE.findIndex((x) => x.k === ph.k && 'side' in x && 'side' in ph && x.side === ph.side);
}

/**
 * 5.21-5.25 and 5.73-5.74: the steps still to come this turn whose ids the rules fix now. Land-based
 * air placement alternates one unit at a time (12.11), so only its first step is told (with option
 * air-in-groups each side's one step), and only before it starts: the Japanese place first (5.22) unless they have nothing to place. A submarine
 * step comes only for a side whose submarine is in port this turn (5.25). Battle decisions are not
 * known until the battle is fought.
 */
export function upcomingPhases(s: VitpState): readonly Upcoming[] {
  let known = upcomingOf.get(s);
  if (!known) {
    known = COMBAT_PHASES.includes(s.phase.k) ? afterCombat(s) : stepsToCome(s);
    upcomingOf.set(s, known);
  }
  return known;
}

/**
 * During the combat sequence the steps to come are the turn's invasions and returns (5.73-5.74),
 * whose ids and titles depend on the turn alone: worked out once per turn, not at every battle
 * decision's state.
 */
function afterCombat(s: VitpState): readonly Upcoming[] {
  let known = afterCombatOf.get(s.turn);
  if (!known) afterCombatOf.set(s.turn, (known = stepsToCome(s)));
  return known;
}

const afterCombatOf = new Map<number, readonly Upcoming[]>();

type Upcoming = { readonly phase: Phase; readonly step: StepInfo };

/**
 * The steps to come of each state, worked out once: a state is never changed once made, and its
 * orders are read, checked and drawn in the phase of their step several times a mail.
 */
const upcomingOf = new WeakMap<VitpState, readonly Upcoming[]>();

function stepsToCome(s: VitpState): readonly Upcoming[] {
  if (s.phase.k === 'over') return [];
  const from = position(s.phase);
  const out: Upcoming[] = [];
  SEQUENCE.forEach((ph, i) => {
    if (i <= from || ph.k === 'battle' || ph.k === 'over') return;
    if (ph.k === 'sub' && !submarineReady(s, ph.side)) return;
    if (ph.k === 'lba') {
      const placing = [J, A].filter((side) => !s.lbaDone.includes(side) && placeableAir(s, side).length > 0);
      // in turn, only the first placement is known; air-in-groups: one step a side, so both are
      for (const [i, side] of (airInGroups(s) ? placing : placing.slice(0, 1)).entries()) {
        const lba: Phase = { k: 'lba', side, n: i + 1 };
        out.push({ phase: lba, step: phaseStep(s, lba, s.turn) });
      }
      return;
    }
    out.push({ phase: ph, step: phaseStep(s, ph, s.turn) });
  });
  return out;
}

export const upcomingSteps = (s: VitpState): StepInfo[] => upcomingPhases(s).map((u) => u.step);

/** The phase a step belongs to: the one in play, or one to come; null for a step this state knows nothing of. */
export function phaseOfStep(s: VitpState, step: StepInfo): Phase | null {
  if (stepOf(s)?.id === step.id) return s.phase;
  return upcomingPhases(s).find((u) => u.step.id === step.id)?.phase ?? null;
}

/** The state as a step's orders are read and drawn: today's board, in that step's phase. */
export function atStep(s: VitpState, step: StepInfo): VitpState {
  const ph = phaseOfStep(s, step);
  return ph && ph !== s.phase ? { ...s, phase: ph } : s;
}
