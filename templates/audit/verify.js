#!/usr/bin/env node
// Umpire audit bundle verifier: node alone, no dependencies, no database, no network.
// Usage: node verify.js [bundle directory] [--head <hash>] [--mail <report.eml>]
//   (default directory: the one this file is in)
// Checks the hash chain over every event (redacted and voided ones included), every revealed seed
// against the game's seed anchor, and every die of an event not voided against its seed; then,
// with the rules builds the bundle carries (build-*.js, one per rules version the game used, each
// bundled with an engine revision that knows every engine event of its segment), the
// commitments, the orders hashes, the machine players' orders and every step's outcome, each step
// under the build in force when it was adjudicated. What it could not check it says ("NOT
// CHECKED"). --head: the log must end at that hash; --mail: the report mail's "Latest event hash
// (event #N)" must be event N's hash (a log cut short and re-chained fails both).
// Exit 0: all checks pass; 1: the first problem, naming the event; 2: all checked passed, but the
// whole log's outcomes could not be re-adjudicated (a build is missing). The formulas are in AUDIT.md.
'use strict';
const { createHash, createHmac } = require('node:crypto');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

const args = process.argv.slice(2);
let dir = __dirname;
let wantHead = null;
let mailFile = null;
let chainOnly = false; // umpire verify --bundle: it checks the rules itself, with its own builds
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--head') wantHead = args[++i];
  else if (args[i] === '--chain-only') chainOnly = true;
  else if (args[i] === '--mail') mailFile = args[++i];
  else if (args[i].startsWith('--')) {
    console.error(`FAIL: unknown option ${args[i]}: node verify.js [bundle directory] [--head <hash>] [--mail <report.eml>]`);
    process.exit(1);
  } else dir = args[i];
}
if (wantHead !== null && !/^[0-9a-f]{64}$/.test(String(wantHead).trim().toLowerCase())) {
  console.error(`FAIL: --head ${wantHead}: a head hash is 64 hex digits`);
  process.exit(1);
}
const GENESIS = '0'.repeat(64);

// Canonical JSON: JSON.stringify of a copy with every object's keys sorted, undefined members dropped.
function sortDeep(v) {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map((x) => (x === undefined ? null : sortDeep(x)));
  const out = {};
  for (const k of Object.keys(v).sort()) if (v[k] !== undefined) out[k] = sortDeep(v[k]);
  return out;
}
const canonical = (v) => JSON.stringify(sortDeep(v));
const sha256 = (data) => createHash('sha256').update(data).digest();

function readJson(name) {
  try {
    return JSON.parse(readFileSync(join(dir, name), 'utf8'));
  } catch (e) {
    console.error(`FAIL: ${name} in ${dir} cannot be read as JSON: ${e.message}`);
    process.exit(1);
  }
}

function fail(seq, type, message) {
  console.error(`FAIL event #${seq}${type ? ` (${type})` : ''}: ${message}`);
  process.exit(1);
}

let lines;
try {
  lines = readFileSync(join(dir, 'events.jsonl'), 'utf8').split('\n');
} catch (e) {
  console.error(`FAIL: cannot read events.jsonl in ${dir}: ${e.message}`);
  process.exit(1);
}
if (lines[lines.length - 1] === '') lines.pop();

// 1. The hash chain: hash = SHA-256(prevHash + "\n" + canonical {gameId, seq, type, payload, metadata, recordedAt}).
const events = [];
let prev = GENESIS;
let gameId = null;
lines.forEach((line, i) => {
  const seq = i + 1;
  let e;
  try {
    e = JSON.parse(line);
  } catch {
    fail(seq, null, `line ${seq} of events.jsonl is not valid JSON`);
  }
  if (e.seq !== seq) fail(seq, e.type, `line ${seq} holds event #${e.seq}: events are numbered 1, 2, 3... without gaps`);
  gameId ??= e.gameId;
  if (e.gameId !== gameId) fail(seq, e.type, `belongs to game ${e.gameId}, not ${gameId}`);
  if (e.prevHash !== prev) fail(seq, e.type, `prevHash ${String(e.prevHash).slice(0, 12)}... is not the hash of event #${seq - 1}`);
  if (e.redacted) {
    // hidden from this bundle's reader: only its hash is shown; the next event's prevHash binds it
    if (!/^[0-9a-f]{64}$/.test(e.hash)) fail(seq, e.type, 'a redacted event must carry its 64-hex-digit hash');
  } else {
    const body = canonical({ gameId: e.gameId, seq: e.seq, type: e.type, payload: e.payload, metadata: e.metadata, recordedAt: e.recordedAt });
    const want = sha256(`${e.prevHash}\n${body}`).toString('hex');
    if (want !== e.hash) fail(seq, e.type, `its content does not match its hash (recorded ${String(e.hash).slice(0, 12)}..., recomputed ${want.slice(0, 12)}...)`);
  }
  prev = e.hash;
  events.push(e);
});
if (!events.length) fail(1, null, 'events.jsonl holds no event');
const build = readJson('build.json');
const head = build.headHash;
if (head !== prev) fail(events.length, events[events.length - 1].type, `the last hash ${prev.slice(0, 12)}... is not the head ${String(head).slice(0, 12)}... named in build.json`);

// 1b. The head you were given: --head (the log ends there) or a report mail (event N has that hash).
const last = events[events.length - 1];
if (wantHead !== null) {
  const h = wantHead.trim().toLowerCase();
  if (h !== prev) fail(last.seq, last.type, `the log ends at event #${last.seq} with hash ${prev.slice(0, 12)}..., --head names ${h.slice(0, 12)}...: not the log you were given (cut short, or rewritten)`);
  console.log(`ok: the log ends at the head you gave (${h.slice(0, 12)}...)`);
}
if (mailFile !== null) {
  const m = mailHead(mailFile);
  const at = events[m.seq - 1];
  if (!at) fail(last.seq, last.type, `the mail ${mailFile} names event #${m.seq} with hash ${m.hash.slice(0, 12)}..., the log ends at event #${last.seq}: it was cut short`);
  if (at.hash !== m.hash) fail(m.seq, at.type, `the mail ${mailFile} names event #${m.seq} with hash ${m.hash.slice(0, 12)}..., the log's event #${m.seq} has ${at.hash.slice(0, 12)}...: the log was rewritten after the mail`);
  console.log(`ok: event #${m.seq} has the hash your mail ${mailFile} gives (${m.hash.slice(0, 12)}...)`);
}

// The "Latest event hash (event #N): <hash>" line of a saved report mail, its transfer encoding undone.
function mailHead(file) {
  let raw;
  try {
    raw = readFileSync(file, 'utf8');
  } catch (e) {
    console.error(`FAIL: cannot read the mail ${file}: ${e.message}`);
    process.exit(1);
  }
  const qp = Buffer.from(raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');
  const b64 = [...raw.matchAll(/Content-Transfer-Encoding:\s*base64\s*\r?\n(?:[^\r\n]+\r?\n)*?\r?\n([A-Za-z0-9+/=\r\n]+)/gi)].map((x) => Buffer.from(x[1].replace(/\s/g, ''), 'base64').toString('utf8'));
  for (const body of [raw, qp, ...b64]) {
    const x = /Latest event hash \(event #(\d+)\):\s*([0-9a-f]{64})/.exec(body);
    if (x) return { seq: Number(x[1]), hash: x[2] };
  }
  console.error(`FAIL: ${file} has no "Latest event hash (event #N)" line: pass a report mail of the game as saved (.eml), or use --head`);
  process.exit(1);
}

const created = events[0];
if (created.type !== 'GameCreated') fail(1, created.type, 'the log must start with GameCreated');
// a side's bundle hides GameCreated (it names every player's address) but discloses the anchor and box hash
const game = created.redacted ? created.disclosed : created.payload;
if (!game) fail(1, 'GameCreated', 'redacted without the seed anchor and box hash it must disclose');
const anchor = game.seedAnchor;
const diceGameId = game.gameId; // dice are keyed by the game id GameCreated records
const box = readJson('box.json');
const boxHash = sha256(canonical(box)).toString('hex');
if (boxHash !== game.boxHash) fail(1, 'GameCreated', `box.json hashes to ${boxHash.slice(0, 12)}..., the game recorded ${game.boxHash}`);

// 2. Voids: a RolledBack event at seq r with firstVoidedSeq f voids the engine events f..r-1 (their dice are not checked).
// (a side's bundle hides RolledBack, which names the referee, and discloses its range beside its hash)
const voids = events.filter((e) => e.type === 'RolledBack').map((e) => [(e.redacted ? e.disclosed || {} : e.payload).firstVoidedSeq, e.seq]);
const voided = (seq) => voids.some(([f, r]) => seq >= f && seq < r);

// 3. Seeds: seed of turn t is checked by SHA-256 applied t times (to the 32 bytes) giving the anchor
//    in force where it is revealed: GameCreated's, or the one the last SeedChainRenewed not void by
//    then committed (a rollback past revealed seeds renews the chain). A renewal's `abandoned` seed
//    (the old chain's, of the turn that was in play) is checked against the anchor it names.
const seeds = new Map();
const hashesTo = (seed, turn, to) => {
  if (!/^[0-9a-f]{64}$/.test(seed)) return false;
  let s = Buffer.from(seed, 'hex');
  for (let k = 0; k < turn; k++) s = sha256(s);
  return s.toString('hex') === to;
};
const rangesSoFar = [];
const renewalsSoFar = [];
const anchorNow = () => {
  const r = [...renewalsSoFar].reverse().find((x) => !rangesSoFar.some(([f, to]) => x.seq >= f && x.seq < to));
  return r ? r.anchor : anchor;
};
for (const e of events) {
  if (e.type === 'RolledBack') rangesSoFar.push([(e.redacted ? e.disclosed || {} : e.payload).firstVoidedSeq, e.seq]);
  if (e.redacted) continue;
  if (e.type === 'SeedChainRenewed') {
    const old = e.payload.abandoned;
    if (old && !hashesTo(old.seed, old.turn, old.anchor)) fail(e.seq, e.type, `the abandoned seed of turn ${old.turn} does not hash to the anchor ${old.anchor}`);
    renewalsSoFar.push({ seq: e.seq, anchor: e.payload.anchor });
    continue;
  }
  if (e.type !== 'SeedRevealed') continue;
  const { turn, seed } = e.payload;
  if (!/^[0-9a-f]{64}$/.test(seed)) fail(e.seq, e.type, `the seed of turn ${turn} is not 64 hex digits`);
  if (!hashesTo(seed, turn, anchorNow())) fail(e.seq, e.type, `the seed of turn ${turn} does not hash to the anchor ${anchorNow()}`);
  if (!voided(e.seq)) seeds.set(turn, seed);
}

// 3b. Sealed seeds (games with sealed dice: GameCreated names a sealedSeedAnchor): the sealed seed of
//     turn t, revealed at the end, is checked the same way against the sealed anchor; it gives every
//     earlier turn's sealed seed by hashing (seed of turn u = SHA-256 applied t - u times).
const sealedAnchor = game.sealedSeedAnchor;
const sealedSeeds = new Map();
for (const e of events) {
  if (e.redacted || e.type !== 'SealedSeedRevealed') continue;
  const { turn, seed } = e.payload;
  if (!sealedAnchor) fail(e.seq, e.type, 'the game has no sealed seed anchor');
  if (!/^[0-9a-f]{64}$/.test(seed)) fail(e.seq, e.type, `the sealed seed of turn ${turn} is not 64 hex digits`);
  const chain = [Buffer.from(seed, 'hex')];
  for (let k = 0; k < turn; k++) chain.push(sha256(chain[chain.length - 1]));
  if (chain[turn].toString('hex') !== sealedAnchor) fail(e.seq, e.type, `the sealed seed of turn ${turn} does not hash to the sealed anchor ${sealedAnchor}`);
  for (let u = 1; u <= turn; u++) sealedSeeds.set(u, chain[turn - u].toString('hex'));
}

// 4. Dice: die k of a step with n sides (n = 6 when DieRolled names no `sides`): w = the fewest
//    bytes with 256^w >= n, bound = 256^w - (256^w mod n); for attempt 0, 1, ...: v = the first w
//    bytes (big-endian) of HMAC-SHA-256(key = seed of its turn, canonical [gameId, stepId, k,
//    ordersHash, attempt]); the first v < bound gives face = v mod n + 1 (a d6: first byte < 252, b mod 6 + 1).
//    A sealed die (DieRolled `sealed`) takes its turn's sealed seed instead. A die numbered in a
//    private stream (DieRolled `stream`, games whose GameCreated says diceStreams) puts the stream
//    after stepId: canonical [gameId, stepId, stream, k, ordersHash, attempt].
const MAX_SIDES = 2 ** 32;
function face(seed, stepId, stream, index, ordersHash, sides) {
  let bytes = 1;
  while (256 ** bytes < sides) bytes++;
  const bound = 256 ** bytes - ((256 ** bytes) % sides);
  for (let attempt = 0; attempt < 64; attempt++) {
    const digest = createHmac('sha256', Buffer.from(seed, 'hex')).update(canonical(stream === undefined ? [diceGameId, stepId, index, ordersHash, attempt] : [diceGameId, stepId, stream, index, ordersHash, attempt])).digest();
    let v = 0;
    for (let b = 0; b < bytes; b++) v = v * 256 + digest[b];
    if (v < bound) return (v % sides) + 1;
  }
  return null;
}
const pending = new Map(); // stepId -> dice since that step last resolved
let checked = 0;
let awaiting = 0;
let sealedAwaiting = 0;
let hidden = 0;
for (const e of events) {
  if (e.redacted) {
    if (e.type === 'DieRolled') hidden++;
    continue;
  }
  if (voided(e.seq)) continue;
  if (e.type === 'DieRolled') {
    const list = pending.get(e.payload.stepId) || [];
    list.push(e);
    pending.set(e.payload.stepId, list);
  } else if (e.type === 'StepResolved') {
    const { stepId, ordersHash } = e.payload;
    for (const d of pending.get(stepId) || []) {
      if (d.payload.forced) fail(d.seq, d.type, `die ${d.payload.index} of ${stepId} was forced by a test case, not derived from a seed`);
      const sides = d.payload.sides === undefined ? 6 : d.payload.sides;
      if (!Number.isInteger(sides) || sides < 2 || sides > MAX_SIDES)
        fail(d.seq, d.type, `die ${d.payload.index} of ${stepId} names ${JSON.stringify(sides)} sides: a die has a whole number from 2 to ${MAX_SIDES}`);
      if (d.payload.sealed && !sealedAnchor) fail(d.seq, d.type, `die ${d.payload.index} of ${stepId} is sealed, but the game has no sealed seed anchor`);
      const seed = (d.payload.sealed ? sealedSeeds : seeds).get(d.payload.turn);
      if (seed === undefined) {
        if (d.payload.sealed) sealedAwaiting++;
        else awaiting++;
        continue;
      }
      const want = face(seed, stepId, d.payload.stream, d.payload.index, ordersHash, sides);
      if (want !== d.payload.face)
        fail(d.seq, d.type, `die ${d.payload.index} of ${stepId} (${sides === 6 ? '' : `a d${sides}, `}${d.payload.purpose}, rule ${d.payload.rule}) shows ${d.payload.face}, the seed of turn ${d.payload.turn} and orders hash ${ordersHash.slice(0, 12)}... give ${want}${d.payload.sealed ? ' (from the sealed seed)' : ''}`);
      checked++;
    }
    pending.delete(stepId);
  }
}
const unresolved = [...pending.values()].reduce((n, l) => n + l.length, 0);
console.log(`ok: game ${gameId}: ${events.length} events chained to head ${prev.slice(0, 12)}... (${events.filter((e) => e.redacted).length} redacted, ${events.filter((e) => voided(e.seq)).length} voided)`);
console.log(`ok: ${seeds.size} seeds hash to the anchor; ${checked} dice recomputed (${awaiting} await their turn's seed, ${unresolved} in a step not yet resolved, ${hidden} hidden from this view)`);
if (sealedAnchor)
  console.log(`ok: sealed dice: ${sealedSeeds.size ? `sealed seeds of turns 1..${sealedSeeds.size} hash to the sealed anchor` : 'the sealed seed is not revealed yet'}; ${sealedAwaiting} sealed dice await the reveal at the game's end`);
if (created.redacted) console.log(`note: GameCreated is hidden from this view; check that the anchor ${anchor} is the one your welcome mail gave`);

// 5. The rules: the commitments of sealed, queued and standing orders, the orders hashes, the
//    machine players' orders and every step's outcome, each segment of the game (from GameCreated,
//    then from each RulesUpgraded) under the rules build in force there (its rules version and an engine
//    revision that knows every engine event of the segment), which the bundle carries.
// The referee's rulings that changed the game, with their reasons (a side's bundle discloses them, addresses withheld).
const RULINGS = ['RolledBack', 'RulesUpgraded', 'SeatReplaced', 'SeatToMachine', 'GameForked', 'ForkAdopted', 'BoardAdjusted', 'GamePaused', 'GameResumed', 'AbsenceDeclared', 'DeadlineLengthSet'];
for (const e of events) {
  if (!RULINGS.includes(e.type)) continue;
  const p = (e.redacted ? e.disclosed : e.payload) || {};
  const what =
    e.type === 'RolledBack'
      ? `: events #${p.firstVoidedSeq}-#${e.seq - 1} void, play resumes at ${p.stepId}`
      : e.type === 'RulesUpgraded'
        ? `: rules ${p.from} to ${p.to}`
        : e.type === 'BoardAdjusted'
          ? `: the board edited at ${p.stepId}${p.edits ? ` (${p.edits.length} values)` : ' (the edits are hidden from this view)'}`
          : e.type === 'ForkAdopted'
            ? `: fork ${p.forkId} adopted from event #${p.atSeq}`
            : p.side
              ? `: ${p.side}`
              : '';
  console.log(`ruling: event #${e.seq} (${e.type})${what}${p.reason ? `; reason: ${p.reason}` : ''}${e.redacted ? ' (disclosed beside its hash, not covered by it)' : ''}`);
}
if (chainOnly) process.exit(0);
const NOT_CHECKED = "the commitments of sealed, queued and standing orders, the orders hashes, the machine players' orders and every step's outcome (its rules events)";
if (events.some((e) => e.redacted)) {
  console.log(`NOT CHECKED: ${NOT_CHECKED}: this is ${build.view}'s view and ${events.filter((e) => e.redacted).length} events are hidden from it; the referee's bundle (umpire export) checks them`);
  process.exit(0);
}
const segments = Array.isArray(build.builds) ? build.builds : [];
if (!segments.length) {
  console.log(`NOT CHECKED: ${NOT_CHECKED}: this bundle names no rules build (an older umpire wrote it); \`umpire verify --bundle\` checks them with the game's rules`);
  process.exit(2);
}
function loadBuild(s) {
  const name = `build-${s.file}`;
  let text;
  try {
    text = readFileSync(join(dir, name), 'utf8');
  } catch (e) {
    console.error(`FAIL: build.json names the rules build ${name} of ${s.version}, which is not in ${dir}: ${e.message}`);
    process.exit(1);
  }
  const sha = sha256(text).toString('hex');
  if (sha !== s.sha256) {
    console.error(`FAIL: ${name} hashes to ${sha}, build.json names ${s.sha256}: the build is not the one the bundle was made with`);
    process.exit(1);
  }
  const m = { exports: {} };
  new Function('module', 'exports', 'require', text)(m, m.exports, require);
  const b = m.exports;
  if (b.BUILD_API !== 1 || !b.ruleset || typeof b.checkSegment !== 'function') {
    console.error(`FAIL: ${name} is not a rules build this verifier can run (API ${b.BUILD_API})`);
    process.exit(1);
  }
  if (b.ruleset.engineVersion !== s.version) {
    console.error(`FAIL: ${name} holds rules ${b.ruleset.engineVersion}, build.json says ${s.version}`);
    process.exit(1);
  }
  // engine revision: what the build exports (1 when it names none, as builds made before revisions were numbered)
  const revision = b.ENGINE_REVISION || 1;
  if (revision !== (s.engineRevision || 1)) {
    console.error(`FAIL: ${name} holds engine revision ${revision}, build.json says ${s.engineRevision || 1}`);
    process.exit(1);
  }
  return { ...b, name, sha, revision };
}
const lastWithBuild = segments.map((s) => !!s.file).lastIndexOf(true);
const loaded = segments.map((s) => (s.file ? loadBuild(s) : null));
// the engine event types: every type any bundled build's engine lists (a newer revision lists more)
const engineTypes = new Set(loaded.flatMap((b) => (b && b.ENGINE_EVENT_TYPES) || []).concat(['SeedChainRenewed', 'BoardAdjusted']));
let incomplete = false;
segments.forEach((s, i) => {
  const range = `events #${s.fromSeq}-#${s.toSeq === null ? `${events.length} (the end)` : s.toSeq}`;
  if (!s.file) {
    console.log(`NOT CHECKED: ${range}: adjudicated under rules ${s.version}, of which the bundle carries no build: ${NOT_CHECKED} there`);
    incomplete = true;
    return;
  }
  const b = loaded[i];
  // a build whose engine predates an engine event the log holds (a renewed seed chain, a board edit) would skip it
  const upTo = events.filter((e) => s.toSeq === null || e.seq <= s.toSeq);
  const known = b.ENGINE_EVENT_TYPES || [];
  const newer = [...engineTypes].filter((t) => !known.includes(t) && upTo.some((e) => e.type === t));
  if (newer.length) {
    console.log(`NOT CHECKED: ${range}: the rules build ${b.name} (engine revision ${b.revision}) predates ${newer.join(', ')} in this log: ${NOT_CHECKED} there (\`umpire verify\` runs those rules under its own engine)`);
    incomplete = true;
    return;
  }
  const r = b.checkSegment(b.ruleset, events, { fromSeq: s.fromSeq, toSeq: s.toSeq, wholeLog: i === lastWithBuild });
  for (const line of r.lines) line.startsWith('BROKEN: ') ? console.error(`FAIL ${line.slice('BROKEN: '.length)}`) : console.log(line);
  if (!r.ok) {
    console.error(`  (${range}, under rules ${s.version}, ${b.name}, engine revision ${b.revision})`);
    process.exit(1);
  }
  console.log(`ok: ${range}: ${r.steps} steps re-adjudicated under rules ${s.version} (${b.name}, SHA-256 ${b.sha}) give the recorded outcomes (engine revision ${b.revision})`);
});
console.log("note: the builds ran the rules checks; compare each build's SHA-256 with builds/ in the umpire's repository");
if (incomplete) process.exit(2);
