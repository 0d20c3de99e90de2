import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { auditGameLog } from '../engine/audit';
import type { EngineEvent } from '../engine/engine-events';
import type { AnyRuleset } from '../engine/evolve';
import { verifyGameLog } from '../engine/verify';
import { auditMachineOrders, type MachineMark } from '../engine/machine-seats';
import { auditAsset, type BuildRecord, type BundleEvent, bundleEvents, type BundleFiles, isRedacted, readBundle } from './bundle';

/** What `umpire verify --bundle` found: lines to print and the exit code. */
export interface BundleAudit {
  readonly ok: boolean;
  readonly lines: readonly string[];
}

/**
 * The full audit from a bundle alone: first the standalone checks (chain, seeds, dice), run with
 * the umpire's own copy of verify.js (a bundle's copy could have been altered along with its log),
 * then, for a whole log (not a side's view), the engine's verifier (commitments, orders hashes,
 * die indices, concessions) and a re-adjudication of every step under the running rules.
 */
export async function auditBundle(
  path: string,
  rulesetOf: (id: string) => AnyRuleset | undefined,
  serviceTypes: ReadonlySet<string>,
): Promise<BundleAudit> {
  const files = await readBundle(path);
  const lines: string[] = [];
  const standalone = runStandalone(files);
  lines.push(...standalone.lines);
  if (!standalone.ok) return { ok: false, lines };
  const build = JSON.parse(files['build.json']) as BuildRecord;
  const events = bundleEvents(files);
  if (events.some(isRedacted)) {
    lines.push(`re-adjudication skipped: this is ${build.view}'s view, ${events.filter(isRedacted).length} events are hidden from it`);
    return { ok: true, lines };
  }
  const ruleset = rulesetOf(build.rulesetId);
  const live = liveEngineEvents(events as Extract<BundleEvent, { payload: unknown }>[], serviceTypes);
  const engineEvents = live.map((e) => ({ type: e.type, data: e.payload }) as EngineEvent);
  const seqOf = (index: number): string => String(live[index]?.seq ?? '?');
  const machines = ruleset ? machineCheck(live, ruleset) : null;
  if (machines && !machines.ok) return { ok: false, lines: [...lines, machines.line] };
  if (machines?.line) lines.push(machines.line);
  const dice = verifyGameLog(engineEvents);
  if (!dice.ok) {
    const m = dice.firstMismatch!;
    return { ok: false, lines: [...lines, `BROKEN: event #${seqOf(m.eventIndex)}: ${m.kind}: ${m.message}`] };
  }
  lines.push(`ok: ${dice.seedsChecked} seeds, ${dice.diceChecked} dice, every sealed-order commitment and orders hash check`);
  if (!ruleset) return { ok: false, lines: [...lines, `cannot re-adjudicate: this umpire has no ruleset "${build.rulesetId}"`] };
  const pinned = build.upgrades.length ? build.upgrades[build.upgrades.length - 1].to : build.rulesVersion;
  const differs = pinned !== ruleset.engineVersion;
  if (differs)
    lines.push(
      `note: the game's rules build is ${pinned}, this umpire runs ${ruleset.engineVersion}: a difference below may be the build's, not tampering`,
    );
  const audit = auditGameLog(engineEvents, ruleset);
  if (!audit.ok) {
    const m = audit.firstMismatch!;
    return {
      ok: false,
      lines: [...lines, `BROKEN: event #${seqOf(m.eventIndex)}: re-adjudication under ${ruleset.engineVersion} differs: ${m.message}`],
    };
  }
  lines.push(`ok: ${audit.stepsChecked} steps re-adjudicated under ${ruleset.engineVersion} give the recorded results`);
  return { ok: true, lines };
}

/** Runs templates/audit/verify.js (this umpire's copy) on the bundle's files in a scratch directory. */
function runStandalone(files: BundleFiles): { ok: boolean; lines: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'umpire-bundle-'));
  try {
    for (const name of ['events.jsonl', 'box.json', 'build.json']) writeFileSync(join(dir, name), files[name]);
    const r = spawnSync(process.execPath, [auditAsset('templates', 'audit', 'verify.js'), dir], { encoding: 'utf8' });
    const lines = `${r.stdout}${r.stderr}`.split('\n').filter(Boolean);
    return { ok: r.status === 0, lines };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The engine events not void: a RolledBack at seq r with firstVoidedSeq f voids the engine events
 * f..r-1 (docs/audit.md "Voided events"). `serviceTypes`: the umpire's own event types, never replayed.
 */
export function liveEngineEvents<E extends { seq: number; type: string; payload: unknown }>(
  events: readonly E[],
  serviceTypes: ReadonlySet<string>,
): E[] {
  const voids = events.filter((e) => e.type === 'RolledBack').map((e) => [(e.payload as { firstVoidedSeq: number }).firstVoidedSeq, e.seq]);
  const isService = (t: string) => serviceTypes.has(t) || t === 'RolledBack' || t === 'RulesUpgraded';
  return events.filter((e) => !isService(e.type) && !voids.some(([f, r]) => e.seq >= f && e.seq < r));
}

/**
 * The machine-played seats' orders re-run (engine/machine-seats.ts): each machine player on its
 * side's view before its orders, with its dice recomputed from the turn's revealed seed, must write
 * the orders the log records. `line`: what to print ('' when the log has no machine orders).
 */
export function machineCheck(
  live: readonly {
    readonly seq: number;
    readonly type: string;
    readonly payload: unknown;
    readonly metadata?: { readonly [k: string]: unknown };
  }[],
  ruleset: AnyRuleset,
): { readonly ok: boolean; readonly line: string } {
  const r = auditMachineOrders(
    live.map((e) => {
      const machine = e.metadata?.machine as MachineMark | undefined;
      return { event: { type: e.type, data: e.payload } as EngineEvent, ...(machine ? { machine } : {}) };
    }),
    ruleset,
  );
  if (!r.ok) {
    const m = r.firstMismatch!;
    return {
      ok: false,
      line: `BROKEN: event #${live[m.eventIndex]?.seq ?? '?'}: machine orders of ${m.side} at step ${m.stepId} (player ${m.player}) differ: ${m.message}`,
    };
  }
  if (!r.checked && !r.pending) return { ok: true, line: '' };
  return {
    ok: true,
    line: `ok: ${r.checked} machine players' orders re-run on their views with their recomputed dice give the recorded orders${r.pending ? ` (${r.pending} await their turn's seed)` : ''}`,
  };
}
