import { extractCommands, REFEREE_COMMANDS } from '../../src/mail/commands';

const read = (...texts: string[]) => extractCommands(texts.map((text, i) => ({ line: i + 1, text }))).commands;

describe('time commands in a mail', () => {
  it('WAIT before orders is a command of its own; the orders follow it', () => {
    const cmds = read('WAIT', 'Yamato to Coral Sea');
    expect(cmds.map((c) => c.name)).toEqual(['ORDERS', 'WAIT']);
    expect(cmds[1]).toEqual({ name: 'WAIT', line: 1, refereeOnly: false });
  });

  it('CONFIRM alone; WAIT and CONFIRM with words after them are not commands', () => {
    expect(read('CONFIRM')).toEqual([{ name: 'CONFIRM', line: 1, refereeOnly: false }]);
    expect(read('wait for me').map((c) => c.name)).toEqual(['ORDERS']);
  });

  it("PAUSE and RESUME carry the referee's reason", () => {
    expect(read('PAUSE holiday week', 'RESUME')).toEqual([
      { name: 'PAUSE', reason: 'holiday week', line: 1, refereeOnly: true },
      { name: 'RESUME', reason: '', line: 2, refereeOnly: true },
    ]);
  });

  it('ABSENCE takes a side and two dates as written, then a reason', () => {
    expect(read('ABSENCE Japanese 2026-12-20 2026-12-28 family visit')).toEqual([
      {
        name: 'ABSENCE',
        side: 'japanese',
        from: '2026-12-20',
        to: '2026-12-28',
        reason: 'family visit',
        line: 1,
        refereeOnly: true,
      },
    ]);
  });

  it('a bare DEADLINE still asks for the status; DEADLINE <kind> <length> is the referee command', () => {
    expect(read('DEADLINE')).toEqual([{ name: 'STATUS', line: 1, refereeOnly: false }]);
    expect(read('DEADLINE battle 48h slow week')).toEqual([
      { name: 'DEADLINE', kind: 'battle', length: '48h', reason: 'slow week', line: 1, refereeOnly: true },
    ]);
  });

  it('the referee commands are referee-only; WAIT and CONFIRM are for players', () => {
    for (const name of ['PAUSE', 'RESUME', 'ABSENCE', 'DEADLINE'] as const) expect(REFEREE_COMMANDS.has(name)).toBe(true);
    for (const name of ['WAIT', 'CONFIRM'] as const) expect(REFEREE_COMMANDS.has(name)).toBe(false);
  });
});
