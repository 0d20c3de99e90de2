/**
 * The sequence of play as a step table (4.4-4.5). Step ids name sides, never first or second
 * player (initiative changes every turn): `t3/cp`, `t3/forces`, `t3/subs`, `t3/initiative`,
 * `t3/x05/japanese/ops`. The CP allocation (1A) and the forces (1B-1C) are simultaneous and
 * sealed; the Japanese submarine deployment (1D) is Japan's; initiative (1E) nobody orders; each
 * Execution Phase (2, up to 28 a turn, 4.7) holds an Operations Phase of each side, the first
 * player's first. A row whose rules are not built yet stops the game naming its rule.
 */
import type { StepRow, StepTable } from '../../engine/define';
import { RuleNotImplementedError, type StepInfo } from '../../engine/ruleset';
import type { SolOrder } from './orders';
import { runLogistics } from './rules/logistics';
import { runDefence, runOperations } from './rules/operations';
import { checkCp, checkForces, defaultCp, forceEvents } from './rules/planning';
import { asksSide } from './rules/plans';
import { GAME, guadalcanal, other, SIDES, type SolSide, type SolState } from './state';

const pad = (x: number) => String(x).padStart(2, '0');
const turnName = (s: SolState, turn: number) => s.turnNames[turn - 1] ?? `turn ${turn}`;

export function currentStep(s: SolState): StepInfo | null {
  const when = `Turn ${s.turn} (${turnName(s, s.turn)})`;
  switch (s.phase) {
    case 'over':
      return null;
    case 'cp':
      // 6.2, 52.0 Q&A 4: the allocation is secret; opened, it goes to its side and the referee alone until the game ends
      return {
        id: `t${s.turn}/cp`,
        turn: s.turn,
        title: `${when}: Command Point Segment (1A, 6.2)`,
        mode: 'simultaneous',
        revealTo: 'owners',
        owes: [...SIDES],
        rule: '6.2',
      };
    case 'forces':
      return {
        id: `t${s.turn}/forces`,
        turn: s.turn,
        title: `${when}: reinforcements, supply and task forces (1B-1C, 10.2)`,
        mode: 'simultaneous',
        revealTo: 'owners',
        owes: [...SIDES],
        rule: '10.2',
      };
    case 'logistics':
      // 3: both at once; what a side spends and rolls in logistics is its own (31.0)
      return {
        id: `t${s.turn}/logistics`,
        turn: s.turn,
        title: `${when}: Logistics Phase (3A-3F) and End of Turn (4A-4B)`,
        mode: 'simultaneous',
        revealTo: 'owners',
        owes: [...SIDES],
        rule: '3A',
      };
    case 'initiative':
      return { id: `t${s.turn}/initiative`, turn: s.turn, title: `${when}: initiative (1E)`, mode: 'sequential', owes: [], rule: '1E' };
    case 'defence': {
      // 2A3b: the non-phasing side's defensive CAP and carrier counterstrikes, its own (31.0)
      const side = other(s.phasing!);
      return {
        id: `t${s.turn}/x${pad(s.x)}/${side}/defence`,
        turn: s.turn,
        title: `${when}, Execution Phase ${s.x}: ${side === 'us' ? 'US' : 'Japanese'} defensive air missions (2A3b)`,
        mode: 'sequential',
        revealTo: 'owners',
        owes: [side],
        rule: '2A3b',
      };
    }
    case 'ops': {
      const side = s.phasing!;
      const light = s.x % 2 === 1 ? 'day' : 'night';
      // the side is asked when it has no plan or a trigger of its plan fires; else its plan answers and nobody owes
      const asked = asksSide(s, side);
      return {
        id: `t${s.turn}/x${pad(s.x)}/${side}/${asked ? 'ops' : 'plan'}`,
        turn: s.turn,
        title: `${when}, Execution Phase ${s.x} (${light}): ${side === 'us' ? 'US' : 'Japanese'} Operations Phase (2A, 32.1)${asked ? '' : ', run from the plan'}`,
        mode: 'sequential',
        // plans, loads and intelligence are the side's own: a deadline's default too (52.0 Q&A 3-4)
        revealTo: 'owners',
        owes: asked ? [side] : [],
        rule: '2A',
      };
    }
  }
}

/** What a side may order ahead: the rest of this turn's Planning Phase. */
export function upcomingSteps(s: SolState): StepInfo[] {
  const order = ['cp', 'forces'] as const;
  const i = order.indexOf(s.phase as never);
  if (i < 0) return [];
  return order.slice(i + 1).map((phase) => currentStep({ ...s, phase })!);
}

export const rowOfStep = (step: Pick<StepInfo, 'id'>): string => {
  const parts = step.id.split('/');
  return parts.length === 4 ? parts[3] : parts[1];
};

const resolveCp: StepRow<SolState, SolOrder>['resolve'] = (s, _step, given, ctx) => {
  for (const side of SIDES) {
    const mine = given[side] ?? [];
    const problems = checkCp(s, side, mine);
    if (problems.length) throw new Error(`${GAME}: CP orders of ${side} passed validation but fail: ${problems[0].problem}`);
    const order = mine.find((o) => o.kind === 'cp');
    const alloc = order?.kind === 'cp' ? order.alloc : defaultCp(s, side);
    ctx.emit({ type: 'sol.cp-allocated', data: { side, alloc, byDefault: !order }, visibleTo: [side] });
  }
  ctx.emit({ type: 'sol.phase', data: { phase: 'forces' } });
};

const resolveForces: StepRow<SolState, SolOrder>['resolve'] = (s, _step, given, ctx) => {
  for (const side of SIDES) {
    const mine = given[side] ?? [];
    const problems = checkForces(s, side, mine);
    if (problems.length) throw new Error(`${GAME}: forces of ${side} passed validation but fail: ${problems[0].problem}`);
    for (const e of forceEvents(s, side, mine)) ctx.emit(e);
  }
  ctx.emit({ type: 'sol.phase', data: { phase: 'initiative' } });
};

/** 1E: the side controlling an airfield on Guadalcanal; neither or both: each rolls, high wins (a tie rolls again, as read). */
const resolveInitiative: StepRow<SolState, SolOrder>['resolve'] = (s, _step, _given, ctx) => {
  const holders = new Set(s.airfields.filter((a) => guadalcanal(s).includes(a.hex)).map((a) => a.side));
  let first: SolSide;
  const rolls: { japanese: number; us: number }[] = [];
  if (holders.size === 1) first = [...holders][0];
  else {
    for (;;) {
      const r = { japanese: ctx.dice.d6('initiative, Japan', '1E'), us: ctx.dice.d6('initiative, US', '1E') };
      rolls.push(r);
      if (r.japanese !== r.us) {
        first = r.japanese > r.us ? 'japanese' : 'us';
        break;
      }
    }
  }
  ctx.emit({ type: 'sol.initiative', data: { first, why: holders.size === 1 ? 'airfield' : 'dice', rolls } });
  ctx.emit({ type: 'sol.phase', data: { phase: 'ops', x: 1, phasing: first } });
};

const stop =
  (rule: string, what: string): StepRow<SolState, SolOrder>['resolve'] =>
  (_s, step) => {
    throw new RuleNotImplementedError(GAME, rule, `${what} at ${step.id}`);
  };

export const STEPS: StepTable<SolState, SolOrder> = {
  rows: [
    {
      id: 'cp',
      owes: 'several',
      rule: '1A, 6.2',
      title: 'Command Point Segment: CP allocation',
      for: 'CP',
      deadline: 'orders',
      resolve: resolveCp,
    },
    {
      id: 'forces',
      owes: 'several',
      rule: '1B-1C, 10.2',
      title: 'reinforcements, supply and task forces',
      for: 'FORCES',
      deadline: 'orders',
      resolve: resolveForces,
    },
    {
      id: 'subs',
      owes: 'one',
      rule: '1D, 36.2',
      title: 'Japanese submarine deployment',
      for: 'SUBS',
      deadline: 'placement',
      sides: ['japanese'],
      only: 'when Japan has a submarine available (none at the start)',
      resolve: stop('36.2', 'submarine deployment'),
    },
    { id: 'initiative', owes: 'none', rule: '1E', title: 'initiative', deadline: 'battle', resolve: resolveInitiative },
    {
      id: 'ops',
      owes: 'one',
      rule: '2A',
      title: 'Operations Phase (intelligence, movement; combat not built)',
      for: 'OPS',
      deadline: 'orders',
      only: 'when the side has no plan, or a trigger of its plan fires',
      resolve: (s, step, given, ctx) => runOperations(s, step.id, given[s.phasing!] ?? [], true, ctx),
    },
    {
      id: 'plan',
      owes: 'none',
      rule: '2A',
      title: "Operations Phase run from the side's plan",
      deadline: 'battle',
      resolve: (s, step, _given, ctx) => runOperations(s, step.id, [], false, ctx),
    },
    {
      id: 'defence',
      owes: 'one',
      rule: '2A3b',
      title: 'defensive air missions: CAP against intruders, carrier counterstrikes',
      for: 'DEFENCE',
      deadline: 'orders',
      only: 'by day, when the side has air to fly CAP where enemy aircraft fly, or carrier NAC within reach of an enemy TF',
      resolve: (s, _step, given, ctx) => runDefence(s, given[other(s.phasing!)] ?? [], ctx),
    },
    {
      id: 'logistics',
      owes: 'several',
      rule: '3A-3F, 4A-4B',
      title: 'Logistics Phase (refit, attrition, recovery, entrenchment, construction) and the turn end',
      for: 'LOGISTICS',
      deadline: 'orders',
      resolve: (s, _step, given, ctx) => runLogistics(s, given, ctx),
    },
  ],
  rowOf: rowOfStep,
};
