/**
 * Issue 10 (items 2, 5, 7): subjects say what a mail asks of its reader; the welcome is a mail of
 * its own that prints no address; a refusal says what stands and the deadline.
 */
import { MailAtRest, secretMarker } from '../../src/mail/at-rest';
import { parseSubject } from '../../src/mail/commands';
import { MailComposer } from '../../src/mail/composer';
import type { Notice, StepNeeds } from '../../src/mail/notices';
import { MAX_SUBJECT, MailRenderer, type TemplateDataMap, type TemplateName } from '../../src/mail/render';
import type { EngineView } from '../../src/engine/game';
import { flat } from '../support/text';

const secret = 'k'.repeat(32);
const composer = new MailComposer({ domain: 'umpire.test', umpireAddress: 'umpire@umpire.test', secret });
/** the mail as sent (the outbox stores some bodies sealed, and the SECRET word as a marker) */
const sent = (n: Notice) => new MailAtRest(secret).open(composer.draft(n));

const JAPAN = 'kenji@example.jp';
const ALLIES = 'chester@example.org';
const REFEREE = 'ref@club.example';

const needs: StepNeeds = {
  stepId: 't1/patrol/japanese',
  title: 'Turn 1: Japanese patrol movement and repairs (5.21)',
  turn: 1,
  owes: ['japanese'],
  awaiting: ['japanese'],
  deadline: '2026-11-25T18:00:00.000Z',
};

const base = (side: string, to: string) => ({
  gameId: 'G-wel1',
  rulesetName: 'Victory in the Pacific',
  side,
  to,
  key: `G-wel1:${side}:${to}:welcome:3`,
  latestHash: 'a'.repeat(64),
  latestSeq: 3,
});

const welcome = (side: string, to: string, extra: Partial<Notice> = {}): Notice =>
  ({
    ...base(side, to),
    kind: 'welcome',
    seedAnchor: 'b'.repeat(64),
    boxHash: 'c'.repeat(64),
    boxSource: 'bundled',
    options: { 'task-forces': false },
    sides: [
      { side: 'japanese', player: JAPAN },
      { side: 'allied', player: ALLIES },
    ],
    needs,
    help:
      side === 'referee'
        ? 'As referee you may send FORCE, EXTEND 24h, NOTE <text>.'
        : 'PATROL <ship> TO <sea area>\nDefault: every ship stays in port.',
    view: { board: { summary: ['Japan holds Truk.'] } } as unknown as EngineView,
    secret: 'not-this-word',
    settings: { deadlineMinutes: 48 * 60, graceMinutes: 120, referee: true },
    ...extra,
  }) as Notice;

describe('welcome', () => {
  it("names the game, the side, the other sides and the referee, but nobody's address", () => {
    const mail = sent(welcome('allied', ALLIES));
    for (const part of [mail.text, mail.html ?? '']) {
      expect(part).not.toContain(JAPAN);
      expect(part).not.toContain(REFEREE);
      expect(part).not.toContain(ALLIES);
      expect(part).not.toContain('not-this-word');
    }
    expect(flat(mail.text)).toContain(flat('Welcome to game G-wel1 (Victory in the Pacific). You play allied.'));
    expect(flat(mail.text)).toContain(flat('Sides: japanese, allied (you).'));
    expect(mail.text).toMatch(/Referee: this game has a referee/);
    expect(flat(mail.text)).toContain(
      flat('Deadlines: each step stays open 2 days.\nGrace: orders that arrive late are still taken for 2 hours more.\nThen'),
    );
    expect(flat(mail.text)).toContain(flat('Deadline: Wed 25 Nov 2026 18:00 UTC'));
    // the allies are not asked now: no Japanese order card, and the subject says FYI
    expect(flat(mail.text)).toContain(
      flat('Nothing for now. Next step: Turn 1: Japanese patrol movement and repairs (5.21), awaited from japanese.'),
    );
    expect(flat(mail.text)).not.toContain(flat('PATROL <ship>'));
    expect(mail.subject).toBe('FYI G-wel1 allied t1: welcome, Japanese patrol movement and repairs');
    // how to answer: reply, or the SECRET line (the word is filled in at send time, never stored)
    expect(flat(mail.text)).toContain(flat('Reply to this mail (just press Reply)'));
    expect(mail.text).toMatch(/GAME G-wel1\n\s+SECRET \S+/);
    expect(composer.draft(welcome('allied', ALLIES)).payload.text).toContain(`SECRET ${secretMarker('allied')}`);
    // player commands only
    expect(flat(mail.text)).toContain(flat('PRESS text'));
    expect(mail.text).not.toMatch(/EXTEND|FORCE|Referee only/);
    expect(mail.html).not.toContain('FORCE');
    // not the report's layout
    expect(flat(mail.text)).not.toContain(flat('What happened'));
  });

  it('gives the side asked for orders its card and an ACTION subject', () => {
    const mail = sent(welcome('japanese', JAPAN));
    expect(mail.subject).toBe('ACTION G-wel1 japanese t1: welcome, Japanese patrol movement and repairs');
    expect(flat(mail.text)).toContain(flat('Your orders for: Turn 1: Japanese patrol movement and repairs (5.21)'));
    expect(flat(mail.text)).toContain(flat('  PATROL <ship> TO <sea area>\n  Default: every ship stays in port.'));
    expect(flat(mail.text)).not.toContain(flat(ALLIES));
    expect(parseSubject(`Re: ${mail.subject}`)).toEqual({ gameId: 'G-wel1', side: 'japanese', turn: 1, reply: true });
  });

  it("gives the referee the referee's commands, still without addresses; a game without referee says so", () => {
    const ref = sent(welcome('referee', REFEREE));
    expect(flat(ref.text)).toContain(flat('You are its referee.'));
    expect(ref.text).toMatch(/Referee only:\n\s+EXTEND/);
    expect(flat(ref.text)).not.toContain(flat(JAPAN));
    expect(flat(ref.text)).not.toContain(flat(ALLIES));
    expect(ref.subject).toBe('FYI G-wel1 referee t1: welcome, Japanese patrol movement and repairs');
    const alone = sent(welcome('allied', ALLIES, { settings: { deadlineMinutes: 90, referee: false } } as Partial<Notice>));
    expect(flat(alone.text)).toContain(flat('Referee: none'));
    expect(flat(alone.text)).toContain(flat('each step stays open 90 minutes.\nThen'));
    expect(flat(alone.text)).not.toContain(flat('Grace'));
  });

  it('omits what the notice does not know (settings, standing instructions, digest)', () => {
    const bare = sent(welcome('allied', ALLIES, { settings: undefined } as Partial<Notice>));
    expect(flat(bare.text)).not.toContain(flat('Deadlines:'));
    expect(flat(bare.text)).not.toContain(flat('Standing instructions'));
    expect(flat(bare.text)).not.toContain(flat('Digest'));
    const full = sent(welcome('allied', ALLIES, { standing: 'NIGHT\nRETREAT never', digest: 'action' } as Partial<Notice>));
    expect(flat(full.text)).toContain(flat('Standing instructions in force:\n  NIGHT\n  RETREAT never'));
    expect(flat(full.text)).toContain(
      flat('Digest: DIGEST ACTION: a mail when something is asked of you, and a report at the end of each turn.'),
    );
    expect(full.html).toContain('Digest: DIGEST ACTION');
  });
});

describe('refusal of orders', () => {
  const refusal = (ordersIn: boolean): Notice => ({
    ...base('japanese', JAPAN),
    key: 'G-wel1:japanese:rejection:4',
    kind: 'rejection',
    summary: '2 problems in your orders',
    problems: [
      { line: 1, text: 'PATROL Yamoto TO Coral Sea', problem: 'no ship Yamoto' },
      { line: 2, text: 'PATROL Akagi TO Moon', problem: 'no sea area Moon' },
    ],
    help: 'PATROL <ship> TO <sea area>',
    needs: ordersIn ? { ...needs, awaiting: [] } : needs,
    ordersIn,
  });

  it('says, after the problems, that nothing changed and which orders stand, then the deadline', () => {
    const mail = sent(refusal(true));
    const t = flat(mail.text);
    const stand = t.indexOf('Nothing was changed; your earlier orders for Turn 1: Japanese patrol movement and repairs (5.21) stand.');
    expect(stand).toBeGreaterThan(t.indexOf('no sea area Moon'));
    expect(t.indexOf('Deadline: Wed 25 Nov 2026 18:00 UTC')).toBeGreaterThan(stand);
    expect(t.indexOf('What would be right')).toBeGreaterThan(stand);
    expect(mail.html).toContain('Nothing was changed; your earlier orders for');
    // orders in: nothing more is asked now
    expect(mail.subject).toBe('FYI G-wel1 japanese t1: refused, Japanese patrol movement and repairs');
  });

  it('says there are no orders in when there are none, and asks for them', () => {
    const mail = sent(refusal(false));
    expect(flat(mail.text)).toContain(
      flat('Nothing was changed; you have no orders in for Turn 1: Japanese patrol movement and repairs (5.21).'),
    );
    expect(flat(mail.text)).not.toContain(flat('earlier orders'));
    expect(mail.subject).toBe('ACTION G-wel1 japanese t1: refused, Japanese patrol movement and repairs');
  });

  it('leaves other refusals (PRESS, referee commands) as they were', () => {
    const mail = sent({ ...base('japanese', JAPAN), kind: 'rejection', summary: 'PRESS: no text', problems: [], hint: 'PRESS <text>' });
    expect(flat(mail.text)).not.toContain(flat('Nothing was changed;'));
    expect(mail.subject).toBe('FYI G-wel1 japanese: refused');
  });
});

describe('subjects', () => {
  const renderer = new MailRenderer();
  const long = 'Indonesia surprise air raid, round 2: Japanese targets among the Allied ships at Soerabaja and Batavia (18.4)';
  const ctx = {
    gameId: 'G-a-rather-long-game-id-2026',
    gameName: 'Victory in the Pacific',
    side: 'japanese',
    turn: 12,
    step: { id: 't12/x', title: `Turn 12: ${long}` },
  };
  const samples: { [K in TemplateName]: TemplateDataMap[K] } = {
    acknowledgment: { ...ctx, receivedAt: '2026-11-23T10:00:00Z', headline: 'Taken.', sections: [], awaiting: [] },
    rejection: { ...ctx, problem: 'x', attention: 'action' },
    report: {
      ...ctx,
      knowledge: [],
      narrative: [],
      dice: { anchor: 'a', revealedSeeds: [] },
      latestEventHash: 'h',
      latestEventSeq: 42,
      next: { what: long, awaiting: ['japanese'] },
    },
    welcome: {
      ...ctx,
      sides: [{ side: 'japanese', you: true }],
      referee: false,
      options: [],
      box: { source: 'bundled', hash: 'h' },
      secret: 'S',
      card: { what: long, yours: true, awaiting: ['japanese'], lines: [] },
      seedAnchor: 'a',
    },
    help: { ...ctx, umpireAddress: 'umpire@umpire.test' },
    status: { ...ctx, awaiting: [], received: [], players: [] },
    reminder: { ...ctx, deadline: '2026-11-23T10:00:00Z' },
    deadline: { ...ctx, headline: 'late: allied', lines: [], awaiting: [] },
    confirmation: { ...ctx, side: null, command: 'EXTEND TO 2026-11-23T18:00Z', done: [], awaiting: [] },
    press: { ...ctx, from: 'allied', to: ['japanese'], copy: false, lines: [], seq: 1 },
    history: { ...ctx, summary: 's', entries: [] },
  };

  it.each(Object.keys(samples) as TemplateName[])('%s: under 80 characters, and a reply to it is read back', (name) => {
    const { subject } = renderer.render(name, samples[name] as never);
    expect(subject.length).toBeLessThanOrEqual(MAX_SUBJECT);
    expect(subject).toMatch(/^(ACTION|FYI|GAME OVER) G-a-rather-long-game-id-2026 (japanese|referee) t12: /);
    expect(subject.endsWith('…')).toBe(true);
    expect(parseSubject(`Re: ${subject}`)).toEqual({
      gameId: 'G-a-rather-long-game-id-2026',
      side: name === 'confirmation' ? 'referee' : 'japanese',
      turn: 12,
      reply: true,
    });
  });

  it('starts with ACTION when the mail asks for orders now, FYI when not, GAME OVER at the end', () => {
    const word = <K extends TemplateName>(name: K, data: TemplateDataMap[K]) => renderer.render(name, data).subject.split(' G-')[0];
    const report = samples.report;
    expect(word('report', report)).toBe('ACTION');
    expect(word('report', { ...report, next: { what: 'x', awaiting: ['allied'] } })).toBe('FYI');
    expect(word('report', { ...report, side: null })).toBe('FYI');
    expect(word('report', { ...report, next: null, step: undefined, attention: 'over' })).toBe('GAME OVER');
    expect(renderer.render('report', { ...report, next: null, step: undefined, attention: 'over' }).subject).toBe(
      'GAME OVER G-a-rather-long-game-id-2026 japanese t12: final report',
    );
    expect(word('reminder', samples.reminder)).toBe('ACTION');
    expect(word('welcome', samples.welcome)).toBe('ACTION');
    expect(word('welcome', { ...samples.welcome, card: { ...samples.welcome.card!, yours: false } })).toBe('FYI');
    for (const name of ['acknowledgment', 'help', 'status', 'confirmation', 'press', 'history'] as const)
      expect(word(name, samples[name] as never)).toBe('FYI');
  });

  it('still reads the older subjects', () => {
    expect(parseSubject('Re: [umpire G-abc123] report japanese turn 3: Turn 3: Patrol movement (5.2)')).toEqual({
      gameId: 'G-abc123',
      side: 'japanese',
      turn: 3,
      reply: true,
    });
    expect(parseSubject('Re: ACTION G-abc123 japanese t3: Patrol move')).toEqual({
      gameId: 'G-abc123',
      side: 'japanese',
      turn: 3,
      reply: true,
    });
    expect(parseSubject('AW: FYI G-abc123 referee: status')).toEqual({ gameId: 'G-abc123', side: 'referee', reply: true });
    expect(parseSubject('Re: GAME OVER G-abc123 allied t9: final report')).toEqual({
      gameId: 'G-abc123',
      side: 'allied',
      turn: 9,
      reply: true,
    });
  });
});
