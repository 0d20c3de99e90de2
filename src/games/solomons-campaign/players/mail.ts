/**
 * The Solomons Campaign mail player (players.mail: `npm run demo -- --game solomons-campaign`, the
 * in-process mail model), from its side's view alone (./mail-plan.ts). A turn is a Planning Phase
 * (CP and forces), 28 Execution Phases of two Operations Phases each (4.7), and the Logistics Phase:
 * an Operations Phase asks the side only when it has no plan or a trigger of its plan fires
 * (rules/plans.ts), so a player whose plan covers the turn and asks nothing mails no Operations Phase.
 *
 * Skilled, a turn takes one or two mails: the CP mail carries the forces ahead (`FOR t3/forces`)
 * and, when the turn's Operations Phases would do nothing but follow a plan, the PLAN lines with
 * them (no trigger: nothing is asked); when a TF has cargo to load or an attack is to be made, it
 * sends no plan then and answers its first Operations Phase with the loads, the attacks and the
 * plan for the rest of the turn. Its first mail sends STANDING LOGISTICS ENTRENCH BUILD, which
 * answers every Logistics Phase (rules/standing.ts). A newcomer (DEMO_BOTS=newcomer) writes no
 * FOR line of its own: it answers what each mail asks and the sections its answer card offers (the
 * forces with the CP), forms no TF, and in its first Operations Phase sends every TF home by plan
 * and attacks where it can; its Logistics Phase orders nothing. `plain` answers one step a mail.
 */
import type { MailPlayer, PlayerMail, PlayerMemory, PlayerMode, PlayerTurn } from '../../../engine/players';
import { formatSolOrders, kindOfStep, type SolOrder } from '../orders';
import type { SolView } from '../view';
import { cpPlan, forcesPlan, logisticsPlan, opsPlan } from './mail-plan';

type Known = SolView['known'];

/**
 * The lines as a player writes them: a CP line names only the missions it gives CP (6.2: those left
 * out get 0), a supply line says what it spends. A player's line that repeats one of the umpire's
 * mail (its example, its default) next to another such line is read as quoted text (src/mail/known-text.ts):
 * orders that happen to equal the default are written in the player's own words, with a note of why, as a person would.
 */
const WHY: Partial<Record<SolOrder['kind'], (o: SolOrder) => string>> = {
  supply: (o) => (o.kind === 'supply' ? `${o.points / 3} Logistics CP` : ''),
  attack: () => 'with the supply there (28.3)',
  plan: (o) =>
    o.kind !== 'plan' ? '' : o.action === 'unload' ? 'carry the cargo ashore' : o.action === 'return' ? 'home to refit' : 'the rest stay',
};

function text(orders: readonly SolOrder[]): string {
  const lines = orders.map((o) => {
    if (o.kind === 'cp') {
      const given = (Object.entries(o.alloc) as [string, number][]).filter(([, n]) => n > 0);
      return given.length ? `CP ${given.map(([m, n]) => `${m === 'intel' ? 'INTEL' : m.toUpperCase()} ${n}`).join(' ')}` : 'CP LOG 0';
    }
    const why = WHY[o.kind]?.(o);
    return why ? `${formatSolOrders([o])}  # ${why}` : formatSolOrders([o]);
  });
  return lines.join('\n').trim() || 'NONE';
}

/** Plan lines only, for the forces mail: every TF's line as its first Operations Phase would write it. */
const plansOnly = (k: Known) => opsPlan(k, false).filter((o) => o.kind === 'plan');

/** The forces of a skilled player, with the plan for the turn when its Operations Phases need nothing else. */
function skilledForces(k: Known, alloc: ReturnType<typeof cpPlan>): SolOrder[] {
  const forces = forcesPlan(k, alloc, true).filter((o) => o.kind !== 'none');
  const formed = forces.some((o) => o.kind === 'tf');
  const wanted = formed || opsPlan(k, false).some((o) => o.kind === 'load' || o.kind === 'attack');
  const orders = wanted ? forces : [...forces, ...plansOnly(k)];
  return orders.length ? orders : [{ kind: 'none' }];
}

/** The side's orders at a step, as a player of `mode` writes them. */
function ordersFor(k: Known, stepId: string, plain: boolean): SolOrder[] {
  const kind = kindOfStep({ id: stepId });
  const alloc = k.cp ?? cpPlan(k);
  if (kind === 'cp') return [{ kind: 'cp', alloc: cpPlan(k) }];
  if (kind === 'forces') return plain ? forcesPlan(k, alloc, false) : skilledForces(k, alloc);
  if (kind === 'ops') return opsPlan(k, plain);
  if (kind === 'logistics') return logisticsPlan(k, plain);
  return [{ kind: 'none' }];
}

/** A newcomer's mail: the step its mail asks (no FOR line), then each section the card offers under its FOR word. */
function composeAsked({ view, step }: PlayerTurn<SolView>, asked: PlayerMemory['asked']): PlayerMail {
  const k = view.known;
  const blocks = [text(ordersFor(k, step.id, true))];
  const steps = [step.id];
  for (const a of asked ?? []) {
    if (a.stepId === step.id || !a.forWord) continue;
    blocks.push(`FOR ${a.forWord}\n${text(ordersFor(k, a.stepId, true))}`);
    steps.push(a.stepId);
  }
  return { text: blocks.join('\n'), steps };
}

export function composeSolMail(turn: PlayerTurn<SolView>, memory: PlayerMemory): PlayerMail {
  if (memory.mode === 'newcomer') return composeAsked(turn, memory.asked);
  const { view, step } = turn;
  const k = view.known;
  const blocks = [`FOR ${step.id}\n${text(ordersFor(k, step.id, false))}`];
  const steps = [step.id];
  // the CP mail carries the forces (1B-1C) ahead, planned on the allocation it makes
  const forces = step.id.replace(/\/cp$/, '/forces');
  if (kindOfStep(step) === 'cp' && memory.mode !== 'plain' && !memory.plain && !memory.sentAhead.has(forces)) {
    blocks.push(`FOR ${forces}\n${text(skilledForces(k, cpPlan(k)))}`);
    steps.push(forces);
    memory.sentAhead.add(forces);
  }
  return { text: blocks.join('\n'), steps };
}

/** Counts that show a game was played: task forces formed, loads and landings (19.3-19.4), combats fought (14.1, 15.1, 28.1). */
function tally(events: readonly { readonly stepId: string; readonly type: string; readonly data: unknown }[]): Record<string, number> {
  const play = { tfsFormed: 0, loads: 0, landings: 0, groundAttacks: 0, surfaceCombats: 0, bombardments: 0, asked: 0 };
  for (const { type } of events) {
    if (type === 'sol.tf-formed') play.tfsFormed++;
    if (type === 'sol.loaded') play.loads++;
    if (type === 'sol.unloaded') play.landings++;
    if (type === 'sol.ground-attack') play.groundAttacks++;
    if (type === 'sol.surface-combat') play.surfaceCombats++;
    if (type === 'sol.bombarded') play.bombardments++;
    if (type === 'sol.plan-asked') play.asked++;
  }
  return play;
}

/**
 * Skilled: the Logistics Phase answered by a standing answer (rules/standing.ts: entrench where its
 * units meet the enemy, build where its engineers stand on supply), and no defensive air missions in
 * the enemy's phases (DEFENCE NONE: it is not asked each phase a carrier could counterstrike); plain
 * and newcomer: none of their own.
 * Ground combat's answers are the rules' defaults (rules/plans.ts GROUND_DEFAULTS).
 */
const standingLines = (mode: PlayerMode): string => (mode === 'skilled' ? 'STANDING LOGISTICS ENTRENCH BUILD\nSTANDING DEFENCE NONE' : '');

export const solMailPlayer: MailPlayer<SolView> = {
  compose: composeSolMail,
  standing: (_side, mode) => standingLines(mode === true ? 'plain' : mode === false || mode === undefined ? 'skilled' : mode),
  mailboxes: { japanese: 'sol-japanese', us: 'sol-us' },
  // the Short scenario (4.8: August I to November II, 8 turns), the game's default
  demoOptions: { scenario: 'short' },
  tally,
};
