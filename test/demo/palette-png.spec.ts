/** docs/mails' PNGs (src/demo/palette-png.ts): a screenshot re-encoded with a palette, its picture kept. */
import { PNG } from 'pngjs';
import { palettePng } from '../../src/demo/palette-png';

function picture(width: number, height: number, colourAt: (x: number, y: number) => [number, number, number]): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      [png.data[i], png.data[i + 1], png.data[i + 2]] = colourAt(x, y);
      png.data[i + 3] = 255;
    }
  return PNG.sync.write(png);
}

describe('palette PNG of a mail sample', () => {
  it('given a page of a few colours, when re-encoded, then it is a palette PNG of the same size with every pixel within a 5-bit step of its colour', () => {
    const colours: [number, number, number][] = [
      [255, 255, 255],
      [20, 20, 20],
      [180, 30, 40],
      [40, 90, 200],
    ];
    const at = (x: number, y: number) => colours[(x * 7 + y * 3) % colours.length];
    const before = picture(40, 30, at);
    const after = palettePng(before);
    expect(after[25]).toBe(3); // IHDR colour type: palette
    const decoded = PNG.sync.read(after);
    expect([decoded.width, decoded.height]).toEqual([40, 30]);
    for (let y = 0; y < 30; y++)
      for (let x = 0; x < 40; x++) {
        const i = (y * 40 + x) * 4;
        const want = at(x, y);
        for (let c = 0; c < 3; c++) expect(Math.abs(decoded.data[i + c] - want[c])).toBeLessThanOrEqual(4);
      }
  });
});
