import { PNG } from 'pngjs';
import { type EngineEvent, type EngineState, evolve, initialState, viewFor } from '../../../src/engine/game';
import { playOneGame } from '../../../src/engine/selfplay';
import { guadalcanalRuleset } from '../../../src/games/aa-guadalcanal';
import { ADVANTAGES } from '../../../src/games/aa-guadalcanal/box';
import type { GState, Piece } from '../../../src/games/aa-guadalcanal/types';
import { drawMapPng } from '../../../src/mail/map-png';
import { mapGeometry, renderMapSvg } from '../../../src/mail/map-svg';
import { renderMapText } from '../../../src/mail/map-text';
import type { BoardMap, MapPlace, MapUnitCount } from '../../../src/engine/board-view';
import { MailRenderer } from '../../../src/mail/render';
import { flat } from '../../support/text';

/**
 * The A&A board drawn in every report (issue 13): each viewer's map, taken from its view, holds
 * every zone, island control, airfields, each side's pieces by type with their cargo aboard and
 * the damaged area, as the rules state has them at that moment; a sealed sea move shows on no map
 * before it is revealed. Expectations are computed from the state, never written out.
 */
const rs = guadalcanalRuleset as never;
const VIEWERS = ['axis', 'allies', 'referee'] as const;
const SHORT = { axis: 'JP', allies: 'US' } as const;
type Board = { map: BoardMap & { places: MapPlace[] }; zones: { zone: string; axis: string[]; allies: string[] }[]; summary: string[] };

const boardOf = (st: EngineState<unknown>, viewer: string) => viewFor(st, viewer as never, rs).board as unknown as Board;
const pictureOf = (b: Board): BoardMap => b.map;

/** "2 TR, 1 DD; aboard 3 INF, 1 SUP" → the counts by type, top level and aboard. */
function parseLabel(label: string): { top: Record<string, number>; aboard: Record<string, number> } {
  const counts = (s: string | undefined) =>
    Object.fromEntries((s ? s.split(', ') : []).map((w) => /^(\d+) (\w+)$/.exec(w)!).map((m) => [m[2], Number(m[1])]));
  const [top, aboard] = label.split(/;? ?aboard /);
  return { top: counts(top || undefined), aboard: counts(aboard) };
}

function tally(pieces: readonly Piece[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of pieces) out[p.type] = (out[p.type] ?? 0) + 1;
  return out;
}

/** The map's entry for one side in a zone (area or place), parsed; absent: no pieces. */
function unitsOf(units: readonly MapUnitCount[] | undefined, side: string) {
  const u = units?.find((x) => x.side === side);
  return u ? { count: u.count, ...parseLabel(u.label!) } : { count: 0, top: {}, aboard: {} };
}

/** Checks one viewer's map against the rules state; returns what it saw (for coverage counts). */
function checkMap(s: GState, b: Board): { cargo: number; damaged: number } {
  const seen = { cargo: 0, damaged: 0 };
  const place = (name: string) => b.map.places.find((p) => p.name === name)!;
  for (const [z, zone] of Object.entries(s.box.zones)) {
    const onMap: { readonly units?: readonly MapUnitCount[] } =
      zone.kind === 'sea' || zone.kind === 'base-sea'
        ? b.map.cells.find((a) => a.name === (zone.kind === 'sea' ? z : zone.name))!
        : place(zone.name);
    expect(onMap).toBeDefined();
    for (const side of ['axis', 'allies'] as const) {
      const here = s.pieces.filter((p) => p.zone === z && p.side === side);
      const aboard = here.filter((p) => p.on !== null);
      const got = unitsOf(onMap.units, side);
      expect(got.count).toBe(here.filter((p) => p.type !== 'SUP').length);
      expect(got.top).toEqual(tally(here.filter((p) => p.on === null)));
      expect(got.aboard).toEqual(tally(aboard));
      seen.cargo += aboard.length;
    }
    if (zone.kind === 'island') {
      const pl: MapPlace = place(zone.name);
      expect(pl.owner).toBe(s.control[z as keyof GState['control']] ?? null);
      const fields = s.airfields.filter((a) => a.island === z).map((a) => `airfield ${SHORT[a.side]}${a.damaged ? ' damaged' : ''}`);
      expect((pl.markers ?? []).filter((m) => m.startsWith('airfield '))).toEqual(fields);
    }
    if (zone.kind === 'base-land') {
      const side = zone.side;
      const damaged = s.pieces.filter((p) => p.side === side && p.zone === 'damaged');
      const drawn = place(zone.name).damage ?? [];
      expect(drawn.every((u) => u.side === side)).toBe(true);
      expect(drawn.length ? parseLabel(drawn[0].label!).top : {}).toEqual(tally(damaged));
      expect(drawn.reduce((n, u) => n + u.count, 0)).toBe(damaged.length);
      seen.damaged += damaged.length;
    }
  }
  // the map draws what the view lists, no more: each listed id (cargo in brackets) counted once
  for (const side of ['axis', 'allies'] as const) {
    const listed = b.zones.flatMap((z) => z[side].flatMap((l) => l.replace(/[[\]]/g, ' ').trim().split(/\s+/)));
    const drawn = [...b.map.cells.flatMap((a) => a.units), ...b.map.places.flatMap((p) => p.units ?? [])]
      .filter((u) => u.side === side)
      .reduce((n, u) => n + u.count, 0);
    expect(drawn).toBe(listed.filter((id) => s.pieces.find((p) => p.id === id)!.type !== 'SUP').length);
  }
  return seen;
}

describe('aa-guadalcanal report map (issue 13)', () => {
  const options = Object.fromEntries(ADVANTAGES.map((a) => [`adv-${a}`, true]));
  const { events, state: last } = playOneGame(rs, 'report-map', { options, missRate: 0.05 });

  it('given a random game, then after every third step each viewer sees the same map of the whole board: zones, control, airfields, pieces by type, cargo and damaged area', () => {
    let st = initialState<unknown>();
    const seen = { moments: 0, cargo: 0, damaged: 0 };
    let steps = 0;
    for (const e of events) {
      st = evolve(st, e, rs);
      // every third step's end: enough moments, in a few seconds
      if (e.type !== 'StepResolved' || ++steps % 3) continue;
      const s = st.rules as GState;
      const boards = VIEWERS.map((v) => boardOf(st, v));
      const got = checkMap(s, boards[0]);
      for (const b of boards.slice(1)) expect(pictureOf(b)).toEqual(pictureOf(boards[0]));
      seen.moments++;
      seen.cargo += got.cargo;
      seen.damaged += got.damaged;
    }
    expect(seen.moments).toBeGreaterThan(20);
    // the game had cargo at sea and ships in a damaged area: the checks above were exercised
    expect(seen.cargo).toBeGreaterThan(0);
    expect(seen.damaged).toBeGreaterThan(0);
  });

  it('given the state stored with its keys re-sorted (as PostgreSQL JSONB does), then the map and the summary are the same', () => {
    const resort = (v: unknown): unknown =>
      Array.isArray(v)
        ? v.map(resort)
        : v && typeof v === 'object'
          ? Object.fromEntries(
              Object.keys(v)
                .sort((x, y) => x.length - y.length || (x < y ? -1 : 1))
                .map((k) => [k, resort((v as Record<string, unknown>)[k])]),
            )
          : v;
    const stored = { ...last, rules: resort(last.rules) } as EngineState<unknown>;
    expect(Object.keys((stored.rules as GState).box.zones)).not.toEqual(Object.keys((last.rules as GState).box.zones));
    for (const v of VIEWERS) {
      const [a, b] = [boardOf(last, v), boardOf(stored, v)];
      expect(pictureOf(b)).toEqual(pictureOf(a));
      expect(b.summary).toEqual(a.summary);
    }
  });

  it('given a map, then its caption says the layout is reconstructed, and its text lines name every zone and island with its controller', () => {
    const s = last.rules as GState;
    const b = boardOf(last, 'allies');
    expect(b.map.note).toMatch(/reconstructed.*not the published/);
    const text = renderMapText(pictureOf(b));
    expect(text).toHaveLength(Object.keys(s.box.zones).length);
    for (const [z, zone] of Object.entries(s.box.zones)) {
      const name = zone.kind === 'sea' ? z : zone.name;
      const line = text.find((l) => l.startsWith(`${name} [`) || l.startsWith(`${name}:`))!;
      expect(line).toBeDefined();
      const owner = zone.kind === 'island' ? s.control[z as keyof GState['control']] : zone.kind === 'sea' ? undefined : zone.side;
      if (owner) expect(line).toContain(`[${owner}]:`);
      for (const side of ['axis', 'allies'] as const) {
        const n = s.pieces.filter((p) => p.zone === z && p.side === side && p.type !== 'SUP').length;
        if (n) expect(line).toMatch(new RegExp(`${side} ${n} \\(`));
      }
    }
  });

  it('given a report, then it carries the map (text lines and the picture) and the VP, resources and first player', async () => {
    const s = last.rules as GState;
    const b = boardOf(last, 'axis');
    const r = new MailRenderer().render('report', {
      gameId: 'G-1',
      gameName: 'Axis & Allies: Guadalcanal',
      side: 'axis',
      knowledge: b.summary,
      map: pictureOf(b),
      narrative: [],
      dice: { anchor: 'a'.repeat(64), revealedSeeds: [] },
      latestEventHash: 'e'.repeat(64),
      latestEventSeq: 42,
      next: null,
    } as never);
    // the text part wraps at 72 columns (issue 28): each line is there, wherever the wrap fell
    for (const line of renderMapText(pictureOf(b))) expect(flat(r.text)).toContain(flat(`  ${line}`));
    expect(flat(r.text)).toContain(`first player: ${s.first}`);
    expect(flat(r.text)).toContain(`Victory points: axis ${s.vp.axis}; allies ${s.vp.allies}`);
    expect(flat(r.text)).toMatch(/Reinforcement points at Regroup: axis \d+; allies \d+/);
    expect(r.attachments.map((a) => a.filename)).toEqual(['map.png']);
    const png = await drawMapPng(renderMapSvg(pictureOf(b), 'test'));
    const img = PNG.sync.read(png.png);
    const size = mapGeometry(pictureOf(b));
    expect(img.width).toBeGreaterThan(0);
    expect(img.height).toBeGreaterThan(0);
    expect([img.width, img.height]).toEqual([Math.ceil(size.width), Math.ceil(size.height)]);
  });
});

describe('aa-guadalcanal report map with hidden movement (HID.2)', () => {
  it('given sealed sea moves, then no map shows them before the reveal, and the map after the step does', () => {
    const { events } = playOneGame(rs, 'report-map-hidden', { options: { 'hidden-movement': true }, missRate: 0.05 });
    let st = initialState<unknown>();
    let before: string | null = null;
    let sealedStep: string | null = null;
    let opened = false;
    const counts = { windows: 0, changed: 0, checked: 0 };
    const maps = (x: EngineState<unknown>) => VIEWERS.map((v) => JSON.stringify(pictureOf(boardOf(x, v))));
    for (const e of events as EngineEvent[]) {
      const data = e.data as { stepId?: string };
      const sealing = (e.type === 'OrdersSubmitted' || e.type === 'OrdersQueued') && /\/hid\/2-sea$/.test(data.stepId ?? '');
      if (sealing && sealedStep === null) {
        before = maps(st)[0];
        sealedStep = data.stepId!;
      }
      st = evolve(st, e, rs);
      if (sealedStep === null) continue;
      // orders sent ahead may be sealed while an earlier step (HID.1 loading, open) still changes the board:
      // the map to keep is the one of the moment the sealed step comes into play
      if (st.step?.id !== sealedStep && !opened) {
        before = maps(st)[0];
        continue;
      }
      opened ||= (e.type === 'OrdersRevealed' || e.type === 'DefaultOrdersApplied') && data.stepId === sealedStep;
      // until the first reveal of the step, every viewer's map is the one from when it came into play
      if (!opened) {
        for (const m of maps(st)) expect(m).toBe(before);
        counts.checked++;
      }
      if (e.type === 'StepResolved' && data.stepId === sealedStep) {
        counts.windows++;
        if (maps(st)[0] !== before) counts.changed++;
        sealedStep = null;
        opened = false;
      }
    }
    expect(counts.windows).toBeGreaterThan(2);
    expect(counts.checked).toBeGreaterThan(counts.windows);
    // the moves did change the map once revealed: the sameness above is not a map that never changes
    expect(counts.changed).toBeGreaterThan(0);
  });
});
