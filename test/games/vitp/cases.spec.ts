import { join } from 'node:path';
import { runCases } from '../../../src/cli/case-files';
import { vitpRuleset } from '../../../src/games/vitp';

const registry = { vitp: vitpRuleset as never };

describe('VITP adjudication cases (cases/vitp)', () => {
  const results = runCases([join(__dirname, '../../../cases/vitp')], registry);
  it.each(results.map((r) => [`${r.file.split('/').pop()}: ${r.name}`, r] as const))('%s', (_name, r) => {
    expect(r.failures).toEqual([]);
  });
});
