import { vitpRuleset } from '../../../src/games/vitp';
import { MailRenderer, type MapArea } from '../../../src/mail/render';
import { playRandom } from './driver';

interface BoardView {
  summary: string[];
  map: MapArea[];
  [k: string]: unknown;
}
const view = (s: Parameters<typeof vitpRuleset.view>[0], side: string) => vitpRuleset.view(s, side) as BoardView;

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
    expect(map.map((a) => a.area)).toEqual(state.map.areas.map((a) => a.name));
    for (const a of map) {
      expect(a.x).toBeGreaterThanOrEqual(0);
      expect(a.x).toBeLessThanOrEqual(100);
      expect(a.controlledBy).toBe(state.control[a.area] ?? null);
      for (const side of ['japanese', 'allied']) {
        const atSea = state.units.filter((u) => u.side === side && u.loc.at === 'sea' && u.loc.area === a.area).length;
        expect(a.units.find((u) => u.side === side)?.count ?? 0).toBe(atSea);
      }
      // map-svg draws a circle of radius 44px at 8px a unit: centres 11 units apart never overlap
      for (const b of map) if (b !== a) expect(Math.hypot(a.x! - b.x!, a.y! - b.y!)).toBeGreaterThanOrEqual(11);
    }
  });

  it('given the view, then the report mail prints the summary under what you know and draws the map', () => {
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
      next: null,
    });
    expect(r.text).toContain(v.summary[1]);
    expect(r.text).toMatch(/Coral Sea( \[(japanese|allied)\])?: /);
    expect(r.attachments).toEqual([expect.objectContaining({ filename: 'map.svg' })]);
    expect(r.html.match(/<circle/g)).toHaveLength(13);
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
