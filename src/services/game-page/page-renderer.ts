import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Handlebars from 'handlebars';
import { formatUtc } from '../../mail/render';
import { toSecond } from './ruling-words';

export type PageName = 'index' | 'step' | 'dice' | 'mails' | 'refused';
const PAGES: readonly PageName[] = ['index', 'step', 'dice', 'mails', 'refused'];

/**
 * The game pages' HTML from templates/page/*.hbs (Handlebars, as the mails): every value is
 * escaped by Handlebars' `{{ }}` (the templates use no triple braces), so nothing a player wrote
 * (press, notes, orders) can become markup. No script anywhere: the pages are plain HTML.
 */
export class PageRenderer {
  private readonly hbs = Handlebars.create();
  private readonly pages = new Map<PageName, HandlebarsTemplateDelegate>();

  constructor(dir: string = pageTemplatesDir()) {
    this.hbs.registerHelper('time', (iso: unknown) => (typeof iso === 'string' ? formatUtc(iso) : ''));
    // to the second, for what settles a dispute: a mail's arrival, a deadline, a ruling
    this.hbs.registerHelper('second', (iso: unknown) => (typeof iso === 'string' ? toSecond(iso) : ''));
    this.hbs.registerHelper('join', (list: unknown, sep: unknown) =>
      Array.isArray(list) ? list.join(typeof sep === 'string' ? sep : ', ') : '',
    );
    this.hbs.registerHelper('hasItems', (list: unknown) => Array.isArray(list) && list.length > 0);
    this.hbs.registerHelper('isFalse', (v: unknown) => v === false);
    for (const file of readdirSync(join(dir, 'partials'))) {
      const m = file.match(/^(.+)\.hbs$/);
      if (m) this.hbs.registerPartial(m[1], readFileSync(join(dir, 'partials', file), 'utf8'));
    }
    for (const name of PAGES) this.pages.set(name, this.hbs.compile(readFileSync(join(dir, `${name}.hbs`), 'utf8'), { strict: false }));
  }

  render(name: PageName, data: object): string {
    return this.pages.get(name)!(data);
  }
}

/** templates/page at the repository root, from src/services/game-page or dist/src/services/game-page. */
export function pageTemplatesDir(): string {
  for (const up of ['../../..', '../../../..']) {
    const dir = resolve(__dirname, up, 'templates', 'page');
    if (existsSync(dir)) return dir;
  }
  throw new Error(`templates/page not found above ${__dirname}`);
}
