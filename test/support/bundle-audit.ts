import { join } from 'node:path';
import { bundleFiles, writeBundle } from '../../src/audit/bundle';
import { auditBundle } from '../../src/audit/verify-bundle';
import type { AnyRuleset } from '../../src/engine/evolve';
import { SERVICE_EVENT_TYPES } from '../../src/services/game-repository';
import { GENESIS_HASH, hashEvent, type StoredEvent } from '../../src/store/event-store';

/** Re-chains events after editing some of them (what a forger who rewrote the log would do). */
export function rechain(events: readonly StoredEvent[]): StoredEvent[] {
  let prevHash = GENESIS_HASH;
  return events.map((e) => {
    const { hash: _old, ...rest } = { ...e, prevHash };
    const hash = hashEvent(rest);
    prevHash = hash;
    return { ...rest, hash };
  });
}

/**
 * Exports `events` as `view`'s audit bundle into `work` and audits it as `umpire verify --bundle` does, with `ruleset`
 * (`releasedDir`: where the released builds are looked up; an empty one audits with `ruleset` as it runs).
 */
export async function auditAsBundle(
  work: string,
  gameId: string,
  events: readonly StoredEvent[],
  ruleset: AnyRuleset,
  view = 'referee',
  releasedDir?: string,
) {
  const file = join(work, `${view}-${Math.random().toString(36).slice(2)}.tar.gz`);
  const files = bundleFiles({ log: events, view, serviceTypes: SERVICE_EVENT_TYPES, umpireVersion: 'test', exportedAt: 'now' });
  await writeBundle(files, gameId, file);
  return auditBundle(file, [ruleset], {}, releasedDir);
}
