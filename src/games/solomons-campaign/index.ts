/**
 * Solomons Campaign (World at War #2 redesign; issue 32) on the game contract: the box (box/: the
 * 50.0 charts as printed, the mapsheet and counters rebuilt), both scenarios, the sequence of play as
 * a step table (steps.ts), the fog of war (view.ts), every numbered rule (rules/, README maps each to
 * its code and cases) and the optional rules as game options (rules/options.ts).
 */
import { isAssaultEvent, narrateAssault } from './rules/assault';
import { isCrippledEvent, narrateCrippled } from './rules/crippled';
import { isTrainingEvent, narrateTraining } from './rules/carrier-training';
import { OPTION_SPECS, solOptionsOf } from './rules/options';
import { isRandomEventEvent, narrateRandomEvent } from './rules/random-event-events';
import rulesVersion from './rules-version.json';
import { defineRuleset } from '../../engine/define';
import type { GameOptions, LineError } from '../../engine/ruleset';
import { plainBox, type SolBox, solBox } from './box';
import { formatSolOrders, kindOfStep, parseSolOrders, type SolOrder } from './orders';
import { solMailPlayer } from './players/mail';
import { randomSolOrders } from './players/random';
import { evolveSol, type SolEvent } from './rules/events';
import { isGroundEvent, narrateGround } from './rules/ground-events';
import { isReorgEvent, narrateReorg } from './rules/reorganize';
import { checkLog } from './rules/log-orders';
import { narrateLog } from './rules/log-narrate';
import { checkOps } from './rules/ops-check';
import { checkAir } from './rules/air-check';
import { checkAssign } from './rules/air-assign';
import { isAssignEvent, narrateAssign } from './rules/air-assign-events';
import { narrateAir } from './rules/air-narrate';
import { narrateOps } from './rules/ops-narrate';
import { narrateCombat } from './rules/combat-narrate';
import { checkChoices } from './rules/additional-forces';
import { isForcesEvent, narrateForces } from './rules/forces-events';
import { checkForces, defaultCp, defaultForces } from './rules/planning';
import { answerSolStanding, parseSolStanding } from './rules/standing';
import { narrateAirMove } from './rules/air-move-events';
import { isEnduranceEvent, narrateEndurance } from './rules/endurance-events';
import { GAME, SCENARIOS, type Scenario, SIDE_NAME, SIDES, type SolSide, type SolState, setupState } from './state';
import { currentStep, STEPS, upcomingSteps } from './steps';
import { isPassEvent, narratePass } from './rules/pass';
import { checkCpRest, checkCpStep, defaultCpRest, narrateSpecial, type SpecialIntelEvent } from './rules/special-intel';
import { checkSubAnswers, isSubAttackEvent, narrateSubAttack } from './rules/sub-attack';
import { checkSubs, isSubEvent, narrateSub } from './rules/submarine';
import { type SolView, viewSol } from './view';
import { checkReconStep } from './rules/recon-orders';
import { isReconEvent, narrateRecon } from './rules/recon-events';

const heldCp = (s: SolState, side: SolSide) => ({ intel: s.cp[side]?.intel ?? 0, ops: s.cp[side]?.ops ?? 0 });

export type { SolOrder, SolState, SolView };

const scenarioOf = (options: GameOptions) => (options.scenario ?? 'short') as Scenario;

/** The rules not built yet, in the order play reaches them; play that reaches one stops naming it. */

function narrate(event: { type: string; data: unknown }): string[] {
  const e = event as SolEvent;
  switch (e.type) {
    case 'sol.cp-allocated': {
      const a = e.data.alloc;
      return [
        `${SIDE_NAME[e.data.side]} assigns CP: combined ${a.combined}, intelligence ${a.intel}, operations ${a.ops}, logistics ${a.log}${e.data.byDefault ? ' (default)' : ''} (6.2).`,
      ];
    }
    case 'sol.supply-bought':
      return [`${SIDE_NAME[e.data.side]} places ${e.data.points} supply at ${e.data.at} (50.0 Command Point Missions Chart).`];
    case 'sol.tf-formed':
      return [
        e.data.kind === 'deception'
          ? `${SIDE_NAME[e.data.side]} forms deception TF ${e.data.tf} at ${e.data.at} (10.4, ${e.data.cost} CP).`
          : `${SIDE_NAME[e.data.side]} forms ${e.data.kind === 'tokyo-express' ? 'the Tokyo Express' : `TF ${e.data.tf}`} at ${e.data.at}: ${e.data.ships.join(', ')} (10.2, ${e.data.cost} CP).`,
      ];
    case 'sol.tf-markers':
      return [
        `${SIDE_NAME[e.data.side]} task force markers: ${e.data.markers.map((m) => `${m.tf ? `TF ${m.tf}` : 'Tokyo Express'} at ${m.at}`).join(', ')} (52.0 Q&A 3).`,
      ];
    case 'sol.initiative':
      return [
        `${SIDE_NAME[e.data.first]} has the initiative${e.data.why === 'airfield' ? ', controlling an airfield on Guadalcanal' : ` (dice ${e.data.rolls.map((r) => `Japan ${r.japanese}, US ${r.us}`).join('; ')})`} (1E).`,
      ];
    default:
      return [
        ...narrateOps(event),
        ...narrateLog(event),
        ...narrateCombat(event),
        ...narrateAir(event),
        ...narrateAirMove(event),
        ...(isGroundEvent(event) ? narrateGround(event) : []),
        ...(isReorgEvent(event) ? narrateReorg(event) : []),
        ...(isRandomEventEvent(event) ? narrateRandomEvent(event) : []),
        ...(isAssaultEvent(event) ? narrateAssault(event) : []),
        ...(isAssignEvent(event) ? narrateAssign(event) : []),
        ...(isForcesEvent(event) ? narrateForces(event) : []),
        ...(isSubEvent(event) ? narrateSub(event) : []),
        ...(isSubAttackEvent(event) ? narrateSubAttack(event) : []),
        ...(isPassEvent(event) ? narratePass(event) : []),
        ...(isEnduranceEvent(event) ? narrateEndurance(event) : []),
        ...(isCrippledEvent(event) ? narrateCrippled(event) : []),
        ...(isReconEvent(event) ? narrateRecon(event) : []),
        ...(isTrainingEvent(event) ? narrateTraining(event) : []),
        ...(event.type === 'sol.special-intel' ? narrateSpecial(event as SpecialIntelEvent) : []),
      ];
  }
}

export const solomonsCampaign = defineRuleset<SolState, SolOrder, SolBox, SolView>({
  id: GAME,
  name: 'Solomons Campaign',
  sides: SIDES,
  options: [
    {
      id: 'scenario',
      title: 'Scenario (4.8): Short to November II, Extended to February I',
      rule: '4.8',
      default: 'short',
      values: SCENARIOS,
    },
    ...OPTION_SPECS,
  ],
  engineVersion: `${GAME}-${rulesVersion.version}`,
  box: solBox,
  steps: STEPS,
  // 4.8: Short to Nov II (turn 8), Extended to Feb I (turn 13)
  length: (options, box) => ({ turns: plainBox(box).turns.lastTurn[scenarioOf(options)] }),
  setup: ({ box, options }) => setupState(box, scenarioOf(options), solOptionsOf(options)),
  currentStep,
  upcomingSteps,
  parseOrders: (_s, _side, text, step) => parseSolOrders(text, step),
  validateOrders(s, side, orders, step): LineError[] {
    const kind = kindOfStep(step);
    if (currentStep(s)?.id !== step.id) return [];
    // 4.6: PASS lines go with the forces and the Operations Phase; the checks there read them as NONE
    const plain = orders.map((o): SolOrder => (o.kind === 'pass' ? { kind: 'none' } : o));
    const problems =
      kind === 'cp'
        ? checkCpStep(s, side as SolSide, orders)
        : kind === 'cp-us'
          ? checkCpRest(s, orders)
          : kind === 'subs'
            ? checkSubs(s, side as SolSide, orders)
            : kind === 'sub'
              ? checkSubAnswers(s, orders)
              : kind === 'forces'
                ? [...checkForces(s, side as SolSide, plain), ...checkChoices(s, side as SolSide, plain)]
                : kind === 'ops'
                  ? checkOps(s, side as SolSide, plain)
                  : kind === 'defence'
                    ? checkAir(s, side as SolSide, orders)
                    : kind === 'assign'
                      ? checkAssign(s, side as SolSide, orders)
                      : kind === 'recon'
                        ? checkReconStep(orders, heldCp(s, side as SolSide), s.options.reconWithdrawal)
                        : kind === 'logistics'
                          ? checkLog(s, side as SolSide, orders)
                          : [];
    return problems.map((p) => ({ line: 0, text: formatSolOrders([orders[p.index]]), problem: p.problem, rule: p.rule }));
  },
  defaultOrders: (s, side, step) => {
    const kind = kindOfStep(step);
    if (kind === 'cp') return [{ kind: 'cp', alloc: defaultCp(s, side as SolSide) }];
    if (kind === 'cp-us') return [{ kind: 'cp', alloc: defaultCpRest(s) }];
    if (kind === 'forces') return defaultForces(s, side as SolSide);
    // 2A at a deadline: the side's plan, else every TF home
    if (kind === 'ops' && !s.plans[side as SolSide]) return [{ kind: 'plan', tf: null, action: 'return', to: null, ask: [] }];
    return [{ kind: 'none' }];
  },
  // standing answers (rules/standing.ts): STANDING LOGISTICS answers the Logistics Phase
  parseStanding: (s, _side, text) => parseSolStanding(text, s),
  answerFromStanding: (s, side, step, standing) => answerSolStanding(s, side as SolSide, step, standing),
  evolve: evolveSol,
  view: viewSol,
  narrate,
  formatOrders: formatSolOrders,
  help: (_s, _side, step) => {
    const kind = step ? kindOfStep(step) : 'other';
    if (kind === 'cp')
      return 'CP COMBINED <n> INTEL <n> OPS <n> LOG <n> (6.2; the total within the CP of the turn, 6.3). Default: Operations one per TF you have (at least 1), the rest Logistics. The US may write SPECIAL INTEL alone instead (6.6: one Intelligence CP, a die on the Special column after the Japanese allocation; the rest allocated at the next step).';
    if (kind === 'cp-us')
      return 'CP COMBINED <n> INTEL <n> OPS <n> LOG <n>: the rest of your CP after special intelligence (6.6: the CP of the turn less the one spent). Default: Operations one per TF you have (at least 1), the rest Logistics.';
    if (kind === 'subs')
      return 'SUB SS-<n> AT <hex> (36.2: a sub off the map anywhere on the map, one a hex, not with a US airbase or on a US major base; 36.3: a sub on the map at most one hex); SUB ATTACK ALWAYS|NEVER|ASK (36.4: how chances are answered; ASK: you are asked). Default: subs stay where they are, none placed.';
    if (kind === 'sub')
      return 'SUB ATTACK [SS-<n>|ALL] or SUB WAIT [SS-<n>] (36.4: a US TF entered the hex of your sub by day; a 6 attacks a carrier or battleship); SUB ATTACK ALWAYS|NEVER sets a standing answer. Default: wait.';
    if (kind === 'forces')
      return 'PASS | PASS IN PORT | NO PASS (4.6: an offer, secret until both offer); SUPPLY <n> AT <base> (3 a Logistics CP); TF <n> AT <base>: <ships> (1 Operations CP, 2 with a BB, BC or B; 10.2); TOKYO EXPRESS AT Rabaul: <DDs> (10.3); DECEPTION TF <n> AT <base> (10.4). With Task Force Endurance (42.4, optional): COMBINE TF <n> WITH TF <k> (two TFs at sea in one hex, 1 Operations CP) and SPLIT TF <n> INTO TF <k>: <ships> (1 Operations CP). With them (1B): REPLACE TR-n|APD-n|<engineer>|ENGINEER|MAC [AT <base>] (30.1-30.4: VP to the enemy, a die of turns); WITHDRAW <Marine units on a major base> (US, from Dec I, 38.2); ANNOUNCE QUICK RESPONSE|ACCELERATED (Aug II, 39.3, 39.5), 18TH ARMY|NO 18TH ARMY (Dec I, 39.4), YAMATO|MUSASHI (Sep I on, 39.6). Default: all Logistics CP as supply on your first major base, no task force, no option taken.';
    if (kind === 'logistics')
      return 'ENTRENCH <hex> (3E, 37.1: one supply, every own ground unit there); BUILD <hex> WITH <engineers> (3F, 33.2: a supply and a die each). Refit, attrition and recovery run by themselves (3A-3C). COMBINE <units> INTO <id> (3D, 27.3: a supply a 9 battalions into regiments or 3 regiments into a division, twice with the enemy in the hex, free on a major base) and BREAK <unit> [INTO BATTALIONS] (27.5). With Task Force Endurance (42.2, optional): STAY TF <n> | STAY TE (one Logistics CP a started 10 ships, twice with a BB, BC or B; a TF at sea not paid for is crippled, 20.6). With Training Carrier Air Units (47.1, optional): TRAIN <n> NAC ON <carrier> (carrier and land NAC at Truk, or Australia or Espiritu Santo: both away 2 turns for Japan, 1 for the US, back with the NAC aboard). Default: nothing.';
    if (kind === 'ops')
      return 'PASS | PASS IN PORT | NO PASS (4.6: an offer to end the Execution Phases, secret until both offer); INTEL <hex> (2A1, one Intelligence CP); TRANSFER <n> <NAC|LAC-N|LAC-A|SAC|MAC> FROM <base|hex|carrier> TO <base|hex|carrier> (2A2a, 23.1: by day only, 32.2; up to twice the printed range, never extended, 23.3; to an own airbase or carrier with room, 24.4, 12.3; only transfer reaches Truk and Australia, 8.2; own major base to own major base always, 8.3); AIRLIFT <n> MAC FROM <base> TO <airbase> WITH <units>[, SUPPLY <k>] (air transport: one battalion or supply point a MAC point, unloaded when it lands in 2A3h, the MAC fatigued) or AIRLIFT ... TO <land hex> WITH <airborne units> DROP (34.2: within the MAC’s printed range, units that began the turn with it on its airbase; they land at once). Aircraft land in 2A3h where ordered (a drop’s MAC where it took off), else on the nearest own airbase or carrier within range with room, else are lost (21.4-21.5). MOVE TF <n>|TE TO <place> (10.6, 12.7); LOAD TF <n>: <units>, SUPPLY <k> (19.3, 33.4); UNLOAD TF <n> (19.4); GROUND <unit> TO <hex> (27.1); PLAN TF <n>|ALL MOVE TOWARD <place>|UNLOAD AT <place>|HOLD|RETURN [ASK ON CONTACT] [ASK WHEN ATTACKED] [ASK WHEN THE PLAN ENDS]. ATTACK <hex> [NGS [TF <n>, ...]] [COMBINED] [RECON <n>] or ATTACK <hex>: <units|ALL> VS <units|ALL>; ... [NGS ...] [COMBINED] [RECON <n>] (RECON: with the recon/withdrawal option, the CP you commit, 28.3 optional; 28.2-28.4: ground combat; attack supply a 9 battalions of each sub-attack; the defender supplies all he can; NGS, US from Dec I: the unfatigued ships of those TFs (or all yours) in the hex add their bombardment factors, a Combined CP with Army attacking, the ships fatigued, 16.1-16.3, 17.1). SURFACE <hex> [SHIFT] (2A3e, 14.3: every unfatigued ship of your TFs there against every enemy TF there; SHIFT spends an Operations CP for a column; no screening, 14.4); BOMBARD <hex> (2A3f, 15.2: every unfatigued ship of your TFs there fires). By day only (32.2; with optional rule 48 Japanese NAC and LAC strike at night from December I at half strength, 48.1): CAP <n> <air> FROM <base|carrier> (2A3a, over the take-off hex); STRIKE <n> <air> FROM <base|carrier> AT TF <k> [TARGETS <types>] or AT <hex> (25.1, 50.0: a TF, or everything on the ground there); RECON <n> <air> FROM <base> AT <hex> (2A3d(1)); CAS <n> LAC-N FROM <base> AT <hex> (US Navy LAC with your ATTACK there by Marines: it fights the air at printed strength, takes the AA of the enemy ground units, then adds its factors; close air and gunfire together at most the attackers’ printed strength, 28.3 (2), 50.0); air is NAC, LAC-N, LAC-A or SAC; a supply a 12 points a land-based mission (11.4); range as printed, twice for extended-range LAC at half strength (23.2). A line with no contact is skipped with a note. The defender by default spends an Operations CP when it moves the column. Default: your plan; with none, every TF returns home.';
    if (kind === 'assign')
      return 'Air Mission Assignment (optional rule 45.2, secret until each mission is resolved): ASSIGN <n> <NAC|LAC-N|LAC-A|SAC> AT <base|hex|carrier> CAP|STRIKE|RECON|COUNTERSTRIKE|CAS (counterstrike: carrier NAC; CAS: US Navy LAC, 28.3 (2)). Assigned points fly only that mission this turn (a strike, recon or counterstrike once; CAP again and again), may not be assigned again, and may be left unflown (an abort, with no substitute). Only assigned points fly missions. At night only Japanese NAC and LAC, to STRIKE, from December I with night bombing (48.1). Default: NONE.';
    if (kind === 'recon')
      return 'RECON <n> or RECON INTEL <i> OPS <o> (28.3 optional rule): the CP you commit against the ground attack about to be resolved, Intelligence first for RECON <n>; more than the attacker commits and your units there withdraw to the adjacent hex of the same island without combat (none from a one-hex island), leaving the hex, its entrenchment, airfield, grounded air and supply to the attacker (28.6). STANDING RECON <n> [AT <hex>] answers for you. Default: NONE (0 CP: the attack goes on).';
    if (kind === 'defence')
      return 'Defensive air (2A3b): CAP <n> <air> FROM <base|carrier> (over its own hex, against enemy aircraft there) and COUNTERSTRIKE <n> NAC FROM <carrier> AT TF <k> [TARGETS <types>] (carrier NAC at an enemy TF within reach). Default: NONE.';
    return 'Nothing to order at this step.';
  },
  randomOrders: (view, _side, step, rng) => randomSolOrders(view, step, rng),
  // cautious: random legal orders that never attack, for play through the turn's later phases
  // while ground combat (28.1) is not built
  players: {
    named: { cautious: ({ view, step, dice }) => formatSolOrders(randomSolOrders(view as SolView, step, dice, false)) },
    // the demo's bots by mail (players/mail.ts)
    mail: solMailPlayer,
  },
  result: (s) =>
    s.outcome
      ? {
          winner: s.outcome.winner ?? 'draw',
          summary: `${s.outcome.winner ? `${SIDE_NAME[s.outcome.winner]}: ${s.outcome.level}` : 'a Draw'}, ${s.outcome.why}; VP Japan ${s.vp.japanese}, US ${s.vp.us} (5.1-5.2)`,
        }
      : { winner: null, summary: `the game stopped on turn ${s.turn} of ${s.lastTurn}` },
});
