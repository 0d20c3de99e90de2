/**
 * The USMC withdrawal (38.1-38.3): from the Reinforcement Segment of December I (the Extended
 * scenario's; the Short one ends before it, 4.8) the US may withdraw Marine ground units, for
 * good. A Marine unit is a US ground unit of the Navy service (7.5, 2.7: the "1 MAR" engineer
 * too, a combat unit by its defence strength, 2.15); it must stand on a major base (38.2). Each
 * battalion equivalent withdrawn (a regiment 3, a division 9, 27.8) is worth 3 VP to the US at the
 * end of the game; at most 10 battalion equivalents over the game (38.3).
 */
import type { SolOrder } from '../orders';
import type { SolState } from '../state';
import type { SolFold } from './naval';
import type { Problem } from './planning';

type Withdraw = Extract<SolOrder, { kind: 'withdraw' }>;

const battalionsOf = (s: SolState, size: string) => s.choices.data.groundSizes[size] ?? 1;

/** The Marine units of the US the withdrawal may take now (on a major base). */
export function withdrawable(s: SolState): { id: string; battalions: number }[] {
  return s.forces.us.ground
    .filter((g) => g.service === 'navy' && s.bases[g.at]?.side === 'us')
    .map((g) => ({ id: g.id, battalions: battalionsOf(s, g.size) }));
}

export function checkWithdrawal(s: SolState, side: 'japanese' | 'us', orders: readonly SolOrder[]): Problem[] {
  const w = s.choices.data.withdrawal;
  const problems: Problem[] = [];
  let total = s.choices.withdrawnBattalions;
  const seen = new Set<string>();
  for (const [index, o] of orders.entries()) {
    if (o.kind !== 'withdraw') continue;
    const bad = (problem: string, rule: string) => problems.push({ index, problem, rule });
    if (side !== 'us') {
      bad('only the US withdraws Marine units (38.1)', '38.1');
      continue;
    }
    if (s.turn < w.fromTurn) {
      bad(
        `the USMC withdrawal starts with the Reinforcement Segment of ${s.turnNames[w.fromTurn - 1] ?? `turn ${w.fromTurn}`} (turn ${w.fromTurn}); this is turn ${s.turn}`,
        '38.1',
      );
      continue;
    }
    for (const id of o.units) {
      const g = s.forces.us.ground.find((x) => x.id.toUpperCase() === id.toUpperCase());
      if (!g) bad(`${id} is none of the US ground units in play: name Marine units on a major base`, '38.2');
      else if (g.service !== 'navy') bad(`${g.id} is US Army: only Marine (Navy) units are withdrawn (38.2, 7.5)`, '38.2');
      else if (s.bases[g.at]?.side !== 'us') bad(`${g.id} is at ${g.at}: a unit must be on a major base to be withdrawn`, '38.2');
      else if (seen.has(g.id)) bad(`${g.id} is named twice`, '38.2');
      else {
        seen.add(g.id);
        total += battalionsOf(s, g.size);
        if (total > w.maxBattalions)
          bad(
            `${g.id} brings the Marines withdrawn to ${total} battalion equivalents; at most ${w.maxBattalions} over the game (${s.choices.withdrawnBattalions} so far)`,
            '38.3',
          );
      }
    }
  }
  return problems;
}

/** 38.2: the units leave play; 3 VP a battalion equivalent at the end of the game. */
export function withdraw(f: SolFold, orders: readonly SolOrder[]): void {
  const list = orders.filter((o): o is Withdraw => o.kind === 'withdraw').flatMap((o) => o.units.map((u) => u.toUpperCase()));
  if (!list.length) return;
  const units = f.s.forces.us.ground.filter((g) => list.includes(g.id.toUpperCase()));
  const battalions = units.reduce((n, g) => n + battalionsOf(f.s, g.size), 0);
  f.emit({
    type: 'sol.usmc-withdrawn',
    data: {
      units: units.map((g) => g.id),
      at: units.map((g) => g.at),
      battalions,
      vp: battalions * f.s.choices.data.withdrawal.vpPerBattalion,
    },
  });
}
