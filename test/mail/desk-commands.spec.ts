import { extractCommands } from '../../src/mail/commands';

const read = (...texts: string[]) => extractCommands(texts.map((text, i) => ({ line: i + 1, text }))).commands;

describe('the referee desk commands as mail lines', () => {
  it('reads ROLLBACK with a step or an event, the orders choice and the reason', () => {
    expect(read('ROLLBACK TO t3/orders ORDERS RESEND blue orders were quarantined')).toEqual([
      {
        name: 'ROLLBACK',
        target: { stepId: 't3/orders' },
        orders: 'resend',
        reason: 'blue orders were quarantined',
        line: 1,
        refereeOnly: true,
      },
    ]);
    expect(read('rollback to event 57 the die was misread')[0]).toMatchObject({
      target: { eventSeq: 57 },
      orders: 'kept',
      reason: 'the die was misread',
    });
    expect(read('ROLLBACK TO #12 ORDERS KEPT x')[0]).toMatchObject({ target: { eventSeq: 12 }, orders: 'kept' });
    expect(read('ROLLBACK TO 12 a late mail')[0]).toMatchObject({ target: { eventSeq: 12 }, reason: 'a late mail' });
    expect(read('ROLLBACK TO 12a x')[0]).toMatchObject({ target: { stepId: '12a' } });
    // no reason: parsed, so the service can answer what is missing
    expect(read('ROLLBACK TO t1/orders')[0]).toMatchObject({ name: 'ROLLBACK', reason: '' });
  });

  it('a ROLLBACK without TO is no command (the line is taken as orders, which a referee does not give)', () => {
    expect(read('ROLLBACK t1/orders')[0]).toMatchObject({ name: 'ORDERS' });
  });

  it('reads PREVIEW, REPLACE, MAILS and VIEW, and refuses their malformed forms', () => {
    expect(read('PREVIEW')[0]).toEqual({ name: 'PREVIEW', line: 1, refereeOnly: true });
    expect(read('REPLACE Blue <new@example.org> moved away')[0]).toEqual({
      name: 'REPLACE',
      side: 'blue',
      address: 'new@example.org',
      reason: 'moved away',
      line: 1,
      refereeOnly: true,
    });
    expect(read('REPLACE blue')[0]).toMatchObject({ name: 'ORDERS' });
    expect(read('MAILS')[0]).toEqual({ name: 'MAILS', line: 1, refereeOnly: true });
    expect(read('MAILS Japanese')[0]).toEqual({ name: 'MAILS', side: 'japanese', line: 1, refereeOnly: true });
    expect(read('VIEW allied')[0]).toEqual({ name: 'VIEW', side: 'allied', line: 1, refereeOnly: true });
    expect(read('VIEW')[0]).toMatchObject({ name: 'ORDERS' });
  });

  it('issue 25: reads MACHINE <side> [player [reason]], and refuses its malformed forms', () => {
    expect(read('MACHINE Blue')[0]).toEqual({ name: 'MACHINE', side: 'blue', reason: '', line: 1, refereeOnly: true });
    expect(read('MACHINE blue Random went quiet for a week')[0]).toEqual({
      name: 'MACHINE',
      side: 'blue',
      player: 'random',
      reason: 'went quiet for a week',
      line: 1,
      refereeOnly: true,
    });
    expect(read('MACHINE')[0]).toMatchObject({ name: 'ORDERS' });
    expect(read('MACHINE blue <someone@example.org>')[0]).toMatchObject({ name: 'ORDERS' });
  });

  it('NOTE ON <event> names the event a ruling concerns; a plain NOTE names none', () => {
    expect(read('NOTE ON 57 The die stands: rule 7.3.')[0]).toEqual({
      name: 'NOTE',
      text: 'The die stands: rule 7.3.',
      concerns: [57],
      line: 1,
      refereeOnly: true,
    });
    expect(read('NOTE #9: see rule 2.3')[0]).toMatchObject({ concerns: [9], text: 'see rule 2.3' });
    expect(read('NOTE Only the ON word is special')[0]).toEqual({
      name: 'NOTE',
      text: 'Only the ON word is special',
      line: 1,
      refereeOnly: true,
    });
  });

  it("reads the referee's RESEND [TO] <side> [ALL | turn] [reason]; a bare RESEND [turn] stays the sender's own", () => {
    const resend = (side: string, which: unknown, reason = '') => ({ name: 'RESEND TO', side, which, reason, line: 1, refereeOnly: true });
    expect(read('RESEND TO blue')[0]).toEqual(resend('blue', 'latest'));
    expect(read('resend blue all his filter ate them')[0]).toEqual(resend('blue', 'all', 'his filter ate them'));
    expect(read('RESEND TO japanese turn 3')[0]).toEqual(resend('japanese', { turn: 3 }));
    expect(read('RESEND TO blue 12 lost in transit')[0]).toEqual(resend('blue', { turn: 12 }, 'lost in transit'));
    expect(read('RESEND 3')[0]).toEqual({ name: 'RESEND', turn: 3, line: 1, refereeOnly: false });
    expect(read('RESEND turn 3')[0]).toEqual({ name: 'RESEND', turn: 3, line: 1, refereeOnly: false });
    expect(read('RESEND')[0]).toEqual({ name: 'RESEND', line: 1, refereeOnly: false });
    // no side: not the referee's form
    expect(read('RESEND TO')[0]).toMatchObject({ name: 'ORDERS' });
    expect(read('RESEND TO 3')[0]).toMatchObject({ name: 'ORDERS' });
  });

  it('issue 30: reads PREVIEW ROLLBACK, ROLLFORWARD [n], ADJUST and ADOPT, and refuses their malformed forms', () => {
    // given the referee's lines, when read, then each is the command it names
    expect(read('PREVIEW ROLLBACK TO t1/orders ORDERS KEPT a unit set up wrong')[0]).toEqual({
      name: 'ROLLBACK',
      target: { stepId: 't1/orders' },
      orders: 'kept',
      reason: 'a unit set up wrong',
      preview: true,
      line: 1,
      refereeOnly: true,
    });
    expect(read('ROLLFORWARD')[0]).toEqual({ name: 'ROLLFORWARD', line: 1, refereeOnly: true });
    expect(read('ROLLFORWARD 3')[0]).toEqual({ name: 'ROLLFORWARD', steps: 3, line: 1, refereeOnly: true });
    expect(read('ADJUST fleets.blue.ships = 1 BECAUSE counted twice')[0]).toEqual({
      name: 'ADJUST',
      text: 'fleets.blue.ships = 1 BECAUSE counted twice',
      line: 1,
      refereeOnly: true,
    });
    expect(read('ADOPT G-7-f1 BECAUSE blue’s orders were lost')[0]).toEqual({
      name: 'ADOPT',
      forkId: 'G-7-f1',
      reason: 'blue’s orders were lost',
      line: 1,
      refereeOnly: true,
    });
    expect(read('ADOPT G-7-f1')[0]).toMatchObject({ name: 'ADOPT', forkId: 'G-7-f1', reason: '' });
    // and the malformed ones are no command
    expect(read('ADOPT')[0]?.name).not.toBe('ADOPT');
    expect(read('ROLLFORWARD all')[0]?.name).not.toBe('ROLLFORWARD');
    expect(read('PREVIEW ROLLBACK t1/orders')[0]?.name).not.toBe('ROLLBACK');
  });
});
