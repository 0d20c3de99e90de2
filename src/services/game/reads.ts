import { narrativeFor, viewFor, type EngineEvent } from '../../engine/game';
import type { Side } from '../../engine/ruleset';
import { SERVICE_EVENT_TYPES, UnknownGameError, liveEngineEvents, toEngineEvent, type LoadedGame } from '../game-repository';
import { rollbackLine } from './rollback-notice';
import { isRefereeNote, noteLine } from './flow';
import { oneLine, type GameEnv } from './handler';
import { payloadOf } from '../service-events';

/** What a side (or the referee) sees of a game now: its view, the log's head, its order card. */
export async function status(env: GameEnv, gameId: string, viewer: Side | 'referee') {
  const game = await env.deps.games.load(gameId);
  assertViewer(game, viewer);
  return {
    view: viewFor(game.state, viewer, game.ruleset),
    head: game.head,
    help: game.ruleset.help(game.state.rules, viewer, game.state.step),
  };
}

/** A side's view and the narrative of the whole game as that side may read it. */
export async function report(env: GameEnv, gameId: string, viewer: Side | 'referee') {
  const game = await env.deps.games.load(gameId);
  assertViewer(game, viewer);
  const all = await env.deps.games.events.read(gameId);
  const live = new Set(liveEngineEvents(all).map((e) => e.seq));
  const narrative: string[] = [];
  let run: EngineEvent[] = [];
  const flush = () => {
    narrative.push(...narrativeFor(run, viewer, game.ruleset));
    run = [];
  };
  for (const e of all) {
    if (isRefereeNote(e)) {
      flush();
      narrative.push(noteLine(e));
    } else if (e.type === 'PressSent') {
      const p = payloadOf(e, 'PressSent')!;
      if (viewer === 'referee' || p.from === viewer || p.to.includes(viewer)) {
        flush();
        narrative.push(`Press from ${p.from === 'referee' ? 'the referee' : p.from} to ${p.to.join(', ')}: ${oneLine(p.text)}`);
      }
    } else if (e.type === 'RolledBack') {
      flush();
      narrative.push(rollbackLine({ seq: e.seq, payload: payloadOf(e, 'RolledBack')! }));
    } else if (!SERVICE_EVENT_TYPES.has(e.type) && live.has(e.seq)) run.push(toEngineEvent(e));
  }
  flush();
  return { view: viewFor(game.state, viewer, game.ruleset), narrative, head: game.head };
}

/** The game's referee as its settings record (the game as loaded, or its id); null for none, or no such game. */
export async function refereeOf(env: GameEnv, game: string | LoadedGame): Promise<string | null> {
  try {
    const loaded = typeof game === 'string' ? await env.deps.games.load(game) : game;
    return loaded.service.settings?.referee ?? null;
  } catch (err) {
    if (err instanceof UnknownGameError) return null;
    throw err;
  }
}

function assertViewer(game: LoadedGame, viewer: Side | 'referee'): void {
  if (viewer !== 'referee' && !game.state.game?.sides.some((s) => s.side === viewer))
    throw new Error(`game ${game.gameId} has no side ${viewer}`);
}
