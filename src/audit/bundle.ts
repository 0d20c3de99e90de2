import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { create as tarCreate, list as tarList } from 'tar';
import type { EngineEvent } from '../engine/engine-events';
import { eventVisibleTo } from '../engine/views';
import type { Side } from '../engine/ruleset';
import type { StoredEvent } from '../store/event-store';
import { auditAsset } from './asset';
import { engineTypesUpTo, loadBuild, releasedBuildsDir, segmentsOf } from './builds';
import { RULING_TYPES, withoutAddresses } from './rulings';

export { auditAsset };

/**
 * The offline audit bundle (docs/audit.md): one .tar.gz holding a directory `<game>-audit/` with
 * events.jsonl (the log, one stored event a line), box.json, build.json (the rules builds, the head
 * hash, the view), AUDIT.md (every hash and dice formula), verify.js (the standalone verifier:
 * `node verify.js`, nothing else needed) and, in the whole log's bundle, each rules build the game
 * was adjudicated under (`build-<file>`, builds/ of the repository), which verify.js runs. A tar.gz rather than one JSON file: the verifier and the
 * description are then plain files a reader opens as they are, and `tar xzf` is on every system.
 *
 * A side's bundle (the mail LOG command) is redacted by event visibility: an event the side may not
 * see keeps its place in the chain as `{seq, type, prevHash, hash, redacted: true}`; the verifier
 * links it by its hash and the next event's prevHash, so the chain still ends at the head hash.
 */

/** A bundle as its files: name (inside the bundle directory) → text. */
export type BundleFiles = Readonly<Record<string, string>>;

/** One line of events.jsonl: a stored event, or a redacted one (its hash alone). */
export type BundleEvent = StoredEvent | RedactedEvent;
export interface RedactedEvent {
  readonly gameId: string;
  readonly seq: number;
  readonly type: string;
  readonly prevHash: string;
  readonly hash: string;
  readonly redacted: true;
  /**
   * What the verifier needs of a hidden event, not covered by its hash: GameCreated's anchor (the
   * reader checks it against his welcome mail) and box hash; a ruling's payload (rulings.ts: a
   * RolledBack's void range, a RulesUpgraded's versions, every ruling's reason), addresses
   * withheld. (Those events name the players' and the referee's addresses.)
   */
  readonly disclosed?: Readonly<Record<string, unknown>>;
}

export interface BuildRecord {
  readonly gameId: string;
  readonly rulesetId: string;
  /** the rules version the game was created under (GameCreated.engineVersion), and any upgrades since */
  readonly rulesVersion: string;
  readonly upgrades: readonly { readonly seq: number; readonly from: string; readonly to: string }[];
  readonly boxHash: string;
  /** the umpire's package version that wrote the bundle */
  readonly umpireVersion: string;
  readonly headHash: string;
  readonly events: number;
  /** 'referee': the whole log; a side: that side's view */
  readonly view: Side | 'referee';
  readonly exportedAt: string;
  /**
   * The rules builds the game was adjudicated under, segment by segment (GameCreated's version,
   * then each RulesUpgraded's), each the lowest engine revision of that version whose engine knows
   * every engine event the segment folds (builds.ts `loadBuild`): the file `build-<file>` of the
   * bundle (the whole log's bundle only; a side's view cannot be re-adjudicated) and its SHA-256,
   * to compare with the umpire's repository (builds/<file>); `file` null when no released build of
   * that version was found.
   */
  readonly builds: readonly BundledBuild[];
}

export interface BundledBuild {
  readonly version: string;
  readonly fromSeq: number;
  readonly toSeq: number | null;
  /** the build's engine revision (absent in bundles written before revisions were numbered: 1) */
  readonly engineRevision: number | null;
  readonly file: string | null;
  readonly sha256: string | null;
}

/** Service event types a side's view keeps (everything else of the umpire's own is the referee's). */
const PUBLIC_SERVICE_TYPES = new Set(['DeadlineSet']);

export interface BundleInput {
  readonly log: readonly StoredEvent[];
  readonly view: Side | 'referee';
  /** the engine's event types are those not in this set */
  readonly serviceTypes: ReadonlySet<string>;
  readonly umpireVersion: string;
  readonly exportedAt: string;
  /** where the released rules builds are (default: the repository's builds/) */
  readonly buildsDir?: string;
}

export function bundleFiles(input: BundleInput): BundleFiles {
  const { log, view } = input;
  const created = log[0];
  if (created?.type !== 'GameCreated') throw new Error('the log does not start with GameCreated: nothing to export');
  const data = created.payload as GameCreatedData;
  const events = log.map((e) => (visible(e, view, input.serviceTypes) ? e : redact(e, view)));
  const dir = input.buildsDir ?? releasedBuildsDir();
  const buildFiles: Record<string, string> = {};
  const builds = segmentsOf(log).map((seg): BundledBuild => {
    const b = loadBuild(seg.version, [], dir, engineTypesUpTo(log, seg.toSeq));
    if (!b?.file) return { ...seg, engineRevision: null, file: null, sha256: null };
    if (view === 'referee') buildFiles[`build-${b.file}`] = readFileSync(join(dir, b.file), 'utf8');
    return { ...seg, engineRevision: b.engineRevision, file: b.file, sha256: b.sha256 };
  });
  const build: BuildRecord = {
    gameId: created.gameId,
    rulesetId: data.rulesetId,
    rulesVersion: data.engineVersion,
    upgrades: log.filter((e) => e.type === 'RulesUpgraded').map((e) => ({ seq: e.seq, ...(e.payload as { from: string; to: string }) })),
    boxHash: data.boxHash,
    umpireVersion: input.umpireVersion,
    headHash: log[log.length - 1].hash,
    events: log.length,
    view,
    exportedAt: input.exportedAt,
    builds,
  };
  return {
    'events.jsonl': `${events.map((e) => JSON.stringify(e)).join('\n')}\n`,
    'box.json': `${JSON.stringify(data.box, null, 1)}\n`,
    'build.json': `${JSON.stringify(build, null, 2)}\n`,
    'AUDIT.md': readFileSync(auditAsset('docs', 'audit.md'), 'utf8'),
    'verify.js': readFileSync(auditAsset('templates', 'audit', 'verify.js'), 'utf8'),
    ...buildFiles,
  };
}

interface GameCreatedData {
  readonly gameId: string;
  readonly rulesetId: string;
  readonly engineVersion: string;
  readonly boxHash: string;
  readonly seedAnchor: string;
  /** games with sealed dice */
  readonly sealedSeedAnchor?: string;
  readonly box: unknown;
}

function visible(e: StoredEvent, view: Side | 'referee', serviceTypes: ReadonlySet<string>): boolean {
  if (view === 'referee') return true;
  // GameCreated names every player's address, which no side is shown (the welcome leaves them out)
  if (e.type === 'GameCreated') return false;
  // a board edit is a ruling: shown to a side as one, disclosed (redact), never whole
  if (e.type === 'BoardAdjusted') return false;
  if (serviceTypes.has(e.type) || e.type === 'RulesUpgraded') return PUBLIC_SERVICE_TYPES.has(e.type);
  try {
    return eventVisibleTo({ type: e.type, data: e.payload } as EngineEvent, view);
  } catch {
    return false; // a type this build does not know: the referee's
  }
}

function redact(e: StoredEvent, view: Side | 'referee'): RedactedEvent {
  const base = { gameId: e.gameId, seq: e.seq, type: e.type, prevHash: e.prevHash, hash: e.hash, redacted: true as const };
  const pick = (...keys: string[]) => Object.fromEntries(keys.map((k) => [k, (e.payload as Record<string, unknown>)[k]]));
  switch (e.type) {
    case 'GameCreated':
      return { ...base, disclosed: pick('gameId', 'seedAnchor', 'sealedSeedAnchor', 'boxHash', 'rulesetId', 'engineVersion') };
    case 'BoardAdjusted': {
      // the ruling and its reason; the edits only to a side that may see them (SEEN BY)
      const p = e.payload as { visibleTo: 'all' | readonly string[] };
      const seen = p.visibleTo === 'all' || p.visibleTo.includes(view);
      const keys = ['stepId', 'reason', 'visibleTo', ...(seen ? ['edits'] : [])];
      return { ...base, disclosed: withoutAddresses(pick(...keys)) as Record<string, unknown> };
    }
    default:
      // a ruling that changed the game: what, when and why, every address withheld (rulings.ts)
      return RULING_TYPES.has(e.type) ? { ...base, disclosed: withoutAddresses(e.payload) as Record<string, unknown> } : base;
  }
}

/** Writes the bundle as a gzipped tar holding one directory, `<gameId>-audit/`. */
export async function writeBundle(files: BundleFiles, gameId: string, out: string): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'umpire-export-'));
  const dir = `${gameId}-audit`;
  try {
    mkdirSync(join(work, dir));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(work, dir, name), text);
    // fixed times and owners: the same log exports to the same bytes
    await tarCreate({ gzip: true, file: out, cwd: work, portable: true, mtime: new Date(0) }, [dir]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Reads a bundle's files (names without the directory); a file that is no bundle says what is missing. */
export async function readBundle(path: string): Promise<BundleFiles> {
  const files: Record<string, string> = {};
  await tarList({
    file: path,
    onReadEntry: (entry) => {
      const chunks: Buffer[] = [];
      entry.on('data', (c: Buffer) => chunks.push(c));
      entry.on('end', () => {
        const name = entry.path.split('/').pop() ?? entry.path;
        if (entry.type === 'File') files[name] = Buffer.concat(chunks).toString('utf8');
      });
    },
  });
  const missing = ['events.jsonl', 'box.json', 'build.json'].filter((n) => files[n] === undefined);
  if (missing.length) throw new Error(`${path} is not an audit bundle: it lacks ${missing.join(', ')}`);
  return files;
}

/** The log lines of a bundle, parsed (a line that is no JSON is reported by the verifier, not here). */
export function bundleEvents(files: BundleFiles): BundleEvent[] {
  return files['events.jsonl']
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as BundleEvent);
}

export function isRedacted(e: BundleEvent): e is RedactedEvent {
  return (e as RedactedEvent).redacted === true;
}

/** The bundle's bytes (a .tar.gz, as writeBundle writes it), for a mail attachment. */
export async function bundleBytes(files: BundleFiles, gameId: string): Promise<Buffer> {
  const work = mkdtempSync(join(tmpdir(), 'umpire-bundle-'));
  try {
    const file = join(work, 'bundle.tar.gz');
    await writeBundle(files, gameId, file);
    return readFileSync(file);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
