/**
 * The Coral Sea mail player (players.mail: `npm run demo -- --game coral-sea-solitaire`, the
 * in-process mail model), from the USN's view alone. Skilled, it plays a day turn in two mails and
 * a night in one (the target): the morning mail answers the step in play (the command
 * phase, or the deployment on turn 1) and carries, in FOR sections, the CP line, the intelligence
 * rolls and the moves of the turn; the air mail follows the movement report; standing instructions
 * (sent with its first mail) answer assignment, bombardment, logistics and the decisions in combat.
 * `plain`, it is a newcomer who answers only the step it is asked, one step a mail, with standing
 * instructions that leave every step but movement and air to its documented default: two mails a
 * day as well, thanks to the defaults.
 */
import type { MailPlayer, PlayerMail, PlayerMemory, PlayerTurn } from '../../../engine/players';
import { isDay } from '../steps';
import type { CoralOrder, StaffSlots } from '../types';
import type { CoralView } from '../view';
import { airPlan, allocationPlan, deploymentPlan, intelligencePlan, movementPlan } from './bot';
import { formatOrders } from './format';
import { rowById, rowOfStep } from './rows';

const SKILLED = [
  'DEFAULT ORGANIZATION, TRANSFER, LAND',
  'ASSIGN AS COMMITTED',
  'BOMBARD ALWAYS',
  'REFIT CARRIERS FIRST',
  'REFUEL ALL',
  'REST ALL',
  'LOSSES FIGHTERS LAST',
  'SCREEN MAX',
  'INTEL PREFER REVEAL',
  'LEADERSHIP TACTICAL',
];

const NEWCOMER = [
  'CP ORG 0 INTEL 0 OPS 10 LOG 10',
  'DEFAULT ORGANIZATION, TRANSFER, INTELLIGENCE, ASSIGN, BOMBARD, LOGISTICS, LOSSES, SCREEN, LEADERSHIP, CHOICE, LAND',
];

/** The view as the player's own orders leave it: TFs deployed where it placed them (for planning the moves sent ahead). */
function afterDeployment(v: CoralView, orders: readonly CoralOrder[]): CoralView {
  const at = new Map(orders.flatMap((o) => (o.kind === 'deploy' ? [[o.tf, o.hex] as const] : [])));
  if (!at.size) return v;
  return { ...v, taskForces: v.taskForces.map((tf) => (at.has(tf.id) ? { ...tf, hex: at.get(tf.id) as string } : tf)) };
}

/** 9a from the view: carriers with air in recovery refitted, TFs at sea refuelled at night, while Logistics pay. */
function logisticsPlan(v: CoralView): CoralOrder[] {
  let cp = v.cp?.slots.logistics ?? 0;
  const out: CoralOrder[] = [];
  for (const home of new Set(v.air.filter((a) => a.side === 'usn' && a.box === 'recovery').map((a) => a.home))) {
    if (cp < 1) break;
    out.push({ kind: 'refit', at: home.replace(/^usn:/, '') });
    cp--;
  }
  const ports = new Set(v.bases.filter((b) => b.side === 'usn').map((b) => b.hex));
  if (!v.day)
    for (const tf of v.taskForces.filter((t) => t.side === 'usn' && t.hex !== null && !t.gone && !ports.has(t.hex))) {
      if (cp < 1) break;
      out.push({ kind: 'refuel', tf: tf.id });
      cp--;
    }
  return out;
}

/** The player's orders for a step of row `row`; `slots` is the day's allocation when it is being sent in the same mail. */
function ordersFor(v: CoralView, row: string, slots?: StaffSlots): CoralOrder[] {
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
      return [{ kind: 'leadership', use: false }];
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

/** The mail of the USN answering `step`: from its view alone. */
export function composeCoralMail({ view, step }: PlayerTurn<CoralView>, memory: PlayerMemory): PlayerMail {
  const row = rowOfStep(step.id)?.id ?? '';
  let v = view;
  const now = ordersFor(v, row);
  const blocks = [`FOR ${step.id}\n${text(now)}`];
  const steps = [step.id];
  if (memory.plain) return { text: blocks.join('\n'), steps };
  v = afterDeployment(v, now);
  // turn 1's deployment mail carries turn 1's morning (its step ids are t1/...)
  let slots = now.find((o): o is Extract<CoralOrder, { kind: 'allocate' }> => o.kind === 'allocate')?.slots;
  for (const r of aheadOf(row, isDay(step.turn))) {
    const id = `t${step.turn}/${r}`;
    if (memory.sentAhead.has(id)) continue;
    const orders = ordersFor(v, r, slots);
    if (r === 'command-decision') slots = (orders[0] as Extract<CoralOrder, { kind: 'allocate' }>).slots;
    blocks.push(`FOR ${rowById(r)?.for}\n${text(orders)}`);
    steps.push(id);
    memory.sentAhead.add(id);
  }
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

export const coralMailPlayer: MailPlayer<CoralView> = {
  compose: composeCoralMail,
  standing: (_side, plain) => (plain ? NEWCOMER : SKILLED).map((l) => `STANDING ${l}`).join('\n'),
  mailboxes: { usn: 'coral-usn' },
  tally,
};
