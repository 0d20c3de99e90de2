import { join, resolve } from 'node:path';
import { releaseRules } from '../src/audit/release';
import { rulesets } from '../src/games';

/**
 * `npm run release-rules [ruleset...]`: writes builds/<version>+e<revision>.js for each game's
 * current rules version and the engine's revision (src/engine/audit-build.ts ENGINE_REVISION) that
 * have no build yet (docs/audit.md "Rules builds"). Run it when a rules version or the engine
 * revision is bumped, and commit the new files: a released build is never rewritten.
 */
async function main(): Promise<number> {
  const dir = resolve(join(__dirname, '..', 'builds'));
  const ids = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(rulesets);
  for (const id of ids) {
    if (!rulesets[id]) {
      console.error(`no ruleset ${id}: the games are ${Object.keys(rulesets).join(', ')}`);
      return 1;
    }
    const r = await releaseRules({ rulesetId: id }, dir);
    const said = {
      new: 'released',
      same: 'already released, the same bytes',
      kept: 'already released; the source now builds other bytes under the same rules version and engine revision (kept the released one: if adjudication changed, bump the rules version; if the engine learnt an event type, bump ENGINE_REVISION)',
    }[r.status];
    console.log(`${r.version}, engine revision ${r.engineRevision}: builds/${r.file} ${said} (SHA-256 ${r.sha256})`);
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
