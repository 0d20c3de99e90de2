/**
 * 5a1f-h, the air combat routine: first air superiority in every hex where fliers of both sides
 * meet (all fire at all, at once: CAP doubled per the Air Missions Chart, extended range halved,
 * losses taken after both fired), then the initiative side's attacks (land-based before carrier),
 * then the other side's, each package met by AA before it attacks (24). The routine is a list of
 * stages kept in the state, so it stops when the USN must choose its losses (`air-losses`) and the
 * decision's handler resumes it.
 */
import type { Dice } from '../../../../engine/ruleset';
import { rollOnTable } from '../../../kit';
import type { CoralBox, CoralSide } from '../../box/schema';
import type { AirUnitState, CoralOrder, CoralState } from '../../types';
import { airLosses, factorColumn } from './crt';
import type { AirFold } from './fold';
import { abort, chosenLosses, eliminate, randomLosses, takeLosses } from './losses';
import type { AirStage } from './state';
import { attack } from './strike';
import { isCarrier } from './units';

/** Fliers still in the fight in a hex (aborted ones have left it). */
export const fliersIn = (s: CoralState, hex: string, side?: CoralSide): AirUnitState[] =>
  s.air.filter(
    (u) => (u.box === 'cap' || u.box === 'escort' || u.box === 'strike') && u.flyingTo === hex && !u.aborted && (!side || u.side === side),
  );

/** The routine's stages for the fliers now in the air (5a1f, then 5a1g-h in initiative order, land-based first). */
export function stagesOf(s: CoralState): AirStage[] {
  const hexes = [...new Set(s.air.filter((u) => u.flyingTo && !u.aborted).map((u) => u.flyingTo as string))].sort();
  const stages: AirStage[] = hexes
    .filter((h) => fliersIn(s, h, 'usn').length && fliersIn(s, h, 'ijn').length)
    .map((hex) => ({ kind: 'superiority', hex }));
  const first: CoralSide = s.initiative ?? 'ijn';
  for (const side of [first, first === 'usn' ? 'ijn' : 'usn'] as CoralSide[])
    for (const klass of ['land', 'carrier'] as const) {
      const seen = new Set<string>();
      const packages = s.air
        .filter(
          (u) => u.side === side && u.box === 'strike' && !u.aborted && u.target && (isCarrier(u.home) ? 'carrier' : 'land') === klass,
        )
        .sort((a, b) => ((a.flyingTo as string) + a.home < (b.flyingTo as string) + b.home ? -1 : 1));
      for (const u of packages) {
        const key = `${u.flyingTo}|${u.home}|${u.target}`;
        if (seen.has(key)) continue;
        seen.add(key);
        stages.push({ kind: 'attack', side, hex: u.flyingTo as string, from: u.home as never, target: u.target as string, class: klass });
      }
    }
  return stages;
}

/** Air-to-air factors of a side's fliers (CAP multiplied per the Air Missions Chart; extended range halved, 32.1). */
export function airToAirFactors(box: CoralBox, units: readonly AirUnitState[]): number {
  const mult = (u: AirUnitState) => box.airMissions[u.box as 'cap' | 'escort' | 'strike'].value.airToAirMultiplier;
  const normal = units.filter((u) => !u.extendedRange).reduce((n, u) => n + u.strength * mult(u), 0);
  const ext = units.filter((u) => u.extendedRange).reduce((n, u) => n + u.strength * mult(u), 0);
  return Math.floor(normal + Math.floor(ext / 2));
}

/** 5a1f in one hex: both sides fire, then each takes its losses. True when the USN's losses wait for its decision. */
function superiority(f: AirFold, box: CoralBox, dice: Dice, hex: string): boolean {
  const table = box.tables.crt.airToAir;
  const results = (['usn', 'ijn'] as CoralSide[]).map((side) => {
    const firing = fliersIn(f.s, hex, side);
    const factors = airToAirFactors(box, firing);
    const column = factorColumn(table, factors);
    const roll = column ? rollOnTable(dice, table, { column, for: `${side.toUpperCase()} air-to-air in ${hex}` }) : null;
    f.emit({
      type: 'coral.air.combat',
      data: { hex, kind: 'air-to-air', side, factors, roll, ...(roll ? {} : { none: 'no air-to-air factors' }) },
    });
    const losses = airLosses(dice, box, roll?.result.defender ?? null, `${side.toUpperCase()} air-to-air in ${hex}`);
    if (losses.eliminated + losses.aborted) f.emit({ type: 'coral.air.loss-dice', data: { hex, ...losses, rule: 'CRT' } });
    return { side, losses };
  });
  const onIjn = results[0].losses;
  const onUsn = results[1].losses;
  takeLosses(f, box, dice, 'ijn', fliersIn(f.s, hex, 'ijn'), onIjn, hex, 'air-to-air');
  return takeLosses(f, box, dice, 'usn', fliersIn(f.s, hex, 'usn'), onUsn, hex, 'air-to-air');
}

/** Runs the routine from where it stands until it ends or waits for the USN. */
export function runBattle(f: AirFold, box: CoralBox, dice: Dice): void {
  for (;;) {
    const b = f.s.airBattle;
    if (!b || b.pending) return;
    if (b.at >= b.stages.length) {
      f.emit({ type: 'coral.air.battle-ended', data: {} });
      return;
    }
    const stage = b.stages[b.at];
    const paused = stage.kind === 'superiority' ? superiority(f, box, dice, stage.hex) : attack(f, box, dice, stage);
    if (paused) return;
    f.emit({ type: 'coral.air.stage-done', data: { at: b.at } });
  }
}

/** 5a1f-h from the start: the stages for the fliers now up, then the run. */
export function startBattle(f: AirFold, box: CoralBox, dice: Dice, ijnOrders: readonly CoralOrder[] = []): void {
  const stages = stagesOf(f.s);
  if (!stages.length) return;
  const chit = ijnOrders.some((o) => o.kind === 'ijn-chit' && o.fn === 'air-attack' && o.use) && f.s.chits.ijn > 0;
  f.emit({ type: 'coral.air.battle-begun', data: { stages, ...(chit ? { ijnChit: true } : {}) } });
  runBattle(f, box, dice);
}

/**
 * The `air-losses` decision: the USN's LOSSES orders if they fit the result (else at random, as
 * when it says nothing), then the routine goes on: an attack whose AA it answered attacks now.
 */
export function decideLosses(f: AirFold, box: CoralBox, dice: Dice, orders: readonly CoralOrder[]): void {
  const b = f.s.airBattle;
  const p = b?.pending;
  if (!b || !p) throw new Error('an air-losses decision with no USN losses pending');
  const units = p.candidates.map((id) => f.s.air.find((u) => u.id === id)).filter((u): u is AirUnitState => !!u);
  const named = orders.filter((o): o is LossOrder => o.kind === 'losses');
  const priority = orders.find((o): o is Extract<CoralOrder, { kind: 'losses-priority' }> => o.kind === 'losses-priority');
  const chosen = named.length ? chosenLosses(f.s, box, units, p.eliminated, p.aborted, named) : null;
  if (chosen && 'problem' in chosen)
    f.emit({
      type: 'coral.air.refused',
      data: { order: 'LOSSES', problem: `${chosen.problem}; taken ${priority ? 'by type' : 'at random'} instead`, rule: chosen.rule },
      visibleTo: ['usn'],
    });
  const ok = chosen && !('problem' in chosen) ? chosen : null;
  const picks = ok ?? randomLosses(dice, units, p.eliminated, p.aborted, `USN losses, ${p.cause} in ${p.hex}`, priority?.types);
  f.emit({ type: 'coral.air.losses-decided', data: { suffix: p.suffix, by: ok ? 'orders' : priority ? 'by type' : 'at random' } });
  eliminate(f, box, 'usn', picks.elim, `${p.cause} in ${p.hex}`, p.rule);
  abort(f, picks.abort, `${p.cause} in ${p.hex}`);
  const stage = f.s.airBattle?.stages[f.s.airBattle.at];
  if (stage?.kind === 'attack' && f.s.airBattle?.aaDone && attack(f, box, dice, stage)) return;
  f.emit({ type: 'coral.air.stage-done', data: { at: f.s.airBattle?.at as number } });
  runBattle(f, box, dice);
}

type LossOrder = Extract<CoralOrder, { kind: 'losses' }>;

/** The problem with LOSSES orders for the pending decision, if any (for checking orders as they arrive). */
export function lossesProblem(s: CoralState, box: CoralBox, orders: readonly LossOrder[]) {
  const p = s.airBattle?.pending;
  if (!p || !orders.length) return null;
  const units = p.candidates.map((id) => s.air.find((u) => u.id === id)).filter((u): u is AirUnitState => !!u);
  const r = chosenLosses(s, box, units, p.eliminated, p.aborted, orders);
  return 'problem' in r ? r : null;
}
