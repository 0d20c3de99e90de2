/**
 * The three Japanese land offensives against the Lunga perimeter, fought by resolveLand (8.7) with
 * seeded dice, for land-calibration.spec.ts. Strengths and losses are in companies of 200 men, as
 * the game counts them (2.3): all the men of each side on Guadalcanal at the time (8.7A: every
 * Japanese company on the island attacks; every US company defends), and the men killed or missing
 * (a company lost in the game never comes back, so the wounded, who mostly did, are not counted).
 * Every offensive is at level 5, the all-out Banzai charge (6.0B), one attack a day (6.0: planned
 * in the AM turn), the US with a dump for each defence (8.7C) and the Japanese with five an attack.
 * The land odds come from the box given, so a calibration can try other rates.
 *
 * Sources: the battles' Wikipedia articles, whose infobox figures cite R. B. Frank, Guadalcanal
 * (1990); J. Miller, Guadalcanal: The First Offensive (1949); F. O. Hough et al., Pearl Harbor to
 * Guadalcanal (1958).
 */
import { rulesets } from '../../../src/games';
import type { GcState } from '../../../src/games/guadalcanal-campaign';
import type { PlainBox } from '../../../src/games/guadalcanal-campaign/box';
import { evolveGc } from '../../../src/games/guadalcanal-campaign/rules/events';
import { resolveLand } from '../../../src/games/guadalcanal-campaign/rules/land';
import { seeded } from './support';

const game = rulesets['guadalcanal-campaign'];

export interface LandBattle {
  readonly name: string;
  /** who attacks (absent: the Japanese) */
  readonly attacker?: 'american' | 'japanese';
  /** attacks, one a day (6.0) */
  readonly attacks: number;
  /** companies on Guadalcanal when the offensive began */
  readonly us: number;
  readonly ijn: number;
  /** companies killed or missing in the offensive, historically (men / 200, not rounded) */
  readonly lost: { readonly us: number; readonly ijn: number };
}

export const LAND_BATTLES: LandBattle[] = [
  {
    // Tenaru (Alligator Creek), night of 20-21 Aug 1942: Ichiki's first echelon, 917 men (4.6
    // companies, landed as 5), on the ~11,000 Marines then on Guadalcanal (55 companies); 774-800
    // Japanese killed and 15 captured (~800, 4.0 companies), 41-44 US killed (~43, 0.2).
    name: 'Tenaru (21 Aug 1942)',
    attacks: 1,
    us: 55,
    ijn: 5,
    lost: { us: 0.2, ijn: 4 },
  },
  {
    // Bloody (Edson's) Ridge, nights of 12-13 and 13-14 Sep 1942: Kawaguchi's 6,217 men on the
    // island (31 companies; about 3,000 of them in the assaults) on 12,500 Allied (62 companies);
    // 700-850 Japanese dead or missing (~800, 4.0 companies), 104-111 US killed or missing (~105,
    // 0.5; other counts give 59).
    name: 'Bloody Ridge (12-14 Sep 1942)',
    attacks: 2,
    us: 62,
    ijn: 31,
    lost: { us: 0.5, ijn: 4 },
  },
  {
    // The October offensive (Battle for Henderson Field), 23, 24-25 and 25-26 Oct 1942:
    // Sumiyoshi at the Matanikau, then Maruyama's Sendai (2nd) Division south of the field; 20,000
    // Japanese on the island (100 companies) on 23,088 Allied (115); 2,200-3,000 Japanese killed
    // (~2,600, 13.0 companies), 61-86 US killed (~80, 0.4).
    name: 'October offensive (23-26 Oct 1942)',
    attacks: 3,
    us: 115,
    ijn: 100,
    lost: { us: 0.4, ijn: 13 },
  },
];

/**
 * The US offensive that calibrates a US attack's own rates (box/land.ts usAttack*): the Matanikau
 * offensive to Point Cruz, 1-4 Nov 1942 (Wikipedia, "Matanikau Offensive", citing Frank and Miller):
 * the 5th Marines and others west of the Matanikau; about 23,000 US on the island (115 companies, of
 * which 70 attack beyond the 45 kept back, 8.7A) against the ~17,500 Japanese left after October (87);
 * about 400 Japanese killed (2.0 companies), 71 US killed (0.35). Four attacks, one a day, level 5.
 */
export const US_LAND_BATTLES: LandBattle[] = [
  {
    name: 'Point Cruz (1-4 Nov 1942)',
    attacker: 'american',
    attacks: 4,
    us: 115,
    ijn: 87,
    lost: { us: 0.35, ijn: 2 },
  },
];

/** The battle's position: the two garrisons ashore, no TF anywhere, the box's land odds. */
function position(b: LandBattle, land: NonNullable<PlainBox['land']>): GcState {
  const s0: GcState = game.setup({
    gameId: 'G-land-calibration',
    options: { scenario: 'guadalcanal', mode: 'two-player', level: 4 },
    box: game.box.defaultData,
  });
  return {
    ...s0,
    land: { ...land },
    ashore: { american: { inf: b.us, sup: 5 * b.attacks }, japanese: { inf: b.ijn, sup: 5 * b.attacks } },
  };
}

/** One offensive fought on the dice given: the companies each side lost. */
function fight(s0: GcState, b: LandBattle, dice: ReturnType<typeof seeded>) {
  let s = s0;
  for (let n = 0; n < b.attacks && s.row !== 'over'; n++) {
    s = { ...s, landPlans: { [b.attacker ?? 'japanese']: { turn: s.turn, level: 5 } } };
    s = resolveLand(s, { dice, emit: () => undefined } as never, (e) => {
      s = evolveGc(s, e);
      return s;
    });
  }
  return { us: s0.ashore.american.inf - s.ashore.american.inf, ijn: s0.ashore.japanese.inf - s.ashore.japanese.inf };
}

const median = (xs: number[]) => {
  const v = [...xs].sort((a, b) => a - b);
  return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
};
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** Fights the offensive `trials` times (seeds 1, 7920, ...): the median and mean companies lost on each side. */
export function simulateLand(b: LandBattle, land: NonNullable<PlainBox['land']>, trials: number) {
  const s0 = position(b, land);
  const us: number[] = [];
  const ijn: number[] = [];
  for (let i = 0; i < trials; i++) {
    const r = fight(s0, b, seeded(1 + i * 7919));
    us.push(r.us);
    ijn.push(r.ijn);
  }
  return { median: { us: median(us), ijn: median(ijn) }, mean: { us: mean(us), ijn: mean(ijn) } };
}

/** The level-5 rates spread over the levels in proportion (8.7D: a higher level costs both sides more). */
export const byLevel = (rate5: number) => [1, 2, 3, 4, 5].map((k) => Math.round(((rate5 * k) / 5) * 1e5) / 1e5);
