/**
 * Issue 33: what each viewer at each address of a game was last sent, read in one statement for a
 * whole batch of reports: the event sequence of the last report or welcome (the digest's story
 * starts after it) and the last board picture (a report of the same board leaves it out).
 */
import { insertOutbox, type OutboxDraft } from '../../src/store/outbox';
import { lastSentKey, SentReports } from '../../src/store/reports';
import { freshDatabase, type TestDatabase } from '../support/db';

describe('SentReports.lastSent', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await freshDatabase('last-sent');
  });
  afterAll(() => t.drop());

  const mail = (gameId: string, viewer: string, to: string, kind: string, seq: number, picture?: string): OutboxDraft => ({
    idempotencyKey: `${gameId}:${viewer}:${to}:${kind}:${seq}`,
    gameId,
    eventSeq: seq,
    recipient: to,
    kind,
    payload: { to, subject: `${kind} ${seq}`, text: '' },
    ...(picture ? { picture: { hash: picture, step: `step ${seq}` } } : {}),
  });

  it('Given reports with and without pictures, Then each viewer and address has its last sequence and its last picture', async () => {
    await insertOutbox(t.db, [
      mail('G-last', 'red', 'Red@x.test', 'welcome', 3, 'h-start'),
      mail('G-last', 'red', 'red@x.test', 'report', 7, 'h-moved'),
      // the board unchanged: no picture in this one, so the last picture is still the one before
      mail('G-last', 'red', 'red@x.test', 'report', 9),
      mail('G-last', 'blue', 'blue@x.test', 'welcome', 3, 'h-start'),
      mail('G-last', 'referee', 'red@x.test', 'report', 9, 'h-all'),
      mail('G-last', 'red', 'red@x.test', 'ack', 10),
      mail('G-other', 'red', 'red@x.test', 'report', 12, 'h-other'),
    ]);
    const sent = await new SentReports(t.db).lastSent(t.db, 'G-last');
    expect(sent.get(lastSentKey('red', 'RED@x.test'))).toEqual({ seq: 9, picture: { hash: 'h-moved', step: 'step 7' } });
    expect(sent.get(lastSentKey('blue', 'blue@x.test'))).toEqual({ seq: 3, picture: { hash: 'h-start', step: 'step 3' } });
    // one address serving two seats: each seat's mail apart
    expect(sent.get(lastSentKey('referee', 'red@x.test'))).toEqual({ seq: 9, picture: { hash: 'h-all', step: 'step 9' } });
    expect(sent.size).toBe(3);
  });
});
