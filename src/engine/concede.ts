import type { Side } from './ruleset';

/**
 * The result when `side` concedes (mail RESIGN CONFIRM): the only other side wins by concession;
 * with several sides left there is no winner. Ruleset-free, so the verifier recomputes it from the
 * log alone.
 */
export function concessionResult(sides: readonly Side[], side: Side): { winner: Side | null; summary: string } {
  const others = sides.filter((x) => x !== side);
  if (others.length === 1) return { winner: others[0], summary: `${side} conceded; ${others[0]} wins by concession.` };
  return {
    winner: null,
    summary: `${side} conceded; no winner by concession (${others.join(', ') || 'no side'} remain).`,
  };
}
