/**
 * The command tables of docs/mail-commands.md, written from the catalogue (npm run docs:commands;
 * test/mail/mail-commands-doc.spec.ts fails when the page is not what this writes). Only what
 * stands between a table's markers is written; the prose around them is the page's own.
 */
import type { DocRow } from './define';
import { docRows } from './derived';

const TABLES = ['player', 'referee'] as const;

function table(kind: (typeof TABLES)[number], rows: readonly DocRow[]): string[] {
  if (kind === 'player')
    return [
      '| Command | Also | What it does |',
      '|---|---|---|',
      ...rows.map((r) => `| ${r.usage} |${r.also ? ` ${r.also} ` : ' '}| ${r.does} |`),
    ];
  return ['| Command | What it does |', '|---|---|', ...rows.map((r) => `| ${r.usage} | ${r.does} |`)];
}

const open = (kind: string) =>
  `<!-- commands:${kind} (written from src/commands by npm run docs:commands: edit the catalogue, not this table) -->`;
const close = (kind: string) => `<!-- /commands:${kind} -->`;

/** The page with its command tables written again from the catalogue; throws when a table's markers are missing. */
export function withCommandTables(page: string): string {
  let out = page;
  for (const kind of TABLES) {
    const start = out.indexOf(open(kind));
    const end = out.indexOf(close(kind));
    if (start < 0 || end < start) throw new Error(`docs/mail-commands.md: the markers of the ${kind} table are missing`);
    out = `${out.slice(0, start)}${[open(kind), ...table(kind, docRows(kind)), close(kind)].join('\n')}${out.slice(end + close(kind).length)}`;
  }
  return out;
}
