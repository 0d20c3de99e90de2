/**
 * Ground combat's events (28.x), their evolve and story lines. Ground combat is public: the
 * defender reveals every land unit of the hex attacked and his supply there (28.2 (3), 31.1 (3)),
 * so these events name the units of both sides in the hex, and never a ship: a US attack's close
 * air and gunfire support shows as the factors it added (28.3 (2)); the ships that fired (16.2,
 * 17.1) are the US player's own event.
 */
import type { RulesEvent } from '../../../engine/ruleset';
import type { GroundData } from '../box/deployment';
import { SIDE_NAME, type SolSide, type SolState } from '../state';

export interface Shift {
  readonly why: 'army-navy' | 'us-night' | 'entrenched';
  readonly n: number;
  readonly rule: string;
}

export type GroundEvent =
  | RulesEvent<
      'sol.ground-attack',
      {
        side: SolSide;
        hex: string;
        attackers: readonly string[];
        defenders: readonly string[];
        /** 28.3 (1), 28.4: attack supply spent, one a 9 battalions of this sub-attack */
        attackSupply: number;
        /** 28.3 (3): defensive supply spent, and the defending units it covers */
        defenceSupply: number;
        supplied: readonly string[];
        /** the attack strength: the ground units' printed strength, plus any support */
        attack: number;
        /** 28.3 (2), 16.2: US close air and naval gunfire support added, within `ground` (the printed strength) */
        support?: { cas: number; ngs: number; ground: number };
        defence: number;
        percent: number;
        /** the column of the percentage, the shifts, the column used (1-9, clamped, 11.10) */
        base: number;
        shifts: readonly Shift[];
        column: number;
        combinedCp: boolean;
        /** 49.1: Banzai! declared and possible, both sides' losses doubled */
        banzai?: boolean;
        /** 46.1 (optional): the attackers that attacked fatigued, their side's losses doubled */
        fatigued?: readonly string[];
        dice: { attacker: number; defender: number };
        result: { a: number | null; d: number | null };
      }
    >
  /** 16.2-16.3, 17.1: the ships that fired in support (fatigued) and the Combined CP spent with Army units */
  | RulesEvent<'sol.gunfire-support', { side: SolSide; hex: string; ships: readonly string[]; factors: number; combinedCp: boolean }>
  | RulesEvent<
      'sol.ground-loss',
      {
        side: SolSide;
        hex: string;
        /** break: a unit into its pieces (cohesion, or to take battalion losses, 50.0); eliminate: the unit and its battalions */
        kind: 'break' | 'eliminate';
        unit: string;
        into: readonly GroundData[];
        battalions: number;
        why: 'cohesion' | 'battalions';
      }
    >
  | RulesEvent<
      'sol.ground-cleared',
      {
        side: SolSide;
        hex: string;
        /** 28.6: grounded enemy air eliminated (points), 24.3: the airbase taken (capacity 3), 29.9: supply dice */
        air: number;
        airbase: { from: SolSide; value: number } | null;
        supply: { face: number; captured: boolean }[];
      }
    >;

const TYPES = new Set(['sol.ground-attack', 'sol.gunfire-support', 'sol.ground-loss', 'sol.ground-cleared']);
export const isGroundEvent = (e: RulesEvent): e is GroundEvent => TYPES.has(e.type);

const enemyOf = (side: SolSide): SolSide => (side === 'us' ? 'japanese' : 'us');
type Forces = SolState['forces'][SolSide];
const withForces = (s: SolState, side: SolSide, f: Forces): SolState => ({ ...s, forces: { ...s.forces, [side]: f } });
const spend = (supply: Forces['supply'], at: string, n: number) => (n ? { ...supply, [at]: (supply[at] ?? 0) - n } : supply);

export function evolveGround(s: SolState, e: GroundEvent): SolState {
  switch (e.type) {
    case 'sol.ground-attack': {
      const d = e.data;
      const enemy = enemyOf(d.side);
      const a = s.forces[d.side];
      const attackers = new Set(d.attackers);
      const ground = a.ground.map((g) => (attackers.has(g.id) ? { ...g, attacked: s.turn } : g));
      const cp = s.cp[d.side];
      let next = withForces(s, d.side, { ...a, ground, supply: spend(a.supply, d.hex, d.attackSupply) });
      if (d.combinedCp && cp) next = { ...next, cp: { ...next.cp, [d.side]: { ...cp, combined: cp.combined - 1 } } };
      const f = next.forces[enemy];
      return withForces(next, enemy, { ...f, supply: spend(f.supply, d.hex, d.defenceSupply) });
    }
    case 'sol.gunfire-support': {
      const d = e.data;
      const f = s.forces[d.side];
      const ships = { ...f.ships };
      for (const id of d.ships) if (ships[id]) ships[id] = { ...ships[id], fatigued: true };
      const cp = s.cp[d.side];
      const next = withForces(s, d.side, { ...f, ships });
      return d.combinedCp && cp ? { ...next, cp: { ...next.cp, [d.side]: { ...cp, combined: cp.combined - 1 } } } : next;
    }
    case 'sol.ground-loss': {
      const d = e.data;
      const f = s.forces[d.side];
      const ground = f.ground.flatMap((g) =>
        g.id !== d.unit
          ? [g]
          : d.kind === 'break'
            ? d.into.map((u) => ({ ...u, at: g.at, ...(g.attacked ? { attacked: g.attacked } : {}) }))
            : [],
      );
      // 37.x: pieces stay under the entrenchment; a marker with nobody under it goes
      const under = s.entrenched[d.side][d.hex];
      let entrenched = s.entrenched;
      if (under?.includes(d.unit)) {
        const units = under.flatMap((u) => (u !== d.unit ? [u] : d.kind === 'break' ? d.into.map((x) => x.id) : []));
        const mine = { ...s.entrenched[d.side] };
        if (units.length) mine[d.hex] = units;
        else delete mine[d.hex];
        entrenched = { ...s.entrenched, [d.side]: mine };
      }
      const enemy = enemyOf(d.side);
      const vp =
        d.kind === 'eliminate'
          ? { ...s.vp, [enemy]: s.vp[enemy] + d.battalions * s.logData.victoryPoints.groundPerBattalion[d.side] }
          : s.vp;
      return { ...withForces(s, d.side, { ...f, ground }), entrenched, vp };
    }
    case 'sol.ground-cleared': {
      const d = e.data;
      const enemy = enemyOf(d.side);
      const ef = s.forces[enemy];
      const air = ef.air.filter((p) => p.at !== d.hex);
      const supply = { ...ef.supply };
      delete supply[d.hex];
      const captured = d.supply.filter((x) => x.captured).length;
      const mine = s.forces[d.side];
      const next = withForces(withForces(s, enemy, { ...ef, air, supply }), d.side, {
        ...mine,
        supply: captured ? { ...mine.supply, [d.hex]: (mine.supply[d.hex] ?? 0) + captured } : mine.supply,
      });
      const airfields = d.airbase
        ? s.airfields.map((a) => (a.hex === d.hex ? { ...a, side: d.side, value: d.airbase!.value } : a))
        : s.airfields;
      return { ...next, airfields };
    }
  }
}

const COLUMN_WORDS = ['', '<=49%', '... (shift)', '50-99%', '100-149%', '150-199%', '200-249%', '250-299%', '>=300%', '... (shift)'];
const res = (x: number | null, p: string) => (x === null ? '-' : `${p}${x}`);

export function narrateGround(e: GroundEvent): string[] {
  switch (e.type) {
    case 'sol.ground-attack': {
      const d = e.data;
      const shifts = d.shifts.map((x) => `${x.n} ${x.why} (${x.rule})`).join(', ');
      const support = d.support
        ? ` + ${[d.support.cas ? `close air ${d.support.cas}` : '', d.support.ngs ? `naval gunfire ${d.support.ngs}` : ''].filter(Boolean).join(' + ')} (28.3 (2): at most the ground strength ${d.support.ground})`
        : '';
      return [
        `${SIDE_NAME[d.side]} attacks at ${d.hex}: ${d.attackers.join(', ')} (${d.support ? `${d.attack - d.support.cas - d.support.ngs}${support} = ${d.attack}` : d.attack}, ${d.attackSupply} supply) against ${d.defenders.join(', ')} (${d.defence}; ${d.defenceSupply} supply covering ${d.supplied.join(', ') || 'none'}) = ${d.percent}%, column ${d.base}${shifts ? ` shifted ${shifts}` : ''} -> ${COLUMN_WORDS[d.column]}; dice ${d.dice.attacker}/${d.dice.defender}: ${res(d.result.a, 'A')}/${res(d.result.d, 'D')} (28.3)${d.banzai ? '; Banzai!, both sides lose double (49.1)' : ''}.`,
      ];
    }
    case 'sol.gunfire-support': {
      const d = e.data;
      return [
        `${SIDE_NAME[d.side]} naval gunfire support at ${d.hex}: ${d.ships.join(', ')} add ${d.factors} (16.2), fatigued: no further attack this turn (17.1)${d.combinedCp ? '; a Combined CP spent, Army units attacking (16.3)' : ''}.`,
      ];
    }
    case 'sol.ground-loss': {
      const d = e.data;
      return [
        d.kind === 'break'
          ? `${SIDE_NAME[d.side]} breaks ${d.unit} into ${d.into.map((u) => u.id).join(', ')} at ${d.hex} (${d.why === 'cohesion' ? 'a cohesion loss' : 'to take battalion losses'}, 50.0, 27.5).`
          : `${SIDE_NAME[d.side]} loses ${d.unit} (${d.battalions} battalion${d.battalions === 1 ? '' : 's'}) at ${d.hex} (50.0 ground results).`,
      ];
    }
    case 'sol.ground-cleared': {
      const d = e.data;
      const got = d.supply.filter((x) => x.captured).length;
      return [
        `${SIDE_NAME[d.side]} clears ${d.hex} of enemy ground units (28.6)${d.air ? `: ${d.air} grounded air points eliminated` : ''}${d.airbase ? `; takes the airbase, capacity ${d.airbase.value} (24.3)` : ''}${d.supply.length ? `; enemy supply: ${got} captured, ${d.supply.length - got} destroyed (29.9)` : ''}.`,
      ];
    }
  }
}
