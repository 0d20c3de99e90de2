/**
 * The kinds of decision the USN's standing instructions answer (issue 28: economy by default),
 * declared on the step table's rows (../steps.ts), each with the lines in force from the start of
 * a game. Where the deadline's default (./defaults.ts, HELP DEFAULTS) is a choice a player would
 * make, the kind's default is that default (`COMMAND DEFAULT`, `LOGISTICS DEFAULT`, `ASSIGN AS
 * COMMITTED`, `SCREEN NONE`, `LEADERSHIP NEVER`, the rules' own intelligence choice and landing);
 * where the deadline's default is to do nothing, the default does what a commander who sent a TF
 * there meant: every IJN base a USN TF shares a hex with is bombarded (BOMBARD ALWAYS, 17.4), and a
 * squadron's losses fall on bombers before fighters (LOSSES FIGHTERS LAST, 5.6 5a1f). The player's
 * own plans (deployment, intelligence rolls, movement, air missions) have no default: a newcomer is
 * asked them, and the answer card offers the turn's later ones as sections of one reply.
 *
 * A player changes one kind with one line (STANDING BOMBARD NEVER), asks to be asked (STANDING ASK
 * COMMAND) or takes a step's default unasked (STANDING MOVEMENT DEFAULT): src/engine/standing.ts.
 */
import type { GameOptions, Side, StandingKind } from '../../../engine/ruleset';

function kind(word: string, title: string, rule: string, lines: RegExp, defaults: readonly string[], example?: string): StandingKind {
  return {
    word,
    title,
    rule,
    lines,
    defaults: (side: Side, _options: GameOptions) => (side === 'usn' ? defaults : []),
    ...(example ? { example } : {}),
  };
}

export const COMMAND = kind(
  'COMMAND',
  "the day's CP to the four staff slots",
  '7.3',
  /^(cp\b.*|command defaults?)$/i,
  ['COMMAND DEFAULT'],
  'CP ORG 0 INTEL 4 OPS 6 LOG 10',
);
export const ORGANIZATION = kind('ORGANIZATION', 'task force organization', '13.3', /^organization defaults?$/i, ['ORGANIZATION DEFAULT']);
export const TRANSFER = kind('TRANSFER', 'air transfer', '21.5', /^transfer defaults?$/i, ['TRANSFER DEFAULT']);
export const INTELLIGENCE = kind('INTELLIGENCE', 'intelligence rolls (none: asked)', '28', /^intelligence defaults?$/i, []);
export const MOVEMENT = kind('MOVEMENT', 'naval movement (none: asked)', '14', /^movement defaults?$/i, []);
export const AIR = kind('AIR', 'air missions (none: asked); AIR DEFAULT flies the CAP', '5.6 5a-b', /^air defaults?$/i, []);
export const CAP = kind('CAP', 'the CAP flown when AIR DEFAULT stands', '5.6 5a-b', /^cap\b/i, [], 'CAP CV-1 VF 2, CV-2 VF 2');
export const ASSIGN = kind('ASSIGN', 'air units to the missions committed', '5.6 5a1a', /^(assign as committed|assign defaults?)$/i, [
  'ASSIGN AS COMMITTED',
]);
export const BOMBARD = kind(
  'BOMBARD',
  'bombarding an IJN base a USN TF shares a hex with',
  '17.4',
  /^(bombard (always|never)|bombard defaults?)$/i,
  ['BOMBARD ALWAYS'],
  'BOMBARD NEVER',
);
export const LOGISTICS = kind(
  'LOGISTICS',
  'refits, refuelling, repairs and rest',
  '9a',
  /^((refuel|repair|rest) (all|none)|refit (carriers first|carriers|all|none)|logistics defaults?)$/i,
  ['LOGISTICS DEFAULT'],
  'REFIT CARRIERS FIRST',
);
export const LOSSES = kind(
  'LOSSES',
  'which squadrons take the losses in air combat',
  '5.6 5a1f',
  /^(losses\b.*)$/i,
  ['LOSSES FIGHTERS LAST'],
  'LOSSES BOMBERS FIRST',
);
export const SCREEN = kind(
  'SCREEN',
  'ships screened in surface combat',
  '33.1',
  /^(screen (max|none)|screen defaults?)$/i,
  ['SCREEN NONE'],
  'SCREEN MAX',
);
export const LEADERSHIP = kind(
  'LEADERSHIP',
  'using a leadership chit',
  '8.4',
  /^(leadership (tactical|never|always)|leadership defaults?)$/i,
  ['LEADERSHIP NEVER'],
  'LEADERSHIP TACTICAL',
);
export const CHOICE = kind(
  'CHOICE',
  'identify or reveal on an Intelligence Table 4 or 5',
  '36',
  /^(intel(ligence)? prefer (reveal|identify)|choice defaults?)$/i,
  ['CHOICE DEFAULT'],
  'INTEL PREFER REVEAL',
);
export const LAND = kind('LAND', "where a lost carrier's squadrons land", '21.4', /^land defaults?$/i, ['LAND DEFAULT']);

/** Every kind, in the order of the step table (CAP with the air missions it serves). */
export const CORAL_STANDING_KINDS: readonly StandingKind[] = [
  COMMAND,
  ORGANIZATION,
  TRANSFER,
  INTELLIGENCE,
  MOVEMENT,
  AIR,
  CAP,
  ASSIGN,
  BOMBARD,
  LOGISTICS,
  LOSSES,
  SCREEN,
  LEADERSHIP,
  CHOICE,
  LAND,
];
