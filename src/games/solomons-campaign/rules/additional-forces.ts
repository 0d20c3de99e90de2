/**
 * Additional forces (39.1-39.8) and the whole of the forces choices of the Reinforcement Segment
 * (1B): replacements (30, replacements.ts), the USMC withdrawal (38, withdrawal.ts) and the
 * announcements. Each option is announced on its turn, in that turn's forces orders:
 * - 39.5 Quick Response (Japan, August II): a brigade at once, a division instead of two regiments
 *   on September I and October I, no regiments on October II; the US gains 15 VP at the end;
 * - 39.3 accelerated reinforcements (US, August II): three Marine regiments and a battalion at once
 *   (the August II regiment among them), those of October II and January I struck from the
 *   schedule, an Army regiment added on December I; Japan gains 15 VP at the end;
 * - 39.4 18th Army (Japan, December I, Extended only by the calendar): all its units (the chart,
 *   rebuilt) or none; forgone, 30 VP to Japan at the end. Not announcing is forgoing it;
 * - 39.6 Yamato (BB-1) and Musashi (BB-2), each once, from September I, at Truk at once: 30 VP to
 *   the US for each in 1942, 15 in 1943, paid at once (the appearance gives them).
 * 39.7: a super-battleship crippled never comes back and gives no VP (taken off the repair
 * schedule at the end of the turn, before any arrival). 39.8: both sunk, Japan loses at once (US
 * Decisive Victory), checked as each Operations Phase ends. The units arrive in the segment itself
 * (1B), so a ship announced may join a task force only from the next turn (1C reads the forces as
 * the mail found them).
 */
import type { Dice, RulesEvent } from '../../../engine/ruleset';
import type { SolOrder } from '../orders';
import { other, SIDE_NAME, type SolSide, type SolState } from '../state';
import type { OptionId } from './forces-data';
import { superName } from './forces-events';
import type { Announcement } from './forces-orders';
import type { SolFold } from './naval';
import type { Problem } from './planning';
import { checkReplacements, eliminated, replace } from './replacements';
import { reinforce } from './turn-end';
import { checkWithdrawal, withdraw, withdrawable } from './withdrawal';

const OPTION_OF: Partial<Record<Announcement, OptionId>> = {
  'quick-response': 'quick-response',
  accelerated: 'accelerated',
  '18th-army': '18th-army',
  'no-18th-army': '18th-army',
};
const RULE: Record<OptionId, string> = { 'quick-response': '39.5', accelerated: '39.3', '18th-army': '39.4' };
const TITLE: Record<OptionId, string> = {
  'quick-response': 'The Quick Response',
  accelerated: 'The accelerated reinforcements',
  '18th-army': 'The 18th Army',
};

const turnName = (s: SolState, t: number) => `${s.turnNames[t - 1] ?? `turn ${t}`} (turn ${t})`;

function checkAnnouncements(s: SolState, side: SolSide, orders: readonly SolOrder[]): Problem[] {
  const c = s.choices;
  const bb = c.data.superBattleships;
  const problems: Problem[] = [];
  const seen = new Set<string>();
  for (const [index, o] of orders.entries()) {
    if (o.kind !== 'announce') continue;
    const bad = (problem: string, rule: string) => problems.push({ index, problem, rule });
    const id = OPTION_OF[o.option];
    if (id) {
      const opt = c.data.options[id];
      const rule = RULE[id];
      if (side !== opt.side) bad(`${TITLE[id]} is ${SIDE_NAME[opt.side]}'s option`, rule);
      else if (s.turn !== opt.turn)
        bad(`${TITLE[id]} is announced at the start of ${turnName(s, opt.turn)}; this is ${turnName(s, s.turn)}`, rule);
      else if (seen.has(id)) bad(`${TITLE[id]}: one announcement`, rule);
      else if (c.decided[id] !== undefined) bad(`${TITLE[id]} is decided already, for good`, rule);
      seen.add(id);
      continue;
    }
    const ship = o.option;
    if (side !== 'japanese') bad(`${superName(ship)} is Japan's to bring in`, '39.6');
    else if (s.turn < bb.fromTurn)
      bad(`${superName(ship)} may appear from ${turnName(s, bb.fromTurn)}; this is ${turnName(s, s.turn)}`, '39.6');
    else if (seen.has(ship) || c.superBattleships[ship] !== undefined)
      bad(`${superName(ship)} (${ship}) is brought in once a game; it came on turn ${c.superBattleships[ship] ?? s.turn}`, '39.6');
    seen.add(ship);
  }
  return problems;
}

/** Every problem of a side's REPLACE, WITHDRAW and ANNOUNCE lines. */
export function checkChoices(s: SolState, side: SolSide, orders: readonly SolOrder[]): Problem[] {
  return [...checkReplacements(s, side, orders), ...checkWithdrawal(s, side, orders), ...checkAnnouncements(s, side, orders)].sort(
    (a, b) => a.index - b.index,
  );
}

/** 1B: the side's announcements (and the defaults of a turn's options), replacements and withdrawal, then what arrives at once. */
export function resolveChoices(f: SolFold, dice: Dice, side: SolSide, orders: readonly SolOrder[]): void {
  const said = new Set(orders.flatMap((o) => (o.kind === 'announce' ? [o.option] : [])));
  const c = f.s.choices;
  for (const id of Object.keys(c.data.options) as OptionId[]) {
    const opt = c.data.options[id];
    if (opt.side !== side || opt.turn !== f.s.turn || c.decided[id] !== undefined) continue;
    const taken = said.has(id);
    const forgone = !taken;
    const byDefault = !taken && !(id === '18th-army' && said.has('no-18th-army'));
    const vp = opt.vpWhen === 'taken' ? (taken ? opt.vp : 0) : forgone ? opt.vp : 0;
    const vpTo = opt.vpWhen === 'taken' ? other(side) : side;
    f.emit({ type: 'sol.option-decided', data: { side, option: id, taken, byDefault, vp, vpTo } });
  }
  const bb = c.data.superBattleships;
  for (const ship of ['BB-1', 'BB-2'] as const)
    if (said.has(ship) && side === 'japanese')
      f.emit({
        type: 'sol.super-battleship',
        data: { ship, name: superName(ship), at: bb.at, vp: f.s.turn >= bb.first1943 ? bb.vp1943 : bb.vp1942 },
      });
  replace(f, dice, side, orders);
  if (side === 'us') withdraw(f, orders);
  reinforce(f, side);
}

/** 39.7: a crippled super-battleship leaves the repair schedule for good (at the end of each turn, before arrivals). */
export function retireCrippled(f: SolFold): void {
  for (const ship of Object.keys(f.s.choices.superBattleships))
    if (f.s.arrivals.some((a) => a.side === 'japanese' && a.why === 'repair' && a.ships.some((x) => x.id === ship)))
      f.emit({ type: 'sol.super-battleship-retired', data: { ship } });
}

/** 39.8: both Yamato and Musashi sunk (brought in, gone, not crippled out): the US wins at once. */
export function giantsSunk(s: SolState): RulesEvent | null {
  const c = s.choices;
  const sunk = c.data.superBattleships.ships.filter(
    (id) =>
      c.superBattleships[id] !== undefined &&
      !s.forces.japanese.ships[id] &&
      !c.retired.includes(id) &&
      !s.arrivals.some((a) => a.side === 'japanese' && a.ships.some((x) => x.id === id)),
  );
  if (sunk.length < 2) return null;
  return {
    type: 'sol.game-over',
    data: { winner: 'us', level: 'Decisive Victory', why: 'Yamato and Musashi both sunk (39.8)', vp: s.vp },
  };
}

/** The choices open to a side now, as orders (machine players, the view). */
export function openChoices(s: SolState, side: SolSide): SolOrder[] {
  const c = s.choices;
  const out: SolOrder[] = [];
  for (const id of Object.keys(c.data.options) as OptionId[]) {
    const opt = c.data.options[id];
    if (opt.side !== side || opt.turn !== s.turn || c.decided[id] !== undefined) continue;
    out.push({ kind: 'announce', option: id });
    if (id === '18th-army') out.push({ kind: 'announce', option: 'no-18th-army' });
  }
  if (side === 'japanese' && s.turn >= c.data.superBattleships.fromTurn)
    for (const ship of c.data.superBattleships.ships)
      if (c.superBattleships[ship] === undefined && (ship === 'BB-1' || ship === 'BB-2')) out.push({ kind: 'announce', option: ship });
  const gone = eliminated(s, side);
  if (gone.ships.length) out.push({ kind: 'replace', unit: gone.ships[0], at: null });
  if (gone.engineers.length) out.push({ kind: 'replace', unit: gone.engineers[0], at: null });
  if (gone.mac) out.push({ kind: 'replace', unit: 'MAC', at: null });
  if (side === 'us' && s.turn >= c.data.withdrawal.fromTurn) {
    const room = c.data.withdrawal.maxBattalions - c.withdrawnBattalions;
    for (const u of withdrawable(s)) if (u.battalions <= room) out.push({ kind: 'withdraw', units: [u.id] });
  }
  return out;
}
