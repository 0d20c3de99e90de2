/**
 * Issue 28, phones: each kind of mail's HTML part as a phone shows it (Debian's chromium through
 * playwright-core, 375 CSS pixels wide): nothing wider than the screen, so nobody scrolls sideways
 * to read a card, a refusal or a report; the card's ready reply selects whole with one tap.
 */
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import type { AnyRuleset } from '../../src/engine/evolve';
import { viewFor } from '../../src/engine/game';
import { vitpRuleset } from '../../src/games/vitp';
import { MailAtRest } from '../../src/mail/at-rest';
import { MailComposer } from '../../src/mail/composer';
import type { Notice } from '../../src/mail/notices';
import { answerCard } from '../../src/services/answer-card';
import { noticeBase, reportNotices, rejectionNotice, stepNeeds } from '../../src/services/notice-builders';
import { welcomeGuide } from '../../src/services/welcome-guide';
import { CommandRejected } from '../../src/engine/engine-events';
import { MemoryGame } from '../support/loaded-game';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const vitp = vitpRuleset as AnyRuleset;
const PHONE = 375;

describe('issue 28: mails on a phone', () => {
  let browser: Browser;
  const secret = 'p'.repeat(32);
  const composer = new MailComposer({ domain: 'umpire.test', umpireAddress: 'umpire@umpire.test', secret });
  const html = (n: Notice) => new MailAtRest(secret).open(composer.draft(n)).html as string;

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run bash scripts/chromium.sh (apt-get install chromium)`);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** The page's width as the phone lays it out: the widest the document scrolls to. */
  async function widthOf(page: string): Promise<{ scroll: number; selectAll: boolean }> {
    const tab = await browser.newPage({ viewport: { width: PHONE, height: 700 } });
    try {
      await tab.setContent(page, { waitUntil: 'load' });
      return (await tab.evaluate(`({
        scroll: document.documentElement.scrollWidth,
        selectAll: [...document.querySelectorAll('pre.copy')].every((p) => getComputedStyle(p).userSelect === 'all'),
      })`)) as { scroll: number; selectAll: boolean };
    } finally {
      await tab.close();
    }
  }

  it('given a welcome, a report with its card and map, a refusal and an acknowledgment, then none is wider than the phone', async () => {
    const g = new MemoryGame(vitp);
    const game = g.loaded();
    const info = game.state.game!;
    const welcome: Notice = {
      ...noticeBase(game, 'japanese', 'japanese@players.test', 'welcome'),
      kind: 'welcome',
      seedAnchor: info.seedAnchor,
      boxHash: info.boxHash,
      boxSource: info.boxSource,
      options: info.options,
      sides: info.sides.map((s) => ({ side: s.side, player: s.player.address })),
      needs: stepNeeds(game, null),
      help: vitp.help(game.state.rules, 'japanese', game.state.step),
      view: viewFor(game.state, 'japanese', vitp),
      secret: 'x',
      answer: answerCard(game, 'japanese', null),
      guide: welcomeGuide(game, 'japanese'),
    };
    let refusal: Notice | null = null;
    try {
      g.orders('japanese', 'RAID FORCE akagi, ise\nRAID FORCE xyzzy\nPATROL nagato TO Marianas Islands');
    } catch (e) {
      if (!(e instanceof CommandRejected)) throw e;
      refusal = rejectionNotice(game, info.sides[0], e, 'mail');
    }
    g.orders('japanese', 'RAID FORCE akagi, kaga');
    const before = g.events.length;
    g.resolve();
    const [report] = reportNotices(g.loaded(before), before, null).filter((n) => n.side === 'allied');
    const ack: Notice = {
      ...noticeBase(game, 'japanese', 'japanese@players.test', 'ack'),
      kind: 'ack',
      ordersText: 'RAID FORCE akagi, kaga',
      commitment: null,
      standing: null,
      needs: stepNeeds(game, null),
      resolved: true,
      queued: [
        {
          stepId: 't1/patrol/japanese',
          commitment: 'c'.repeat(64),
          title: 'Turn 1: Japanese patrol movement and repairs (5.21)',
          forWord: 'PATROL',
          orders: 'PATROL nagato TO Marianas Islands',
        },
      ],
      standingChanged: { added: ['STANDING RETREAT NEVER'], removed: ['STANDING RETREAT WHEN OUTGUNNED'] },
    };
    for (const n of [welcome, report, refusal!, ack]) {
      const seen = await widthOf(html(n));
      expect({ kind: n.kind, width: seen.scroll }).toEqual({ kind: n.kind, width: PHONE });
      expect(seen.selectAll).toBe(true);
    }
  }, 60_000);
});
