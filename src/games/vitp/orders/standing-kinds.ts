/**
 * The kinds of decision VITP's standing instructions answer (issue 28: economy by default), each
 * with the line in force from the start of a game, declared on the step table's rows
 * (step-table.ts). The defaults are the deadline's defaults (orders/defaults.ts, HELP DEFAULTS)
 * wherever those are a choice a player would make; where the deadline's default is to do nothing
 * the defaults here do what a player who sent the units there meant: every air unit flies over the
 * sea area of its base (AIR AT BASE, 5.22), every amphibious unit that may land invades (INVADE
 * ALL, 5.73), strikes go at carriers first (TARGETS, 7.4, also the Indonesia surprise raid, 18.4).
 * A player changes one kind with one line (STANDING RETREAT NEVER) or asks to be asked (STANDING
 * ASK RETREAT): src/engine/standing.ts.
 */
import type { GameOptions, Side, StandingKind } from '../../../engine/ruleset';

type Defaults = Readonly<Partial<Record<Side | 'both', readonly string[]>>>;

function kind(word: string, title: string, rule: string, lines: RegExp, defaults: Defaults, example?: string): StandingKind {
  return {
    word,
    title,
    rule,
    lines,
    defaults: (side: Side, _options: GameOptions) => [...(defaults.both ?? []), ...(defaults[side] ?? [])],
    ...(example ? { example } : {}),
  };
}

export const ACTION = kind(
  'ACTION',
  'day or night action',
  '7.3',
  /^(day|night|action by strength)$/i,
  { both: ['ACTION BY STRENGTH'] },
  'NIGHT',
);
export const CARRIERS = kind(
  'CARRIERS',
  'carriers firing in a night action',
  '7.424',
  /^carriers fire\b/i,
  { both: ['CARRIERS FIRE NONE'] },
  'CARRIERS FIRE ALL',
);
export const TARGETS = kind(
  'TARGETS',
  'targets of strikes and gunfire, best first (and of the Indonesia surprise raid, 18.4)',
  '7.4',
  /^targets?\b/i,
  { both: ['TARGETS carriers, battleships, cruisers'] },
  'TARGETS battleships, carriers',
);
export const SUBMARINE = kind(
  'SUBMARINE',
  'when a submarine attacks',
  '7.91',
  /^submarine\b/i,
  { both: ['SUBMARINE LAST CHANCE'] },
  'SUBMARINE FIRST CHANCE',
);
export const RETREAT = kind(
  'RETREAT',
  'retreat or stay after a round of battle',
  '8.1',
  /^retreat\b/i,
  { both: ['RETREAT WHEN OUTGUNNED'] },
  'RETREAT NEVER',
);
export const PURSUE = kind('PURSUE', 'pursuing a retreating enemy', '8.3', /^pursue\b/i, { both: ['PURSUE NONE'] }, 'PURSUE ALL');
export const PURSUIT = kind(
  'PURSUIT',
  'going on with a pursuit',
  '8.53',
  /^(keep pursuing|break off)$/i,
  { both: ['BREAK OFF'] },
  'KEEP PURSUING',
);
export const SPLIT = kind('SPLIT', 'splitting a retreating group', '8.52', /^no split$/i, { both: ['NO SPLIT'] });
export const LANDINGS = kind('LANDINGS', 'amphibious landings during a battle', '7.93', /^no landings$/i, { both: ['NO LANDINGS'] });
export const AIRRAIDS = kind('AIRRAIDS', 'air raids on ports', '9.2', /^no air ?raids$/i, { both: ['NO AIRRAIDS'] });
export const KAMIKAZE = kind('KAMIKAZE', 'kamikaze carriers', '19.22', /^kamikaze\b/i, { japanese: ['KAMIKAZE NONE'] }, 'KAMIKAZE ALL');
export const BATTLE_ORDER = kind(
  'BATTLE-ORDER',
  'which sea area is fought next (the umpire picks)',
  '5.31',
  /^(battle order|next battle) default$/i,
  { japanese: ['BATTLE ORDER DEFAULT'] },
);
export const HARBOUR = kind('HARBOUR', 'the harbour of ships turned back (the default harbour)', '10.2', /^harbou?r default$/i, {
  both: ['HARBOUR DEFAULT'],
});
export const RETURN = kind('RETURN', 'return to port at the end of the turn (the default port)', '5.74', /^return default$/i, {
  both: ['RETURN DEFAULT'],
});
export const SUBSTITUTES = kind(
  'SUBSTITUTES',
  'substitutes for sunk British ships (the umpire names them)',
  '4.42',
  /^substitutes? default$/i,
  {
    allied: ['SUBSTITUTES DEFAULT'],
  },
);
export const INVADE = kind('INVADE', 'invasions by amphibious units at sea', '5.73', /^invade\b/i, { both: ['INVADE ALL'] }, 'INVADE NONE');
export const PEARL = kind(
  'PEARL',
  'the Pearl Harbor raid force stays or withdraws (turn 1)',
  '18.31',
  /^pearl harbou?r\b/i,
  {
    japanese: ['PEARL HARBOR WITHDRAW'],
  },
  'PEARL HARBOR STAY',
);
export const AIR = kind('AIR', 'land-based air placement, one unit at a time', '5.22', /^(air|lba)\b/i, { both: ['AIR AT BASE'] });

/** The decisions of a battle (5.3) a standing instruction answers. */
export const BATTLE_KINDS: readonly StandingKind[] = [
  ACTION,
  CARRIERS,
  TARGETS,
  SUBMARINE,
  RETREAT,
  PURSUE,
  PURSUIT,
  SPLIT,
  LANDINGS,
  AIRRAIDS,
  KAMIKAZE,
];
