/**
 * Ground combat (28.x), in the phasing side's Ground Combat Sub-Segment (2A3g), one ATTACK line a
 * hex. The attacker names the units and how they are paired (28.2 (2), (4)); without a pairing all
 * his units able to attack go against every defender in one grand attack. Per sub-attack (28.3):
 * attack supply, one point a 9 battalions of that sub-attack (28.3 (1), 28.4; all of it shown before
 * the first, 28.2 (2)); attack strength; the defender's supply (his standing answer, default: all he
 * can, rules/plans.ts GROUND_DEFAULTS), unsupplied units at half keeping the half (28.3 (3)); the
 * percentage on the ground row; shifts summed then clamped (11.10): Army and Navy together -1 unless
 * a Combined CP is spent (7.2, 7.4), US at night -1, the defender entrenched -1 (37.3 note: 50% of
 * his battalions in the hex, and only for a sub-attack on the entrenched group, A19); each side
 * rolls and reads its own side of its own row (28.3 (7)), the defender's result first. Losses: the
 * owner's default (GROUND_DEFAULTS) breaks the largest unit for a cohesion loss and eliminates a
 * battalion only with nothing left to break; battalion losses take loose battalions first and break
 * larger units as needed (50.0 results definitions); more cohesion losses than units in a one-unit
 * force: only one applies (50.0, A20). After the hex's attacks (28.6): a side that cleared every
 * enemy ground unit from the hex destroys the grounded enemy air there, takes the enemy airbase
 * (24.3: capacity 3; the default occupies) and rolls for the enemy supply (29.9). Attackers are
 * fatigued for the turn (11.6). A US attack's close air and naval gunfire support (28.3 (2), 16.x)
 * is added after the attack supply (rules/support.ts). With Multiple Combats (46.0, optional) fatigued
 * units attack again: fatigued attackers and defenders count half (rounded down), and a force
 * attacking with fatigued units takes its losses doubled (46.1; a reading: any fatigued unit in it).
 */
import type { Dice } from '../../../engine/ruleset';
import type { GroundData } from '../box/deployment';
import { other, type SolSide, type SolState } from '../state';
import { groundAt } from './contacts';
import { battalionsOf, breakDownOnce, smallFirst, strengthOf } from './echelons';
import type { Shift } from './ground-events';
import type { SolFold } from './naval';
import type { GroundGroup } from './ops-orders';
import { GROUND_DEFAULTS } from './plans';
import { supportOf } from './support';
import { multipleCombats, withFatigue } from './fatigue';

type Note = (text: string, rule: string) => void;
type Unit = SolState['forces'][SolSide]['ground'][number];

/** The ground row's column (1-9) of a percentage; "..." columns (null) only by shifts (11.11). */
export function columnOf(s: SolState, percent: number): number {
  const i = s.groundData.columns.findIndex((c) => c !== null && percent >= c.min && (c.max === null || percent <= c.max));
  return i + 1;
}

const bnOf = (s: SolState, units: readonly GroundData[]) => units.reduce((t, g) => t + battalionsOf(s, g), 0);
const perSupply = 9;
/** 49.1: the highest odds at which Japan may declare Banzai! */
const BANZAI_MAX_PERCENT = 149;

/** 28.3 (3) default: as much of the force in supply as the hex's supply covers, larger units first. */
export function defensiveSupply(s: SolState, units: readonly GroundData[], have: number): { spent: number; supplied: string[] } {
  if (GROUND_DEFAULTS.defendSupply === 'none') return { spent: 0, supplied: [] };
  const spent = Math.min(have, Math.ceil(bnOf(s, units) / perSupply));
  let room = spent * perSupply;
  const supplied: string[] = [];
  for (const g of [...units].sort((a, b) => smallFirst(s)(b, a))) {
    const n = battalionsOf(s, g);
    if (n <= room) {
      room -= n;
      supplied.push(g.id);
    }
  }
  return { spent, supplied };
}

/** The units of `ids` still on the map in the hex. */
const unitsOf = (s: SolState, side: SolSide, hex: string, ids: ReadonlySet<string>): Unit[] =>
  groundAt(s, side, hex).filter((g) => ids.has(g.id));

/** A cohesion loss (50.0): break the largest unit one level; with battalions only, eliminate one. */
function cohesionLoss(f: SolFold, side: SolSide, hex: string, force: Set<string>): void {
  const units = unitsOf(f.s, side, hex, force).sort(smallFirst(f.s));
  const big = [...units].reverse().find((g) => g.size !== 'battalion');
  if (big) {
    const into = breakDownOnce(f.s, big);
    f.emit({ type: 'sol.ground-loss', data: { side, hex, kind: 'break', unit: big.id, into, battalions: 0, why: 'cohesion' } });
    force.delete(big.id);
    for (const u of into) force.add(u.id);
    return;
  }
  // engineers last: they build (33.x)
  const bn = units.find((g) => g.type !== 'engineer') ?? units[0];
  if (!bn) return;
  f.emit({ type: 'sol.ground-loss', data: { side, hex, kind: 'eliminate', unit: bn.id, into: [], battalions: 1, why: 'cohesion' } });
  force.delete(bn.id);
}

/** Battalion losses (50.0): loose battalions first, whole units when the loss covers them, else broken. */
function battalionLosses(f: SolFold, side: SolSide, hex: string, force: Set<string>, n: number): void {
  let left = n;
  while (left > 0) {
    const u = unitsOf(f.s, side, hex, force).sort(smallFirst(f.s))[0];
    if (!u) return;
    const b = battalionsOf(f.s, u);
    if (b <= left) {
      f.emit({ type: 'sol.ground-loss', data: { side, hex, kind: 'eliminate', unit: u.id, into: [], battalions: b, why: 'battalions' } });
      force.delete(u.id);
      left -= b;
    } else {
      const into = breakDownOnce(f.s, u);
      f.emit({ type: 'sol.ground-loss', data: { side, hex, kind: 'break', unit: u.id, into, battalions: 0, why: 'battalions' } });
      force.delete(u.id);
      for (const p of into) force.add(p.id);
    }
  }
}

/** One side of a result on its force (50.0 ground results). */
function applyResult(f: SolFold, dice: Dice, side: SolSide, hex: string, force: Set<string>, r: number | null, times: number): void {
  if (r === null) return;
  if (r <= 1) {
    const one = force.size === 1;
    for (let i = 0; i < (r + 1) * times && !(i > 0 && one); i++) cohesionLoss(f, side, hex, force);
    return;
  }
  const n = Array.from({ length: r - 1 }, (_, k) =>
    dice.d6(`${side} battalions lost at ${hex}${r === 3 ? ` (die ${k + 1})` : ''}`, '50.0', { visibleTo: 'all' }),
  ).reduce((a, b) => a + b, 0);
  battalionLosses(f, side, hex, force, n * times);
}

/** The sub-attacks of an ATTACK line as unit ids, or why the line cannot be carried out. */
function pairing(
  s: SolState,
  side: SolSide,
  hex: string,
  groups: readonly GroundGroup[] | undefined,
): { a: string[]; d: string[] }[] | string {
  const enemy = other(side);
  const mine = groundAt(s, side, hex);
  const theirs = groundAt(s, enemy, hex).map((g) => g.id);
  // 11.6: a unit attacks once a turn (46.0 optional: again, fatigued)
  const able = (g: Unit) => g.type !== 'engineer' && (g.attacked !== s.turn || multipleCombats(s)) && strengthOf(s, side, g, true) > 0;
  if (!groups?.length) {
    const a = mine.filter(able).map((g) => g.id);
    return a.length
      ? [{ a, d: theirs }]
      : 'none of your units there can attack (engineers defend only, 28.5; a unit attacks once a turn, 11.6)';
  }
  const usedA = new Set<string>();
  const named = new Set(groups.flatMap((g) => (g.defenders === 'all' ? [] : g.defenders)));
  const out: { a: string[]; d: string[] }[] = [];
  for (const g of groups) {
    const a =
      g.attackers === 'all'
        ? mine.filter((u) => able(u) && !groups.some((x) => x.attackers !== 'all' && x.attackers.includes(u.id))).map((u) => u.id)
        : [...g.attackers];
    for (const id of a) {
      const u = mine.find((x) => x.id === id);
      if (!u) return `${id} is not one of your ground units in ${hex}`;
      if (!able(u)) return `${id} cannot attack (engineers defend only, 28.5; a unit attacks once a turn, 11.6)`;
      if (usedA.has(id)) return `${id} attacks twice: each unit attacks once (28.2 (4))`;
      usedA.add(id);
    }
    const d = g.defenders === 'all' ? theirs.filter((id) => !named.has(id)) : [...g.defenders];
    for (const id of d) if (!theirs.includes(id)) return `${id} is no enemy unit in ${hex} (28.2 (3): the defender's units are shown)`;
    if (!a.length || !d.length) return 'a sub-attack needs attackers and defenders (28.2 (4))';
    out.push({ a, d });
  }
  const hit = out.flatMap((x) => x.d);
  if (new Set(hit).size !== hit.length) return 'a defending unit is attacked twice (28.2 (4))';
  const missed = theirs.filter((id) => !hit.includes(id));
  if (missed.length) return `every defending unit must be attacked: ${missed.join(', ')} not (28.2 (4))`;
  return out;
}

/** How an ATTACK line is fought: 7.4 Combined CP, 49.1 Banzai!, 16.1 naval gunfire support (TFs, or every TF there). */
export interface AttackHow {
  readonly combined: boolean;
  readonly banzai: boolean;
  readonly ngs?: readonly number[] | 'all';
}

/** 28.2: the sub-attacks of an ATTACK line, or the note why it is not carried out (a pairing broken, attack supply short). */
export function groundPlan(
  s: SolState,
  side: SolSide,
  hex: string,
  groups: readonly GroundGroup[] | undefined,
): { a: string[]; d: string[] }[] | { text: string; rule: string } {
  const plan = pairing(s, side, hex, groups);
  if (typeof plan === 'string') return { text: `ATTACK ${hex}: ${plan}; no attack`, rule: '28.2' };
  const need = plan.reduce((t, p) => t + Math.ceil(bnOf(s, unitsOf(s, side, hex, new Set(p.a))) / perSupply), 0);
  const have = s.forces[side].supply[hex] ?? 0;
  if (need > have)
    return {
      text: `ATTACK ${hex}: attack supply ${need} needed (a point a 9 battalions of each sub-attack), ${have} there; no attack`,
      rule: '28.4',
    };
  return plan;
}

/** 2A3g: one ATTACK line at a ground contact in `hex`; false when it was not fought. */
export function groundCombat(
  f: SolFold,
  dice: Dice,
  side: SolSide,
  hex: string,
  groups: readonly GroundGroup[] | undefined,
  { combined, banzai, ngs }: AttackHow,
  note: Note,
): boolean {
  const enemy = other(side);
  const plan = groundPlan(f.s, side, hex, groups);
  if (!Array.isArray(plan)) {
    note(plan.text, plan.rule);
    return false;
  }
  // 28.3 (2): US close air and naval gunfire support, sub-attack by sub-attack
  const support = supportOf(
    f,
    dice,
    side,
    hex,
    plan.map((p) => unitsOf(f.s, side, hex, new Set(p.a))),
    ngs,
    note,
  );
  for (const [i, p] of plan.entries()) {
    const s = f.s;
    const added = support?.[i] && support[i].cas + support[i].ngs > 0 ? support[i] : null;
    const att = new Set(p.a);
    const def = new Set(p.d);
    const attackers = unitsOf(s, side, hex, att);
    const defenders = unitsOf(s, enemy, hex, def);
    if (!defenders.length || !attackers.length) continue;
    const attackSupply = Math.ceil(bnOf(s, attackers) / perSupply);
    const { spent, supplied } = defensiveSupply(s, defenders, s.forces[enemy].supply[hex] ?? 0);
    // 46.0 (optional): units that attacked this turn are fatigued (11.6), at half
    const tired = (g: Unit) => g.attacked === s.turn;
    const atk = (list: Unit[]) => list.reduce((t, g) => t + strengthOf(s, side, g, true), 0);
    const dfd = (list: Unit[]) => list.reduce((t, g) => t + strengthOf(s, enemy, g, false) / (supplied.includes(g.id) ? 1 : 2), 0);
    const attack =
      withFatigue(s, atk(attackers.filter((g) => !tired(g))), atk(attackers.filter(tired)), 'none') + (added ? added.cas + added.ngs : 0);
    const defence = withFatigue(s, dfd(defenders.filter((g) => !tired(g))), dfd(defenders.filter(tired)), 'full');
    const fatigued = multipleCombats(s) ? attackers.filter(tired).map((g) => g.id) : [];
    const percent = defence > 0 ? Math.floor((attack * 100) / defence) : 999;
    const base = columnOf(s, percent);
    const shifts: Shift[] = [];
    let combinedCp = false;
    if (new Set(attackers.map((g) => g.service)).size > 1) {
      if (combined && (s.cp[side]?.combined ?? 0) > 0) combinedCp = true;
      else {
        if (combined) note(`ATTACK ${hex}: no Combined CP left, the Army and Navy shift applies`, '7.2');
        shifts.push({ why: 'army-navy', n: s.groundData.shifts.armyNavy, rule: '7.2, 7.4' });
      }
    }
    if (side === 'us' && s.x % 2 === 0) shifts.push({ why: 'us-night', n: s.groundData.shifts.usGroundAtNight, rule: '50.0, 32.1' });
    const under = new Set(s.entrenched[enemy][hex] ?? []);
    const all = groundAt(s, enemy, hex);
    if (
      defenders.some((g) => under.has(g.id)) &&
      2 *
        bnOf(
          s,
          all.filter((g) => under.has(g.id)),
        ) >=
        bnOf(s, all)
    )
      shifts.push({ why: 'entrenched', n: s.groundData.shifts.entrenched, rule: '37.3' });
    const { first, last } = s.groundData.shifts.maxShiftColumns;
    const column = Math.min(last, Math.max(first, base + shifts.reduce((t, x) => t + x.n, 0)));
    const dA = dice.d6(`ground attack at ${hex}: attacker`, '28.3', { visibleTo: 'all' });
    const dD = dice.d6(`ground attack at ${hex}: defender`, '28.3', { visibleTo: 'all' });
    const result = { a: s.groundData.crt[dA - 1][column - 1].a, d: s.groundData.crt[dD - 1][column - 1].d };
    f.emit({
      type: 'sol.ground-attack',
      data: {
        side,
        hex,
        attackers: attackers.map((g) => g.id),
        defenders: defenders.map((g) => g.id),
        attackSupply,
        defenceSupply: spent,
        supplied,
        attack,
        ...(added ? { support: added } : {}),
        defence,
        percent,
        base,
        shifts,
        column,
        combinedCp,
        ...(banzai && percent <= BANZAI_MAX_PERCENT ? { banzai: true } : {}),
        ...(fatigued.length ? { fatigued } : {}),
        dice: { attacker: dA, defender: dD },
        result,
      },
    });
    // 49.1 (optional): Banzai! doubles both sides' losses, at odds of 149% or lower only
    const banzaiNow = banzai && percent <= BANZAI_MAX_PERCENT;
    if (banzai && !banzaiNow) note(`ATTACK ${hex}: Banzai! not possible at ${percent}% (149% or lower)`, '49.1');
    applyResult(f, dice, enemy, hex, def, result.d, banzaiNow ? 2 : 1);
    // 46.1 (optional): a force attacking with fatigued units takes its losses doubled
    applyResult(f, dice, side, hex, att, result.a, (banzaiNow ? 2 : 1) * (fatigued.length ? 2 : 1));
  }
  postCombat(f, dice, side, hex);
  return true;
}

/** 28.6, 24.3, 29.9: the hex cleared of enemy ground units. */
export function postCombat(f: SolFold, dice: Dice, side: SolSide, hex: string): void {
  const enemy = other(side);
  if (groundAt(f.s, enemy, hex).length || !groundAt(f.s, side, hex).length) return;
  const air = f.s.forces[enemy].air.filter((p) => p.at === hex).reduce((t, p) => t + p.points, 0);
  const field = f.s.airfields.find((a) => a.hex === hex && a.side === enemy);
  const airbase = field && GROUND_DEFAULTS.occupy ? { from: enemy, value: Math.min(field.value, 3) } : null;
  const points = f.s.forces[enemy].supply[hex] ?? 0;
  const supply = Array.from({ length: points }, (_, k) => {
    const face = dice.d6(`capture of enemy supply point ${k + 1} at ${hex}`, '29.9', { visibleTo: 'all' });
    return { face, captured: face <= 2 };
  });
  f.emit({ type: 'sol.ground-cleared', data: { side, hex, air, airbase, supply } });
}
