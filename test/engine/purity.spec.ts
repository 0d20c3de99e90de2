import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ENGINE = join(__dirname, '../../src/engine');
const files = readdirSync(ENGINE).filter((f) => f.endsWith('.ts'));
const FORBIDDEN_IMPORTS = /from\s+['"](@nestjs\/[^'"]*|@prisma\/[^'"]*|bullmq|ioredis|nodemailer|imapflow|pg|(node:)?fs|(node:)?net|(node:)?fs\/promises)['"]/;
const FORBIDDEN_CALLS = /\bDate\.now\s*\(|\bnew\s+Date\s*\(|\bMath\.random\s*\(|\bperformance\.now\s*\(/;

describe('the rules engine is pure', () => {
  it('given the engine sources, then there are some to check', () => {
    expect(files).toEqual(expect.arrayContaining(['dice.ts', 'decide.ts', 'evolve.ts', 'views.ts', 'selfplay.ts']));
  });

  it.each(files)('given %s, then it imports no I/O and reads no clock or ambient randomness', (file) => {
    const source = readFileSync(join(ENGINE, file), 'utf8');
    expect(source).not.toMatch(FORBIDDEN_IMPORTS);
    expect(source).not.toMatch(FORBIDDEN_CALLS);
  });

  it.each(files)('given %s, then it stays under 400 lines', (file) => {
    expect(readFileSync(join(ENGINE, file), 'utf8').split('\n').length).toBeLessThan(400);
  });
});
