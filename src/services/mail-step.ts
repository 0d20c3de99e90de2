import { splitMessage } from '../engine/sections';
import type { StepInfo } from '../engine/ruleset';
import type { ParsedMessage } from '../mail/parse';
import type { Outbox } from '../store/outbox';
import type { GameRepository } from './game-repository';
import { payloadOf } from './service-events';

/** Where the step a mail's orders are for is looked up: the game, and the umpire's mail it replies to. */
export interface StepLookup {
  readonly games: Pick<GameRepository, 'load' | 'events'>;
  readonly outbox: Pick<Outbox, 'byMessageIds'>;
}

/** Marks the lines of a message before any FOR line (no step id contains a NUL). */
const DEFAULT_SECTION = '\u0000default';

export type StepTarget =
  | { readonly ok: true; readonly stepId?: string }
  | {
      readonly ok: false;
      readonly problem: string;
      readonly hint: string;
      readonly stepNow: string;
      readonly claimed: string;
    };

/**
 * The step a mail's orders are meant for, from what the mail says, strongest first: a body line
 * `TURN n`; a subject the sender wrote (`[umpire G-…] orders japanese turn 3`); the umpire's
 * message it replies to (In-Reply-To, then References, newest first: the step that was open
 * when that message was written); the turn in a reply's subject (`Re: … turn 3`), which was
 * copied from the umpire's message. A named turn is narrowed to the replied-to step when the
 * two agree. Orders whose lines all sit under `FOR <step>` lines name their own steps (the
 * engine checks those), and a mail naming nothing is for the step in play when it is applied.
 * Orders for a step that is over are refused here, naming that step and the step now open.
 */
export async function stepOfOrders(deps: StepLookup, mail: ParsedMessage, gameId: string, text: string): Promise<StepTarget> {
  if (!splitMessage(text, DEFAULT_SECTION).sections.some((x) => x.stepId === DEFAULT_SECTION)) return { ok: true };
  const game = await deps.games.load(gameId);
  const now = game.state.step;
  if (!now) return { ok: true }; // the game is over: the engine says so
  const replied = await repliedStep(deps, mail, gameId, game.state.step);
  const { directives, subjectInfo } = mail;
  const named =
    directives.turn !== undefined
      ? { turn: directives.turn, source: `your line "TURN ${directives.turn}"` }
      : subjectInfo.turn !== undefined && !subjectInfo.reply
        ? { turn: subjectInfo.turn, source: `your subject ("turn ${subjectInfo.turn}")` }
        : null;
  let claim: { turn: number; stepId?: string; source: string } | null;
  if (named)
    claim =
      replied && replied.turn === named.turn
        ? {
            ...replied,
            source: `${named.source}, in reply to the umpire's message about step ${replied.stepId}`,
          }
        : named;
  else if (replied) claim = { ...replied, source: `you replied to the umpire's message about step ${replied.stepId}` };
  else if (subjectInfo.turn !== undefined) claim = { turn: subjectInfo.turn, source: `your subject ("turn ${subjectInfo.turn}")` };
  else return { ok: true };

  const stepNow = `${now.id} (${now.title})`;
  if (claim.stepId === now.id || (claim.stepId === undefined && claim.turn === now.turn)) return { ok: true, stepId: now.id };
  const claimed = claim.stepId ?? `turn ${claim.turn}`;
  if (claim.stepId !== undefined || claim.turn < now.turn) {
    return {
      ok: false,
      claimed,
      stepNow: now.id,
      problem: `These orders are for ${claim.stepId ? `step ${claim.stepId}` : `turn ${claim.turn}`} (${claim.source}), which is over: the step now open is ${stepNow}. Nothing was changed.`,
      hint: `Read the latest report, then reply to it with orders for ${now.id}, or start your orders with the line "FOR ${now.id}".`,
    };
  }
  return {
    ok: false,
    claimed,
    stepNow: now.id,
    problem: `These orders are for turn ${claim.turn} (${claim.source}), which has not begun: the step now open is ${stepNow}, in turn ${now.turn}. Nothing was changed.`,
    hint: `Orders for a step to come go under a line "FOR <step id>" naming that step (each report's heading gives step ids); orders for the step now open need no TURN line, or "TURN ${now.turn}".`,
  };
}

/**
 * The step the umpire's message this mail replies to was about: the step open when it was
 * written (its outbox row's event sequence), which is the first step resolved after it, or the
 * step still in play. Null when the mail replies to nothing the umpire sent for this game.
 */
async function repliedStep(
  deps: StepLookup,
  mail: ParsedMessage,
  gameId: string,
  inPlay: StepInfo,
): Promise<{ stepId: string; turn: number } | null> {
  const ids = [...new Set([mail.inReplyTo, ...[...mail.references].reverse()].filter((id): id is string => !!id))];
  if (!ids.length) return null;
  const rows = await deps.outbox.byMessageIds(gameId, ids);
  const row = ids
    .map((id) => rows.find((r) => r.payload.messageId === `<${id}>` && typeof r.eventSeq === 'number'))
    .find((r) => r !== undefined);
  if (!row) return null;
  const resolved = payloadOf(
    (await deps.games.events.read(gameId, row.eventSeq)).find((e) => e.type === 'StepResolved'),
    'StepResolved',
  );
  return resolved ? { stepId: resolved.stepId, turn: resolved.turn } : { stepId: inPlay.id, turn: inPlay.turn };
}
