import { seedBelow, verifySeed } from './dice';
import type { EngineEvent } from './engine-events';
import type { Mismatch } from './verify';

/**
 * turn -> seed for every revealed seed; null for a seed that fails the anchor check (reported once).
 * The anchor is GameCreated's until a SeedChainRenewed commits another (a rollback past revealed
 * seeds): each seed is checked against the anchor in force where it is revealed, and the old
 * chain's seed a renewal reveals (`abandoned`) against the anchor it names (the one in force before
 * the rollback: the one it replaces, unless the rollback also voided an earlier renewal).
 */
export function checkSeeds(events: readonly EngineEvent[], created: string, mismatches: Mismatch[]): Map<number, string | null> {
  const seeds = new Map<number, string | null>();
  let anchor = created;
  events.forEach((e, i) => {
    if (e.type === 'SeedChainRenewed') {
      const old = e.data.abandoned;
      if (old && !verifySeed(old.seed, old.turn, old.anchor))
        mismatches.push({
          eventIndex: i,
          kind: 'seed',
          message: `the abandoned seed of turn ${old.turn} does not hash to the anchor ${old.anchor} it names`,
        });
      anchor = e.data.anchor;
      return;
    }
    if (e.type !== 'SeedRevealed') return;
    const good = verifySeed(e.data.seed, e.data.turn, anchor);
    if (!good)
      mismatches.push({
        eventIndex: i,
        kind: 'seed',
        message: `seed revealed for turn ${e.data.turn} does not hash to the anchor ${anchor}`,
      });
    seeds.set(e.data.turn, good ? e.data.seed : null);
  });
  return seeds;
}

/**
 * turn -> sealed seed, every turn up to the one a SealedSeedRevealed names (each earlier seed hashes
 * down from it); null entries when that seed fails the sealed anchor. Null when the game has no sealed chain.
 */
export function checkSealedSeeds(
  events: readonly EngineEvent[],
  anchor: string | undefined,
  mismatches: Mismatch[],
): Map<number, string | null> | null {
  if (anchor === undefined) return null;
  const seeds = new Map<number, string | null>();
  events.forEach((e, i) => {
    if (e.type !== 'SealedSeedRevealed') return;
    const good = verifySeed(e.data.seed, e.data.turn, anchor);
    if (!good)
      mismatches.push({
        eventIndex: i,
        kind: 'seed',
        message: `sealed seed revealed for turn ${e.data.turn} does not hash to the sealed anchor ${anchor}`,
      });
    for (let t = 1; t <= e.data.turn; t++) seeds.set(t, good ? seedBelow(e.data.seed, e.data.turn, t) : null);
  });
  return seeds;
}
