/**
 * Air transfer and air transport meeting enemy CAP (12.7, 2A3c; 50.0 Air Mission Chart notes: they
 * "may be intercepted by enemy CAP"). Such a move flies through every hex on its way without a
 * fight and meets the enemy only over the hex it lands in (an airborne landing: its drop hex, the
 * mission's target; its paratroopers are already down, 34.2). Where enemy CAP is still aloft over
 * that hex, the move joins the hex's air superiority combat (rules/air-combat.ts): it fires with
 * its printed strength (never extended, 23.3) and shares the losses. Eliminated points are gone
 * (VP as air losses); aborted points fly back to where they took off, fatigued (50.0 results,
 * 21.8), with the cargo the landing points cannot carry.
 *
 * Cargo (50.0 chart: a MAC shot down takes its cargo with it; 27.10: a unit on several carriers
 * loses what the lost carriers held): each MAC point carries its share (the MAC cargo figure), so
 * the cargo beyond what the surviving points carry is lost, and of the rest what the landing
 * points cannot carry flies back with the aborted ones. The owner's default pick: supply first,
 * then the largest whole units that fit the loss, breaking a unit one level down when none fits.
 */
import type { GroundData } from '../box/deployment';
import type { SolSide, SolState } from '../state';
import { kindName } from './air-orders';
import { type AirMove, type AirMoveLoss, type CargoFate, hasCargo } from './air-move-events';
import { battalionsOf, breakDownOnce } from './echelons';
import type { SolFold } from './naval';

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** 12.7: `side`'s transfers and transports landing in `hex` (a drop: dropping there), when enemy CAP is aloft over it. */
export function interceptedMoves(s: SolState, side: SolSide, hex: string): AirMove[] {
  const cap = (s.flights ?? []).some((x) => x.side !== side && x.mission === 'cap' && x.hex === hex && x.points - x.aborted > 0);
  return cap ? (s.airMoves ?? []).filter((m) => m.side === side && m.hex === hex && !m.back && m.points > 0) : [];
}

interface Cargo {
  units: GroundData[];
  supply: number;
}

/** Takes `n` battalions or supply points off the cargo: supply first, then the largest unit that fits, breaking one down when none does. */
function take(s: SolState, cargo: Cargo, n: number, broken: CargoFate['broken'][number][]): Cargo {
  const supply = Math.min(cargo.supply, n);
  cargo.supply -= supply;
  let left = n - supply;
  const units: GroundData[] = [];
  while (left > 0 && cargo.units.length) {
    const b = (g: GroundData) => battalionsOf(s, g);
    const fit = cargo.units.filter((g) => b(g) <= left).sort((x, y) => b(y) - b(x) || byId(x.id, y.id))[0];
    if (fit) {
      units.push(fit);
      cargo.units = cargo.units.filter((g) => g !== fit);
      left -= b(fit);
      continue;
    }
    const small = [...cargo.units].sort((x, y) => b(x) - b(y) || byId(x.id, y.id))[0];
    const into = breakDownOnce(s, small);
    broken.push({ unit: small.id, into });
    cargo.units = cargo.units.flatMap((g) => (g === small ? into : [g]));
  }
  return { units, supply };
}

/** The fate of a transport's cargo after `eliminated` and `aborted` of its points (see the file's note). */
function cargoFate(s: SolState, m: AirMove, eliminated: number, aborted: number, back: number | null): CargoFate | null {
  const units = m.units.flatMap((id) => {
    const g = s.forces[m.side].ground.find((x) => x.id === id);
    return g ? [{ id: g.id, service: g.service, type: g.type, size: g.size }] : [];
  });
  const cargo: Cargo = { units, supply: m.supply };
  const c = s.airData.macCargo;
  const load = units.reduce((t, g) => t + battalionsOf(s, g), 0) + m.supply;
  const lostN = Math.max(0, load - (m.points - eliminated) * c);
  const backN = Math.max(0, load - lostN - (m.points - eliminated - aborted) * c);
  if (!lostN && !backN) return null;
  const broken: CargoFate['broken'][number][] = [];
  const lost = take(s, cargo, lostN, broken);
  const returning = take(s, cargo, backN, broken);
  const perBattalion = (s.logData.victoryPoints as unknown as { groundPerBattalion: Record<SolSide, number> }).groundPerBattalion[m.side];
  return {
    side: m.side,
    id: m.id,
    back,
    broken,
    lost: lost.units.map((g) => g.id),
    lostSupply: lost.supply,
    returning: returning.units.map((g) => g.id),
    returningSupply: returning.supply,
    vp: lost.units.reduce((t, g) => t + battalionsOf(s, g), 0) * perBattalion,
  };
}

/**
 * 2A3c, 50.0: the losses a side's intercepted moves took. The result is public as air combat is
 * (31.1 (3): the aircraft involved, what they lost); the cargo's fate is the owner's.
 */
export function moveLosses(
  f: SolFold,
  side: SolSide,
  hex: string,
  rows: readonly { move: number; eliminated: number; aborted: number }[],
  rule: string,
): void {
  let next = 1 + Math.max(0, ...(f.s.airMoves ?? []).map((m) => m.id));
  const moves = new Map((f.s.airMoves ?? []).map((m) => [m.id, m]));
  const losses: AirMoveLoss[] = rows
    .filter((r) => r.eliminated + r.aborted > 0 && moves.has(r.move))
    .map((r) => {
      const m = moves.get(r.move)!;
      return { ...r, mission: m.mission, kind: kindName(m.service, m.type), back: r.aborted > 0 ? next++ : null };
    });
  if (!losses.length) return;
  const fates = losses.flatMap((l) => {
    const m = moves.get(l.move)!;
    const fate = hasCargo(m) ? cargoFate(f.s, m, l.eliminated, l.aborted, l.back) : null;
    return fate ? [fate] : [];
  });
  f.emit({ type: 'sol.air-move-hit', data: { side, hex, rule, losses } });
  for (const fate of fates) f.emit({ type: 'sol.air-cargo-fate', data: fate, visibleTo: [side] });
}
