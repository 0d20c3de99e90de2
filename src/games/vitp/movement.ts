/**
 * The movement sequence (5.21, 5.23, 5.24) and how ships move (6.1–6.4, 13.1, 17.x, 18.2x).
 * Orders are checked here and carried out at the end of the step, speed rolls last (6.43).
 */
import type { LineError } from '../../engine/ruleset';
import type { Tx } from './events';
import type { Order, OrderOf, Unit, VitpState, VSide } from './types';
import { currentSpeed, enemyControlled, moveAllowance, needsSpeedRoll, reachable, route, seaworthy } from './world';
import { unitOf } from './events';

export type MoveMode = 'patrol' | 'raid' | 'amph';

/** 18.21–18.22: on turn 1 the raid force stays put and only five Allied cruisers may move. */
export function frozenOnTurnOne(s: VitpState, u: Unit): boolean {
  if (s.turn !== 1) return false;
  if (u.side === 'japanese') return !(u.loc.at === 'port' && u.loc.place === 'Yokosuka Navy Yard');
  return !(u.kind === 'ship' && u.arrivalTurn === 1 && ['A', 'S', 'M'].includes(u.arrivalAt));
}

/**
 * Who may move in this step: 6.11–6.12 (in port, not yet moved or repairing; raiders only if turned
 * white side up in the patrol step, 5.21), 11.3 (seaworthy), 13.1.
 */
export function canMove(s: VitpState, u: Unit, mode: MoveMode): boolean {
  if (u.loc.at !== 'port' || u.moved || u.repaired || !seaworthy(u) || frozenOnTurnOne(s, u)) return false;
  if (mode === 'amph') return u.kind === 'amph';
  return u.kind === 'ship' && (mode === 'raid') === u.raider;
}

/** 5.21 / 6.12: ships turned white side up in port now may raid later; they may not patrol. */
export function checkRaiderDesignation(s: VitpState, side: VSide, orders: readonly Order[]): LineError[] {
  const errors: LineError[] = [];
  for (const o of orders) {
    if (o.t !== 'raiders') continue;
    for (const id of o.units) {
      const u = unitOf(s.units, id)!;
      const err = (problem: string, rule: string) => errors.push({ line: o.line, text: o.text, problem: `${u.name}: ${problem}`, rule });
      if (u.side !== side) err('is not yours', '4.1');
      else if (!canMove(s, u, 'patrol')) {
        const why = whyNot(s, u, 'patrol');
        err(why.problem, why.rule === '6.1' ? '6.12' : why.rule);
      }
    }
  }
  return errors;
}

export function resolveRaiderDesignation(tx: Tx, orders: readonly Order[]): void {
  for (const o of orders) {
    if (o.t === 'raiders') for (const id of o.units) tx.unit(id, { raider: true }, 'is turned white side up in port, to raid', '5.21');
  }
}

export const movers = (s: VitpState, side: VSide, mode: MoveMode): Unit[] => s.units.filter((u) => u.side === side && canMove(s, u, mode));

export function routeFor(s: VitpState, u: Unit, mode: MoveMode, to: string, via: string | null): string[] | null {
  if (u.loc.at !== 'port') return null;
  return route(s, u.side, u.loc.place, to, moveAllowance(u, mode), via);
}

/** Legal destinations of one unit in this step (for help text and the random player). */
export function destinations(s: VitpState, u: Unit, mode: MoveMode): string[] {
  if (u.loc.at !== 'port') return [];
  const reached = reachable(s, u.side, u.loc.place, moveAllowance(u, mode));
  return s.map.areas.map((a) => a.name).filter((a) => reached.has(a));
}

export function checkMoves(s: VitpState, side: VSide, orders: readonly Order[], mode: MoveMode): LineError[] {
  const errors: LineError[] = [];
  for (const o of orders) {
    if (o.t !== 'move') continue;
    if (o.mode !== mode) {
      errors.push({
        line: o.line,
        text: o.text,
        problem: `this step takes ${mode === 'amph' ? 'MOVE (amphibious)' : mode.toUpperCase()} orders, not ${o.mode.toUpperCase()}`,
        rule: '5.2',
      });
      continue;
    }
    for (const id of o.units) {
      const u = unitOf(s.units, id)!;
      const err = (problem: string, rule: string, hint?: string) =>
        errors.push({ line: o.line, text: o.text, problem: `${u.name}: ${problem}`, rule, hint });
      if (u.side !== side) err('is not yours', '4.1');
      else if (!canMove(s, u, mode)) {
        const why = whyNot(s, u, mode);
        err(why.problem, why.rule);
      } else if (!routeFor(s, u, mode, o.to, o.via)) {
        const can = destinations(s, u, mode);
        const why = tooFar(s, u, mode, o.to, o.via);
        err(
          `cannot reach ${o.to}${o.via ? ` via ${o.via}` : ''} this step: ${why.problem}`,
          why.rule,
          can.length ? `it can reach: ${can.join(', ')}` : 'it cannot reach any sea area',
        );
      }
    }
  }
  return errors;
}

/**
 * Why a route is refused, and the rule broken: the enemy-control stop (6.3) only when the move would
 * be within the unit's allowance were it not for an enemy-controlled area on the way; otherwise the
 * allowance itself: two areas patrolling (6.21-6.22), three raiding for Japanese and US ships (6.23),
 * two for British (17.24) and Australian and Dutch (17.32) raiders, two for amphibious units (6.224).
 */
function tooFar(s: VitpState, u: Unit, mode: MoveMode, to: string, via: string | null): { problem: string; rule: string } {
  const from = u.loc.at === 'port' ? u.loc.place : '';
  const max = moveAllowance(u, mode);
  const open = route(s, u.side, from, to, max, via, false);
  if (open) {
    const stop = open.slice(0, -1).find((a) => enemyControlled(s, a, u.side));
    return {
      problem: `it must stop in ${stop ?? 'the first enemy-controlled area it enters'}, which the enemy controls`,
      rule: '6.3',
    };
  }
  const areas = `${max} sea area${max > 1 ? 's' : ''}`;
  if (mode === 'amph') return { problem: `too far: amphibious units move at most ${areas}`, rule: '6.224' };
  if (mode === 'patrol') return { problem: `too far: patrolling ships move at most ${areas}`, rule: '6.22' };
  if (u.nation === 'JP' || u.nation === 'US') return { problem: `too far: raiders move at most ${areas}`, rule: '6.23' };
  return u.nation === 'GB'
    ? { problem: `too far: British raiders go ${areas}, not three`, rule: '17.24' }
    : { problem: `too far: Australian and Dutch raiders go ${areas}, not three`, rule: '17.32' };
}

/** Why a unit may not make this kind of move, and the rule that says so. */
function whyNot(s: VitpState, u: Unit, mode: MoveMode): { problem: string; rule: string } {
  if (frozenOnTurnOne(s, u))
    return {
      problem: 'cannot move on turn 1 (18.21-18.22)',
      rule: u.side === 'japanese' ? '18.21' : '18.22',
    };
  if (u.loc.at !== 'port') return { problem: 'is not in a port or base: every move starts from one (6.21)', rule: '6.21' };
  if (u.repaired) return { problem: 'is being repaired this turn and may not move (11.1)', rule: '11.1' };
  if (u.moved) return { problem: 'has already moved this turn', rule: '6.1' };
  if (mode === 'raid' && u.kind === 'ship' && !u.raider)
    return {
      problem: 'was not turned white side up (RAIDERS) in the patrol step, so it may not raid (5.21, 6.12)',
      rule: '6.12',
    };
  if (mode === 'patrol' && u.raider) return { problem: 'is waiting to raid and may not patrol (6.12)', rule: '6.12' };
  if (!seaworthy(u))
    return {
      problem: 'has more damage than armor: it rests on the bottom and cannot go to sea until repaired (9.41, 11.3)',
      rule: '9.41',
    };
  return {
    problem: mode === 'amph' ? 'is not an amphibious unit' : 'is not a surface ship',
    rule: mode === 'amph' ? '13.1' : '6.1',
  };
}

/** Carry out the step's moves, then the speed rolls (6.43). */
export function resolveMoves(tx: Tx, _side: VSide, orders: readonly Order[], mode: MoveMode): void {
  const moved: { id: string; path: string[] }[] = [];
  for (const o of orders.filter((x): x is OrderOf<'move'> => x.t === 'move')) {
    for (const id of o.units) {
      const u = unitOf(tx.s.units, id)!;
      const path = routeFor(tx.s, u, mode, o.to, o.via)!;
      const from = u.loc.at === 'port' ? u.loc.place : null;
      tx.unit(
        id,
        { loc: { at: 'sea', area: o.to, mode }, moved: true, sailedFrom: from },
        `${mode === 'patrol' ? 'patrols' : mode === 'raid' ? 'raids' : 'sails'} to ${o.to} via ${path.join(' - ')}`,
        mode === 'patrol' ? '5.21' : mode === 'raid' ? '5.24' : '5.23',
      );
      moved.push({ id, path });
    }
  }
  for (const m of moved) speedRoll(tx, m.id, m.path, mode);
}

/** 6.4: pass when speed beats the die; 7 and 8 always pass. 6.41 / 6.42 say what failing costs. */
function speedRoll(tx: Tx, id: string, path: string[], mode: MoveMode): void {
  const u = unitOf(tx.s.units, id)!;
  if (!path.some((_, i) => needsSpeedRoll(u, mode, i + 1))) return;
  const speed = currentSpeed(u);
  const area = path[path.length - 1];
  const die = speed >= 7 ? null : tx.dice.d6(`speed roll, ${u.name} entering ${area}`, '6.4');
  const passed = die === null || speedRollPasses(speed, die);
  tx.emit('vitp.speed-roll', { id, name: u.name, speed, die, passed, area, rule: '6.4' });
  if (passed) return;
  if (mode === 'patrol') {
    tx.unit(id, { loc: { at: 'sea', area, mode: 'raid' } }, `failed its speed roll: enters ${area} as a raider`, '6.41');
  } else {
    tx.unit(id, { loc: { at: 'transit', area: path[path.length - 2] ?? null } }, 'failed its speed roll and turns back to harbor', '6.42');
  }
}

/** 6.4: the ship must beat the die; 7 and 8 beat any die. */
export function speedRollPasses(speed: number, die: number): boolean {
  return speed > die;
}
