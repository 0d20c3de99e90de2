/** The start of a turn (4.4–4.5, 4.41–4.42, 5.1, 16.x availability, 17.11, 17.21). */
import type { Tx } from './events';
import type { Unit, VitpState } from './types';

/** 4.41: a reinforcement whose port is enemy-held is lost, except Pearl Harbor's, which may use Samoa. */
function arrivalPort(s: VitpState, u: Unit): string | null {
  if (s.control[u.arrivalAt] === u.side) return u.arrivalAt;
  if (u.arrivalAt === 'Pearl Harbor' && s.control['Samoa'] === u.side) return 'Samoa';
  return null;
}

/** 4.4: returning land and air units may use any friendly major port; we use the first in board order. */
function returningPort(s: VitpState, u: Unit): string | null {
  if (s.control[u.arrivalAt] === u.side) return u.arrivalAt;
  return s.map.places.find((p) => p.kind === 'port' && s.control[p.name] === u.side)?.name ?? null;
}

export function beginTurn(tx: Tx, turn: number): void {
  tx.emit('vitp.lba-done', { side: null });
  for (const u of tx.s.units) {
    if (u.moved || u.repaired || u.barredFromPursuit || u.raidedThisTurn || u.mayNotInvade || u.sailedFrom) {
      tx.emit('vitp.unit', { id: u.id, name: u.name, patch: { moved: false, repaired: false, barredFromPursuit: false, raidedThisTurn: false, mayNotInvade: false, sailedFrom: null }, why: 'new turn', rule: '5.75' });
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
      if (port) tx.unit(u.id, { loc: { at: 'port', place: port } }, `returns to play at ${port}`, '4.5');
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
