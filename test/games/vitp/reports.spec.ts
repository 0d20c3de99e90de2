import { vitpRuleset } from '../../../src/games/vitp';
import { type AreaCell, boardOf, type BoardMap } from '../../../src/engine/board-view';
import { MailRenderer } from '../../../src/mail/render';
import { mapOf } from '../../../src/games/vitp/view';
import type { VitpState } from '../../../src/games/vitp/types';
import { mapGeometry } from '../../../src/mail/map-svg';
import { newGame, playRandom } from './driver';

const view = (s: Parameters<typeof vitpRuleset.view>[0], side: string) => {
  const v = vitpRuleset.view(s, side);
  return { ...v, summary: [...v.summary], map: boardOf(v).map as BoardMap & Required<Pick<BoardMap, 'links' | 'places'>> };
};

describe('VITP reports and fog of war', () => {
  const game = playRandom('reports');

  it('given a whole game, then every event narrates to readable lines for both sides', () => {
    for (const e of game.events) {
      for (const side of ['japanese', 'allied', 'referee']) {
        const lines = vitpRuleset.narrate(e, side);
        for (const l of lines) expect(l).not.toMatch(/undefined|\[object Object\]/);
      }
    }
    const text = game.events.flatMap((e) => vitpRuleset.narrate(e, 'allied')).join('\n');
    expect(text).toMatch(/Turn 1 POC: Japanese \d+, Allied \d+/);
    expect(text).toMatch(/speed roll|always passes/i);
  });

  it('given the open game (no hidden units in the basic rules), then both sides see the same board; only the sentences are written to each', () => {
    const { summary: j, ...japanese } = view(game.state, 'japanese');
    const { summary: a, ...allied } = view(game.state, 'allied');
    expect(japanese).toEqual(allied);
    expect(j).not.toEqual(a);
    expect(game.events.every((e) => e.visibleTo === undefined)).toBe(true);
  });

  it('given a view, then its summary says the turn, the POC track, who controls each area and where every force is', () => {
    const { state } = game;
    const summary = view(state, 'japanese').summary;
    expect(summary[0]).toBe(`Turn ${state.turn} of ${state.lastTurn}.`);
    expect(summary).toContain(
      `POC track: ${vitpRuleset
        .result(state)
        .summary.replace(/^After turn \d+: /, '')
        .replace(/\.$/, '')}.`,
    );
    const control = summary.filter((l) => /^(You control|The Allies control|Nobody controls)/.test(l)).join(' ');
    for (const a of state.map.areas) expect(control).toContain(a.name);
    const alive = state.units.filter((u) => u.side === 'japanese' && ['port', 'sea', 'transit', 'group'].includes(u.loc.at));
    const mine = summary.filter((l) => l.startsWith('Your forces')).join(' ');
    for (const u of alive) expect(mine).toContain(`${u.name} (`);
    expect(summary.some((l) => l.startsWith('Allied forces (as far as you know)'))).toBe(true);
    for (const l of summary) expect(l).not.toMatch(/undefined|\[object Object\]|NaN/);
  });

  it("given a view, then its map has the 13 sea areas placed apart, their flags and each side's units at sea", () => {
    const { state } = game;
    const map = view(state, 'allied').map;
    const cells = map.cells.filter((c): c is AreaCell => c.kind === 'area');
    expect(cells).toHaveLength(map.cells.length);
    expect(cells.map((a) => a.name)).toEqual(state.map.areas.map((a) => a.name));
    for (const a of cells) {
      expect(a.x).toBeGreaterThanOrEqual(0);
      expect(a.x).toBeLessThanOrEqual(100);
      expect(a.control).toBe(state.control[a.name] ?? null);
      for (const side of ['japanese', 'allied']) {
        const atSea = state.units.filter((u) => u.side === side && u.loc.at === 'sea' && u.loc.area === a.name);
        const drawn = a.units.find((u) => u.side === side);
        expect(drawn?.count ?? 0).toBe(atSea.length);
        // by counter type: the counts add up to the units there
        const byType = (drawn?.label ?? '').split(', ').filter(Boolean);
        expect(byType.reduce((n, t) => n + Number(t.split(' ')[0]), 0)).toBe(atSea.length);
      }
    }
    // the picture's area boxes never overlap
    const boxes = mapGeometry(map).cells;
    for (const a of boxes)
      for (const b of boxes) if (a !== b) expect(a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y).toBe(true);
  });

  it("given a view, then its map board holds the box's connections, every port and base with its owner and the units in it", () => {
    const { state } = game;
    const board = view(state, 'japanese').map;
    let seenDamaged = 0;
    const pairs = Object.entries(state.map.adjacent).flatMap(([a, bs]) => bs.map((b) => [a, b].sort().join(' | ')));
    expect(board.links.map((l) => [l.a, l.b].sort().join(' | ')).sort()).toEqual([...new Set(pairs)].sort());
    expect(board.places.map((p) => p.name)).toEqual(state.map.places.map((p) => p.name));
    for (const p of board.places) {
      expect(p.owner).toBe(state.control[p.name] ?? null);
      expect(p.x).toBeDefined();
      const inPort = state.units.filter((u) => u.loc.at === 'port' && u.loc.place === p.name).length;
      expect((p.units ?? []).reduce((n, u) => n + u.count, 0)).toBe(inPort);
      const damaged = state.units.filter((u) => u.loc.at === 'port' && u.loc.place === p.name && u.damage > 0).length;
      expect((p.damage ?? []).reduce((n, u) => n + u.count, 0)).toBe(damaged);
      seenDamaged += damaged;
    }
    // the game left damaged ships in port: the damage check above was exercised
    expect(seenDamaged).toBeGreaterThan(0);
    expect(board.note).toMatch(/schematic/i);
    // no two place markers on the same spot
    const spots = board.places.map((p) => `${p.x},${p.y}`);
    expect(new Set(spots).size).toBe(spots.length);
  });

  it('given a turn in combat, then the map marks the battle being fought, the combat still due and the areas fought', () => {
    const s = newGame();
    const moved = {
      ...s,
      phase: { k: 'pick-battle' as const },
      foughtAreas: ['Coral Sea'],
      units: s.units.map((u, i) =>
        i === s.units.findIndex((x) => x.side === 'japanese' && x.kind === 'ship') ||
        i === s.units.findIndex((x) => x.side === 'allied' && x.kind === 'ship')
          ? { ...u, loc: { at: 'sea' as const, area: 'Marshall Islands', mode: 'patrol' as const } }
          : u,
      ),
    };
    const marks = Object.fromEntries(mapOf(moved).map((a) => [a.name, a.battle ?? null]));
    expect(marks['Marshall Islands']).toBe('due');
    expect(marks['Coral Sea']).toBe('fought');
    expect(marks['Hawaiian Islands']).toBeNull();
    const fighting = { ...moved, battle: { area: 'Marshall Islands' } as VitpState['battle'], phase: { k: 'battle' as const } };
    expect(mapOf(fighting).find((a) => a.name === 'Marshall Islands')?.battle).toBe('now');
    // outside combat nothing is marked as due
    expect(
      mapOf({ ...moved, phase: { k: 'patrol', side: 'japanese' } }).find((a) => a.name === 'Marshall Islands')?.battle,
    ).toBeUndefined();
  });

  it('given the view, then the report mail prints the summary under what you know and shows the map as an inline PNG', () => {
    const v = view(game.state, 'japanese');
    const r = new MailRenderer().render('report', {
      gameId: 'G-1',
      gameName: 'Victory in the Pacific',
      side: 'japanese',
      knowledge: v.summary,
      map: v.map,
      narrative: [],
      dice: { anchor: 'a'.repeat(64), revealedSeeds: [] },
      latestEventHash: 'e'.repeat(64),
      latestEventSeq: 42,
      next: null,
    });
    expect(r.text).toContain(v.summary[1]);
    expect(r.text).toMatch(/Coral Sea( \[(japanese|allied)\])?: /);
    expect(r.attachments).toEqual([expect.objectContaining({ filename: 'map.png', contentType: 'image/png', cid: 'map@umpire' })]);
    expect(r.html).toContain('<img src="cid:map@umpire"');
    expect(r.html).not.toContain('<svg');
  });

  it('given combat events, then units are named as on their counters', () => {
    const shot = game.events.find((e) => e.type === 'combat.shot')!;
    const { attacker, target } = shot.data as { attacker: string; target: string };
    const name = (id: string) => game.state.units.find((u) => u.id === id)!.name;
    const line = vitpRuleset.narrate(shot, 'japanese')[0];
    expect(line.startsWith(`${name(attacker)}'s `)).toBe(true);
    expect(line).toContain(` at ${name(target)}`);
  });
});
