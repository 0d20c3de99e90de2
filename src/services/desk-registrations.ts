import type { CommandBus } from './command-bus';
import type { GameService } from './game.service';
import type { RollbackInput } from './game/rollback';
import type { ForkInput } from './game/fork';

/**
 * The referee's desk on the command bus (issue 12), one kind per command, mail and CLI alike:
 * game.rollback, game.preview, game.replace, game.machine, game.mails, game.view, game.revokeLinks (CLI:
 * `umpire page-link --revoke`) and game.fork (CLI). The referee (replyTo) is told what was done or why not.
 */
export function registerDeskCommands(bus: CommandBus, games: GameService): void {
  const by = (p: { replyTo?: string }, key: string) => ({ replyTo: p.replyTo, key });
  bus.register('game.rollback', (tx, cmd) => {
    const p = cmd.payload as Omit<RollbackInput, 'referee'> & { gameId: string; referee?: string; replyTo?: string };
    const input: RollbackInput = {
      target: p.target,
      orders: p.orders === 'resend' ? 'resend' : 'kept',
      reason: String(p.reason ?? ''),
      referee: p.referee ?? 'cli',
    };
    return games.rollback(tx, p.gameId, input, by(p, cmd.idempotencyKey));
  });
  bus.register('game.preview', (tx, cmd) => {
    const p = cmd.payload as { gameId: string; replyTo?: string };
    return games.preview(tx, p.gameId, by(p, cmd.idempotencyKey));
  });
  bus.register('game.replace', (tx, cmd) => {
    const p = cmd.payload as { gameId: string; side: string; address: string; reason?: string; referee?: string; replyTo?: string };
    return games.replace(tx, p.gameId, p.side, p.address, p.reason ?? '', { ...by(p, cmd.idempotencyKey), referee: p.referee });
  });
  bus.register('game.machine', (tx, cmd) => {
    const p = cmd.payload as { gameId: string; side: string; player?: string; reason?: string; referee?: string; replyTo?: string };
    return games.machine(tx, p.gameId, p.side, p.player, p.reason ?? '', { ...by(p, cmd.idempotencyKey), referee: p.referee });
  });
  bus.register('game.revokeLinks', (tx, cmd) => {
    const p = cmd.payload as { gameId: string; viewer?: string | null; reason?: string; referee?: string; replyTo?: string };
    return games.revokeLinks(tx, p.gameId, p.viewer ?? null, p.reason ?? '', { ...by(p, cmd.idempotencyKey), referee: p.referee });
  });
  bus.register('game.mails', (tx, cmd) => {
    const p = cmd.payload as { gameId: string; side?: string; replyTo?: string };
    return games.mails(tx, p.gameId, p.side, by(p, cmd.idempotencyKey));
  });
  bus.register('game.view', (tx, cmd) => {
    const p = cmd.payload as { gameId: string; side: string; replyTo?: string };
    return games.view(tx, p.gameId, p.side, by(p, cmd.idempotencyKey));
  });
  bus.register('game.fork', (tx, cmd) => games.fork(tx, cmd.payload as ForkInput));
}
