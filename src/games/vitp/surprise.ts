/**
 * Turn 1: the surprise attacks (18.1–18.5), fought by the combat module: the Pearl Harbor raids
 * as air raids (9.x) with the raid force alone at sea, the rounds after them with its
 * 'pearl-harbor-rounds' opening (18.34–18.35 before the first round), the Indonesia raids with its
 * 'indonesia-surprise' opening (18.4). This file decides when each is fought and what the rules
 * answer for the players.
 */
import type { LineError } from '../../engine/ruleset';
import type { Tx } from './events';
import { openBattle, type AutoAnswer } from './battles';
import { currentRound } from './combat/api';
import { assembleAnswer } from './orders/answers';
import type { Order, OrderOf, Unit, VitpState } from './types';
import { atSeaIn, seaworthy } from './world';
import { unitOf } from './events';

const HI = 'Hawaiian Islands';
const PEARL = 'Pearl Harbor';
const INDONESIA = 'Indonesia';

export const raidForceAtSea = (s: VitpState): Unit[] => atSeaIn(s, HI, 'japanese');

/** 4.2: turn-1 Yokosuka ships of speed 5 or better may join the raid. */
export const raidEligible = (s: VitpState): Unit[] =>
  s.units.filter(
    (u) => u.side === 'japanese' && u.kind === 'ship' && u.loc.at === 'port' && u.loc.place === 'Yokosuka Navy Yard' && u.speed >= 5,
  );

export function checkRaidForce(s: VitpState, orders: readonly Order[]): LineError[] {
  const ok = raidEligible(s);
  return orders
    .filter((o): o is OrderOf<'raid-force'> => o.t === 'raid-force')
    .flatMap((o) =>
      o.units
        .filter((id) => !ok.some((u) => u.id === id))
        .map((id) => ({
          line: o.line,
          text: o.text,
          problem: `${unitOf(s.units, id)!.name} may not join the Pearl Harbor raid: only turn-1 Yokosuka ships of speed 5 or more`,
          rule: '4.2',
        })),
    );
}

export function resolveRaidForce(tx: Tx, orders: readonly Order[]): void {
  for (const o of orders) {
    if (o.t !== 'raid-force') continue;
    for (const id of o.units)
      tx.unit(id, { loc: { at: 'sea', area: HI, mode: 'patrol' }, sailedFrom: 'Yokosuka Navy Yard' }, 'joins the Pearl Harbor raid', '4.2');
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
      // 17.11: a US reinforcement comes on at Pearl Harbor (or Samoa if it has fallen, 4.41); the chart's letter is no port
      if (result === 'turn 2')
        tx.unit(
          u.id,
          { loc: { at: 'pool' }, arrivalTurn: 2, arrivalAt: 'Pearl Harbor' },
          'is in the United States: arrives on turn 2 at Pearl Harbor',
          '18.32',
        );
      else tx.unit(u.id, { loc: { at: 'sea', area: result, mode: 'patrol' } }, `is found in ${result}`, '18.32');
    }
  }
  tx.emit('vitp.surprise', { pearl: 'rolled' });
}

/** 18.33 / 18.35: who may sortie from Pearl Harbor. */
export const sortieCandidates = (s: VitpState): Unit[] =>
  s.units.filter(
    (u) => u.side === 'allied' && u.loc.at === 'port' && u.loc.place === PEARL && (u.kind === 'lba' || (u.kind === 'ship' && seaworthy(u))),
  );

export function resolvePearlStay(tx: Tx, orders: readonly Order[]): void {
  const withdraw = orders.some((o) => o.t === 'pearl' && o.choice === 'withdraw');
  if (withdraw) {
    for (const u of raidForceAtSea(tx.s))
      tx.unit(u.id, { loc: { at: 'transit', area: HI } }, 'withdraws after the raids, unpursued', '18.31');
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
      const u = unitOf(tx.s.units, id)!;
      tx.unit(id, { loc: { at: 'sea', area: HI, mode: u.kind === 'lba' ? 'air' : 'patrol' } }, 'sorties from Pearl Harbor', '18.33');
    }
  }
  const retreat = orders.some((o) => o.t === 'hi-retreat' && o.retreat);
  tx.emit('vitp.surprise', { pearl: 'done' });
  pearlHarborRounds(tx, retreat);
}

const iBoatCanAttack = (s: VitpState): boolean =>
  s.units.some((u) => u.kind === 'sub' && u.side === 'japanese' && u.loc.at === 'sea' && u.loc.area === HI) &&
  atSeaIn(s, HI, 'allied').some((u) => u.kind !== 'lba');

/**
 * 18.34: the I-Boat's chance comes first; 18.35: then the Allies leave unpursued if they chose to
 * (in the sortie mail: the flow asks for both at once, so that choice is made before the I-Boat's
 * shot is known, and is carried out after it); 18.36: then at most two more rounds.
 */
function pearlHarborRounds(tx: Tx, alliedRetreat: boolean): void {
  if (raidForceAtSea(tx.s).length > 0 || iBoatCanAttack(tx.s)) {
    openBattle(tx, HI, 'pearl-harbor-rounds', { ports: [PEARL], openingRetreat: alliedRetreat ? ['allied'] : [] }, openingAuto);
    return;
  }
  if (!alliedRetreat) return;
  for (const u of atSeaIn(tx.s, HI, 'allied'))
    tx.unit(u.id, { loc: { at: 'transit', area: HI } }, 'retreats from the Hawaiian Islands, unpursued', '18.35');
}

/** 18.36: whatever is left of the raid force after its last round goes home. */
export function raidForceGoesHome(tx: Tx): void {
  if (tx.s.turn !== 1 || tx.s.surprise.pearl !== 'done' || tx.s.battle) return;
  for (const u of raidForceAtSea(tx.s))
    tx.unit(u.id, { loc: { at: 'transit', area: HI } }, 'must retreat: fuel for only two more rounds', '18.36');
}

/** Answers the rules give for the players during the Pearl Harbor fighting (18.3, 18.36). */
export const openingAuto: AutoAnswer = (d, cb) => {
  if (cb.opening === 'pearl-harbor' && d.kind === 'air-raids' && d.owes.includes('japanese')) {
    return {
      japanese: {
        kind: 'air-raids',
        assign: Object.fromEntries(d.ships.map((sh) => [sh.id, d.ports[0].id])),
      },
    };
  }
  if (cb.opening === 'pearl-harbor-rounds' && d.kind === 'retreat' && d.owes.includes('japanese') && currentRound(cb.battle) >= 2) {
    return {
      japanese: { kind: 'retreat', retreat: true, groups: d.units.length ? [d.units.map((u) => u.id)] : [] },
    };
  }
  return null;
};

// ---- 18.4 Indonesia -------------------------------------------------------------------------

const crippled = (u: Unit) => u.kind === 'ship' && u.damage >= u.armor;
export const surpriseAttackers = (s: VitpState): Unit[] => atSeaIn(s, INDONESIA, 'japanese').filter((u) => u.airstrike > 0 && !crippled(u));
export const surpriseTargets = (s: VitpState): Unit[] => atSeaIn(s, INDONESIA, 'allied').filter((u) => u.kind === 'ship');

export const surpriseDue = (s: VitpState): boolean => surpriseAttackers(s).length > 0 && surpriseTargets(s).length > 0;

/**
 * 18.4: the surprise raids are one battle of two rounds in the combat module. This step's TARGET
 * orders answer round 1 (none: the documented default, the biggest ship); round 2 is asked as a
 * battle decision. When the raids are over, the area's normal combat follows (18.5).
 */
export function resolveSurpriseRound(tx: Tx, round: number, orders: readonly Order[]): void {
  if (round !== 1) {
    throw new Error(
      'vitp: the Indonesia surprise raids are one battle now; a game stored waiting for round 2 of the old flow cannot go on',
    );
  }
  const auto: AutoAnswer = (d, cb) => {
    if (cb.opening !== 'indonesia-surprise' || d.kind !== 'targets' || currentRound(cb.battle) !== 1) return null;
    const chosen = assembleAnswer(d, orders);
    return { japanese: chosen ?? d.defaults.japanese! };
  };
  openBattle(tx, INDONESIA, 'indonesia-surprise', { ports: [], withSubmarines: false }, auto);
}
