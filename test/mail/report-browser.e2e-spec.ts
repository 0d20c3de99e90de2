/**
 * A report's HTML part as a player's mail client shows it: the real MIME message (composed as it
 * would be sent, then parsed), its `cid:` map swapped for the attached PNG as a data: URL, opened in
 * Debian's chromium through playwright-core (scripts/chromium.sh installs it).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { type Browser, chromium } from 'playwright-core';
import { vitpRuleset } from '../../src/games/vitp';
import type { VitpState } from '../../src/games/vitp/types';
import { boardOf } from '../../src/engine/board-view';
import { mapGeometry } from '../../src/mail/map-svg';
import { buildMessage, composeRaw } from '../../src/mail/outbound';
import { MailRenderer } from '../../src/mail/render';
import { newGame } from '../games/vitp/driver';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

describe('a report mail in a real browser', () => {
  let browser: Browser;

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run bash scripts/chromium.sh (apt-get install chromium)`);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows the headings, the text and the map image at its natural size, with the areas in their colours', async () => {
    const start = newGame();
    const s: VitpState = { ...start, control: { ...start.control, 'Coral Sea': 'japanese' } };
    const v = boardOf(vitpRuleset.view(s, 'allied'));
    const picture = v.map!;
    const rendered = new MailRenderer().render('report', {
      gameId: 'G-browser',
      gameName: 'Victory in the Pacific',
      side: 'allied',
      turn: 1,
      step: { id: 't1/patrol/japanese', title: 'Turn 1: Japanese patrol movement (5.2)' },
      knowledge: v.summary,
      map: picture,
      narrative: [{ text: 'The game begins.' }],
      dice: { anchor: 'a'.repeat(64), revealedSeeds: [] },
      latestEventHash: 'e'.repeat(64),
      latestEventSeq: 42,
      next: { what: 'Japanese patrol movement.', deadline: '2026-11-23T18:00:00Z', awaiting: ['japanese'] },
    });
    const raw = await composeRaw(
      buildMessage(
        {
          idempotencyKey: 'G-browser/allies/report/1',
          from: { address: 'umpire@umpire.test', name: 'Umpire' },
          to: 'allies@example.org',
          domain: 'umpire.test',
          gameId: 'G-browser',
          side: 'allied',
          autoSubmitted: 'auto-generated',
        },
        rendered,
      ),
    );
    const mail = await simpleParser(raw, { keepCidLinks: true });
    const html = String(mail.html);
    const cids = [...html.matchAll(/src="cid:([^"]+)"/g)].map((m) => m[1]);
    expect(cids).toEqual(['map@umpire']);
    const png = mail.attachments.find((a) => a.cid === cids[0]);
    expect(png?.contentType).toBe('image/png');
    const page = await browser.newPage({ viewport: { width: 1024, height: 900 } });
    try {
      await page.setContent(html.replace(`cid:${cids[0]}`, `data:image/png;base64,${png!.content.toString('base64')}`), {
        waitUntil: 'load',
      });
      for (const heading of ['What you know', 'Map', 'What happened', 'What the umpire needs next', 'Checking the umpire']) {
        await expect(page.getByRole('heading', { name: heading, exact: true }).isVisible()).resolves.toBe(true);
      }
      await expect(page.getByText(v.summary[1], { exact: false }).first().isVisible()).resolves.toBe(true);

      const img = page.locator('img[alt^="Map of G-browser"]');
      await expect(img.isVisible()).resolves.toBe(true);
      // browser-side code as text: the project compiles without the DOM library
      const mapImg = `document.querySelector('img[alt^="Map of G-browser"]')`;
      const shown = (await page.evaluate(`((el) => ({
        complete: el.complete,
        naturalWidth: el.naturalWidth,
        naturalHeight: el.naturalHeight,
        width: el.getBoundingClientRect().width,
        height: el.getBoundingClientRect().height,
        bodyWidth: document.body.getBoundingClientRect().width,
      }))(${mapImg})`)) as {
        complete: boolean;
        naturalWidth: number;
        naturalHeight: number;
        width: number;
        height: number;
        bodyWidth: number;
      };
      const geometry = mapGeometry(picture);
      expect(shown).toMatchObject({ complete: true, naturalWidth: geometry.width, naturalHeight: geometry.height });
      // fitted to the mail's width, in proportion
      expect(shown.width).toBeGreaterThan(0);
      expect(shown.width).toBeLessThanOrEqual(Math.ceil(shown.bodyWidth));
      expect(Math.abs(shown.height / shown.width - geometry.height / geometry.width)).toBeLessThan(0.01);

      // the browser decodes the same picture: each area's header in its controller's colour
      const at = (area: string) => geometry.cells.find((b) => b.name === area)!;
      const probe = async (x: number, y: number) =>
        (await page.evaluate(`((el) => {
          const c = document.createElement('canvas');
          c.width = el.naturalWidth;
          c.height = el.naturalHeight;
          const ctx = c.getContext('2d');
          ctx.drawImage(el, 0, 0);
          return [...ctx.getImageData(${x}, ${y}, 1, 1).data.slice(0, 3)];
        })(${mapImg})`)) as number[];
      const near = (got: number[], hex: string) => {
        const want = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
        return Math.max(...got.map((c, i) => Math.abs(c - want[i]))) <= 8;
      };
      const colour = Object.fromEntries((picture.sides ?? []).map((x) => [x.id, x.colour ?? '']));
      expect(near(await probe(at('Coral Sea').x + 5, at('Coral Sea').y + 12), colour.japanese)).toBe(true);
      expect(near(await probe(at('Hawaiian Islands').x + 5, at('Hawaiian Islands').y + 12), colour.allied)).toBe(true);
      expect(near(await probe(at('Coral Sea').x + 5, at('Coral Sea').y + 12), colour.allied)).toBe(false);

      // for a person to look at: var/test-output/report-in-chromium.png
      const dir = join(__dirname, '..', '..', 'var', 'test-output');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'report-in-chromium.png'), await page.screenshot({ fullPage: true }));
    } finally {
      await page.close();
    }
  });
});
