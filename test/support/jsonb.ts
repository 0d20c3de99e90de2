/**
 * What PostgreSQL's JSONB does to a value's object keys: it keeps them sorted shorter first, then
 * bytewise (UTF-8), whatever order they were written in; node-postgres parses them back in that
 * order. Tests pass stored data through this to prove nothing depends on the order keys were built in.
 */
export function jsonbKeyOrder<T>(value: T): T {
  return reorder(JSON.parse(JSON.stringify(value))) as T;
}

export function compareJsonbKeys(a: string, b: string): number {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length - y.length || Buffer.compare(x, y);
}

function reorder(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(reorder);
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v).sort(compareJsonbKeys)) out[k] = reorder((v as Record<string, unknown>)[k]);
  return out;
}
