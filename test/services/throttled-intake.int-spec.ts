/**
 * Issue 24, "Throttled is not failed": a side over its mail allowance waits, and its mail is read
 * when the allowance returns, in the order it arrived, none of it quarantined. On real PostgreSQL
 * and Redis, with the real mail.ingest jobs (delayed ones included) run by BullMQ workers.
 */
import { JobName } from '../../src/queue/jobs';
import type { Services } from '../../src/services/container';
import { DUEL_SIDES, type ServiceHarness, startServices, stopServices } from '../support/services';

const mail = (id: string, from: string, to: string, body: string) =>
  Buffer.from([`From: ${from}`, `To: ${to}`, 'Subject: orders', `Message-ID: <${id}@players.test>`, '', body, ''].join('\r\n'));

async function createGame(s: Services, gameId: string): Promise<void> {
  await s.bus.submit(gameId, `create:${gameId}`, 'game.create', { gameId, ruleset: 'fleet-duel', sides: DUEL_SIDES });
  await s.inbox.drain(gameId, s.bus.apply);
}

describe('issue 24: throttled is not failed (ingest under a spent allowance)', () => {
  let h: ServiceHarness;
  let s: Services;

  beforeAll(async () => {
    // a burst of 1, then one mail every 3 s: slow enough to act between refills
    h = await startServices('throttled-calls', { THROTTLE_BURST: '1', THROTTLE_PER_HOUR: '1200' });
    s = h.s;
    await createGame(s, 'G-wait');
  });
  afterAll(() => stopServices(h));

  const reply = (side = 'red') => s.composer.replyAddressFor('G-wait', side, `${side}@players.test`);
  const status = async (id: string) => (await s.inbound.get(id))!;

  it('issue 24 throttled-not-failed: throttled passes count no attempt, and a later mail never overtakes an earlier throttled one', async () => {
    const ids: string[] = [];
    for (const n of [1, 2, 3]) ids.push((await s.inbound.receive('test', mail(`wait-${n}`, 'red@players.test', reply(), 'STATUS'))).id);
    expect((await s.ingest.ingest(ids[0])).status).toBe('processed');
    // the allowance is spent: mail 2 waits, as often as its job comes round, and is never failed for it
    for (let i = 0; i < 8; i++) expect((await s.ingest.ingest(ids[1])).status).toBe('throttled');
    expect(await status(ids[1])).toMatchObject({ status: 'throttled', attempts: 0 });

    // the allowance returns; mail 3's (fresh) job runs before mail 2's delayed one: it must wait behind mail 2
    await new Promise((r) => setTimeout(r, 3200));
    const third = await s.ingest.ingest(ids[2]);
    expect(third.status).toBe('throttled');
    expect(await status(ids[2])).toMatchObject({ status: 'throttled', attempts: 0 });
    expect((await s.ingest.ingest(ids[1])).status).toBe('processed');
    await new Promise((r) => setTimeout(r, 3200));
    expect((await s.ingest.ingest(ids[2])).status).toBe('processed');

    const replies = (await s.outbox.byRecipient('red@players.test')).filter((r) => r.kind === 'status');
    expect(replies.map((r) => r.idempotencyKey.match(/wait-\d/)?.[0])).toEqual(['wait-1', 'wait-2', 'wait-3']);
    for (const id of ids) expect(await status(id)).toMatchObject({ status: 'processed' });
    // blue (another bucket) was never held up by red's queue
    const blue = await s.inbound.receive('test', mail('wait-blue', 'blue@players.test', reply('blue'), 'STATUS'));
    expect((await s.ingest.ingest(blue.id)).status).toBe('processed');
  }, 30_000);
});

describe('issue 24: throttled is not failed (40 mails through the workers)', () => {
  let h: ServiceHarness;
  let s: Services;
  const handled: string[] = [];
  // a mail whose reading is held (a slow read) until `release`: what is behind it must wait
  let held: { id: string; release: Promise<void> } | null = null;

  beforeAll(async () => {
    // a burst of 2, then 10 mails a second
    h = await startServices('throttled-workers', { THROTTLE_BURST: '2', THROTTLE_PER_HOUR: String(10 * 3600) });
    s = h.s;
    await createGame(s, 'G-flood');
    // the order in which messages are marked handled (before the next in line is woken)
    const mark = s.inbound.markDone.bind(s.inbound);
    jest.spyOn(s.inbound, 'markDone').mockImplementation(async (id, status, gameId, result) => {
      if (id === held?.id && status === 'processed') await held.release;
      const next = await mark(id, status, gameId, result);
      if (status === 'processed') handled.push(id);
      return next;
    });
    s.jobs.startWorkers({
      [JobName.IngestMail]: ({ inboundId }) => s.ingest.ingest(inboundId),
      [JobName.ProcessGame]: async () => undefined,
      [JobName.DispatchOutbox]: async () => undefined,
      [JobName.SweepStuck]: async () => undefined,
      [JobName.GameDeadline]: async () => undefined,
      [JobName.GameReminder]: async () => undefined,
    });
  });
  afterAll(() => stopServices(h));

  it('issue 24 throttled-not-failed: 10 PRESS and 30 STATUS mails over a small allowance are all handled, in arrival order, none quarantined', async () => {
    const reply = s.composer.replyAddressFor('G-flood', 'red', 'red@players.test');
    // the burst spent through the running workers first, until a mail of red's waits; its reading is
    // then held until the whole flood below has come in, so every flood mail meets a line (a mail
    // ahead of it waiting or being read) whichever of their jobs runs first
    let release = () => {};
    for (let n = 0; ; n++) {
      const { id } = await s.inbound.receive('test', mail(`head-${n}`, 'red@players.test', reply, 'STATUS'));
      let row = await s.inbound.get(id);
      while (row?.status === 'stored') row = await new Promise((r) => setTimeout(r, 5)).then(() => s.inbound.get(id));
      if (row?.status === 'throttled') {
        held = { id, release: new Promise<void>((r) => (release = r)) };
        break;
      }
    }
    handled.length = 0;
    const arrived: { id: string; name: string; kind: 'PRESS' | 'STATUS' }[] = [];
    for (let i = 0; i < 40; i++) {
      const kind = i % 4 === 1 ? 'PRESS' : 'STATUS';
      const name = `flood-${String(i).padStart(2, '0')}`;
      const { id } = await s.inbound.receive(
        'test',
        mail(name, 'red@players.test', reply, kind === 'PRESS' ? `PRESS news ${i}` : 'STATUS'),
      );
      arrived.push({ id, name, kind });
    }
    type Row = { id: string; status: string; attempts: number; waits: number };
    const flood = async () =>
      h.t.db.query<Row>(
        `SELECT id::text AS id, status, attempts, throttle_waits AS waits FROM inbound_messages WHERE message_id LIKE 'flood-%' ORDER BY inbound_messages.id`,
      );
    const inLine = Date.now() + 20_000;
    while ((await flood()).some((r) => r.waits === 0) && Date.now() < inLine) await new Promise((r) => setTimeout(r, 50));
    release();
    const deadline = Date.now() + 45_000;
    let rows: Row[] = [];
    for (;;) {
      rows = await flood();
      if (rows.every((r) => !['stored', 'throttled'].includes(r.status)) || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(rows.map((r) => r.status)).toEqual(arrived.map(() => 'processed'));
    expect(rows.filter((r) => r.attempts > 1)).toEqual([]);
    // every one of them waited its turn, and none overtook an earlier one
    expect(rows.filter((r) => r.waits === 0)).toEqual([]);
    const floodHandled = handled.filter((id) => arrived.some((a) => a.id === id));
    expect(floodHandled).toEqual(arrived.map((a) => a.id));
    // and what they did happened in that order: PRESS commands in the game's inbox, STATUS replies in the outbox
    const inOrder = (kind: 'PRESS' | 'STATUS') =>
      floodHandled
        .map((id) => arrived.find((a) => a.id === id)!)
        .filter((a) => a.kind === kind)
        .map((a) => a.name);
    const press = await h.t.db.query<{ idempotency_key: string }>(
      `SELECT idempotency_key FROM commands WHERE game_id = 'G-flood' AND kind = 'game.press' ORDER BY id`,
    );
    expect(press.map((c) => c.idempotency_key.match(/flood-\d+/)?.[0])).toEqual(inOrder('PRESS'));
    expect(press).toHaveLength(10);
    const status = (await s.outbox.byRecipient('red@players.test')).filter(
      (r) => r.kind === 'status' && r.idempotencyKey.includes('flood-'),
    );
    expect(status.map((r) => r.idempotencyKey.match(/flood-\d+/)?.[0])).toEqual(inOrder('STATUS'));
    expect(status).toHaveLength(30);
  }, 60_000);
});
