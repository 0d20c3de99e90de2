/**
 * Standing instructions for combat: a side's stored answers, so a battle need not wait for a
 * mail at every decision point. Each field answers one kind of decision; a missing field means
 * "ask me". The step machine parses the player's text into this shape.
 */
import type { Answer, Decision, VitpSide } from './api';
import { current } from './decisions';
import { currentEngagement } from './rounds';
import type { BattleState } from './state';
import { possibleShots } from './targets';
import { otherSide } from './units';

export interface CombatStanding {
  /** 7.3. 'by-strength' = the documented default (day when airstrikes outnumber guns). */
  readonly dayNight?: 'day' | 'night' | 'by-strength';
  /** 5.33/7.424 */
  readonly nightCarriers?: 'none' | 'all';
  /** 19.22 */
  readonly kamikazeCarriers?: 'none' | 'all';
  /** 7.4: 'default' = every attacker at the single most valuable legal target. */
  readonly targets?: 'default';
  /** 7.91/16.1: attack the most valuable target at the first chance, only at the last chance, or never. */
  readonly submarine?: 'first-chance' | 'last-chance' | 'never';
  /** 8.1: 'when-outgunned' = retreat when the enemy's best shots (day or night, at targets it has) are at least twice ours. */
  readonly retreat?: 'never' | 'always' | 'when-outgunned';
  /** 8.32: 'all' = every eligible ship pursues the slowest group it can keep up with. */
  readonly pursue?: 'none' | 'all';
  /** 7.93 */
  readonly landings?: 'none';
  /** 8.52 */
  readonly split?: 'never';
  /** 8.53 */
  readonly keepPursuing?: 'always' | 'never';
  /** 9.2 */
  readonly airRaids?: 'none';
}

/** The best shots a side can fire in one action: its airstrikes by day or its guns by night, where they have a target. */
function bestShots(b: BattleState, side: VitpSide): number {
  const eng = currentEngagement(b);
  return Math.max(possibleShots(b, eng, side, 'day'), possibleShots(b, eng, side, 'night'));
}

/** The enemy can fire at us and has at least twice our best shots (an enemy that cannot fire outguns nobody). */
function outgunned(b: BattleState, side: VitpSide): boolean {
  const enemy = bestShots(b, otherSide(side));
  return enemy > 0 && enemy >= 2 * bestShots(b, side);
}

/** Default retreat grouping: units of equal current speed flee together (8.23 makes that free). */
function groupsBySpeed(units: Extract<Decision, { kind: 'retreat' }>['units']): string[][] {
  const bySpeed = new Map<number, string[]>();
  for (const u of units) bySpeed.set(u.speed, [...(bySpeed.get(u.speed) ?? []), u.id]);
  return [...bySpeed.entries()].sort(([a], [c]) => c - a).map(([, ids]) => ids);
}

function standingAnswer(b: BattleState, d: Decision, side: VitpSide, s: CombatStanding): Answer | null {
  const fallback = d.defaults[side] as Answer | undefined;
  switch (d.kind) {
    case 'day-night':
      if (!s.dayNight) return null;
      return s.dayNight === 'by-strength' ? (fallback ?? null) : { kind: 'day-night', choice: s.dayNight };
    case 'night-carriers':
      if (!s.nightCarriers) return null;
      return {
        kind: 'night-carriers',
        carriers: s.nightCarriers === 'all' ? d.carriers.map((c) => c.id) : [],
      };
    case 'kamikaze-carriers':
      if (!s.kamikazeCarriers) return null;
      return {
        kind: 'kamikaze-carriers',
        carriers: s.kamikazeCarriers === 'all' ? d.carriers.map((c) => c.id) : [],
      };
    case 'targets':
      return s.targets === 'default' ? (fallback ?? null) : null;
    case 'submarine': {
      if (!s.submarine) return null;
      const attack = s.submarine === 'first-chance' || (s.submarine === 'last-chance' && d.final);
      return { kind: 'submarine', target: attack ? (d.targets[0]?.id ?? null) : null };
    }
    case 'retreat': {
      if (!s.retreat) return null;
      const go = s.retreat === 'always' || (s.retreat === 'when-outgunned' && outgunned(b, side));
      return go ? { kind: 'retreat', retreat: true, groups: groupsBySpeed(d.units) } : { kind: 'retreat', retreat: false };
    }
    case 'pursuit': {
      if (!s.pursue) return null;
      const assign: Record<string, string> = {};
      if (s.pursue === 'all') {
        const slowestFirst = [...d.groups].sort((x, y) => x.speed - y.speed).map((g) => g.id);
        for (const ship of d.ships) {
          const g = slowestFirst.find((id) => ship.canPursue.includes(id));
          if (g) assign[ship.id] = g;
        }
      }
      return { kind: 'pursuit', assign };
    }
    case 'landings':
      return s.landings ? { kind: 'landings', land: {} } : null;
    case 'split':
      return s.split ? (fallback ?? null) : null;
    case 'continue-pursuit': {
      if (!s.keepPursuing) return null;
      if (s.keepPursuing === 'always') return fallback ?? null;
      return { kind: 'continue-pursuit', assign: Object.fromEntries(d.pursuers.map((p) => [p.id, 'stop'])) };
    }
    case 'air-raids':
      return s.airRaids ? { kind: 'air-raids', assign: {} } : null;
    default: {
      const never: never = d;
      throw new TypeError(`unknown decision ${JSON.stringify(never)}`);
    }
  }
}

export function answerFromStandingInstructions(b: BattleState, side: VitpSide, standing: CombatStanding): Answer | null {
  const d = current(b);
  if (!d?.owes.includes(side)) return null;
  return standingAnswer(b, d, side, standing);
}
