import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { registerEngineCommands } from '../../src/cli/engine-commands';
import { fleetDuel } from '../../src/games/fleet-duel';

const CASES = join(__dirname, '../../cases/fleet-duel');

function runCli(...args: string[]): { code: number; out: string; err: string } {
  const program = new Command('umpire').exitOverride();
  registerEngineCommands(program, { 'fleet-duel': fleetDuel });
  const out: string[] = [];
  const err: string[] = [];
  const log = jest.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
  const stderr = jest.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    err.push(String(chunk));
    return true;
  });
  process.exitCode = 0;
  try {
    program.parse(args, { from: 'user' });
    return { code: Number(process.exitCode ?? 0), out: out.join('\n'), err: err.join('') };
  } finally {
    log.mockRestore();
    stderr.mockRestore();
    process.exitCode = 0;
  }
}

describe('umpire case run', () => {
  it('given the test game cases, then every case passes and the exit code is 0', () => {
    const r = runCli('case', 'run', CASES);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^\d+ passed, 0 failed$/m);
  });

  it('given a case whose expectation is wrong, then it prints the difference and exits 1', () => {
    const dir = mkdtempSync(join(tmpdir(), 'umpire-cases-'));
    const file = join(dir, 'wrong.json');
    writeFileSync(
      file,
      JSON.stringify({
        name: 'wrong',
        ruleset: 'fleet-duel',
        when: [
          { side: 'red', orders: 'MOVE north' },
          { side: 'blue', orders: 'MOVE south' },
        ],
        then: { expectState: { 'step.id': 't3/orders' } },
      }),
    );
    const r = runCli('case', 'run', file);

    expect(r.code).toBe(1);
    expect(r.out).toContain(`FAIL  ${file}: wrong`);
    expect(r.out).toContain('step.id: expected "t3/orders", got "t2/orders"');
  });
});

describe('umpire selfplay', () => {
  it('given 5 games, then it reports throughput, progress on stderr, and exits 0', () => {
    const r = runCli('selfplay', 'fleet-duel', '--games', '5', '--seed', 'cli');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/5 games \(5 ended, 0 unfinished at cap\), \d+ events, 0 errors/);
    expect(r.out).toMatch(/games\/sec, \d+ events\/sec/);
    expect(r.err).toContain('selfplay fleet-duel: 5/5 games');
  });
});

describe('umpire box check', () => {
  it('given the default box, then it prints the provenance counts', () => {
    const r = runCli('box', 'check', 'fleet-duel');
    expect(r.code).toBe(0);
    expect(r.out).toContain('7 values: 5 rulebook, 1 reference (1 unverified), 1 reconstructed');
  });

  it('given a broken override file, then it names the JSON path and exits 1', () => {
    const dir = mkdtempSync(join(tmpdir(), 'umpire-box-'));
    const file = join(dir, 'club.json');
    const box = structuredClone(fleetDuel.box.defaultData) as { turns: { source: unknown } };
    box.turns.source = { kind: 'rumour' };
    writeFileSync(file, JSON.stringify(box));
    const r = runCli('box', 'check', 'fleet-duel', '--override', file);

    expect(r.code).toBe(1);
    expect(r.out).toContain(`override ${file}`);
    expect(r.out).toMatch(/\$\.turns\.source\.kind: /);
    expect(r.out).toContain('6 values: 4 rulebook, 1 reference (1 unverified), 1 reconstructed');
  });
});
