/**
 * The A&A Guadalcanal mail player (the demo's bots (`npm run demo -- --game aa-guadalcanal`) write as
 * a skilled mail player would: the first mail of a phase gives the step in play and, in FOR sections
 * named as players name them (`FOR BATTLESHIPS`, `FOR FIGHTERS`, `FOR BOMBARD`), the side's later
 * steps of that phase, each drawn from the board its own earlier orders leave (the rules' own
 * adjudication run on a copy, every die a miss: the bot plans, the umpire rolls). The turn's first
 * mail also carries `FOR LANDING` NONE (the umpire lands the air units: REG.2) and a fresh `HITS`
 * list (ATK.cargo): on a 2 its own units, empty ones first; on a 1 the enemy's, loaded ones first.
 * Submarine attacks are only ordered for the step in play (their targets move in between).
 */
import type { MailPlayer, PlayerMail, PlayerMemory, PlayerTurn } from '../../../engine/players';
import type { Dice, StepInfo } from '../../../engine/ruleset';
import { evolveGuadalcanal } from '../evolve';
import { formatOrders } from '../orders';
import { randomGuadalcanalOrders } from '../random';
import { adjudicateGuadalcanal, owes, upcomingStepsOf } from '../rules';
import { defOf } from '../steps';
import type { GSide, GState, Order } from '../types';
import type { GuadalcanalView } from '../view';
import { cargoOf, costOf, isSea } from '../world';

/** The phase a step belongs to: `mov`, `hid`, `cmb` or `reg` (t3/cmb/2-fire/axis -> cmb). */
const phaseOf = (id: string) => id.split('/')[1];
/** Advantage steps (coast watchers, quick drop, command decision) are answered when asked. */
const ADVANTAGE_STEP = /\/(mov\/9-watched|mov\/10-quick-drop|cmb\/0-command)\//;
/**
 * Decisions the standing instructions answer (never sent ahead): the combat decisions zone by zone
 * (`t3/cmb/2-sea/J/axis`, `t3/cmb/4-land/order-2/axis`) and a submarine step's later decisions.
 */
const STANDING_ANSWERS = /\/cmb\/(2-sea|4-land)\/[^/]+\/(axis|allies)$|\/(mov\/6-submarines|hid\/3-subs)\/\d+\//;

/**
 * The bots' standing instructions (standing.ts), sent once with their first mail: zones in board
 * order, every ranged unit into the first attack it can reach, bombers against airfields when
 * there are land units too, and each submarine not ordered attacks the best target in its zone.
 */
export const BOT_STANDING = [
  'STANDING ZONES BOARD',
  'STANDING RANGED FIRST',
  'STANDING AIRFIELDS BOMBERS',
  'STANDING TORPEDOES TR CV BB CA DD SS PT',
].join('\n');
const MISSES: Dice = { d6: () => 6 };

/** The bot's casualty priority (ATK.cargo): own units least loaded first, then enemy units most loaded first. */
export function hitsLine(s: GState, side: GSide): string {
  const load = (id: string) => cargoOf(s, id).reduce((sum, c) => sum + costOf(s, c.type), 0);
  const by = (mine: boolean, sign: number) =>
    s.pieces
      .filter((p) => (p.side === side) === mine && p.type !== 'SUP' && p.zone !== 'damaged' && p.on === null)
      .map((p) => ({ id: p.id, load: load(p.id) }))
      .filter((p) => p.load > 0 || mine)
      .sort((a, b) => sign * (a.load - b.load) || (a.id < b.id ? -1 : 1))
      .map((p) => p.id);
  // only units whose choice can matter: own units (give the empty first), enemy carriers with cargo
  const own = by(true, 1).filter((id) => /^(TR|DD|CV)\d+$/.test(id));
  const enemy = by(false, -1);
  return own.length || enemy.length ? `HITS ${[...own, ...enemy].join(' ')}` : 'HITS DEFAULT';
}

/** Plays `orders` for `step` on a copy of the state; null when the rules refuse them. */
function predict(s: GState, step: StepInfo, side: GSide, orders: readonly Order[]): GState | null {
  let next = s;
  try {
    adjudicateGuadalcanal(
      s,
      { ...step, owes: [side] },
      { [side]: orders },
      {
        dice: MISSES,
        emit: (e) => {
          next = evolveGuadalcanal(next, e);
        },
      },
    );
  } catch {
    return null;
  }
  return next;
}

const sectionOf = (step: StepInfo) => defOf(step).section ?? step.id;

/** The mail of `side` answering `step` (the step in play), with its later steps of the phase in FOR sections: from the side's view alone. */
export function composeGuadalcanalMail(
  { view, side, step, dice: rng }: PlayerTurn<GuadalcanalView>,
  { sentAhead }: PlayerMemory,
): PlayerMail {
  const s = view.position;
  const me = side as GSide;
  // the bot keeps its own casualty priority (hitsLine): the random player's HITS lines are left out
  const random = (st: GState, at: StepInfo) => randomGuadalcanalOrders(st, me, at, rng).filter((o) => o.kind !== 'hits') as Order[];
  const now = random(s, step);
  const blocks: string[] = [];
  const steps = [step.id];
  // a HITS list only rides with a step the side plays alone (ATK.cargo: a simultaneous step's orders are revealed)
  const firstOfTurn = step.mode === 'sequential' && !sentAhead.has(`t${step.turn}:hits`);
  if (firstOfTurn) sentAhead.add(`t${step.turn}:hits`);
  // the step in play by its id: the bot reads the board before its report comes, and a reply to an
  // earlier mail would otherwise be taken for that mail's step
  const standing = !sentAhead.has('standing') ? BOT_STANDING : '';
  if (standing) sentAhead.add('standing');
  blocks.push([`FOR ${step.id}`, firstOfTurn ? hitsLine(s, me) : '', formatOrders(now) || 'NONE', standing].filter(Boolean).join('\n'));
  const later = upcomingStepsOf(s).filter(
    (u) => u.owes.includes(me) && !sentAhead.has(u.id) && !ADVANTAGE_STEP.test(u.id) && !STANDING_ANSWERS.test(u.id),
  );
  let board = predict(s, step, me, now);
  for (const u of later.filter((x) => phaseOf(x.id) === phaseOf(step.id))) {
    if (!board) break;
    // a step the bot's own earlier orders leave it no choice in is not asked: nothing to send ahead
    if (!owes(board, defOf(u), me)) continue;
    const submarines = defOf(u).kind.kind === 'move' && (defOf(u).kind as { type?: string }).type === 'SS';
    // submarines: the ones with no target where they are move; the rest stay and attack by the standing TORPEDOES
    const b = board;
    const quiet = (id: string) => {
      const sub = b.pieces.find((x) => x.id === id);
      return !!sub && !b.pieces.some((e) => e.side !== me && e.zone === sub.zone && isSea(e));
    };
    const orders = random(board, u).filter((o) => o.kind !== 'attack' && (!submarines || (o.kind === 'move' && quiet(o.unit))));
    if (submarines && !orders.length) continue;
    board = predict(board, u, me, orders);
    if (!board) break;
    blocks.push(`FOR ${sectionOf(u)}\n${formatOrders(orders) || 'NONE'}`);
    steps.push(u.id);
    sentAhead.add(u.id);
  }
  const landing = later.find((u) => /\/reg\/2-land$/.test(u.id));
  if (landing && firstOfTurn) {
    blocks.push(`FOR ${sectionOf(landing)}\nNONE`);
    steps.push(landing.id);
    sentAhead.add(landing.id);
  }
  return { text: blocks.join('\n'), steps };
}

/**
 * A newcomer's mail (DEMO_BOTS=newcomer, issue 28): the steps the umpire's mail asks for and no
 * other, the step in play first without a FOR line, each later one under the FOR line the card
 * gives it, each drawn from the board the earlier ones leave; no HITS list and no standing
 * instructions of its own (the game's defaults answer the decisions).
 */
export function composeAskedGuadalcanal(
  { view, side, step, dice: rng }: PlayerTurn<GuadalcanalView>,
  asked: PlayerMemory['asked'],
): PlayerMail {
  const s = view.position;
  const me = side as GSide;
  const random = (st: GState, at: StepInfo) => randomGuadalcanalOrders(st, me, at, rng).filter((o) => o.kind !== 'hits') as Order[];
  const now = random(s, step);
  const blocks = [formatOrders(now) || 'NONE'];
  const steps = [step.id];
  let board = predict(s, step, me, now);
  for (const u of upcomingStepsOf(s).filter((x) => x.id !== step.id && asked?.some((a) => a.stepId === x.id))) {
    if (!board) break;
    if (!owes(board, defOf(u), me)) continue;
    const orders = random(board, u).filter((o) => o.kind !== 'attack');
    board = predict(board, u, me, orders);
    if (!board) break;
    blocks.push(`FOR ${asked?.find((a) => a.stepId === u.id)?.forWord ?? sectionOf(u)}\n${formatOrders(orders) || 'NONE'}`);
    steps.push(u.id);
  }
  return { text: blocks.join('\n'), steps };
}

/** The demo's A&A players: this mail, no standing instructions beyond the HITS lists it sends; mailboxes of their own. */
export const guadalcanalMailPlayer: MailPlayer<GuadalcanalView> = {
  compose: (turn, memory) =>
    memory.mode === 'newcomer' ? composeAskedGuadalcanal(turn, memory.asked) : composeGuadalcanalMail(turn, memory),
  standing: () => '',
  mailboxes: { axis: 'aa-axis', allies: 'aa-allies' },
};
