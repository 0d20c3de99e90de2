/**
 * The sequence of play as a step table (4.4-4.5). Step ids name sides, never first or second
 * player (initiative changes every turn): `t3/cp`, `t3/forces`, `t3/subs`, `t3/initiative`,
 * `t3/x05/japanese/ops`. The CP allocation (1A) and the forces (1B-1C) are simultaneous and
 * sealed; the Japanese submarine deployment (1D) is Japan's; initiative (1E) nobody orders; each
 * Execution Phase (2, up to 28 a turn, 4.7) holds an Operations Phase of each side, the first
 * player's first; with optional rule 45 it opens with the sealed Air Mission Assignment
 * Sub-Segment, `t3/x05/air-assign` (45.1-45.2), when a side has air to assign. A row whose rules are not built yet stops the game naming its rule.
 */
import type { StepRow, StepTable } from '../../engine/define';
import type { RulesEvent, StepInfo } from '../../engine/ruleset';
import type { SolOrder } from './orders';
import { Fold } from '../kit';
import { checkChoices, resolveChoices } from './rules/additional-forces';
import { assignWanted, enterExecutionPhase, resolveAssign } from './rules/air-assign';
import { evolveSol } from './rules/events';
import { runLogistics } from './rules/logistics';
import type { SolFold } from './rules/naval';
import { runRandomEvents } from './rules/random-events';
import { checkCp, checkForces, defaultCp, forceEvents } from './rules/planning';
import { asksSide } from './rules/plans';
import { DEFENCE_KIND, LOGISTICS_KIND, RECON_KIND } from './rules/standing';
import { continueOperations, runDefence, runOperations, runRecon } from './rules/operations';
import { usesSpecial, defaultCpRest, specialIntel } from './rules/special-intel';
import { subEvents, subsDue } from './rules/submarine';
import { passEvents } from './rules/pass';
import { GAME, guadalcanal, other, SIDES, type SolSide, type SolState } from './state';

const pad = (x: number) => String(x).padStart(2, '0');
const turnName = (s: SolState, turn: number) => s.turnNames[turn - 1] ?? `turn ${turn}`;

export function currentStep(s: SolState): StepInfo | null {
  const when = `Turn ${s.turn} (${turnName(s, s.turn)})`;
  switch (s.phase) {
    case 'over':
      return null;
    case 'events':
      // 40.1 (optional): the random event, at the very start of the turn; nobody orders it
      return {
        id: `t${s.turn}/random-events`,
        turn: s.turn,
        title: `${when}: random events (40.1)`,
        mode: 'sequential',
        owes: [],
        rule: '40.1',
      };
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
    case 'cp-us':
      // 6.6: the US allocates the rest after its special intelligence
      return {
        id: `t${s.turn}/cp/us`,
        turn: s.turn,
        title: `${when}: US CP allocation after special intelligence (1A, 6.6)`,
        mode: 'sequential',
        revealTo: 'owners',
        owes: ['us'],
        rule: '6.6',
      };
    case 'subs':
      return {
        id: `t${s.turn}/subs`,
        turn: s.turn,
        title: `${when}: Japanese Submarine Deployment Segment (1D, 36.2)`,
        mode: 'sequential',
        revealTo: 'owners',
        owes: ['japanese'],
        rule: '36.2',
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
    case 'assign':
      // 45.2 (optional): both sides at once, each side's assignments its own until its missions are resolved
      return {
        id: `t${s.turn}/x${pad(s.x)}/air-assign`,
        turn: s.turn,
        title: `${when}, Execution Phase ${s.x} (${s.x % 2 === 1 ? 'day' : 'night'}): Air Mission Assignment Sub-Segment (45.2)`,
        mode: 'simultaneous',
        revealTo: 'owners',
        owes: SIDES.filter((side) => assignWanted(s, side)),
        rule: '45.2',
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
    case 'recon': {
      // 28.3 optional: the defender's recon CP for the ground attack about to be resolved, sealed to him until spent
      const side = other(s.phasing!);
      return {
        id: `t${s.turn}/x${pad(s.x)}/${side}/recon-${s.recon?.n ?? 1}`,
        turn: s.turn,
        title: `${when}, Execution Phase ${s.x}: ${side === 'us' ? 'US' : 'Japanese'} recon/withdrawal CP against the attack at ${s.recon?.hex ?? '?'} (28.3 optional)`,
        mode: 'sequential',
        revealTo: 'owners',
        owes: [side],
        rule: '28.3',
      };
    }
    case 'ops': {
      const side = s.phasing!;
      // 36.4: a US TF entered a sub's hex by day and Japan has no standing answer: Japan is asked
      if (s.subs.waiting)
        return {
          id: `t${s.turn}/x${pad(s.x)}/${side}/sub`,
          turn: s.turn,
          title: `${when}, Execution Phase ${s.x}: submarine attack chances (36.4)`,
          mode: 'sequential',
          revealTo: 'owners',
          owes: ['japanese'],
          rule: '36.4',
        };
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
  const order = ['cp', 'cp-us', 'forces'] as const;
  const i = order.indexOf(s.phase as never);
  if (i < 0) return [];
  return order
    .slice(i + 1)
    .filter((phase) => phase !== 'cp-us')
    .map((phase) => currentStep({ ...s, phase })!);
}

export const rowOfStep = (step: Pick<StepInfo, 'id'>): string => {
  const parts = step.id.split('/');
  if (parts.length === 3 && parts[1] === 'cp') return 'cp-us';
  if (parts.length === 3 && parts[2] === 'air-assign') return 'air-assign';
  // 28.3 optional: `…/recon-<k>`, the k-th attack of the phase
  if (parts.length === 4 && /^recon-\d+$/.test(parts[3])) return 'recon';
  return parts.length === 4 ? parts[3] : parts[1];
};

const resolveCp: StepRow<SolState, SolOrder>['resolve'] = (s, _step, given, ctx) => {
  // 6.6: a US SPECIAL INTEL line puts its allocation after the roll, at t{n}/cp/us
  const special = usesSpecial(given.us ?? []);
  for (const side of SIDES) {
    const mine = given[side] ?? [];
    if (side === 'us' && special) continue;
    const problems = checkCp(s, side, mine);
    if (problems.length) throw new Error(`${GAME}: CP orders of ${side} passed validation but fail: ${problems[0].problem}`);
    const order = mine.find((o) => o.kind === 'cp');
    const alloc = order?.kind === 'cp' ? order.alloc : defaultCp(s, side);
    ctx.emit({ type: 'sol.cp-allocated', data: { side, alloc, byDefault: !order }, visibleTo: [side] });
  }
  if (special) {
    const j = (given.japanese ?? []).find((o) => o.kind === 'cp');
    ctx.emit(specialIntel(s, j?.kind === 'cp' ? j.alloc : defaultCp(s, 'japanese'), ctx.dice));
  }
  ctx.emit({ type: 'sol.phase', data: { phase: special ? 'cp-us' : 'forces' } });
};

/** 6.6: the US allocation after special intelligence (its CP less the one spent). */
const resolveCpUs: StepRow<SolState, SolOrder>['resolve'] = (s, _step, given, ctx) => {
  const order = (given.us ?? []).find((o) => o.kind === 'cp');
  const alloc = order?.kind === 'cp' ? order.alloc : defaultCpRest(s);
  ctx.emit({ type: 'sol.cp-allocated', data: { side: 'us', alloc, byDefault: !order }, visibleTo: ['us'] });
  ctx.emit({ type: 'sol.phase', data: { phase: 'forces' } });
};

/** 1D (36.2-36.6): rules/submarine.ts. */
const resolveSubs: StepRow<SolState, SolOrder>['resolve'] = (s, _step, given, ctx) => {
  for (const e of subEvents(s, given.japanese ?? [], s.logData.refitTurns.SS)) ctx.emit(e);
  ctx.emit({ type: 'sol.phase', data: { phase: 'initiative' } });
};

const resolveForces: StepRow<SolState, SolOrder>['resolve'] = (s, _step, given, ctx) => {
  const f: SolFold = new Fold<SolState, RulesEvent>(s, evolveSol, (e) => ctx.emit(e));
  for (const side of SIDES) {
    const mine = (given[side] ?? []).filter((o) => o.kind !== 'pass');
    const problems = [...checkForces(s, side, mine), ...checkChoices(s, side, mine)];
    if (problems.length) throw new Error(`${GAME}: forces of ${side} passed validation but fail: ${problems[0].problem}`);
  }
  const plain = (side: SolSide) => (given[side] ?? []).filter((o) => o.kind !== 'pass');
  // 1B (30, 38, 39) before 1C: what arrives now is placed first
  for (const side of SIDES) resolveChoices(f, ctx.dice, side, plain(side));
  for (const side of SIDES) for (const e of forceEvents(s, side, plain(side))) f.emit(e);
  // 4.6: offers to pass go with the forces
  for (const side of SIDES) for (const e of passEvents(side, given[side] ?? [])) f.emit(e);
  f.emit({ type: 'sol.phase', data: { phase: subsDue(f.s) ? 'subs' : 'initiative' } });
  return f.s;
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
  ctx.emit(enterExecutionPhase(s, 1, first));
};

export const STEPS: StepTable<SolState, SolOrder> = {
  rows: [
    {
      id: 'random-events',
      owes: 'none',
      rule: '40.1',
      title: 'random events (optional rule 40)',
      deadline: 'battle',
      only: 'with the random events option, from turn 2',
      resolve: (s, _step, _given, ctx) => runRandomEvents(s, ctx),
    },
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
      id: 'cp-us',
      owes: 'one',
      rule: '6.6',
      title: 'US CP allocation after special intelligence',
      for: 'CPUS',
      deadline: 'orders',
      sides: ['us'],
      only: 'when the US used special intelligence',
      resolve: resolveCpUs,
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
      only: 'when Japan has a submarine on the map or to place (none at the start)',
      resolve: resolveSubs,
    },
    { id: 'initiative', owes: 'none', rule: '1E', title: 'initiative', deadline: 'battle', resolve: resolveInitiative },
    {
      id: 'air-assign',
      owes: 'several',
      rule: '45.1-45.2',
      title: 'Air Mission Assignment Sub-Segment (optional rule 45)',
      for: 'ASSIGN',
      deadline: 'orders',
      only: 'with the air mission assignment option, when a side has air able to fly that it has not assigned this turn',
      resolve: (s, _step, given, ctx) => resolveAssign(s, given, ctx),
    },
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
      id: 'sub',
      owes: 'one',
      rule: '36.4',
      title: 'submarine attack chances in a US Operations Phase',
      for: 'SUB',
      deadline: 'battle',
      sides: ['japanese'],
      only: 'by day, when a US TF entered a submarine’s hex and Japan has no standing answer',
      resolve: (s, _step, given, ctx) => continueOperations(s, given.japanese ?? [], ctx),
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
      standing: [DEFENCE_KIND],
      resolve: (s, _step, given, ctx) => runDefence(s, given[other(s.phasing!)] ?? [], ctx),
    },
    {
      id: 'recon',
      owes: 'one',
      rule: '28.3',
      title: 'recon/withdrawal: the defender commits CP before a ground attack (28.3 optional)',
      for: 'RECON',
      deadline: 'battle',
      option: 'recon-withdrawal',
      only: 'with the recon/withdrawal option, as each ground attack begins, unless a STANDING RECON line answers',
      // STANDING RECON lines answer it (rules/standing.ts); none in force at the start
      standing: [RECON_KIND],
      resolve: (s, _step, given, ctx) => runRecon(s, given[other(s.phasing!)] ?? [], ctx),
    },
    {
      id: 'logistics',
      owes: 'several',
      rule: '3A-3F, 4A-4B',
      title: 'Logistics Phase (refit, attrition, recovery, entrenchment, construction) and the turn end',
      for: 'LOGISTICS',
      deadline: 'orders',
      // STANDING LOGISTICS lines answer it (rules/standing.ts); none in force at the start
      standing: [LOGISTICS_KIND],
      resolve: (s, _step, given, ctx) => runLogistics(s, given, ctx),
    },
  ],
  rowOf: rowOfStep,
};
