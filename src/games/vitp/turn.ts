/** The start of a turn (4.4–4.5, 4.41–4.42, 5.1, 16.x availability, 17.11, 17.21). */
import type { Tx } from './events';
import type { LineError } from '../../engine/ruleset';
import type { Order, Unit, VitpState, VSide } from './types';
import { eliminatedLoc } from './repairs';
import { submarineHome } from './submarines';
import { returnDestinations } from './world';
import { unitOf } from './events';

/** 4.41: a reinforcement whose port is enemy-held is lost, except Pearl Harbor's, which may use Samoa. */
function arrivalPort(s: VitpState, u: Unit): string | null {
  if (s.control[u.arrivalAt] === u.side) return u.arrivalAt;
  if (u.arrivalAt === 'Pearl Harbor' && s.control.Samoa === u.side) return 'Samoa';
  return null;
}

/**
 * 4.4: returning land and air units may use any friendly major port their nationality may enter
 * (17.12, 10.12: never Ceylon for US units): the home port if it is one, else the first in board
 * order; the owner may move them with BASE in the patrol step (checkBasing below). None: the unit
 * waits in the returning box for a turn when one is friendly again (our reading; 4.4 gives no other place).
 */
function returningPort(s: VitpState, u: Unit): string | null {
  const ports = basePorts(s, u);
  return ports.includes(u.arrivalAt) ? u.arrivalAt : (ports[0] ?? null);
}

export function beginTurn(tx: Tx, turn: number): void {
  tx.emit('vitp.lba-done', { side: null });
  for (const u of tx.s.units) {
    if (u.raider || u.moved || u.repaired || u.barredFromPursuit || u.raidedThisTurn || u.mayNotInvade || u.sailedFrom) {
      tx.emit('vitp.unit', {
        id: u.id,
        name: u.name,
        patch: {
          raider: false,
          moved: false,
          repaired: false,
          barredFromPursuit: false,
          raidedThisTurn: false,
          mayNotInvade: false,
          sailedFrom: null,
        },
        why: 'new turn',
        rule: '5.75',
      });
    }
  }
  reinforce(tx, turn);
  removeBritish(tx, turn);
  submarinesFor(tx, turn);
}

function reinforce(tx: Tx, turn: number): void {
  for (const u of tx.s.units) {
    if (u.kind === 'sub') continue;
    if (u.loc.at === 'pool' && u.arrivalTurn === turn) {
      const port = arrivalPort(tx.s, u);
      if (port) tx.unit(u.id, { loc: { at: 'port', place: port } }, `arrives at ${port}`, port === u.arrivalAt ? '4.4' : '4.41');
      else if (u.kind === 'ship') tx.unit(u.id, { loc: { at: 'removed' } }, `is lost: ${u.arrivalAt} is in enemy hands`, '4.41');
      else {
        // 4.5: an amphibious or air unit that is lost always comes back two turns later (23.5: only if rebuilt)
        const lost = eliminatedLoc(tx.s, u);
        tx.unit(
          u.id,
          { loc: lost },
          `is lost: ${u.arrivalAt} is in enemy hands; ${lost.returns === null ? 'only rebuilding brings it back (23.5)' : `it returns on turn ${lost.returns} (4.5)`}`,
          '4.41',
        );
      }
    } else if (u.loc.at === 'eliminated' && u.loc.returns === turn) {
      const port = returningPort(tx.s, u);
      // a fresh counter: the damage it was lost with does not come back with it (4.5, 12.3, 13.5)
      if (port) tx.unit(u.id, { loc: { at: 'port', place: port }, returnedOn: turn, damage: 0 }, `returns to play at ${port}`, '4.5');
      else tx.unit(u.id, { loc: { at: 'eliminated', returns: turn + 1 } }, 'has no friendly major port to return to; waits a turn', '4.5');
    }
  }
}

const britishInPlay = (u: Unit) => u.nation === 'GB' && u.kind === 'ship' && ['port', 'sea', 'transit'].includes(u.loc.at);

/**
 * 4.42: the ships that may stand in for a listed removal that is no longer in play: British ships
 * of its type (any battleship for a battleship; a 0-2-7 carrier for a 0-2-7 carrier, Hermes only
 * for Hermes), or, when none of that type is left, any British ship. Never US, Australian or Dutch.
 */
export function substituteCandidates(s: VitpState, listed: Unit): Unit[] {
  const sameType = (u: Unit) =>
    listed.type === 'BB'
      ? u.type === 'BB'
      : listed.name === 'Hermes'
        ? u.name === 'Hermes'
        : u.type === listed.type &&
          u.airstrike === listed.airstrike &&
          u.armor === listed.armor &&
          u.speed === listed.speed &&
          u.name !== 'Hermes';
  const inPlay = s.units.filter(britishInPlay);
  const typed = inPlay.filter(sameType);
  return typed.length ? typed : inPlay;
}

/** 4.42: listed removals whose substitute the Allied player still owes this turn. */
export const substitutesOwed = (s: VitpState): Unit[] => s.units.filter((u) => u.substituteOwed);

/**
 * 4.42: the listed British ship leaves; if it was sunk and more than one ship could stand in, the
 * Allied player names the substitute in a removals step before any movement (SUBSTITUTE orders, 5.1); with one candidate
 * there is no choice to ask about.
 */
function removeBritish(tx: Tx, turn: number): void {
  // the listed ships still in play go first, so none of them is taken as another's substitute
  const listed = tx.s.units.filter((u) => u.removedOnTurn === turn);
  for (const u of listed.filter(britishInPlay)) tx.unit(u.id, { loc: { at: 'removed' } }, 'is withdrawn from the Pacific', '4.42');
  // 4.42 asks a substitute only for a listed ship that was sunk. One already out of play otherwise
  // (lost on arrival at an enemy-held Ceylon, 4.41; withdrawn earlier as another's substitute; removed
  // with nowhere to return, 10.14) is a withdrawal already made: nothing more leaves for it (our reading).
  for (const gone of listed.filter((u) => u.loc.at === 'sunk')) {
    const current = unitOf(tx.s.units, gone.id)!;
    const candidates = substituteCandidates(tx.s, current);
    if (candidates.length === 1) {
      tx.unit(candidates[0].id, { loc: { at: 'removed' } }, `is withdrawn in place of ${current.name}`, '4.42');
    } else if (candidates.length > 1) {
      tx.unit(
        current.id,
        { substituteOwed: true },
        `was listed for withdrawal but is gone: the Allied player names a British ship to withdraw in its place (${candidates.map((u) => u.name).join(', ')})`,
        '4.42',
      );
    } // none left: 4.42, US, Australian and Dutch ships are never removed
  }
}

/** 4.42: SUBSTITUTE <ship> FOR <listed>, in the Allied removals step: one candidate per owed listed ship. */
export function checkSubstitutes(s: VitpState, orders: readonly Order[]): LineError[] {
  return orders.flatMap((o): LineError[] => {
    if (o.t !== 'substitute') return [];
    const listed = unitOf(s.units, o.for)!;
    const unit = unitOf(s.units, o.unit)!;
    if (!listed.substituteOwed) {
      const owed = substitutesOwed(s);
      return [
        {
          line: o.line,
          text: o.text,
          problem: `${listed.name} needs no substitute`,
          rule: '4.42',
          hint: owed.length ? `a substitute is owed for: ${owed.map((u) => u.name).join(', ')}` : 'no substitute is owed this turn',
        },
      ];
    }
    const candidates = substituteCandidates(s, listed);
    if (!candidates.some((u) => u.id === unit.id)) {
      return [
        {
          line: o.line,
          text: o.text,
          problem: `${unit.name} cannot be withdrawn in place of ${listed.name}`,
          rule: '4.42',
          hint: `choose from: ${candidates.map((u) => u.name).join(', ')}`,
        },
      ];
    }
    return [];
  });
}

/** 4.42: each owed substitute leaves: the one named, else (the documented default) the first candidate in roster order not named for another. */
export function resolveSubstitutes(tx: Tx, orders: readonly Order[]): void {
  const namedElsewhere = new Set(orders.flatMap((o) => (o.t === 'substitute' ? [o.unit] : [])));
  for (const listed of substitutesOwed(tx.s)) {
    const candidates = substituteCandidates(tx.s, listed);
    const named = orders.find(
      (o): o is Extract<Order, { t: 'substitute' }> =>
        o.t === 'substitute' && o.for === listed.id && candidates.some((u) => u.id === o.unit),
    );
    const pick = named
      ? candidates.find((u) => u.id === named.unit)!
      : (candidates.find((u) => !namedElsewhere.has(u.id)) ?? candidates[0]);
    if (pick)
      tx.unit(
        pick.id,
        { loc: { at: 'removed' } },
        `is withdrawn in place of ${listed.name}${named ? '' : ' (no substitute named: the first British ship of its type on the roster)'}`,
        '4.42',
      );
    tx.unit(listed.id, { substituteOwed: false }, pick ? `is replaced by ${pick.name}` : 'has no British ship left to replace it', '4.42');
  }
}

/**
 * 3.2 / 5.25: the submarine of the turn comes into play; one whose time is over leaves. Coming into
 * play it arrives at its chart port as any reinforcement does (4.41): at an enemy-held port it is
 * lost, except that a Pearl Harbor boat may come on at Samoa. One already in play whose port has
 * fallen moves to another friendly port (2.3, 10.11; submarineHarbour).
 */
function submarinesFor(tx: Tx, turn: number): void {
  for (const u of tx.s.units.filter((x) => x.kind === 'sub')) {
    const turns = tx.s.subTurns[u.id] ?? [];
    const active = turns.includes(turn);
    if (active && u.loc.at === 'pool') {
      const port = arrivalPort(tx.s, u);
      if (port)
        tx.unit(u.id, { loc: { at: 'port', place: port } }, `is available this turn at ${port}`, port === u.arrivalAt ? '5.25' : '4.41');
      else tx.unit(u.id, { loc: { at: 'removed' } }, `is lost: ${u.arrivalAt} is in enemy hands`, '4.41');
    } else if (active && (u.loc.at === 'transit' || (u.loc.at === 'port' && tx.s.control[u.loc.place] !== u.side))) {
      submarineHome(tx, u, 'is available this turn', '5.25');
    }
    if (!active && (u.loc.at === 'port' || u.loc.at === 'transit'))
      tx.unit(u.id, { loc: { at: 'pool' } }, 'is not available this turn', '5.25');
  }
}

/** 4.4: units back from elimination this turn may be based at any friendly major port (BASE orders). */
export const rebaseable = (s: VitpState, side: VSide): Unit[] =>
  s.units.filter((u) => u.side === side && u.returnedOn === s.turn && u.loc.at === 'port' && !u.moved);

export const basePorts = (s: VitpState, u: Unit): string[] =>
  returnDestinations(s, u, null).filter((p) => s.map.places.find((x) => x.name === p)?.kind === 'port');

export function checkBasing(s: VitpState, side: VSide, orders: readonly Order[]): LineError[] {
  return orders.flatMap((o) => {
    if (o.t !== 'base') return [];
    const u = unitOf(s.units, o.unit)!;
    if (!rebaseable(s, side).includes(u))
      return [
        {
          line: o.line,
          text: o.text,
          problem: `${u.name} did not come back into play this turn`,
          rule: '4.4',
        },
      ];
    if (!basePorts(s, u).includes(o.at))
      return [
        {
          line: o.line,
          text: o.text,
          problem: `${o.at} is not a friendly major port open to ${u.name}`,
          rule: '4.4',
          hint: `choose from: ${basePorts(s, u).join(', ')}`,
        },
      ];
    return [];
  });
}

export function resolveBasing(tx: Tx, orders: readonly Order[]): void {
  for (const o of orders) if (o.t === 'base') tx.unit(o.unit, { loc: { at: 'port', place: o.at } }, `is based at ${o.at}`, '4.4');
}
