import { knownTextsOf, withoutAnswerCard } from '../../src/services/reply-context';

/** The answer card's example and default, and the orders a report repeats, are the player's to copy, not quoted text. */
describe('known text leaves out what a player is invited to copy', () => {
  const report = [
    'Game G-x, side japanese, turn 1',
    '',
    '== Your orders for Turn 1: movement were taken ==',
    '  MOVE Akagi TO Marshall Islands',
    '',
    '== Your move: Turn 1: targets [t1/targets] ==',
    'For example, with your own forces:',
    '  TARGET fuso AT repulse',
    '  TARGET ise AT repulse',
    'If nothing comes by the deadline: these orders apply:',
    '  TARGET fuso AT repulse',
    '',
    '== What happened ==',
    '- The Japanese fleet sails.',
  ].join('\n');

  it('drops the card and the repeated orders, keeps the rest', () => {
    const kept = withoutAnswerCard(report);
    expect(kept).not.toMatch(/TARGET fuso AT repulse|MOVE Akagi/);
    expect(kept).toContain('== What happened ==');
    expect(kept).toContain('- The Japanese fleet sails.');
    expect(kept).toContain('Game G-x, side japanese, turn 1');
    // the card's prose stays known, so a pasted card is quoted text
    expect(kept).toContain('== Your move: Turn 1: targets [t1/targets] ==');
    expect(kept).toContain('If nothing comes by the deadline: these orders apply:');
  });

  it('applies to the HTML part as a client renders it too', () => {
    const html = `<h2>Your move: Turn 1: targets</h2><p>Deadline: Thu 26 Nov 2026 17:51 UTC</p><p>For example, with your own forces:</p><pre>TARGET fuso AT repulse\nTARGET ise AT repulse</pre><h2>What happened</h2><ul><li>The fleet sails.</li></ul>`;
    const texts = knownTextsOf({ kind: 'report', payload: { to: 'a@b.c', subject: 's', text: report, html } });
    expect(texts).toHaveLength(2);
    for (const t of texts) expect(t).not.toContain('TARGET ise AT repulse');
    expect(texts[1]).toContain('The fleet sails.');
    expect(texts[1]).toContain('Deadline: Thu 26 Nov 2026 17:51 UTC');
  });
});
