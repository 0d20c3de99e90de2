import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { registerEngineCommands } from '../../../src/cli/engine-commands';
import { boxData, defaultBox } from '../../../src/games/aa-guadalcanal/box';
import { setupPicture } from '../../../src/games/aa-guadalcanal/box/map-picture';

/** `umpire box check aa-guadalcanal`: the game's box, with the extras its definition declares. */
function runCli(...args: string[]): { code: number; out: string } {
  const program = new Command('umpire').exitOverride();
  registerEngineCommands(program);
  const out: string[] = [];
  const log = jest.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
  process.exitCode = 0;
  try {
    program.parse(args, { from: 'user' });
    return { code: Number(process.exitCode ?? 0), out: out.join('\n') };
  } finally {
    log.mockRestore();
    process.exitCode = 0;
  }
}

const dir = mkdtempSync(join(tmpdir(), 'umpire-gc-box-'));

describe('umpire box check aa-guadalcanal', () => {
  it('given the default box, then it prints the provenance split, by part, and every constraint passing', () => {
    const r = runCli('box', 'check', 'aa-guadalcanal');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^ {2}\d+ values: \d+ rulebook, \d+ reference \(.*\), \d+ reconstructed$/m);
    expect(r.out).toMatch(/^ {4}units: \d+ values: \d+ rulebook, 0 reference, 0 reconstructed$/m);
    expect(r.out).toMatch(/constraints: 21 passed, 0 failed, 0 warning\(s\)/);
    expect(r.out).toMatch(/^ {2}valid$/m);
  });

  it('given an override that changes a printed deployment number, then it names the change and the broken rule, and exits 1', () => {
    const box = structuredClone(defaultBox) as unknown as { zones: { I: { deploy: { value: unknown } } } };
    box.zones.I.deploy.value = { side: 'allies', cost: 1 };
    const file = join(dir, 'club.json');
    writeFileSync(file, JSON.stringify(box));
    const r = runCli('box', 'check', 'aa-guadalcanal', '--override', file);
    expect(r.code).toBe(1);
    expect(r.out).toContain('changes from the default box: 1');
    expect(r.out).toContain(
      '$.zones.I.deploy: {"side":"allies","cost":2} (rulebook REG.4c) -> {"side":"allies","cost":1} (rulebook REG.4c)',
    );
    expect(r.out).toMatch(/FAIL deploy\.as-printed \(REG\.4c\)/);
    expect(r.out).toMatch(/\$\.zones\.I\.deploy: must be the Allies' deployment number 2/);
  });

  it('given box export, then the file checks as an override with no change and no problem', () => {
    const file = join(dir, 'default.json');
    expect(runCli('box', 'export', 'aa-guadalcanal', file).code).toBe(0);
    const r = runCli('box', 'check', 'aa-guadalcanal', '--override', file);
    expect(r.code).toBe(0);
    expect(r.out).toContain('changes from the default box: 0');
  });

  it('given --map, then it writes an SVG of the starting position with every sea zone and island', () => {
    const file = join(dir, 'map.svg');
    const r = runCli('box', 'check', 'aa-guadalcanal', '--map', file);
    expect(r.code).toBe(0);
    const svg = readFileSync(file, 'utf8');
    expect(svg.startsWith('<svg')).toBe(true);
    // each island and base land zone joined to the sea zones it borders by a dashed line (placeLinks)
    const dashed = svg.slice(svg.indexOf('stroke-dasharray'));
    expect(dashed.slice(0, dashed.indexOf('</g>')).match(/<path /g)).toHaveLength(23 + 2); // 23 island borders, 2 base land - base sea
    for (const name of [
      'Rabaul sea zone',
      'New Caledonia sea zone',
      'Guadalcanal',
      'New Georgia',
      'Santa Isabel',
      'Choiseul',
      'Malaita',
      'Bougainville',
    ])
      expect(svg).toContain(name);
  });
});

describe('aa-guadalcanal map picture', () => {
  it('given the box, then the picture joins exactly the sea zones that border each other, and places each island by its sea zones', () => {
    const data = boxData();
    const p = setupPicture(data);
    expect(p.cells).toHaveLength(15);
    const seaEdges = Object.entries(data.zones).flatMap(([a, z]) =>
      z.kind === 'sea' || z.kind === 'base-sea'
        ? z.adjacent.filter((b) => a < b && ['sea', 'base-sea'].includes(data.zones[b].kind)).map((b) => `${a}|${b}`)
        : [],
    );
    expect(p.links).toHaveLength(seaEdges.length);
    const guadalcanal = p.places!.find((x) => x.name === 'Guadalcanal')!;
    expect([...guadalcanal.touches].sort()).toEqual(['H', 'J', 'K']);
    expect(guadalcanal.owner).toBe('allies');
    expect(guadalcanal.markers).toEqual(['airfield US', '1 slot free']);
    const rabaul = p.places!.find((x) => x.name === 'Rabaul')!;
    expect(rabaul.units).toEqual([{ side: 'axis', count: 6, label: '1 INF, 1 ART, 3 BMR, 1 FTR, 2 SUP' }]);
    const k = p.cells.find((a) => a.name === 'K')!;
    expect(k.units).toEqual([{ side: 'allies', count: 5, label: '1 DD, 1 CV, 1 BB; aboard 2 FTR' }]);
  });
});
