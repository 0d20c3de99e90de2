/**
 * Guadalcanal Campaign (SSI, 1982; issue 31): the umpire as the computer that kept every record,
 * resolved every combat and hid each side's displays, on the game contract: the box (box/), the six
 * scenarios as an option, the turn sequence as a step table (steps.ts), the fog of war (view.ts),
 * every rule (rules/, README maps each to its code and cases) and the computer Japanese (players/).
 * A state stored with a box from before a rule's data was box data stops at that rule as it did
 * (RuleNotImplementedError naming it), so a stored game replays to the same events.
 */
import { entriesOf } from './keyed';
import rulesVersion from './rules-version.json';
import { defineRuleset } from '../../engine/define';
import type { GameOptions, LineError } from '../../engine/ruleset';
import { type GcBox, gcBox, plainBox, SCENARIOS, type ScenarioId } from './box';
import { formatGcOrders, type GcOrder, isOrdersStep, parseGcOrders, planesText } from './orders';
import { computerGcOrders } from './players/computer';
import { computerSystemPlayer } from './players/computer-system';
import { randomGcOrders } from './players/random';
import { gcMailPlayer } from './players/mail';
import { evolveGc, type GcEvent } from './rules/events';
import { walkAir } from './rules/air';
import { narrateLand } from './rules/land';
import { walkOrders } from './rules/movement';
import { finalScore, type Score } from './rules/scoring';
import { GAME, type GcSide, type GcState, isMini, SIDES, setupState, turnsOf } from './state';
import { answerGcStanding, parseGcStanding } from './standing';
import { currentStep, rowOfStep, STEPS, upcomingSteps } from './steps';
import { type GcView, viewGc } from './view';

export type { GcOrder, GcState, GcView };

const scenarioOf = (options: GameOptions) => (options.scenario ?? 'campaign') as ScenarioId;

const scoreText = (x: Score) =>
  `${x.total} VP (infantry ${x.infantry}, ships sunk ${x.sunk}, damage ${x.damage}, repair ${x.repair}, Henderson ${x.henderson}${x.balance ? `, balance ${x.balance}` : ''})`;

function narrate(event: { type: string; data: unknown }): string[] {
  const e = event as GcEvent;
  switch (e.type) {
    case 'gcc.tf-formed':
      return [
        `TF ${e.data.tf} formed at ${e.data.port}, mission ${e.data.mission}, endurance ${e.data.endurance}: ${e.data.ships.join(', ')} (4.1, 9.2).`,
      ];
    case 'gcc.tf-moved':
      return [
        `TF ${e.data.tf} moves to ${e.data.path[e.data.path.length - 1].join(',')} (${e.data.spent} of ${e.data.points} movement points, 5.2).`,
      ];
    case 'gcc.tf-combined':
      return [
        `TF ${e.data.tf} joins TF ${e.data.into}: ${e.data.ships.length} ships, mission ${e.data.mission}, endurance ${e.data.endurance} (4.2).`,
      ];
    case 'gcc.tf-docked':
      return [`TF ${e.data.tf} docks at ${e.data.port}: ${e.data.ships.length} ship(s) in port (5.2D).`];
    case 'gcc.endurance':
      return e.data.endurance === 0 ? [`TF ${e.data.tf} has no endurance left (9.3A).`] : [];
    case 'gcc.out-of-fuel':
      return [`TF ${e.data.tf} is out of fuel: its ships make 5 knots at most (9.3E).`];
    case 'gcc.sighted':
      return e.data.sightings.length
        ? e.data.sightings.map(
            (x) => `Search report: TF ${x.tf} at ${x.col},${x.row}: ${x.reported.join(' ')} (7.2A-B; types and numbers may be wrong).`,
          )
        : ['Search report: no enemy task force sighted (7.1D, 7.2A).'];
    case 'gcc.air-assigned': {
      const what = { cap: 'CAP', lrcap: 'long-range CAP', search: 'search', subsearch: 'sub search', counterstrike: 'counterstrike' }[
        e.data.kind
      ];
      return [`${e.data.from}: ${planesText(e.data.planes)} on ${what} (${e.data.kind === 'counterstrike' ? '7.4' : '7.1'}).`];
    }
    case 'gcc.strike-launched':
      return [`Strike from ${e.data.from} on TF ${e.data.target}, ${e.data.range} squares: ${planesText(e.data.planes)} (7.3).`];
    case 'gcc.strike-resolved': {
      const d = e.data;
      const hits = d.hits.map((h) => `${h.ship} (${h.weapon}, ${h.damage})`).join(', ') || 'no hits';
      const cap = entriesOf(d.capLost)
        .map(([h, g]) => `${planesText(g)} of ${h}`)
        .join(', ');
      return [
        `Strike from ${d.from} on TF ${d.target}: ${planesText(d.lost) || 'no aircraft'} lost${cap ? `, CAP lost ${cap}` : ''}; ${hits}${d.sunk.length ? `; sunk: ${d.sunk.join(', ')}` : ''} (8.1, 9.1).`,
      ];
    }
    case 'gcc.bombarded': {
      const d = e.data;
      return [
        `TF ${d.tf} bombards Henderson Field with ${d.ships.join(', ')} (firepower ${d.firepower}): ${planesText(d.aircraft) || 'no aircraft'} destroyed, ${d.dumps} supply dump(s); mission now ${d.mission} (8.4, 9.2A, 9.2G).`,
      ];
    }
    case 'gcc.unloaded':
      return [
        `TF ${e.data.tf} unloads ${e.data.at ? `at ${e.data.at}` : 'on Guadalcanal'}: ${e.data.ships.map((x) => `${x.ship} ${x.inf} company(ies), ${x.sup} dump(s)`).join('; ')} (${e.data.at ? '8.6, 10.2B' : '8.6'}).`,
      ];
    case 'gcc.pipeline':
      return e.data.ships.map(
        (x) => `${x.ship} enters the pipeline: ${x.repair} turn(s) of repair, ${x.refit} of refit; ready on turn ${x.until} (8.8).`,
      );
    case 'gcc.reinforced': {
      const d = e.data;
      const what = [
        ...(d.ships.length ? [`${d.ships.join(', ')} reach ${d.port}`] : []),
        ...entriesOf(d.inf).map(([port, n]) => `${n} infantry company(ies) arrive at ${port}`),
        ...entriesOf(d.planes).map(([base, g]) => `${planesText(g)} arrive at ${base}`),
      ];
      return [`Reinforcements${d.chance ? ` (event ${d.chance})` : ''}: ${what.join('; ')} (8.9).`];
    }
    case 'gcc.trained':
      return [
        `${e.data.carrier} takes ${planesText(e.data.planes)} of ${e.data.base} aboard for training: out of circulation until turn ${e.data.until} (4.5).`,
      ];
    case 'gcc.tf-divided':
      return [`TF ${e.data.tf} divides: ${e.data.ships.join(', ')} form TF ${e.data.into} with its mission and endurance (4.3).`];
    case 'gcc.scuttled':
      return [`${e.data.ship} of TF ${e.data.tf} is scuttled, her crew taken off (4.3D).`];
    case 'gcc.loaded': {
      const d = e.data;
      return d.inf < 0 || d.sup < 0
        ? [`${d.ship} puts its cargo ashore at ${d.port}: ${-d.inf} company(ies), ${-d.sup} supply unit(s) (4.4C).`]
        : [`${d.ship} loads ${d.inf} company(ies) and ${d.sup} supply unit(s) at ${d.port} (4.4B).`];
    }
    case 'gcc.repaired':
      return [`Out of the pipeline, ready for a task force: ${e.data.ships.join(', ')} (8.8).`];
    case 'gcc.refuelled':
      return [`${e.data.tanker} refuels TF ${e.data.tf} to endurance ${e.data.endurance}; ${e.data.left} refuelling(s) left (10.2F).`];
    case 'gcc.weather':
      return [`The weather turns ${{ clear: 'clear', light: 'to light overcast', heavy: 'to heavy overcast' }[e.data.weather]} (9.6B).`];
    case 'gcc.supplied':
      return [
        e.data.used
          ? 'Your troops on Guadalcanal use a supply dump (9.4A).'
          : `Your troops on Guadalcanal have no supply: ${e.data.lost} company(ies) lost to attrition (9.4C).`,
      ];
    case 'gcc.score':
      return [`Your score as far as you can know it: ${scoreText(e.data.score)} (9.5D, 10.1F).`];
    case 'gcc.final-score':
      return [
        `Final count: Japanese ${scoreText(e.data.japanese)}; American ${scoreText(e.data.american)}; difference ${e.data.difference}: ${e.data.level} (9.5E, 10.4).`,
      ];
    case 'gcc.end-offered':
      return [
        `${e.data.side === 'american' ? 'The US' : 'The Japanese'} side offers to end the game this turn; it ends only if the other side offers too (4.12).`,
      ];
    case 'gcc.ended-by-agreement':
      return [`Both sides agree to end the game on turn ${e.data.turn} (4.12).`];
    case 'gcc.sub-attacked': {
      const d = e.data;
      const hits =
        d.hits.map((h) => `${h.ship} (${h.damage + h.critical}${h.critical ? ', explosion on board' : ''})`).join(', ') || 'no hits';
      return [
        `A submarine attacks TF ${d.tf}: ${d.torpedoes} torpedoes, ${hits}${d.sunk.length ? `; sunk: ${d.sunk.join(', ')}` : ''}; ${d.escorts} escort(s) drop depth charges (8.3).`,
      ];
    }
    case 'gcc.sub-result': {
      const d = e.data;
      const hits =
        d.hits.map((h) => `${h.ship} (${h.damage + h.critical}${h.critical ? ', explosion on board' : ''})`).join(', ') || 'no hits';
      const fate = d.subSunk ? 'sunk by depth charges' : d.subDamage ? `depth-charged, ${d.subDamage} damage` : 'unharmed';
      return [
        `${d.sub} of TF ${d.tf} attacks TF ${d.target}: ${d.torpedoes} torpedoes, ${hits}${d.sunk.length ? `; sunk: ${d.sunk.join(', ')}` : ''}; the sub is ${fate} (8.3).`,
      ];
    }
    case 'gcc.explosion':
      return [
        `Explosion on board the ${e.data.ship}: ${e.data.damage} damage${e.data.sunk ? '; she sinks' : ''} (${e.data.at === 'hit' ? '9.1A' : '9.1D'}).`,
      ];
    case 'gcc.sea-repaired':
      return [`${e.data.ship}'s crew repairs ${e.data.damage} damage at sea (9.1D).`];
    case 'gcc.transferred':
      return [`Transfer from ${e.data.from} to ${e.data.to}: ${planesText(e.data.planes)} (7.5).`];
    default:
      return narrateLand(e);
  }
}

export const guadalcanalCampaign = defineRuleset<GcState, GcOrder, GcBox, GcView>({
  id: GAME,
  name: 'Guadalcanal Campaign',
  sides: SIDES,
  options: [
    {
      id: 'scenario',
      title: 'Scenario (3.1): the campaign, Campaign.2 or a mini game',
      rule: '3.1',
      default: 'campaign',
      values: SCENARIOS,
    },
    {
      id: 'mode',
      title: 'Two players, or solitaire against the computer Japanese (3.1, 11.0)',
      rule: '3.1',
      default: 'two-player',
      values: ['two-player', 'solitaire'],
    },
    { id: 'level', title: 'Difficulty 1-4: Japanese accuracy, 4 historical (11.A)', rule: '11.A', default: 4, min: 1, max: 4 },
  ],
  // 3.1, 11.0: in solitaire the umpire plays the Japanese (the computer, players/computer.ts)
  systemSides: (options) => (options.mode === 'solitaire' ? ['japanese'] : []),
  engineVersion: `${GAME}-${rulesVersion.version}`,
  box: gcBox,
  steps: STEPS,
  // 3.1, 3.5: two turns a day from the scenario's first date to its last (294 in the campaign)
  length: (options, box) => ({ turns: turnsOf(plainBox(box), scenarioOf(options)) }),
  setup: ({ box, options }) => ({
    ...setupState(box, scenarioOf(options), Number(options.level ?? 4)),
    ...(options.mode === 'solitaire' ? { solitaire: true as const } : {}),
  }),
  currentStep,
  upcomingSteps,
  parseOrders: (_s, _side, text, step) => parseGcOrders(text, step),
  validateOrders(s, side, orders, step): LineError[] {
    // orders for a step to come are checked again when it comes (the board may change first)
    if (currentStep(s)?.id !== step.id) return [];
    const walk = isOrdersStep(step) ? walkOrders(s, side as GcSide, orders) : walkAir(s, side as GcSide, orders);
    return walk.problems.map((p) => ({
      line: 0,
      text: formatGcOrders([orders[p.index]]),
      problem: p.problem,
      rule: p.rule,
    }));
  },
  // at a deadline every task force holds and no aircraft fly but the float planes (5.3, 7.1D)
  defaultOrders: (_s, _side, step) => (isOrdersStep(step) ? [] : [{ kind: 'no-air' }]),
  evolve: evolveGc,
  view: viewGc,
  narrate,
  formatOrders: formatGcOrders,
  help: (_s, _side, step) =>
    step && rowOfStep(step).includes('air')
      ? step.id.endsWith('/search')
        ? 'CAP <base|carrier>: 12 Wildcat (7.1B, its own TF or base) | LRCAP <base|carrier>: 8 Zeke (7.1B, friendly TFs within 5) | SEARCH <base|carrier>: 6 Fortress (7.1C) | SUBSEARCH <base|carrier>: 4 Dauntless (7.1C) | NO AIR. Float planes search by themselves (7.1D).'
        : "STRIKE TF n FROM <base|carrier>: 24 Dauntless, 8 Wildcat (7.3; a TF of this turn's report, or TF 1 / TF 11, 7.3B) | COUNTERSTRIKE <carrier>: 9 Val (7.4) | TRANSFER <from> TO <to>: 10 Zeke (7.5, one a turn) | NO AIR."
      : 'FORM [TF n] AT <port> MISSION <C|B|T|U|FC|FB|FT>: ship, ship (4.1, 9.2); COMBINE TF n INTO TF m (4.2); LOAD ship AT <port>: 4 INF 2 SUP (4.4); UNLOAD ship AT <port> (4.4C); DIVIDE TF n [INTO TF m]: ship, ship (4.3); TRAIN carrier AT <port>: 18 Wildcat (4.5); SCUTTLE ship FROM TF n (4.3D); MOVE TF n: N NE E SE S SW W NW [DOCK] (5.2); DOCK TF n; HOLD TF n; ATTACK LEVEL 1-5 (6.0, AM turns: a land attack on Guadalcanal, one dump a level). Default: every TF holds.',
  randomOrders: (view, _side, step, rng) => randomGcOrders(view, step, rng),
  parseStanding: (_s, _side, text) => parseGcStanding(text),
  answerFromStanding: answerGcStanding,
  // 11.0: the computer Japanese (a seat played by the machine: MACHINE japanese computer)
  players: {
    mail: gcMailPlayer,
    named: { computer: ({ view, step, dice }) => formatGcOrders(computerGcOrders(view as GcView, step, dice)) },
    system: { japanese: computerSystemPlayer },
  },
  result: (s) => {
    if (s.row !== 'over') return { winner: null, summary: `the game stopped on turn ${s.turn} of ${s.lastTurn}` };
    const f = finalScore(s);
    const winner = f.level === 'Draw' ? 'draw' : f.level.startsWith('Japanese') ? 'japanese' : 'american';
    return {
      winner,
      summary: `${s.endedByAgreement ? `Ended by agreement on turn ${s.endedByAgreement} (4.12). ` : ''}${f.level === 'Draw' ? 'Draw' : `${f.level} Victory`}: Japanese ${f.japanese.total} VP, American ${f.american.total} VP, difference ${f.difference} (9.5E${isMini(s) ? ', 10.4' : s.scenario === 'campaign-2' ? ', 9.8' : ''}).`,
    };
  },
});
