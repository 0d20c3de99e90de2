import { whoIsAwaited } from '../../engine/game';
import { machinePlayerNames, playMachineSeat } from '../../engine/machine-seats';
import type { CommandOutcome } from '../../store/commands';
import type { Sql } from '../../store/db';
import { isMachineAddress, machineAddress, SEAT_TO_MACHINE } from '../machine-address';
import type { Notice } from '../../mail/notices';
import { noticeBase } from '../notice-builders';
import { confirm, refereeRejected, seatOrRefusal, seedChain } from './flow';
import type { GameHandler, Handling, RefereeReply } from './handler';
import { ordersOn } from './orders';
import { payloadOf } from '../service-events';

/** What a SeatToMachine event records: the seat, its machine player, the person it had, who ruled and why. */
export interface SeatToMachinePayload {
  readonly side: string;
  readonly player: string;
  readonly previous: string;
  readonly referee: string;
  readonly reason: string;
  /** the event that gave the seat its previous player (GameCreated, SeatReplaced or SeatToMachine) */
  readonly concerns: readonly number[];
}

/**
 * MACHINE <side> [player] [reason]: a machine player of the game (`random` unless named; the game's
 * `players.named` otherwise) takes the seat. The person is told and refused from then on (the
 * seat's address becomes the machine's, as REPLACE gives it a new one); REPLACE <side> <address>
 * hands it back to a person. While the seat is a machine's, every step that awaits it gets its
 * orders at once (playMachineSeats), and no mail goes to it.
 */
export async function machineSeat(
  handler: GameHandler,
  tx: Sql,
  gameId: string,
  side: string,
  player: string | undefined,
  reason: string,
  by: RefereeReply = {},
): Promise<CommandOutcome> {
  return handler.run(tx, gameId, async (h) => {
    const name = (player ?? 'random').toLowerCase();
    const asked = `MACHINE ${side} ${name}`;
    const found = seatOrRefusal(h, by, asked, side, 'MACHINE <side> [player]');
    if ('refused' in found) return found.refused;
    const { seat } = found;
    const names = machinePlayerNames(h.game.ruleset);
    if (!names.includes(name))
      return refereeRejected(
        h,
        by,
        asked,
        names.length ? `${h.game.ruleset.name} has no machine player "${name}"` : `${h.game.ruleset.name} offers no machine players`,
        names.length
          ? `MACHINE ${side} [player], the player one of: ${names.join(', ')} (random when none is named).`
          : 'Hand the seat to a person with REPLACE.',
      );
    if (seat.player.address === machineAddress(name))
      return refereeRejected(
        h,
        by,
        asked,
        `${side} is already played by the machine player ${name}`,
        `REPLACE ${side} <address> hands it back to a person.`,
      );
    const all = await h.env.deps.games.events.read(gameId, 0, tx);
    const lastHolder = [...all]
      .reverse()
      .find((e) => e.type === 'GameCreated' || (payloadOf(e, 'SeatReplaced') ?? payloadOf(e, SEAT_TO_MACHINE))?.side === side);
    const payload: SeatToMachinePayload = {
      side,
      player: name,
      previous: seat.player.address,
      referee: by.referee ?? by.replyTo ?? h.settings.referee ?? 'referee',
      reason: reason.trim() || 'no reason given',
      concerns: lastHolder ? [lastHolder.seq] : [],
    };
    const game = await h.append([{ type: SEAT_TO_MACHINE, payload, metadata: { actor: 'referee', causationId: by.key } }]);
    if (!isMachineAddress(seat.player.address)) {
      const farewell: Notice = {
        ...noticeBase(game, side, seat.player.address, 'machine'),
        kind: 'confirmation',
        command: `MACHINE ${side}`,
        done: [
          `The referee has handed your seat (${side}) in game ${gameId} to a machine player (${name}). Reason: ${payload.reason}.`,
          'Mail from this address, its reply address and its SECRET are no longer taken for this game. Thank you for playing.',
        ],
        needs: null,
      };
      h.notify(farewell);
    }
    confirm(
      h,
      by,
      asked,
      [
        `${side} is now played by the machine player ${name} (was ${seat.player.address}); recorded as event ${game.head.version}.`,
        `It gives its orders as soon as a step awaits ${side}; REPLACE ${side} <address> hands the seat back to a person.`,
      ],
      h.deadline()?.at ?? null,
    );
    return { status: 'applied', result: { seq: game.head.version, side, player: name, previous: seat.player.address } };
  });
}

/** The most steps machine seats play within one command (two machine seats play a whole game). */
const MACHINE_STEPS = 10_000;

/**
 * Every machine seat the step in play awaits gives its orders now, through the same path as a
 * person's (ordersOn: parsed, validated, sealed), and again for each step that follows while one
 * is awaited. Its dice come from the turn's seed (engine/machine-seats.ts); its orders' events
 * record the player and its count of draws. Orders the rules refuse stop the machine for this step:
 * the step then waits for its deadline, whose default orders apply, and the referee is told.
 */
export async function playMachineSeats(h: Handling): Promise<void> {
  for (let n = 0; n < MACHINE_STEPS; n++) {
    const machines = h.game.service.machines ?? {};
    const step = h.game.state.step;
    if (!step || h.game.state.result || !Object.keys(machines).length) return;
    const side = whoIsAwaited(h.game.state, h.game.ruleset).find((s) => machines[s]);
    if (!side) return;
    const player = machines[side];
    const seed = (await seedChain(h))[step.turn];
    let problem: string | null;
    let played: { text: string; draws: number } | null = null;
    try {
      played = playMachineSeat(h.game.ruleset, h.game.state, side, player, seed);
      problem = null;
    } catch (err) {
      // a player that fails (a bug, a player this build lacks) must not fail the command that opened the step
      problem = `failed: ${(err as Error).message}`;
    }
    if (played) {
      const { text, draws } = played;
      const outcome = await ordersOn(h, { gameId: h.game.gameId, side, text, via: machineAddress(player), machine: { player, draws } });
      if (outcome.status !== 'applied')
        problem = `wrote orders the rules refuse: ${(outcome.result as { error?: string }).error ?? 'refused'}`;
    }
    if (problem) {
      confirm(
        h,
        {},
        `MACHINE ${side} ${player}`,
        [
          `The machine player ${player} of ${side} ${problem} (${step.title}).`,
          'The step waits for its deadline (default orders apply); REPLACE hands the seat to a person.',
        ],
        h.deadline()?.at ?? null,
      );
      return;
    }
  }
}
