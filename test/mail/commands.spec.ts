import { extractCommands, parseSubject, stripReply, type NumberedLine } from '../../src/mail/commands';

const lines = (...texts: string[]): NumberedLine[] => texts.map((text, i) => ({ line: i + 1, text }));

describe('parseSubject', () => {
  it.each([
    ['[umpire G-abc123] orders japanese turn 3', { gameId: 'G-abc123', side: 'japanese', turn: 3, command: 'ORDERS' }],
    ['[umpire G-abc123] help', { gameId: 'G-abc123', command: 'HELP' }],
    ['[umpire G-abc123] status allied', { gameId: 'G-abc123', side: 'allied', command: 'STATUS' }],
    [
      'Re: [umpire G-abc123] report japanese turn 3: Turn 3: Patrol movement (5.2)',
      { gameId: 'G-abc123', side: 'japanese', turn: 3, reply: true },
    ],
    ['RE: Fwd: [umpire G-x_1] ack allied turn 12', { gameId: 'G-x_1', side: 'allied', turn: 12, reply: true }],
    ['Fwd: [umpire G-abc123] orders japanese turn 3', { gameId: 'G-abc123', side: 'japanese', turn: 3, reply: true }],
    ['hello there', {}],
  ])('%s', (subject, expected) => {
    expect(parseSubject(subject)).toEqual(expected);
  });
});

describe('stripReply', () => {
  it("keeps the sender's words with their line numbers", () => {
    expect(stripReply('a\n> q\nb\n\n-- \nsig')).toEqual([
      { line: 1, text: 'a' },
      { line: 2 + 1, text: 'b' },
      { line: 4, text: '' },
    ]);
  });
  it.each([
    ['Outlook', 'order 1\n-----Original Message-----\nFrom: umpire'],
    ['Outlook underline', 'order 1\n________________________________\nFrom: Umpire'],
    ['END', 'order 1\nEND\ntrailing words'],
    ['mobile', 'order 1\nSent from my iPhone'],
    ['bare --', 'order 1\n--\nJ. Doe'],
    ['one-line attribution', 'order 1\nOn Sat, 21 Nov 2026, Umpire <u@umpire.test> wrote:\nold'],
    ['German attribution', 'order 1\nAm 21.11.2026 um 21:00 schrieb Umpire <u@umpire.test>:\nalt'],
  ])('stops at %s', (_name, text) => {
    expect(stripReply(text).map((l) => l.text)).toEqual(['order 1']);
  });
});

describe('extractCommands', () => {
  it('takes plain lines as orders by default', () => {
    const { commands, directives } = extractCommands(
      lines('GAME G-abc123', 'SIDE Japanese', 'TURN 3', '', 'Akagi to Coral Sea', 'Kaga to Coral Sea'),
    );
    expect(directives).toEqual({ gameId: 'G-abc123', side: 'japanese', turn: 3 });
    expect(commands).toEqual([
      {
        name: 'ORDERS',
        refereeOnly: false,
        lines: [
          { line: 5, text: 'Akagi to Coral Sea' },
          { line: 6, text: 'Kaga to Coral Sea' },
        ],
      },
    ]);
  });

  it('starts no ORDERS for a comment after a command (an empty set of orders would replace the real ones)', () => {
    const { commands } = extractCommands(lines('STATUS', '# just checking where we are'));
    expect(commands.map((c) => c.name)).toEqual(['STATUS']);
    const withOrders = extractCommands(lines('STATUS', '# my plan:', 'MOVE north'));
    expect(withOrders.commands.map((c) => c.name)).toEqual(['ORDERS', 'STATUS']);
  });

  it('reads commands, one per line, then orders', () => {
    const { commands } = extractCommands(lines('SECRET hunter2', 'status', 'RESEND turn 2', 'players', 'help orders'));
    expect(commands.map((c) => c.name)).toEqual(['STATUS', 'RESEND', 'PLAYERS', 'HELP']);
    expect(commands[1]).toMatchObject({ name: 'RESEND', turn: 2 });
    expect(commands[3]).toMatchObject({ name: 'HELP', topic: 'orders' });
  });

  it('reads HELP with a rule number as its topic, and a HELP line it cannot read as the start of orders', () => {
    expect(extractCommands(lines('HELP 18.33', 'help 7')).commands).toEqual([
      { name: 'HELP', topic: '18.33', line: 1, refereeOnly: false },
      { name: 'HELP', topic: '7', line: 2, refereeOnly: false },
    ]);
    expect(extractCommands(lines('HELP 18.33.4.2')).commands[0].name).toBe('ORDERS');
  });

  it('never reads keywords inside orders ("Force Z" is a fleet, not FORCE)', () => {
    const { commands } = extractCommands(lines('Prince of Wales to Java Sea', 'Force Z to Java Sea', 'NOTE this is an order line'));
    expect(commands).toHaveLength(1);
    expect(commands[0].name).toBe('ORDERS');
  });

  it('does not take a keyword with arguments it does not accept as a command', () => {
    const { commands } = extractCommands(lines('Force Z to Java Sea'));
    expect(commands.map((c) => c.name)).toEqual(['ORDERS']);
  });

  it('flags referee commands', () => {
    const { commands } = extractCommands(
      lines('EXTEND 24h', 'EXTEND TO 2026-11-23T18:00Z', 'FORCE', 'NOTE Ruling: Yamato may not move (5.3)'),
    );
    expect(commands).toEqual([
      { name: 'EXTEND', byMinutes: 1440, line: 1, refereeOnly: true },
      { name: 'EXTEND', until: '2026-11-23T18:00:00.000Z', line: 2, refereeOnly: true },
      { name: 'FORCE', line: 3, refereeOnly: true },
      { name: 'NOTE', text: 'Ruling: Yamato may not move (5.3)', line: 4, refereeOnly: true },
    ]);
  });

  it('an explicit ORDERS line starts orders (even an empty set)', () => {
    expect(extractCommands(lines('ORDERS', 'STATUS')).commands).toEqual([
      { name: 'ORDERS', refereeOnly: false, lines: [{ line: 2, text: 'STATUS' }] },
    ]);
  });

  it('uses the subject command when the body has none', () => {
    expect(extractCommands(lines(''), 'HELP').commands).toEqual([{ name: 'HELP', line: 0, refereeOnly: false }]);
    expect(extractCommands(lines(), 'ORDERS').commands).toEqual([{ name: 'ORDERS', lines: [], refereeOnly: false }]);
    expect(extractCommands(lines('STATUS'), 'HELP').commands.map((c) => c.name)).toEqual(['STATUS']);
  });

  it('reads HISTORY with or without a turn, and a HISTORY it cannot read as the start of orders', () => {
    expect(extractCommands(lines('HISTORY')).commands).toEqual([{ name: 'HISTORY', line: 1, refereeOnly: false }]);
    expect(extractCommands(lines('history turn 3')).commands).toEqual([{ name: 'HISTORY', turn: 3, line: 1, refereeOnly: false }]);
    expect(extractCommands(lines('HISTORY 12')).commands).toEqual([{ name: 'HISTORY', turn: 12, line: 1, refereeOnly: false }]);
    expect(extractCommands(lines('HISTORY of the war')).commands.map((c) => c.name)).toEqual(['ORDERS']);
  });

  it('reads RESIGN as a question and RESIGN CONFIRM (or CONCEDE CONFIRM) as the concession', () => {
    expect(extractCommands(lines('RESIGN')).commands).toEqual([{ name: 'RESIGN', confirm: false, line: 1, refereeOnly: false }]);
    expect(extractCommands(lines('resign confirm')).commands).toEqual([{ name: 'RESIGN', confirm: true, line: 1, refereeOnly: false }]);
    expect(extractCommands(lines('CONCEDE CONFIRM')).commands).toEqual([{ name: 'RESIGN', confirm: true, line: 1, refereeOnly: false }]);
    // anything else after RESIGN is no command (so no concession by a slip of the pen)
    expect(extractCommands(lines('RESIGN maybe')).commands.map((c) => c.name)).toEqual(['ORDERS']);
  });

  it('reads PRESS on one line, or over the lines after it up to ENDPRESS or the end, keeping paragraphs', () => {
    expect(extractCommands(lines('PRESS Shall we agree on a truce in the Coral Sea?')).commands).toEqual([
      { name: 'PRESS', text: 'Shall we agree on a truce in the Coral Sea?', line: 1, refereeOnly: false },
    ]);
    const body = extractCommands(
      lines('GAME G-abc', 'STATUS', 'PRESS', 'Admiral,', '', 'STATUS is a word I may write here.', 'FORCE Z sails.', '', ''),
    );
    expect(body.directives).toEqual({ gameId: 'G-abc' });
    expect(body.commands).toEqual([
      { name: 'STATUS', line: 2, refereeOnly: false },
      {
        name: 'PRESS',
        text: 'Admiral,\n\nSTATUS is a word I may write here.\nFORCE Z sails.',
        line: 3,
        refereeOnly: false,
      },
    ]);
    // ENDPRESS ends it: what follows is read as commands and orders again
    const ended = extractCommands(lines('PRESS: Hello', 'from Tokyo', 'ENDPRESS', 'HELP', 'Akagi to Coral Sea'));
    expect(ended.commands).toEqual([
      { name: 'ORDERS', lines: [{ line: 5, text: 'Akagi to Coral Sea' }], refereeOnly: false },
      { name: 'PRESS', text: 'Hello\nfrom Tokyo', line: 1, refereeOnly: false },
      { name: 'HELP', line: 4, refereeOnly: false },
    ]);
  });

  it('reads an empty PRESS as such (the game service refuses it, saying why)', () => {
    expect(extractCommands(lines('PRESS', '', '')).commands).toEqual([{ name: 'PRESS', text: '', line: 1, refereeOnly: false }]);
    expect(extractCommands(lines('PRESS', 'END PRESS')).commands).toEqual([{ name: 'PRESS', text: '', line: 1, refereeOnly: false }]);
  });

  it('never reads PRESS inside orders', () => {
    expect(extractCommands(lines('Akagi to Coral Sea', 'PRESS on')).commands).toEqual([
      {
        name: 'ORDERS',
        lines: [
          { line: 1, text: 'Akagi to Coral Sea' },
          { line: 2, text: 'PRESS on' },
        ],
        refereeOnly: false,
      },
    ]);
  });
});
