#!/usr/bin/env node
// Umpire audit bundle verifier: node alone, no dependencies, no database, no network.
// Usage: node verify.js [bundle directory]   (default: the directory this file is in)
// Checks the hash chain over every event (redacted and voided ones included), every revealed seed
// against the game's seed anchor, and every die of an event not voided against its seed. Exit 0:
// all checks pass; exit 1: the first problem, naming the event. The formulas are in AUDIT.md.
'use strict';
const { createHash, createHmac } = require('node:crypto');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

const dir = process.argv[2] || __dirname;
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
const head = readJson('build.json').headHash;
if (head !== prev) fail(events.length, events[events.length - 1].type, `the last hash ${prev.slice(0, 12)}... is not the head ${String(head).slice(0, 12)}... named in build.json`);

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

// 3. Seeds: seed of turn t is checked by SHA-256 applied t times (to the 32 bytes) giving the anchor.
const seeds = new Map();
for (const e of events) {
  if (e.redacted || e.type !== 'SeedRevealed') continue;
  const { turn, seed } = e.payload;
  if (!/^[0-9a-f]{64}$/.test(seed)) fail(e.seq, e.type, `the seed of turn ${turn} is not 64 hex digits`);
  let s = Buffer.from(seed, 'hex');
  for (let k = 0; k < turn; k++) s = sha256(s);
  if (s.toString('hex') !== anchor) fail(e.seq, e.type, `the seed of turn ${turn} does not hash to the anchor ${anchor}`);
  seeds.set(turn, seed);
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
//    A sealed die (DieRolled `sealed`) takes its turn's sealed seed instead.
const MAX_SIDES = 2 ** 32;
function face(seed, stepId, index, ordersHash, sides) {
  let bytes = 1;
  while (256 ** bytes < sides) bytes++;
  const bound = 256 ** bytes - ((256 ** bytes) % sides);
  for (let attempt = 0; attempt < 64; attempt++) {
    const digest = createHmac('sha256', Buffer.from(seed, 'hex')).update(canonical([diceGameId, stepId, index, ordersHash, attempt])).digest();
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
      const want = face(seed, stepId, d.payload.index, ordersHash, sides);
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
