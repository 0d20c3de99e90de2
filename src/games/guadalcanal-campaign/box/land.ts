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
    [0.007, 0.014, 0.021, 0.028, 0.035],
    'calibrated by simulation against Tenaru (21 Aug 1942), Bloody Ridge (12-14 Sep) and the October offensive (23-26 Oct), the three Japanese offensives, all at level 5, one attack a day (test/games/guadalcanal-campaign/land-calibration.spec.ts, 1,001 runs each, README): 5, 31 and 100 Japanese companies on 55, 62 and 115 US lost 4, 4 and 13 killed or missing; 0.035 at level 5 gives medians of 2, 4 and 12, the least widest miss of a grid from 0.020 to 0.100 (land-fit.ts); Tenaru, 5 companies all but wiped out by a night and a morning, is the miss left. Lower levels in proportion (8.7D)',
  ),
  /** companies the surviving attackers put out of action per attacking company, by level 1..5 */
  attackerRate: rebuilt(
    [0.0008, 0.0016, 0.0024, 0.0032, 0.004],
    'calibrated by simulation against the same three offensives (land-calibration.spec.ts, README): the US lost about 43, 105 and 80 men killed or missing (0.2, 0.5 and 0.4 companies) to attackers six to forty times their losses; 0.004 at level 5 gives mean US losses of 0, 0 and 0.44 companies (medians 0), the least widest miss of a grid from 0.0005 to 0.0100 (land-fit.ts). At level 5 an attack puts a defending company out of action only with 84 companies or more left to fire (42 on a US garrison without a dump, 8.7C). Lower levels in proportion (8.7D)',
  ),
  /**
   * A US attack's rates (the Japanese defenders' fire, the US attackers' fire), by level 1..5: the two
   * above were fitted to Japanese attacks on the Lunga perimeter, where a US company's fire was worth
   * some eight Japanese (artillery, wire, the field's guns); a US attack into the jungle is its own case.
   */
  usAttackDefenderRate: rebuilt(
    [0.0008, 0.0016, 0.0024, 0.0032, 0.004],
    "calibrated by simulation against the US Matanikau offensive to Point Cruz (1-4 Nov 1942; land-calibration.spec.ts, README): about 70 US companies attacking (115 on the island less the 45 kept back, 8.7A) into about 87 Japanese, four attacks; the US lost about 71 killed (0.35 companies). 0.004 at level 5 (the Japanese attackers' rate above: Japanese fire alike in both cases) gives a mean of about 0.3 US companies. Lower levels in proportion (8.7D)",
  ),
  usAttackAttackerRate: rebuilt(
    [0.0014, 0.0028, 0.0042, 0.0056, 0.007],
    'calibrated by simulation against the same US offensive (land-calibration.spec.ts, README): the Japanese lost about 400 killed (2 companies) in four days; 0.007 at level 5 gives 70 attackers about half a company a day (median 2 in four). Without it a US attack below 84 companies killed no Japanese company at all. Lower levels in proportion (8.7D)',
  ),
};
