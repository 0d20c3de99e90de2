/**
 * Smoke test of `npm run bench`'s pipeline section (bench/pipeline.ts) at a small size: the built
 * API and one worker (from dist, as `npm test` builds it), VITP orders by IMAP and the webhook,
 * every one answered in the player's mailbox. It checks the figures are sane (counts add up,
 * percentiles ordered, memory read from the process), never how fast: speed is the bench's.
 */
import { benchPipeline, type PipelineRun } from '../../bench/pipeline';
import type { OrderCpuRatio } from '../../bench/process-cpu';

jest.setTimeout(300_000);

describe('the pipeline bench', () => {
  it('plays orders by IMAP and the webhook through the built service, measures each answer, prints the ceilings beside', async () => {
    const out = await benchPipeline(() => undefined, 'quick');
    const [r] = (out.figures as { runs: PipelineRun[] }).runs;
    expect(r.workers).toBe(1);
    expect(r.games).toBe(4);
    // each game stops after 3 orders (or one more, when a step asks both sides at once)
    expect(r.orders).toBeGreaterThanOrEqual(12);
    expect(r.byImap + r.byWebhook).toBe(r.orders);
    expect(r.byImap).toBeGreaterThan(0);
    expect(r.byWebhook).toBeGreaterThan(0);
    // legal orders drawn from the board: every answer is an acknowledgment, none a refusal
    expect(r.acknowledged).toBe(r.orders);
    expect(r.otherAnswers).toBe(0);
    expect(r.perSec).toBeGreaterThan(0);
    const { p50, p95, p99, max } = r.latencyMs;
    expect(p50).toBeGreaterThan(0);
    expect(p50).toBeLessThanOrEqual(p95);
    expect(p95).toBeLessThanOrEqual(p99);
    expect(p99).toBeLessThanOrEqual(max);
    // CPU time read from the processes themselves (/proc): the worker did the adjudicating
    expect(r.cpuMsPerOrder.workers).toBeGreaterThan(0);
    expect(r.cpuMsPerOrder.api).toBeGreaterThanOrEqual(0);
    // the workers' main threads are part of the workers' time (resvg draws on other threads)
    expect(r.cpuMsPerOrder.workersMainThread).toBeGreaterThan(0);
    expect(r.cpuMsPerOrder.workersMainThread).toBeLessThanOrEqual(r.cpuMsPerOrder.workers);
    // the database did work for the orders: its backends on this run's database were found
    expect(r.cpuMsPerOrder.postgres).toBeGreaterThan(0);
    expect(r.workerMemory).toHaveLength(1);
    const m = r.workerMemory[0];
    expect(m.heapUsedMb).toBeGreaterThan(0);
    expect(m.heapUsedAtStartMb).toBeGreaterThan(0);
    expect(m.rssMb).toBeGreaterThan(m.heapUsedMb);

    // issue 33's ratio: the answers crossed Postfix and Dovecot, whose process trees were found and read
    const [ratio] = (out.figures as { cpuRatios: OrderCpuRatio[] }).cpuRatios;
    expect(ratio.mailServers).toBeGreaterThan(0);
    expect(ratio.bareMailMs).toBeGreaterThan(0);
    expect(ratio.processes).toBeCloseTo(ratio.workers + ratio.api + ratio.postgres + ratio.mailServers + ratio.bench);
    expect(ratio.byProcesses).toBeGreaterThan(1);

    const text = out.lines.join('\n');
    expect(text).toMatch(
      /machine CPU per order ÷ CPU of bare delivery .*: [\d.]+ by processes, [\d.]+ by machine busy time \(target <= 6\)/,
    );
    expect(text).toMatch(/^Pipeline /);
    expect(text).toMatch(/^\s+1\s+\d+\s+\d+\/\d+\s+\d+\/0\s+[\d.]+\s+p50 \d+\s+p95 \d+\s+p99 \d+ ms/m);
    expect(text).toMatch(/ceiling: bare BullMQ jobs on the same Redis\s+\d+ jobs\/s/);
    expect(text).toMatch(/ceiling: bare LMTP -> Dovecot -> IMAP read back\s+\d+ mails\/s/);
  });
});
