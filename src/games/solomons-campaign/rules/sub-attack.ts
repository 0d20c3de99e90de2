/**
 * Submarine combat (36.4-36.5). By day, a US TF entering a hex with a Japanese sub gives Japan a
 * chance to attack (a TF already in the hex gives none, 36.5). The chances of one US Naval Movement
 * Sub-Segment are answered together when it ends (a reading: the mail cannot stop a TF mid-move;
 * the TF's move is not changed by the attack, 36.4 (7)): by Japan's standing answer (SUB ATTACK
 * ALWAYS or NEVER), else the umpire asks Japan (step `t{n}/x{kk}/us/sub`, SUB ATTACK / SUB WAIT;
 * the default at the deadline is to wait). An attack: Japan rolls a die (36.4 (1), Japan's alone);
 * a 6 attacks: the US declares the TF's ships and destroyers (36.4 (2), (5)); with no carrier or
 * battleship there is no attack and the sub may try again (36.4 (3), A4); else one carrier or
 * battleship is drawn at random (36.4 (4)) and attacked on the Naval vs Naval column 100-149%,
 * shifted for ASW (36.4 (5); no destroyer: one right, A3), the defender's result applied to it
 * alone (36.4 (6), one die, A2). A sub that attacked is fatigued for the turn (36.5). A TF with no
 * ships meeting a sub leaves the map (10.4, A21). The US learns of the attack, never of a sub that
 * stayed silent.
 */
import type { Dice, RulesEvent } from '../../../engine/ruleset';
import { pick } from '../../../engine/dice';
import type { SolOrder } from '../orders';
import type { SolState } from '../state';
import { columnName, columnOf, crtCell, navalLosses, shiftColumn } from './crt';
import type { SolFold } from './naval';
import type { Problem } from './planning';
import type { SubChance } from './submarine';
import { hitShip } from './surface';
import { markAttacked } from './plans';

const CAPITAL = new Set(['CV', 'CVL', 'CVE', 'BB', 'B', 'BC']);

export type SubAttackEvent =
  | RulesEvent<'sol.sub-roll', { sub: string; hex: string; tf: number; face: number }>
  | RulesEvent<
      'sol.sub-attack',
      {
        sub: string;
        hex: string;
        tf: number;
        ships: number;
        destroyers: number;
        capitals: number;
        target: string | null;
        shift: number;
        column: number | null;
        heading: string | null;
        face: number | null;
        result: 'none' | 'crippled' | 'sunk' | null;
      }
    >;

export const isSubAttackEvent = (e: { type: string }): e is SubAttackEvent => e.type === 'sol.sub-roll' || e.type === 'sol.sub-attack';

export function evolveSubAttack(s: SolState, e: SubAttackEvent): SolState {
  if (e.type === 'sol.sub-roll' || e.data.target === null) return s;
  const b = s.subs.boats[e.data.sub];
  // the US TF attacked (ASK WHEN ATTACKED, rules/plans.ts)
  const attacked = markAttacked(s, 'us', [e.data.tf]);
  return { ...attacked, subs: { ...s.subs, boats: { ...s.subs.boats, [b.id]: { ...b, fatigued: true } } } };
}

/** 36.4 (5): destroyers against carriers and battleships; no destroyer shifts right (A3). */
export function aswShift(destroyers: number, capitals: number): number {
  if (destroyers === 0) return 1;
  if (destroyers >= 2 * capitals) return -1;
  if (capitals >= 2 * destroyers) return 1;
  return 0;
}

/** Japan's answer to each chance: SUB ATTACK / SUB WAIT lines (naming a sub, or all), else the standing answer, else wait. */
export function answersOf(s: SolState, given: readonly SolOrder[]): (sub: string) => boolean {
  const lines = given.filter((o) => o.kind === 'sub-attack' || o.kind === 'sub-wait') as { kind: string; sub: string | null }[];
  return (sub) => {
    const own = lines.find((l) => l.sub === sub) ?? lines.find((l) => l.sub === null);
    if (own) return own.kind === 'sub-attack';
    return s.subs.standing === 'always';
  };
}

/** The interrupt step's orders: SUB ATTACK / SUB WAIT for subs that have a chance, or a new standing answer. */
export function checkSubAnswers(s: SolState, orders: readonly SolOrder[]): Problem[] {
  const subs = new Set(s.subs.chances.map((c) => c.sub));
  return orders.flatMap((o, index): Problem[] => {
    if (o.kind === 'none' || o.kind === 'sub-standing') return [];
    if (o.kind !== 'sub-attack' && o.kind !== 'sub-wait')
      return [{ index, problem: 'this step takes SUB ATTACK or SUB WAIT', rule: '36.4' }];
    if (o.sub && !subs.has(o.sub)) return [{ index, problem: `${o.sub} has no US TF entering its hex now`, rule: '36.4' }];
    return [];
  });
}

/** 36.4: one chance. */
function chance(f: SolFold, dice: Dice, c: SubChance, attack: boolean): void {
  const s = f.s;
  const sub = s.subs.boats[c.sub];
  const tf = s.forces.us.taskForces[c.tf];
  if (!sub || sub.fatigued || sub.at !== c.hex || !tf) return;
  if (tf.ships.length === 0) {
    f.emit({ type: 'sol.tf-removed', data: { side: 'us', tf: tf.id, at: tf.at, rule: '10.4' } });
    return;
  }
  if (!attack) return;
  const face = dice.d6(`submarine attack by ${c.sub} at ${c.hex}`, '36.4 (1)', { visibleTo: ['japanese'] });
  f.emit({ type: 'sol.sub-roll', data: { sub: c.sub, hex: c.hex, tf: c.tf, face }, visibleTo: ['japanese'] });
  if (face !== 6) return;
  const ships = tf.ships.map((id) => s.forces.us.ships[id]).filter(Boolean);
  const capitals = ships
    .filter((x) => CAPITAL.has(x.type))
    .map((x) => x.id)
    .sort();
  const destroyers = ships.filter((x) => x.type === 'DD').length;
  const base = { sub: c.sub, hex: c.hex, tf: c.tf, ships: ships.length, destroyers, capitals: capitals.length };
  if (!capitals.length) {
    f.emit({
      type: 'sol.sub-attack',
      data: { ...base, target: null, shift: 0, column: null, heading: null, face: null, result: null },
    });
    return;
  }
  const target = pick(dice, capitals, `carrier or battleship drawn for the attack of ${c.sub}`, '36.4 (4)');
  const shift = aswShift(destroyers, capitals.length);
  const column = shiftColumn(columnOf('navalVsNaval', 100)!, shift);
  const die = dice.d6(`submarine attack on ${target}`, '36.4 (6)');
  const losses = navalLosses(crtCell(column, die).d, 1);
  const result = losses.sunk ? 'sunk' : losses.crippled ? 'crippled' : 'none';
  f.emit({
    type: 'sol.sub-attack',
    data: { ...base, target, shift, column: column + 1, heading: columnName('navalVsNaval', column), face: die, result },
  });
  if (result !== 'none') hitShip(f, dice, 'us', target, result, '36.4');
}

/** The chances of this movement, in the order the TFs entered, each answered by `attack`. */
export function resolveChances(f: SolFold, dice: Dice, attack: (sub: string) => boolean): void {
  for (const c of f.s.subs.chances) chance(f, dice, c, attack(c.sub));
  f.emit({ type: 'sol.sub-done', data: {} });
}

export function narrateSubAttack(e: SubAttackEvent): string[] {
  const d = e.data;
  if (e.type === 'sol.sub-roll')
    return [`Japan: ${d.sub} rolls ${d.face} against US TF ${d.tf} at ${d.hex}: ${d.face === 6 ? 'it attacks' : 'no attack'} (36.4 (1)).`];
  const a = e.data;
  const head = `Submarine ${a.sub} attacks US TF ${a.tf} at ${a.hex}: ${a.ships} ships, ${a.destroyers} destroyers (36.4 (2), (5))`;
  if (!a.target) return [`${head}; no carrier or battleship, no attack (36.4 (3)).`];
  return [
    `${head}; ${a.target} drawn among ${a.capitals}; column ${a.heading} (ASW shift ${a.shift}), die ${a.face}: ${a.target} ${a.result === 'none' ? 'unharmed' : a.result} (36.4 (4)-(6)).`,
  ];
}
