import { payloadOf } from '../../src/services/service-events';
import { lastSentIn, lastSentKey } from '../../src/services/reports-sent';
import { EventStore } from '../../src/store/event-store';
import { SentReports } from '../../src/store/reports';
import { type ServiceHarness, applyCommand, DUEL_SIDES, startServices, stopServices } from '../support/services';

/**
 * Issue 29: a game's reports are a fact in its log (ReportsSent). A game begun before that has
 * none: its reports are read back from its outbox until its next round of reports, whose
 * ReportsSent takes the earlier ones first; from then on its log says everything it was sent.
 */
describe('a game begun before reports were recorded', () => {
  let before: ServiceHarness;
  let after: ServiceHarness;
  const gameId = 'G-older';
  const round = async (h: ServiceHarness, n: number) => {
    for (const [side, text] of [
      ['red', 'MOVE center'],
      ['blue', 'MOVE north'],
    ])
      expect((await applyCommand(h.s, gameId, `${side}-${n}`, 'game.orders', { gameId, side, text, via: 'test' })).status).toBe('applied');
  };
  const resendAll = async (n: number) =>
    applyCommand(after.s, gameId, `resend-${n}`, 'game.resend', {
      gameId,
      side: 'red',
      which: 'all',
      referee: 'ref@club.test',
      reason: 'test',
    });

  beforeAll(async () => {
    // given a game played a turn (welcome and a round of reports), copied as an older umpire left
    // it: its log without ReportsSent, its outbox, registry row and sealed seed secret as they were
    before = await startServices('legacy-before');
    after = await startServices('legacy-after');
    expect(
      (await applyCommand(before.s, gameId, 'create', 'game.create', { gameId, ruleset: 'fleet-duel', sides: DUEL_SIDES })).status,
    ).toBe('applied');
    await round(before, 1);
    const log = (await before.s.events.read(gameId)).filter((e) => e.type !== 'ReportsSent');
    await new EventStore(after.t.db).append(
      gameId,
      0,
      log.map((e) => ({ type: e.type, payload: e.payload, metadata: e.metadata, recordedAt: e.recordedAt })),
    );
    for (const table of ['games', 'game_secrets', 'outbox']) {
      const rows = await before.t.db.query<Record<string, unknown>>(`SELECT * FROM ${table}${table === 'outbox' ? ' ORDER BY id' : ''}`);
      for (const row of rows) {
        // the outbox's ids anew, in the same order (the database's sequence hands out the next ones)
        const columns = Object.keys(row).filter((c) => !(table === 'outbox' && c === 'id'));
        await after.t.db.query(
          `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
          columns.map((c) =>
            row[c] !== null && typeof row[c] === 'object' && !(row[c] instanceof Date) ? JSON.stringify(row[c]) : row[c],
          ),
        );
      }
    }
  });
  afterAll(async () => {
    await stopServices(before);
    await stopServices(after);
  });

  it('reads its reports back from its outbox, then records them first in its next round', async () => {
    // then RESEND finds the welcome and the report in its outbox
    const older = await resendAll(1);
    expect(older.status).toBe('applied');
    const subjects = (older.result as { subjects: string[] }).subjects;
    expect(subjects).toHaveLength(2);
    expect(subjects[0]).toMatch(/welcome/);
    const game = await after.s.games.load(gameId);
    expect(game.service.sent).toBeUndefined();
    const asRead = await lastSentIn(new SentReports(), after.t.db, gameId, undefined);

    // when a round of reports goes out, its ReportsSent takes the earlier ones first (as they were: turn, event, picture)
    await round(after, 2);
    const facts = (await after.s.events.read(gameId)).filter((e) => e.type === 'ReportsSent');
    expect(facts).toHaveLength(1);
    const reports = payloadOf(facts[0], 'ReportsSent')!.reports;
    const earlier = reports.filter((r) => r.seq !== undefined);
    expect(earlier.map((r) => `${r.kind}:${r.side}`)).toEqual(['welcome:red', 'welcome:blue', 'report:red', 'report:blue']);
    expect(reports.length - earlier.length).toBe(2);
    // and the fold knows what the outbox said of them, and of the new round
    const folded = (await after.s.games.load(gameId)).service.sent!;
    expect(folded.seq).toBe(facts[0].seq);
    for (const side of ['red', 'blue']) {
      const key = lastSentKey(side, `${side}@players.test`);
      expect(folded.last[key].seq).toBe(facts[0].seq);
      expect(asRead.last[key].seq).toBeLessThan(facts[0].seq);
    }
    // then RESEND reads the fact: the same two, and the new report
    const recorded = await resendAll(2);
    expect((recorded.result as { subjects: string[] }).subjects.slice(0, 2)).toEqual(subjects);
    expect((recorded.result as { subjects: string[] }).subjects).toHaveLength(3);
  });
});
