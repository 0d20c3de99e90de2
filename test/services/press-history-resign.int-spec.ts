import { MailAtRest } from '../../src/mail/at-rest';
import { auditGameLog, narrativeFor, verifyGameLog } from '../../src/engine/game';
import type { Services } from '../../src/services/container';
import { SERVICE_EVENT_TYPES, toEngineEvent } from '../../src/services/game-repository';
import { fleetDuel } from '../../src/games/fleet-duel';
import { type ServiceHarness, startServices, stopServices, applyCommand, DUEL_SIDES } from '../support/services';
import { flat } from '../support/text';

const REFEREE = 'ref@players.test';

/**
 * The judge commands players of njudge/DPjudge expect (PRESS, HISTORY, RESIGN) and the referee's
 * copy of every report, on PostgreSQL and Redis: real MIME mail through the ingest use case, the
 * command inbox, the log and the outbox rows that would be mailed.
 */
describe("PRESS, HISTORY, RESIGN and the referee's copies", () => {
  let h: ServiceHarness;
  let s: Services;
  let now = new Date('2026-11-21T12:00:00Z');
  const sides = DUEL_SIDES;

  beforeAll(async () => {
    h = await startServices('judge', { DEADLINE_MINUTES: '600', DEADLINE_GRACE_MINUTES: '0' }, { clock: () => now });
    ({ s } = h);
  });
  afterAll(() => stopServices(h));

  const apply = (gameId: string, key: string, kind: string, payload: unknown) => applyCommand(s, gameId, key, kind, payload);
  const create = (gameId: string, referee = true) =>
    apply(gameId, `${gameId}:create`, 'game.create', {
      gameId,
      ruleset: 'fleet-duel',
      sides,
      ...(referee ? { referee: REFEREE } : {}),
    });
  const mailTo = async (gameId: string, to: string, kind?: string) =>
    (await s.outbox.byGame(gameId)).filter((m) => m.recipient === to && (!kind || m.kind === kind));
  const mail = (id: string, from: string, to: string, body: string) =>
    Buffer.from([`From: ${from}`, `To: ${to}`, 'Subject: hello', `Message-ID: <${id}@players.test>`, '', body, ''].join('\r\n'));
  /** a player's (or the referee's) mail to its signed reply address, ingested and its commands applied */
  async function send(gameId: string, side: string, from: string, id: string, body: string) {
    const r = await s.ingest.ingest(
      (await s.inbound.receive('test', mail(id, from, s.composer.replyAddressFor(gameId, side, from), body))).id,
    );
    await s.inbox.drain(gameId, s.bus.apply, 1000, (c, e) => s.gameService.commandFailed(c, e));
    return r;
  }

  it("PRESS by mail reaches the other side under the sender's side, not its address; the referee gets a copy; the log records it", async () => {
    await create('G-press');
    const before = await s.events.head('G-press');
    const r = await send(
      'G-press',
      'red',
      'red@players.test',
      'p1',
      'PRESS\nAdmiral,\n\nshall we leave the north alone this turn?\n-- \nRed',
    );
    expect(r.status).toBe('processed');

    const log = await s.events.read('G-press', before.version);
    expect(log.map((e) => e.type)).toEqual(['PressSent']);
    expect(log[0].payload).toEqual({
      from: 'red',
      to: ['blue'],
      text: 'Admiral,\n\nshall we leave the north alone this turn?',
    });
    expect(log[0].metadata).toMatchObject({ actor: 'red' });

    const [toBlue] = await mailTo('G-press', 'blue@players.test', 'press');
    expect(toBlue.payload.subject).toBe('FYI G-press blue t1: press from red, fleet orders');
    expect(flat(toBlue.payload.text)).toContain(flat(`Press from red to blue (game log event ${log[0].seq}):`));
    expect(flat(toBlue.payload.text)).toContain(flat('shall we leave the north alone this turn?'));
    expect(flat(toBlue.payload.text)).not.toContain(flat('red@players.test'));
    expect(String(toBlue.payload.html)).not.toContain('red@players.test');
    // blue's reply goes to blue's own signed address
    expect(toBlue.payload.replyTo).toBe(s.composer.replyAddressFor('G-press', 'blue', 'blue@players.test'));

    const [copy] = await mailTo('G-press', REFEREE, 'press');
    expect(flat(copy.payload.text)).toContain(flat("Referee's copy of press from red to blue"));
    const [done] = await mailTo('G-press', 'red@players.test', 'confirmation');
    expect(flat(done.payload.text)).toContain(flat('Done: PRESS'));
    expect(flat(done.payload.text)).toContain(
      flat('Relayed to blue, with a copy to the referee, as from red (your address is not shown).'),
    );
    expect(await mailTo('G-press', 'red@players.test', 'press')).toEqual([]);

    // the story each may read: sender, recipient and referee see it
    for (const viewer of ['red', 'blue', 'referee']) {
      expect((await s.gameService.report('G-press', viewer)).narrative).toContain(
        'Press from red to blue: Admiral, / shall we leave the north alone this turn?',
      );
    }
    // press is no rule event: the step is untouched
    expect((await s.gameService.status('G-press', 'red')).view.awaiting).toEqual(['red', 'blue']);
  });

  it("the referee's PRESS goes to every side; an empty PRESS is refused, saying what would be right, and changes nothing", async () => {
    await create('G-press2');
    await send('G-press2', 'referee', REFEREE, 'rp1', 'PRESS Reminder: turn 2 starts Monday.');
    for (const side of sides) {
      const [m] = await mailTo('G-press2', side.player.address, 'press');
      expect(flat(m.payload.text)).toContain(flat('Press from the referee to red, blue'));
      expect(flat(m.payload.text)).toContain(flat('Reminder: turn 2 starts Monday.'));
    }
    expect(await mailTo('G-press2', REFEREE, 'press')).toEqual([]);

    const head = await s.events.head('G-press2');
    const outboxBefore = (await s.outbox.byGame('G-press2')).length;
    await send('G-press2', 'blue', 'blue@players.test', 'bp-empty', 'PRESS\n\nENDPRESS');
    expect(await s.events.head('G-press2')).toEqual(head);
    const refused = await mailTo('G-press2', 'blue@players.test', 'rejection');
    expect(refused).toHaveLength(1);
    expect(flat(refused[0].payload.text)).toContain(flat('PRESS: the press holds no text, so nothing was sent'));
    expect(flat(refused[0].payload.text)).toMatch(/What would be right:\s+Write PRESS and your message on one line/);
    // the refusal is the only new mail: nothing went to red or the referee
    expect((await s.outbox.byGame('G-press2')).length).toBe(outboxBefore + 1);
  });

  it("a PRESS that holds the sender's own SECRET is refused and relayed to nobody", async () => {
    await create('G-leak');
    const head = await s.events.head('G-leak');
    const secret = s.gameService.playerSecret('G-leak', 'blue', 'blue@players.test');
    const r = await apply('G-leak', 'leak-press', 'game.press', {
      gameId: 'G-leak',
      from: 'blue',
      text: `Let us talk.\nSECRET ${secret}`,
    });
    expect(r.status).toBe('rejected');
    expect(await s.events.head('G-leak')).toEqual(head);
    expect((await s.outbox.byGame('G-leak')).filter((m) => m.recipient !== 'blue@players.test' && m.kind !== 'welcome')).toEqual([]);
    const refused = await mailTo('G-leak', 'blue@players.test', 'rejection');
    expect(refused).toHaveLength(1);
    expect(flat(refused[0].payload.text)).toContain(flat('the press holds your SECRET word'));
    expect(flat(refused[0].payload.text)).not.toContain(flat(secret));
  });

  it('a game without a referee: press and reports go to the sides only', async () => {
    await create('G-noref', false);
    await apply('G-noref', 'n-press', 'game.press', { gameId: 'G-noref', from: 'blue', text: 'Good luck.' });
    await apply('G-noref', 'n-red', 'game.orders', {
      gameId: 'G-noref',
      side: 'red',
      text: 'MOVE center',
      via: 'test',
    });
    await apply('G-noref', 'n-blue', 'game.orders', {
      gameId: 'G-noref',
      side: 'blue',
      text: 'MOVE north',
      via: 'test',
    });
    const rows = await s.outbox.byGame('G-noref');
    expect(
      rows
        .filter((m) => m.kind === 'report')
        .map((m) => m.recipient)
        .sort(),
    ).toEqual(['blue@players.test', 'red@players.test']);
    expect(rows.filter((m) => m.kind === 'press').map((m) => m.recipient)).toEqual(['red@players.test']);
    expect(rows.some((m) => m.recipient === REFEREE)).toBe(false);
  });

  it("the referee gets a copy of every report, in the referee's view, never the content of orders still sealed", async () => {
    await create('G-refcopy');
    // red also queues sealed orders for turn 2: nobody, the referee included, reads them before t2 resolves
    await apply('G-refcopy', 'c-red', 'game.orders', {
      gameId: 'G-refcopy',
      side: 'red',
      text: 'MOVE center\nFOR t2/orders\nMOVE south',
      via: 'test',
    });
    expect(await mailTo('G-refcopy', REFEREE, 'report')).toEqual([]);
    // apart, the fleets do not fight: turn 2 comes, and red's queued orders with it
    await apply('G-refcopy', 'c-blue', 'game.orders', {
      gameId: 'G-refcopy',
      side: 'blue',
      text: 'MOVE north',
      via: 'test',
    });

    const reports = (await s.outbox.byGame('G-refcopy')).filter((m) => m.kind === 'report');
    const seqs = [...new Set(reports.map((m) => m.eventSeq))];
    expect(seqs.length).toBeGreaterThan(0);
    const log = await s.events.read('G-refcopy');
    const queued = log.find((e) => e.type === 'OrdersQueued')!.payload as { commitment: string };
    for (const seq of seqs) {
      const batch = reports.filter((m) => m.eventSeq === seq);
      expect(batch.map((m) => m.recipient).sort()).toEqual(['blue@players.test', REFEREE, 'red@players.test'].sort());
      const ref = batch.find((m) => m.recipient === REFEREE)!;
      expect(ref.payload.subject).toMatch(/^FYI G-refcopy referee t\d+: /);
      expect(ref.payload.replyTo).toBe(s.composer.replyAddressFor('G-refcopy', 'referee', REFEREE));
      expect(flat(ref.payload.text)).toContain(flat(', referee, turn'));
    }
    const ref = reports.find((m) => m.recipient === REFEREE)!;
    // what the referee may read of the events it reports: both sides' revealed orders, every die
    const engineEvents = log.filter((e) => !SERVICE_EVENT_TYPES.has(e.type) && e.seq <= ref.eventSeq!).map(toEngineEvent);
    const story = narrativeFor(engineEvents.slice(engineEvents.findIndex((e) => e.type === 'OrdersRevealed')), 'referee', fleetDuel);
    expect(story.some((l) => /^red orders for t1\/orders revealed/.test(l))).toBe(true);
    expect(story.some((l) => /^blue orders for t1\/orders revealed/.test(l))).toBe(true);
    for (const line of story.filter((l) => /revealed|^Die #/.test(l))) expect(flat(ref.payload.text)).toContain(flat(line));
    // red's queued orders: their commitment, never their content
    const refText = (await mailTo('G-refcopy', REFEREE, 'report')).map((m) => m.payload.text).join('\n');
    expect(flat(refText)).not.toContain('MOVE south');
    expect(flat(refText)).toContain(`red: the orders queued for t2/orders stand, sealed (commitment ${queued.commitment}).`);
  });

  it("HISTORY resends exactly what the side was sent: all of it, or one turn's, never the other side's", async () => {
    await create('G-hist');
    // turn 1: blue sends nothing and the deadline applies its defaults, which only blue (and the referee) may read
    await apply('G-hist', 'h-red', 'game.orders', {
      gameId: 'G-hist',
      side: 'red',
      text: 'MOVE center',
      via: 'test',
    });
    const step = (await s.gameService.status('G-hist', 'red')).view.step!.id;
    now = new Date('2026-11-22T12:00:00Z');
    await apply('G-hist', 'h-deadline', 'game.deadline', { gameId: 'G-hist', stepId: step });
    while ((await s.gameService.status('G-hist', 'red')).view.step?.turn === 1) {
      const st = (await s.gameService.status('G-hist', 'red')).view.step!;
      await apply('G-hist', `h-${st.id}`, 'game.deadline', { gameId: 'G-hist', stepId: st.id });
    }
    now = new Date('2026-11-21T12:00:00Z');
    // the welcome is the first report each was sent
    const sentTo = async (to: string) => (await mailTo('G-hist', to)).filter((m) => m.kind === 'welcome' || m.kind === 'report');
    const redReports = await sentTo('red@players.test');
    const blueReports = await sentTo('blue@players.test');
    expect(redReports.length).toBeGreaterThanOrEqual(2);
    // what blue alone reads: its defaults, spelt out (the text wraps at 72 columns: read it flat)
    const blueOnly = flat(blueReports.map((m) => m.payload.text).join('\n')).match(
      /blue sent no orders [^;]*?; default orders apply: \S+/,
    )?.[0];
    expect(blueOnly).toBeDefined();

    const r = await send('G-hist', 'red', 'red@players.test', 'hist1', 'HISTORY');
    expect(r.status).toBe('processed');
    const [h] = await mailTo('G-hist', 'red@players.test', 'history');
    expect(h.payload.subject).toMatch(/^FYI G-hist red t2: history/);
    expect(flat(h.payload.text)).toContain(flat(`${redReports.length} reports sent to you, each exactly as it was sent.`));
    for (const m of redReports) {
      expect(flat(h.payload.text)).toContain(flat(m.payload.subject));
      // each report's body is there as it was sent (its footer left off)
      const body = m.payload.text.split('\n-- \n')[0].trim().split('\n');
      for (const line of body.filter((l) => l.trim())) expect(flat(h.payload.text)).toContain(flat(line));
    }
    expect(flat(h.payload.text)).toMatch(/===== 1\. (ACTION|FYI) G-hist red t1: welcome/); // the welcome comes first
    expect(flat(h.payload.text)).toContain(flat('blue sent no orders'));
    expect(flat(h.payload.text)).not.toContain(flat(blueOnly!));
    for (const m of blueReports) expect(flat(h.payload.text)).not.toContain(flat(m.payload.subject));
    // one footer, at the end: the reports' own footers are left out
    expect(h.payload.text.match(/^-- $/gm)).toHaveLength(1);

    await send('G-hist', 'red', 'red@players.test', 'hist2', 'HISTORY turn 2');
    const t2 = (await mailTo('G-hist', 'red@players.test', 'history')).find((m) => m.idempotencyKey.includes('hist2'))!;
    const turn2 = redReports.filter((m) => / t2:/.test(m.payload.subject));
    expect(turn2.length).toBeGreaterThan(0);
    expect(flat(t2.payload.text)).toContain(flat(`History of turn 2: ${turn2.length} report${turn2.length === 1 ? '' : 's'} sent to you`));
    expect(flat(t2.payload.text)).not.toMatch(/G-hist red t1:/);

    await send('G-hist', 'red', 'red@players.test', 'hist9', 'HISTORY 9');
    const t9 = (await mailTo('G-hist', 'red@players.test', 'history')).find((m) => m.idempotencyKey.includes('hist9'))!;
    expect(flat(t9.payload.text)).toContain(flat('History of turn 9: no report of turn 9 has been sent to you yet.'));

    // the referee's history is the referee's copies
    await send('G-hist', 'referee', REFEREE, 'hist-ref', 'HISTORY');
    const [hr] = await mailTo('G-hist', REFEREE, 'history');
    const refReports = await sentTo(REFEREE);
    expect(flat(hr.payload.text)).toContain(flat(`${refReports.length} reports sent to you`));
    expect(flat(hr.payload.text)).toContain(flat(blueOnly!));
    // HISTORY changes nothing in the log
    expect((await s.events.read('G-hist')).some((e) => e.type === 'PressSent' || e.type === 'GameConceded')).toBe(false);
  });

  it('HISTORY and RESEND find the reports of a player whose mail client writes the registered address in another case', async () => {
    // registered as John.Red@Players.test; the mail client sends john.red@players.test, which authenticates (addresses compare case-blind)
    const registered = 'John.Red@Players.test';
    await apply('G-case', 'case-create', 'game.create', {
      gameId: 'G-case',
      ruleset: 'fleet-duel',
      sides: [{ side: 'red', player: { address: registered } }, sides[1]],
      referee: REFEREE,
    });
    const [welcome] = await mailTo('G-case', registered, 'welcome');
    expect(welcome).toBeDefined();
    const r = await s.ingest.ingest(
      (
        await s.inbound.receive(
          'test',
          mail('case-h', 'john.red@players.test', s.composer.replyAddressFor('G-case', 'red', registered), 'HISTORY'),
        )
      ).id,
    );
    expect(r.status).toBe('processed');
    const [h] = await mailTo('G-case', 'john.red@players.test', 'history');
    expect(flat(h.payload.text)).toContain(flat('1 report sent to you, each exactly as it was sent.'));
    expect(flat(h.payload.text)).toContain(flat(welcome.payload.subject));
    expect(flat(h.payload.text)).not.toContain(flat('report blue'));
    await s.ingest.ingest(
      (
        await s.inbound.receive(
          'test',
          mail('case-r', 'john.red@players.test', s.composer.replyAddressFor('G-case', 'red', registered), 'RESEND'),
        )
      ).id,
    );
    const [again] = await mailTo('G-case', 'john.red@players.test', 'resend');
    expect(again.payload.subject).toBe(`RESEND: ${welcome.payload.subject}`);
  });

  it('RESIGN asks to confirm; RESIGN CONFIRM ends the game for the other side, every side and the referee get the final report, later orders are refused', async () => {
    await create('G-resign');
    await apply('G-resign', 'r-red', 'game.orders', {
      gameId: 'G-resign',
      side: 'red',
      text: 'MOVE center',
      via: 'test',
    });
    const head = await s.events.head('G-resign');

    await send('G-resign', 'blue', 'blue@players.test', 'res1', 'RESIGN');
    expect(await s.events.head('G-resign')).toEqual(head);
    const [ask] = await mailTo('G-resign', 'blue@players.test', 'rejection');
    expect(flat(ask.payload.text)).toContain(
      flat('RESIGN needs confirming: to concede is final, so nothing has changed and the game goes on.'),
    );
    expect(flat(ask.payload.text)).toContain(flat('To concede Fleet Duel game G-resign to red, send a line RESIGN CONFIRM.'));

    // the referee plays no side
    await send('G-resign', 'referee', REFEREE, 'res-ref', 'RESIGN CONFIRM');
    expect(await s.events.head('G-resign')).toEqual(head);
    expect(flat((await mailTo('G-resign', REFEREE, 'rejection'))[0].payload.text)).toContain(
      flat('the referee plays no side, so there is nothing to concede'),
    );

    const before = (await s.outbox.byGame('G-resign')).length;
    await send('G-resign', 'blue', 'blue@players.test', 'res2', 'RESIGN CONFIRM');
    const log = await s.events.read('G-resign', head.version);
    // the final reports' round recorded after the game's end (issue 29)
    expect(log.map((e) => e.type)).toEqual(['GameConceded', 'SeedRevealed', 'GameEnded', 'ReportsSent']);
    expect(log[0].metadata).toMatchObject({ actor: 'blue' });
    expect(log[2].payload).toEqual({ winner: 'red', summary: 'blue conceded; red wins by concession.' });
    const finals = (await s.outbox.byGame('G-resign')).slice(before).filter((m) => m.kind === 'report');
    expect(finals.map((m) => m.recipient).sort()).toEqual(['blue@players.test', REFEREE, 'red@players.test'].sort());
    for (const m of finals) {
      expect(flat(m.payload.text)).toContain(flat('Game over. Winner: red. blue conceded; red wins by concession.'));
      expect(flat(m.payload.text)).toMatch(/blue conceded at 2026-11-2\dT[\d:.]+Z, during t1\/orders \(turn 1\)/);
    }
    // red's sealed orders were never adjudicated, and stay sealed
    expect(finals.map((m) => m.payload.text).join('\n')).not.toMatch(/red orders for t1\/orders revealed/);

    // the whole log still verifies and audits
    const engineEvents = (await s.events.read('G-resign')).filter((e) => !SERVICE_EVENT_TYPES.has(e.type)).map(toEngineEvent);
    expect(verifyGameLog(engineEvents)).toMatchObject({ ok: true, dicePending: 0 });
    expect(auditGameLog(engineEvents, fleetDuel).ok).toBe(true);

    // orders after it: "the game is over", nothing changes
    const over = await s.events.head('G-resign');
    await send('G-resign', 'red', 'red@players.test', 'res3', 'MOVE north');
    expect(await s.events.head('G-resign')).toEqual(over);
    const refusals = await mailTo('G-resign', 'red@players.test', 'rejection');
    expect(flat(refusals.at(-1)!.payload.text)).toContain(
      flat('game G-resign is over (blue conceded; red wins by concession.): no more orders are taken'),
    );
    await send('G-resign', 'red', 'red@players.test', 'res4', 'RESIGN CONFIRM');
    expect(await s.events.head('G-resign')).toEqual(over);
    expect(flat((await mailTo('G-resign', 'red@players.test', 'rejection')).at(-1)!.payload.text)).toContain(
      flat('is over (blue conceded; red wins by concession.): there is nothing to concede'),
    );
  });

  it('HELP COMMANDS lists HISTORY, PRESS and RESIGN', async () => {
    await create('G-help');
    const d = await s.gameService.replyDraft(
      'G-help',
      'red',
      'red@players.test',
      { name: 'HELP', topic: 'commands', line: 1, refereeOnly: false },
      'help-cmds',
    );
    // a help reply's body is sealed at rest: read it as the dispatcher does
    const { text } = new MailAtRest(s.config.UMPIRE_SECRET).open(d);
    for (const usage of ['HISTORY [turn]', 'PRESS text', 'RESIGN CONFIRM']) expect(flat(text)).toContain(usage);
  });
});
