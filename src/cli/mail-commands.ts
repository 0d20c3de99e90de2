import { readFileSync, statSync } from 'node:fs';
import type { Command } from 'commander';
import type { AnyRuleset } from '../engine/evolve';
import { rulesets } from '../games';
import type { MailCommand } from '../mail/commands';
import { isForLine, shapeOrdersCommand } from '../mail/order-lines';
import { forWordsOf } from '../engine/arrival';
import { parseMail, rereadReply, type ParsedMessage } from '../mail/parse';
import { withoutAnswerCard } from '../services/reply-context';
import { fileProblem, readTextFile, UsageError } from './usage';

/**
 * `umpire mail parse <file.eml>`: what the umpire reads from a raw mail, as the ingest reads it
 * (src/services/reply-context.ts) but without the database: the text part used, every line taken
 * as the player's or dropped and why, the directives and the commands, with the order lines as the
 * game will get them (joined where the client wrapped them, trailing non-orders set aside).
 * `--known` gives the text of mail the umpire sent (what the outbox would give).
 */
export function registerMailCommands(program: Command, registry: Readonly<Record<string, AnyRuleset>> = rulesets): void {
  const mail = program.command('mail').description('mail as the umpire reads it');
  mail
    .command('parse <file>')
    .description(
      "print what the umpire reads from a raw mail (.eml): the text used, the player's lines, the lines dropped and why, directives, commands",
    )
    .option('--json', 'one JSON object')
    .option(
      '--ruleset <id>',
      `the game whose order lines to shape ("none" for none): ${Object.keys(registry).join(', ')}`,
      Object.keys(registry)[0] ?? 'none',
    )
    .option('--known <file>', 'text of a mail the umpire sent this player, read as quoted text (repeatable)', collect, [])
    .action(async (file: string, opts: { json?: boolean; ruleset: string; known: string[] }) => {
      const ruleset = opts.ruleset === 'none' ? null : registry[opts.ruleset];
      if (ruleset === undefined)
        throw new UsageError(`unknown ruleset "${opts.ruleset}"; available: ${Object.keys(registry).join(', ')}, none`);
      // as the ingest keeps them: the answer card's examples and defaults are the player's to copy
      const known = opts.known.map((k) => withoutAnswerCard(readTextFile(k, '--known')));
      const out = await parseMail(readRaw(file));
      if (!out.ok) {
        if (opts.json) console.log(JSON.stringify({ file, rejected: out.rejection }, null, 2));
        else console.log(`${file}: not read (${out.rejection.code}): ${out.rejection.message}`);
        process.exitCode = 1;
        return;
      }
      const grammar = ruleset?.orderLines;
      const words = ruleset ? forWordsOf(ruleset) : [];
      const reread = rereadReply(out.message, {
        knownTexts: known,
        ...(grammar ? { looksLikeOrder: (l: string) => grammar.startsOrder(l) || grammar.mentionsGame(l) || isForLine(l, words) } : {}),
      });
      const m: ParsedMessage = { ...reread, commands: shapeOrdersCommand(reread.commands, grammar, words) };
      const report = describe(file, m, ruleset?.id ?? null);
      console.log(opts.json ? JSON.stringify(report, null, 2) : render(report));
    });
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function readRaw(path: string): Buffer {
  try {
    if (statSync(path).isDirectory()) throw new UsageError(`${path}: is a directory, not a file`);
    return readFileSync(path);
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(`${path}: ${fileProblem(e)}`);
  }
}

interface LineReport {
  readonly line: number;
  readonly text: string;
  /** the player's, or why not */
  readonly taken: boolean;
  readonly reason?: string;
  readonly why?: string;
}

interface MailReport {
  readonly file: string;
  readonly messageId: string;
  readonly from: string;
  readonly subject: string;
  readonly textSource: ParsedMessage['textSource'];
  /** the attached file read, when the body held no orders */
  readonly textPart?: string;
  readonly automatic: string | null;
  readonly ruleset: string | null;
  readonly claimed: ParsedMessage['claimed'];
  readonly directives: ParsedMessage['directives'];
  readonly lines: readonly LineReport[];
  readonly commands: readonly MailCommand[];
}

/** SECRET words are never shown (docs/security.md): their lines and the directive are masked. */
function describe(file: string, m: ParsedMessage, ruleset: string | null): MailReport {
  const dropped = new Map(m.dropped.map((d) => [d.line, d]));
  const secret = m.directives.secret;
  const mask = (text: string) => (secret ? text.split(secret).join('••••') : text);
  const all = m.text.replace(/\r\n?/g, '\n').split('\n');
  return {
    file,
    messageId: m.messageId,
    from: m.from.address,
    subject: m.subject,
    textSource: m.textSource,
    ...(m.textPart !== undefined ? { textPart: m.textPart } : {}),
    automatic: m.automaticReason,
    ruleset,
    claimed: m.claimed,
    directives: secret ? { ...m.directives, secret: '••••' } : m.directives,
    lines: all.map((raw, i) => {
      const d = dropped.get(i + 1);
      const text = mask(raw.replace(/\s+$/, ''));
      return d ? { line: i + 1, text, taken: false, reason: d.reason, why: d.why } : { line: i + 1, text, taken: true };
    }),
    commands: m.commands.map((c) => (c.name === 'PRESS' || c.name === 'NOTE' ? { ...c, text: mask(c.text) } : c)),
  };
}

const TEXT_USED: Record<ParsedMessage['textSource'], string> = {
  html: 'the HTML part, rendered as the player saw it',
  plain: 'the text/plain part',
  attachment: 'the attached text file',
  none: 'none',
};

function render(r: MailReport): string {
  const out: string[] = [];
  out.push(`${r.file}: Message-ID ${r.messageId}`, `From: ${r.from}`, `Subject: ${r.subject}`);
  out.push(`Text used: ${TEXT_USED[r.textSource]}${r.textPart !== undefined ? ` "${r.textPart}" (the body held no orders)` : ''}`);
  if (r.automatic) out.push(`Sent by a machine (${r.automatic}): the umpire records it and never answers`);
  out.push(`Order lines shaped for: ${r.ruleset ?? 'no game (only commas and the like join lines)'}`);
  out.push('', "Lines (+ the player's, - dropped):");
  const width = String(r.lines.length).length;
  let last = '';
  for (const l of r.lines) {
    const n = String(l.line).padStart(width);
    const why = `${l.reason}: ${l.why}`;
    // a run of lines dropped for one reason says why once
    out.push(l.taken ? `${n} + ${l.text}` : `${n} - ${l.text}${l.text ? '   ' : ''}[${why === last ? `${l.reason}, as above` : why}]`);
    last = l.taken ? '' : why;
  }
  const claims = Object.entries(r.claimed).map(([k, v]) => `${k} ${v}`);
  const directives = Object.entries(r.directives).map(([k, v]) => `${k} ${v}`);
  out.push('', `Directives: ${directives.join(', ') || 'none'}`, `Game, side, turn claimed: ${claims.join(', ') || 'none'}`);
  out.push('', r.commands.length ? 'Commands:' : 'Commands: none (the umpire would answer "The message holds no orders or commands.")');
  for (const c of r.commands) {
    if (c.name === 'ORDERS') {
      out.push(`  ORDERS, ${c.lines.length} line${c.lines.length === 1 ? '' : 's'}:`);
      for (const l of c.lines) {
        const parts = c.joined?.find((j) => j.line === l.line)?.parts;
        out.push(`    line ${l.line}: ${l.text}${parts ? `   (lines ${parts.join(' + ')} joined: the client wrapped them)` : ''}`);
      }
      for (const l of c.ignored ?? [])
        out.push(`    line ${l.line}: ${l.text}   (set aside: ${l.why ?? 'no order'}; the acknowledgment or refusal lists it)`);
    } else {
      const { name, refereeOnly, ...rest } = c;
      const args = Object.entries(rest)
        .filter(([k]) => k !== 'line')
        .map(([k, v]) => `${k}=${JSON.stringify(v)}`);
      out.push(
        `  ${name} (line ${'line' in c ? c.line : 0})${refereeOnly ? ' [referee only]' : ''}${args.length ? ` ${args.join(' ')}` : ''}`,
      );
    }
  }
  return out.join('\n');
}
