import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Services } from '../../src/services/container';
import { ROOT } from '../support/processes';
import { DUEL_SIDES, type ServiceHarness, startServices, stopServices } from '../support/services';

const run = promisify(execFile);

/**
 * A worker killed between storing a message's commands and marking the message leaves the
 * commands to another worker, and the message to be ingested again: the retry must recognise its
 * own stored commands (issue 16: the orders were applied and acknowledged, and the retry mailed a
 * wrong-step refusal saying "Nothing was changed").
 */
describe('a retried ingest after a crash', () => {
  let h: ServiceHarness;
  let s: Services;
  const gameId = 'G-crash';

  beforeAll(async () => {
    h = await startServices('ingest-crash', { THROTTLE_PER_HOUR: '0' });
    s = h.s;
    await s.bus.submit(gameId, `create:${gameId}`, 'game.create', { gameId, ruleset: 'fleet-duel', sides: DUEL_SIDES });
    await s.inbox.drain(gameId, s.bus.apply);
  });
  afterAll(() => stopServices(h));

  const mailTo = (id: string, to: string, body: string, inReplyTo: string) =>
    Buffer.from(
      [
        'From: red@players.test',
        `To: ${to}`,
        'Subject: Re: orders',
        `Message-ID: <${id}@players.test>`,
        `In-Reply-To: ${inReplyTo}`,
        '',
        body,
        '',
      ].join('\r\n'),
    );

  it('finds its orders stored, applied and acknowledged, and neither judges nor refuses them again', async () => {
    const welcome = (await s.outbox.byRecipient('red@players.test')).find((r) => r.gameId === gameId && r.kind === 'welcome')!;
    expect((await s.games.load(gameId)).state.step!.id).toBe('t1/orders');
    // blue has ordered; red's reply to the welcome (so: orders for t1/orders) completes the step
    await s.bus.submit(gameId, 'blue-t1', 'game.orders', { gameId, side: 'blue', text: 'MOVE south', via: 'test' });
    await s.inbox.drain(gameId, s.bus.apply);
    const { id } = await s.inbound.receive(
      'test',
      mailTo('crash-1', s.composer.replyAddressFor(gameId, 'red', 'red@players.test'), 'MOVE north', String(welcome.payload.messageId)),
    );

    // a worker stores red's command and is killed before it marks the message
    const crash = await run(
      process.execPath,
      ['--require', 'tsx/cjs', join(ROOT, 'test', 'support', 'crash-mid-ingest.ts'), h.t.url, h.prefix, id],
      {
        cwd: ROOT,
      },
    ).catch((e: { signal?: string; stdout: string; stderr: string }) => e);
    expect((crash as { signal?: string }).signal).toBe('SIGKILL');
    expect((crash as { stdout: string }).stdout).toContain('stored 1');
    expect((await s.inbound.get(id))!.status).toBe('stored');

    // another worker applies it: the step resolves, and red is told its orders were taken: in an
    // ack, or (its orders completing the step) folded into its report
    await s.inbox.drain(gameId, s.bus.apply);
    expect((await s.games.load(gameId)).state.step!.id).not.toBe('t1/orders');
    const ackKeys = async () =>
      (await s.outbox.byRecipient('red@players.test'))
        .filter(
          (r) => r.gameId === gameId && (r.kind === 'ack' || (r.kind === 'report' && /orders for .* were taken/.test(r.payload.text))),
        )
        .map((r) => r.idempotencyKey);
    expect(await ackKeys()).toHaveLength(1);

    // the message is ingested again (its job retried, or the sweep): processed, its command recognised
    const again = await s.ingest.ingest(id);
    expect(again.status).toBe('processed');
    expect(again.detail).toMatchObject({ commands: [{ ORDERS: { duplicate: true, status: 'applied' } }] });
    expect((await s.inbound.get(id))!.status).toBe('processed');
    await s.inbox.drain(gameId, s.bus.apply);

    // no refusal of any kind reached red, and the orders were taken once
    const refusals = (await s.outbox.byRecipient('red@players.test')).filter((r) => r.gameId === gameId && r.kind === 'rejection');
    expect(refusals.map((r) => r.idempotencyKey)).toEqual([]);
    expect(await ackKeys()).toHaveLength(1);
    const redOrders = (await s.events.read(gameId)).filter(
      (e) => (e.type === 'OrdersSubmitted' || e.type === 'OrdersAccepted') && (e.payload as { side: string }).side === 'red',
    );
    expect(redOrders).toHaveLength(1);
    expect(redOrders[0].metadata.via).toBe('mail crash-1@players.test');
  }, 60_000);
});
