import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import * as ts from 'typescript';

/**
 * The shape of the I/O layers: SQL only in src/store (the repositories), imports that only run
 * downward (app → services → mail → store), and use-case files small enough to read at once
 * (src/services: 300 lines; the game service's facade: 250). Read with the TypeScript parser, so
 * comments never count; SQL is recognised in string and template literals (a statement's opening
 * keywords) and in `.query(...)` calls.
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
  'src/store': ['src/services', 'src/app', 'src/cli', 'src/demo'],
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
    ]);
    expect(probe('src/mail/probe.ts', "import type { Notice } from '../services/notices';")).toEqual([
      'src/mail/probe.ts:1: imports ../services/notices (src/services, above src/mail)',
    ]);
    expect(
      probe(
        'src/services/probe.ts',
        [
          '// SELECT payload FROM events: never in a comment',
          "const help = 'Select your targets, then UPDATE your orders; DELETE lines you do not mean.';",
          "const u = new URL('x'); u.searchParams.get('query');",
        ].join('\n'),
      ),
    ).toEqual([]);
    // the store itself is where SQL belongs
    expect(probe('src/store/probe.ts', "await tx.query('SELECT 1');")).toEqual([]);
  });
});
