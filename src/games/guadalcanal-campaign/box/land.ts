/**
 * Land combat on Guadalcanal (6.0, 8.7). The levels, their dumps, the US reserve and floor, the
 * defence dump and the doubling without it, the ±50% estimate are printed; the casualty rates are
 * not (8.7D says only that a higher level costs both sides more) and are rebuilt here with reasons.
 *
 * Casualties of one fire: firing companies x rate(level) x a factor of 0.51-1.50 (a d100: 50 + face,
 * in hundredths), rounded, at most the companies fired on. The defender fires first (8.7B).
 */
import { printed, rebuilt } from './source';

export const LAND = {
  /** 6.0A-B: levels 1 to 5, each costs that many of the attacker's dumps on the island */
  levels: printed(5, '6.0A-B'),
  /** 8.7A: 45 US companies (9,000 men) stay back to defend Henderson Field */
  usReserve: printed(45, '8.7A'),
  /** 8.7A: the US never attacks with fewer than 10,000 men (50 companies of 200) */
  usFloor: printed(50, '8.7A'),
  /** 2.3: a company is 200 men (the estimate is given in men) */
  menPerCompany: printed(200, '2.3'),
  /** 8.7B: the estimate of the defenders left is off by up to half either way */
  estimateSpread: printed(50, '8.7B'),
  /** 8.7C: defending against a Japanese attack costs the US one dump; without one US losses double */
  defenceDumps: printed(1, '8.7C'),
  unsuppliedFactor: printed(2, '8.7C'),
  /** companies the defenders put out of action per defending company, by level 1..5 */
  defenderRate: rebuilt(
    [0.03, 0.06, 0.09, 0.12, 0.15],
    'rebuilt from the three Japanese offensives, all at level 5 (all out): Tenaru, 21 Aug (Ichiki, ~900 men on ~10,000 Marines): the attackers all but destroyed; Bloody Ridge, 12-14 Sep (~6,000 on ~11,000): ~1,200 Japanese casualties = 6 companies from 55 defending = 0.11; the October offensive, 23-26 Oct (~20,000 on ~23,000): ~3,000 = 15 companies from 115 = 0.13. Level 5 0.15 (the average factor is 1.0), lower levels in proportion (8.7D)',
  ),
  /** companies the surviving attackers put out of action per attacking company, by level 1..5 */
  attackerRate: rebuilt(
    [0.01, 0.02, 0.03, 0.04, 0.05],
    'rebuilt from the same battles: US casualties at Bloody Ridge ~250 men (1.3 companies) from ~24 Japanese companies left after the defence = 0.05; the October offensive ~300 (1.5) from ~85 = 0.02; Tenaru ~100 from almost none. Level 5 0.05, lower levels in proportion (8.7D); a defender dug in loses about a third of what it inflicts, as in every one of them',
  ),
};
