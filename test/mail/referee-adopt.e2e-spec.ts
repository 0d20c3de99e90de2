/**
 * Issue 30, adopting a fork by mail on the real servers: every mail goes through Postfix into
 * Dovecot and is read back over IMAP. The referee forks a game (the command line, which mails
 * only the referee), then mails the parent game `ADOPT <fork> BECAUSE <reason>`: the game is
 * rolled back to the fork point with a new dice chain and the fork's orders replayed, the log
 * records ForkAdopted and still verifies, and the referee is told what was done. An ADOPT that
 * cannot work is refused by mail, saying why, and changes nothing.
 */
import { SmtpTransport } from '../../src/app/smtp-transport';
import { verifyStoredLog } from '../../src/audit/verify-log';
import { rulesets as registry } from '../../src/games';
import { createMailUser, ensureMailServers, type MailUser } from '../support/mail';
import { type MailDesk, mailDesk, parsedInbox } from '../support/mail-desk';
import { type ServiceHarness, startServices, stopServices } from '../support/services';

describe('the referee ADOPTs a fork by mail (Postfix + Dovecot)', () => {
  let h: ServiceHarness;
  let transport: SmtpTransport;
  let red: MailUser;
  let blue: MailUser;
  let ref: MailUser;
  let desk: MailDesk;
  const gameId = 'G-adoptmail';
  const forkId = 'G-adoptmail-f1';

  beforeAll(async () => {
    const env = await ensureMailServers();
    let umpire: MailUser;
    [umpire, red, blue, ref] = await Promise.all(['ad-ump', 'ad-red', 'ad-blue', 'ad-ref'].map((l) => createMailUser(l)));
    h = await startServices('referee-adopt', { MAIL_DOMAIN: env.domain, UMPIRE_ADDRESS: umpire.address, THROTTLE_PER_HOUR: '0' });
    transport = new SmtpTransport(env.smtpHost, env.smtpPort, umpire.address);
    desk = mailDesk(h, umpire, transport, 'adopt');
    // given a game whose first step is over, and the referee's fork of it at that step where blue went south
    await desk.duel(gameId, red, blue, ref);
    await desk.send(red, desk.replyTo(gameId, 'red', red), 'MOVE north');
    await desk.send(blue, desk.replyTo(gameId, 'blue', blue), 'MOVE center');
    await desk.pump([gameId], 2);
    const forked = await h.s.bus.submit(forkId, `fork:${forkId}`, 'game.fork', {
      parentId: gameId,
      gameId: forkId,
      target: { stepId: 't1/orders' },
      orders: { blue: 'MOVE south' },
      referee: ref.address,
    });
    await desk.deliver([forkId]);
    expect((await h.s.bus.waitFor(forked.id, 30_000)).status).toBe('applied');
  }, 300_000);
  afterAll(async () => {
    transport?.close();
    await stopServices(h);
  });

  const log = () => h.s.events.read(gameId);

  it('an ADOPT naming no fork of this game, or without a reason, is refused by mail, saying why, and changes nothing', async () => {
    const head = await h.s.events.head(gameId);
    await desk.send(ref, desk.replyTo(gameId, 'referee', ref), `ADOPT ${forkId}`);
    await desk.send(ref, desk.replyTo(gameId, 'referee', ref), 'ADOPT G-nowhere BECAUSE a typo');
    await desk.pump([gameId], 2);
    const said = (
      await parsedInbox(
        ref,
        (ms) => ms.filter((m) => /ADOPT/.test(m.text ?? '') && /refused|needs|no fork/i.test(m.text ?? '')).length >= 2,
      )
    )
      .map((m) => m.text ?? '')
      .join('\n');
    expect(said).toContain('an adoption needs a reason');
    expect(said).toContain('G-nowhere is no fork');
    expect(await h.s.events.head(gameId)).toEqual(head);
  }, 300_000);

  it('when the referee mails ADOPT <fork> BECAUSE <reason>, then the game goes on as the fork went, recorded, verified, and the referee told', async () => {
    await desk.send(ref, desk.replyTo(gameId, 'referee', ref), `ADOPT ${forkId} BECAUSE blue's orders were lost in the mail`);
    await desk.pump([gameId]);
    const all = await log();
    const adopted = all.find((e) => e.type === 'ForkAdopted');
    expect(adopted?.payload).toMatchObject({
      forkId,
      referee: ref.address,
      reason: `adopting fork ${forkId}: blue's orders were lost in the mail`,
    });
    // the board is the fork's, where blue went south (the replayed orders are sealed in the log)
    const board = (id: string) => h.s.games.load(id).then((g) => g.state.rules);
    expect(await board(gameId)).toEqual(await board(forkId));
    expect(all.some((e) => e.type === 'SeedChainRenewed')).toBe(true);
    expect(await h.s.events.verify(gameId)).toMatchObject({ ok: true });
    const r = verifyStoredLog(all, { running: Object.values(registry) });
    expect(r.lines.filter((l) => l.startsWith('BROKEN'))).toEqual([]);
    expect(r.ok).toBe(true);
    const done = await parsedInbox(ref, (ms) => ms.some((m) => m.text?.includes(`${forkId} adopted as the continuation of ${gameId}`)));
    expect(done.some((m) => m.text?.includes(`${forkId} adopted as the continuation of ${gameId}`))).toBe(true);
  }, 300_000);
});
