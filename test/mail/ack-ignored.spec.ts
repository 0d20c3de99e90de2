/** Issue 15: lines after the orders that are no order are named in the acknowledgment, not refused. */
import { MailAtRest } from '../../src/mail/at-rest';
import { MailComposer } from '../../src/mail/composer';
import type { Notice } from '../../src/mail/notices';

describe('acknowledgment of orders with lines set aside', () => {
  const secret = 'k'.repeat(32);
  const composer = new MailComposer({ domain: 'umpire.test', umpireAddress: 'umpire@umpire.test', secret });
  /** the mail as sent (the outbox stores bodies sealed) */
  const sent = (n: Notice) => new MailAtRest(secret).open(composer.draft(n));
  const ack = (ignored?: { line: number; text: string }[]): Notice => ({
    kind: 'ack',
    gameId: 'G-ack1',
    rulesetName: 'Victory in the Pacific',
    side: 'japanese',
    to: 'kenji@example.jp',
    key: 'ack:t3',
    latestHash: 'a'.repeat(64),
    latestSeq: 7,
    ordersText: 'PATROL Akagi TO Coral Sea',
    commitment: null,
    standing: null,
    needs: null,
    resolved: false,
    queued: [],
    ...(ignored ? { ignored } : {}),
  });

  it('lists each ignored line with its number, in the text and the HTML', () => {
    const payload = sent(ack([{ line: 4, text: 'Kenji' }]));
    expect(payload.text).toMatch(/4\. Kenji\s+=> ignored: not an order/);
    expect(payload.html).toContain('ignored: not an order');
  });

  it('says nothing of ignored lines when there were none', () => {
    expect(sent(ack()).text).not.toContain('ignored');
  });
});
