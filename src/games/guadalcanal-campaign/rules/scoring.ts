/**
 * Scoring (9.5, 9.8, 10.1, 10.2B, 10.4). At the end: each side scores its companies on Guadalcanal
 * (9.5A), in Coral Sea those on Port Moresby instead (10.2B: the landings there, rules/islands.ts),
 * DF + cargo/aircraft capacity of each enemy ship sunk, each damage point on enemy ships at sea and
 * each week beyond two an enemy ship will still be out of action (9.5B); Henderson's holder 500 in
 * the campaigns (9.5C, 10.1A); the Japanese 75 in Eastern Solomons (10.1D). IJN less US gives the
 * level (9.5E, 9.8, 10.4). Each turn a side hears its score as far as it can know it (9.5D, 10.1F):
 * its companies, the ships it sank, the damage standing on the ships it hit (not where they are).
 */
import { valuesOf } from '../keyed';
import { outOfAction } from './repair';
import { hendersonHolder } from './henderson';
import { type GcSide, type GcState, isMini, other } from '../state';

export interface Score {
  readonly infantry: number;
  readonly sunk: number;
  readonly damage: number;
  readonly repair: number;
  readonly henderson: number;
  readonly balance: number;
  readonly total: number;
}

const WEEK = 14;

function scoreOf(s: GcState, side: GcSide, final: boolean): Score {
  const enemy = valuesOf(s.ships).filter((x) => x.side === other(side));
  // 10.2B: in Coral Sea `ashore` is Port Moresby's garrison (only Japanese transports land there)
  const infantry = s.ashore[side].inf;
  // 9.5B: DF + CC for a ship sunk; 4.3D: one less for one its side scuttled
  const sunk = enemy.filter((x) => x.sunk).reduce((a, x) => a + x.df + x.cc - (x.scuttled ? 1 : 0), 0);
  const standing = enemy.filter((x) => !x.sunk && (!final || x.tf !== null));
  const damage = standing.reduce((a, x) => a + x.damage, 0);
  const repair = final ? enemy.filter((x) => !x.sunk).reduce((a, x) => a + Math.max(0, Math.floor(outOfAction(s, x) / WEEK) - 2), 0) : 0;
  const henderson = !isMini(s) && hendersonHolder(s) === side ? s.victory.hendersonBonus : 0;
  const balance = s.scenario === 'eastern-solomons' && side === 'japanese' ? 75 : 0;
  return { infantry, sunk, damage, repair, henderson, balance, total: infantry + sunk + damage + repair + henderson + balance };
}

/** 9.5D, 10.1F: the score a side is told each turn (what it can know). */
export const knownScore = (s: GcState, side: GcSide): Score => scoreOf(s, side, false);

export interface FinalScore {
  readonly american: Score;
  readonly japanese: Score;
  readonly difference: number;
  readonly level: string;
}

/** 9.5E, 9.8, 10.4: the full count and the level of victory. */
export function finalScore(s: GcState): FinalScore {
  const american = scoreOf(s, 'american', true);
  const japanese = scoreOf(s, 'japanese', true);
  const difference = japanese.total - american.total;
  const table = isMini(s) ? s.victory.mini : s.scenario === 'campaign-2' ? s.victory.campaign2 : s.victory.campaign;
  const level = table.find((r) => r.min === null || difference >= r.min)!.level;
  return { american, japanese, difference, level };
}
