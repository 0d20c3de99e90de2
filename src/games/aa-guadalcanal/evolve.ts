/** Folding the rules events into the state (total over GEvent). */
import type { RulesEvent } from '../../engine/ruleset';
import { DAMAGED, type GEvent, type GState, type Piece } from './types';

const update = (s: GState, ids: readonly string[], f: (p: Piece) => Piece): GState => ({
  ...s,
  pieces: s.pieces.map((p) => (ids.includes(p.id) ? f(p) : p)),
});

export function evolveGuadalcanal(s: GState, event: RulesEvent): GState {
  const e = event as GEvent;
  switch (e.type) {
    case 'gc.loaded':
      return update(s, e.data.cargo, (p) => ({ ...p, on: e.data.ship, zone: e.data.zone }));
    case 'gc.moved': {
      const carried = [e.data.unit, ...e.data.carried];
      return update(s, carried, (p) => ({ ...p, zone: e.data.to, on: p.id === e.data.unit && p.type === 'FTR' ? null : p.on }));
    }
    case 'gc.unloaded':
      return update(s, [e.data.unit], (p) => ({ ...p, on: null, zone: e.data.to, unloadedTo: e.data.to }));
    case 'gc.roll':
      return s;
    case 'gc.hits':
      return { ...s, hits: { ...s.hits, [e.data.side]: e.data.units } };
    case 'gc.armor':
      return update(s, [e.data.unit], (p) => ({ ...p, armorUsed: true }));
    case 'gc.fired':
      return update(s, [e.data.unit], (p) => ({ ...p, fired: e.data.at }));
    case 'gc.vs-airfield':
      return update(s, [e.data.unit], (p) => ({ ...p, vsAirfield: true }));
    case 'gc.casualties': {
      const gone = new Set([...e.data.destroyed, ...e.data.lostCargo]);
      const damaged = new Set(e.data.damaged);
      return {
        ...s,
        pieces: s.pieces
          .filter((p) => !gone.has(p.id))
          .map((p) => {
            if (damaged.has(p.id)) return { ...p, zone: DAMAGED, on: null };
            // fighters aboard a carrier that went home or sank stay in the zone, airborne (ATK.cargo)
            if (p.on && (gone.has(p.on) || damaged.has(p.on))) return { ...p, on: null };
            return p;
          }),
      };
    }
    case 'gc.vp':
      return { ...s, vp: { ...s.vp, [e.data.side]: e.data.total } };
    case 'gc.airfield': {
      const airfields = [...s.airfields];
      if (e.data.airfield === null) airfields.splice(e.data.index, 1);
      else if (e.data.index >= airfields.length) airfields.push(e.data.airfield);
      else airfields[e.data.index] = e.data.airfield;
      return { ...s, airfields };
    }
    case 'gc.control':
      return { ...s, control: { ...s.control, [e.data.island]: e.data.side } };
    case 'gc.captured':
      return update(s, e.data.supplies, (p) => ({ ...p, side: e.data.side }));
    case 'gc.landed':
      return update(s, [e.data.unit], (p) => ({ ...p, zone: e.data.zone, on: /^CV\d+$/.test(e.data.at) ? e.data.at : null }));
    case 'gc.crashed':
      return { ...s, pieces: s.pieces.filter((p) => p.id !== e.data.unit) };
    case 'gc.spent':
      return { ...s, pieces: s.pieces.filter((p) => !e.data.supplies.includes(p.id)) };
    case 'gc.placed':
      return { ...s, pieces: [...s.pieces, ...e.data.pieces], nextNumber: s.nextNumber + e.data.pieces.length };
    case 'gc.repaired':
      return update(s, [e.data.unit], (p) => ({ ...p, zone: e.data.to }));
    case 'gc.advantage': {
      const { left, ...used } = e.data;
      return {
        ...s,
        tokens: { ...s.tokens, [used.side]: { ...s.tokens[used.side], [used.advantage]: left } },
        active: [...s.active, used],
      };
    }
    case 'gc.fight':
      return { ...s, fight: e.data.fight };
    case 'gc.torpedoes':
      return { ...s, torpedoes: e.data.torpedoes };
    case 'gc.next': {
      const newTurn = e.data.turn !== s.turn;
      return {
        ...s,
        fight: null,
        torpedoes: null,
        at: e.data.at,
        turn: e.data.turn,
        first: e.data.first,
        active: newTurn ? [] : s.active,
        pieces: newTurn ? s.pieces.map((p) => ({ ...p, armorUsed: false, fired: null, vsAirfield: false, unloadedTo: null })) : s.pieces,
      };
    }
    case 'gc.won':
      return { ...s, winner: e.data.winner };
    default: {
      const never: never = e;
      throw new Error(`aa-guadalcanal: no evolve for ${JSON.stringify(never)}`);
    }
  }
}
