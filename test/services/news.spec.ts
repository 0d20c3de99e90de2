/**
 * Issue 28, the news first: every report opens with a short summary (points, places changing
 * hands, units lost and damaged, who was late, what the reader is still asked this turn), and the
 * final mail with the result, the points turn by turn, the losses and how to get the audit bundle.
 */
import type { AnyRuleset } from '../../src/engine/evolve';
import type { EngineEvent } from '../../src/engine/engine-events';
import { playOneGame } from '../../src/engine/selfplay';
import { vitpRuleset } from '../../src/games/vitp';
import { MailRenderer } from '../../src/mail/render';
import { finalSummary, newsLines, reportSummary, tailNews } from '../../src/services/news';
import { loadedFrom, MemoryGame } from '../support/loaded-game';
import { flat } from '../support/text';

const vitp = vitpRuleset as AnyRuleset;

describe('issue 28: the news first', () => {
  const { events } = playOneGame(vitp, 'news/1', { missRate: 0.2 });
  const over = loadedFrom(vitp, events);
  const turnOne = events.slice(0, events.findIndex((e) => e.type === 'SeedRevealed') + 1);

  it("given a turn's events, then the summary gives the points, the places that changed hands and the units lost, the reader's own first", () => {
    const game = loadedFrom(vitp, turnOne);
    const lines = reportSummary(game, turnOne, 'japanese', tailNews(game, 0, 'japanese'));
    expect(lines[0]).toMatch(/^Points: turn 1: (Japanese|Allied) gain \d+ POC|^Points: turn 1: no POC gained/);
    expect(lines.some((l) => /^Changed hands: /.test(l))).toBe(true);
    const all = tailNews(over, 0, 'allied');
    expect(all.some((i) => i.kind === 'lost')).toBe(true);
    const lost = newsLines(all, 'allied').find((l) => l.startsWith('Lost:'))!;
    expect(lost).toMatch(/^Lost: yours: /);
    expect(lost).toMatch(/; japanese: /);
  });

  it('given a side that sent nothing by the deadline, then the summary says it was late and the defaults applied', () => {
    const late: EngineEvent[] = [
      { type: 'DefaultOrdersApplied', data: { side: 'allied', stepId: 't1/patrol/allied', reason: 'deadline', orders: [] } },
    ];
    const lines = reportSummary(loadedFrom(vitp, turnOne), late, 'japanese', []);
    expect(lines).toContain('Late: allied (patrol allied): no orders came in time, the defaults applied.');
  });

  it('given a side asked now, then the summary says what else it will be asked this turn', () => {
    const g = new MemoryGame(vitp);
    const lines = reportSummary(g.loaded(), [], 'japanese', []);
    expect(lines.at(-1)).toBe(
      'Still to ask you this turn: Japanese patrol movement and repairs; Japanese amphibious movement; Japanese raider movement; Japanese submarine placement.',
    );
    // the land-based air placement, the invasions and the return are answered by the standing instructions
    expect(lines.at(-1)).not.toMatch(/air placement|invasions|return/);
  });

  it('given the game over, then the final lines open with the result, the points of every turn, the losses and how to get the audit bundle', () => {
    const lines = finalSummary(over, tailNews(over, 0, 'japanese'), 'japanese');
    expect(lines[0]).toMatch(/^Game over: .*Winner: (japanese|allied|a draw)/);
    const points = lines.indexOf('Points by turn:');
    expect(points).toBe(1);
    const turns = over.state.rules as { lastTurn: number };
    for (let t = 1; t <= turns.lastTurn; t++) expect(lines[points + t]).toMatch(new RegExp(`^ {2}turn ${t}: `));
    expect(lines.some((l) => /^Losses over the game: yours: /.test(l))).toBe(true);
    expect(lines.at(-1)).toMatch(/reply LOG .* verify\.js/);
  });

  it('given a summary, then the report opens with it, before the card and what happened; the final mail with the result', () => {
    const r = new MailRenderer().render('report', {
      gameId: 'G-news',
      side: 'japanese',
      turn: 8,
      final: ['Game over: After turn 8: Allied ahead by 3 POC. Winner: allied.'],
      summary: ['Lost: yours: Akagi (CV).'],
      knowledge: [],
      narrative: [{ text: 'Akagi is sunk (7.61).' }],
      dice: { anchor: 'a'.repeat(64), revealedSeeds: [] },
      latestEventHash: 'e'.repeat(64),
      latestEventSeq: 42,
      next: null,
    });
    const t = r.text;
    expect(t.indexOf('== The result ==')).toBeGreaterThan(-1);
    expect(t.indexOf('== The result ==')).toBeLessThan(t.indexOf('== In short =='));
    expect(t.indexOf('== In short ==')).toBeLessThan(t.indexOf('== What happened =='));
    expect(flat(t)).toContain('- Lost: yours: Akagi (CV).');
    expect(r.html.indexOf('In short')).toBeLessThan(r.html.indexOf('What happened'));
  });
});
