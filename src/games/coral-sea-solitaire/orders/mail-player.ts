/**
 * The Coral Sea mail player (players.mail: `npm run demo -- --game coral-sea-solitaire`, the
 * in-process mail model), from the USN's view alone. Skilled, it plays a day turn in two mails and
 * a night in one (the target): the morning mail answers the step in play (the command
 * phase, or the deployment on turn 1) and carries, in FOR sections, the intelligence rolls and the
 * moves of the turn; the air mail follows the movement report; its standing instructions (sent
 * with its first mail) ask for the command decision every day (STANDING ASK COMMAND) and answer
 * bombardment, logistics and the decisions in combat its own way. A newcomer (DEMO_BOTS=newcomer)
 * writes no STANDING or FOR line of its own: it answers the step its mail asks and the sections the
 * answer card offers, and leaves the rest to the defaults in force from the start
 * (./standing-kinds.ts). `plain` answers one step a mail, with standing instructions that leave
 * every step but movement and air to its documented default (the figures before issue 28).
 */
import type { MailPlayer, PlayerMail, PlayerMemory, PlayerMode, PlayerTurn } from '../../../engine/players';
import { isDay } from '../steps';
import type { CoralOrder, StaffSlots } from '../types';
import type { CoralView } from '../view';
import {
  airPlan,
  allocationPlan,
  chitFunctions,
  deploymentPlan,
  intelligencePlan,
  leadershipLine,
  logisticsPlan,
  movementPlan,
} from './bot';
import { DEFAULT_SLOTS } from './defaults';
import { formatOrders } from './format';
import { rowById, rowOfStep } from './rows';

/**
 * Skilled: asked for the CP every day (its own allocation, 7.3); the rest answered its own way. Its
 * LEADERSHIP line is no fixed one: each morning mail sends the one the turn's situation calls for
 * (./bot.ts chitFunctions).
 */
const SKILLED = [
  'ASK COMMAND',
  'BOMBARD ALWAYS',
  'REFIT CARRIERS FIRST',
  'REFUEL ALL',
  'REST ALL',
  'LOSSES FIGHTERS LAST',
  'SCREEN MAX',
  'INTEL PREFER REVEAL',
];

/** Plain (before issue 28): every step but deployment, movement and air left to its default, no intelligence. */
const PLAIN = [
  'CP ORG 0 INTEL 0 OPS 10 LOG 10',
  ...['ORGANIZATION', 'TRANSFER', 'INTELLIGENCE', 'ASSIGN', 'BOMBARD', 'LOGISTICS', 'LOSSES', 'SCREEN', 'LEADERSHIP', 'CHOICE', 'LAND'].map(
    (w) => `${w} DEFAULT`,
  ),
];

/** The view as the player's own orders leave it: TFs deployed or moved where it sent them (for planning the steps sent ahead). */
function afterOrders(v: CoralView, orders: readonly CoralOrder[]): CoralView {
  const at = new Map(
    orders.flatMap((o) => (o.kind === 'deploy' ? [[o.tf, o.hex] as const] : o.kind === 'move' && o.to ? [[o.tf, o.to] as const] : [])),
  );
  if (!at.size) return v;
  return { ...v, taskForces: v.taskForces.map((tf) => (at.has(tf.id) ? { ...tf, hex: at.get(tf.id) as string } : tf)) };
}

/**
 * The player's orders for step `stepId` (of row `row`); `slots` is the day's allocation when it is
 * being sent in the same mail.
 */
function ordersFor(v: CoralView, stepId: string, row: string, slots?: StaffSlots): CoralOrder[] {
  const intel = slots?.intelligence ?? v.cp?.slots.intelligence ?? 0;
  switch (row) {
    case 'deployment':
      return deploymentPlan(v);
    case 'command-decision':
      return [{ kind: 'allocate', slots: allocationPlan(v) }];
    case 'intelligence':
      // by day half the slot, the rest at night (7.2: the CP last the day and the following night)
      return intelligencePlan(v, v.day ? Math.ceil(intel / 2) : intel);
    case 'movement-usn':
      return movementPlan(v);
    case 'air-missions':
      return airPlan(v);
    case 'air-assign':
      return [{ kind: 'assign-committed' }];
    case 'logistics-usn':
      return logisticsPlan(v);
    case 'screen':
      return [];
    case 'leadership':
      // `t5/leadership/air` asks about the air attacks' chit (8.4)
      return [{ kind: 'leadership', use: chitFunctions(v).includes(stepId.split('/').slice(2).join('/')) }];
    case 'intelligence-choice':
      return v.intelChoice ? [{ kind: 'intelligence-choice', choice: v.intelChoice.identify.length ? 'identify' : 'reveal' }] : [];
    case 'bombard-usn': {
      const bases = v.bases.filter((b) => b.side === 'ijn' && v.taskForces.some((t) => t.side === 'usn' && t.hex === b.hex));
      return bases.length ? bases.map((b) => ({ kind: 'bombard', base: b.id, with: [] })) : [{ kind: 'no-bombard' }];
    }
    default:
      return [];
  }
}

/** The rows a skilled player sends ahead from a step of row `row` (the morning mail carries the turn up to the moves). */
function aheadOf(row: string, day: boolean): string[] {
  const morning = day ? ['command-decision', 'intelligence', 'movement-usn'] : ['intelligence', 'movement-usn'];
  const at = row === 'deployment' ? -1 : morning.indexOf(row);
  if (row !== 'deployment' && at < 0) return [];
  return morning.slice(at + 1);
}

const text = (orders: readonly CoralOrder[]) => formatOrders(orders).trim() || 'NONE';

/**
 * A newcomer's mail: the step its mail asks, then each section the answer card offers under the
 * FOR word the card gives it, each planned on the board the earlier ones leave. On turn 1 the CP
 * are not shared yet: it counts on the default allocation the welcome names (7.3).
 */
function composeAsked({ view, step }: PlayerTurn<CoralView>, asked: PlayerMemory['asked']): PlayerMail {
  let v = view;
  const row = rowOfStep(step.id)?.id ?? '';
  const slots = row === 'deployment' ? DEFAULT_SLOTS : undefined;
  const first = ordersFor(v, step.id, row, slots);
  const blocks = [text(first)];
  const steps = [step.id];
  v = afterOrders(v, first);
  for (const a of asked ?? []) {
    if (a.stepId === step.id || !a.forWord) continue;
    const orders = ordersFor(v, a.stepId, rowOfStep(a.stepId)?.id ?? '', slots);
    blocks.push(`FOR ${a.forWord}\n${text(orders)}`);
    steps.push(a.stepId);
    v = afterOrders(v, orders);
  }
  return { text: blocks.join('\n'), steps };
}

/** The mail of the USN answering `step`: from its view alone. */
export function composeCoralMail(turn: PlayerTurn<CoralView>, memory: PlayerMemory): PlayerMail {
  if (memory.mode === 'newcomer') return composeAsked(turn, memory.asked);
  const { view, step } = turn;
  const row = rowOfStep(step.id)?.id ?? '';
  let v = view;
  const now = ordersFor(v, step.id, row);
  const blocks = [`FOR ${step.id}\n${text(now)}`];
  const steps = [step.id];
  if (memory.plain || memory.mode === 'plain') return { text: blocks.join('\n'), steps };
  v = afterOrders(v, now);
  // turn 1's deployment mail carries turn 1's morning (its step ids are t1/...)
  let slots = now.find((o): o is Extract<CoralOrder, { kind: 'allocate' }> => o.kind === 'allocate')?.slots;
  for (const r of aheadOf(row, isDay(step.turn))) {
    const id = `t${step.turn}/${r}`;
    if (memory.sentAhead.has(id)) continue;
    const orders = ordersFor(v, id, r, slots);
    if (r === 'command-decision') slots = (orders[0] as Extract<CoralOrder, { kind: 'allocate' }>).slots;
    blocks.push(`FOR ${rowById(r)?.for}\n${text(orders)}`);
    steps.push(id);
    memory.sentAhead.add(id);
    v = afterOrders(v, orders);
  }
  // the morning mail (the one with the moves) says where the turn's chits go, the board as its moves leave it
  if (steps.some((id) => rowOfStep(id)?.id === 'movement-usn')) blocks.push(leadershipLine(v));
  return { text: blocks.join('\n'), steps };
}

/** Counts that show a model game was played: intelligence rolls, ships sunk or crippled each side, VP at the end. */
function tally(events: readonly { readonly stepId: string; readonly type: string; readonly data: unknown }[]): Record<string, number> {
  const play: Record<string, number> = { intelligence: 0, ijnShipsLost: 0, usnShipsLost: 0, usnVp: 0, ijnVp: 0 };
  for (const { type, data } of events) {
    if (type === 'coral.intelligence') play.intelligence++;
    if (type === 'coral.ship.status') {
      const d = data as { ship: string; to: string };
      if (d.to === 'sunk' || d.to === 'crippled') play[d.ship.startsWith('ijn:') ? 'ijnShipsLost' : 'usnShipsLost']++;
    }
    if (type === 'coral.vp') {
      const d = data as { side: string; points: number };
      play[d.side === 'usn' ? 'usnVp' : 'ijnVp'] += d.points;
    }
  }
  return play;
}

/** The standing instructions sent with the first mail: none for a newcomer (the defaults in force serve it). */
function standingLines(mode: PlayerMode): string {
  const lines = mode === 'newcomer' ? [] : mode === 'plain' ? PLAIN : SKILLED;
  return lines.map((l) => `STANDING ${l}`).join('\n');
}

export const coralMailPlayer: MailPlayer<CoralView> = {
  compose: composeCoralMail,
  standing: (_side, mode) => standingLines(mode === true ? 'plain' : mode === false || mode === undefined ? 'skilled' : mode),
  mailboxes: { usn: 'coral-usn' },
  tally,
};
