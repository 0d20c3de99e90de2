import { readFileSync } from 'node:fs';
import { auditAsset, bundleBytes, bundleFiles } from '../../audit/bundle';
import { copyLine } from '../../mail/render';
import type { Side } from '../../engine/ruleset';
import type { OutboxDraft } from '../../store/outbox';
import { SERVICE_EVENT_TYPES } from '../game-repository';
import { noticeBase } from '../notice-builders';
import type { GameEnv } from './handler';

/**
 * LOG: once the game is over, the sender gets the game's audit bundle as an attachment (docs/audit.md):
 * a player his side's view (events hidden from it replaced by their hashes, still verifiable by the
 * verify.js inside), the referee the whole log. Before the end it is refused: seeds of the turn in
 * play are still secret, and the log would tell a side what its opponent has in hand. Read only.
 */
export async function logDraft(env: GameEnv, gameId: string, viewer: Side | 'referee', to: string, key: string): Promise<OutboxDraft> {
  const { games, sink } = env.deps;
  const game = await games.load(gameId);
  if (!game.state.result)
    return sink.rejectionDraft(
      key,
      to,
      'LOG: the game is not over yet, so its log is not sent.',
      'Send LOG again once the game has ended: you will get the whole log as your side saw it, with a program that checks every hash and die. Until then STATUS and HISTORY tell you where the game stands.',
      gameId,
      undefined,
      'authenticated',
    );
  const log = await games.events.read(gameId);
  const files = bundleFiles({
    log,
    view: viewer,
    serviceTypes: SERVICE_EVENT_TYPES,
    umpireVersion: umpireVersion(),
    exportedAt: env.clock().toISOString(),
  });
  const side = viewer === 'referee' ? null : viewer;
  const bytes = await bundleBytes(files, gameId);
  const name = `${gameId}${side ? `-${side}` : ''}.audit.tar.gz`;
  const hidden = files['events.jsonl'].split('\n').filter((l) => l.includes('"redacted":true')).length;
  return sink.draft({
    ...noticeBase(game, viewer, to, 'log'),
    key,
    kind: 'confirmation',
    command: 'LOG',
    done: [
      `Attached: ${name}, the game's ${log.length} events as ${side ? `the ${side} side saw them (${hidden} hidden from it appear by their hash only)` : 'recorded'}.`,
      'To check it with Node.js, nothing else needed:',
      copyLine(`tar xzf ${name} && node ${gameId}-audit/verify.js`),
      'It recomputes the hash chain, every revealed seed against the anchor of your welcome mail, and every die you may see; AUDIT.md inside writes out every formula.',
    ],
    needs: null,
    attachments: [{ filename: name, content: bytes.toString('base64'), encoding: 'base64', contentType: 'application/gzip' }],
  });
}

function umpireVersion(): string {
  try {
    return (JSON.parse(readFileSync(auditAsset('package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}
