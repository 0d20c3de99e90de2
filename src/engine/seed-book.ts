import type { EngineEvent, EngineState, SeedSource } from './engine-events';
import { CommandRejected } from './engine-commands';
import { verifySeed } from './dice';

/** The sealed chain's seeds as the command hands them in (none given: a sealed die is refused). */
export function sealedBook(s: EngineState<unknown>, source: SeedSource | undefined): SeedBook {
  if (!source) throw new CommandRejected('missing-reveal', 'this game rolls sealed dice: the command must carry the sealed seeds');
  return new SeedBook(s.game!.sealedSeedAnchor!, source);
}

/** At the end: the sealed chain's seed of the last turn, which hashes down to every earlier one (games with sealed dice). */
export function sealedReveal(s: EngineState<unknown>, turn: number, source: SeedSource | undefined): EngineEvent[] {
  if (!s.game?.sealedSeedAnchor || turn < 1) return [];
  return [{ type: 'SealedSeedRevealed', data: { turn, seed: sealedBook(s, source).seedFor(turn) } }];
}

/** Seeds as handed in by the edge, each checked against the anchor before first use. */
export class SeedBook {
  private readonly verified = new Map<number, string>();

  constructor(
    private readonly anchor: string,
    private readonly source: SeedSource,
  ) {}

  seedFor(turn: number): string {
    if (turn < 1) throw new Error(`turn ${turn} has no secret seed (s_0 is the public anchor): a ruleset may not roll dice before turn 1`);
    const known = this.verified.get(turn);
    if (known) return known;
    const seed = typeof this.source === 'function' ? this.source(turn) : this.source[turn];
    if (!seed)
      throw new CommandRejected(
        'seed-chain-exhausted',
        `no seed for turn ${turn}: the game's seed chain ends before it (its length is the game's hard turn cap)`,
      );
    if (!alreadyVerified(this.anchor, turn, seed))
      throw new CommandRejected('bad-seed', `the seed supplied for turn ${turn} does not hash to the game's anchor`);
    this.verified.set(turn, seed);
    return seed;
  }
}

/**
 * Seeds that hashed to their anchor lately, by anchor and turn: every Resolve of a turn hands in
 * the same seed, which need not be hashed down the chain again. The newest few are kept.
 */
const verifiedSeeds = new Map<string, string>();
const VERIFIED_KEPT = 256;

function alreadyVerified(anchor: string, turn: number, seed: string): boolean {
  const key = `${anchor}/${turn}`;
  if (verifiedSeeds.get(key) === seed) return true;
  if (!verifySeed(seed, turn, anchor)) return false;
  verifiedSeeds.delete(key);
  verifiedSeeds.set(key, seed);
  if (verifiedSeeds.size > VERIFIED_KEPT) verifiedSeeds.delete(verifiedSeeds.keys().next().value!);
  return true;
}
