/**
 * Recon/withdrawal (28.3 "New Optional Rule", option `recon-withdrawal`): before step (1) of each
 * ground attack, after the attack is shown to be possible (28.2: the pairing, the attack supply on
 * hand), each side commits Intelligence and/or Operations CP in secret; they are then revealed and
 * spent. The attacker's are on his ATTACK line; the defender's come from his standing RECON answer
 * or, without one, from the step `t{n}/x{kk}/{defender}/recon-<k>` (k counts the attacks of the
 * Operations Phase), so the Combat Segment waits there, its remaining ground lines sealed to the
 * attacker. (1) The attacker's total at least the defender's (0 to 0 too): the attack goes on.
 * (2) The defender's higher: every defending ground unit of the hex (engineers included, 28.5;
 * never supply or grounded air) withdraws to an adjacent hex of the same island, without combat and
 * without attack supply; an island of one hex allows none, and the attack goes on. The hex is then
 * cleared of the defender's ground units, so 28.6 applies: his entrenchment there is gone, his
 * airfield taken (24.3), his grounded air lost and his supply rolled for (29.9). An ATTACK line
 * for the hex withdrawn into, later in the same phase, may attack the units there (as read).
 */
import type { Dice } from '../../../engine/ruleset';
import { other, type SolSide, type SolState } from '../state';
import { groundAt, contactsOf } from './contacts';
import { groundCombat, groundPlan, postCombat } from './ground-combat';
import type { SolFold } from './naval';
import type { OpsOrder } from './ops-orders';
import { adjacent, hexOf, islandOf, placeOfText } from './places';
import { type ReconCp, spendOf } from './recon-orders';

type Note = (text: string, rule: string) => void;

const heldOf = (s: SolState, side: SolSide) => ({ intel: s.cp[side]?.intel ?? 0, ops: s.cp[side]?.ops ?? 0 });

/**
 * The hex the defenders of `hex` withdraw to: an adjacent hex of the same island, one without the
 * attacker's ground units first, then one with the defender's own, then the lowest id (the
 * umpire's choice, as read); null on an island of one hex.
 */
export function withdrawalHex(s: SolState, defender: SolSide, hex: string): string | null {
  const island = islandOf(s, hex);
  const hexes = island ? s.islands[island] : [];
  if (hexes.length < 2) return null;
  const rank = (h: string) => (groundAt(s, other(defender), h).length ? 2 : 0) + (groundAt(s, defender, h).length ? 0 : 1);
  return hexes.filter((h) => h !== hex && adjacent(h, hex)).sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : 1))[0] ?? null;
}

/** The recon/withdrawal phase of one attack: both sides' CP revealed and spent; 'withdraw' when no combat follows. */
function reconPhase(
  f: SolFold,
  dice: Dice,
  side: SolSide,
  hex: string,
  mine: ReconCp | undefined,
  theirs: ReconCp | undefined,
  note: Note,
): 'attack' | 'withdraw' | 'held' {
  const enemy = other(side);
  const attacker = spendOf(mine, heldOf(f.s, side));
  const defender = spendOf(theirs, heldOf(f.s, enemy));
  if (mine && attacker.intel + attacker.ops < mine.total)
    note(`ATTACK ${hex}: RECON ${mine.total} written, only ${attacker.intel + attacker.ops} CP left to spend`, '28.3');
  const higher = defender.intel + defender.ops > attacker.intel + attacker.ops;
  const to = higher ? withdrawalHex(f.s, enemy, hex) : null;
  const units = to ? groundAt(f.s, enemy, hex).map((g) => g.id) : [];
  const outcome = !higher ? 'attack' : to ? 'withdraw' : 'held';
  const entrenchment = !!to && hex in f.s.entrenched[enemy];
  f.emit({ type: 'sol.recon', data: { side, hex, attacker, defender, outcome, to, units, entrenchment } });
  if (outcome === 'withdraw') postCombat(f, dice, side, hex);
  return outcome;
}

/**
 * 2A3g with the option: the phase's ground ATTACK lines in order, each with its recon phase. With
 * `answered` (the defender's answer at step k) the first line that can attack takes it; the next
 * line that can attack waits for step k+1. True when the Combat Segment waits for the defender.
 */
export function groundLines(
  f: SolFold,
  dice: Dice,
  side: SolSide,
  orders: readonly OpsOrder[],
  note: Note,
  answered: { readonly n: number; readonly cp: ReconCp | undefined } | null,
): boolean {
  let answer = answered;
  for (const [i, o] of orders.entries()) {
    if (o.kind !== 'attack' || o.combat !== 'ground') continue;
    const place = placeOfText(f.s, o.hex);
    const hex = place ? hexOf(f.s, place) : null;
    if (!hex || !contactsOf(f.s, side).some((c) => c.kind === 'ground' && c.hex === hex)) {
      note(`ATTACK ${o.hex}: no ground contact there now, no attack`, '11.2');
      continue;
    }
    const plan = groundPlan(f.s, side, hex, o.groups);
    if (!Array.isArray(plan)) {
      note(plan.text, plan.rule);
      continue;
    }
    if (!answer) {
      f.emit({ type: 'sol.pending-ops', data: { side, orders: orders.slice(i) }, visibleTo: [side] });
      f.emit({ type: 'sol.recon-asked', data: { side, hex, n: (answered?.n ?? 0) + 1 } });
      f.emit({ type: 'sol.phase', data: { phase: 'recon' } });
      return true;
    }
    const outcome = reconPhase(f, dice, side, hex, o.recon, answer.cp, note);
    answer = null;
    if (outcome !== 'withdraw')
      groundCombat(f, dice, side, hex, o.groups, { combined: o.combined ?? false, banzai: o.banzai ?? false, ngs: o.ngs }, note);
  }
  return false;
}
