import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { VITP_REFERENCE, referenceMarkdown } from '../../src/games/vitp/orders/reference';
import { vitpRuleset } from '../../src/games/vitp';
import { answerHelp, citesRule } from '../../src/services/help-topics';

const card = 'PATROL <units> TO <sea area>\nDefault if you send nothing: everything stays in port.';
const help = (topic?: string) => answerHelp(topic, VITP_REFERENCE, card, 'Turn 1: Japanese patrol movement', 'Victory in the Pacific');

describe('HELP topics', () => {
  it('HELP alone: the card for the step at hand, with the commands and the topics', () => {
    const a = help();
    expect(a.title).toBe('Orders for the step at hand: Turn 1: Japanese patrol movement');
    expect(a.lines).toEqual(card.split('\n'));
    expect(a.commands).toBe(true);
    expect(a.topics).toEqual([
      'ORDERS',
      'BATTLE',
      'INTERACTIVE',
      'AHEAD',
      'STANDING',
      'DEFAULTS',
      'OPTIONS',
      'COMMANDS',
      'ALL',
      '<rule number, e.g. 7.3>',
    ]);
  });

  it('HELP <topic> or an alias: that section only', () => {
    expect(help('standing')).toMatchObject({ topic: 'STANDING', commands: false });
    expect(help('standing').lines).toContain('STANDING RETREAT WHEN OUTGUNNED | RETREAT NEVER | RETREAT ALWAYS');
    expect(help('MOVE').topic).toBe('ORDERS');
    expect(help('combat').topic).toBe('BATTLE');
    expect(help('defaults').lines.join(' ')).toMatch(/Stay in port, place no air/);
    expect(help('for').lines[0]).toMatch(/^FOR t3\/raiders\/japanese/);
    expect(help('commands')).toMatchObject({ topic: 'COMMANDS', lines: [], commands: true });
  });

  it('HELP ALL: every section, each under its title', () => {
    const a = help('all');
    for (const s of VITP_REFERENCE) {
      expect(a.lines).toContain(`== ${s.title} ==`);
      for (const l of s.lines) expect(a.lines).toContain(l);
    }
  });

  it('HELP <rule>: the lines citing it, sub-rules and ranges included', () => {
    const a = help('18.33');
    expect(a.unknown).toBeUndefined();
    expect(a.lines).toEqual([expect.stringMatching(/^\[ORDERS\] STAY \/ WITHDRAW .*18\.31–18\.35/)]);
    expect(help('7.3').lines.some((l) => l.startsWith('[BATTLE] DAY | NIGHT'))).toBe(true);
    expect(help('8.2').lines.some((l) => l.includes('RETREAT a, b / c   (8.1-8.23)'))).toBe(true);
    const none = help('99.9');
    expect(none.unknown).toBe('99.9');
    expect(none.title).toMatch(/No line of the Victory in the Pacific order reference cites rule 99\.9/);
  });

  it('an unknown topic says so and lists the topics', () => {
    const a = help('tactics');
    expect(a).toMatchObject({ unknown: 'tactics', title: 'No help topic "tactics"', lines: [] });
    expect(a.topics).toContain('STANDING');
  });

  it('finds rule citations exactly', () => {
    expect(citesRule('(8.1-8.23)', '8.15')).toBe(true);
    expect(citesRule('(8.1-8.23)', '8.3')).toBe(false);
    expect(citesRule('(5.33, 7.424)', '7.4')).toBe(true);
    expect(citesRule('(5.33, 7.424)', '7')).toBe(true);
    expect(citesRule('(17.3)', '7.3')).toBe(false);
    expect(citesRule('(7.31)', '7.3')).toBe(true);
  });

  it('the VITP ruleset exports the reference, and its README shows exactly the same text', () => {
    expect(vitpRuleset.reference).toBe(VITP_REFERENCE);
    const readme = readFileSync(join(__dirname, '../../src/games/vitp/README.md'), 'utf8');
    const block = readme.match(/<!-- reference:begin -->\n([\s\S]*?)\n<!-- reference:end -->/)?.[1];
    expect(block).toBe(referenceMarkdown(VITP_REFERENCE));
  });
});
