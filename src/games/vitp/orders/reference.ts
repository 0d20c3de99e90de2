/**
 * The VITP order reference, as data: what `HELP <topic>` and `HELP ALL` mail, and (rendered by
 * referenceMarkdown) the "Orders by mail" section of ../README.md. One source: a test checks the
 * README block is exactly referenceMarkdown(VITP_REFERENCE); change the text here and paste the
 * new block there.
 */
import type { ReferenceSection } from '../../../engine/ruleset';
import { vitpOptions } from '../options';

export const VITP_REFERENCE: readonly ReferenceSection[] = [
  {
    topic: 'orders',
    aliases: [
      'move',
      'moves',
      'movement',
      'syntax',
      'steps',
      'patrol',
      'raid',
      'raiders',
      'invade',
      'return',
      'repair',
      'rebuild',
      'lba',
      'sub',
      'substitute',
      'removals',
    ],
    title: 'Orders, step by step (one per line, any case; # starts a comment)',
    lines: [
      'RAID FORCE Akagi, Kaga, ...            turn 1, Japanese: the Pearl Harbor raid (4.2)',
      'PATROL Yamato, Nagato TO Marianas Islands [VIA Japanese Islands]',
      'RAIDERS Akagi, Kaga                     (patrol step: white side up in port; only these may raid, 5.21/6.12)',
      'REPAIR Akagi 3                          BASE 1st-Marines AT Samoa (4.4, units back this turn)',
      'SUBSTITUTE Warspite FOR Ramillies       (Allied, at the start of a turn, before any move: the British ship withdrawn for a sunk listed one, 4.42, 5.1)',
      'REBUILD Akagi 2 | REBUILD 21st-Air-Flotilla AT Yokosuka (rule 23 on: lost airstrike factors, 23.5; also REPAIR Akagi AIR 2)',
      'LBA 11th-Air-Force TO Coral Sea         LBA DONE',
      'MOVE 1st-Marines TO Coral Sea           (amphibious step)',
      'RAID Akagi TO Coral Sea                 SUB I-Boat TO Hawaiian Islands',
      'BATTLE Coral Sea                        (Japanese: which area is fought next, 5.31)',
      'STAY / WITHDRAW   SORTIE Nevada, 7th-Air-Force | ALL | NONE   RETREAT   (Pearl Harbor, 18.31–18.35)',
      "TARGET Akagi, Kaga AT Prince of Wales   (18.4 and every battle's target designation)",
      'INVADE 1st-Marines AT Guadalcanal       RETURN Yamato TO Truk | RETURN ALL TO Truk',
      '                                        (also in a harbour step: ships turned back this turn go to harbour at once, 10.2)',
      'TASK FORCE Nagato, Mutsu ATTACK        TASK FORCE Akagi      INVADING Kure-SNLF   (rule 20 on: before a battle, 20.2-20.3)',
      'STAY in any step: nothing / the default.',
      'Names may be shortened when unambiguous ("Yokosuka", "Pearl"), hyphens stand for spaces, and a',
      'misspelt name gets a "did you mean ...?" hint.',
    ],
  },
  {
    topic: 'battle',
    aliases: ['battles', 'combat', 'decisions', 'target', 'targets', 'retreat', 'pursuit', 'pursue'],
    title: 'Battle decisions (each asked as a step of its own)',
    lines: [
      'DAY | NIGHT   (7.3)',
      'CARRIERS FIRE <carriers> | CARRIERS NONE | CARRIERS ALL   (5.33, 7.424)',
      "TARGET <attackers|ALL> AT <target>, one line per target; TARGETS DEFAULT for the umpire's choice (7.4);",
      '  TARGETS NONE: nobody fires this action (with rule 23 on, every airstrike defends, 23.3)',
      'SUB ATTACK <target> | SUB WAIT   (7.91)',
      'STAY | RETREAT | RETREAT TOGETHER | RETREAT a, b / c   (8.1-8.23)',
      'PURSUE <g1, or a ship in it> WITH <ships> | PURSUE ALL | AIRRAID <port> WITH <ships> | NO PURSUIT   (8.3, 9.1)',
      'FOLLOW <g2, or a ship in it> WITH <ships> | BREAK OFF <ships> | CONTINUE   (8.52-8.53)',
      'SPLIT a / b | NO SPLIT   (8.52)',
      'LAND <units> AT <base> | NO LANDINGS   (7.93, 13.3)',
      'AIRRAID <port> WITH <ships> | NO AIRRAIDS   (9.2)',
      'KAMIKAZE <carriers> | KAMIKAZE NONE   (19.22)',
    ],
  },
  {
    topic: 'interactive',
    aliases: ['asked', 'rounds'],
    title: 'Interactive mode: how battle decisions are asked',
    lines: [
      'Without standing instructions, every decision of a battle (day or night, targets, retreat,',
      'pursuit, landings, air raids) is a step of its own: the umpire mails the sides who owe it a',
      'report ending with the choices (the card HELP sends for that step) and waits for their',
      'answers until the deadline. Sides with a STANDING line that answers it are not asked.',
    ],
  },
  {
    topic: 'ahead',
    aliases: ['for', 'queue', 'queued'],
    title: 'Orders for steps to come (FOR lines)',
    lines: [
      'FOR t3/raiders/japanese   the lines after it are orders for that step of this turn, sent ahead: patrol, first air',
      '  placement, amphibious, raider, submarine, invasion and return steps (see steps.ts); checked when the step comes.',
      "They are sealed like any orders and replace earlier orders for the same step; step ids are in every report's heading.",
    ],
  },
  {
    topic: 'standing',
    aliases: ['standing-instructions', 'instructions'],
    title:
      'Standing instructions (lines starting STANDING; each kind has a default in force from the start, and a line changes its kind alone)',
    lines: [
      'Kinds and their defaults: ACTION (ACTION BY STRENGTH), CARRIERS (CARRIERS FIRE NONE), TARGETS (carriers, battleships, cruisers), SUBMARINE (LAST CHANCE), RETREAT (WHEN OUTGUNNED), PURSUE (NONE), PURSUIT (BREAK OFF), SPLIT (NO SPLIT), LANDINGS (NO LANDINGS), AIRRAIDS (NO AIRRAIDS), KAMIKAZE (NONE, Japanese), BATTLE-ORDER (DEFAULT, Japanese), PEARL (WITHDRAW, Japanese), HARBOUR, RETURN, SUBSTITUTES (DEFAULT, Allied), INVADE (ALL), AIR (AT BASE)',
      'STANDING ASK RETREAT: no instruction of that kind, you are asked each time; STANDING ASK ALL: asked at every decision; STANDING DEFAULT RETREAT, STANDING DEFAULTS: the defaults again',
      'STANDING NIGHT | DAY | ACTION BY STRENGTH',
      'STANDING TARGETS carriers, battleships, cruisers, air, amphibious, <ship names> | TARGETS DEFAULT',
      'STANDING RETREAT WHEN OUTGUNNED | RETREAT NEVER | RETREAT ALWAYS',
      'STANDING PURSUE ALL | PURSUE NONE | KEEP PURSUING | BREAK OFF',
      'STANDING SUBMARINE FIRST CHANCE | LAST CHANCE | NEVER',
      'STANDING CARRIERS FIRE ALL | NONE, KAMIKAZE ALL | NONE, NO LANDINGS, NO AIRRAIDS, NO SPLIT',
      'STANDING BATTLE ORDER DEFAULT (Japanese: the umpire picks the next sea area to fight in, 5.31), HARBOUR DEFAULT (ships turned back go to their default harbour, 10.2)',
      'STANDING RETURN DEFAULT (at the end of the turn your units at sea go to their default port, 5.74), SUBSTITUTES DEFAULT (Allied: the umpire names substitutes for sunk British ships, 4.42)',
      'STANDING INVADE ALL (at your invasion step every amphibious unit that may land does: at an enemy base it touches, the first by name, all together, else at a friendly place; 5.73, 13.3, 13.43) | INVADE NONE',
      'STANDING PEARL HARBOR STAY | PEARL HARBOR WITHDRAW (Japanese, turn 1, 18.31); your TARGETS list also aims the Indonesia surprise raid (18.4)',
      'STANDING AIR AT BASE (the default): at each of your air placements the first air unit not yet placed goes over the first sea area its base touches (5.22, 12.13)',
      'STANDING AIR <air unit> TO <sea area>, one line per unit, best first: at each of your air placements the first unit not yet placed whose area is legal then is placed (5.22, 12.11, 12.13); none left: you place no more',
      'STANDING AIR <air unit> TO <sea area> IF ENEMY IN <sea area> | IF NO ENEMY IN <sea area> | IF <air unit> IN <sea area> | IF <air unit> NOT IN <sea area>: the line counts only while its condition holds on what has been placed so far, so you answer the other side placement by placement without a mail (5.22, 6.5)',
    ],
  },
  {
    topic: 'defaults',
    aliases: ['default', 'deadline', 'missed'],
    title: 'Defaults for a side silent at the deadline',
    lines: [
      'Stay in port, place no air, no invasions, return (and go to harbour when turned back) to the port',
      'sailed from, if open, else home or the first legal one; the historical raid',
      'force; withdraw from Pearl Harbor; Allied: no sortie, retreat if the raid force stays; in battle:',
      "day or night by strength, the umpire's targets, retreat when outgunned (the enemy can fire at us",
      'with at least twice our best shots), never pursue, raid or land; the submarine at its last chance.',
      'A substitute owed for a sunk British removal (4.42): the first candidate in roster order.',
    ],
  },
  {
    topic: 'options',
    aliases: ['option', 'optional', 'relaxed', 'air-in-groups', 'battle-start-ports'],
    title: 'Game options (chosen when the game is created, all off by default; the welcome and every report name those on)',
    lines: vitpOptions.map((o) => `${o.id}: ${o.title}`),
  },
];

/** The README block (between its reference markers) for a reference: one indented block per section. */
export function referenceMarkdown(sections: readonly ReferenceSection[]): string {
  return sections
    .map((s) => [`**${s.title}** (\`HELP ${s.topic.toUpperCase()}\`)`, '', ...s.lines.map((l) => `    ${l}`)].join('\n'))
    .join('\n\n');
}
