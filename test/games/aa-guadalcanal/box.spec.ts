import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  boxData,
  checkBox,
  constraints,
  defaultBox,
  distance,
  type GuadalcanalBox,
  guadalcanalBox,
  guadalcanalBoxSchema,
  type ZoneId,
} from '../../../src/games/aa-guadalcanal/box';
import { boxChanges } from '../../../src/games/aa-guadalcanal/box/report';
import { countProvenance, validateBox } from '../../../src/engine/box';

const rec = { kind: 'reconstructed', reason: 'test' } as const;
type Mutable = { -readonly [K in keyof GuadalcanalBox]: GuadalcanalBox[K] } & Record<string, unknown>;
const clone = (): Mutable => structuredClone(defaultBox) as Mutable;

function link(box: Mutable, a: ZoneId, b: ZoneId) {
  box.zones[a].adjacent.push({ value: b, source: rec });
  box.zones[b].adjacent.push({ value: a, source: rec });
}
function unlink(box: Mutable, a: ZoneId, b: ZoneId) {
  box.zones[a].adjacent = box.zones[a].adjacent.filter((n) => n.value !== b);
  box.zones[b].adjacent = box.zones[b].adjacent.filter((n) => n.value !== a);
}
function failures(box: unknown, id: string) {
  const result = checkBox(box).results.find((r) => r.id === id);
  if (!result) throw new Error(`no constraint ${id}`);
  return result;
}

describe('aa-guadalcanal box: schema and default data', () => {
  it('given the default box, then the schema accepts it and every constraint passes', () => {
    expect(validateBox(guadalcanalBoxSchema, defaultBox)).toEqual([]);
    const { schema, results } = checkBox(defaultBox);
    expect(schema).toEqual([]);
    expect(results.filter((r) => r.problems.length).map((r) => [r.id, r.problems])).toEqual([]);
    expect(guadalcanalBox.validate(defaultBox)).toEqual([]);
  });

  it('given the default box, then every value has a source and the split has all three kinds', () => {
    const c = countProvenance(defaultBox);
    expect(c.rulebook).toBeGreaterThan(0);
    expect(c.reference).toBeGreaterThan(0);
    expect(c.reconstructed).toBeGreaterThan(0);
    expect(c.total).toBe(c.rulebook + c.reference + c.reconstructed);
  });

  it('given a value of the wrong type, then the schema names its path and the constraints are not run', () => {
    const box = clone();
    (box.units.BB.cost as { value: unknown }).value = 'twelve';
    const r = checkBox(box);
    expect(r.schema).toEqual([expect.stringMatching(/^\$\.units\.BB\.cost\.value: /)]);
    expect(r.results).toEqual([]);
  });

  it('given the plain data, then the rulebook examples hold on the stand-in board', () => {
    const { zones } = boxData();
    expect(distance(zones, 'New-Caledonia-Sea', 'J', 'sea')).toBe(1);
    expect(distance(zones, 'I', 'G', 'sea')).toBeGreaterThan(1);
    expect(distance(zones, 'C', 'H')).toBe(2);
    expect(distance(zones, 'New-Caledonia', 'J')).toBe(2);
    expect(distance(zones, 'J', 'Guadalcanal')).toBeLessThanOrEqual(2);
  });
});

/** Each constraint, a crafted override that breaks it, and the path the failure must name. */
const bad: Record<string, { make: (box: Mutable) => void; path: string; severity?: 'warning' }> = {
  'printed.unchanged': { make: (b) => void ((b.units.BB.cost as { value: number }).value = 11), path: '$.units.BB.cost' },
  'adjacency.well-formed': { make: (b) => void b.zones.A.adjacent.push({ value: 'A', source: rec }), path: '$.zones.A.adjacent[' },
  'adjacency.symmetric': {
    make: (b) => void (b.zones.A.adjacent = b.zones.A.adjacent.filter((n) => n.value !== 'B')),
    path: '$.zones.B.adjacent[',
  },
  'adjacency.island-touches-sea': {
    make: (b) => {
      for (const z of ['B', 'F', 'G'] as const) unlink(b, z, 'Choiseul');
      link(b, 'Choiseul', 'New-Georgia');
    },
    path: '$.zones.Choiseul',
  },
  'adjacency.base-cards': { make: (b) => link(b, 'Rabaul', 'A'), path: '$.zones.Rabaul.adjacent[1]' },
  'route-to-base.consistent': {
    make: (b) => void ((b.zones.B as { routeToBase: { value: unknown } }).routeToBase.value = 'axis'),
    path: '$.zones.B.routeToBase',
  },
  'route-to-base.opposite-ends': {
    make: (b) => {
      link(b, 'New-Caledonia-Sea', 'I');
      (b.zones.I as { routeToBase: { value: unknown } }).routeToBase.value = 'allies';
    },
    path: '$.zones.L.routeToBase',
    severity: 'warning',
  },
  'board.connected': {
    make: (b) => {
      for (const z of ['D', 'E', 'H', 'K'] as const) unlink(b, z, 'Malaita');
    },
    path: '$.zones.Malaita',
  },
  'example.sea-movement': { make: (b) => link(b, 'I', 'G'), path: '$.zones.I.adjacent[' },
  'example.air-movement': {
    make: (b) => {
      unlink(b, 'J', 'Guadalcanal');
      unlink(b, 'K', 'Guadalcanal');
    },
    path: '$.zones.J',
  },
  'deploy.as-printed': {
    make: (b) => void ((b.zones.I as { deploy: { value: unknown } }).deploy.value = { side: 'allies', cost: 3 }),
    path: '$.zones.I.deploy',
  },
  'deploy.own-side': {
    make: (b) => void ((b.zones.C as { deploy: { value: unknown } }).deploy.value = { side: 'allies', cost: 2 }),
    path: '$.zones.C.deploy',
  },
  'battle-box.categories': { make: (b) => void (b.battleBox.air.value as string[]).splice(0, 1, 'DD'), path: '$.battleBox.air[0]' },
  'components.counts': {
    make: (b) => void ((b.advantages['pt-boats'] as { value: { allies: number } }).value.allies = 3),
    path: '$.advantages',
  },
  'setup.airfields': {
    make: (b) => void b.setup.airfields.push({ value: { island: 'New-Georgia', side: 'axis', damaged: false }, source: rec }),
    path: '$.setup.airfields[2]',
  },
  'setup.airfield-slots': {
    make: (b) => {
      for (let i = 0; i < 2; i++) b.setup.airfields.push({ value: { island: 'Malaita', side: 'axis', damaged: false }, source: rec });
    },
    path: '$.setup.airfields[2]',
  },
  'setup.placement': {
    make: (b) => void b.setup.pieces.push({ value: { side: 'axis', zone: 'New-Caledonia', type: 'INF', count: 1 }, source: rec }),
    path: `$.setup.pieces[${defaultBox.setup.pieces.length}].zone`,
  },
  'setup.cargo': {
    make: (b) =>
      void b.setup.pieces.push({
        value: { side: 'allies', zone: 'J', type: 'TR', count: 1, cargo: [{ type: 'INF', count: 3 }] },
        source: rec,
      }),
    path: `$.setup.pieces[${defaultBox.setup.pieces.length}].cargo`,
  },
  'setup.air-landings': {
    make: (b) => void b.setup.pieces.push({ value: { side: 'allies', zone: 'Guadalcanal', type: 'FTR', count: 1 }, source: rec }),
    path: '$.setup.pieces[',
  },
  'setup.control-holds': {
    make: (b) => void b.setup.pieces.push({ value: { side: 'axis', zone: 'Guadalcanal', type: 'INF', count: 8 }, source: rec }),
    path: '$.setup.control["Guadalcanal"]',
  },
  'setup.pieces-in-box': {
    make: (b) => void b.setup.pieces.push({ value: { side: 'allies', zone: 'New-Caledonia', type: 'INF', count: 20 }, source: rec }),
    path: '$.setup.pieces',
    severity: 'warning',
  },
};

describe('aa-guadalcanal box: each constraint fails on a crafted bad override', () => {
  it('given the list of constraints, then each has a crafted failure below', () => {
    expect(constraints.map((c) => c.id).sort()).toEqual(Object.keys(bad).sort());
  });

  it.each(Object.entries(bad))('given an override breaking %s, then it fails naming the value', (id, { make, path, severity }) => {
    const box = clone();
    make(box);
    expect(validateBox(guadalcanalBoxSchema, box)).toEqual([]);
    const result = failures(box, id);
    expect(result.problems.map((p) => p.path)).toContainEqual(expect.stringContaining(path));
    expect(result.severity).toBe(severity ?? 'error');
    const problems = guadalcanalBox.validate(box);
    if (severity === 'warning') expect(problems.filter((x) => x.includes(`[${id}, `))).toEqual([]);
    else expect(problems).toContainEqual(expect.stringContaining(`[${id}, `));
  });
});

describe('aa-guadalcanal box: changes of an override, value by value', () => {
  it('given an override with a new deployment number and a moved border, then each change is named with its source', () => {
    const box = clone();
    (box.zones.K as { deploy: unknown }).deploy = { value: { side: 'allies', cost: 2 }, source: { kind: 'reference', ref: 'club' } };
    unlink(box, 'A', 'B');
    link(box, 'A', 'C');
    expect(boxChanges(defaultBox, box).sort()).toEqual(
      [
        '$.zones.K.deploy: {"side":"allies","cost":1} (reconstructed) -> {"side":"allies","cost":2} (reference club)',
        '$.zones.A.adjacent: - "B" (reconstructed)',
        '$.zones.A.adjacent: + "C" (reconstructed)',
        '$.zones.B.adjacent: - "A" (reconstructed)',
        '$.zones.C.adjacent: + "A" (reconstructed)',
      ].sort(),
    );
    expect(boxChanges(defaultBox, clone())).toEqual([]);
  });
});

describe('aa-guadalcanal box: citations', () => {
  it('given every rulebook source in the box, then its section id is documented in the game README or the box README', () => {
    const dir = join(__dirname, '../../../src/games/aa-guadalcanal');
    const docs = readFileSync(join(dir, 'README.md'), 'utf8') + readFileSync(join(dir, 'box/README.md'), 'utf8');
    const cited = new Set<string>();
    const walk = (x: unknown): void => {
      if (x === null || typeof x !== 'object') return;
      if (Array.isArray(x)) return x.forEach(walk);
      const o = x as { source?: { kind?: string; rule?: string } };
      if (o.source?.kind === 'rulebook' && o.source.rule) cited.add(o.source.rule);
      Object.values(x).forEach(walk);
    };
    walk(defaultBox);
    const documented = (id: string) =>
      docs.includes(`\`${id}\``) ||
      new RegExp(`\\|[^|\\n]*\\b${id.replace('.', '\\.')}\\b[^|\\n]*\\|`).test(docs) ||
      (id.startsWith('UNIT.') && docs.includes('UNIT.<type>')) ||
      (id.startsWith('ADV.') && docs.includes('ADV.*'));
    expect([...cited].filter((id) => !documented(id))).toEqual([]);
  });
});
