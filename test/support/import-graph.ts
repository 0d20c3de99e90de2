import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import * as ts from 'typescript';

/**
 * The import graph of a source tree, read with the TypeScript parser: an edge per relative import
 * or re-export, marked `runtime` unless it is type-only (`import type`, `export type`, or every
 * name imported `type`): a type-only edge is erased when compiled, so a cycle of them loads nothing.
 */
export interface ImportEdge {
  readonly from: string;
  readonly to: string;
  readonly runtime: boolean;
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveSpec(root: string, fromRel: string, spec: string): string | null {
  const base = resolve(root, dirname(fromRel), spec);
  for (const candidate of [`${base}.ts`, join(base, 'index.ts'), base])
    if (existsSync(candidate) && statSync(candidate).isFile()) return relative(root, candidate);
  return null;
}

function typeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return true;
    const clause = node.exportClause;
    return !!clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly);
  }
  const clause = node.importClause;
  if (!clause) return false; // a bare `import './x'` runs it
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return !!bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly);
}

/** The edges of one file's source (`rel` relative to `root`). */
export function edgesOf(root: string, rel: string, source: string): ImportEdge[] {
  const sf = ts.createSourceFile(rel, source, ts.ScriptTarget.Latest, false);
  return sf.statements.flatMap((node) => {
    if (!(ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) || !node.moduleSpecifier) return [];
    if (!ts.isStringLiteral(node.moduleSpecifier) || !node.moduleSpecifier.text.startsWith('.')) return [];
    const to = resolveSpec(root, rel, node.moduleSpecifier.text);
    return to ? [{ from: rel, to, runtime: !typeOnly(node) }] : [];
  });
}

/** Every edge under `dir` (relative to `root`), `skip` left out. */
export function importGraph(root: string, dir: string, skip: (rel: string) => boolean = () => false): ImportEdge[] {
  return tsFiles(join(root, dir))
    .map((f) => relative(root, f))
    .filter((f) => !skip(f))
    .flatMap((f) => edgesOf(root, f, readFileSync(join(root, f), 'utf8')));
}

/** The cycles of a graph: its strongly connected components of more than one file (or a file importing itself), each sorted. */
export function cycles(edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let counter = 0;
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (next.get(v) ?? []).includes(v)) found.push(component.sort());
    }
  };
  for (const v of [...next.keys()].sort()) if (!index.has(v)) visit(v);
  return found.sort((a, b) => a[0].localeCompare(b[0]));
}
