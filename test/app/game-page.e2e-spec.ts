/**
 * The game pages in a real browser (Debian's chromium through playwright-core; scripts/chromium.sh
 * installs it): a Victory in the Pacific game played by self-play through the real event store on
 * PostgreSQL (half its deadlines missed), with a referee's note recorded by
 * the game service and an inbound mail in the inbound store; the API process (ApiModule) serves
 * the pages. Each side's pages are checked against the other side's hidden facts, computed here
 * from the engine's own views and narrative, not from the pages' code.
 */
import 'reflect-metadata';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type Browser, chromium, type Page } from 'playwright-core';
import { ApiModule } from '../../src/app/api.module';
import { loadConfig } from '../../src/config/config';
import { type EngineEvent, initialState, narrativeFor, viewFor } from '../../src/engine/game';
import { selfplayThrough } from '../../src/engine/selfplay';
import { vitpRuleset } from '../../src/games/vitp';
import { buildServices, type Services } from '../../src/services/container';
import { fold } from '../../src/services/game-repository';
import { signPageLink } from '../../src/services/game-page/link';
import { selfplayGameId, storeRoundTrip } from '../../src/services/selfplay-store';
import type { StoredEvent } from '../../src/store/event-store';
import { freshDatabase, redisPrefix, type TestDatabase } from '../support/db';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SECRET = 'game-page-test-secret-0123456789abcdef';
const SIDES = ['japanese', 'allied'] as const;
const NOTE = 'Ruling: the Yamato <b>stays</b> & sails at dawn';

describe('the game pages in a real browser', () => {
  let t: TestDatabase;
  let s: Services;
  let app: INestApplication;
  let browser: Browser;
  let base: string;
  let gameId: string;
  let events: StoredEvent[];
  /** each timeline entry's events: the log cut after every StepResolved */
  let entries: { from: number; to: number }[];
  /** by viewer, by entry: the engine's narrative of the entry's events and the viewer's summary after it */
  const reads: Record<string, string[][]> = { japanese: [], allied: [] };

  const link = (viewer: string, days = 1) =>
    `${base}/game/${signPageLink(SECRET, { gameId, viewer, expiresAt: new Date(Date.now() + days * 86_400_000).toISOString() })}`;

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run bash scripts/chromium.sh (apt-get install chromium)`);
    t = await freshDatabase('game_page');
    const env = {
      DATABASE_URL: t.url,
      UMPIRE_QUEUE_PREFIX: redisPrefix('game-page'),
      LOG_LEVEL: 'silent',
      IMAP_ENABLED: 'false',
      UMPIRE_SECRET: SECRET,
    };
    Object.assign(process.env, env);
    s = buildServices(loadConfig(env as NodeJS.ProcessEnv), { poolSize: 2 });

    let clock = 0;
    const played = await selfplayThrough(
      vitpRuleset as never,
      { games: 1, seed: 'game-pages', clock: () => clock++, missRate: 0.5 },
      storeRoundTrip(s.db, { runId: 'pages', now: () => new Date('2026-11-20T10:00:00Z') }),
    );
    expect(played.verified).toBe(1);
    gameId = selfplayGameId('pages', 0);
    // a referee's ruling through the game service, and a mail in the inbound store
    await s.db.transaction((tx) =>
      s.gameService.run(tx, 'referee.note', { text: NOTE, actor: 'referee' }, { gameId, idempotencyKey: 'note-1' }),
    );
    const mail = await s.inbound.receive(
      'webhook',
      Buffer.from(
        'From: j@players.test\r\nTo: umpire@umpire.test\r\nSubject: orders\r\nMessage-ID: <page-1@players.test>\r\n\r\nSTATUS\r\n',
      ),
    );
    await s.inbound.mark(mail.id, 'processed', gameId, { side: 'japanese', commands: ['STATUS'] });
    events = await s.events.read(gameId);
    entries = [];
    let from = 0;
    events.forEach((e, i) => {
      if (e.type === 'StepResolved' || i === events.length - 1) {
        entries.push({ from, to: i });
        from = i + 1;
      }
    });
    let state = initialState();
    for (const { from, to } of entries) {
      const slice = events.slice(from, to + 1);
      state = fold(state, slice, vitpRuleset as never);
      const engine = slice.filter((e) => e.type !== 'NoteAdded').map((e) => ({ type: e.type, data: e.payload }) as EngineEvent);
      for (const viewer of SIDES) {
        const summary = (viewFor(state, viewer, vitpRuleset as never).board as { summary: string[] }).summary;
        reads[viewer].push([...engine.flatMap((e) => narrativeFor([e], viewer, vitpRuleset as never)), ...summary]);
      }
    }

    app = await NestFactory.create(ApiModule, { logger: false });
    await app.listen(0, '127.0.0.1');
    base = await app.getUrl();
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await s?.jobs.obliterate();
    await s?.close();
    await t?.drop();
  });

  async function open(url: string): Promise<{ page: Page; status: number; text: string }> {
    const page = await browser.newPage();
    const res = await page.goto(url, { waitUntil: 'load' });
    // textContent: also what is in the page but not shown (the view as data, folded away)
    return { page, status: res?.status() ?? 0, text: (await page.evaluate('document.body.textContent')) as string };
  }

  /** The map image decoded (browser-side code as text: the project compiles without the DOM library). */
  const mapDrawn = (page: Page) =>
    page.evaluate(`((el) => !!el && el.complete && el.naturalWidth > 400 && el.naturalHeight > 300)(document.querySelector('img.map'))`);

  /** What `viewer` reads of entry i: the engine's narrative of its events and its view's summary after it. */
  const readsAt = (i: number, viewer: string): string[] => reads[viewer][i];

  /** Lines `other` read at entry i that the side reading `mine` read nowhere in the game: its hidden facts. */
  function hiddenAt(i: number, other: string, mine: Set<string>): string[] {
    return readsAt(i, other).filter((line) => !mine.has(line));
  }

  it("given the referee's link, then the timeline lists every step, the ruling shows escaped, and the inbound mail is listed", async () => {
    const { page, status, text } = await open(link('referee'));
    try {
      expect(status).toBe(200);
      await expect(page.getByRole('heading', { name: 'Timeline' }).isVisible()).resolves.toBe(true);
      expect(await page.locator('table a[href*="/step/"]').count()).toBe(entries.length);
      // the note's markup is shown as text, never made markup
      expect(text).toContain(`Referee's note: ${NOTE}`);
      expect(await page.locator('li b').count()).toBe(0);
      const mails = await open(`${page.url()}/mails`);
      expect(mails.status).toBe(200);
      expect(mails.text).toContain('page-1@players.test');
      expect(mails.text).toContain('processed');
      // the sender and subject, read from the mail sealed at rest
      expect(mails.text).toContain('j@players.test');
      await mails.page.close();
    } finally {
      await page.close();
    }
  });

  it.each(SIDES)(
    "given %s's link, then its step pages render with the map and hold no hidden fact of the other side",
    async (me) => {
      const other = me === 'japanese' ? 'allied' : 'japanese';
      const mine = new Set(entries.flatMap((_, i) => readsAt(i, me)));
      const hiddenByEntry = entries.map((_, i) => hiddenAt(i, other, mine));
      const allHidden = [...new Set(hiddenByEntry.flat())];
      // the game has secrets to keep (the other side's orders as sent, its defaults): else this test proves nothing
      expect(allHidden.length).toBeGreaterThan(5);
      const withSecrets = hiddenByEntry.flatMap((h, i) => (h.length ? [i] : []));
      const sample = [0, ...withSecrets.filter((_, k) => k % Math.ceil(withSecrets.length / 6) === 0), entries.length - 1];
      const index = link(me);
      for (const i of [...new Set(sample)]) {
        const { page, status, text } = await open(`${index}/step/${i + 1}`);
        try {
          expect(status).toBe(200);
          expect(allHidden.filter((fact) => text.includes(fact))).toEqual([]);
          // and the page does show what this side read then
          for (const line of readsAt(i, me).slice(0, 5)) expect(text).toContain(line);
          if (i > 0) expect(await mapDrawn(page)).toBe(true);
        } finally {
          await page.close();
        }
        // the other side's own page for that step shows its secrets: they were there to leak
        if (hiddenByEntry[i].length) {
          const theirs = await open(`${link(other)}/step/${i + 1}`);
          expect(theirs.text).toContain(hiddenByEntry[i][0]);
          await theirs.page.close();
        }
      }
      const dice = await open(`${index}/dice`);
      expect(dice.status).toBe(200);
      expect(dice.text).toMatch(/ (\d+) recomputed and matching, 0 failing, 0 not checkable yet/);
      expect(allHidden.filter((fact) => dice.text.includes(fact))).toEqual([]);
      // a side's link does not open the referee's mail list
      const mails = await open(`${index}/mails`);
      expect(mails.status).toBe(403);
      await dice.page.close();
      await mails.page.close();
    },
    240_000,
  );

  it("given an observer's link, then its pages hold neither side's hidden facts, and the map still draws", async () => {
    const seen = Object.fromEntries(SIDES.map((side) => [side, new Set(entries.flatMap((_, i) => readsAt(i, side)))]));
    const hidden = new Set(entries.flatMap((_, i) => [...hiddenAt(i, 'allied', seen.japanese), ...hiddenAt(i, 'japanese', seen.allied)]));
    expect(hidden.size).toBeGreaterThan(10);
    const index = link('observer');
    for (const i of [1, Math.floor(entries.length / 3), Math.floor(entries.length / 2), entries.length - 1]) {
      const { page, status, text } = await open(`${index}/step/${i + 1}`);
      try {
        expect(status).toBe(200);
        expect([...hidden].filter((fact) => text.includes(fact))).toEqual([]);
        expect(await mapDrawn(page)).toBe(true);
        expect(text).toMatch(/Turn \d of \d\./);
      } finally {
        await page.close();
      }
    }
    const dir = join(__dirname, '..', '..', 'var', 'test-output');
    mkdirSync(dir, { recursive: true });
    const shot = await open(`${index}/step/${Math.floor(entries.length / 2)}`);
    writeFileSync(join(dir, 'game-page-in-chromium.png'), await shot.page.screenshot({ fullPage: true }));
    await shot.page.close();
  }, 120_000);

  it('given a changed link, an expired one or a bare game id, then each gets a 403 page saying why (a good link to no game: 404)', async () => {
    const good = link('japanese');
    const token = good.split('/game/')[1];
    const at = token.length - 10;
    const changed = `${base}/game/${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
    const cases: [string, RegExp][] = [
      [changed, /has been changed, or was not issued by this umpire/],
      [`${changed}/step/2`, /has been changed/],
      [link('japanese', -1), /This link expired at/],
      [`${base}/game/${gameId}`, /not a game-page link/],
    ];
    const nowhere = signPageLink(SECRET, {
      gameId: 'G-nowhere',
      viewer: 'referee',
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const missing = await open(`${base}/game/${nowhere}`);
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('There is no game G-nowhere');
    await missing.page.close();
    for (const [url, why] of cases) {
      const { page, status, text } = await open(url);
      expect(status).toBe(403);
      expect(text).toMatch(/Link refused/);
      expect(text).toMatch(why);
      expect(text).not.toContain('Timeline');
      await page.close();
    }
  });

  it('issue 30: given a game played by mail with rulings, then the rulings read in words, each mail shows its arrival to the second, its Message-ID and the events it produced (and back), and each step page its deadline', async () => {
    // given a Fleet Duel game with a referee: red's orders came by mail, the referee extended the
    // deadline and handed blue's seat to another player
    const desk = 'G-pagedesk';
    const sides = [
      { side: 'red', player: { address: 'red@players.test' } },
      { side: 'blue', player: { address: 'blue@players.test' } },
    ];
    const apply = async (key: string, kind: string, payload: object) => {
      await s.bus.submit(desk, key, kind, { gameId: desk, ...payload });
      await s.inbox.drain(desk, s.bus.apply);
    };
    await apply('create', 'game.create', { ruleset: 'fleet-duel', sides, referee: 'ref@players.test' });
    const raw =
      'From: red@players.test\r\nTo: umpire@umpire.test\r\nSubject: orders\r\nMessage-ID: <desk-red-1@players.test>\r\n\r\nMOVE north\r\n';
    const mail = await s.inbound.receive('webhook', Buffer.from(raw));
    await apply('orders-red', 'game.orders', { side: 'red', text: 'MOVE north', via: `mail ${mail.messageId}` });
    await s.inbound.mark(mail.id, 'processed', desk, { side: 'red', commands: ['ORDERS'] });
    await apply('extend', 'game.extend', { byMinutes: 90, replyTo: 'ref@players.test' });
    await apply('replace', 'game.replace', {
      side: 'blue',
      address: 'navy@players.test',
      reason: 'moved to another club',
      referee: 'ref@players.test',
    });
    const log = await s.events.read(desk);
    const ordered = log.find((e) => e.metadata?.via === `mail ${mail.messageId}`)!;
    const extended = log.find((e) => e.type === 'DeadlineSet' && (e.payload as { extended?: boolean }).extended)!;
    const deskLink = (viewer: string) =>
      `${base}/game/${signPageLink(SECRET, { gameId: desk, viewer, expiresAt: new Date(Date.now() + 86_400_000).toISOString() })}`;
    const second = (iso: string) => `${iso.slice(0, 19).replace('T', ' ')} UTC`;

    // the referee's index: every ruling in words, no payload dumped
    const index = await open(deskLink('referee'));
    try {
      const rulings = await index.page.locator('ul.rulings li').allTextContents();
      expect(
        rulings.some((r) =>
          r.includes(`The referee extended the deadline of t1/orders to ${second((extended.payload as { at: string }).at)}`),
        ),
      ).toBe(true);
      expect(rulings).toContainEqual(
        expect.stringContaining('The referee handed the blue seat from blue@players.test to navy@players.test'),
      );
      expect(rulings.some((r) => /[{}]|"\w+":/.test(r))).toBe(false);
    } finally {
      await index.page.close();
    }
    // a side reads the same rulings, addresses withheld
    const red = await open(deskLink('red'));
    expect(red.text).toContain('The referee handed the blue seat from (address withheld) to (address withheld)');
    expect(red.text).not.toContain('navy@players.test');
    await red.page.close();

    // the mail list: arrival to the second, its Message-ID, a link to the event it produced
    const mails = await open(`${deskLink('referee')}/mails`);
    try {
      const row = mails.page.locator(`tr#m${mail.id}`);
      const cells = await row.locator('td').allTextContents();
      const [stored] = await s.db.query<{ arrived: string }>(
        `SELECT to_char(arrived_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') || ' UTC' AS arrived FROM inbound_messages WHERE id = $1`,
        [mail.id],
      );
      expect(cells[0]).toBe(stored.arrived);
      expect(cells).toContain(mail.messageId);
      // follow the link to the event, and from the event back to the mail
      await row.locator(`a[href$="#e${ordered.seq}"]`).click();
      await mails.page.waitForURL(new RegExp(`/step/\\d+#e${ordered.seq}$`));
      const event = mails.page.locator(`tr#e${ordered.seq}`);
      expect(await event.textContent()).toContain(`mail #${mail.id}, arrived ${stored.arrived}`);
      // the deadline in force on that step page, to the second
      expect(await mails.page.locator('p.deadline').textContent()).toBe(
        `Deadline in force: ${second((extended.payload as { at: string }).at)}${(extended.payload as { graceUntil: string }).graceUntil !== (extended.payload as { at: string }).at ? ` (defaults apply after the grace, ${second((extended.payload as { graceUntil: string }).graceUntil)})` : ''}, as the referee extended it at event #${extended.seq}.`,
      );
      await event.locator(`a[href$="/mails#m${mail.id}"]`).click();
      await mails.page.waitForURL(new RegExp(`/mails#m${mail.id}$`));
      expect(await mails.page.locator(`tr#m${mail.id}`).isVisible()).toBe(true);
    } finally {
      await mails.page.close();
    }
    // a side's step page shows the deadline, but not the referee's log of mails
    const step = await open(`${deskLink('red')}/step/1`);
    expect(step.text).toContain('Deadline in force: ');
    expect(await step.page.locator('table.log').count()).toBe(0);
    await step.page.close();
  }, 120_000);
});
