import { countProvenance } from '../../../src/engine/box';
import { vitpRuleset } from '../../../src/games/vitp';
import { defaultBox } from '../../../src/games/vitp/box';

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x));

describe('VITP box', () => {
  it('given the default box, then it validates', () => {
    expect(vitpRuleset.box.validate(defaultBox)).toEqual([]);
  });

  it('given the default box, then it has 13 sea areas, 8 ports and 14 bases', () => {
    expect(defaultBox.seaAreas).toHaveLength(13);
    expect(defaultBox.places.filter((p) => p.kind === 'port')).toHaveLength(8);
    expect(defaultBox.places.filter((p) => p.kind === 'base')).toHaveLength(14);
  });

  it('given every value, then each carries a source, and most of the box is reconstruction', () => {
    const counts = countProvenance(defaultBox);
    expect(counts.total).toBeGreaterThan(1000);
    expect(counts.reconstructed).toBeGreaterThan(counts.reference + counts.rulebook);
    expect(counts.rulebook + counts.reference).toBeGreaterThan(50);
  });

  it('given the rulebook and the reference, then their values are used as published', () => {
    const area = (n: string) => defaultBox.seaAreas.find((a) => a.name === n)!;
    expect(area('Indonesia').pocJapanese).toMatchObject({
      value: 3,
      source: { kind: 'reference', ref: 'R' },
    });
    expect(area('Indonesia').pocAllied.value).toBe(1);
    expect(area('Hawaiian Islands').pocAllied).toMatchObject({
      value: 3,
      source: { kind: 'reference', ref: 'W' },
    });
    const place = (n: string) => defaultBox.places.find((p) => p.name === n)!;
    expect(place('Lae').touches).toEqual({
      value: ['South Pacific Ocean', 'Indonesia'],
      source: { kind: 'rulebook', rule: '2.11' },
    });
    expect(place('Port Moresby').touches.value).toEqual(['Indian Ocean', 'Coral Sea']);
    expect(place('Philippines').touches.value).toEqual(['Indonesia', 'Marianas Islands']);
    const unit = (n: string) => defaultBox.units.find((u) => u.name === n)!;
    expect(unit('Taiho')).toMatchObject({
      airstrike: { value: 3, source: { kind: 'reference', ref: 'J4' } },
      armor: { value: 3 },
      speed: { value: 7 },
    });
    expect(unit('Massachusetts')).toMatchObject({
      gunnery: { value: 5 },
      gunneryBonus: { value: true },
      arrival: { value: { turn: 5, at: 'Pearl Harbor' } },
    });
    expect(defaultBox.repairs.find((r) => r.port === 'Pearl Harbor')!.perTurn).toEqual({
      value: [0, 3, 6, 9, 12, 15, 15, 15, 15],
      source: { kind: 'rulebook', rule: '11.23' },
    });
  });

  it('given a reconstruction, then it says why', () => {
    const unit = defaultBox.units.find((u) => u.name === 'Yamato')!;
    expect(unit.gunnery.source.kind).toBe('reconstructed');
    expect((unit.gunnery.source as { reason: string }).reason).toMatch(/not found/);
  });

  it('given the rulebook examples, then the map lets them work', () => {
    const adj = defaultBox.adjacency.value;
    const touches = (a: string, b: string) => adj.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
    expect(touches('Central Pacific Ocean', 'Hawaiian Islands')).toBe(true); // 18.32 groups
    expect(defaultBox.places.find((p) => p.name === 'Guadalcanal')!.touches.value).toEqual(['South Pacific Ocean', 'Coral Sea']); // 2.1
    expect(defaultBox.places.find((p) => p.name === 'Pearl Harbor')!.touches.value).toContain('Hawaiian Islands'); // 18.33
  });

  it('given a club override with a typo, then the problem names the place', () => {
    const bad = clone(defaultBox);
    bad.places[0].touches.value = ['Hawaian Islands'];
    expect(vitpRuleset.box.validate(bad)).toEqual(['Pearl Harbor touches unknown sea area "Hawaian Islands"']);
  });

  it('given a sea map that borders itself, lists a border twice or falls apart, then each problem is named', () => {
    const [a, b] = defaultBox.adjacency.value[0];
    const looped = clone(defaultBox);
    looped.adjacency.value = [...looped.adjacency.value, [a, a], [b, a]];
    expect(vitpRuleset.box.validate(looped)).toEqual([
      `sea-area adjacency: ${a} borders itself`,
      `sea-area adjacency: border ${b}–${a} is listed twice`,
    ]);
    const cut = clone(defaultBox);
    cut.adjacency.value = cut.adjacency.value.filter(([x, y]) => x !== a && y !== a);
    expect(vitpRuleset.box.validate(cut)).toEqual(['the sea areas do not form one connected map']);
  });

  it('given a value without a source, then the schema refuses it', () => {
    const bad = clone(defaultBox) as unknown as { seaAreas: { pocJapanese: unknown }[] };
    bad.seaAreas[0].pocJapanese = 2;
    expect(vitpRuleset.box.validate(bad)[0]).toMatch(/^\$\.seaAreas\[0\]\.pocJapanese: /);
  });

  it('given a source of no known kind, then it is refused', () => {
    const bad = clone(defaultBox);
    (bad.seaAreas[0].pocJapanese as { source: unknown }).source = { kind: 'guess' };
    expect(vitpRuleset.box.validate(bad).length).toBeGreaterThan(0);
  });

  it("given a misspelt key anywhere (a club's typo), then it is named, not silently ignored", () => {
    const bad = clone(defaultBox) as unknown as Record<string, unknown> & {
      units: Record<string, unknown>[];
    };
    bad.pocTrackCapp = bad.pocTrackCap;
    bad.units[0].gunnry = bad.units[0].gunnery;
    const problems = vitpRuleset.box.validate(bad);
    expect(problems).toEqual(
      expect.arrayContaining([expect.stringMatching(/pocTrackCapp/), expect.stringMatching(/^\$\.units\[0\].*gunnry/)]),
    );
  });
});
