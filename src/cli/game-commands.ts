import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { rulesets } from '../games';
import { renderMapText, type MapArea } from '../mail/map-svg';
import type { Services } from '../services/container';
import { withContext } from './context';

/** `umpire game create`, `umpire orders`, `umpire status`, `umpire report`: the CLI's door into games. */
export function registerGameCommands(program: Command): void {
  const game = program.command('game').description('create and inspect games');
  game
    .command('create <ruleset>')
    .description('create a game (adjudicated by a worker); prints the game id')
    .requiredOption('--side <NAME=ADDRESS...>', 'a side and its player address, once per side, e.g. --side japanese=tojo@example.org')
    .option('--option <id[=on|off]...>', 'optional rules, e.g. --option kamikaze')
    .option('--id <gameId>', 'game id (default: G- and random letters)')
    .option('--referee <address>', "the referee's address (receives referee copies; may use referee commands)")
    .option('--box <file>', "a club's override game box (JSON), validated and recorded by hash")
    .option('--deadline <minutes>', 'minutes each step stays open', (v) => Number(v))
    .option('--grace <minutes>', 'minutes after a deadline during which late orders are still taken', (v) => Number(v))
    .action((rulesetId: string, opts: { side: string[]; option?: string[]; id?: string; referee?: string; box?: string; deadline?: number; grace?: number }) =>
      withServices(async (s) => {
        const ruleset = rulesets[rulesetId];
        if (!ruleset) {
          console.error(`unknown ruleset "${rulesetId}"; available: ${Object.keys(rulesets).join(', ')}`);
          return 2;
        }
        const sides = opts.side.map((spec) => {
          const m = /^([^=]+)=(.+@.+)$/.exec(spec);
          if (!m) throw new UsageError(`--side ${spec}: expected NAME=ADDRESS, e.g. --side ${ruleset.sides[0]}=player@example.org`);
          return { side: m[1].trim(), player: { address: m[2].trim() } };
        });
        const options: Record<string, boolean> = {};
        for (const spec of opts.option ?? []) {
          const [id, value = 'on'] = spec.split('=');
          if (!['on', 'off', 'true', 'false'].includes(value)) throw new UsageError(`--option ${spec}: the value must be on or off`);
          options[id] = value === 'on' || value === 'true';
        }
        const gameId = opts.id ?? `G-${randomBytes(4).toString('hex')}`;
        const box = opts.box ? (JSON.parse(readFileSync(opts.box, 'utf8')) as unknown) : undefined;
        const payload = { gameId, ruleset: rulesetId, sides, options, referee: opts.referee, box, deadlineMinutes: opts.deadline, graceMinutes: opts.grace };
        const submitted = await s.bus.submit(gameId, `cli:create:${gameId}`, 'game.create', payload);
        return report(s, submitted.id, (result) => `created ${gameId}: ${JSON.stringify(result)}`);
      }),
    );

  program
    .command('orders <gameId> <side> [file]')
    .description('submit orders from a file or standard input, answered exactly as a mailed order would be')
    .action((gameId: string, side: string, file: string | undefined) =>
      withServices(async (s) => {
        const text = file ? readFileSync(file, 'utf8') : readFileSync(0, 'utf8');
        const submitted = await s.bus.submit(gameId, `cli:orders:${randomBytes(8).toString('hex')}`, 'game.orders', { gameId, side, text, via: 'cli' });
        return report(s, submitted.id, (result) => `accepted: ${JSON.stringify(result)}`);
      }),
    );

  program
    .command('status <gameId>')
    .description('the step in play, who is awaited, the latest event hash (referee view; sealed orders show only commitments)')
    .option('--side <side>', 'as that side sees it')
    .option('--json', 'as JSON')
    .action((gameId: string, opts: { side?: string; json?: boolean }) =>
      withServices(async (s) => {
        const st = await s.gameService.status(gameId, opts.side ?? 'referee');
        const v = st.view;
        if (opts.json) {
          console.log(JSON.stringify({ step: v.step, awaiting: v.awaiting, orders: v.orders, result: v.result, latestEvent: st.head }, null, 2));
          return;
        }
        console.log(`game ${gameId} (${v.game?.rulesetId}), as seen by ${opts.side ?? 'the referee'}`);
        if (v.result) console.log(`game over: ${v.result.winner ?? 'no winner'}. ${v.result.summary}`);
        if (v.step) console.log(`step: ${v.step.title} [${v.step.id}], ${v.step.mode}; owed by ${v.step.owes.join(', ') || 'nobody'}`);
        for (const [side, o] of Object.entries(v.orders)) {
          const detail = o.status === 'sealed' ? `sealed, received ${o.receivedAt}, commitment ${o.commitment}` : o.status === 'accepted' ? `received ${o.receivedAt}` : o.status;
          console.log(`  ${side}: ${detail}`);
        }
        console.log(`awaiting: ${v.awaiting.join(', ') || 'nobody'}`);
        console.log(`latest event: #${st.head.version} ${st.head.hash}`);
      }),
    );

  program
    .command('report <gameId> <side>')
    .description("a side's current view and the game's story as that side may read it")
    .option('--json', 'the view as JSON')
    .action((gameId: string, side: string, opts: { json?: boolean }) =>
      withServices(async (s) => {
        const r = await s.gameService.report(gameId, side);
        const latest = await latestReport(s, gameId, side);
        if (opts.json) console.log(JSON.stringify({ ...r, latestReport: latest }, null, 2));
        else {
          console.log(`game ${gameId} (${r.view.game?.rulesetId}), as ${side} sees it`);
          console.log('\n== The board ==');
          const board = r.view.board as { summary?: unknown; map?: unknown } | null;
          for (const line of Array.isArray(board?.summary) ? board.summary.map(String) : []) console.log(`- ${line}`);
          if (Array.isArray(board?.map)) {
            console.log('Map (area [controlled by]: units):');
            for (const line of renderMapText(board.map as MapArea[])) console.log(`  ${line}`);
          }
          if (r.view.result) console.log(`Game over: ${r.view.result.winner ?? 'no winner'}. ${r.view.result.summary}`);
          console.log('\n== The story so far ==');
          console.log(r.narrative.join('\n') || '(nothing yet)');
          console.log('\n== The latest report ==');
          if (latest) console.log(`${latest.subject} (${latest.status})\n\n${latest.text}`);
          else console.log(`no report mailed to ${side} yet`);
          console.log(`\nNow: ${r.view.step?.title ?? 'game over'}; awaiting ${r.view.awaiting.join(', ') || 'nobody'}; latest event #${r.head.version} ${r.head.hash}`);
        }
      }),
    );
}

class UsageError extends Error {}

/** The last report mailed (or queued) to a player: what the umpire told them, exactly as rendered. */
async function latestReport(s: Services, gameId: string, side: string): Promise<{ subject: string; text: string; status: string; seq: number | null } | null> {
  const address = (await s.games.load(gameId)).state.game?.sides.find((seat) => seat.side === side)?.player.address;
  if (!address) return null;
  const rows = (await s.outbox.byGame(gameId)).filter((row) => row.kind === 'report' && row.recipient === address);
  const last = rows[rows.length - 1];
  return last ? { subject: last.payload.subject, text: last.payload.text, status: last.status, seq: last.eventSeq ?? null } : null;
}

async function report(s: Services, commandId: string, ok: (result: unknown) => string): Promise<number> {
  const done = await s.bus.waitFor(commandId);
  if (done.status === 'applied') {
    console.log(ok(done.result));
    return 0;
  }
  const r = done.result as { error?: string; problems?: { line: number; text: string; problem: string; hint?: string }[] };
  // the message's first line says what was refused; the problems follow one per line
  console.error(`refused: ${(r.error ?? JSON.stringify(r)).split('\n')[0]}`);
  for (const p of r.problems ?? []) console.error(`  line ${p.line}: ${p.text ? `"${p.text}": ` : ''}${p.problem}${p.hint ? ` (${p.hint})` : ''}`);
  return 1;
}

async function withServices(body: (s: Services) => Promise<number | void>): Promise<void> {
  await withContext(async (s) => {
    try {
      return await body(s);
    } catch (err) {
      if (!(err instanceof UsageError)) throw err;
      console.error(err.message);
      return 2;
    }
  });
}
