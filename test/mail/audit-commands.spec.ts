import { extractCommands, type NumberedLine } from '../../src/mail/commands';

const lines = (...texts: string[]): NumberedLine[] => texts.map((text, i) => ({ line: i + 1, text }));

/** LOG (a player's) and UPGRADE (the referee's) as the mail reader takes them (issue 12). */
describe('LOG and UPGRADE', () => {
  it('reads LOG alone, and UPGRADE with its reason', () => {
    expect(extractCommands(lines('LOG')).commands).toEqual([{ name: 'LOG', line: 1, refereeOnly: false }]);
    expect(extractCommands(lines('upgrade fixes rule 7.43 targets')).commands).toEqual([
      { name: 'UPGRADE', reason: 'fixes rule 7.43 targets', line: 1, refereeOnly: true },
    ]);
    // without a reason it is still UPGRADE: the game service refuses it, saying what to write
    expect(extractCommands(lines('UPGRADE')).commands).toEqual([{ name: 'UPGRADE', reason: '', line: 1, refereeOnly: true }]);
  });

  it('LOG takes no words after it', () => {
    expect(extractCommands(lines('LOG please')).commands.map((c) => c.name)).not.toContain('LOG');
  });
});
