/**
 * Map pictures drawn (issue 33), for `npm run bench -- --only map`: the PNG of a VITP report map
 * at many moments of one game (each a distinct picture, none served from the picture cache), the
 * CPU of this process a picture (every thread: the drawing thread's, mostly). With
 * BENCH_BASELINE_DIST=<a built dist/src of another checkout> the same moments drawn by that build
 * too, the two in turn round by round in this process (a busy moment of the shared machine falls
 * on both), and the median of the rounds' ratios.
 */
import type { BoardMap } from '../src/engine/board-view';
import { drawMapPng } from '../src/mail/map-png';
import { renderMapSvg } from '../src/mail/map-svg';

interface Drawer {
  readonly renderMapSvg: typeof renderMapSvg;
  readonly drawMapPng: (svg: string) => Promise<{ png: Buffer }>;
}

export interface MapPictureFigures {
  readonly pictures: number;
  readonly cpuMsPerPicture: number;
  readonly pngKb: number;
  readonly baseline?: { readonly cpuMsPerPicture: number; readonly pngKb: number; readonly ratio: number; readonly ratios: number[] };
}

/** One round: `boards` drawn by `d`, titled with the round so that no picture repeats an earlier one. */
async function round(d: Drawer, boards: readonly BoardMap[], label: string): Promise<{ cpuMs: number; kb: number }> {
  const svgs = boards.map((m, i) => d.renderMapSvg(m, `Victory in the Pacific G-${label}`, `moment ${i}`));
  const cpu0 = process.cpuUsage();
  let bytes = 0;
  for (const svg of svgs) bytes += (await d.drawMapPng(svg)).png.length;
  const cpu = process.cpuUsage(cpu0);
  return { cpuMs: (cpu.user + cpu.system) / 1000 / svgs.length, kb: bytes / svgs.length / 1024 };
}

export async function benchMapPictures(
  allBoards: readonly BoardMap[],
  progress: (line: string) => void,
  quick: boolean,
): Promise<{ lines: string[]; figures: MapPictureFigures }> {
  const count = quick ? 10 : 40;
  const step = Math.max(1, Math.floor(allBoards.length / count));
  const boards = allBoards.filter((_, i) => i % step === 0).slice(0, count);
  const ours: Drawer = { renderMapSvg, drawMapPng };
  const dist = process.env.BENCH_BASELINE_DIST;
  const theirs: Drawer | null = dist
    ? { renderMapSvg: require(`${dist}/mail/map-svg`).renderMapSvg, drawMapPng: require(`${dist}/mail/map-png`).drawMapPng }
    : null;
  const rounds = quick ? 3 : 6;
  progress(`map: ${boards.length} pictures a round, ${rounds} rounds${theirs ? `, this build and ${dist}'s in turn` : ''}`);
  // the drawing threads started and their fonts made
  await round(ours, boards.slice(0, 2), 'warm');
  if (theirs) await round(theirs, boards.slice(0, 2), 'warm');
  const a: { cpuMs: number; kb: number }[] = [];
  const b: { cpuMs: number; kb: number }[] = [];
  for (let r = 0; r < rounds; r++) {
    if (theirs && r % 2 === 1) b.push(await round(theirs, boards, `b${r}`));
    a.push(await round(ours, boards, `a${r}`));
    if (theirs && r % 2 === 0) b.push(await round(theirs, boards, `b${r}`));
  }
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  const ratios = b.map((x, i) => x.cpuMs / a[i].cpuMs);
  const figures: MapPictureFigures = {
    pictures: boards.length,
    cpuMsPerPicture: median(a.map((x) => x.cpuMs)),
    pngKb: median(a.map((x) => x.kb)),
    ...(theirs
      ? { baseline: { cpuMsPerPicture: median(b.map((x) => x.cpuMs)), pngKb: median(b.map((x) => x.kb)), ratio: median(ratios), ratios } }
      : {}),
  };
  const lines = [
    `  PNG pictures (${boards.length} distinct moments a round, median of ${rounds} rounds): ${figures.cpuMsPerPicture.toFixed(1)} ms of CPU a picture, ${figures.pngKb.toFixed(0)} KB`,
    ...(figures.baseline
      ? [
          `  the build in ${dist}: ${figures.baseline.cpuMsPerPicture.toFixed(1)} ms of CPU a picture, ${figures.baseline.pngKb.toFixed(0)} KB; this build ${figures.baseline.ratio.toFixed(2)}x faster (median of the rounds' ratios, range ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}x)`,
        ]
      : []),
  ];
  return { lines, figures };
}
