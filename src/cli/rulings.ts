import { randomUUID } from 'node:crypto';
import { hostname, userInfo } from 'node:os';
import type { Command } from 'commander';
import { BUS_COMMANDS, CATALOGUE } from '../commands/catalogue';
import type { CatalogueEntry, Directive } from '../commands/define';
import type { Services } from '../services/container';
import { warnIfNoWorker, withContext } from './context';
import { UsageError } from './usage';

/**
 * What every referee's ruling on the command line shares (issue 30): its verb and description come
 * from the command catalogue (src/commands), it takes `--referee <address or name>` (who ruled,
 * recorded with the ruling; default: the referee address the game's settings record, never a
 * placeholder), and it goes through the command bus like the same ruling by mail.
 */
export interface RulingOpts {
  readonly referee?: string;
}

/** A catalogue entry that may have a command-line verb (a help line that is no command has none). */
export type VerbEntry = Exclude<CatalogueEntry, Directive>;

/** The catalogue's entry whose command-line verb is `verb` (`orders`, `game create`, `page-link --revoke`). */
export function cliEntry(verb: string): VerbEntry {
  const entries: readonly CatalogueEntry[] = CATALOGUE;
  const entry = entries.find((e): e is VerbEntry => !('directive' in e) && e.cli === verb);
  if (!entry) throw new Error(`the catalogue has no command-line verb "${verb}"`);
  return entry;
}

/** What a verb does, as the catalogue says: its command-line words, else its mail help. */
export function cliDoes(entry: VerbEntry): string {
  return entry.cliDoes ?? entry.help?.does ?? entry.gloss ?? entry.kind ?? String(entry.cli);
}

/**
 * `umpire <verb> <args>` for the catalogue's entry with that verb, described as the catalogue
 * describes it; a verb of two words (`game create`) is registered under `parent`, its first.
 */
export function catalogueCommand(parent: Command, verb: string, args: string): Command {
  const name = verb.split(' ').at(-1);
  return parent.command(`${name}${args ? ` ${args}` : ''}`).description(cliDoes(cliEntry(verb)));
}

/** `umpire <verb> <args>` for the catalogue's command `kind`, described as the catalogue describes it, with --referee. */
export function rulingCommand(program: Command, kind: string, args: string): Command {
  const spec = BUS_COMMANDS.get(kind);
  if (!spec?.cli) throw new Error(`the catalogue has no command-line verb for ${kind}`);
  return catalogueCommand(program, spec.cli, args).option(
    '--referee <address or name>',
    "who rules (recorded with the ruling; default: the game's referee address)",
  );
}

/**
 * Who rules: the referee named on the command line, else the referee address the game's settings
 * record, else (a game created without a referee) the operator at this terminal, by login and host.
 */
export async function refereeOf(s: Services, gameId: string, given: string | undefined): Promise<string> {
  if ((await s.events.head(gameId)).version === 0) throw new UsageError(`no game ${gameId}: list the games with \`umpire games\``);
  if (given !== undefined) {
    if (!given.trim()) throw new UsageError('--referee needs an address or a name, e.g. --referee ref@club.example');
    return given.trim();
  }
  const recorded = await s.games.load(gameId).then(
    (g) => g.service.settings?.referee,
    () => null, // a stream without a game (notes only) records no settings
  );
  return recorded ?? `${userInfo().username}@${hostname()} (command line)`;
}

/**
 * Submits a ruling (the referee resolved as refereeOf says, put in the payload as `referee`), waits
 * for a worker and prints the answer; a refusal goes to stderr with exit code 1.
 */
export function submitRuling(
  gameId: string,
  kind: string,
  payload: Record<string, unknown>,
  opts: RulingOpts,
  ok: (result: unknown) => string,
): Promise<void> {
  return withContext(async (s) =>
    submitAndPrint(s, gameId, kind, { gameId, ...payload, referee: await refereeOf(s, gameId, opts.referee) }, ok),
  );
}

/** Submits any command, waits for a worker, prints the answer; a refusal goes to stderr, exit code 1. */
export async function submitAndPrint(
  s: Services,
  gameId: string,
  kind: string,
  payload: unknown,
  ok: (result: unknown) => string,
): Promise<number> {
  const submitted = await s.bus.submit(gameId, `cli:${kind}:${randomUUID()}`, kind, payload);
  await warnIfNoWorker(s, submitted.id);
  const done = await s.bus.waitFor(submitted.id);
  if (done.status === 'applied') {
    console.log(ok(done.result));
    return 0;
  }
  console.error(`refused: ${(done.result as { error?: string }).error ?? JSON.stringify(done.result)}`);
  return 1;
}

/** The words of a variadic argument as one text (none given: empty). */
export const words = (given: readonly string[] | undefined): string => (given ?? []).join(' ');

/** `t3/orders` → a step; `57`, `event:57`, `#57` → the step event 57 belongs to (step ids are never bare numbers). */
export function parseTarget(given: string): { stepId: string } | { eventSeq: number } {
  const m = /^(?:event:|#)?(\d+)$/i.exec(given.trim());
  return m ? { eventSeq: Number(m[1]) } : { stepId: given.trim() };
}
