import type { AnyRuleset } from '../../src/engine/evolve';

/**
 * Self-play errors no game may have: every one, except, for a game still being built
 * (DefinedRuleset.unfinished), its stops at the rules it lists as missing (those are its
 * RuleNotImplementedError, which self-play counts as errors and the contract test checks).
 */
export function unexpectedErrors(ruleset: AnyRuleset, errors: readonly { readonly message: string }[]): string[] {
  const missing = (ruleset as { unfinished?: { missing: readonly string[] } }).unfinished?.missing ?? [];
  return errors
    .map((e) => e.message)
    .filter((m) => {
      const stop = m.match(/^(\S+): rule (\S+) is not implemented/);
      return !(stop && stop[1] === ruleset.id && missing.includes(stop[2]));
    });
}
