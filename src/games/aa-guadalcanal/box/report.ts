/**
 * What `umpire box check aa-guadalcanal` prints beyond the hash and the overall provenance counts:
 * the provenance split of each part of the box, every constraint with its result, and for a
 * club's override each value it changes from the default box.
 */
import { countProvenance, jsonPath, type ProvenanceSource, withoutProvenance } from '../../../engine/box';
import { canonicalJson } from '../../../shared/canonical';
import { checkBox } from './constraints';

type Node = Record<string, unknown>;
/** JSON data compared by content (key order and object prototypes aside). */
const sameJson = (a: unknown, b: unknown) => a === b || (a !== undefined && b !== undefined && canonicalJson(a) === canonicalJson(b));
const isProvenanced = (x: unknown): x is { value: unknown; source: ProvenanceSource } =>
  typeof x === 'object' && x !== null && !Array.isArray(x) && 'value' in x && 'source' in x;

function describeSource(s: ProvenanceSource | undefined): string {
  if (!s) return 'no source';
  if (s.kind === 'rulebook') return `rulebook ${s.rule}`;
  if (s.kind === 'reference') return `reference ${s.ref}${s.status ? ` ${s.status}` : ''}`;
  return 'reconstructed';
}

const show = (x: unknown) => (x === undefined ? '(absent)' : JSON.stringify(withoutProvenance(x)));

/**
 * Each value an override changes, by path: `$.zones.K.deploy: {"side":"allies","cost":1}
 * (reconstructed) -> null (reference club)`. A list of provenanced entries (neighbours, setup
 * pieces) is compared as a set: entries added and removed.
 */
export function boxChanges(from: unknown, to: unknown, path: PropertyKey[] = []): string[] {
  if (sameJson(from, to)) return [];
  const at = jsonPath(path);
  if (isProvenanced(from) || isProvenanced(to)) {
    const a = isProvenanced(from) ? from : undefined;
    const b = isProvenanced(to) ? to : undefined;
    return [`${at}: ${show(a?.value)} (${describeSource(a?.source)}) -> ${show(b?.value)} (${describeSource(b?.source)})`];
  }
  if (Array.isArray(from) && Array.isArray(to) && [...from, ...to].every(isProvenanced)) {
    const key = (x: { value: unknown }) => canonicalJson(withoutProvenance(x.value));
    const was = from.map(key);
    const now = to.map(key);
    const removed = from.filter((_x, i) => !now.includes(was[i])).map((x) => `${at}: - ${show(x.value)} (${describeSource(x.source)})`);
    const added = to.filter((_x, i) => !was.includes(now[i])).map((x) => `${at}: + ${show(x.value)} (${describeSource(x.source)})`);
    const resourced = to
      .filter((x, i) => was.includes(now[i]) && !sameJson(from[was.indexOf(now[i])].source, x.source))
      .map((x) => `${at}: ${show(x.value)} now (${describeSource(x.source)})`);
    return [...removed, ...added, ...resourced];
  }
  if (from && to && typeof from === 'object' && typeof to === 'object' && !Array.isArray(from) && !Array.isArray(to)) {
    const keys = [...new Set([...Object.keys(from as Node), ...Object.keys(to as Node)])];
    return keys.flatMap((k) => boxChanges((from as Node)[k], (to as Node)[k], [...path, k]));
  }
  return [`${at}: ${show(from)} -> ${show(to)}`];
}

/** `units: 132 rulebook` ... one line per top-level part of the box. */
function provenanceByPart(data: unknown): string[] {
  if (data === null || typeof data !== 'object') return [];
  return Object.entries(data as Node).map(([part, x]) => {
    const c = countProvenance(x);
    return `${part}: ${c.total} values: ${c.rulebook} rulebook, ${c.reference} reference, ${c.reconstructed} reconstructed`;
  });
}

/** The lines `umpire box check` prints after the counts; `against`: the default box, when `data` is an override. */
export function boxCheckDetails(data: unknown, against?: unknown): string[] {
  const { schema, results } = checkBox(data);
  const lines = ['provenance by part:', ...provenanceByPart(data).map((l) => `  ${l}`)];
  if (against !== undefined) {
    const changes = boxChanges(against, data);
    lines.push(`changes from the default box: ${changes.length}`, ...changes.map((l) => `  ${l}`));
  }
  if (schema.length) return [...lines, `${schema.length} schema problem(s) (constraints not checked):`, ...schema.map((s) => `  ${s}`)];
  const failed = results.filter((r) => r.problems.length && r.severity === 'error').length;
  const warned = results.filter((r) => r.problems.length && r.severity === 'warning').length;
  lines.push(`constraints: ${results.length - failed - warned} passed, ${failed} failed, ${warned} warning(s)`);
  for (const r of results) {
    const mark = !r.problems.length ? 'ok  ' : r.severity === 'error' ? 'FAIL' : 'WARN';
    lines.push(`  ${mark} ${r.id} (${r.rule}): ${r.text}`);
    for (const p of r.problems) lines.push(`         ${p.path}: ${p.message}`);
  }
  return lines;
}
