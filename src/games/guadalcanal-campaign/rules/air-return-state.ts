/** How the events of 7.4E, 7.4 (counterstrikes), 8.5B-D and 8.1F (base strikes) fold into the state. */
import { entriesOf } from '../keyed';
import { type AirGroup, type GcState, noAirOps, other } from '../state';
import type { GcEvent } from './events';

type AirReturnEvent = Extract<
  GcEvent,
  { type: 'gcc.deck-exploded' | 'gcc.counterstrike-launched' | 'gcc.emergency-landed' | 'gcc.base-struck' }
>;

const minus = (g: AirGroup | undefined, by: AirGroup): AirGroup => {
  const out: Record<string, number> = { ...(g ?? {}) };
  for (const [t, n] of entriesOf(by)) out[t] = Math.max(0, (out[t] ?? 0) - n);
  return out;
};
const plus = (g: AirGroup | undefined, by: AirGroup): AirGroup => {
  const out: Record<string, number> = { ...(g ?? {}) };
  for (const [t, n] of entriesOf(by)) out[t] = (out[t] ?? 0) + n;
  return out;
};

export function afterAirReturn(s: GcState, e: AirReturnEvent): GcState {
  switch (e.type) {
    case 'gcc.deck-exploded': {
      const d = e.data;
      const x = s.ships[d.ship];
      const damage = x.damage + d.damage;
      const ships = {
        ...s.ships,
        [d.ship]: { ...x, damage, ms: damage * 2 >= x.df ? 5 : x.ms, ...(d.sunk ? { sunk: true, tf: null } : {}) },
      };
      const taskForces = { ...s.taskForces };
      if (d.sunk && x.tf && taskForces[x.tf]) {
        const left = taskForces[x.tf].ships.filter((n) => n !== d.ship);
        if (left.length) taskForces[x.tf] = { ...taskForces[x.tf], ships: left };
        else delete taskForces[x.tf];
      }
      const ops = s.airOps[d.side].turn === d.turn ? s.airOps[d.side] : noAirOps(d.turn);
      const counter = { ...ops.counter, [d.ship]: minus(ops.counter[d.ship], d.planes) };
      return {
        ...s,
        ships,
        taskForces,
        air: { ...s.air, [d.ship]: minus(s.air[d.ship], d.planes) },
        airOps: { ...s.airOps, [d.side]: { ...ops, counter } },
      };
    }
    case 'gcc.counterstrike-launched': {
      // the reserve flies once (7.4); its losses come off the carrier when the strike is resolved (8.1)
      const d = e.data;
      const ops = s.airOps[d.side];
      const counter = { ...ops.counter };
      delete counter[d.from];
      return { ...s, airOps: { ...s.airOps, [d.side]: { ...ops, counter } } };
    }
    case 'gcc.emergency-landed': {
      const d = e.data;
      const air = { ...s.air, [d.from]: minus(s.air[d.from], d.planes) };
      if (d.to) air[d.to] = plus(air[d.to], d.planes);
      return { ...s, air };
    }
    case 'gcc.base-struck': {
      const d = e.data;
      const enemy = other(d.side);
      const ashore = { ...s.ashore, [enemy]: { ...s.ashore[enemy], sup: s.ashore[enemy].sup - d.dumps } };
      return { ...s, ashore, air: { ...s.air, [d.base]: minus(s.air[d.base], d.aircraft) } };
    }
  }
}
