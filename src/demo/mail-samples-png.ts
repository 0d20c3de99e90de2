/**
 * A mail's HTML part as a phone shows it: Debian's chromium (playwright-core, the browser the tests
 * use) at a phone's width, the map's `cid:` picture drawn from its SVG as the mail is sent
 * (map-png.ts) and put in as a data: URL. Returns the page as a PNG, whole.
 */
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { drawMapPng } from '../mail/map-png';
import type { OutboxRow } from '../store/outbox';

/** An iPhone's width in CSS pixels. */
export const PHONE_WIDTH = 390;

export class PhoneCamera {
  private constructor(private readonly browser: Browser) {}

  static async open(executablePath: string): Promise<PhoneCamera> {
    if (!existsSync(executablePath))
      throw new Error(`${executablePath} is missing: run bash scripts/chromium.sh (apt-get install chromium)`);
    const browser = await chromium.launch({
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    return new PhoneCamera(browser);
  }

  async shoot(row: OutboxRow): Promise<Buffer> {
    let html = String(row.payload.html ?? '');
    for (const a of (row.payload.attachments ?? []) as { cid?: string; svg?: string }[]) {
      if (a.cid && typeof a.svg === 'string') {
        const png = (await drawMapPng(a.svg)).png.toString('base64');
        html = html.split(`cid:${a.cid}`).join(`data:image/png;base64,${png}`);
      }
    }
    const page = await this.browser.newPage({ viewport: { width: PHONE_WIDTH, height: 800 }, deviceScaleFactor: 1 });
    try {
      await page.setContent(html, { waitUntil: 'load' });
      return await page.screenshot({ fullPage: true });
    } finally {
      await page.close();
    }
  }

  async close(): Promise<void> {
    await this.browser.close();
  }
}
