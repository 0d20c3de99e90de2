import type { EngineEvent } from '../../src/engine/engine-events';
import type { AnyRuleset } from '../../src/engine/evolve';
import type { GameOptions } from '../../src/engine/ruleset';
import { playOneGame } from '../../src/engine/selfplay';
import { verifyGameLog } from '../../src/engine/verify';
import { eventVisibleTo } from '../../src/engine/views';
import { fleetDuel } from '../../src/games/fleet-duel';
import { guadalcanalCampaign } from '../../src/games/guadalcanal-campaign';

/**
 * Private dice numbered apart (engine revision 3, docs/audit.md "Private dice"): a die not every
 * side sees is numbered in the stream of the sides that see it, so the numbers a side reads on the
 * dice of a step run 0, 1, 2... in each stream it sees, with no gap where a die hidden from it was
 * rolled. Played with Fleet Duel's scouting rules (a side's own picks in a step of public battle
 * dice) and the Guadalcanal Campaign (searches and sightings each side alone sees).
 */

type Die = Extract<EngineEvent, { type: 'DieRolled' }>;
const isDie = (e: EngineEvent): e is Die => e.type === 'DieRolled';

/** name, ruleset, options, viewers, whether some step rolls both public dice and dice hidden from a side */
const games: readonly [string, AnyRuleset, GameOptions, readonly string[], boolean][] = [
  ['fleet-duel with scouting', fleetDuel as unknown as AnyRuleset, { scouting: true }, ['red', 'blue', 'referee'], true],
  [
    'guadalcanal-campaign (Eastern Solomons)',
    guadalcanalCampaign as unknown as AnyRuleset,
    { scenario: 'eastern-solomons' },
    ['japanese', 'american', 'referee'],
    true,
  ],
];

/** For each step resolution and stream, the indices `viewer` sees, in log order. */
function numbersSeen(events: readonly EngineEvent[], viewer: string): Map<string, number[]> {
  const out = new Map<string, number[]>();
  let resolution = 0;
  for (const e of events) {
    if (e.type === 'StepResolved') resolution++;
    if (!isDie(e) || !eventVisibleTo(e, viewer)) continue;
    const key = `${resolution}|${e.data.stepId}|${e.data.stream ?? 'public'}`;
    out.set(key, [...(out.get(key) ?? []), e.data.index]);
  }
  return out;
}

describe.each(games)('private dice numbered apart: %s', (_name, ruleset, options, viewers, mixed) => {
  const played = Array.from({ length: 6 }, (_, k) => playOneGame(ruleset, `private-dice-${k}`, { options }).events);
  const all = played.flat();

  it('given self-play, then the game says it numbers private dice apart and each private die names the stream of the sides that see it', () => {
    for (const events of played) expect(events[0]).toMatchObject({ type: 'GameCreated', data: { diceStreams: true } });
    const dice = all.filter(isDie);
    const hidden = dice.filter((d) => d.data.visibleTo !== 'all');
    expect(hidden.length).toBeGreaterThan(0);
    for (const d of dice)
      expect(d.data.stream).toBe(d.data.visibleTo === 'all' ? undefined : `private:${[...d.data.visibleTo].sort().join(',')}`);
  });

  it('given every viewer, then the numbers it sees in each stream of a step run 0, 1, 2... with no gap for a die hidden from it', () => {
    let sawMixed = false;
    for (const events of played)
      for (const viewer of viewers) {
        for (const [, seen] of numbersSeen(events, viewer)) expect(seen).toEqual(seen.map((_, k) => k));
      }
    // the property bites: some step rolls public dice and dice some side does not see
    for (const events of played) {
      const steps = new Map<string, Set<string>>();
      for (const d of events.filter(isDie))
        steps.set(d.data.stepId, (steps.get(d.data.stepId) ?? new Set()).add(d.data.stream ?? 'public'));
      if ([...steps.values()].some((s) => s.size > 1)) sawMixed = true;
    }
    expect(sawMixed).toBe(mixed);
  });

  it('given a private die moved into the public numbering, then the log check names the die and the stream it belongs to', () => {
    const events = played.find((g) => g.some((e) => isDie(e) && e.data.stream !== undefined))!;
    expect(verifyGameLog(events).ok).toBe(true);
    const at = events.findIndex((e) => isDie(e) && e.data.stream !== undefined);
    const die = events[at] as Die;
    const { stream: _stream, ...moved } = die.data;
    const forged = events.map((e, i) => (i === at ? { ...die, data: moved } : e));
    const report = verifyGameLog(forged);
    expect(report.ok).toBe(false);
    expect(report.mismatches.map((m) => m.message).join('\n')).toContain(
      `is numbered in the public stream, but a die seen by [${(die.data.visibleTo as string[]).join(', ')}] is numbered in stream ${die.data.stream}`,
    );
    // the dice after it keep their numbers: one mismatch, not one per die
    expect(report.mismatches.filter((m) => m.kind === 'die-index')).toHaveLength(1);
  });
});
