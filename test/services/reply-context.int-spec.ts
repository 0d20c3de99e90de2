/**
 * Issue 15, "know what the umpire sent": at ingest, a reply's lines that repeat mail the umpire
 * sent this player in this game are quoted text, whatever the client did. Here a player pastes his
 * welcome back under his orders with no quote marks and no header, as some clients do.
 */
import { type ServiceHarness, DUEL_SIDES, startServices, stopServices } from '../support/services';

describe('ingest: the umpire knows what it sent', () => {
  let h: ServiceHarness;
  beforeAll(async () => {
    h = await startServices('reply-context');
    for (const gameId of ['G-paste', 'G-blind']) {
      await h.s.bus.submit(gameId, `create:${gameId}`, 'game.create', { gameId, ruleset: 'fleet-duel', sides: DUEL_SIDES });
      await h.s.inbox.drain(gameId, h.s.bus.apply);
    }
  });
  afterAll(() => stopServices(h));

  const mail = (id: string, to: string, body: string) =>
    Buffer.from(
      [`From: red@players.test`, `To: ${to}`, 'Subject: Re: report', `Message-ID: <${id}@players.test>`, '', body, ''].join('\r\n'),
    );

  /** ingest one mail, apply the game's inbox, and say what became of its orders */
  const ordersOutcome = async (gameId: string, body: string) => {
    const s = h.s;
    const raw = mail(`${gameId}-${Date.now()}`, s.composer.replyAddressFor(gameId, 'red', 'red@players.test'), body);
    const result = await s.ingest.ingest((await s.inbound.receive('test', raw)).id);
    expect(result.status).toBe('processed');
    const { id } = (result.detail as { commands: { ORDERS: { id: string } }[] }).commands[0].ORDERS;
    await s.inbox.drain(gameId, s.bus.apply, 1000, (c, e) => s.gameService.commandFailed(c, e));
    return (await s.inbox.get(id))!.status;
  };

  it("takes a pasted copy of the umpire's own mail for quoted text: the orders above it are accepted", async () => {
    const [welcome] = await h.s.outbox.recentTo('G-paste', 'RED@players.test');
    expect(welcome.payload.text).toContain('G-paste');
    const pasted = welcome.payload.text.split('\n').slice(0, 8).join('\n');
    expect(await ordersOutcome('G-paste', `MOVE north\n\n${pasted}`)).toBe('applied');
  });

  it('a paste of mail the umpire sent for another game is read as orders, and refused', async () => {
    const [welcome] = await h.s.outbox.recentTo('G-paste', 'red@players.test');
    const pasted = welcome.payload.text.split('\n').slice(0, 8).join('\n');
    expect(pasted).toMatch(/^.*G-paste.*$/m);
    expect(await ordersOutcome('G-blind', `MOVE north\n\n${pasted}`)).toBe('rejected');
  });
});
