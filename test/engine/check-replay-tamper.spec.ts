/**
 * Issue 33, re-adjudication that reuses the checked fold: the audit folds the log once, and a VITP
 * step re-adjudicated hands the rules, for each rules event they emit that is the recorded one, the
 * state the log's fold already holds (AdjudicationContext.folded) instead of folding it again. Every
 * check of checkReplay still fails where it should: a tampered rules event, a wrong die, a changed
 * adjudication (mid-step, after the fold was handed over), a live state the log does not replay
 * to, and a fold that is not the one the rules adjudicated with.
 */
import type { EngineEvent, EngineState } from '../../src/engine/engine-events';
import type { AnyRuleset } from '../../src/engine/evolve';
import type { AdjudicationContext, RulesEvent } from '../../src/engine/ruleset';
import { checkReplay, playOneGame } from '../../src/engine/selfplay';
import { vitpRuleset } from '../../src/games/vitp';

const vitp = vitpRuleset as AnyRuleset;

type RulesApplied = Extract<EngineEvent, { type: 'RulesApplied' }>;
type UnitEvent = { type: 'vitp.unit'; data: { id: string; patch: Record<string, unknown> } };

/** The log with event `i` replaced by `change(event)`. */
function tampered(events: readonly EngineEvent[], i: number, change: (e: EngineEvent) => EngineEvent): EngineEvent[] {
  return events.map((e, j) => (j === i ? change(e) : e));
}

describe('checkReplay with the fold reused by re-adjudication (VITP)', () => {
  let events: EngineEvent[];
  let live: EngineState<unknown>;
  /** a vitp.unit event halfway through the game, not its step's first rules event (so the fold was handed over before it) */
  let unitAt: number;

  beforeAll(() => {
    ({ events, state: live } = playOneGame(vitp, 'check-replay-tamper'));
    unitAt = events.findIndex(
      (e, i) =>
        i > events.length / 2 && e.type === 'RulesApplied' && e.data.event.type === 'vitp.unit' && events[i - 1]?.type === 'RulesApplied',
    );
  });

  it('given the game as played, then every check passes', () => {
    expect(unitAt).toBeGreaterThan(0);
    expect(checkReplay(vitp, events, live)).toEqual([]);
  });

  it('given a rules event of the log changed (a piece dealt other damage), then re-adjudication names that event', () => {
    const log = tampered(events, unitAt, (e) => {
      const ra = e as RulesApplied;
      const ev = ra.data.event as unknown as UnitEvent;
      const changed = { ...ev, data: { ...ev.data, patch: { ...ev.data.patch, damage: 99 } } };
      return { ...ra, data: { ...ra.data, event: changed as unknown as RulesEvent } };
    });
    const problems = checkReplay(vitp, log, live);
    expect(problems).toContainEqual(
      expect.stringMatching(
        new RegExp(`^re-adjudication differs: step .*: the log records .*"damage":99.*, the rules produce .* \\(event #${unitAt}\\)$`),
      ),
    );
    // the piece keeps its damage to the end: the log no longer replays to the game as played
    expect(problems).toContainEqual(expect.stringMatching(/^replayed state hash \w+ differs from the live state hash \w+$/));
  });

  it('given a die of the log showing another face, then the dice verification names it', () => {
    const at = events.findIndex((e) => e.type === 'DieRolled');
    const log = tampered(events, at, (e) => {
      const d = e as Extract<EngineEvent, { type: 'DieRolled' }>;
      return { ...d, data: { ...d.data, face: (d.data.face % 6) + 1 } };
    });
    expect(checkReplay(vitp, log, live)).toContainEqual(
      expect.stringMatching(new RegExp(`^dice verification failed: .* shows \\d, the seed gives \\d \\(event #${at}\\)$`)),
    );
  });

  it('given rules that change one outcome in the middle of a step, then re-adjudication names the event', () => {
    // the same rules, but the piece of the chosen event is dealt other damage (emitted through the rules' own fold)
    const target = (events[unitAt] as RulesApplied).data.event as unknown as UnitEvent;
    let seen = 0;
    const nth = events.slice(0, unitAt + 1).filter((e) => e.type === 'RulesApplied' && e.data.event.type === 'vitp.unit').length;
    const changed: AnyRuleset = {
      ...vitp,
      adjudicate: (state: unknown, step, orders, ctx: AdjudicationContext) =>
        vitp.adjudicate(state, step, orders, {
          ...ctx,
          emit: (event: RulesEvent) => {
            const unit = event as unknown as UnitEvent;
            if (event.type === 'vitp.unit' && ++seen === nth && unit.data.id === target.data.id)
              return ctx.emit({ ...unit, data: { ...unit.data, patch: { ...unit.data.patch, damage: 99 } } } as unknown as RulesEvent);
            return ctx.emit(event);
          },
        }),
    };
    expect(checkReplay(changed, events, live)).toContainEqual(
      expect.stringMatching(
        new RegExp(`^re-adjudication differs: step .*: the log records .*, the rules produce .*"damage":99.* \\(event #${unitAt}\\)$`),
      ),
    );
  });

  it('given a live state the log does not replay to, then the state hashes are named', () => {
    const other = { ...live, version: live.version + 1 };
    expect(checkReplay(vitp, events, other)).toEqual([
      expect.stringMatching(/^replayed state hash \w+ differs from the live state hash \w+$/),
    ]);
  });

  it('given a ruleset whose fold is not the one its rules adjudicated with, then the replayed state differs from the live one', () => {
    // the ruleset's fold of the log gives every piece a member the rules' own fold (evolveVitp) never wrote
    const skewed: AnyRuleset = {
      ...vitp,
      evolve: (state: unknown, event: RulesEvent) => {
        if (event.type !== 'vitp.unit') return vitp.evolve(state, event);
        const unit = event as unknown as UnitEvent;
        return vitp.evolve(state, { ...unit, data: { ...unit.data, patch: { ...unit.data.patch, why: 'skewed' } } } as never);
      },
    };
    const problems = checkReplay(skewed, events, live);
    expect(problems).toContainEqual(expect.stringMatching(/^replayed state hash \w+ differs from the live state hash \w+$/));
  });
});
