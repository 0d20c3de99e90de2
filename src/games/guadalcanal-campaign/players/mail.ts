/**
 * The Guadalcanal Campaign mail player (players.mail: `npm run demo -- --game guadalcanal-campaign`,
 * the in-process mail model), from its side's view alone (./mail-plan.ts).
 *
 * Skilled, it plays a day turn in one mail and a night in none (issue 31's target): its first mail
 * sends STANDING AIR AUTO (the air steps answered unasked, ../standing.ts), and each day's orders
 * mail sets the night's courses (STANDING NIGHT HOLD, NIGHT COURSE TF n TO c,r: each TF steams on
 * for where its day's move was bound), so the only step it is asked at is a day turn's TF orders. A newcomer
 * (DEMO_BOTS=newcomer) writes no STANDING or FOR line of its own: it answers the step its mail
 * asks and the sections the answer card offers (the day's CAP and search, its strikes: NO AIR
 * before any report), on the defaults in force (NIGHT HOLD). `plain` answers one step a mail with
 * no standing instructions of its own.
 */
import type { MailPlayer, PlayerMail, PlayerMemory, PlayerMode, PlayerTurn } from '../../../engine/players';
import { type GcOrder, formatGcOrders, isOrdersStep, isSearchStep } from '../orders';
import { isAm } from '../state';
import type { GcView } from '../view';
import { airPlan, movementPlan, targetsOf } from './mail-plan';

/** The side's orders at `stepId`, planned now: strikes sent ahead of the search report strike nothing (7.3: this turn's report). */
function ordersFor(view: GcView, stepId: string, inPlay: boolean): GcOrder[] {
  const step = { id: stepId };
  if (isOrdersStep(step)) return movementPlan(view);
  if (!inPlay && !isSearchStep(step)) return [{ kind: 'no-air' }];
  return airPlan(view, step);
}

const text = (orders: readonly GcOrder[]) => formatGcOrders(orders).trim() || 'NO AIR';

/** A newcomer's mail: the step its mail asks (no FOR line), then each section the card offers under its FOR word. */
function composeAsked({ view, step }: PlayerTurn<GcView>, asked: PlayerMemory['asked']): PlayerMail {
  const blocks = [orText(ordersFor(view, step.id, true), step.id)];
  const steps = [step.id];
  for (const a of asked ?? []) {
    if (a.stepId === step.id || !a.forWord) continue;
    blocks.push(`FOR ${a.forWord}\n${orText(ordersFor(view, a.stepId, false), a.stepId)}`);
    steps.push(a.stepId);
  }
  return { text: blocks.join('\n'), steps };
}

/** An orders step with no TF to order says so in a comment (an empty section would read as no answer). */
function orText(orders: readonly GcOrder[], stepId: string): string {
  if (orders.length) return text(orders);
  return isOrdersStep({ id: stepId }) ? '# no task force at sea: every TF holds' : 'NO AIR';
}

export function composeGcMail(turn: PlayerTurn<GcView>, memory: PlayerMemory): PlayerMail {
  if (memory.mode === 'newcomer') return composeAsked(turn, memory.asked);
  const { view, step } = turn;
  const text = `FOR ${step.id}\n${orText(ordersFor(view, step.id, true), step.id)}`;
  if (memory.mode === 'plain' || memory.plain || !isOrdersStep(step)) return { text, steps: [step.id] };
  return { text: [text, ...nightLines(view)].join('\n'), steps: [step.id] };
}

/** The night's standing missions: every TF holds but those bound somewhere, which steam on for it (3.4, 5.2). */
function nightLines(view: GcView): string[] {
  const courses = targetsOf(view).flatMap(({ tf, to }) => (to ? [`STANDING NIGHT COURSE TF ${tf.id} TO ${to.col},${to.row}`] : []));
  return ['STANDING NIGHT HOLD', ...courses];
}

/** Counts that show a game was played: TFs sighted, strikes launched (7.3), ships they sank (8.1, 9.1), landings, bombardments. */
function tally(events: readonly { readonly stepId: string; readonly type: string; readonly data: unknown }[]): Record<string, number> {
  const play = { sightings: 0, strikes: 0, shipsSunk: 0, unloaded: 0, bombardments: 0 };
  for (const { type, data } of events) {
    if (type === 'gcc.sighted') play.sightings += (data as { sightings: readonly unknown[] }).sightings.length;
    if (type === 'gcc.strike-launched') play.strikes++;
    if (type === 'gcc.strike-resolved') play.shipsSunk += (data as { sunk: readonly string[] }).sunk.length;
    if (type === 'gcc.unloaded') play.unloaded++;
    if (type === 'gcc.bombarded') play.bombardments++;
  }
  return play;
}

/** Skilled: the air steps answered by standing missions (its orders mails set the night's); plain and newcomer: none of their own. */
function standingLines(mode: PlayerMode): string {
  return mode === 'skilled' ? 'STANDING AIR AUTO' : '';
}

export const gcMailPlayer: MailPlayer<GcView> = {
  compose: composeGcMail,
  standing: (_side, mode) => standingLines(mode === true ? 'plain' : mode === false || mode === undefined ? 'skilled' : mode),
  mailboxes: { american: 'gc-american', japanese: 'gc-japanese' },
  // the demo plays the shortest scenario (4 turns, 10.3) twice: two-player, then solitaire against the computer Japanese (11.0)
  demoOptions: { scenario: 'eastern-solomons' },
  demoAlso: [{ mode: 'solitaire' }],
  // 3.3, 3.4: AM turns are day turns, PM turns night turns
  isDay: isAm,
  tally,
};
