/**
 * Land combat on Guadalcanal (6.0, 8.7, 9.5C). In an AM orders step a side plans an attack of level
 * 1-5 (6.0A), its own to know (12.0). In combat resolution, after unloading (8.6B: troops and dumps
 * landed this turn fight at once), the US attack is resolved, then the Japanese (8.7). An attack
 * happens only if the side has the dumps for its level (6.0C), companies on the island, an enemy
 * to attack and, for the US, 10,000 men ashore, of whom 9,000 stay back (8.7A). The defenders fire
 * first, the survivors fire back (8.7B); the rates are box/land.ts's. The attacker learns its own
 * losses and an estimate of the defenders left, off by up to half (8.7B); the defender its losses.
 * A Japanese attack costs the US a dump; without one US losses double (8.7C). If a Japanese attack
 * leaves no US company and at least one Japanese, Henderson Field is taken and the game ends at once
 * (9.5C): both sides learn it, and the final count follows.
 */
import { rollDie } from '../../../engine/dice';
import type { AdjudicationContext } from '../../../engine/ruleset';
import { LAND } from '../box/land';
import type { GcOrder } from '../orders';
import type { GcEvent } from './events';
import { finalScore } from './scoring';
import { type GcSide, type GcState, isAm, other } from '../state';

const HIDDEN = { visibleTo: [] as const };
/** The shipped odds (box/land.ts), for a state stored before they were box data. */
const SHIPPED = Object.fromEntries(Object.entries(LAND).map(([k, v]) => [k, v.value])) as unknown as NonNullable<GcState['land']>;

/** The land-combat odds of the game's box (6.0, 8.7), under the short names this file uses. */
function oddsOf(s: GcState) {
  const l = s.land ?? SHIPPED;
  return {
    usReserve: l.usReserve,
    usFloor: l.usFloor,
    men: l.menPerCompany,
    spread: l.estimateSpread,
    defenceDumps: l.defenceDumps,
    unsupplied: l.unsuppliedFactor,
    defenderRate: l.defenderRate,
    attackerRate: l.attackerRate,
    usDefenderRate: l.usAttackDefenderRate ?? l.defenderRate,
    usAttackerRate: l.usAttackAttackerRate ?? l.attackerRate,
  };
}

export type LandEvent = Extract<
  GcEvent,
  { type: 'gcc.land-planned' | 'gcc.land-called-off' | 'gcc.land-fought' | 'gcc.henderson-captured' }
>;

/** 6.0: an orders step's ATTACK: one a turn, by day. */
export function planAttack(
  s: GcState,
  side: GcSide,
  o: Extract<GcOrder, { kind: 'attack' }>,
  emit: (e: GcEvent) => void,
  refuse: (problem: string, rule: string) => void,
): void {
  if (!isAm(s.turn)) return refuse('land attacks are planned in AM turns only', '6.0');
  if (s.landPlans?.[side]?.turn === s.turn) return refuse('one land attack a turn: this step has an ATTACK already', '6.0');
  emit({ type: 'gcc.land-planned', data: { side, turn: s.turn, level: o.level }, visibleTo: [side] });
}

/** Why a side's planned attack cannot take place (6.0C, 8.7A), or null. */
function calledOff(s: GcState, side: GcSide, level: number): string | null {
  const L = oddsOf(s);
  const own = s.ashore[side];
  if (own.inf === 0) return 'you have no company on Guadalcanal';
  if (side === 'american' && own.inf < L.usFloor)
    return `the US attacks only with 10,000 men (${L.usFloor} companies) on the island; you have ${own.inf} (8.7A)`;
  if (own.sup < level) return `a level ${level} attack needs ${level} supply dump(s); you have ${own.sup} (6.0C)`;
  if (s.ashore[other(side)].inf === 0) return 'there is no enemy on the island to attack';
  return null;
}

/** One fire (8.7B): firing companies x rate of the level x (50 + d100)/100, rounded, at most the companies fired on. */
function fire(ctx: AdjudicationContext, firing: number, rate: number, factor: number, most: number, purpose: string): number {
  const face = rollDie(ctx.dice, 100, purpose, '8.7B', HIDDEN);
  return Math.min(most, Math.round((firing * rate * factor * (50 + face)) / 100));
}

/** 8.7: the US attack, then the Japanese; emit folds each event into the state and returns it. */
export function resolveLand(start: GcState, ctx: AdjudicationContext, emit: (e: GcEvent) => GcState): GcState {
  let s = start;
  for (const side of ['american', 'japanese'] as const) {
    const plan = s.landPlans?.[side];
    if (!plan || plan.turn !== s.turn || s.row === 'over') continue;
    const level = plan.level;
    const why = calledOff(s, side, level);
    if (why) {
      s = emit({ type: 'gcc.land-called-off', data: { side, turn: s.turn, level, reason: why }, visibleTo: [side] });
      continue;
    }
    const L = oddsOf(s);
    const enemy = other(side);
    const own = s.ashore[side].inf;
    const foe = s.ashore[enemy].inf;
    const attackers = side === 'american' ? own - L.usReserve : own;
    // (1) the defenders fire; (2) the survivors fire back: US losses double without a dump to defend with (8.7C)
    // a US attack has its own rates (box/land.ts: fitted to Point Cruz, the others to the Japanese offensives)
    const rates =
      side === 'american'
        ? { defender: L.usDefenderRate, attacker: L.usAttackerRate }
        : { defender: L.defenderRate, attacker: L.attackerRate };
    const attackerLost = fire(ctx, foe, rates.defender[level - 1], 1, attackers, `defenders' fire on the ${side} level ${level} attack`);
    const usDump = enemy === 'american' ? Math.min(L.defenceDumps, s.ashore.american.sup) : 0;
    const doubled = enemy === 'american' && usDump < L.defenceDumps;
    const defenderLost = fire(
      ctx,
      attackers - attackerLost,
      rates.attacker[level - 1],
      doubled ? L.unsupplied : 1,
      foe,
      `the ${side} attackers' fire (level ${level})`,
    );
    // (3) the estimate of the defenders left, off by up to half either way (8.7B)
    const face = rollDie(ctx.dice, 2 * L.spread + 1, `the estimate of the ${enemy} left`, '8.7B', HIDDEN);
    const estimate = Math.round(((foe - defenderLost) * L.men * (100 - L.spread + face - 1)) / 100);
    emit({
      type: 'gcc.land-fought',
      data: { side, attacker: side, turn: s.turn, level, lost: attackerLost, dumps: level, estimate },
      visibleTo: [side],
    });
    s = emit({
      type: 'gcc.land-fought',
      data: { side: enemy, attacker: side, turn: s.turn, level, lost: defenderLost, dumps: usDump, ...(doubled ? { doubled } : {}) },
      visibleTo: [enemy],
    });
    // 9.5C: the Japanese take Henderson Field when no US company is left and one of theirs is
    if (side === 'japanese' && s.ashore.american.inf === 0 && s.ashore.japanese.inf > 0) {
      s = emit({ type: 'gcc.henderson-captured', data: { turn: s.turn } });
      s = emit({ type: 'gcc.final-score', data: { turn: s.turn, ...finalScore(s) } });
    }
  }
  return s;
}

/** How the land events fold into the state. */
export function afterLand(s: GcState, e: LandEvent): GcState {
  switch (e.type) {
    case 'gcc.land-planned':
      return { ...s, landPlans: { ...s.landPlans, [e.data.side]: { turn: e.data.turn, level: e.data.level } } };
    case 'gcc.land-called-off':
      return s;
    case 'gcc.land-fought': {
      const d = e.data;
      const a = s.ashore[d.side];
      const ashore = { ...s.ashore, [d.side]: { inf: a.inf - d.lost, sup: a.sup - d.dumps } };
      const estimates = d.estimate === undefined ? s.landEstimates : { ...s.landEstimates, [d.side]: { turn: d.turn, men: d.estimate } };
      return { ...s, ashore, ...(estimates ? { landEstimates: estimates } : {}) };
    }
    case 'gcc.henderson-captured':
      return { ...s, henderson: 'japanese', row: 'over' };
  }
}

/** What each side is told (8.7B, 9.5C). */
export function narrateLand(e: GcEvent): string[] {
  switch (e.type) {
    case 'gcc.land-planned':
      return [`A level ${e.data.level} land attack is planned on Guadalcanal (6.0).`];
    case 'gcc.land-called-off':
      return [`The level ${e.data.level} land attack does not take place: ${e.data.reason}.`];
    case 'gcc.land-fought': {
      const d = e.data;
      if (d.attacker === d.side)
        return [
          `Your level ${d.level} attack on Guadalcanal: ${d.lost} company(ies) lost, ${d.dumps} dump(s) used; about ${d.estimate} enemy men are left (estimate, ±50%, 8.7B).`,
        ];
      return [
        `The enemy attacks on Guadalcanal: ${d.lost} of your company(ies) lost${d.dumps ? `, ${d.dumps} dump used to defend` : ''}${d.doubled ? ', doubled for want of a supply dump (8.7C)' : ''} (8.7).`,
      ];
    }
    case 'gcc.henderson-captured':
      return [`The Japanese capture Henderson Field: no US company is left on Guadalcanal. The game ends at once (9.5C).`];
    default:
      return [];
  }
}
