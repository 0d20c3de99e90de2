import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import * as ts from 'typescript';
import { cycles, edgesOf, importGraph } from '../support/import-graph';

/**
 * The shape of the I/O layers: SQL only in src/store (the repositories), imports that only run
 * downward (app → services → mail → store), and use-case files small enough to read at once
 * (src/services: 300 lines; the game service's facade: 250), and no import cycle that carries
 * runtime values (a cycle of type-only imports is erased when compiled). Read with the TypeScript
 * parser, so comments never count; SQL is recognised in string and template literals (a
 * statement's opening keywords) and in `.query(...)` calls. In src/services a stored event's payload is never
 * cast (`e.payload as ...`): payloadOf reads it by its type (issue 29).
 */

const ROOT = resolve(__dirname, '../..');
const SQL_HOME = /^src\/(store|generated)\//;
/** A literal that opens an SQL statement (keywords upper case, as this code base writes SQL). */
const SQL_TEXT =
  /^\s*(SELECT\s+\S|INSERT\s+INTO\s|UPDATE\s+"?\w+"?\s+SET\s|DELETE\s+FROM\s|WITH\s+\w+\s+AS\s*\(|(CREATE|DROP|ALTER|TRUNCATE)\s+(TABLE|DATABASE|INDEX|SCHEMA)\s|BEGIN\b|COMMIT\b)/;
/** Database drivers: a file outside src/store that imports one talks SQL itself. */
const DB_DRIVER = /^(pg|@prisma\/.*|prisma)$/;
/** For each layer, the layers above it that it may not import (it would run back up). */
const UPWARD: Readonly<Record<string, readonly string[]>> = {
  'src/store': ['src/mail', 'src/services', 'src/app', 'src/cli', 'src/demo'],
  'src/queue': ['src/store', 'src/mail', 'src/services', 'src/app', 'src/cli', 'src/demo'],
  'src/mail': ['src/services', 'src/app', 'src/cli', 'src/demo'],
  'src/services': ['src/app', 'src/cli', 'src/demo'],
};
const SERVICES_MAX_LINES = 300;
const FACADE = 'src/services/game.service.ts';
const FACADE_MAX_LINES = 250;

/**
 * Exceptions, each with its reason: `file` relative to the repository, `what` the finding as the
 * test words it. Every entry must still match a finding (none stale).
 */
const ALLOWED: readonly { file: string; what: string; reason: string }[] = [];

/**
 * Import cycles carrying runtime values still standing, each named by its files (sorted, joined
 * by ' <-> ') with its reason. Every entry must still be a cycle (none stale); a new one fails.
 */
const CYCLES_ALLOWED: readonly { files: string; reason: string }[] = [
  {
    files: 'src/games/aa-guadalcanal/adv-steps.ts <-> src/games/aa-guadalcanal/rules.ts',
    reason: "a game's rules files: moving code there changes its rules fingerprint; left to the game's own issue (issue 29)",
  },
  {
    files: 'src/games/aa-guadalcanal/movement.ts <-> src/games/aa-guadalcanal/torpedoes.ts',
    reason: "a game's rules files: moving code there changes its rules fingerprint; left to the game's own issue (issue 29)",
  },
  {
    files: 'src/games/vitp/repairs.ts <-> src/games/vitp/turn.ts',
    reason: "a game's rules files: moving code there changes its rules fingerprint; left to the game's own issue (issue 29)",
  },
  {
    files: 'src/games/coral-sea-solitaire/events.ts <-> (the rules barrels under src/games/coral-sea-solitaire/rules)',
    reason: "the game's event barrel and its rules barrels import each other (26 files); left to the game's own issue (issue 29)",
  },
];

/** A cycle as CYCLES_ALLOWED names it (a cycle of more than four files by its first file and the folder it runs through). */
function cycleName(files: readonly string[]): string {
  if (files.length <= 4) return files.join(' <-> ');
  return `${files[0]} <-> (the rules barrels under ${files[files.length - 1].split('/').slice(0, 4).join('/')})`;
}

interface Finding {
  readonly file: string;
  readonly line: number;
  readonly what: string;
}

function tsFilesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsFilesUnder(path);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function layerOf(rel: string): string | undefined {
  return Object.keys(UPWARD).find((layer) => rel.startsWith(`${layer}/`));
}

/** SQL outside src/store and imports running back up, in one file (`rel` relative to the repository). */
function scan(rel: string, source: string): Finding[] {
  const sf = ts.createSourceFile(rel, source, ts.ScriptTarget.Latest, true);
  const lineOf = (node: ts.Node) => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
  const findings: Finding[] = [];
  const sqlHome = SQL_HOME.test(rel);
  const layer = layerOf(rel);
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const spec = node.moduleSpecifier.text;
      if (!sqlHome && DB_DRIVER.test(spec)) findings.push({ file: rel, line: lineOf(node), what: `imports ${spec}` });
      if (layer && spec.startsWith('.')) {
        const target = relative(ROOT, resolve(ROOT, dirname(rel), spec));
        const up = UPWARD[layer].find((l) => target === l || target.startsWith(`${l}/`));
        if (up) findings.push({ file: rel, line: lineOf(node), what: `imports ${spec} (${up}, above ${layer})` });
      }
    } else if (!sqlHome && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node))) {
      if (SQL_TEXT.test(node.text))
        findings.push({ file: rel, line: lineOf(node), what: `SQL "${node.text.trim().split(/\s+/).slice(0, 3).join(' ')}"` });
    } else if (
      !sqlHome &&
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'query' &&
      node.arguments.length > 0 &&
      (ts.isStringLiteralLike(node.arguments[0]) || ts.isTemplateExpression(node.arguments[0]))
    ) {
      findings.push({ file: rel, line: lineOf(node), what: 'runs .query(...)' });
    } else if (
      rel.startsWith('src/services/') &&
      ts.isAsExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'payload'
    ) {
      // a stored event's payload is read by its type (service-events.ts payloadOf), never cast (issue 29)
      findings.push({ file: rel, line: lineOf(node), what: `casts ${node.expression.getText(sf)}` });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return findings;
}

const files = tsFilesUnder(join(ROOT, 'src'))
  .map((f) => relative(ROOT, f))
  .filter((f) => !f.startsWith('src/generated/'))
  .sort();
const findings = files.flatMap((f) => scan(f, readFileSync(join(ROOT, f), 'utf8')));
const allowed = (f: Finding) => ALLOWED.some((a) => a.file === f.file && a.what === f.what);
const render = (f: Finding) => `${f.file}:${f.line}: ${f.what}`;
const linesOf = (file: string) => readFileSync(join(ROOT, file), 'utf8').replace(/\n$/, '').split('\n').length;

const runtimeCycles = cycles(importGraph(ROOT, 'src', (f) => f.startsWith('src/generated/')).filter((e) => e.runtime)).map(cycleName);

describe('the I/O layers keep their shape', () => {
  it('given every file of src, then none outside src/store holds SQL or a database driver, and no import runs back up (file:line for each)', () => {
    expect(files).toEqual(expect.arrayContaining(['src/store/event-store.ts', 'src/services/container.ts', 'src/app/worker.service.ts']));
    expect(findings.filter((f) => !allowed(f)).map(render)).toEqual([]);
  });

  it(`given src/services, at any depth, then every file stays within ${SERVICES_MAX_LINES} lines`, () => {
    const services = files.filter((f) => f.startsWith('src/services/'));
    expect(services.length).toBeGreaterThan(5);
    const over = services.map((f) => ({ file: f, lines: linesOf(f) })).filter((f) => f.lines > SERVICES_MAX_LINES);
    expect(over.filter((f) => !ALLOWED.some((a) => a.file === f.file && a.what === 'over the line limit'))).toEqual([]);
  });

  it(`given the game service, then it is gone or a facade within ${FACADE_MAX_LINES} lines`, () => {
    if (files.includes(FACADE)) expect(linesOf(FACADE)).toBeLessThanOrEqual(FACADE_MAX_LINES);
  });

  it('given the allow-list, then every entry has a reason and still matches a finding (none stale)', () => {
    for (const a of ALLOWED) expect({ ...a, reasonGiven: a.reason.trim().length > 10 }).toMatchObject({ reasonGiven: true });
    const stale = ALLOWED.filter((a) =>
      a.what === 'over the line limit'
        ? !files.includes(a.file) || linesOf(a.file) <= SERVICES_MAX_LINES
        : !findings.some((f) => f.file === a.file && f.what === a.what),
    );
    expect(stale).toEqual([]);
  });

  it('given the import graph of src, then no import cycle carries runtime values but those allowed with a reason (none stale)', () => {
    expect(runtimeCycles.filter((c) => !CYCLES_ALLOWED.some((a) => a.files === c))).toEqual([]);
    expect(CYCLES_ALLOWED.filter((a) => !runtimeCycles.includes(a.files))).toEqual([]);
    for (const a of CYCLES_ALLOWED) expect({ ...a, reasonGiven: a.reason.trim().length > 10 }).toMatchObject({ reasonGiven: true });
  });

  it('given the cycle check itself, then a new cycle with a runtime value fails it, and a cycle of type-only imports does not', () => {
    const graph = (sources: Record<string, string>) => Object.entries(sources).flatMap(([file, source]) => edgesOf(ROOT, file, source));
    // two files of src that exist, made to import each other
    const runtime = graph({
      'src/services/command-bus.ts': "import { buildServices } from './container';",
      'src/services/container.ts': "import { CommandBus } from './command-bus';",
    });
    expect(cycles(runtime.filter((e) => e.runtime))).toEqual([['src/services/command-bus.ts', 'src/services/container.ts']]);
    const typeOnly = graph({
      'src/services/command-bus.ts': "import type { Services } from './container';",
      'src/services/container.ts': "import { CommandBus } from './command-bus';",
    });
    expect(cycles(typeOnly)).toHaveLength(1);
    expect(cycles(typeOnly.filter((e) => e.runtime))).toEqual([]);
  });

  it('given the checks themselves, then they catch each kind of violation, by line, and ignore comments and prose', () => {
    const probe = (file: string, source: string) => scan(file, source).map(render);
    expect(
      probe(
        'src/services/probe.ts',
        [
          "import { Client } from 'pg';",
          "const a = 'SELECT payload FROM events WHERE game_id = $1';",
          // biome-ignore lint/suspicious/noTemplateCurlyInString: the probe is source text holding a template
          'const b = `INSERT INTO outbox (id) VALUES (${1})`;',
          "await tx.query('UPDATE commands SET status = $2 WHERE id = $1', []);",
          // biome-ignore lint/suspicious/noTemplateCurlyInString: the probe is source text holding a template
          'await db.query(`DELETE FROM games WHERE id = ${id}`);',
          "import { CommandBus } from '../app/command-bus.service';",
          "import { x } from './game/handler';",
          'const p = e.payload as { side: string };',
        ].join('\n'),
      ),
    ).toEqual([
      'src/services/probe.ts:1: imports pg',
      'src/services/probe.ts:2: SQL "SELECT payload FROM"',
      'src/services/probe.ts:3: SQL "INSERT INTO outbox"',
      'src/services/probe.ts:4: runs .query(...)',
      'src/services/probe.ts:4: SQL "UPDATE commands SET"',
      'src/services/probe.ts:5: runs .query(...)',
      'src/services/probe.ts:5: SQL "DELETE FROM games"',
      'src/services/probe.ts:6: imports ../app/command-bus.service (src/app, above src/services)',
      'src/services/probe.ts:8: casts e.payload',
    ]);
    expect(probe('src/mail/probe.ts', "import type { Notice } from '../services/notices';")).toEqual([
      'src/mail/probe.ts:1: imports ../services/notices (src/services, above src/mail)',
    ]);
    // the store never imports the mail layer, not even a type
    expect(probe('src/store/probe.ts', "import type { MailboxCursor } from '../mail/imap-reader';")).toEqual([
      'src/store/probe.ts:1: imports ../mail/imap-reader (src/mail, above src/store)',
    ]);
    expect(
      probe(
        'src/services/probe.ts',
        [
          '// SELECT payload FROM events: never in a comment',
          "const help = 'Select your targets, then UPDATE your orders; DELETE lines you do not mean.';",
          "const u = new URL('x'); u.searchParams.get('query');",
          "const p = payloadOf(e, 'StepResolved'); // the payload as its type says",
        ].join('\n'),
      ),
    ).toEqual([]);
    // the store itself is where SQL belongs
    expect(probe('src/store/probe.ts', "await tx.query('SELECT 1');")).toEqual([]);
  });
});
