import { spawnSync } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { bundleFiles, writeBundle } from '../../src/audit/bundle';
import { auditBundle } from '../../src/audit/verify-bundle';
import type { EngineEvent } from '../../src/engine/engine-events';
import { selfplay } from '../../src/engine/selfplay';
import { fleetDuel } from '../../src/games/fleet-duel';
import { SERVICE_EVENT_TYPES } from '../../src/services/game-repository';
import type { StoredEvent } from '../../src/store/event-store';
import { rechain } from '../support/bundle-audit';

/**
 * Test vectors for a third party's verifier (issue 30; docs/audit.md "Test vectors"):
 * test/fixtures/audit-vectors/ holds a tiny log (events.jsonl, box.json: a Fleet Duel game with the
 * scouting option, so a d10 each turn, to the end of its first turn, where a die was re-drawn, and a
 * referee's note with non-ASCII text, a float and numeric keys) and vectors.json: each event's hash,
 * the seed, each die with its attempts and face, each step's orders hash, each commitment. Here every
 * value is recomputed from docs/audit.md's formulas written out anew (plain node:crypto, not the
 * umpire's code), and both verifiers (the bundle's verify.js and `umpire verify --bundle`) are run
 * on the log. Re-record with UPDATE_VECTORS=1 (only when a format changes on purpose).
 */
const DIR = join(__dirname, '..', 'fixtures', 'audit-vectors');
const UPDATE = process.env.UPDATE_VECTORS === '1';
const GOLDEN = join(__dirname, '..', 'fixtures', 'golden');

// ---- docs/audit.md, written out anew -------------------------------------------------------
/** Canonical JSON: keys sorted (as a JavaScript object orders them: array-index keys first, ascending), undefined dropped. */
function canonical(v: unknown): string {
  const sort = (x: unknown): unknown => {
    if (x === null || typeof x !== 'object') return x;
    if (Array.isArray(x)) return x.map((y) => (y === undefined ? null : sort(y)));
    const o: Record<string, unknown> = {};
    for (const k of Object.keys(x).sort())
      if ((x as Record<string, unknown>)[k] !== undefined) o[k] = sort((x as Record<string, unknown>)[k]);
    return o;
  };
  return JSON.stringify(sort(v));
}
/** SHA-256 of a string's UTF-8 bytes, or of bytes, as lower-case hex. */
const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');
const eventHash = (e: StoredEvent): string =>
  sha256(
    `${e.prevHash}\n${canonical({ gameId: e.gameId, seq: e.seq, type: e.type, payload: e.payload, metadata: e.metadata, recordedAt: e.recordedAt })}`,
  );
/** The die: HMAC keyed with the seed's 32 bytes (hex decoded), over canonical [gameId, stepId, k, ordersHash, attempt]. */
function die(seed: string, gameId: string, stepId: string, k: number, ordersHash: string, n: number): { face: number; attempts: number } {
  let w = 1;
  while (256 ** w < n) w++;
  const bound = 256 ** w - (256 ** w % n);
  for (let attempt = 0; ; attempt++) {
    const h = createHmac('sha256', Buffer.from(seed, 'hex'))
      .update(canonical([gameId, stepId, k, ordersHash, attempt]))
      .digest();
    let v = 0;
    for (let b = 0; b < w; b++) v = v * 256 + h[b];
    if (v < bound) return { face: (v % n) + 1, attempts: attempt + 1 };
  }
}
// --------------------------------------------------------------------------------------------

interface Vectors {
  readonly about: string;
  readonly canonical: readonly { readonly value: unknown; readonly json: string; readonly sha256: string }[];
  readonly events: readonly { readonly seq: number; readonly type: string; readonly hash: string }[];
  readonly seeds: readonly { readonly turn: number; readonly seed: string; readonly anchor: string }[];
  readonly ordersHashes: readonly { readonly stepId: string; readonly orders: unknown; readonly ordersHash: string }[];
  readonly dice: readonly {
    readonly seq: number;
    readonly stepId: string;
    readonly turn: number;
    readonly index: number;
    readonly sides: number;
    readonly attempts: number;
    readonly face: number;
  }[];
  readonly commitments: readonly {
    readonly seq: number;
    readonly type: string;
    readonly content: unknown;
    readonly salt: string;
    readonly commitment: string;
  }[];
}

const NOTE_METADATA = { actor: 'referee', ratio: 0.1 + 0.2, big: 1e21, 10: 'ten', 9: 'nine', '01': 'not an index' };
const NOTE_TEXT = 'Schiedsrichter’s note: Kōdō Butai — 珊瑚海 ✓';

/** Plays Fleet Duel with scouting until a game's first turn has a re-drawn die; the log up to that turn's seed, and a note. */
function record(): StoredEvent[] {
  for (let n = 0; n < 500; n++) {
    let played: readonly EngineEvent[] = [];
    selfplay(fleetDuel, { games: 1, seed: `vectors-${n}`, clock: () => 0, options: { scouting: true } }, (_g, e) => (played = e));
    const seedAt = played.findIndex((e) => e.type === 'SeedRevealed');
    if (seedAt < 0) continue;
    const cut = played.slice(0, seedAt + 1);
    const stored = rechain(
      [...cut.slice(0, 2), null, ...cut.slice(2)].map((e, i) => ({
        gameId: (cut[0].data as { gameId: string }).gameId,
        seq: i + 1,
        type: e ? e.type : 'NoteAdded',
        payload: e ? e.data : { text: NOTE_TEXT },
        metadata: e ? {} : NOTE_METADATA,
        recordedAt: `2026-11-28T08:00:${String(i % 60).padStart(2, '0')}.000Z`,
        prevHash: '',
        hash: '',
      })),
    );
    const v = vectorsOf(stored);
    if (v.dice.some((d) => d.attempts > 1) && v.dice.some((d) => d.sides === 10) && v.dice.some((d) => d.sides === 6)) return stored;
  }
  throw new Error('no game of 500 re-drew a die in its first turn');
}

function vectorsOf(log: readonly StoredEvent[]): Vectors {
  const p = (e: StoredEvent) => e.payload as Record<string, unknown> & { stepId: string; side: string };
  const seed = log.find((e) => e.type === 'SeedRevealed')!.payload as { turn: number; seed: string };
  const anchor = (log[0].payload as { seedAnchor: string }).seedAnchor;
  // the orders each step was adjudicated with: those taken since that step last resolved
  const orders = new Map<string, Record<string, unknown>>();
  const ordersHashes: { stepId: string; orders: unknown; ordersHash: string }[] = [];
  const resolvedHash = new Map<number, string>();
  for (const e of log) {
    if (['OrdersAccepted', 'OrdersRevealed', 'DefaultOrdersApplied', 'StandingOrdersApplied'].includes(e.type)) {
      orders.set(p(e).stepId, { ...orders.get(p(e).stepId), [p(e).side]: p(e).orders });
    }
    if (e.type === 'StepResolved') {
      const o = orders.get(p(e).stepId) ?? {};
      ordersHashes.push({ stepId: p(e).stepId, orders: o, ordersHash: sha256(canonical(o)) });
      resolvedHash.set(e.seq, p(e).ordersHash as string);
      orders.delete(p(e).stepId);
    }
  }
  const dice = log
    .filter((e) => e.type === 'DieRolled')
    .map((e) => {
      const d = e.payload as { stepId: string; turn: number; index: number; sides?: number };
      const resolved = log.find((r) => r.seq > e.seq && r.type === 'StepResolved' && p(r).stepId === d.stepId)!;
      const sides = d.sides ?? 6;
      return {
        seq: e.seq,
        stepId: d.stepId,
        turn: d.turn,
        index: d.index,
        sides,
        ...die(seed.seed, (log[0].payload as { gameId: string }).gameId, d.stepId, d.index, p(resolved).ordersHash as string, sides),
      };
    });
  const commitments = log.flatMap((e) => {
    if (e.type === 'OrdersRevealed')
      return [
        {
          seq: e.seq,
          type: e.type,
          content: p(e).orders,
          salt: p(e).salt as string,
          commitment: sha256(canonical(p(e).orders) + p(e).salt),
        },
      ];
    if (e.type === 'StandingInstructionsSet' && p(e).commitment !== undefined)
      return [
        {
          seq: e.seq,
          type: e.type,
          content: [p(e).text],
          salt: p(e).salt as string,
          commitment: sha256(canonical([p(e).text]) + p(e).salt),
        },
      ];
    return [];
  });
  let s = Buffer.from(seed.seed, 'hex');
  for (let t = 0; t < seed.turn; t++) s = createHash('sha256').update(s).digest();
  return {
    about:
      'Expected values for docs/audit.md, recomputed by test/audit/vectors.spec.ts; the log is events.jsonl and box.json beside this file.',
    canonical: [
      { value: NOTE_METADATA, json: canonical(NOTE_METADATA), sha256: sha256(canonical(NOTE_METADATA)) },
      { value: NOTE_TEXT, json: canonical(NOTE_TEXT), sha256: sha256(canonical(NOTE_TEXT)) },
    ],
    events: log.map((e) => ({ seq: e.seq, type: e.type, hash: eventHash(e) })),
    seeds: [{ turn: seed.turn, seed: seed.seed, anchor: s.toString('hex') === anchor ? anchor : `MISMATCH ${s.toString('hex')}` }],
    ordersHashes,
    dice,
    commitments,
  };
}

let log: StoredEvent[];
let vectors: Vectors;
let work: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'vectors-'));
  if (UPDATE) {
    const made = record();
    mkdirSync(DIR, { recursive: true });
    writeFileSync(join(DIR, 'events.jsonl'), `${made.map((e) => JSON.stringify(e)).join('\n')}\n`);
    writeFileSync(join(DIR, 'box.json'), `${JSON.stringify((made[0].payload as { box: unknown }).box, null, 1)}\n`);
    writeFileSync(join(DIR, 'vectors.json'), `${JSON.stringify(vectorsOf(made), null, 1)}\n`);
  }
  if (!existsSync(join(DIR, 'vectors.json'))) throw new Error(`${DIR}/vectors.json is missing: record it with UPDATE_VECTORS=1`);
  log = readFileSync(join(DIR, 'events.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as StoredEvent);
  vectors = JSON.parse(readFileSync(join(DIR, 'vectors.json'), 'utf8')) as Vectors;
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the audit test vectors', () => {
  it('hold what they promise: a float, numeric keys, non-ASCII text, a d10 and a re-drawn die', () => {
    const note = vectors.canonical[0].json;
    expect(note).toContain('"ratio":0.30000000000000004');
    expect(note).toContain('"big":1e+21');
    // array-index keys first, in numeric order; "01" is no index and sorts as text
    expect(note.indexOf('"9"')).toBeLessThan(note.indexOf('"10"'));
    expect(note.indexOf('"10"')).toBeLessThan(note.indexOf('"01"'));
    expect(vectors.canonical[1].json).toBe(JSON.stringify(NOTE_TEXT));
    expect(Buffer.byteLength(vectors.canonical[1].json, 'utf8')).toBeGreaterThan(vectors.canonical[1].json.length);
    expect(vectors.dice.some((d) => d.sides === 10)).toBe(true);
    expect(vectors.dice.some((d) => d.sides === 6)).toBe(true);
    expect(vectors.dice.some((d) => d.attempts > 1)).toBe(true);
    expect(vectors.commitments.length).toBeGreaterThan(0);
  });

  it('recompute from the documented formulas: every event hash, the seed, every orders hash, die and commitment', () => {
    expect(vectorsOf(log)).toEqual(vectors);
    expect(vectors.events.map((e) => e.hash)).toEqual(log.map((e) => e.hash));
    expect(vectors.seeds[0].anchor).toBe((log[0].payload as { seedAnchor: string }).seedAnchor);
    for (const d of vectors.dice) expect((log[d.seq - 1].payload as { face: number }).face).toBe(d.face);
    for (const h of vectors.ordersHashes)
      expect(log.some((e) => e.type === 'StepResolved' && (e.payload as { ordersHash: string }).ordersHash === h.ordersHash)).toBe(true);
    const committed = new Set(
      log.flatMap((e) => ((e.payload as { commitment?: string }).commitment ? [(e.payload as { commitment: string }).commitment] : [])),
    );
    for (const c of vectors.commitments) expect(committed.has(c.commitment)).toBe(true);
  });

  it("pass both verifiers: the bundle's verify.js (Node alone) and umpire verify --bundle", async () => {
    const file = join(work, 'vectors.tar.gz');
    const game = 'G-vectors'; // the bundle's directory name
    await writeBundle(
      bundleFiles({ log, view: 'referee', serviceTypes: SERVICE_EVENT_TYPES, umpireVersion: 'test', exportedAt: 'now' }),
      game,
      file,
    );
    expect(spawnSync('tar', ['xzf', file], { cwd: work }).status).toBe(0);
    const r = spawnSync(process.execPath, ['verify.js', '--head', log[log.length - 1].hash], {
      cwd: join(work, `${game}-audit`),
      env: { PATH: process.env.PATH ?? '' },
      encoding: 'utf8',
    });
    expect(`${r.stdout}${r.stderr}`).toContain(`${vectors.dice.length} dice recomputed`);
    expect(r.stdout).toMatch(/steps re-adjudicated under rules fleet-duel\/1/);
    expect(r.status).toBe(0);
    const u = await auditBundle(file, [fleetDuel]);
    expect(u.lines.join('\n')).toContain(`${vectors.dice.length} dice recomputed from revealed seeds`);
    expect(u.ok).toBe(true);
  });

  it.each(readdirSync(GOLDEN).filter((f) => f.endsWith('.jsonl.gz')))(
    'agree with the log of the golden game %s: every commitment and every orders hash by the documented formulas',
    (name) => {
      const events = gunzipSync(readFileSync(join(GOLDEN, name)))
        .toString('utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { type: string; data: Record<string, unknown> & { side: string; stepId: string } });
      const committed = new Map<string, string>();
      const orders = new Map<string, Record<string, unknown>>();
      const take = (stepId: string, side: string, o: unknown) => orders.set(stepId, { ...orders.get(stepId), [side]: o });
      const opened = (side: string, stepId: string, o: unknown, salt: string) =>
        expect(sha256(canonical(o) + salt)).toBe(committed.get(`${side}|${stepId}`));
      let commitments = 0;
      let steps = 0;
      for (const { type, data: d } of events) {
        if (type === 'OrdersSubmitted' || type === 'OrdersQueued') committed.set(`${d.side}|${d.stepId}`, d.commitment as string);
        if (type === 'StandingInstructionsSet' && d.commitment !== undefined) {
          expect(sha256(canonical([d.text]) + d.salt)).toBe(d.commitment);
          commitments++;
        }
        if (type === 'OrdersRevealed') {
          opened(d.side, d.stepId, d.orders, d.salt as string);
          commitments++;
        }
        if (type === 'QueuedOrdersUsed') {
          expect(d.commitment).toBe(committed.get(`${d.side}|${d.stepId}`));
          const o = d.opened as { orders: unknown; salt: string } | undefined;
          if (o) {
            opened(d.side, d.stepId, o.orders, o.salt);
            take(d.stepId, d.side, o.orders);
            commitments++;
          }
        }
        if (['OrdersAccepted', 'OrdersRevealed', 'DefaultOrdersApplied', 'StandingOrdersApplied'].includes(type))
          take(d.stepId, d.side, d.orders);
        if (type === 'StepResolved') {
          expect(sha256(canonical(orders.get(d.stepId) ?? {}))).toBe(d.ordersHash);
          orders.delete(d.stepId);
          steps++;
        }
      }
      expect(commitments).toBeGreaterThan(0);
      expect(steps).toBeGreaterThan(0);
    },
  );
});
