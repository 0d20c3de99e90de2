/**
 * Issue 15: lines after the orders that are no order are named in the acknowledgment, not refused.
 * Issue 24 ("every line set aside is listed"): each with why, in the acknowledgment and in the
 * refusal alike, and the part of the mail the orders were read from when not its text.
 */
import { MailAtRest } from '../../src/mail/at-rest';
import { MailComposer } from '../../src/mail/composer';
import type { Notice } from '../../src/mail/notices';
import { flat } from '../support/text';

describe('acknowledgment of orders with lines set aside', () => {
  const secret = 'k'.repeat(32);
  const composer = new MailComposer({ domain: 'umpire.test', umpireAddress: 'umpire@umpire.test', secret });
  /** the mail as sent (the outbox stores bodies sealed) */
  const sent = (n: Notice) => new MailAtRest(secret).open(composer.draft(n));
  const ack = (ignored?: { line: number; text: string; why?: string }[], source?: string): Notice => ({
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
    ...(source ? { source } : {}),
  });

  it('lists each ignored line with its number, in the text and the HTML', () => {
    const payload = sent(ack([{ line: 4, text: 'Kenji' }]));
    expect(payload.text).toMatch(/line 4: Kenji\n\s+set aside, not read: not an order/);
    expect(payload.html).toContain('set aside, not read: not an order');
  });

  it('issue 24, every line set aside is listed: the acknowledgment gives each line its reason', () => {
    const payload = sent(
      ack([
        { line: 1, text: 'Hi,', why: 'not an order (above the first order)' },
        { line: 5, text: 'Kenji', why: 'not an order (below the last order, read as a signature)' },
      ]),
    );
    expect(payload.text).toMatch(/line 1: Hi,\n\s+set aside, not read: not an order \(above the first order\)/);
    expect(payload.text).toMatch(/line 5: Kenji\n\s+set aside, not read: not an order \(below the last order/);
    expect(payload.html).toContain('not an order (above the first order)');
  });

  it('issue 24, orders in an attached file: the acknowledgment says which part they were read from', () => {
    const payload = sent(ack(undefined, 'the attached file "orders.txt"'));
    expect(flat(payload.text)).toContain(flat('They were read from the attached file "orders.txt": the mail\'s text held no orders.'));
    expect(payload.html).toContain('orders.txt');
  });

  it('issue 24, every line set aside is listed: the refusal lists them too, with why', () => {
    const refusal: Notice = {
      kind: 'rejection',
      gameId: 'G-ack1',
      rulesetName: 'Victory in the Pacific',
      side: 'japanese',
      to: 'kenji@example.jp',
      key: 'rejection:mail x',
      latestHash: 'a'.repeat(64),
      latestSeq: 7,
      summary: 'line 2: unknown unit "Akgi"',
      problems: [{ line: 2, text: 'PATROL Akgi TO Coral Sea', problem: 'unknown unit "Akgi"' }],
      setAside: [{ line: 1, text: 'My orders for this turn:', why: 'not an order (above the first order)' }],
      source: 'the attached file "orders.txt"',
    };
    const payload = sent(refusal);
    expect(payload.text).toMatch(
      /Lines set aside, not read as orders:\n {2}line 1: My orders for this turn:\n {4}set aside, not read: not an order \(above the first order\)/,
    );
    expect(flat(payload.text)).toContain(flat('The orders were read from the attached file "orders.txt"'));
    expect(payload.html).toContain('Lines set aside, not read as orders');
    expect(payload.html).toContain('My orders for this turn:');
  });

  it('says nothing of ignored lines when there were none', () => {
    expect(flat(sent(ack()).text)).not.toContain(flat('ignored'));
  });
});
