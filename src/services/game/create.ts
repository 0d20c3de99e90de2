import { randomBytes } from 'node:crypto';
import { REFEREE_GLOSSES } from '../../commands/derived';
import { PRESS } from '../../commands/player-commands';
import { initialState, makeSealedSeedChain, makeSeedChain, viewFor } from '../../engine/game';
import type { Side } from '../../engine/ruleset';
import type { Notice } from '../../mail/notices';
import type { CommandOutcome } from '../../store/commands';
import type { Sql } from '../../store/db';
import { GENESIS_HASH } from '../../store/event-store';
import { rulesetFor, type LoadedGame } from '../game-repository';
import type { CreateGameInput } from '../game-ports';
import { answerCard } from '../answer-card';
import { welcomeGuide } from '../welcome-guide';
import { noticeBase, stepNeeds } from '../notice-builders';
import { digestOf, initialServiceState, type GameSettings } from '../service-state';
import { STEP_KINDS, type StepKind } from '../../engine/step-kinds';
import { advanceIfReady, openDeadline } from './flow';
import { seedChainTurns } from '../../engine/define';
import { Handling, engineToNew, rejected, type GameHandler } from './handler';

/** Game ids travel in reply addresses (umpire+G-abc.side.tag@...), so they keep to this shape. */
export const GAME_ID = /^G-[A-Za-z0-9][A-Za-z0-9_-]{0,40}$/;

/** the referee's commands (from the catalogue, src/commands), in the referee's welcome */
const REFEREE_WELCOME_HELP = `As referee you may send ${REFEREE_GLOSSES.join(', ')}, and ${PRESS.gloss}. HELP lists them with examples. You get a copy of every side's report (your view: all but sealed orders not yet revealed) and of all press; HISTORY resends yours.`;

/**
 * A new game: the engine checks the sides, options and box and records GameCreated; the game's
 * seed chain is drawn (its top sealed, its anchor published); its settings are recorded; steps
 * nobody has to order are played; every side (and the referee) is welcomed.
 */
export async function createGame(handler: GameHandler, tx: Sql, input: CreateGameInput): Promise<CommandOutcome> {
  const { env } = handler;
  const ruleset = rulesetFor(input.ruleset);
  if (!GAME_ID.test(input.gameId)) return rejected(`game id "${input.gameId}" must look like G-abc123 (G-, then letters, digits, _ or -)`);
  const badKinds = Object.entries(input.deadlines ?? {}).filter(
    ([kind, minutes]) => !STEP_KINDS.includes(kind as StepKind) || !(typeof minutes === 'number' && minutes >= 1),
  );
  if (badKinds.length)
    return rejected(
      `deadlines per kind of step: ${badKinds.map(([k, m]) => `${k}=${m}`).join(', ')} is not a kind (${STEP_KINDS.join(', ')}) with a length of 1 minute or more`,
    );
  const fresh: LoadedGame = {
    gameId: input.gameId,
    ruleset,
    state: initialState(),
    service: initialServiceState,
    head: { version: 0, hash: GENESIS_HASH },
    tail: [],
  };
  const h = new Handling(env, tx, fresh);
  const top = env.options.seedTop?.(input.gameId) ?? randomBytes(32);
  const options = Object.fromEntries(ruleset.options.map((o) => [o.id, input.options?.[o.id] ?? o.default]));
  // the chain covers every turn the game can last (its declared length with these options and box)
  const turns = seedChainTurns(ruleset, options, input.box ?? ruleset.box.defaultData);
  const chain = makeSeedChain(top, turns);
  // a game with sealed dice gets the second chain, from the same secret (docs/audit.md "Sealed dice")
  const sealed = ruleset.sealedDice?.(options) ? { sealedSeedAnchor: makeSealedSeedChain(top, turns).anchor } : {};
  const decision = h.decide({
    type: 'CreateGame',
    gameId: input.gameId,
    options: input.options,
    scenario: input.scenario,
    sides: input.sides,
    seedAnchor: chain.anchor,
    seedChainTurns: turns,
    ...sealed,
    box: input.box,
    now: h.now.toISOString(),
  });
  if (!decision.ok) return rejected(decision.rejection.message, decision.rejection);
  if (!(await env.deps.games.register(input.gameId, ruleset.id, tx))) return rejected(`game ${input.gameId} already exists`);
  await env.deps.table.saveSeedSecret(tx, input.gameId, env.seeds.seal(top));
  const settings: GameSettings = {
    deadlineMinutes: input.deadlineMinutes ?? env.options.defaultDeadlineMinutes,
    graceMinutes: input.graceMinutes ?? env.options.defaultGraceMinutes ?? 0,
    ...(input.deadlines && Object.keys(input.deadlines).length ? { deadlines: input.deadlines } : {}),
    referee: input.referee ?? null,
  };
  await h.append([
    ...decision.events.map(engineToNew('umpire')),
    { type: 'NoteAdded', payload: { text: 'game settings', settings }, metadata: { actor: 'umpire' } },
  ]);
  // a ruleset may open with steps nobody has to order
  await advanceIfReady(h);
  const deadline = await openDeadline(h);
  const game = h.game;
  const info = game.state.game!;
  const welcome = (viewer: Side | 'referee', address: string, help: string): Notice => ({
    ...noticeBase(game, viewer, address, 'welcome'),
    kind: 'welcome',
    seedAnchor: chain.anchor,
    boxHash: info.boxHash,
    boxSource: info.boxSource,
    options: info.options,
    sides: info.sides.map((s) => ({ side: s.side, player: s.player.address })),
    needs: stepNeeds(game, deadline),
    help,
    view: viewFor(game.state, viewer, ruleset),
    secret: env.playerSecret(input.gameId, viewer, address),
    answer: viewer === 'referee' ? null : answerCard(game, viewer, h.deadline()),
    settings: {
      deadlineMinutes: settings.deadlineMinutes,
      graceMinutes: settings.graceMinutes,
      ...(settings.deadlines ? { deadlines: settings.deadlines } : {}),
      referee: settings.referee !== null,
    },
    digest: digestOf(game.service, viewer),
    guide: welcomeGuide(game, viewer),
  });
  h.notify(
    ...info.sides.map((seat) => welcome(seat.side, seat.player.address, ruleset.help(game.state.rules, seat.side, game.state.step))),
  );
  if (settings.referee) h.notify(welcome('referee', settings.referee, REFEREE_WELCOME_HELP));
  return handler.close(h, {
    status: 'applied',
    result: { gameId: input.gameId, version: game.head.version, seedAnchor: chain.anchor, step: game.state.step?.id ?? null },
  });
}
