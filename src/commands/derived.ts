/**
 * What the mail reader, the help and the referee's lists read from the catalogue: derived, never
 * written again by hand.
 */
import type { CommandName } from '../mail/command-types';
import { CATALOGUE } from './catalogue';
import type { CatalogueEntry, DocRow, HelpRow } from './define';

const entries: readonly CatalogueEntry[] = CATALOGUE;

/** a command no side may send */
function refereeOnly(e: CatalogueEntry): boolean {
  return !e.from.includes('side');
}

/** Words players use for each command: its name (unless the entry says otherwise) and its aliases. */
export const COMMAND_WORDS: Readonly<Record<string, CommandName>> = Object.fromEntries(
  entries.flatMap((e) => {
    const mail = 'mail' in e ? e.mail : undefined;
    return mail ? [...(mail.words ?? [mail.name]), ...(mail.aliases ?? [])].map((w) => [w, mail.name] as const) : [];
  }),
);

/** The mail commands only the game's referee may send. */
export const REFEREE_COMMANDS: ReadonlySet<CommandName> = new Set(
  entries.flatMap((e) => ('mail' in e && e.mail && refereeOnly(e) ? [e.mail.name] : [])),
);

/** The command list of HELP and the welcome, the referee's rows marked. */
export const COMMAND_HELP: readonly (HelpRow & { readonly referee?: true })[] = entries.flatMap((e) =>
  e.help ? [{ ...e.help, ...(refereeOnly(e) ? { referee: true as const } : {}) }] : [],
);

/** The mail commands the referee may send, each in its short form (the referee's welcome, a refusal of a referee's orders). */
export const REFEREE_GLOSSES: readonly string[] = entries.flatMap((e) => ('gloss' in e && e.gloss && refereeOnly(e) ? [e.gloss] : []));

/** The player commands the referee may send too, by their short form. */
export const SHARED_GLOSSES: readonly string[] = entries.flatMap((e) => ('gloss' in e && e.gloss && !refereeOnly(e) ? [e.gloss] : []));

/** The rows of one table of docs/mail-commands.md. */
export function docRows(table: 'player' | 'referee'): readonly DocRow[] {
  return entries.flatMap((e) =>
    'doc' in e && e.doc ? e.doc.filter((r) => (r.table ?? (refereeOnly(e) ? 'referee' : 'player')) === table) : [],
  );
}
