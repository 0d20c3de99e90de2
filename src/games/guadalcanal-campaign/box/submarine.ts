/**
 * Submarine combat (8.3, 9.3F). The patrol area (8.3A), the two attack chances (8.3B, "about"), the
 * escort types (8.3C), the salvo (8.3E) and the side factors (8.3F-G) are printed; how much escorts
 * and a sighting cut the chance (8.3C-D), the hit chance of a torpedo and the depth charges' odds
 * and weight are not, and are rebuilt here with their reason.
 */
import type { ShipType } from './ships';
import { printed, rebuilt } from './source';

export const SUBMARINE = {
  /** 8.3A: a submarine TF patrols this many squares around itself */
  patrolSquares: printed(2, '8.3A'),
  /** 8.3B: each sub's chance in percent to attack an enemy surface TF, and an enemy sub TF, in its area */
  attackSurfacePercent: printed(10, '8.3B ("about 10%")'),
  attackSubPercent: printed(2, '8.3B ("about 2%")'),
  /** 8.3C: the escorts of the defending TF */
  escortTypes: printed<ShipType[]>(['DD', 'DMS', 'APD'], '8.3C'),
  /** 8.3C: the attack chance is multiplied by 1 - perEscort x escorts, never below escortFloor */
  perEscort: rebuilt(
    0.1,
    '8.3C prints no figure: each escort takes a tenth off the chance, so a carrier with its usual screen of six destroyers is found 40% as often as an unescorted transport, as the 1942 screens cut but did not stop attacks (Wasp and North Carolina were hit inside screens on 15 September)',
  ),
  escortFloor: rebuilt(0.25, '8.3C prints no figure: no screen keeps the chance below a quarter'),
  /** 8.3D: a sub sighted by enemy sub search this turn attacks at this share of its chance */
  sightedAttack: rebuilt(0.5, '8.3D prints no figure: a sighted sub is kept down by aircraft and attacks half as often'),
  /** 8.3E: the salvo */
  salvo: printed(6, '8.3E'),
  /** per-mille hit chance of one Japanese submarine torpedo; US ones 1/2.5 of it (8.3F) */
  torpedoPerMille: rebuilt(
    150,
    "rebuilt: I-19 hit Wasp, North Carolina and O'Brien with three or four of a six-torpedo salvo (15 September 1942), I-26 Saratoga with one of six (31 August); 15% a torpedo puts about one hit in a Japanese salvo",
  ),
  usTorpedo: printed(0.4, '8.3F: Japanese submarine torpedoes are 2.5 times as accurate as US ones'),
  /** 9.1A: a submarine torpedo is 21-inch (24-inch torpedoes are carried by Japanese surface ships only) */
  torpedoDamage: printed(5, '9.1A'),
  torpedoKnots: printed(5, '9.1A'),
  /** 8.3G: each escort's percent chance to hit the sub with its depth charges, US; Japanese half */
  depthChargePercent: rebuilt(
    10,
    '8.3G prints only the ratio: a US destroyer hits the attacker one time in ten, so a screen of six sinks or damages a sub after about every other attack, the rate at which US escorts sank I-boats off Guadalcanal in late 1942 (I-172, I-3, I-15)',
  ),
  japaneseDepthCharge: printed(0.5, '8.3G: US depth charges are twice as effective as Japanese'),
  /** 8.3D: depth charges against a sighted sub hit this many times as often */
  sightedDepthCharge: rebuilt(2, '8.3D prints no figure: a sighted sub is held down and found again; twice as often'),
  /** damage points of one depth-charge hit (a sub sinks at its DF, box/strike.ts) */
  depthChargeDamage: rebuilt(3, 'rebuilt: as a bomb (9.1A): two hits sink a submarine of DF 6, three one of DF 8'),
};
