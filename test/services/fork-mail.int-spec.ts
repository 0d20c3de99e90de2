import type { Services } from '../../src/services/container';
import { GamePages } from '../../src/services/game-page/pages';
import { signPageLink } from '../../src/services/game-page/link';
import { SecretBox } from '../../src/shared/secret-box';
import { PermanentCommandError } from '../../src/store/commands';
import { gameMails } from '../../src/store/game-mails';
import { type ServiceHarness, startServices, stopServices, applyCommand, DUEL_SIDES } from '../support/services';
import { flat } from '../support/text';

const REFEREE = 'ref@players.test';
const PLAYERS = DUEL_SIDES.map((s) => s.player.address);

/**
 * Issue 30: a what-if fork is the referee's alone. Whatever happens in it (orders refused, a
 * command that fails, a parent's player mailing it), no player of the parent is mailed; the
 * referee is, in a referee's words. The fork's copied prefix keeps the parent's times.
 */
describe('a fork mails only its referee and keeps its parent times', () => {
  let h: ServiceHarness;
  let s: Services;
  let now = new Date('2026-11-21T12:00:00Z');
  const parent = 'G-fmparent';
  beforeAll(async () => {
    h = await startServices('forkmail', { DEADLINE_MINUTES: '600' }, { clock: () => now });
    s = h.s;
    // given a parent game played through its first step, with a referee
    await apply(parent, 'c', 'game.create', { gameId: parent, ruleset: 'fleet-duel', sides: DUEL_SIDES, referee: REFEREE });
    now = new Date('2026-11-21T13:00:00Z');
    await apply(parent, 'o1', 'game.orders', { gameId: parent, side: 'red', text: 'MOVE north', via: 'test' });
    now = new Date('2026-11-21T14:00:00Z');
    await apply(parent, 'o2', 'game.orders', { gameId: parent, side: 'blue', text: 'MOVE south', via: 'test' });
    now = new Date('2026-11-25T09:00:00Z');
  });
  afterAll(() => stopServices(h));

  const apply = (gameId: string, key: string, kind: string, payload: unknown) => applyCommand(s, gameId, key, kind, payload);
  const playerMail = async () => (await Promise.all(PLAYERS.map((p) => s.outbox.byRecipient(p)))).flat().length;

  it('given orders the rules refuse, when the referee forks with them, then no fork is made, the refusal names the lines for the referee, and no player is mailed', async () => {
    const before = await playerMail();
    const out = await apply('G-fmbad', 'fork-bad', 'game.fork', {
      parentId: parent,
      gameId: 'G-fmbad',
      target: { stepId: 't1/orders' },
      orders: { blue: 'FLY away' },
    });
    expect(out.status).toBe('failed');
    const error = String((out.result as { error: string }).error);
    expect(error).toMatch(
      /^No fork of G-fmparent was made: the orders given for blue at t1\/orders were refused: line 1 "FLY away": unknown order/,
    );
    // the player's refusal wording stays out of the referee's answer
    expect(error).not.toMatch(/Your mail|send the whole mail again|\{"error"/);
    expect(await s.events.head('G-fmbad')).toMatchObject({ version: 0 });
    expect(await playerMail()).toBe(before);
  });

  it('given a fork, then its copied events keep the parent times, only its own events are new, and no player is mailed', async () => {
    const before = await playerMail();
    const out = await apply('G-fmfork', 'fork-ok', 'game.fork', { parentId: parent, gameId: 'G-fmfork', target: { stepId: 't1/orders' } });
    expect(out.status).toBe('applied');
    const parentLog = await s.events.read(parent);
    const forkLog = await s.events.read('G-fmfork');
    const marker = forkLog.find((e) => e.type === 'GameForked')!;
    expect(forkLog.slice(0, marker.seq - 1).map((e) => e.recordedAt)).toEqual(parentLog.slice(0, marker.seq - 1).map((e) => e.recordedAt));
    expect(new Set(forkLog.slice(0, marker.seq - 1).map((e) => e.recordedAt)).size).toBeGreaterThan(1);
    expect(forkLog.slice(marker.seq - 1).every((e) => e.recordedAt === now.toISOString())).toBe(true);
    expect(await s.events.verify('G-fmfork')).toMatchObject({ ok: true });
    expect(await playerMail()).toBe(before);
  });

  it("when a fork's command fails for good, then the referee alone is told, in a referee's words", async () => {
    const before = await playerMail();
    // the worker's failure path: the command's use case throws a permanent error
    await s.bus.submit('G-fmfork', 'k-fail', 'game.orders', { gameId: 'G-fmfork', side: 'blue', text: 'MOVE north', via: 'test' });
    const broke = async () => {
      throw new PermanentCommandError('the rules build broke');
    };
    await s.inbox.drain('G-fmfork', broke, 10, (c, e) => s.gameService.commandFailed(c, e));
    expect(await playerMail()).toBe(before);
    const told = (await s.outbox.byRecipient(REFEREE)).filter((m) => m.idempotencyKey.startsWith('k-fail'));
    expect(told).toHaveLength(1);
    expect(flat(String(told[0].payload.text))).toContain(
      'In G-fmfork, your fork of G-fmparent, the umpire could not carry out game.orders',
    );
    expect(flat(String(told[0].payload.text))).toContain('no player was told');
  });

  it("when a parent's player mails the fork, then the player is not answered and the referee is told who wrote", async () => {
    const before = await playerMail();
    const reply = s.composer.replyAddressFor('G-fmfork', 'blue', 'blue@players.test');
    const raw = Buffer.from(
      ['From: blue@players.test', `To: ${reply}`, 'Subject: orders', 'Message-ID: <fm1@players.test>', '', 'MOVE north', ''].join('\r\n'),
    );
    const r = await s.ingest.ingest((await s.inbound.receive('test', raw)).id);
    expect(r.status).toBe('rejected');
    expect(await playerMail()).toBe(before);
    const told = (await s.outbox.byRecipient(REFEREE)).find((m) => m.idempotencyKey.endsWith(':fork'));
    expect(flat(String(told?.payload.text))).toContain('blue@players.test mailed G-fmfork, your fork of G-fmparent, and was not answered');
  });

  it("given a parent played by mail, when it is forked later, then the fork's step page shows the parent's arrival and deadline times up to the fork point", async () => {
    const pages = new GamePages({
      events: s.events,
      mails: (gameId) => gameMails(s.db, new SecretBox(s.config.UMPIRE_SECRET, 'inbound-mail'), gameId, 1000),
      secret: s.config.UMPIRE_SECRET,
    });
    const origin = 'G-fmorigin';
    now = new Date('2026-12-01T08:00:00Z');
    await apply(origin, 'c2', 'game.create', { gameId: origin, ruleset: 'fleet-duel', sides: DUEL_SIDES, referee: REFEREE });
    now = new Date('2026-12-01T09:00:00Z');
    const raw =
      'From: red@players.test\r\nTo: u@umpire.test\r\nSubject: orders\r\nMessage-ID: <fm-origin-red@players.test>\r\n\r\nMOVE north\r\n';
    const mail = await s.inbound.receive('webhook', Buffer.from(raw));
    await s.inbound.mark(mail.id, 'processed', origin, { side: 'red' });
    await apply(origin, 'r2', 'game.orders', { gameId: origin, side: 'red', text: 'MOVE north', via: `mail ${mail.messageId}` });
    now = new Date('2026-12-01T10:00:00Z');
    await apply(origin, 'b2', 'game.orders', { gameId: origin, side: 'blue', text: 'MOVE south', via: 'test' });
    // forked a week later
    now = new Date('2026-12-08T10:00:00Z');
    expect(
      (await apply('G-fmorigin2', 'fork-2', 'game.fork', { parentId: origin, gameId: 'G-fmorigin2', target: { stepId: 't1/orders' } }))
        .status,
    ).toBe('applied');
    const link = (gameId: string) => signPageLink(s.config.UMPIRE_SECRET, { gameId, viewer: 'referee', expiresAt: '2027-01-01T00:00:00Z' });
    // a page's own links (its game's signed token) left out
    const clip = (html: string, from: string, to: string) =>
      html.slice(html.indexOf(from), html.indexOf(to, html.indexOf(from))).replace(/\/game\/[^/"]+/g, '/game/…');
    const parentPage = (await pages.step(link(origin), 1)).html;
    const forkPage = (await pages.step(link('G-fmorigin2'), 1)).html;
    // the deadline in force, and the mail behind red's orders with its arrival, as on the parent's page
    const deadline = clip(parentPage, '<p class="deadline">', '</p>');
    expect(deadline).toContain('Deadline in force: <strong>2026-12-01 ');
    expect(clip(forkPage, '<p class="deadline">', '</p>')).toBe(deadline);
    const arrived = (await s.inbound.get(mail.id))!;
    expect(forkPage).toContain(
      `mail #${mail.id}</a>, arrived ${new Date(arrived.arrivedAt).toISOString().slice(0, 19).replace('T', ' ')} UTC`,
    );
    // every event the fork shares with its parent shows on its log as on the parent's: same time, same mail
    const atSeq = ((await s.events.read('G-fmorigin2')).find((e) => e.type === 'GameForked')!.payload as { atSeq: number }).atSeq;
    for (let seq = 1; seq <= atSeq; seq++) {
      const row = clip(parentPage, `<tr id="e${seq}">`, '</tr>');
      expect(row).toContain('2026-12-01 ');
      expect(clip(forkPage, `<tr id="e${seq}">`, '</tr>')).toBe(row);
    }
  });
});
