/**
 * Issue 10 item 4: the acknowledgment of a mail with orders for several steps shows, step by step,
 * the orders as understood (canonical form), where each goes (the step in play, resolved at once or
 * not; each step to come by its title, sealed until then) and the standing instructions in force.
 */
import { MailAtRest } from '../../src/mail/at-rest';
import { MailComposer } from '../../src/mail/composer';
import type { Notice } from '../../src/mail/notices';

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

  it('shows each step: the one in play resolved at once, the one to come by title with its orders', () => {
    const { text, html } = sent(ack({ inForce: 'STANDING INVADE ALL' }));
    expect(text).toMatch(/PATROL akagi TO Coral Sea\s+=> for Turn 2: Japanese patrol movement and repairs \(5\.21\): resolved at once/);
    expect(text).toMatch(/FOR t2\/raiders\/japanese\s+=> Turn 2: Japanese raider movement \(5\.24\): queued, sealed until that step/);
    expect(text).toMatch(/RAID kaga TO Indonesia\s+=> for Turn 2: Japanese raider movement \(5\.24\), when it comes/);
    expect(text).toMatch(/RAID hiei TO Coral Sea\s+=> for Turn 2: Japanese raider movement/);
    expect(text).toMatch(/STANDING INVADE ALL\s+=> standing instruction in force/);
    expect(html).toContain('resolved at once');
  });

  it('says nothing of resolution or instructions in force when there is none', () => {
    const { text } = sent(ack({ resolved: false, queued: [] }));
    expect(text).not.toContain('resolved at once');
    expect(text).not.toContain('in force');
  });

  it('names every option on in the heading, a relaxing one with the rule it departs from', () => {
    const on = [
      'air-in-groups: Relaxed for play by mail: each side places all its land-based air in one order (departs from 5.22 and 12.11)',
    ];
    const { text, html } = sent(ack({ optionsOn: on }));
    expect(text.split('\n').slice(0, 4).join('\n')).toContain(`Option on: ${on[0]}`);
    expect(html).toContain('departs from 5.22 and 12.11');
    expect(sent(ack({})).text).not.toContain('Option on');
  });
});
