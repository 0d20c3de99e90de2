import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expandCasePaths } from '../../src/cli/case-files';
import { createPayload } from '../../src/cli/game-commands';
import { run } from '../../src/cli/main';
import { UsageError, nonNegativeNumber, positiveInt, readJsonFile, readTextFile, resolveSide } from '../../src/cli/usage';

const sides = { side: ['japanese=tojo@example.org', 'allied=nimitz@example.org'] };

/** The whole CLI in-process, for commands that need no database: exit code and what it printed. */
async function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const log = jest.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
  const error = jest.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void err.push(a.join(' ')));
  const stdout = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out.push(String(chunk));
    return true;
  });
  const stderr = jest.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    err.push(String(chunk));
    return true;
  });
  process.exitCode = 0;
  try {
    await run(['node', 'umpire', ...args]);
    return { code: Number(process.exitCode ?? 0), out: out.join('\n'), err: err.join('\n') };
  } finally {
    for (const spy of [log, error, stdout, stderr]) spy.mockRestore();
    process.exitCode = 0;
  }
}

describe('umpire game create: arguments checked before anything is sent', () => {
  it('given optional rules, then each id switches its rule on (or off with =off)', () => {
    const p = createPayload('vitp', {
      ...sides,
      option: ['task-forces', 'airstrike-damage=on', 'turn-9=off'],
      id: 'G-x1',
    });
    expect(p.options).toEqual({ 'task-forces': true, 'airstrike-damage': true, 'turn-9': false });
    expect(p.gameId).toBe('G-x1');
    expect(p.sides).toEqual([
      { side: 'japanese', player: { address: 'tojo@example.org' } },
      { side: 'allied', player: { address: 'nimitz@example.org' } },
    ]);
  });

  it('given a side in another case, then it is spelt as the ruleset spells it', () => {
    expect(createPayload('vitp', { side: ['Japanese=a@x.org', 'ALLIED=b@y.org'] }).sides.map((s) => s.side)).toEqual([
      'japanese',
      'allied',
    ]);
  });

  it.each([
    [{ ...sides, option: ['kamikaze'] }, /--option kamikaze: vitp has no optional rule "kamikaze"; it offers turn-9, .*task-forces/],
    [{ ...sides, option: ['task-forces=maybe'] }, /--option task-forces=maybe: the value must be on or off/],
    [{ side: ['japanese=a@x.org'] }, /no player for the allied side: add --side allied=ADDRESS/],
    [{ side: ['japanese=a@x.org', 'japanese=b@x.org', 'allied=c@x.org'] }, /--side japanese given 2 times/],
    [{ side: ['japs=a@x.org', 'allied=b@x.org'] }, /vitp has no side "japs"; the sides are japanese, allied/],
    [{ side: ['japanese', 'allied=b@x.org'] }, /--side japanese: expected NAME=ADDRESS/],
    [{ side: ['japanese=nobody', 'allied=b@x.org'] }, /"nobody" is not an e-mail address/],
    [{ ...sides, referee: 'referee' }, /--referee: "referee" is not an e-mail address/],
    [{ ...sides, deadline: 'abc' }, /--deadline must be a number of minutes greater than 0, got "abc"/],
    [{ ...sides, deadline: '-5' }, /--deadline must be a number/],
    [{ ...sides, grace: 'soon' }, /--grace must be a number of minutes \(0 or more\)/],
    [{ ...sides, id: 'my game' }, /--id my game: a game id looks like G-abc123/],
    [{ ...sides, box: '/nonexistent/club.json' }, /--box \/nonexistent\/club.json: no such file or directory/],
  ])('given %j, then a usage error says what is wrong and what would be right', (opts, message) => {
    expect(() => createPayload('vitp', opts)).toThrow(UsageError);
    expect(() => createPayload('vitp', opts)).toThrow(message);
  });

  it('given an unknown ruleset, then it names the ones there are', () => {
    expect(() => createPayload('chess', sides)).toThrow('unknown ruleset "chess"; available: vitp');
  });

  it('given a box file that is not JSON, then it names the file', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'umpire-usage-')), 'club.json');
    writeFileSync(file, 'not json');
    expect(() => createPayload('vitp', { ...sides, box: file })).toThrow(`--box ${file}: not valid JSON`);
  });
});

describe('argument helpers', () => {
  it('positiveInt takes whole numbers of at least 1 only', () => {
    expect(positiveInt('12', '--games')).toBe(12);
    for (const bad of ['0', '-1', 'abc', '1.5', '', '1e3'])
      expect(() => positiveInt(bad, '--games')).toThrow(`--games must be a whole number of at least 1, got "${bad}"`);
  });

  it('nonNegativeNumber allows zero only when asked', () => {
    expect(nonNegativeNumber('0', '--grace', { allowZero: true })).toBe(0);
    expect(() => nonNegativeNumber('0', '--deadline')).toThrow(UsageError);
    expect(nonNegativeNumber('1.5', '--deadline')).toBe(1.5);
  });

  it('resolveSide matches any case and lists the sides (and the referee where allowed) on a miss', () => {
    expect(resolveSide('Allied', ['japanese', 'allied'])).toBe('allied');
    expect(resolveSide('REFEREE', ['japanese', 'allied'], { referee: true })).toBe('referee');
    expect(() => resolveSide('referee', ['japanese', 'allied'])).toThrow('no side "referee"; the sides are japanese, allied');
  });

  it('file readers name the file and the problem, without errno codes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'umpire-usage-'));
    expect(() => readTextFile(join(dir, 'missing.txt'), 'orders file')).toThrow(
      `orders file ${join(dir, 'missing.txt')}: no such file or directory`,
    );
    expect(() => readTextFile(dir, 'orders file')).toThrow(`orders file ${dir}: is a directory, not a file`);
    writeFileSync(join(dir, 'ok.json'), '{"a":1}');
    expect(readJsonFile(join(dir, 'ok.json'), '--box')).toEqual({ a: 1 });
  });

  it('case paths that are not there are a usage error naming the path', () => {
    expect(() => expandCasePaths(['/nonexistent/cases'])).toThrow(
      new UsageError('case path /nonexistent/cases: no such file or directory'),
    );
  });
});

describe('umpire exit codes (commands that need no database)', () => {
  it('given --help or --version, then exit 0', async () => {
    expect((await cli('--help')).code).toBe(0);
    const v = await cli('--version');
    expect(v.code).toBe(0);
    expect(v.out).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("given an unknown option, then exit 2 pointing at that command's help", async () => {
    const r = await cli('selfplay', 'vitp', '--bogus');
    expect(r.code).toBe(2);
    expect(r.err).toContain("unknown option '--bogus'");
    expect(r.err).toContain('umpire selfplay --help');
  });

  it('given an unknown command, then exit 2', async () => {
    expect((await cli('nosuchcommand')).code).toBe(2);
  });

  it.each([
    [['selfplay', 'vitp', '--games', '-1'], 'umpire: --games must be a whole number of at least 1, got "-1"'],
    [['selfplay', 'vitp', '--games', 'abc'], 'umpire: --games must be a whole number of at least 1, got "abc"'],
    [['selfplay', 'nope'], 'umpire: unknown ruleset "nope"; available: vitp'],
    [['selfplay', 'vitp', '--option', 'kamikaze'], 'umpire: --option: vitp has no optional rule "kamikaze"'],
    [['selfplay', 'vitp', '--player', 'allied=genius'], 'umpire: --player allied=genius: vitp offers the machine players random'],
    [['selfplay', 'vitp', '--player', 'martians=random'], 'umpire: --player martians=random: expected SIDE=NAME with a side of vitp'],
    [['box', 'check', 'nope'], 'umpire: unknown ruleset "nope"'],
    [
      ['box', 'check', 'vitp', '--override', '/nonexistent/club.json'],
      'umpire: --override /nonexistent/club.json: no such file or directory',
    ],
    [['case', 'run', '/nonexistent/cases'], 'umpire: case path /nonexistent/cases: no such file or directory'],
    [
      ['game', 'create', 'vitp', '--side', 'japanese=a@x.org', '--side', 'allied=b@y.org', '--option', 'kamikaze'],
      'umpire: --option kamikaze: vitp has no optional rule',
    ],
  ])('given %j, then one line says what is wrong, no stack trace, exit 2', async (args, message) => {
    const r = await cli(...args);
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
    expect(r.err).not.toMatch(/\n\s+at /);
    expect(r.out).toBe(''); // nothing done: not even the default box's report
  });

  it('given an empty case directory, then exit 2 saying no case files were found', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'umpire-nocases-'));
    const r = await cli('case', 'run', dir);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`no case files (*.json) in ${dir}`);
  });

  it('given a case file that is not JSON, then the case fails naming the file, exit 1', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'umpire-badcase-')), 'bad.json');
    writeFileSync(file, 'not json');
    const r = await cli('case', 'run', file);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`FAIL  ${file}`);
    expect(r.out).toContain('not JSON');
  });
});
