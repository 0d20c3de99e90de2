/**
 * The referee's desk by mail on the real servers (issue 12): every message goes through Postfix
 * (SMTP) into Dovecot, is fetched over IMAP, ingested and applied on PostgreSQL, and every answer
 * goes out through Postfix to the players' Dovecot mailboxes, where the test reads it over IMAP.
 * A ROLLBACK by mail undoes a step: the log still verifies (voided events included), every side
 * is told, the game plays on to its end. REPLACE by mail hands a seat over and the old address
 * is refused from then on. MAILS lists the game's mail with its outcome.
 */
import { simpleParser } from 'mailparser';
import { SmtpTransport } from '../../src/app/smtp-transport';
import { auditGameLog, verifyGameLog } from '../../src/engine/game';
import { SERVICE_EVENT_TYPES, liveEngineEvents, toEngineEvent } from '../../src/services/game-repository';
import { checkVoidedDice } from '../../src/engine/voids';
import { createMailUser, ensureMailServers, fetchInbox, type MailUser } from '../support/mail';
import { type MailDesk, mailDesk } from '../support/mail-desk';
import { type ServiceHarness, startServices, stopServices } from '../support/services';

describe('referee ROLLBACK, REPLACE and MAILS by mail (Postfix + Dovecot)', () => {
  let h: ServiceHarness;
  let transport: SmtpTransport;
  let umpire: MailUser;
  let red: MailUser;
  let blue: MailUser;
  let navy: MailUser;
  let ref: MailUser;
  let desk: MailDesk;

  beforeAll(async () => {
    const env = await ensureMailServers();
    [umpire, red, blue, navy, ref] = await Promise.all(
      ['desk-ump', 'desk-red', 'desk-blue', 'desk-navy', 'desk-ref'].map((l) => createMailUser(l)),
    );
    h = await startServices('referee-desk', { MAIL_DOMAIN: env.domain, UMPIRE_ADDRESS: umpire.address, THROTTLE_PER_HOUR: '0' });
    transport = new SmtpTransport(env.smtpHost, env.smtpPort, umpire.address);
    desk = mailDesk(h, umpire, transport, 'desk');
  }, 300_000);
  afterAll(async () => {
    transport?.close();
    await stopServices(h);
  });

  const replyTo = (gameId: string, side: string, user: MailUser) => desk.replyTo(gameId, side, user);
  const send = (from: MailUser, to: string, body: string) => desk.send(from, to, body);
  const pump = (gameIds: string | readonly string[], expected = 1) => desk.pump(gameIds, expected);
  const deliver = (gameIds: string | readonly string[]) => desk.deliver(gameIds);

  /** The texts of the mails in a player's real mailbox that match `pattern` (waits for one). */
  async function mailsOf(user: MailUser, pattern: RegExp): Promise<string[]> {
    for (let i = 0; i < 100; i++) {
      const texts = await Promise.all((await fetchInbox(user)).map(async (m) => (await simpleParser(m.source)).text ?? ''));
      const hits = texts.filter((t) => pattern.test(t));
      if (hits.length) return hits;
      await new Promise((r) => setTimeout(r, 100));
    }
    return [];
  }

  async function expectVerifies(gameId: string): Promise<void> {
    expect(await h.s.events.verify(gameId)).toMatchObject({ ok: true });
    const live = liveEngineEvents(await h.s.events.read(gameId)).map(toEngineEvent);
    expect(verifyGameLog(live).ok).toBe(true);
    expect(auditGameLog(live, (await h.s.games.load(gameId)).ruleset).ok).toBe(true);
    expect(checkVoidedDice(await h.s.events.read(gameId), (t) => SERVICE_EVENT_TYPES.has(t)).broken).toBeUndefined();
  }

  it('a ROLLBACK by mail undoes a step, every side is told, the log verifies; a REPLACE hands blue over; the game finishes', async () => {
    // a game whose turn-1 fleets fought a round with a loser (the game's own dice; a tie: another game)
    let gameId = '';
    for (let i = 0; i < 8 && !gameId; i++) {
      const id = `G-desk${i}`;
      await h.s.bus.submit(id, `create:${id}`, 'game.create', {
        gameId: id,
        ruleset: 'fleet-duel',
        sides: [
          { side: 'red', player: { address: red.address } },
          { side: 'blue', player: { address: blue.address } },
        ],
        referee: ref.address,
      });
      await deliver([id]);
      await send(red, replyTo(id, 'red', red), 'MOVE center');
      await send(blue, replyTo(id, 'blue', blue), 'MOVE center');
      await pump([id], 2);
      if ((await h.s.games.load(id)).state.step?.id === 't1/retreat') gameId = id;
    }
    expect(gameId).not.toBe('');
    const voidedDice = (await h.s.events.read(gameId)).filter((e) => e.type === 'DieRolled');
    expect(voidedDice.length).toBeGreaterThan(0);

    await send(
      ref,
      replyTo(gameId, 'referee', ref),
      "ROLLBACK TO t1/orders ORDERS RESEND blue's first orders were misrouted by his club's server",
    );
    await pump([gameId]);
    const log = await h.s.events.read(gameId);
    const rolled = log.find((e) => e.type === 'RolledBack');
    expect(rolled?.payload).toMatchObject({ stepId: 't1/orders', orders: 'resend', referee: ref.address });
    expect((await h.s.games.load(gameId)).state.step?.id).toBe('t1/orders');
    // the voided dice are still there, and the whole chain (voided events included) verifies
    for (const d of voidedDice) expect(log.find((e) => e.seq === d.seq)?.hash).toBe(d.hash);
    await expectVerifies(gameId);
    for (const user of [red, blue, ref]) {
      const told = await mailsOf(user, /rolled back to t1\/orders/);
      expect(told.length).toBeGreaterThan(0);
      expect(told[0]).toContain('misrouted');
    }

    // REPLACE: blue's seat goes to navy; the old address is refused from then on
    await send(ref, replyTo(gameId, 'referee', ref), `REPLACE blue ${navy.address} moved to another club`);
    await pump([gameId]);
    expect((await mailsOf(blue, /handed your seat/)).length).toBe(1);
    const secret = h.s.gameService.playerSecret(gameId, 'blue', navy.address);
    expect((await mailsOf(navy, new RegExp(secret))).length).toBeGreaterThan(0);
    const head = (await h.s.events.head(gameId)).version;
    const stale = await send(blue, replyTo(gameId, 'blue', blue), 'MOVE north');
    await pump([gameId]);
    expect((await h.s.events.head(gameId)).version).toBe(head);
    const refused = await h.s.db.query<{ status: string }>('SELECT status FROM inbound_messages WHERE message_id LIKE $1', [`%${stale}%`]);
    expect(refused.map((r) => r.status)).toEqual(['rejected']);
    expect((await mailsOf(blue, /not registered|belongs to another|no longer/i)).length).toBeGreaterThan(0);

    // MAILS blue: the referee sees blue's mails with arrival time, status and outcome
    await send(ref, replyTo(gameId, 'referee', ref), 'MAILS blue');
    await pump([gameId]);
    const listing = (await mailsOf(ref, /Done: MAILS blue/))[0];
    expect(listing).toMatch(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z #\d+ from desk-blue/);
    expect(listing).toMatch(/processed/);

    // ADJUST by mail (issue 30): a board edit with its reason, named by the referee's address, every side told;
    // the audit at the end re-applies it
    await send(ref, replyTo(gameId, 'referee', ref), 'ADJUST fleets.blue.ships = 2 BECAUSE the club agreed blue lost a ship in the mix-up');
    await pump([gameId]);
    const edit = (await h.s.events.read(gameId)).find((e) => e.type === 'BoardAdjusted');
    expect(edit).toMatchObject({
      payload: { edits: [{ path: ['fleets', 'blue', 'ships'], value: 2 }] },
      metadata: { referee: ref.address },
    });
    expect((await mailsOf(red, /board was adjusted/))[0]).toContain('lost a ship in the mix-up');

    // play on by mail to the end: navy answers from its own reply address
    for (let step = 0; step < 30; step++) {
      const g = await h.s.games.load(gameId);
      if (!g.state.step) break;
      if (g.state.step.id.endsWith('/retreat')) {
        const side = g.state.step.owes[0];
        const who = side === 'red' ? red : navy;
        await send(who, replyTo(gameId, side, who), 'RETREAT');
        await pump([gameId]);
      } else {
        await send(red, replyTo(gameId, 'red', red), 'MOVE north');
        await send(navy, replyTo(gameId, 'blue', navy), 'MOVE south');
        await pump([gameId], 2);
      }
    }
    const end = await h.s.games.load(gameId);
    expect(end.state.step).toBeNull();
    expect(end.state.result).not.toBeNull();
    await expectVerifies(gameId);
    // the voided dice too: recomputed from their voided StepResolved and the seed turn 1 revealed since
    expect(checkVoidedDice(await h.s.events.read(gameId), (t) => SERVICE_EVENT_TYPES.has(t))).toMatchObject({
      sealed: 0,
      checked: expect.any(Number),
    });
    expect(checkVoidedDice(await h.s.events.read(gameId), (t) => SERVICE_EVENT_TYPES.has(t)).checked).toBeGreaterThan(0);
    expect((await mailsOf(navy, /GAME OVER|game is over|Result/i)).length).toBeGreaterThan(0);
  }, 300_000);
});
