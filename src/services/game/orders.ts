import { randomBytes } from 'node:crypto';
import { CommandRejected, openPlaintext, type RefusedSection, whoIsAwaited } from '../../engine/game';
import { standingChanges } from '../../engine/standing';
import { forWordOf } from '../../engine/arrival';
import { sectionNotes } from '../../engine/order-notes';
import type { CommandOutcome } from '../../store/commands';
import type { Sql } from '../../store/db';
import type { Notice } from '../../mail/notices';
import type { OrdersInput } from '../game-ports';
import { noticeBase, rejectionNotice, stepNeeds } from '../notice-builders';
import { advanceIfReady, openDeadline, reportsFor } from './flow';
import { engineToNew, rejected, type GameHandler, type Handling } from './handler';
import { holds } from '../service-state';
import { holdEvent } from './wait';

/**
 * A side's orders: the engine checks them (a refusal changes nothing but a reply naming each
 * problem), seals a simultaneous step's orders, and takes orders sent ahead; a step nobody is
 * awaited at any more is adjudicated at once. The side is told what was understood (its ack);
 * every side gets its report if the step resolved. With WAIT (`wait`) the orders are held: they do
 * not complete the step until CONFIRM or the deadline (wait.ts), and the acknowledgment says so.
 */
export async function submitOrders(
  handler: GameHandler,
  tx: Sql,
  input: OrdersInput & { readonly wait?: boolean },
): Promise<CommandOutcome> {
  return handler.run(tx, input.gameId, (h) => ordersOn(h, input));
}

/** submitOrders on a game already open (a machine seat's orders go this way too: machine-seats.ts). */
export async function ordersOn(h: Handling, input: OrdersInput & { readonly wait?: boolean }): Promise<CommandOutcome> {
  const seat = h.game.state.game?.sides.find((s) => s.side === input.side);
  if (!seat) return rejected(`game ${input.gameId} has no side ${input.side}`);
  // what counts is when the orders arrived, not when they are read (docs/mail-commands.md)
  const late = lateArrival(h, input);
  if (late) {
    h.notify(rejectionNotice(h.game, seat, late, input.via, h.deadline()?.at ?? null));
    return rejected(late.message, late);
  }
  const salt = randomBytes(16).toString('hex');
  // one message may seal several steps' orders (FOR sections): keep each plaintext for the ack
  const sealedPlaintexts: string[] = [];
  const seal = (plain: string) => {
    sealedPlaintexts.push(plain);
    return h.env.orders.seal(plain);
  };
  // FOR sections refused as they arrived (engine/arrival.ts): the rest stands, the ack says why
  const refusedAhead: RefusedSection[] = [];
  const standingBefore = h.game.state.standing[input.side]?.text ?? '';
  const decision = h.decide({
    type: 'SubmitOrders',
    refusedAhead: (r) => refusedAhead.push(r),
    side: input.side,
    text: input.text,
    stepId: input.stepId,
    salt,
    // the orders were received when they arrived (the log's receivedAt), not when they were read
    now: input.arrivedAt ?? h.now.toISOString(),
    seal,
  });
  if (!decision.ok) {
    h.notify(
      rejectionNotice(h.game, seat, decision.rejection, input.via, h.deadline()?.at ?? null, {
        ...(input.ignored?.length ? { setAside: input.ignored } : {}),
        ...(input.source ? { source: input.source } : {}),
      }),
    );
    return rejected(decision.rejection.message, decision.rejection);
  }
  // a machine seat's orders name their player and its count of draws (machine-seats.ts)
  await h.append(
    decision.events.map((e) => {
      const event = engineToNew(input.side, input.via)(e);
      return input.machine ? { ...event, metadata: { ...event.metadata, machine: input.machine } } : event;
    }),
  );
  // WAIT with the orders: held for the step in play (if it asks for them) until CONFIRM or the deadline
  const inPlay = h.game.state.step;
  if (input.wait && inPlay?.owes.includes(seat.side) && !holds(h.game.service, seat.side, inPlay.id))
    await h.append([holdEvent(seat.side, inPlay.id, input.via)]);
  const submitted = decision.events.find((e) => e.type === 'OrdersSubmitted' || e.type === 'OrdersAccepted');
  const standing = decision.events.find((e) => e.type === 'StandingInstructionsSet');
  const before = h.game.head.version;
  const stepBefore = h.game.state.step?.id;
  // the acknowledgment speaks of the step the orders were for, as it stood when they arrived
  const forStep = stepNeeds(h.game, await openDeadline(h));
  const ahead = new Map((h.game.ruleset.upcomingSteps?.(h.game.state.rules) ?? []).map((st) => [st.id, st]));
  const wordOf = (stepId: string) => {
    const step = ahead.get(stepId);
    return step ? forWordOf(h.game.ruleset, step) : stepId;
  };
  // the board and the step the orders met, for what the ack says under each step's orders (ordersNote)
  const boardBefore = h.game.state.rules;
  const stepInPlay = h.game.state.step;
  await advanceIfReady(h);
  const sealedHere = sealedPlaintexts.map(openPlaintext).find((p) => p.stepId === stepBefore);
  const understood = submitted?.type === 'OrdersAccepted' ? submitted.data.orders : (sealedHere?.orders ?? []);
  // each step of a multi-step mail as understood: its title and its orders in canonical form
  const queued = decision.events.flatMap((e) => {
    if (e.type !== 'OrdersQueued') return [];
    const plain = sealedPlaintexts.map(openPlaintext).find((p) => p.stepId === e.data.stepId);
    const step = ahead.get(e.data.stepId);
    const word = wordOf(e.data.stepId);
    return [
      {
        stepId: e.data.stepId,
        commitment: e.data.commitment,
        ...(step ? { title: step.title } : {}),
        ...(word !== e.data.stepId ? { forWord: word } : {}),
        ...(plain ? { orders: h.game.ruleset.formatOrders(plain.orders) } : {}),
        plain: plain && step ? { step, orders: plain.orders } : null,
      },
    ];
  });
  // in the order the sections were read: the step in play, then each step to come
  const noted = [
    ...(submitted && stepInPlay ? [{ step: stepInPlay, orders: understood }] : []),
    ...queued.flatMap((q) => (q.plain ? [q.plain] : [])),
  ];
  const notes = sectionNotes(h.game.ruleset, boardBefore, seat.side, noted);
  const noteOf = (step: unknown) => {
    const n = notes[noted.findIndex((x) => x.step === step)] ?? [];
    return n.length ? { notes: n } : {};
  };
  const deadline = await openDeadline(h);
  const game = h.game;
  const ack: Notice = {
    ...noticeBase(game, seat.side, seat.player.address, `ack:${stepBefore ?? 'none'}`),
    kind: 'ack',
    ...(input.ignored?.length ? { ignored: input.ignored } : {}),
    ...(input.source ? { source: input.source } : {}),
    ordersText: submitted ? game.ruleset.formatOrders(understood) : '',
    commitment: submitted?.type === 'OrdersSubmitted' ? submitted.data.commitment : null,
    standing: standing?.type === 'StandingInstructionsSet' ? standing.data.text : null,
    // standing instructions are told only where the mail changed them
    ...(standing?.type === 'StandingInstructionsSet' ? { standingChanged: standingChanges(standingBefore, standing.data.text) } : {}),
    ...(refusedAhead.length ? { refusedAhead: refusedAhead.map((r) => ({ ...r, forWord: wordOf(r.stepId) })) } : {}),
    needs: forStep,
    resolved: game.state.step?.id !== stepBefore,
    ...(submitted ? noteOf(stepInPlay) : {}),
    queued: queued.map(({ plain, ...q }) => ({ ...q, ...noteOf(plain?.step) })),
    ...(holds(game.service, seat.side, stepBefore) ? { held: true } : {}),
  };
  const reports = game.head.version > before ? await reportsFor(h, before, deadline) : [];
  // orders that completed their step: the side's report says what was taken (the whole acknowledgment:
  // orders queued, a section refused, standing changes, lines set aside), in one mail instead of two
  const own = reports.findIndex((n) => n.kind === 'report' && n.side === seat.side && n.to === seat.player.address);
  if (ack.kind === 'ack' && ack.resolved && own >= 0 && !ack.source) {
    const report = reports[own];
    if (report.kind === 'report')
      reports[own] = {
        ...report,
        taken: { stepTitle: forStep?.title ?? stepBefore ?? '', orders: ack.ordersText, standing: ack.standing, ack },
      };
  } else h.notify(ack);
  h.notify(...reports);
  return {
    status: 'applied',
    result: { version: game.head.version, step: game.state.step?.id ?? null, awaiting: whoIsAwaited(game.state, game.ruleset) },
  };
}

/**
 * Orders for the step in play that arrived after its deadline, grace included (the instant the
 * default orders apply): refused, even when the deadline has not been carried out yet. Orders
 * without an arrival (the command line), for a later step, or while the game is paused (no
 * deadline runs) are not judged by time.
 */
function lateArrival(h: Handling, input: OrdersInput): CommandRejected | null {
  const step = h.game.state.step;
  if (!input.arrivedAt || !step || (input.stepId !== undefined && input.stepId !== step.id)) return null;
  const set = h.deadline(step.id);
  const closes = set ? (set.graceUntil ?? set.at) : null;
  if (!closes || Date.parse(input.arrivedAt) <= Date.parse(closes)) return null;
  return new CommandRejected(
    'wrong-step',
    `Your orders arrived at ${new Date(input.arrivedAt).toISOString()}, after the deadline of ${step.title} (${new Date(closes).toISOString()}${set?.graceUntil && set.graceUntil !== set.at ? ', grace included' : ''}), so the default orders apply to it. Nothing was changed.`,
  );
}
