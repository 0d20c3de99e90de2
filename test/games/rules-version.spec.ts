import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { rulesets } from '../../src/games';
import { rulesSourceHash } from '../support/rules-fingerprint';

/**
 * Engine pinning (docs/audit.md): a game records the rules version it was created under and is
 * adjudicated under that version only. The version is worth something only if it changes whenever
 * the rules code does, so this test fails when a ruleset's source differs from the fingerprint
 * committed beside it.
 */
const FINGERPRINTED = ['vitp', 'aa-guadalcanal', 'coral-sea-solitaire', 'guadalcanal-campaign', 'solomons-campaign'];
/** The first version of each game: 1 was the unpinned "vitp-1" (and "aa-guadalcanal/0.1") of older logs, so those start at 2. */
const FIRST_VERSION: Record<string, number> = { vitp: 2, 'aa-guadalcanal': 2, 'coral-sea-solitaire': 2 };
/** Shared code the rulesets adjudicate with: a change there changes their fingerprints too. */
const SHARED = [join(__dirname, '..', '..', 'src', 'games', 'kit')];

describe.each(FINGERPRINTED)('rules version of %s', (id) => {
  const dir = join(__dirname, '..', '..', 'src', 'games', id);
  const file = join(dir, 'rules-version.json');
  const pinned = JSON.parse(readFileSync(file, 'utf8')) as { ruleset: string; version: number; sourceHash: string };

  it('changes whenever the rules source does', () => {
    const now = rulesSourceHash(dir, SHARED);
    if (now !== pinned.sourceHash) {
      throw new Error(
        [
          `src/games/${id} (or the shared src/games/kit) changed, but its rules version (${pinned.version}) did not.`,
          `If adjudication of any step could now differ (a rule, a step order, a default, a die), set in`,
          `src/games/${id}/rules-version.json: "version": ${pinned.version + 1} and "sourceHash": "${now}".`,
          'Games created under the old version will then wait for the referee to UPGRADE them (docs/audit.md).',
          'Then `npm run release-rules` writes builds/ for the new version (commit it): games keep verifying under the old one.',
          `If it cannot (wording, comments, narration only), keep the version and set "sourceHash": "${now}".`,
        ].join('\n'),
      );
    }
  });

  it('is the version the ruleset reports and records in GameCreated', () => {
    expect(pinned.ruleset).toBe(id);
    expect(Number.isInteger(pinned.version) && pinned.version >= (FIRST_VERSION[id] ?? 1)).toBe(true);
    expect(rulesets[id].engineVersion).toBe(`${id}-${pinned.version}`);
  });
});
