import { dirname, join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { PNG } from 'pngjs';
import { viewFor } from '../../src/engine/game';
import { playOneGame } from '../../src/engine/selfplay';
import { guadalcanalRuleset } from '../../src/games/aa-guadalcanal';
import { vitpRuleset } from '../../src/games/vitp';
import { boardOf, type BoardMap } from '../../src/engine/board-view';
import type { VitpState } from '../../src/games/vitp/types';
import { drawMapPng, fitsSubset, type MapPng } from '../../src/mail/map-png';
import { BATTLE_COLOURS, mapGeometry, NOBODY_COLOUR, renderMapSvg, SEA_COLOUR } from '../../src/mail/map-svg';
import { newGame } from '../games/vitp/driver';

/** The picture a report is drawn from: the side's view, never the state. */
function pictureOf(s: VitpState, side: string): BoardMap {
  return boardOf(vitpRuleset.view(s, side)).map!;
}

/** The A&A board at the end of a self-played game, as the Allies see it. */
function aaPicture(): BoardMap {
  const rs = guadalcanalRuleset as never;
  return boardOf(viewFor(playOneGame(rs, 'map-png-aa').state, 'allies' as never, rs).board).map!;
}

function decode(png: Buffer): PNG {
  return PNG.sync.read(png);
}

function pixel(img: PNG, x: number, y: number): [number, number, number] {
  const i = (img.width * Math.round(y) + Math.round(x)) * 4;
  return [img.data[i], img.data[i + 1], img.data[i + 2]];
}

const rgb = (hex: string): [number, number, number] =>
  [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];

/** Within a few levels of each channel: the PNG is reduced to a palette, which may shift a colour a little. */
function expectColour(actual: [number, number, number], hex: string, what: string): void {
  const want = rgb(hex);
  const off = Math.max(...actual.map((c, i) => Math.abs(c - want[i])));
  if (off > 8) throw new Error(`${what}: expected ${hex} (${want}), got (${actual})`);
}

describe('the report map as a PNG', () => {
  const start = newGame();
  // turn-1 combat: a Japanese and an Allied ship meet in the Marshalls, the Coral Sea is fought, the Japanese hold it
  const s: VitpState = {
    ...start,
    phase: { k: 'pick-battle' },
    foughtAreas: ['Coral Sea'],
    control: { ...start.control, 'Coral Sea': 'japanese' },
    units: start.units.map((u, i) =>
      i === start.units.findIndex((x) => x.side === 'japanese' && x.type === 'CV') ||
      i === start.units.findIndex((x) => x.side === 'allied' && x.type === 'CA')
        ? { ...u, loc: { at: 'sea', area: 'Marshall Islands', mode: 'patrol' } }
        : u,
    ),
  };
  const picture = pictureOf(s, 'allied');
  const svg = renderMapSvg(picture, 'Victory in the Pacific G-test, turn 1: the map');
  let out: MapPng;
  let img: PNG;
  beforeAll(async () => {
    out = await drawMapPng(svg);
    img = decode(out.png);
  });
  const geometry = mapGeometry(picture);
  const colour = Object.fromEntries((picture.sides ?? []).map((x) => [x.id, x.colour!]));

  it('opens as a PNG of the size the layout says, small enough for mail', () => {
    expect(out.png.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
    expect([img.width, img.height]).toEqual([geometry.width, geometry.height]);
    expect([out.width, out.height]).toEqual([img.width, img.height]);
    expect(img.width).toBeGreaterThan(800);
    expect(img.width).toBeLessThan(1000);
    expect(img.height).toBeGreaterThan(600);
    expect(out.png.length).toBeLessThan(128 * 1024); // full colour (no palette step: map-png.ts says why)
  });

  it("shows each sea area in its controller's colour, and nobody's in grey", () => {
    expect(colour.japanese).not.toBe(colour.allied);
    for (const box of geometry.cells) {
      const owner = s.control[box.name] ?? null;
      expectColour(pixel(img, box.x + 5, box.y + 12), owner ? colour[owner] : NOBODY_COLOUR, `${box.name} (${owner ?? 'nobody'})`);
    }
    // the ones this test set up, by name
    const at = (area: string) => geometry.cells.find((b) => b.name === area)!;
    expectColour(pixel(img, at('Coral Sea').x + 5, at('Coral Sea').y + 12), colour.japanese, 'Coral Sea, taken by the Japanese');
    expectColour(pixel(img, at('Hawaiian Islands').x + 5, at('Hawaiian Islands').y + 12), colour.allied, 'Hawaiian Islands');
  });

  it('marks the battles: combat due where both sides are at sea, the area fought, none elsewhere', () => {
    const at = (area: string) => geometry.cells.find((b) => b.name === area)!;
    expect(at('Marshall Islands').mark).toBeDefined();
    expectColour(pixel(img, at('Marshall Islands').mark!.x, at('Marshall Islands').mark!.y), BATTLE_COLOURS.due, 'Marshall Islands mark');
    expectColour(pixel(img, at('Coral Sea').mark!.x, at('Coral Sea').mark!.y), BATTLE_COLOURS.fought, 'Coral Sea mark');
    expect(at('Indian Ocean').mark).toBeUndefined();
  });

  it("draws every port and base in its owner's colour", () => {
    for (const p of geometry.places) {
      const owner = s.control[p.name];
      expectColour(pixel(img, p.x, p.y), owner ? colour[owner] : '#ffffff', p.name);
    }
    const place = (name: string) => geometry.places.find((p) => p.name === name)!;
    expectColour(pixel(img, place('Pearl Harbor').x, place('Pearl Harbor').y), colour.allied, 'Pearl Harbor');
    expectColour(pixel(img, place('Truk').x, place('Truk').y), colour.japanese, 'Truk');
  });

  it('has the sea around the areas and a white legend band', () => {
    expectColour(pixel(img, 2, 2), SEA_COLOUR, 'sea');
    expectColour(pixel(img, img.width - 3, img.height - 3), '#ffffff', 'legend');
  });

  it('draws the same bytes for the same picture, and another picture when control changes', async () => {
    const same = renderMapSvg(pictureOf(s, 'allied'), 'Victory in the Pacific G-test, turn 1: the map');
    expect(await drawMapPng(same)).toBe(out); // drawn once per process (cached by the SVG's hash)
    // drawn again (another SVG text, the same picture): the same bytes
    const again = await drawMapPng(`${same}\n`);
    expect(again).not.toBe(out);
    expect(again.png.equals(out.png)).toBe(true);
    const flipped = { ...s, control: { ...s.control, 'Coral Sea': 'allied' as const } };
    const other = decode((await drawMapPng(renderMapSvg(pictureOf(flipped, 'allied'), 'x'))).png);
    const coral = geometry.cells.find((b) => b.name === 'Coral Sea')!;
    expectColour(pixel(other, coral.x + 5, coral.y + 12), colour.allied, 'Coral Sea, back with the Allies');
  });

  it("keeps a game's earlier pictures while many others are drawn, and draws a failed picture again when asked again", async () => {
    const first = renderMapSvg(pictureOf(s, 'japanese'), 'kept picture');
    const kept = await drawMapPng(first);
    // forty other pictures (some 4 MB of PNG): the cache holds tens of megabytes, not the last few
    for (let i = 0; i < 40; i++) await drawMapPng(renderMapSvg(pictureOf(s, 'japanese'), `other picture ${i}`));
    expect(await drawMapPng(first)).toBe(kept);
    const broken = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10"';
    await expect(drawMapPng(broken)).rejects.toThrow(/map drawing failed/);
    await expect(drawMapPng(broken)).rejects.toThrow(/map drawing failed/);
  });

  it('draws with the font subsets the same pixels as with the whole DejaVu faces', async () => {
    expect(out.fonts).toBe('subset');
    const wholeDrawn = await drawMapPng(svg, { wholeFonts: true });
    expect(wholeDrawn.fonts).toBe('whole');
    const whole = decode(wholeDrawn.png);
    expect([whole.width, whole.height]).toEqual([img.width, img.height]);
    expect(whole.data.equals(img.data)).toBe(true);
    // the A&A board, with its own labels
    const aa = renderMapSvg(aaPicture(), 'Axis & Allies: Guadalcanal G-test: the map');
    const [a, b] = await Promise.all([drawMapPng(aa), drawMapPng(aa, { wholeFonts: true })]);
    expect([a.fonts, b.fonts]).toEqual(['subset', 'whole']);
    expect(decode(a.png).data.equals(decode(b.png).data)).toBe(true);
  });

  it('draws a picture with a character outside the small subsets (an arrow) with the wide ones, the same pixels as the whole faces', async () => {
    const arrow = svg.replaceAll('Victory in the Pacific G-test', 'Victory in the Pacific G-arrow → Truk');
    const [a, b] = await Promise.all([drawMapPng(arrow), drawMapPng(arrow, { wholeFonts: true })]);
    expect([a.fonts, b.fonts]).toEqual(['subset', 'whole']);
    expect(decode(a.png).data.equals(decode(b.png).data)).toBe(true);
    expect(decode(a.png).data.equals(img.data)).toBe(false); // the title differs
  });

  it('draws the legend band once and the rest each time, and writes the PNG itself: the same pixels as resvg drawing the whole SVG and encoding it', async () => {
    const fonts = ['DejaVuSansCondensed.ttf', 'DejaVuSansCondensed-Bold.ttf'].map((f) =>
      join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf', f),
    );
    const direct = (x: string) =>
      decode(new Resvg(x, { font: { loadSystemFonts: false, fontFiles: fonts, defaultFontFamily: 'DejaVu Sans' } }).render().asPng()).data;
    expect(svg).toContain(`<!--umpire:band ${geometry.legendY}-->`);
    expect(direct(svg).equals(img.data)).toBe(true);
    // another moment of the same board: its band is the one already drawn
    const later = renderMapSvg(pictureOf({ ...s, foughtAreas: [] }, 'allied'), 'Victory in the Pacific G-test, turn 1: the map', 'later');
    const drawn = await drawMapPng(later);
    expect(decode(drawn.png).data.equals(direct(later))).toBe(true);
    expect(decode(drawn.png).data.equals(img.data)).toBe(false);
  });

  it('falls back to the whole faces for a character outside the subsets', async () => {
    expect(fitsSubset(svg)).toBe(true);
    expect(fitsSubset('<text>Coral Sea – 3 CV → Truk …</text>')).toBe(true);
    const greek = svg.replace('Victory in the Pacific G-test', 'Ω-test \u4e2d');
    expect(fitsSubset(greek)).toBe(false);
    const fallback = await drawMapPng(greek);
    expect(fallback.fonts).toBe('whole');
    const drawn = decode(fallback.png);
    const whole = decode((await drawMapPng(greek, { wholeFonts: true })).png);
    expect(drawn.data.equals(whole.data)).toBe(true);
  });

  it('draws every picture asked for while its drawing threads are retired and replaced (every 100 pictures)', async () => {
    // small pictures, many at once: some are asked for while a retired thread still holds others
    const tiny = (i: number) =>
      `<svg xmlns="http://www.w3.org/2000/svg" width="${10 + (i % 7)}" height="12"><rect width="5" height="${1 + (i % 11)}" fill="#123456"/></svg>`;
    const drawn = await Promise.all(Array.from({ length: 230 }, (_, i) => drawMapPng(tiny(i))));
    drawn.forEach((d, i) => {
      expect([d.width, d.height]).toEqual([10 + (i % 7), 12]);
      const img = decode(d.png);
      expect(pixel(img, 2, 0)).toEqual([0x12, 0x34, 0x56]);
    });
    // and the next one after them, on a fresh thread
    expect((await drawMapPng(svg.replace('G-test', 'G-after'))).fonts).toBe('subset');
  });
});
