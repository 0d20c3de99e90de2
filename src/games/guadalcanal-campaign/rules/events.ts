/** The rules events of the game and how each folds into the state (evolve). */
import { entriesOf, keysOf } from '../keyed';
import type { RulesEvent } from '../../../engine/ruleset';
import type { Mission } from '../box/tables';
import type { AirKind } from '../orders';
import { withEndOffer } from './agreement';
import { afterAirReturn } from './air-return-state';
import { afterStrike } from './damage';
import { afterLand } from './land';
import { afterLoaded, type Cargo } from './cargo';
import { afterTrained, type Trained } from './training';
import { afterDivided, afterScuttled, type Divided, type Scuttled } from './divide';
import { afterReinforced, type Reinforced } from './reinforcements';
import type { Pipeline } from './repair';
import type { FinalScore, Score } from './scoring';
import type { Hit } from './strike';
import {
  afterExplosion,
  afterSeaRepair,
  afterSubAttacked,
  afterSubResult,
  type Explosion,
  type SubAttacked,
  type SubResult,
} from './sub-result';
import { afterSurface, type SurfaceResult } from './surface-result';
import { type AirGroup, type AirOps, type GcSide, type GcState, noAirOps, type RowId, type Sighting, TURN_ROWS, isAm } from '../state';

export type GcEvent =
  | RulesEvent<'gcc.computer-plan', { step: string; rule: string; plan: string[] }>
  | RulesEvent<
      'gcc.tf-formed',
      { side: GcSide; tf: number; mission: Mission; endurance: number; port: string; col: number; row: number; ships: string[] }
    >
  | RulesEvent<'gcc.tf-moved', { side: GcSide; tf: number; path: [number, number][]; points: number; spent: number }>
  | RulesEvent<'gcc.tf-combined', { side: GcSide; tf: number; into: number; ships: string[]; mission: Mission; endurance: number }>
  | RulesEvent<'gcc.tf-docked', { side: GcSide; tf: number; port: string; ships: string[]; turn: number }>
  | RulesEvent<'gcc.endurance', { side: GcSide; tf: number; endurance: number }>
  | RulesEvent<'gcc.out-of-fuel', { side: GcSide; tf: number; ships: string[] }>
  | RulesEvent<'gcc.sighted', { side: GcSide; turn: number; sightings: Sighting[] }>
  | RulesEvent<'gcc.air-assigned', { side: GcSide; turn: number; kind: AirKind; from: string; planes: AirGroup }>
  | RulesEvent<'gcc.strike-launched', { side: GcSide; turn: number; from: string; target: number; range: number; planes: AirGroup }>
  | RulesEvent<'gcc.transferred', { side: GcSide; turn: number; from: string; to: string; planes: AirGroup }>
  | RulesEvent<
      'gcc.strike-resolved',
      {
        side: GcSide;
        turn: number;
        from: string;
        target: number;
        range: number;
        planes: AirGroup;
        lost: AirGroup;
        capLost: Record<string, AirGroup>;
        hits: Hit[];
        sunk: string[];
        attacked: boolean;
      }
    >
  | RulesEvent<'gcc.deck-exploded', { side: GcSide; turn: number; ship: string; planes: AirGroup; damage: number; sunk: boolean }>
  | RulesEvent<'gcc.counterstrike-launched', { side: GcSide; turn: number; from: string; target: number; range: number; planes: AirGroup }>
  | RulesEvent<'gcc.emergency-landed', { side: GcSide; turn: number; from: string; to: string | null; planes: AirGroup }>
  | RulesEvent<
      'gcc.base-struck',
      { side: GcSide; turn: number; from: string; base: string; hits: number; aircraft: AirGroup; dumps: number }
    >
  | RulesEvent<
      'gcc.unloaded',
      // at: the island when not Guadalcanal (Port Moresby in Coral Sea, 10.2B)
      { side: GcSide; turn: number; tf: number; ships: { ship: string; inf: number; sup: number }[]; at?: string }
    >
  | RulesEvent<
      'gcc.bombarded',
      { side: GcSide; turn: number; tf: number; ships: string[]; firepower: number; aircraft: AirGroup; dumps: number; mission: Mission }
    >
  | RulesEvent<'gcc.land-planned', { side: GcSide; turn: number; level: number }>
  | RulesEvent<'gcc.land-called-off', { side: GcSide; turn: number; level: number; reason: string }>
  | RulesEvent<
      'gcc.land-fought',
      { side: GcSide; attacker: GcSide; turn: number; level: number; lost: number; dumps: number; estimate?: number; doubled?: boolean }
    >
  | RulesEvent<'gcc.henderson-captured', { turn: number }>
  | RulesEvent<'gcc.pipeline', { side: GcSide; turn: number; ships: Pipeline[] }>
  | RulesEvent<'gcc.repaired', { side: GcSide; turn: number; ships: string[] }>
  | RulesEvent<'gcc.reinforced', Reinforced>
  | RulesEvent<'gcc.loaded', Cargo>
  | RulesEvent<'gcc.trained', Trained>
  | RulesEvent<'gcc.tf-divided', Divided>
  | RulesEvent<'gcc.scuttled', Scuttled>
  | RulesEvent<'gcc.weather', { turn: number; weather: GcState['weather'] }>
  | RulesEvent<'gcc.supplied', { side: GcSide; turn: number; used: number; lost: number }>
  | RulesEvent<'gcc.refuelled', { tf: number; tanker: string; endurance: number; left: number }>
  | RulesEvent<'gcc.score', { side: GcSide; turn: number; score: Score }>
  | RulesEvent<'gcc.final-score', { turn: number } & FinalScore>
  | RulesEvent<'gcc.surface-fought', SurfaceResult>
  | RulesEvent<'gcc.sub-attacked', SubAttacked>
  | RulesEvent<'gcc.sub-result', SubResult>
  | RulesEvent<'gcc.explosion', Explosion>
  | RulesEvent<'gcc.sea-repaired', { side: GcSide; turn: number; ship: string; damage: number }>
  | RulesEvent<'gcc.end-offered', { side: GcSide; turn: number }>
  | RulesEvent<'gcc.ended-by-agreement', { turn: number }>
  | RulesEvent<'gcc.step-done', { turn: number; row: RowId }>;

/** The row after `row` in a turn: AM turns have all of 3.3, PM turns skip the air steps (3.4). */
export function nextRow(turn: number, row: RowId): { turn: number; row: RowId } {
  const rows = TURN_ROWS.filter((r) => isAm(turn) || !r.includes('air'));
  const i = rows.indexOf(row);
  return i < rows.length - 1 ? { turn, row: rows[i + 1] } : { turn: turn + 1, row: TURN_ROWS[0] };
}

const opsAt = (s: GcState, side: GcSide, turn: number): AirOps => (s.airOps[side].turn === turn ? s.airOps[side] : noAirOps(turn));
const withOps = (s: GcState, side: GcSide, ops: AirOps): GcState => ({ ...s, airOps: { ...s.airOps, [side]: ops } });

export function evolveGc(s: GcState, event: RulesEvent): GcState {
  const e = event as GcEvent;
  switch (e.type) {
    case 'gcc.tf-formed': {
      const d = e.data;
      const ships = { ...s.ships };
      for (const name of d.ships) ships[name] = { ...ships[name], tf: d.tf, port: null };
      const tf = { id: d.tf, side: d.side, mission: d.mission, endurance: d.endurance, col: d.col, row: d.row, ships: d.ships };
      return { ...s, ships, taskForces: { ...s.taskForces, [d.tf]: tf }, formedInMini: s.formedInMini || s.scenario !== 'campaign' };
    }
    case 'gcc.tf-moved': {
      const [col, row] = e.data.path[e.data.path.length - 1];
      return { ...s, taskForces: { ...s.taskForces, [e.data.tf]: { ...s.taskForces[e.data.tf], col, row } } };
    }
    case 'gcc.tf-combined': {
      const d = e.data;
      const ships = { ...s.ships };
      for (const name of s.taskForces[d.tf].ships) ships[name] = { ...ships[name], tf: d.into };
      const { [d.tf]: _merged, ...rest } = s.taskForces;
      const into = { ...rest[d.into], ships: d.ships, mission: d.mission, endurance: d.endurance };
      return { ...s, ships, taskForces: { ...rest, [d.into]: into } };
    }
    case 'gcc.tf-docked': {
      const ships = { ...s.ships };
      const dockedEndurance = s.taskForces[e.data.tf].endurance;
      for (const name of e.data.ships)
        ships[name] = { ...ships[name], tf: null, port: e.data.port, dockedTurn: e.data.turn, dockedEndurance };
      const { [e.data.tf]: _gone, ...taskForces } = s.taskForces;
      return { ...s, ships, taskForces };
    }
    case 'gcc.endurance':
      return { ...s, taskForces: { ...s.taskForces, [e.data.tf]: { ...s.taskForces[e.data.tf], endurance: e.data.endurance } } };
    case 'gcc.out-of-fuel': {
      const ships = { ...s.ships };
      for (const name of e.data.ships) ships[name] = { ...ships[name], ms: 5 };
      return { ...s, ships };
    }
    case 'gcc.sighted':
      return { ...s, sighted: { ...s.sighted, [e.data.side]: e.data.sightings } };
    case 'gcc.air-assigned': {
      const d = e.data;
      const ops = opsAt(s, d.side, d.turn);
      const key = ({ cap: 'cap', lrcap: 'lrcap', search: 'search', subsearch: 'subSearch', counterstrike: 'counter' } as const)[d.kind];
      const had = ops[key][d.from] ?? {};
      const group = { ...had };
      for (const [t, n] of entriesOf(d.planes)) group[t] = (group[t] ?? 0) + n;
      return withOps(s, d.side, { ...ops, [key]: { ...ops[key], [d.from]: group } });
    }
    case 'gcc.strike-launched': {
      const { side, turn, ...strike } = e.data;
      const ops = opsAt(s, side, turn);
      return withOps(s, side, { ...ops, strikes: [...ops.strikes, strike] });
    }
    case 'gcc.transferred': {
      const d = e.data;
      const from = { ...s.air[d.from] };
      const to = { ...(s.air[d.to] ?? {}) };
      for (const [t, n] of entriesOf(d.planes)) {
        from[t] -= n;
        to[t] = (to[t] ?? 0) + n;
      }
      return { ...withOps(s, d.side, { ...opsAt(s, d.side, d.turn), transferred: true }), air: { ...s.air, [d.from]: from, [d.to]: to } };
    }
    case 'gcc.strike-resolved':
      return afterStrike(s, e.data);
    case 'gcc.reinforced':
      return afterReinforced(s, e.data);
    case 'gcc.loaded':
      return afterLoaded(s, e.data);
    case 'gcc.trained':
      return afterTrained(s, e.data);
    case 'gcc.tf-divided':
      return afterDivided(s, e.data);
    case 'gcc.scuttled':
      return afterScuttled(s, e.data);
    case 'gcc.deck-exploded':
    case 'gcc.counterstrike-launched':
    case 'gcc.emergency-landed':
    case 'gcc.base-struck':
      return afterAirReturn(s, e);
    case 'gcc.unloaded': {
      const ships = { ...s.ships };
      const ashore = { ...s.ashore[e.data.side] };
      for (const x of e.data.ships) {
        ships[x.ship] = { ...ships[x.ship], inf: ships[x.ship].inf - x.inf, sup: ships[x.ship].sup - x.sup };
        ashore.inf += x.inf;
        ashore.sup += x.sup;
      }
      return { ...s, ships, ashore: { ...s.ashore, [e.data.side]: ashore } };
    }
    case 'gcc.bombarded': {
      const d = e.data;
      const enemy = d.side === 'japanese' ? 'american' : 'japanese';
      const henderson = { ...(s.air['Henderson Field'] ?? {}) };
      for (const [t, n] of entriesOf(d.aircraft)) henderson[t] -= n;
      const ashore = { ...s.ashore, [enemy]: { ...s.ashore[enemy], sup: s.ashore[enemy].sup - d.dumps } };
      const tf = { ...s.taskForces[d.tf], mission: d.mission };
      const air = keysOf(d.aircraft).length ? { ...s.air, 'Henderson Field': henderson } : s.air;
      return { ...s, air, ashore, taskForces: { ...s.taskForces, [d.tf]: tf } };
    }
    case 'gcc.land-planned':
    case 'gcc.land-called-off':
    case 'gcc.land-fought':
    case 'gcc.henderson-captured':
      return afterLand(s, e);
    case 'gcc.pipeline':
    case 'gcc.repaired':
    case 'gcc.supplied':
      return turnEndEvolve(s, e);
    case 'gcc.weather':
      return { ...s, weather: e.data.weather };
    case 'gcc.refuelled': {
      const d = e.data;
      const taskForces = { ...s.taskForces, [d.tf]: { ...s.taskForces[d.tf], endurance: d.endurance } };
      return { ...s, taskForces, refuels: { ...s.refuels, [d.tanker]: d.left } };
    }
    case 'gcc.score':
    case 'gcc.final-score':
      return s;
    case 'gcc.surface-fought':
      return afterSurface(s, e.data);
    case 'gcc.sub-attacked':
      return afterSubAttacked(s, e.data);
    case 'gcc.sub-result':
      return afterSubResult(s, e.data);
    case 'gcc.explosion':
      return afterExplosion(s, e.data);
    case 'gcc.sea-repaired':
      return afterSeaRepair(s, e.data);
    case 'gcc.end-offered':
      return withEndOffer(s, e.data.side, e.data.turn);
    case 'gcc.ended-by-agreement':
      return { ...s, row: 'over', endedByAgreement: e.data.turn };
    case 'gcc.step-done': {
      if (s.row === 'over') return s;
      const next = nextRow(e.data.turn, e.data.row);
      if (next.turn > s.lastTurn) return { ...s, row: 'over' };
      return { ...s, ...next };
    }
    case 'gcc.computer-plan':
      return s;
    default:
      throw new Error(`Guadalcanal Campaign: unknown rules event ${event.type}`);
  }
}

type TurnEndEvent = Extract<GcEvent, { type: 'gcc.pipeline' | 'gcc.repaired' | 'gcc.supplied' }>;

/** 8.8 and 9.4: ships into and out of the pipeline, the dumps and companies daily supply takes. */
function turnEndEvolve(s: GcState, e: TurnEndEvent): GcState {
  const ships = { ...s.ships };
  switch (e.type) {
    case 'gcc.pipeline':
      for (const x of e.data.ships) ships[x.ship] = { ...ships[x.ship], repairUntil: x.until };
      return { ...s, ships };
    case 'gcc.repaired':
      for (const n of e.data.ships) ships[n] = { ...ships[n], damage: 0 };
      return { ...s, ships };
    case 'gcc.supplied': {
      const a = s.ashore[e.data.side];
      return { ...s, ashore: { ...s.ashore, [e.data.side]: { inf: a.inf - e.data.lost, sup: a.sup - e.data.used } } };
    }
  }
}
