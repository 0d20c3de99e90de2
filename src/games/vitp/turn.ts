/** The start of a turn (4.4–4.5, 4.41–4.42, 5.1, 16.x availability, 17.11, 17.21). */
import type { Tx } from './events';
import type { LineError } from '../../engine/ruleset';
import type { Order, Unit, VitpState, VSide } from './types';
import { returnDestinations } from './world';

/** 4.41: a reinforcement whose port is enemy-held is lost, except Pearl Harbor's, which may use Samoa. */
function arrivalPort(s: VitpState, u: Unit): string | null {
  if (s.control[u.arrivalAt] === u.side) return u.arrivalAt;
  if (u.arrivalAt === 'Pearl Harbor' && s.control['Samoa'] === u.side) return 'Samoa';
  return null;
}

/** 4.4: returning land and air units may use any friendly major port: the home port if friendly, else the
 * first in board order; the owner may move them with BASE in the patrol step (checkBasing below). */
function returningPort(s: VitpState, u: Unit): string | null {
  if (s.control[u.arrivalAt] === u.side) return u.arrivalAt;
  return s.map.places.find((p) => p.kind === 'port' && s.control[p.name] === u.side)?.name ?? null;
}

export function beginTurn(tx: Tx, turn: number): void {
  tx.emit('vitp.lba-done', { side: null });
  for (const u of tx.s.units) {
    if (u.raider || u.moved || u.repaired || u.barredFromPursuit || u.raidedThisTurn || u.mayNotInvade || u.sailedFrom) {
      tx.emit('vitp.unit', { id: u.id, name: u.name, patch: { raider: false, moved: false, repaired: false, barredFromPursuit: false, raidedThisTurn: false, mayNotInvade: false, sailedFrom: null }, why: 'new turn', rule: '5.75' });
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
      else tx.unit(u.id, { loc: { at: 'removed' } }, `is lost: ${u.arrivalAt} is in enemy hands`, '4.41');
    } else if (u.loc.at === 'eliminated' && u.loc.returns === turn) {
      const port = returningPort(tx.s, u);
      // a fresh counter: the damage it was lost with does not come back with it (4.5, 12.3, 13.5)
      if (port) tx.unit(u.id, { loc: { at: 'port', place: port }, returnedOn: turn, damage: 0 }, `returns to play at ${port}`, '4.5');
      else tx.unit(u.id, { loc: { at: 'eliminated', returns: turn + 1 } }, 'has no friendly major port to return to; waits a turn', '4.5');
    }
  }
}

/** 4.42: the listed British ship, else one of the same type, else any British ship. */
function removeBritish(tx: Tx, turn: number): void {
  const inPlay = (u: Unit) => u.nation === 'GB' && u.kind === 'ship' && ['port', 'sea', 'transit'].includes(u.loc.at);
  for (const listed of tx.s.units.filter((u) => u.removedOnTurn === turn)) {
    const current = tx.s.units.find((u) => u.id === listed.id)!;
    const sameType = (u: Unit) => (listed.type === 'BB' ? u.type === 'BB'
      : listed.name === 'Hermes' ? u.name === 'Hermes'
        : u.type === listed.type && u.airstrike === listed.airstrike && u.armor === listed.armor && u.speed === listed.speed && u.name !== 'Hermes');
    const pick = inPlay(current) ? current
      : tx.s.units.find((u) => inPlay(u) && sameType(u)) ?? tx.s.units.find((u) => inPlay(u));
    if (!pick) continue; // 4.42: US, Australian and Dutch ships are never removed
    if (current.loc.at === 'pool') continue; // never arrived (its port fell): nothing to remove
    tx.unit(pick.id, { loc: { at: 'removed' } }, pick.id === listed.id ? 'is withdrawn from the Pacific' : `is withdrawn in place of ${listed.name}`, '4.42');
  }
}

/** 3.2 / 5.25: the submarine of the turn comes into play; one whose time is over leaves. */
function submarinesFor(tx: Tx, turn: number): void {
  for (const u of tx.s.units.filter((x) => x.kind === 'sub')) {
    const turns = tx.s.subTurns[u.id] ?? [];
    const active = turns.includes(turn);
    if (active && u.loc.at !== 'port') tx.unit(u.id, { loc: { at: 'port', place: u.arrivalAt } }, 'is available this turn', '5.25');
    if (!active && u.loc.at === 'port') tx.unit(u.id, { loc: { at: 'pool' } }, 'is not available this turn', '5.25');
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
    const u = s.units.find((x) => x.id === o.unit)!;
    if (!rebaseable(s, side).includes(u)) return [{ line: o.line, text: o.text, problem: `${u.name} did not come back into play this turn`, rule: '4.4' }];
    if (!basePorts(s, u).includes(o.at)) return [{ line: o.line, text: o.text, problem: `${o.at} is not a friendly major port open to ${u.name}`, rule: '4.4', hint: `choose from: ${basePorts(s, u).join(', ')}` }];
    const moving = orders.some((x) => x.t === 'move' && x.units.includes(u.id));
    return moving ? [{ line: o.line, text: o.text, problem: `${u.name} cannot be based and moved in one step`, rule: '4.4' }] : [];
  });
}

export function resolveBasing(tx: Tx, orders: readonly Order[]): void {
  for (const o of orders) if (o.t === 'base') tx.unit(o.unit, { loc: { at: 'port', place: o.at } }, `is based at ${o.at}`, '4.4');
}
