import { MailAtRest } from '../../src/mail/at-rest';
import { Queue } from 'bullmq';
import { parseReplyAddress } from '../../src/mail/auth';
import { formatUtc } from '../../src/mail/render';
import { JobName } from '../../src/queue/jobs';
import type { Services } from '../../src/services/container';
import { gameJobHandlers } from '../../src/services/job-handlers';
import { type ServiceHarness, startServices, stopServices, applyCommand, DUEL_SIDES } from '../support/services';
import { flat } from '../support/text';

const REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const REFEREE = 'ref@players.test';

/**
 * Referee commands (NOTE, EXTEND, FORCE) and deadline reminders on PostgreSQL, Redis and BullMQ:
 * what each side's report says, what the referee is told, which reminder jobs exist and what
 * they mail when they run.
 */
describe('referee commands and reminders', () => {
  let h: ServiceHarness;
  let s: Services;
  let games: Queue;
  let now = new Date('2026-11-21T12:00:00Z');

  beforeAll(async () => {
    h = await startServices('referee', { REDIS_URL: REDIS, DEADLINE_MINUTES: '600', DEADLINE_GRACE_MINUTES: '30' }, { clock: () => now });
    s = h.s;
    games = new Queue('games', {
      connection: { host: new URL(REDIS).hostname, port: Number(new URL(REDIS).port || 6379) },
      prefix: h.prefix,
    });
  });
  afterAll(async () => {
    await games.close();
    await stopServices(h);
  });

  const apply = (gameId: string, key: string, kind: string, payload: unknown) => applyCommand(s, gameId, key, kind, payload);
  const sides = DUEL_SIDES;
  const mailTo = async (gameId: string, to: string) => (await s.outbox.byGame(gameId)).filter((m) => m.recipient === to);
  const reminderJobs = async (gameId: string) =>
    (await games.getDelayed()).filter((j) => j.name === JobName.GameReminder && (j.data as { gameId: string }).gameId === gameId);

  it("a referee NOTE is confirmed to the referee and leads every side's next report, once", async () => {
    await apply('G-note', 'n-create', 'game.create', {
      gameId: 'G-note',
      ruleset: 'fleet-duel',
      sides,
      referee: REFEREE,
    });
    const welcome = (await mailTo('G-note', REFEREE)).find((m) => m.kind === 'welcome')!;
    // the referee's mail carries a signed reply address for the pseudo-side referee
    const reply = parseReplyAddress(
      { secret: s.config.UMPIRE_SECRET, localPart: 'umpire', domain: s.config.MAIL_DOMAIN },
      String(welcome.payload.replyTo),
    );
    expect(reply).toMatchObject({ gameId: 'G-note', side: 'referee' });
    expect(welcome.payload.replyTo).toBe(s.composer.replyAddressFor('G-note', 'referee', REFEREE));

    // as mail ingest submits it
    const note = await apply('G-note', 'mail:n1@ref:NOTE:1', 'referee.note', {
      text: 'Rule 2.3 ruling: the blue fleet may not split.',
      actor: 'referee',
    });
    expect(note.status).toBe('applied');
    const done = (await mailTo('G-note', REFEREE)).filter((m) => m.kind === 'confirmation');
    expect(done).toHaveLength(1);
    expect(done[0].payload.subject).toMatch(/^FYI G-note referee t\d+: done NOTE/);
    expect(flat(done[0].payload.text)).toContain(flat('Done: NOTE'));
    expect(flat(done[0].payload.text)).toContain(flat('"Rule 2.3 ruling: the blue fleet may not split."'));
    expect(flat(done[0].payload.text)).toMatch(/lead every side's next report/);
    expect(done[0].payload.replyTo).toBe(s.composer.replyAddressFor('G-note', 'referee', REFEREE));

    // red reads every step's report (DIGEST EVERY), so a second report is sure to come this turn
    await apply('G-note', 'n-digest', 'game.digest', { gameId: 'G-note', viewer: 'red', mode: 'every' });
    await apply('G-note', 'n-red', 'game.orders', {
      gameId: 'G-note',
      side: 'red',
      text: 'MOVE center',
      via: 'test',
    });
    await apply('G-note', 'n-blue', 'game.orders', {
      gameId: 'G-note',
      side: 'blue',
      text: 'MOVE north',
      via: 'test',
    });
    for (const side of sides) {
      const reports = (await mailTo('G-note', side.player.address)).filter((m) => m.kind === 'report');
      expect(reports).toHaveLength(1);
      expect(flat(reports[0].payload.text)).toContain(flat("Referee's note: Rule 2.3 ruling: the blue fleet may not split."));
      expect(String(reports[0].payload.html)).toContain('Rule 2.3 ruling');
    }
    // the report each side (and the referee) reads from the log has it in its place
    for (const viewer of ['red', 'blue', 'referee']) {
      const r = await s.gameService.report('G-note', viewer);
      expect(r.narrative).toContain("Referee's note: Rule 2.3 ruling: the blue fleet may not split.");
    }
    // the umpire's own notes (settings) are not shown as the referee's
    expect((await s.gameService.report('G-note', 'red')).narrative.join('\n')).not.toMatch(/game settings/);

    // a NOTE without text is refused to the referee, naming what would be right, and adds nothing
    const head = await s.events.head('G-note');
    const empty = await apply('G-note', 'mail:n2@ref:NOTE:1', 'referee.note', {
      text: '  ',
      actor: 'referee',
    });
    expect(empty.status).toBe('rejected');
    expect(await s.events.head('G-note')).toEqual(head);
    const refused = (await mailTo('G-note', REFEREE)).filter((m) => m.kind === 'rejection');
    expect(refused).toHaveLength(1);
    expect(flat(refused[0].payload.text)).toContain(flat('a note needs text after the word NOTE'));
    expect(flat(refused[0].payload.text)).toContain(flat('e.g. NOTE Rule 7.3'));

    // the next report does not repeat it
    await apply('G-note', 'n-red2', 'game.orders', {
      gameId: 'G-note',
      side: 'red',
      text: 'MOVE south',
      via: 'test',
    });
    await apply('G-note', 'n-blue2', 'game.orders', {
      gameId: 'G-note',
      side: 'blue',
      text: 'MOVE south',
      via: 'test',
    });
    const second = (await mailTo('G-note', 'red@players.test')).filter((m) => m.kind === 'report');
    expect(second.length).toBeGreaterThan(1);
    expect(flat(second[second.length - 1].payload.text)).not.toContain(flat('Rule 2.3 ruling'));
  });

  it('EXTEND tells the referee the new deadline; an EXTEND into the past is refused, says why, and changes nothing', async () => {
    await apply('G-ext', 'e-create', 'game.create', {
      gameId: 'G-ext',
      ruleset: 'fleet-duel',
      sides,
      referee: REFEREE,
    });
    const step = (await s.gameService.status('G-ext', 'referee')).view.step!.id;
    const before = await s.events.head('G-ext');
    const bad = await apply('G-ext', 'mail:e1@ref:EXTEND:1', 'game.extend', {
      gameId: 'G-ext',
      until: '2026-11-20T00:00:00.000Z',
    });
    expect(bad.status).toBe('rejected');
    expect(await s.events.head('G-ext')).toEqual(before);
    const refused = (await mailTo('G-ext', REFEREE)).filter((m) => m.kind === 'rejection');
    expect(refused).toHaveLength(1);
    expect(flat(refused[0].payload.text)).toContain(flat('the new deadline must be in the future'));
    // one date format in every mail (formatUtc)
    expect(flat(refused[0].payload.text)).toContain(flat('Fri 20 Nov 2026 00:00 UTC is not after now (Sat 21 Nov 2026 12:00 UTC)'));
    expect(flat(refused[0].payload.text)).toMatch(/What would be right:\s+Send EXTEND 24h/);

    const ok = await apply('G-ext', 'mail:e2@ref:EXTEND:1', 'game.extend', {
      gameId: 'G-ext',
      byMinutes: 24 * 60,
    });
    expect(ok.status).toBe('applied');
    // first deadline 12:00 + 600 min = 22:00; plus a day
    expect(ok.result).toMatchObject({ stepId: step, deadline: '2026-11-22T22:00:00.000Z' });
    const done = (await mailTo('G-ext', REFEREE)).filter((m) => m.kind === 'confirmation');
    expect(done).toHaveLength(1);
    expect(flat(done[0].payload.text)).toContain(flat('Done: EXTEND 1440m'));
    expect(flat(done[0].payload.text)).toContain(flat('is now Sun 22 Nov 2026 22:00 UTC (was Sat 21 Nov 2026 22:00 UTC)'));
    expect(flat(done[0].payload.text)).toContain(flat('Deadline now: Sun 22 Nov 2026 22:00 UTC'));
    // every side the step awaits hears that the referee extended it, with its card (the default, the grace)
    for (const side of sides) {
      const told = (await mailTo('G-ext', side.player.address)).filter((m) => m.idempotencyKey.includes(`extended:${step}`));
      expect(told).toHaveLength(1);
      expect(told[0].payload.subject).toMatch(/^ACTION G-ext /);
      expect(flat(told[0].payload.text)).toContain(
        flat('The referee extended the deadline of this step (it was Sat 21 Nov 2026 22:00 UTC).'),
      );
      expect(flat(told[0].payload.text)).toContain(
        flat('Deadline: Sun 22 Nov 2026 22:00 UTC; late orders are still taken until Sun 22 Nov 2026 22:30 UTC.'),
      );
      expect(flat(told[0].payload.text)).toContain(flat('If nothing comes by the deadline:'));
      expect(told[0].payload.text.match(/no orders from you/g)).toHaveLength(1);
    }
  });

  it('FORCE tells the referee which sides got defaults and what comes next', async () => {
    await apply('G-force', 'f-create', 'game.create', {
      gameId: 'G-force',
      ruleset: 'fleet-duel',
      sides,
      referee: REFEREE,
    });
    await apply('G-force', 'f-red', 'game.orders', {
      gameId: 'G-force',
      side: 'red',
      text: 'MOVE center',
      via: 'test',
    });
    const r = await apply('G-force', 'mail:f1@ref:FORCE:1', 'game.force', { gameId: 'G-force' });
    expect(r.status).toBe('applied');
    const log = await s.events.read('G-force');
    expect(log.filter((e) => e.type === 'DefaultOrdersApplied').map((e) => (e.payload as { side: string }).side)).toEqual(['blue']);
    const done = (await mailTo('G-force', REFEREE)).filter((m) => m.kind === 'confirmation');
    expect(done).toHaveLength(1);
    expect(flat(done[0].payload.text)).toContain(flat('Done: FORCE'));
    expect(flat(done[0].payload.text)).toContain(flat('Default orders applied for: blue.'));
    expect(flat(done[0].payload.text)).toMatch(/Next: .+ \[t\d+\/[a-z/]+\]\./);

    // a game without a referee: nobody to tell, and no mail to nobody
    await apply('G-force2', 'f2-create', 'game.create', { gameId: 'G-force2', ruleset: 'fleet-duel', sides });
    await apply('G-force2', 'f2-force', 'game.force', { gameId: 'G-force2' });
    expect((await s.outbox.byGame('G-force2')).filter((m) => m.kind === 'confirmation')).toEqual([]);
  });

  it('schedules a reminder on BullMQ that, run, mails exactly the sides still awaited; EXTEND moves it, the old one does nothing', async () => {
    now = new Date();
    await apply('G-rem', 'r-create', 'game.create', {
      gameId: 'G-rem',
      ruleset: 'fleet-duel',
      sides,
      referee: REFEREE,
    });
    const first = (await s.events.read('G-rem')).filter((e) => e.type === 'DeadlineSet').pop()!.payload as {
      stepId: string;
      at: string;
      remindAt: string;
    };
    // 600 minutes: a quarter of the time before the deadline
    expect(new Date(first.at).getTime() - new Date(first.remindAt).getTime()).toBe(150 * 60_000);
    let jobs = await reminderJobs('G-rem');
    expect(jobs.map((j) => j.data)).toEqual([{ gameId: 'G-rem', stepId: first.stepId, remindAt: first.remindAt }]);
    expect(jobs[0].delay).toBeGreaterThan(449 * 60_000);
    const oldJob = jobs[0];

    await apply('G-rem', 'r-red', 'game.orders', {
      gameId: 'G-rem',
      side: 'red',
      text: 'MOVE center',
      via: 'test',
    });
    const ext = await apply('G-rem', 'r-extend', 'game.extend', { gameId: 'G-rem', byMinutes: 120 });
    const moved = (await s.events.read('G-rem')).filter((e) => e.type === 'DeadlineSet').pop()!.payload as {
      at: string;
      remindAt: string;
    };
    expect(ext.result).toMatchObject({ deadline: moved.at, remindAt: moved.remindAt });
    expect(new Date(moved.at).getTime() - new Date(first.at).getTime()).toBe(120 * 60_000);
    jobs = await reminderJobs('G-rem');
    expect(jobs.map((j) => (j.data as { remindAt: string }).remindAt).sort()).toEqual([first.remindAt, moved.remindAt].sort());

    // run the real jobs: a worker on the same queues, the reminders promoted to now
    s.jobs.startWorkers({
      ...gameJobHandlers(s, { error: () => undefined, warn: () => undefined }),
      [JobName.IngestMail]: async () => undefined,
      [JobName.DispatchOutbox]: async () => undefined,
      ...({ 'work.sweep': async () => undefined } as object),
    });
    await oldJob.promote();
    const oldCommand = await waitForCommand(`job:${String(oldJob.id)}`);
    expect(JSON.stringify(oldCommand.result)).toMatch(/superseded/);
    expect((await s.outbox.byGame('G-rem')).filter((m) => m.kind === 'reminder' && m.idempotencyKey.includes(':reminder:'))).toEqual([]);

    const newJob = (await reminderJobs('G-rem')).find((j) => (j.data as { remindAt: string }).remindAt === moved.remindAt)!;
    await newJob.promote();
    const newCommand = await waitForCommand(`job:${String(newJob.id)}`);
    expect(newCommand.result).toEqual({ reminded: ['blue'] });
    const reminders = (await s.outbox.byGame('G-rem')).filter((m) => m.kind === 'reminder' && m.idempotencyKey.includes(':reminder:'));
    // exactly the side still awaited (red ordered), with the moved deadline
    expect(reminders.map((m) => m.recipient)).toEqual(['blue@players.test']);
    expect(flat(reminders[0].payload.text)).toContain(flat(`Deadline: ${formatUtc(moved.at)}`));
  }, 30_000);

  it('a deadline under an hour still gets a reminder, half way', async () => {
    now = new Date('2026-11-21T12:00:00Z');
    await apply('G-short', 's-create', 'game.create', {
      gameId: 'G-short',
      ruleset: 'fleet-duel',
      sides,
      deadlineMinutes: 40,
    });
    const d = (await s.events.read('G-short')).find((e) => e.type === 'DeadlineSet')!.payload as {
      at: string;
      remindAt: string | null;
    };
    expect(d.at).toBe('2026-11-21T12:40:00.000Z');
    expect(d.remindAt).toBe('2026-11-21T12:20:00.000Z');
  });

  it('HELP answers with the step card, a topic of the VITP reference, all of it, or the topics there are', async () => {
    const vsides = [
      { side: 'japanese', player: { address: 'jp@players.test' } },
      { side: 'allied', player: { address: 'al@players.test' } },
    ];
    const created = await apply('G-help', 'h-create', 'game.create', {
      gameId: 'G-help',
      ruleset: 'vitp',
      sides: vsides,
    });
    expect(created.status).toBe('applied');
    // help replies are sealed at rest: read them as the dispatcher does
    const ask = async (topic?: string) =>
      new MailAtRest(s.config.UMPIRE_SECRET).open(
        await s.gameService.replyDraft(
          'G-help',
          'japanese',
          'jp@players.test',
          { name: 'HELP', line: 1, refereeOnly: false, ...(topic ? { topic } : {}) },
          `h-${topic ?? 'none'}`,
        ),
      );
    const step = (await s.gameService.status('G-help', 'japanese')).view.step!;

    const plain = await ask();
    expect(flat(plain.text)).toContain(flat(`Orders for the step at hand: ${step.title}`));
    expect(flat(plain.text)).toContain(flat('RESEND [turn]'));
    expect(flat(plain.text)).toMatch(
      /More help: HELP <topic>, one of ORDERS, BATTLE, INTERACTIVE, AHEAD, STANDING, DEFAULTS, OPTIONS, COMMANDS, ALL/,
    );

    const standing = await ask('standing');
    expect(flat(standing.text)).toContain(flat('STANDING SUBMARINE FIRST CHANCE | LAST CHANCE | NEVER'));
    expect(flat(standing.text)).not.toContain(flat('RESEND [turn]'));
    expect(flat(standing.text)).not.toContain(flat('DAY | NIGHT   (7.3)'));

    const all = await ask('all');
    for (const line of [
      'DAY | NIGHT   (7.3)',
      'STANDING NIGHT | DAY | ACTION BY STRENGTH',
      'FOR t3/raiders/japanese',
      'Stay in port, place no air',
    ])
      expect(flat(all.text)).toContain(flat(line));

    const rule = await ask('18.33');
    expect(flat(rule.text)).toContain(flat('citing rule 18.33'));
    expect(flat(rule.text)).toContain(flat('[ORDERS] STAY / WITHDRAW'));

    const unknown = await ask('tactics');
    expect(flat(unknown.text)).toContain(flat('There is no help on "tactics".'));
    expect(flat(unknown.text)).toContain(flat('one of ORDERS, BATTLE'));
  });

  async function waitForCommand(key: string) {
    for (let i = 0; i < 200; i++) {
      const rows = await h.t.db.query<{ id: string; status: string }>('SELECT id, status FROM commands WHERE idempotency_key = $1', [key]);
      if (rows.length && rows[0].status !== 'pending') return (await s.inbox.get(rows[0].id))!;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`command ${key} not applied in 10 s`);
  }
});
