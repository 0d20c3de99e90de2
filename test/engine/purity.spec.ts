import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import * as ts from 'typescript';

/**
 * The rules code (src/engine, src/games, every folder, and whatever they import from elsewhere in
 * src) is pure: no I/O, no clock, no ambient randomness, no environment. The same commands and
 * state give the same events on every machine, which is what replay, the verifier and the audit
 * rest on. Read with the TypeScript parser, so comments and strings never count.
 */

const ROOT = resolve(__dirname, '../..');
const RULES_DIRS = ['src/engine', 'src/games'];

/** Packages and node builtins that do I/O (or reach servers). */
const FORBIDDEN_MODULE =
  /^(@nestjs\/.*|@prisma\/.*|prisma|bullmq|ioredis|redis|pg|nodemailer|imapflow|mailparser|(node:)?(fs|fs\/promises|net|http|https|http2|child_process|dgram|dns|tls|cluster|worker_threads|readline|os|process))$/;
/** The I/O layers of this project: rules code may not reach into them. */
const FORBIDDEN_LAYER = /^src\/(store|mail|services|queue|app|config|cli|demo|generated)\//;
/** object.member reads that bring in the clock, randomness or the environment */
const FORBIDDEN_MEMBERS = new Set([
  'Date.now',
  'Math.random',
  'process.env',
  'performance.now',
  'crypto.randomUUID',
  'crypto.getRandomValues',
]);
/** methods whose result depends on the machine's locale: a replay elsewhere could differ (use compareCodeUnits) */
const LOCALE_METHODS = new Set([
  'localeCompare',
  'toLocaleString',
  'toLocaleLowerCase',
  'toLocaleUpperCase',
  'toLocaleDateString',
  'toLocaleTimeString',
]);
const FORBIDDEN_NEW = new Set(['Date']);

/**
 * Exceptions, each with its reason: `file` relative to the repository, `what` the finding as the
 * test words it. Empty today: selfplay takes its clock as an option (the CLI passes
 * performance.now), box data is imported as modules, not read from disk.
 */
const ALLOWED: readonly { file: string; what: string; reason: string }[] = [];

function tsFilesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsFilesUnder(path);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

interface Finding {
  readonly file: string;
  readonly line: number;
  readonly what: string;
}

function moduleSpecifiers(sf: ts.SourceFile): { spec: string; node: ts.Node }[] {
  const out: { spec: string; node: ts.Node }[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      out.push({ spec: node.moduleSpecifier.text, node });
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    ) {
      out.push({ spec: node.moduleReference.expression.text, node });
    } else if (
      ts.isCallExpression(node) &&
      node.arguments.length &&
      ts.isStringLiteralLike(node.arguments[0]) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require'))
    ) {
      out.push({ spec: node.arguments[0].text, node });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** A relative import resolved to a source file of the repository, or null (a package). */
function resolveLocal(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec);
  return [`${base}.ts`, join(base, 'index.ts'), base].find((p) => existsSync(p) && statSync(p).isFile()) ?? null;
}

/** The findings of one file, and the repository files it imports (to scan in turn). */
function scan(file: string, source = readFileSync(file, 'utf8')): { findings: Finding[]; local: string[] } {
  const rel = relative(ROOT, file);
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const lineOf = (node: ts.Node) => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
  const findings: Finding[] = [];
  const local: string[] = [];
  for (const { spec, node } of moduleSpecifiers(sf)) {
    const layer = spec.startsWith('.') ? `${relative(ROOT, resolve(dirname(file), spec))}/` : '';
    const target = resolveLocal(file, spec);
    if (FORBIDDEN_MODULE.test(spec)) findings.push({ file: rel, line: lineOf(node), what: `imports ${spec}` });
    else if (FORBIDDEN_LAYER.test(layer)) findings.push({ file: rel, line: lineOf(node), what: `imports ${spec} (${layer.slice(0, -1)})` });
    else if (target?.endsWith('.ts')) local.push(target);
  }
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node) && LOCALE_METHODS.has(node.name.text)) {
      findings.push({ file: rel, line: lineOf(node), what: `uses .${node.name.text} (locale-dependent)` });
    } else if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression)) {
      const member = `${node.expression.text}.${node.name.text}`;
      if (FORBIDDEN_MEMBERS.has(member)) findings.push({ file: rel, line: lineOf(node), what: `uses ${member}` });
    } else if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && FORBIDDEN_NEW.has(node.expression.text)) {
      findings.push({ file: rel, line: lineOf(node), what: `uses new ${node.expression.text}(` });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return { findings, local };
}

/** Every file of the rules folders, and every file of src they import, transitively. */
function scanRulesCode(): { files: string[]; findings: Finding[] } {
  const queue = RULES_DIRS.flatMap((d) => tsFilesUnder(join(ROOT, d)));
  const seen = new Set<string>();
  const findings: Finding[] = [];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const r = scan(file);
    findings.push(...r.findings);
    queue.push(...r.local.filter((f) => !seen.has(f)));
  }
  return { files: [...seen].map((f) => relative(ROOT, f)).sort(), findings };
}

const allowed = (f: Finding) => ALLOWED.some((a) => a.file === f.file && a.what === f.what);
const render = (f: Finding) => `${f.file}:${f.line}: ${f.what}`;

describe('the rules code is pure', () => {
  const { files, findings } = scanRulesCode();

  it('given the rules folders, then every file under them, at any depth, and what they import from src is checked', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'src/engine/dice.ts',
        'src/engine/decide.ts',
        'src/engine/views.ts',
        'src/engine/selfplay.ts',
        'src/games/vitp/index.ts',
        'src/games/vitp/combat/api.ts',
        'src/games/vitp/orders/parse.ts',
        'src/shared/canonical.ts',
      ]),
    );
  });

  it('given every checked file, then none imports I/O or reads the clock, ambient randomness or the environment (file:line for each)', () => {
    expect(findings.filter((f) => !allowed(f)).map(render)).toEqual([]);
  });

  it('given the allow-list, then every entry has a reason and still matches a finding (none stale)', () => {
    for (const a of ALLOWED) expect({ ...a, reasonGiven: a.reason.trim().length > 10 }).toMatchObject({ reasonGiven: true });
    expect(ALLOWED.filter((a) => !findings.some((f) => f.file === a.file && f.what === a.what))).toEqual([]);
  });

  it('given the checks themselves, then they catch each kind of violation, by line, and ignore comments and strings', () => {
    const probe = (source: string): string[] => scan(join(ROOT, 'src/engine/probe.ts'), source).findings.map(render);
    expect(
      probe(
        [
          "import { readFileSync } from 'node:fs';",
          "import { Injectable } from '@nestjs/common';",
          "import type { Queue } from 'bullmq';",
          "const net = require('net');",
          "import { Outbox } from '../store/outbox';",
          'const t = Date.now();',
          'const d = new Date();',
          'const r = Math.random();',
          'const e = process.env.SECRET;',
          'const clock = performance.now;',
          "const order = ['b', 'a'].sort((x, y) => x.localeCompare(y));",
        ].join('\n'),
      ),
    ).toEqual(
      [
        'imports node:fs',
        'imports @nestjs/common',
        'imports bullmq',
        'imports net',
        'imports ../store/outbox (src/store/outbox)',
        'uses Date.now',
        'uses new Date(',
        'uses Math.random',
        'uses process.env',
        'uses performance.now',
        'uses .localeCompare (locale-dependent)',
      ].map((what, i) => `src/engine/probe.ts:${i + 1}: ${what}`),
    );
    expect(
      probe(
        "// Date.now() and Math.random() are forbidden\nconst s = 'new Date() process.env';\nimport { createHash } from 'node:crypto';",
      ),
    ).toEqual([]);
  });

  it.each(files.filter((f) => f.startsWith('src/engine/')))('given %s, then it stays under 400 lines', (file) => {
    expect(readFileSync(join(ROOT, file), 'utf8').split('\n').length).toBeLessThan(400);
  });
});
