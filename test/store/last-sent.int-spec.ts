/**
 * Issues 29 and 33: what each viewer at each address of a game was last sent: the event its last
 * report or welcome reached (the digest's story starts after it) and the last board picture (a
 * report of the same board leaves it out). The game's ReportsSent events record it and the game's
 * service state folds it; a log begun before reports were recorded has it read back from its outbox.
 */
import { evolveSent, lastSentIn, lastSentKey, type ReportSent } from '../../src/services/reports-sent';
import { insertOutbox, type OutboxDraft } from '../../src/store/outbox';
import { SentReports } from '../../src/store/reports';
import { freshDatabase, type TestDatabase } from '../support/db';

const picture = (hash: string, seq: number) => ({ hash, step: `step ${seq}` });

describe('what each recipient was last sent', () => {
  it('Given rounds of ReportsSent with and without pictures, Then each viewer and address has the event of its last round and its last picture', () => {
    const sent = (side: string, to: string, kind: ReportSent['kind'], hash?: string): ReportSent => ({
      key: `k-${side}-${to}-${kind}-${hash ?? ''}`,
      kind,
      side,
      to,
      ...(hash ? { picture: picture(hash, 0) } : {}),
    });
    let state = evolveSent(
      undefined,
      { reports: [sent('red', 'Red@x.test', 'welcome', 'h-start'), sent('blue', 'blue@x.test', 'welcome', 'h-start')] },
      3,
    );
    state = evolveSent(state, { reports: [sent('red', 'red@x.test', 'report', 'h-moved')] }, 7);
    // the board unchanged: no picture in this one, so the last picture is still the one before
    state = evolveSent(state, { reports: [sent('red', 'red@x.test', 'report'), sent('referee', 'red@x.test', 'report', 'h-all')] }, 9);
    expect(state.seq).toBe(9);
    expect(state.last[lastSentKey('red', 'RED@x.test')]).toEqual({ seq: 9, picture: picture('h-moved', 0) });
    expect(state.last[lastSentKey('blue', 'blue@x.test')]).toEqual({ seq: 3, picture: picture('h-start', 0) });
    // one address serving two seats: each seat's mail apart
    expect(state.last[lastSentKey('referee', 'red@x.test')]).toEqual({ seq: 9, picture: picture('h-all', 0) });
    expect(Object.keys(state.last)).toHaveLength(3);
  });

  describe('a log begun before reports were recorded', () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await freshDatabase('last-sent');
    });
    afterAll(() => t.drop());

    const mail = (gameId: string, viewer: string, to: string, kind: string, seq: number, hash?: string): OutboxDraft => ({
      idempotencyKey: `${gameId}:${viewer}:${to}:${kind}:${seq}`,
      gameId,
      eventSeq: seq,
      recipient: to,
      kind,
      payload: { to, subject: `FYI ${gameId} ${viewer} t${seq}: ${kind}`, text: '' },
      ...(hash ? { picture: picture(hash, seq) } : {}),
    });

    it('Given only its outbox rows, Then they are read back as they were recorded: viewer, address, event, turn, picture', async () => {
      await insertOutbox(t.db, [
        mail('G-last', 'red', 'Red@x.test', 'welcome', 3, 'h-start'),
        mail('G-last', 'red', 'red@x.test', 'report', 7, 'h-moved'),
        mail('G-last', 'red', 'red@x.test', 'report', 9),
        mail('G-last', 'blue', 'blue@x.test', 'welcome', 3, 'h-start'),
        mail('G-last', 'referee', 'red@x.test', 'report', 9, 'h-all'),
        mail('G-last', 'red', 'red@x.test', 'ack', 10),
        mail('G-other', 'red', 'red@x.test', 'report', 12, 'h-other'),
      ]);
      const reports = new SentReports();
      const earlier = await reports.unrecorded(t.db, 'G-last');
      expect(earlier.map((r) => [r.side, r.kind, r.turn, r.seq])).toEqual([
        ['red', 'welcome', 3, 3],
        ['red', 'report', 7, 7],
        ['red', 'report', 9, 9],
        ['blue', 'welcome', 3, 3],
        ['referee', 'report', 9, 9],
      ]);
      const sent = await lastSentIn(reports, t.db, 'G-last', undefined);
      expect(sent.last[lastSentKey('red', 'RED@x.test')]).toEqual({ seq: 9, picture: picture('h-moved', 7) });
      expect(sent.last[lastSentKey('blue', 'blue@x.test')]).toEqual({ seq: 3, picture: picture('h-start', 3) });
      expect(sent.last[lastSentKey('referee', 'red@x.test')]).toEqual({ seq: 9, picture: picture('h-all', 9) });
      expect(sent.seq).toBe(9);
    });
  });
});
