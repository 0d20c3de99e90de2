/**
 * Golden games: the rules-version check by behaviour. `test/games/rules-version.spec.ts` pins each
 * game's source, but a change in the engine (decide, dice, queue, sealing) can change how a step is
 * adjudicated without touching a game's folder. Here a few recorded games per ruleset, kept in
 * test/fixtures/golden/, are audited under the code as it is now: every step is adjudicated again
 * from its recorded orders and dice and must give the recorded result, and every die must come from
 * the seeds. A change that fails this under an unchanged rules version would let the umpire apply
 * other rules to a game under way without saying so: bump the ruleset's rules-version.json (the
 * service then refuses old games until the referee's UPGRADE), or find why the outcome moved.
 *
 * When a ruleset's rules version changes, its recordings are stale: re-record them with
 * `UPDATE_GOLDEN=1 npx jest test/engine/golden-games.spec.ts` (after checking the change is meant)
 * and commit the files.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { auditGameLog } from '../../src/engine/audit';
import type { AnyRuleset } from '../../src/engine/evolve';
import type { EngineEvent } from '../../src/engine/game';
import type { OptionValue } from '../../src/engine/ruleset';
import { verifyGameLog } from '../../src/engine/game';
import { playOneGame } from '../../src/engine/selfplay';
import { rulesets } from '../../src/games';
import { canonicalJson } from '../../src/shared/canonical';
import { fleetDuel } from '../../src/games/fleet-duel';

const DIR = join(__dirname, '..', 'fixtures', 'golden');
const UPDATE = process.env.UPDATE_GOLDEN === '1';
const ADVANTAGES = [
  'banzai-charge',
  'night-fighting',
  'good-logistics',
  'amphibious-assault',
  'superior-fighters',
  'coast-watchers',
  'quick-drop',
  'command-decision',
  'pt-boats',
].map((a) => `adv-${a}`);
const on = (ids: readonly string[]) => Object.fromEntries(ids.map((id) => [id, true]));

const GAMES: readonly { name: string; ruleset: AnyRuleset; options: Readonly<Record<string, OptionValue>> }[] = [
  { name: 'vitp', ruleset: rulesets.vitp as AnyRuleset, options: {} },
  {
    name: 'vitp-options',
    ruleset: rulesets.vitp as AnyRuleset,
    options: on(['task-forces', 'airstrike-damage', 'air-in-groups', 'island-combat']),
  },
  { name: 'aa-guadalcanal', ruleset: rulesets['aa-guadalcanal'] as AnyRuleset, options: {} },
  {
    name: 'aa-guadalcanal-hidden-advantages',
    ruleset: rulesets['aa-guadalcanal'] as AnyRuleset,
    options: on([...ADVANTAGES, 'hidden-movement']),
  },
  { name: 'fleet-duel-scouting-system', ruleset: fleetDuel as unknown as AnyRuleset, options: { scouting: true, system: true } },
];

const file = (name: string) => join(DIR, `${name}.jsonl.gz`);

function record(name: string, ruleset: AnyRuleset, options: Readonly<Record<string, OptionValue>>): void {
  const { events } = playOneGame(ruleset, `golden/${name}`, { options, missRate: 0.1, aheadRate: 0.3 });
  mkdirSync(DIR, { recursive: true });
  writeFileSync(file(name), gzipSync(`${events.map((e) => canonicalJson(e)).join('\n')}\n`, { level: 9 }));
}

function recorded(name: string): EngineEvent[] {
  return gunzipSync(readFileSync(file(name)))
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as EngineEvent);
}

describe('golden games: recorded games adjudicate the same under the code as it is now', () => {
  it.each(GAMES.map((g) => [g.name, g] as const))('%s', (name, g) => {
    if (UPDATE) record(name, g.ruleset, g.options);
    if (!existsSync(file(name))) throw new Error(`${file(name)} is missing: record it with UPDATE_GOLDEN=1`);
    const events = recorded(name);
    const created = events[0];
    expect(created.type).toBe('GameCreated');
    const version = (created.data as { engineVersion: string }).engineVersion;
    if (version !== g.ruleset.engineVersion)
      throw new Error(
        `${name} was recorded under ${version}; ${g.ruleset.id} is now ${g.ruleset.engineVersion}. Re-record with UPDATE_GOLDEN=1 once the new version is meant, and commit test/fixtures/golden/.`,
      );
    expect(events.some((e) => e.type === 'GameEnded')).toBe(true);
    expect(verifyGameLog(events)).toMatchObject({ ok: true });
    const audit = auditGameLog(events, g.ruleset);
    if (!audit.ok)
      throw new Error(
        `${name}: event #${audit.firstMismatch?.eventIndex} no longer adjudicates as recorded under ${version}: ${audit.firstMismatch?.message}. If the change is meant, bump src/games/${g.ruleset.id}/rules-version.json.`,
      );
    expect(audit.stepsChecked).toBeGreaterThan(5);
  });

  it('catches an engine or rules change that moves one outcome under the same version', () => {
    const vitp = GAMES[0].ruleset;
    let n = 0;
    // the same rules, except that the 40th adjudicated step also notes one extra (harmless) rules event
    const changed: AnyRuleset = {
      ...vitp,
      adjudicate: (state, step, orders, ctx) => {
        vitp.adjudicate(state, step, orders, ctx);
        if (++n === 40) ctx.emit({ type: 'vitp.note', data: { text: 'changed' } } as never);
      },
    };
    const audit = auditGameLog(recorded('vitp'), changed);
    expect(audit.ok).toBe(false);
    expect(audit.firstMismatch?.message).toBeTruthy();
  });
});
