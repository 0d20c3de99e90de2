/**
 * Mail bodies from templates/mail/*.hbs: one text and one HTML template per kind of message.
 * Rendering is a pure function of its data (times are passed in as ISO strings and formatted in
 * UTC), so the dispatcher can re-render an outbox row and get the same bytes.
 * What a report may show is decided before it gets here: the data is already one side's view.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Handlebars from 'handlebars';
import { mapGeometry, renderMapSvg } from './map-svg';
import { renderMapText } from './map-text';
import { renderTableText } from './table-text';
import { hashCanonical } from '../shared/canonical';

export type { BoardCell, BoardMap, BoardTable, MapPlace, MapUnitCount } from '../engine/board-view';
export type * from './template-data';
import type {
  Attention,
  GameContext,
  ConfirmationData,
  DeadlineData,
  HelpData,
  PressData,
  ReminderData,
  RenderedAttachment,
  RenderedMail,
  ReportData,
  ShownPicture,
  TemplateDataMap,
  TemplateName,
  WelcomeData,
} from './template-data';

/** The Content-ID of the map image in a report's HTML part (`<img src="cid:map@umpire">`). */
export const MAP_CID = 'map@umpire';

/** The commands players (and the referee) may use, from the catalogue (src/commands); docs/mail-commands.md says the same at more length. */
export { COMMAND_HELP } from '../commands/derived';
import { COMMAND_HELP } from '../commands/derived';

/** What each kind of mail is, after the subject's step-free head (a report is named by its step alone). */
const SUBJECT_WORD: Record<TemplateName, string> = {
  acknowledgment: 'orders received',
  rejection: 'refused',
  report: '',
  welcome: 'welcome',
  help: 'help',
  status: 'status',
  reminder: 'reminder',
  deadline: 'deadline',
  confirmation: 'done',
  press: 'press',
  history: 'history',
};

const ATTENTION_WORD: Record<Attention, string> = { action: 'ACTION', fyi: 'FYI', over: 'GAME OVER' };

/** Subjects stay under this many characters (the step name is cut with … to fit). */
export const MAX_SUBJECT = 79;

type Compiled = { text: HandlebarsTemplateDelegate; html: HandlebarsTemplateDelegate };

export class MailRenderer {
  private readonly hbs = Handlebars.create();
  private readonly templates = new Map<TemplateName, Compiled>();

  /** `width`: the column text parts wrap at (TEXT_WIDTH; Infinity: unwrapped, one sentence a line, for tests that read sentences) */
  constructor(
    templatesDir: string = defaultTemplatesDir(),
    private readonly width: number = TEXT_WIDTH,
  ) {
    registerHelpers(this.hbs);
    for (const file of readdirSync(join(templatesDir, 'partials'))) {
      const m = file.match(/^(.+)\.hbs$/);
      if (m) this.hbs.registerPartial(m[1], readFileSync(join(templatesDir, 'partials', file), 'utf8'));
    }
    for (const name of Object.keys(SUBJECT_WORD) as TemplateName[]) {
      const read = (kind: string) => readFileSync(join(templatesDir, `${name}.${kind}.hbs`), 'utf8');
      this.templates.set(name, {
        text: this.hbs.compile(read('text'), { noEscape: true, strict: false }),
        html: this.hbs.compile(read('html'), { strict: false }),
      });
    }
  }

  render<K extends TemplateName>(name: K, data: TemplateDataMap[K]): RenderedMail {
    const t = this.templates.get(name)!;
    const map: MapContext = name === 'report' || name === 'welcome' ? mapContext(data as ReportData, name === 'welcome') : {};
    const extra = name === 'report' || name === 'welcome' ? { ...map, ...tablesContext(data as ReportData) } : {};
    const defaults = name === 'help' ? { showCommands: (data as HelpData).showCommands !== false } : {};
    // a player's HELP lists the player commands; the referee's (side null) adds the referee's
    const refereeHelp = (name === 'help' || name === 'welcome') && (data as Partial<GameContext>).side === null;
    const commandHelp = refereeHelp ? COMMAND_HELP : COMMAND_HELP.filter((c) => !c.referee);
    const context = { ...data, ...extra, ...defaults, commandHelp, refereeHelp };
    const attachments: RenderedAttachment[] = [];
    // the PNG is drawn from the SVG when the mail is sent (map-png.ts): nothing this costly here
    if (map.mapSvg) attachments.push({ filename: 'map.png', contentType: 'image/png', svg: map.mapSvg, cid: MAP_CID });
    return {
      subject: subjectFor(name, data),
      text: tidyText(t.text(context), this.width),
      html: t.html(context).split(NOWRAP).join(''),
      attachments,
      ...(map.picture ? { picture: map.picture } : {}),
    };
  }
}

/**
 * `ACTION G-abc123 japanese t3: Japanese patrol movement`, `FYI G-abc123 allied t3: orders
 * received, Allied raider movement`, `GAME OVER G-abc123 japanese t9: final report`: what the mail
 * asks of its recipient, then the game, side and turn (parseSubject reads them back from a reply),
 * then what it is and the step; always under 80 characters.
 */
export function subjectFor(name: TemplateName, data: Partial<GameContext>): string {
  const attention = data.attention ?? attentionOf(name, data);
  // side null = the referee; side absent = a sender the umpire could not place (bounces)
  const who = data.side ? ` ${data.side}` : data.side === null && data.gameId ? ' referee' : '';
  const turn = data.turn !== undefined ? ` t${data.turn}` : '';
  const head = `${ATTENTION_WORD[attention]} ${data.gameId ?? 'umpire'}${who}${turn}: `;
  let word = SUBJECT_WORD[name];
  if (name === 'press') word = `press from ${(data as Partial<PressData>).from ?? 'a side'}`;
  if (name === 'confirmation') word = `done ${(data as Partial<ConfirmationData>).command ?? ''}`.trim();
  if (name === 'deadline') word = (data as Partial<DeadlineData>).headline ?? word;
  if (name === 'reminder') word = (data as Partial<ReminderData>).headline ?? word;
  const step = data.step ? shortStep(data.step.title) : '';
  const tail = [word, step].filter(Boolean).join(', ') || (attention === 'over' ? 'final report' : 'report');
  return fitSubject(`${head}${tail}`, MAX_SUBJECT);
}

/** ACTION when the mail asks its recipient for orders now, else FYI (the composer says GAME OVER). */
function attentionOf(name: TemplateName, data: Partial<GameContext>): Attention {
  const awaits = (awaiting: readonly string[] | undefined) => typeof data.side === 'string' && (awaiting ?? []).includes(data.side);
  switch (name) {
    case 'reminder':
      return 'action';
    case 'report':
      return awaits((data as Partial<ReportData>).next?.awaiting) ? 'action' : 'fyi';
    case 'welcome':
      return (data as Partial<WelcomeData>).card?.yours ? 'action' : 'fyi';
    default:
      return 'fyi';
  }
}

/** "Turn 3: Japanese patrol movement (5.21)" -> "Japanese patrol movement": the subject names the step, the body the rule. */
export function shortStep(title: string): string {
  return title
    .replace(/^\s*turn\s+\d+\s*[:.,-]\s*/i, '')
    .replace(/\s*\((?:rules?\s+)?\d[\d.\s,a-z-]*\)\s*$/i, '')
    .trim();
}

/** A subject cut at a word (issue 28: a phone shows whole words), `…` where it was cut. */
export function fitSubject(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = text.slice(0, max - 1);
  const space = room.lastIndexOf(' ');
  // the step name starts after the head (`FYI G-… side t3: `): cut inside it, never in the head
  const head = text.indexOf(': ') + 2;
  const cut = space > head ? room.slice(0, space) : room;
  return `${cut.replace(/[\s,;:]+$/, '')}…`;
}

/** What moment the map shows: the step now open, as it begins; the end of the game; the start (a welcome). */
export function mapMoment(data: Pick<ReportData, 'step' | 'final'>, welcome: boolean): string {
  if (data.final?.length) return 'The board at the end of the game.';
  if (!data.step) return welcome ? 'The board at the start of the game.' : 'The board now.';
  return `The board as ${shortStep(data.step.title)} begins (${welcome ? 'the start of the game' : 'after the steps this mail tells'}).`;
}

interface MapContext {
  readonly mapMoment?: string;
  readonly mapNote?: string | null;
  readonly mapText?: readonly string[];
  readonly samePicture?: string;
  readonly picture?: ShownPicture;
  readonly mapSvg?: string;
  readonly mapImage?: { readonly cid: string; readonly width: number; readonly height: number; readonly alt: string };
}

/**
 * The map of a report or welcome: its picture (an SVG, drawn as the mail is sent) and its cells as
 * text. No picture when the recipient's last one showed the same board (`lastPicture`, the hash of
 * the board view): one line says so and names the step it showed.
 */
function mapContext(
  data: Pick<ReportData, 'map' | 'gameId' | 'gameName' | 'turn' | 'step' | 'final' | 'lastPicture'>,
  welcome = false,
): MapContext {
  if (!data.map || data.map.cells.length === 0) return {};
  const moment = mapMoment(data, welcome);
  const picture: ShownPicture = { hash: hashCanonical(data.map), step: data.step?.title ?? moment.replace(/\.$/, '') };
  const text = { mapMoment: moment, mapNote: data.map.note ?? null, mapText: renderMapText(data.map) };
  if (data.lastPicture?.hash === picture.hash)
    return { ...text, samePicture: `The board is as in your last picture (${data.lastPicture.step}).` };
  // no side in the picture's title: an open game's sides see the same map, drawn once for all
  const title = `${data.gameName ?? 'Game'} ${data.gameId}${data.turn !== undefined ? `, turn ${data.turn}` : ''}: the map`;
  // resvg draws the SVG at its own size, whole pixels rounded up
  const size = mapGeometry(data.map);
  return {
    ...text,
    picture,
    mapSvg: renderMapSvg(data.map, title, moment),
    mapImage: {
      cid: MAP_CID,
      width: Math.ceil(size.width),
      height: Math.ceil(size.height),
      alt: `Map of ${data.gameId}${data.turn !== undefined ? `, turn ${data.turn}` : ''}`,
    },
  };
}

/** The side's private tables: as text (columns aligned) and as rows for the HTML part. */
function tablesContext(data: Pick<ReportData, 'tables'>) {
  if (!data.tables?.length) return {};
  return {
    tableBlocks: data.tables.map((t) => ({ title: t.title, side: t.side, columns: t.columns, rows: t.rows, text: renderTableText(t) })),
  };
}

function registerHelpers(hbs: typeof Handlebars): void {
  hbs.registerHelper('time', (iso: unknown) => (typeof iso === 'string' ? formatUtc(iso) : ''));
  hbs.registerHelper('join', (list: unknown, sep: unknown) => (Array.isArray(list) ? list.join(typeof sep === 'string' ? sep : ', ') : ''));
  hbs.registerHelper('faces', (faces: unknown) => (Array.isArray(faces) ? faces.map((f) => `[${f}]`).join(' ') : ''));
  hbs.registerHelper('short', (hash: unknown) => (typeof hash === 'string' ? hash.slice(0, 16) : ''));
  // side null is the referee; side absent is a sender the umpire could not place
  hbs.registerHelper('isReferee', (side: unknown) => side === null);
  hbs.registerHelper('duration', (minutes: unknown) => (typeof minutes === 'number' ? formatDuration(minutes) : ''));
  hbs.registerHelper('hasItems', (list: unknown) => Array.isArray(list) && list.length > 0);
  hbs.registerHelper('inc', (n: unknown) => (typeof n === 'number' ? n + 1 : n));
  hbs.registerHelper('stepName', (title: unknown) => (typeof title === 'string' ? shortStep(title) : ''));
  // lines to copy as they stand (orders, commands): never wrapped (text templates only)
  hbs.registerHelper('nowrap', function (this: unknown, options: Handlebars.HelperOptions) {
    return options
      .fn(this)
      .split('\n')
      .map((l: string) => (l.trim() ? `${NOWRAP}${l}` : l))
      .join('\n');
  });
}

/** Marks a line of a text part that is never wrapped (tidyText takes it off; the HTML part never shows it). */
const NOWRAP = '\u0001';

/** A line of data to copy as it stands (a command to run): never wrapped in the text part. */
export function copyLine(line: string): string {
  return `${NOWRAP}${line}`;
}

/** Text parts wrap at this column (issue 28: phones), but lines to copy as they stand. */
export const TEXT_WIDTH = 72;

/**
 * A line longer than `width` broken at spaces; the lines after the first are indented like it, two
 * more under a bullet or a `line N:` problem. A word longer than the width (an address, a hash)
 * stands whole on its own line.
 */
export function wrapLine(line: string, width = TEXT_WIDTH): string[] {
  if (line.length <= width) return [line];
  const indent = /^\s*/.exec(line)![0];
  const more = /^\s*(- |line \d+: |\d+\. )/.test(line) ? `${indent}  ` : indent;
  const words = line.slice(indent.length).split(/ +/);
  const out: string[] = [];
  let cur = indent;
  for (const w of words) {
    const lead = out.length ? more : indent;
    if (cur.trim() === '') cur = `${lead}${w}`;
    else if (`${cur} ${w}`.length <= width) cur = `${cur} ${w}`;
    else {
      out.push(cur);
      cur = `${more}${w}`;
    }
  }
  out.push(cur);
  return out;
}

/** `90 minutes`, `36 hours`, `3 days`: a deadline's or a grace period's length. */
export function formatDuration(minutes: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (minutes >= 2 * 24 * 60 && minutes % (24 * 60) === 0) return plural(minutes / (24 * 60), 'day');
  if (minutes >= 2 * 60 && minutes % 60 === 0) return plural(minutes / 60, 'hour');
  return plural(minutes, 'minute');
}

/** `Mon 23 Nov 2026 18:00 UTC`: unambiguous for players in any time zone. */
export function formatUtc(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${days[d.getUTCDay()]} ${d.getUTCDate()} ${months[d.getUTCMonth()]} ${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}

/** Templates leave runs of blank lines where sections are absent; keep at most one. */
function tidyText(text: string, width: number): string {
  const tidy = text
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .split('\n')
    .flatMap((l) => (l.includes(NOWRAP) ? [l.split(NOWRAP).join('')] : wrapLine(l, width)))
    .join('\n');
  // The signature delimiter is "-- " with its space (RFC 3676), so replies can drop our footer.
  return `${tidy.replace(/^--$/gm, '-- ')}\n`;
}

/** templates/mail at the repository root, from src/mail or dist/src/mail; UMPIRE_TEMPLATES_DIR overrides. */
export function defaultTemplatesDir(): string {
  if (process.env.UMPIRE_TEMPLATES_DIR) return process.env.UMPIRE_TEMPLATES_DIR;
  for (const up of ['../..', '../../..']) {
    const dir = resolve(__dirname, up, 'templates', 'mail');
    if (existsSync(dir)) return dir;
  }
  throw new Error(`templates/mail not found above ${__dirname}; set UMPIRE_TEMPLATES_DIR`);
}
