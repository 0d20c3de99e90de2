/**
 * Issue 25 (board view, hex maps): a hex-map game needs no mail code. A small hex board built with
 * the kit (a flat-top grid, a rectangle of hexes) is shown through the report's own pipeline: the
 * engine's view, the notice, the mail composer, the text lines, the SVG drawn from the kit's hex
 * layout and its PNG. Cells, units, control, markers and damage appear; every hex of the sheet is
 * outlined; each hex stands where the kit's layout puts it. A square grid is drawn likewise.
 */
import { PNG } from 'pngjs';
import type { BoardCell, SideView } from '../../src/engine/board-view';
import type { AnyRuleset } from '../../src/engine/evolve';
import { initialState, viewFor, type EngineState } from '../../src/engine/game';
import { hexGrid, hexLayout, hexRectangle } from '../../src/games/kit';
import { MailAtRest } from '../../src/mail/at-rest';
import { MailComposer } from '../../src/mail/composer';
import { drawMapPng } from '../../src/mail/map-png';
import { mapGeometry, renderMapSvg } from '../../src/mail/map-svg';
import { renderMapText } from '../../src/mail/map-text';
import type { Notice } from '../../src/mail/notices';

const SPEC = { orientation: 'flat', shifted: 'odd' } as const;
const GRID = hexGrid(SPEC);
const SHEET = hexRectangle(GRID, [1, 5], [1, 4]);
const COLOUR = { red: '#c0392b', blue: '#2c6fbb' } as const;

/** A toy hex game's state: pieces on hexes, who holds which hex, a damaged piece, an airfield. */
interface HexState {
  readonly pieces: readonly { readonly side: 'red' | 'blue'; readonly hex: string; readonly type: string; readonly damaged?: boolean }[];
  readonly control: Readonly<Record<string, 'red' | 'blue'>>;
  readonly airfields: readonly string[];
}

const STATE: HexState = {
  pieces: [
    { side: 'red', hex: '0102', type: 'INF' },
    { side: 'red', hex: '0102', type: 'INF' },
    { side: 'red', hex: '0102', type: 'ART', damaged: true },
    { side: 'blue', hex: '0404', type: 'CV' },
    { side: 'blue', hex: '0304', type: 'DD' },
  ],
  control: { '0102': 'red', '0404': 'blue' },
  airfields: ['0404'],
};

/** The toy game's view (open: every side sees the board): a hex cell for each hex with something on it. */
function hexView(s: HexState, _viewer: string): SideView {
  const used = [...new Set([...s.pieces.map((p) => p.hex), ...Object.keys(s.control), ...s.airfields])].sort();
  const count = (pieces: HexState['pieces'], side: string) => {
    const mine = pieces.filter((p) => p.side === side);
    const types = [...new Set(mine.map((p) => p.type))].map((t) => `${mine.filter((p) => p.type === t).length} ${t}`);
    return mine.length ? [{ side, count: mine.length, label: types.join(', ') }] : [];
  };
  const cells = used.map((hex): BoardCell => {
    const here = s.pieces.filter((p) => p.hex === hex);
    const damaged = here.filter((p) => p.damaged);
    return {
      kind: 'hex',
      hex,
      name: hex === '0404' ? 'Port Moresby' : hex,
      units: ['red', 'blue'].flatMap((side) =>
        count(
          here.filter((p) => !p.damaged),
          side,
        ),
      ),
      ...(s.control[hex] ? { control: s.control[hex] } : {}),
      ...(s.airfields.includes(hex) ? { markers: ['airfield'] } : {}),
      ...(damaged.length ? { damage: ['red', 'blue'].flatMap((side) => count(damaged, side)) } : {}),
    };
  });
  return {
    summary: [`Red holds ${Object.values(s.control).filter((c) => c === 'red').length} hex(es).`],
    map: {
      cells,
      hexGrid: { ...SPEC, hexes: SHEET },
      sides: [
        { id: 'red', name: 'Red', colour: COLOUR.red },
        { id: 'blue', name: 'Blue', colour: COLOUR.blue },
      ],
    },
  };
}

const ruleset = { id: 'hex-toy', sides: ['red', 'blue'], view: hexView } as unknown as AnyRuleset;
const engineState = { ...initialState<unknown>(), rules: STATE } as EngineState<unknown>;

const secret = 'k'.repeat(32);
const composer = new MailComposer({ domain: 'umpire.test', umpireAddress: 'umpire@umpire.test', secret });

function report(): Notice {
  return {
    gameId: 'G-hex1',
    rulesetName: 'Hex Toy',
    side: 'red',
    to: 'red@example.org',
    key: 'G-hex1:red:red@example.org:report:5',
    latestHash: 'a'.repeat(64),
    latestSeq: 5,
    kind: 'report',
    narrative: ['Blue lands at Port Moresby.'],
    card: null,
    view: viewFor(engineState, 'red', ruleset),
    needs: null,
    revealedSeeds: {},
    seedAnchor: 'b'.repeat(64),
    result: null,
  } as Notice;
}

const tinted = (hex: string, keep: number) =>
  [1, 3, 5].map((i) => Math.round(Number.parseInt(hex.slice(i, i + 2), 16) * keep + 255 * (1 - keep)));

describe('a hex-map board through the report pipeline (issue 25)', () => {
  const draft = composer.draft(report());
  const mail = new MailAtRest(secret).open(draft);
  const picture = viewFor(engineState, 'red', ruleset).board!.map!;

  it('given a hex board, then the text part lists each hex cell with its controller, units, damage and markers', () => {
    expect(mail.text).toContain('Red holds 1 hex(es).');
    expect(mail.text).toContain('  hex 0102 [red]: red 2 (2 INF); damaged: red 1 (1 ART)');
    expect(mail.text).toContain('  hex 0304: blue 1 (1 DD)');
    expect(mail.text).toContain('  Port Moresby (hex 0404) [blue]: blue 1 (1 CV); airfield');
  });

  it('given a hex board, then the picture outlines every hex of the sheet as a polygon and writes each cell in it', () => {
    const attachments = draft.payload.attachments as { filename: string; svg?: string }[];
    const svg = attachments.find((a) => a.filename === 'map.png')!.svg!;
    expect(svg.match(/<polygon points="[^"]+"/g)!.length).toBeGreaterThanOrEqual(SHEET.length);
    for (const name of ['0102', '0304', 'Port Moresby']) expect(svg).toContain(`>${name}</text>`);
    expect(svg).toContain('>R: 2 INF</text>');
    expect(svg).toContain('>R: damaged 1 ART</text>');
    expect(svg).toContain('>B: 1 CV</text>');
    expect(svg).toContain('>airfield</text>');
    // a held hex in its holder's colour, one nobody holds in grey
    expect(svg).toMatch(new RegExp(`<polygon points="[^"]+" fill="#[0-9a-f]{6}" stroke="${COLOUR.red}" stroke-width="3"`));
    expect(svg).toMatch(/<polygon points="[^"]+" fill="#ffffff" stroke="#7f8c8d" stroke-width="1.5"/);
  });

  it("given a hex board, then each hex stands where the kit's hex layout puts it", () => {
    const g = mapGeometry(picture);
    const layout = hexLayout(GRID, SHEET, 70);
    const centre = (name: string) => {
      const b = g.cells.find((c) => c.name === name)!;
      return { x: b.x + b.w / 2 - g.offset.x, y: b.y + b.h / 2 - g.offset.y };
    };
    for (const [name, hex] of [
      ['0102', '0102'],
      ['0304', '0304'],
      ['Port Moresby', '0404'],
    ]) {
      const want = layout.cells.find((c) => c.id === hex)!.centre;
      const got = centre(name);
      expect(Math.abs(got.x - want.x)).toBeLessThanOrEqual(1);
      expect(Math.abs(got.y - want.y)).toBeLessThanOrEqual(1);
    }
    expect(g.emptyHexes).toHaveLength(SHEET.length - picture.cells.length);
  });

  it('given a hex board, then its PNG shows a held hex tinted in its holder`s colour', async () => {
    const attachments = draft.payload.attachments as { filename: string; svg?: string }[];
    const png = PNG.sync.read((await drawMapPng(attachments.find((a) => a.filename === 'map.png')!.svg!)).png);
    const b = mapGeometry(picture).cells.find((c) => c.name === '0102')!;
    // low in the hexagon, under its lines of text
    const [x, y] = [Math.round(b.x + b.w / 2), Math.round(b.y + b.h - 8)];
    const i = (png.width * y + x) * 4;
    const got = [png.data[i], png.data[i + 1], png.data[i + 2]];
    const want = tinted(COLOUR.red, 0.16);
    expect(Math.max(...got.map((c, k) => Math.abs(c - want[k])))).toBeLessThanOrEqual(8);
  });

  it('given a hex cell and no hex grid, then drawing refuses with the cell named', () => {
    const { hexGrid: _g, ...noGrid } = picture;
    expect(() => mapGeometry(noGrid)).toThrow('a map with hex cells needs its hexGrid (cell 0102)');
  });
});

describe('a square-grid board (issue 25)', () => {
  const map = {
    cells: [
      { kind: 'square' as const, name: 'a1', col: 0, row: 0, units: [{ side: 'red', count: 1, label: '1 K' }], control: 'red' },
      { kind: 'square' as const, name: 'b2', col: 1, row: 1, units: [], markers: ['mined'] },
    ],
    squareSize: 10,
  };

  it('given square cells, then each is a square of the map`s size at its column and row, written in the text lines', () => {
    const g = mapGeometry(map);
    const [a1, b2] = g.cells;
    expect([a1.w, a1.h, b2.w, b2.h]).toEqual([100, 100, 100, 100]);
    expect([b2.x - a1.x, b2.y - a1.y]).toEqual([100, 100]);
    expect(a1.corners).toHaveLength(4);
    const svg = renderMapSvg(map, 'Squares');
    expect(svg).toContain('>R: 1 K</text>');
    expect(svg).toContain('>mined</text>');
    expect(renderMapText(map)).toEqual(['a1 (square 0,0) [red]: red 1 (1 K)', 'b2 (square 1,1): empty; mined']);
  });
});
