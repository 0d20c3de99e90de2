/**
 * Turn 1: the surprise attacks (18.1–18.5). The Pearl Harbor raids are fought by the combat module
 * as air raids (9.x) with the raid force alone at sea; the Indonesia surprise raids (18.4) have no
 * counterpart there (combat throws for them), so their shots are resolved here by 7.5x.
 */
import type { LineError } from '../../engine/ruleset';
import type { Tx } from './events';
import { openBattle, type AutoAnswer } from './battles';
import type { Order, OrderOf, Unit, VitpState } from './types';
import { atSeaIn, seaworthy } from './world';

const HI = 'Hawaiian Islands';
const PEARL = 'Pearl Harbor';
const INDONESIA = 'Indonesia';

export const raidForceAtSea = (s: VitpState): Unit[] => atSeaIn(s, HI, 'japanese');

/** 4.2: turn-1 Yokosuka ships of speed 5 or better may join the raid. */
export const raidEligible = (s: VitpState): Unit[] =>
  s.units.filter((u) => u.side === 'japanese' && u.kind === 'ship' && u.loc.at === 'port' && u.loc.place === 'Yokosuka Navy Yard' && u.speed >= 5);

export function checkRaidForce(s: VitpState, orders: readonly Order[]): LineError[] {
  const ok = raidEligible(s);
  return orders.filter((o): o is OrderOf<'raid-force'> => o.t === 'raid-force').flatMap((o) => o.units
    .filter((id) => !ok.some((u) => u.id === id))
    .map((id) => ({ line: o.line, text: o.text, problem: `${s.units.find((u) => u.id === id)!.name} may not join the Pearl Harbor raid: only turn-1 Yokosuka ships of speed 5 or more`, rule: '4.2' })));
}

export function resolveRaidForce(tx: Tx, orders: readonly Order[]): void {
  for (const o of orders) {
    if (o.t !== 'raid-force') continue;
    for (const id of o.units) tx.unit(id, { loc: { at: 'sea', area: HI, mode: 'patrol' }, sailedFrom: 'Yokosuka Navy Yard' }, 'joins the Pearl Harbor raid', '4.2');
  }
}

/** 18.3: two compulsory rounds of air raids on Pearl Harbor; the Hawaiian cruisers are ignored. */
export function pearlHarborRaid(tx: Tx): void {
  const force = raidForceAtSea(tx.s);
  const targets = tx.s.units.some((u) => u.side === 'allied' && u.loc.at === 'port' && u.loc.place === PEARL);
  tx.emit('vitp.surprise', { pearl: 'raided' });
  if (force.length === 0 || !targets) return;
  openBattle(tx, HI, 'pearl-harbor', { atSea: force, ports: [PEARL], withSubmarines: false }, openingAuto);
}

/** 18.32: one die per location-uncertain group: 1 Central Pacific, 2–3 Hawaiian Islands, 4–6 turn 2. */
export function locationUncertainResult(die: number): 'Central Pacific Ocean' | 'Hawaiian Islands' | 'turn 2' {
  if (die === 1) return 'Central Pacific Ocean';
  if (die <= 3) return 'Hawaiian Islands';
  return 'turn 2';
}

export function rollUncertainGroups(tx: Tx): void {
  for (const group of ['W', 'X', 'Y', 'Z']) {
    const members = tx.s.units.filter((u) => u.loc.at === 'group' && u.loc.group === group);
    if (members.length === 0) continue;
    const die = tx.dice.d6(`location-uncertain group ${group}`, '18.32');
    const result = locationUncertainResult(die);
    tx.emit('vitp.uncertain-roll', { group, die, result, units: members.map((u) => u.name), rule: '18.32' });
    for (const u of members) {
      if (result === 'turn 2') tx.unit(u.id, { loc: { at: 'pool' }, arrivalTurn: 2 }, 'is in the United States: arrives on turn 2', '18.32');
      else tx.unit(u.id, { loc: { at: 'sea', area: result, mode: 'patrol' } }, `is found in ${result}`, '18.32');
    }
  }
  tx.emit('vitp.surprise', { pearl: 'rolled' });
}

/** 18.33 / 18.35: who may sortie from Pearl Harbor. */
export const sortieCandidates = (s: VitpState): Unit[] =>
  s.units.filter((u) => u.side === 'allied' && u.loc.at === 'port' && u.loc.place === PEARL && (u.kind === 'lba' || (u.kind === 'ship' && seaworthy(u))));

export function resolvePearlStay(tx: Tx, orders: readonly Order[]): void {
  const withdraw = orders.some((o) => o.t === 'pearl' && o.choice === 'withdraw');
  if (withdraw) {
    for (const u of raidForceAtSea(tx.s)) tx.unit(u.id, { loc: { at: 'transit', area: HI } }, 'withdraws after the raids, unpursued', '18.31');
  } else {
    tx.emit('vitp.note', { text: 'The Japanese raid force stays in the Hawaiian Islands.', rule: '18.31' });
  }
  rollUncertainGroups(tx);
}

export function resolveSortie(tx: Tx, orders: readonly Order[]): void {
  const cands = sortieCandidates(tx.s);
  for (const o of orders) {
    if (o.t !== 'sortie') continue;
    const ids = o.units === 'all' ? cands.map((u) => u.id) : o.units;
    for (const id of ids) {
      const u = tx.s.units.find((x) => x.id === id)!;
      tx.unit(id, { loc: { at: 'sea', area: HI, mode: u.kind === 'lba' ? 'air' : 'patrol' } }, 'sorties from Pearl Harbor', '18.33');
    }
  }
  if (orders.some((o) => o.t === 'hi-retreat' && o.retreat)) {
    for (const u of atSeaIn(tx.s, HI, 'allied')) tx.unit(u.id, { loc: { at: 'transit', area: HI } }, 'retreats from the Hawaiian Islands, unpursued', '18.35');
  }
  tx.emit('vitp.surprise', { pearl: 'done' });
  pearlHarborRounds(tx);
}

/** 18.36: at most two more rounds; then the raid force must retreat, whatever happened. */
function pearlHarborRounds(tx: Tx): void {
  if (raidForceAtSea(tx.s).length === 0) return;
  openBattle(tx, HI, 'pearl-harbor-rounds', { ports: [PEARL] }, openingAuto);
}

/** 18.36: whatever is left of the raid force after its last round goes home. */
export function raidForceGoesHome(tx: Tx): void {
  if (tx.s.turn !== 1 || tx.s.surprise.pearl !== 'done' || tx.s.battle) return;
  for (const u of raidForceAtSea(tx.s)) tx.unit(u.id, { loc: { at: 'transit', area: HI } }, 'must retreat: fuel for only two more rounds', '18.36');
}

/** Answers the rules give for the players during the Pearl Harbor fighting (18.3, 18.36). */
export const openingAuto: AutoAnswer = (d, cb) => {
  if (cb.opening === 'pearl-harbor' && d.kind === 'air-raids' && d.owes.includes('japanese')) {
    return { japanese: { kind: 'air-raids', assign: Object.fromEntries(d.ships.map((sh) => [sh.id, d.ports[0].id])) } };
  }
  if (cb.opening === 'pearl-harbor-rounds' && d.kind === 'retreat' && d.owes.includes('japanese') && cb.battle.round >= 2) {
    return { japanese: { kind: 'retreat', retreat: true, groups: d.units.length ? [d.units.map((u) => u.id)] : [] } };
  }
  return null;
};

// ---- 18.4 Indonesia -------------------------------------------------------------------------

const crippled = (u: Unit) => u.kind === 'ship' && u.damage >= u.armor;
export const surpriseAttackers = (s: VitpState): Unit[] =>
  atSeaIn(s, INDONESIA, 'japanese').filter((u) => u.airstrike > 0 && !crippled(u));
export const surpriseTargets = (s: VitpState): Unit[] =>
  atSeaIn(s, INDONESIA, 'allied').filter((u) => u.kind === 'ship');

export const surpriseDue = (s: VitpState): boolean => surpriseAttackers(s).length > 0 && surpriseTargets(s).length > 0;

/** The documented default target: the biggest ship (armor, then guns). */
export function defaultSurpriseTarget(s: VitpState): Unit {
  return [...surpriseTargets(s)].sort((a, b) => b.armor - a.armor || b.gunnery - a.gunnery || a.id.localeCompare(b.id))[0];
}

/** 18.4 with 7.51–7.535 and 7.6: every Japanese airstrike in Indonesia fires; nothing fires back. */
export function resolveSurpriseRound(tx: Tx, round: number, orders: readonly Order[]): void {
  const chosen: Record<string, string> = {};
  for (const o of orders) if (o.t === 'answer' && o.answer.kind === 'targets') Object.assign(chosen, o.answer.fire);
  const marks: Record<string, { damage: number; disabled: boolean }> = {};
  const fallback = defaultSurpriseTarget(tx.s);
  for (const a of surpriseAttackers(tx.s)) {
    const target = tx.s.units.find((u) => u.id === (chosen[a.id] ?? fallback.id))!;
    const bonus = a.kind === 'ship' && a.airstrikeBonus; // 12.21: land-based air never has it
    for (let shot = 1; shot <= a.airstrike; shot++) {
      const die = tx.dice.d6(`surprise airstrike ${a.name} at ${target.name}, shot ${shot}`, '18.4');
      const total = die + (bonus ? 1 : 0);
      let damage = 0;
      const result = total >= 6 ? 'hit' : total === 5 ? 'disabled' : 'miss';
      if (result === 'hit') damage = tx.dice.d6(`damage on ${target.name}`, '7.532');
      const m = (marks[target.id] ??= { damage: 0, disabled: false });
      m.damage += damage;
      m.disabled ||= result === 'disabled';
      tx.emit('vitp.surprise-shot', { round, attacker: a.name, target: target.name, die, bonus, result, damage, rule: '18.4' });
    }
  }
  for (const [id, m] of Object.entries(marks)) {
    const u = tx.s.units.find((x) => x.id === id)!;
    const damage = u.damage + m.damage;
    if (damage > u.armor) tx.unit(id, { damage, loc: { at: 'sunk' } }, 'is sunk in the surprise attack', '7.533');
    else if (m.disabled) tx.unit(id, { damage, loc: { at: 'transit', area: INDONESIA } }, 'is disabled and must return to harbor', '7.62');
    else if (m.damage > 0) tx.unit(id, { damage }, `takes ${m.damage} damage`, '7.532');
  }
  tx.emit('vitp.surprise', { indonesia: round === 1 && surpriseDue(tx.s) ? 'round-2' : 'done' });
}
