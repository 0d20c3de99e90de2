/**
 * Issue 10 item 4: the acknowledgment of a mail with orders for several steps shows, step by step,
 * the orders as understood (canonical form), where each goes (the step in play, resolved at once or
 * not; each step to come by its FOR word and title, sealed until then). Issue 28: it is short, and
 * names standing instructions only when the mail changed them, and a FOR section refused as it arrived.
 */
import { MailAtRest } from '../../src/mail/at-rest';
import { MailComposer } from '../../src/mail/composer';
import type { Notice } from '../../src/mail/notices';
import { flat } from '../support/text';

describe('acknowledgment of a multi-step mail', () => {
  const secret = 'k'.repeat(32);
  const composer = new MailComposer({ domain: 'umpire.test', umpireAddress: 'umpire@umpire.test', secret });
  const sent = (n: Notice) => new MailAtRest(secret).open(composer.draft(n));
  const needs = {
    stepId: 't2/patrol/japanese',
    turn: 2,
    title: 'Turn 2: Japanese patrol movement and repairs (5.21)',
    awaiting: [],
    deadline: null,
  };
  const ack = (over: Partial<Extract<Notice, { kind: 'ack' }>>): Notice => ({
    kind: 'ack',
    gameId: 'G-ack2',
    rulesetName: 'Victory in the Pacific',
    side: 'japanese',
    to: 'kenji@example.jp',
    key: 'ack:t2',
    latestHash: 'a'.repeat(64),
    latestSeq: 9,
    ordersText: 'PATROL akagi TO Coral Sea',
    commitment: null,
    standing: null,
    needs: needs as never,
    resolved: true,
    queued: [
      {
        stepId: 't2/raiders/japanese',
        commitment: 'c'.repeat(64),
        title: 'Turn 2: Japanese raider movement (5.24)',
        orders: 'RAID kaga TO Indonesia\nRAID hiei TO Coral Sea',
      },
    ],
    ...over,
  });

  it('shows each step: the one in play resolved at once, the one to come by its FOR word and title with its orders', () => {
    const queued = {
      stepId: 't2/raiders/japanese',
      commitment: 'c'.repeat(64),
      title: 'Turn 2: Japanese raider movement (5.24)',
      forWord: 'RAIDERS',
      orders: 'RAID kaga TO Indonesia\nRAID hiei TO Coral Sea',
    };
    const { text, html } = sent(ack({ queued: [queued] }));
    expect(text).toMatch(/Turn 2: Japanese patrol movement and repairs \(5\.21\): resolved at\s+once\n\s+1\. PATROL akagi TO Coral Sea/);
    expect(flat(text)).toMatch(/FOR RAIDERS: Turn 2: Japanese raider movement \(5\.24\): sealed until that step comes/);
    expect(text).toMatch(/1\. RAID kaga TO Indonesia\n\s+2\. RAID hiei TO Coral Sea/);
    expect(html).toContain('resolved at once');
  });

  it('issue 28, short acknowledgments: standing instructions only when the mail changed them', () => {
    const unchanged = sent(ack({ standing: 'STANDING INVADE ALL', standingChanged: { added: [], removed: [] } })).text;
    expect(unchanged).not.toContain('STANDING');
    const changed = sent(
      ack({
        standing: 'STANDING RETREAT NEVER',
        standingChanged: { added: ['STANDING RETREAT NEVER'], removed: ['STANDING RETREAT WHEN OUTGUNNED'] },
      }),
    ).text;
    expect(changed).toMatch(
      /Standing instructions changed:\n\s+now:\s+STANDING RETREAT NEVER\n\s+no longer:\s+STANDING RETREAT WHEN OUTGUNNED/,
    );
  });

  it('issue 28: a FOR section refused as it arrived is listed with every problem and what to do; the rest stands', () => {
    const { text } = sent(
      ack({
        refusedAhead: [
          {
            stepId: 't2/raiders/japanese',
            title: 'Turn 2: Japanese raider movement (5.24)',
            forWord: 'RAIDERS',
            errors: [{ line: 4, text: 'RAID Yamato TO Marianas Islands', problem: 'Yamato: is not white side up (6.12)', rule: '6.12' }],
          },
        ],
      }),
    );
    expect(text).toMatch(/Refused as it arrived \(the rest of your mail stands\):\nFOR RAIDERS: Turn 2: Japanese raider movement/);
    expect(text).toContain('line 4: RAID Yamato TO Marianas Islands');
    expect(text).toMatch(/send a corrected FOR RAIDERS/);
  });

  it('says nothing of resolution or instructions when there is none', () => {
    const { text } = sent(ack({ resolved: false, queued: [] }));
    expect(text).not.toContain('resolved at once');
    expect(text).not.toContain('STANDING');
  });

  it('names every option on in the heading, a relaxing one with the rule it departs from', () => {
    const on = [
      'air-in-groups: Relaxed for play by mail: each side places all its land-based air in one order (departs from 5.22 and 12.11)',
    ];
    const { text, html } = sent(ack({ optionsOn: on }));
    // in the heading, before anything else the mail says
    expect(flat(text).indexOf(`Option on: ${on[0]}`)).toBeGreaterThan(-1);
    expect(flat(text).indexOf(`Option on: ${on[0]}`)).toBeLessThan(flat(text).indexOf('Taken:'));
    expect(html).toContain('departs from 5.22 and 12.11');
    expect(sent(ack({})).text).not.toContain('Option on');
  });
});
