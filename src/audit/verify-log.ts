import type { AnyRuleset } from '../engine/evolve';
import type { StoredEvent } from '../store/event-store';
import { auditBySegment, loadBuild, type StepsAudit } from './builds';
import { checkHead, type ExpectedHead } from './expected-head';

/**
 * `umpire verify <game>` after the hash chain (which the event store checks): the head or report
 * mail the reader was given, then every segment of the game under the rules build in force there
 * (builds.ts): the released build of its version, else the rules this umpire runs when they are
 * that version.
 */
export function verifyStoredLog(
  log: readonly StoredEvent[],
  opts: { readonly running: readonly AnyRuleset[]; readonly expect?: ExpectedHead; readonly releasedDir?: string },
): StepsAudit {
  const lines: string[] = [];
  if (opts.expect) {
    const problem = checkHead(log, opts.expect);
    if (problem) return { ok: false, lines: [`BROKEN: ${problem}`] };
    lines.push(
      opts.expect.seq === undefined
        ? `ok: the log ends at the head you gave (${opts.expect.hash.slice(0, 12)}...)`
        : `ok: event #${opts.expect.seq} has the hash ${opts.expect.from} gives (${opts.expect.hash.slice(0, 12)}...)`,
    );
  }
  const r = auditBySegment(log, (version, needs) => loadBuild(version, opts.running, opts.releasedDir, needs));
  return { ok: r.ok, lines: [...lines, ...r.lines] };
}
