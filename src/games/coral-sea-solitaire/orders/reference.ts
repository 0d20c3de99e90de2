/**
 * The Coral Sea order reference as data: what `HELP <topic>` and `HELP ALL` mail, and what
 * `HELP 13.3` searches (every line cites its rules). Syntax lines come from ./rows.ts, so the card
 * and the parser cannot drift apart.
 */
import type { ReferenceSection } from '../../../engine/ruleset';
import { withoutProvenance } from '../../../engine/box';
import { defaultBox } from '../box';
import { ANY_STEP, SYNTAX, USN_ROWS } from './rows';
import { CORAL_STANDING_KINDS } from './standing-kinds';

const rowsOf = (ids: readonly string[]) => ids.flatMap((id) => SYNTAX[id] ?? []);

const COSTS = withoutProvenance<{ commandMissions: Record<string, { slot: string; cost: number }> }>(defaultBox).commandMissions;
const cost = (k: string) => `${COSTS[k]?.cost ?? '?'} ${COSTS[k]?.slot ?? ''}`.trim();

export const CORAL_REFERENCE: readonly ReferenceSection[] = [
  {
    topic: 'orders',
    aliases: ['syntax', 'order', 'steps', 'deploy', 'move', 'movement', 'intel', 'intelligence', 'organization', 'cp', 'command'],
    title: 'Orders, step by step (one per line, any case; # starts a comment)',
    lines: [
      ...rowsOf(['deployment', 'command-decision', 'organization', 'air-transfer', 'intelligence', 'movement-usn']),
      ...ANY_STEP,
      'Names: your TFs TF-11, TF-17, ... (TF 17 and tf17 too); ships by counter (CV-1, CA-3) or name (Lexington, Yorktown);',
      'IJN TFs CSF, PMG, TG, SG, CG (or IJN-TF-1 to 5, or their full names); bases and places as on the map (Port-Moresby,',
      'North-Australia); hexes column then row (1513). A misspelt name gets a "did you mean ...?".',
    ],
  },
  {
    topic: 'air',
    aliases: ['strike', 'escort', 'cap', 'missions', 'assign', 'losses'],
    title: 'Air orders (day turns only, 26.2)',
    lines: [...rowsOf(['air-missions', 'air-assign', 'air-losses', 'basing-choice'])],
  },
  {
    topic: 'logistics',
    aliases: ['refit', 'refuel', 'repair', 'rest', 'bombard', 'bombardment', 'screen', 'leadership'],
    title: 'Bombardment, logistics and the decisions in combat',
    lines: [...rowsOf(['bombard-usn', 'logistics-usn', 'screen', 'leadership', 'intelligence-choice'])],
  },
  {
    topic: 'ahead',
    aliases: ['for', 'sections', 'mails'],
    title: 'Orders for steps to come (FOR lines): a day in two mails, a night in one',
    lines: [
      'A line FOR <word> makes the lines after it orders for that step of the turn, sent ahead; they are checked',
      'again when the step comes (5.6). The words: ' +
        USN_ROWS.filter((r) => r.for && !r.decisionOf)
          .map((r) => `${r.for} (${r.title}, ${r.rule})`)
          .join('; ') +
        '.',
      'Decisions inside combat are asked when they come, unless a STANDING line answers them: ' +
        USN_ROWS.filter((r) => r.decisionOf)
          .map((r) => `${r.for} (${r.title}, ${r.rule})`)
          .join('; ') +
        '.',
      'A day in two mails: the morning mail with CP, FOR INTELLIGENCE and FOR MOVEMENT; after the movement report,',
      'the air mail with STRIKE/CAP lines. A night in one: FOR MOVEMENT; refuelling by STANDING REFUEL ALL (9a2).',
    ],
  },
  {
    topic: 'standing',
    aliases: ['standing-instructions', 'instructions'],
    title: 'Standing instructions (lines starting STANDING; each line replaces the lines of its own kind only)',
    lines: [
      'In force from the start: ' +
        CORAL_STANDING_KINDS.flatMap((k) => (k.defaults?.('usn', {}) ?? []).map((l) => `${l} (${k.rule})`)).join(', ') +
        '.',
      '   Deployment, intelligence rolls, movement and air missions have no default: you are asked them (4.2, 28, 14, 5.6 5a-b).',
      'STANDING ASK <kind>   be asked that decision every time; STANDING ASK COMMAND: your own CP line each day (7.3)',
      'STANDING DEFAULT <kind>   the line in force from the start again; STANDING ASK ALL, STANDING DEFAULTS for every kind (5.6);',
      `   kinds: ${CORAL_STANDING_KINDS.map((k) => k.word).join(', ')}`,
      'STANDING CP ORG 0 INTEL 4 OPS 6 LOG 10   the allocation every day; cut to the CP of the day, Logistics first (7.2, 7.3)',
      'STANDING REFUEL ALL | NONE   STANDING REFIT CARRIERS FIRST | ALL | NONE   STANDING REPAIR ALL | NONE   STANDING REST ALL | NONE',
      '   answer the logistics step: carriers refitted, TFs at sea refuelled (night), bases refitted, repairs, fatigue removed, while Logistics CP pay (9a1, 9a2)',
      'STANDING ASSIGN AS COMMITTED   (5.6 5a1a)',
      'STANDING LOSSES FIGHTERS LAST | BOMBERS FIRST | FIGHTERS FIRST | FIRST <types>   by type, at random within a type (5.6 5a1f, 2.2)',
      'STANDING INTEL PREFER REVEAL | IDENTIFY   the choice on an Intelligence Table 4 or 5 (36)',
      'STANDING LEADERSHIP AIR, TACTICAL | NEVER | ALWAYS   a chit whenever asked for the functions named (INITIATIVE, INTELLIGENCE, AIR,',
      '   TACTICAL, CRT, SURFACE = TACTICAL and CRT), never, or always (8.4: asked before the intelligence, initiative, air combat, surface combat)',
      'STANDING BOMBARD ALWAYS | NEVER   (17.4)',
      'STANDING SCREEN MAX | NONE   (33.1)',
      'STANDING CAP CV-1 VF 2, CV-2 VF 2   the CAP flown when AIR DEFAULT stands, as far as ready fighters and Operations CP go (5.6 5a-b)',
      'STANDING <word> DEFAULT   that step takes its default without asking (HELP DEFAULTS), e.g. STANDING MOVEMENT DEFAULT;',
      '   words: ' +
        USN_ROWS.filter((r) => r.for)
          .map((r) => r.for)
          .join(', '),
    ],
  },
  {
    topic: 'defaults',
    aliases: ['default', 'deadline', 'missed', 'silent'],
    title: 'Defaults: what the USN does at a step it sends nothing for',
    lines: [
      "Deployment: TF-11, TF-17, TF-6 and TF-9 at New-Caledonia, TF-44 and Australia's air at North-Australia (4.2).",
      'Command: CP ORG 0 INTEL 4 OPS 6 LOG 10, cut to the CP of the day (Logistics first) (7.3).',
      'Organization, air transfer, intelligence, movement: nothing (13.3, 21.5, 28, 14.5).',
      "Air missions: CAP with every carrier's ready fighters, carrier by carrier while Operations CP pay; no strikes (5.6 5a-b).",
      'Assignment: as committed (5.6 5a1a). Bombardment: none (17.4).',
      'Logistics: carriers refitted first, then every TF at sea refuelled (night), then bases refitted, then fatigue removed,',
      '   while Logistics CP pay (9a1, 9a2); a TF at sea left unrefuelled is fatigued.',
      'Losses: at random (2.2, 5.6 5a1f). Screening: none (33.1). Leadership: saved (8.4). Intelligence choice (36): an INTEL',
      '   without PREFER leaves it to you; silent, the first unidentified TF there is identified, else the first revealed.',
      "   A lost carrier's squadrons: the nearest carrier or base in range (21.4).",
      'NONE at a step means nothing there; DEFAULT means the line above.',
    ],
  },
  {
    topic: 'costs',
    aliases: ['cp', 'command-points', 'chart'],
    title: 'What orders cost (USN Command Missions Chart: the box; 5.2, 7.3)',
    lines: [
      `new TF ${cost('new-tf')}; reorganization ${cost('reorganize-hex')} per hex (13.3); emptied TF removed free`,
      `intelligence roll ${cost('intelligence-roll')} (${cost('intelligence-roll-historical')} with rule 31, 31.1); unidentify a TF ${cost('unidentify-usn-tf')} (28.6)`,
      `fast move ${cost('fast-move')} (14.3); land-based mission ${cost('land-air-mission')}, carrier mission ${cost('carrier-air-mission')} (5.6 5a-a, 5a-b); air transfer ${cost('air-transfer')} per origin (5.6 1f)`,
      `refit ${cost('refit-carrier-or-base')} per carrier or base; rest ${cost('remove-fatigue-tf')} per TF; repair ${cost('repair-ship')} per ship (9a1)`,
      `refuel ${cost('refuel-tf')} per TF at sea, one more with a USN B (30.4), free beside TF-6 with rule 34 (9a2, 34.1)`,
      'CP not spent by the end of the night are lost (7.4). The acknowledgment of your orders lists what they cost.',
    ],
  },
  {
    topic: 'fog',
    aliases: ['hidden', 'intelligence-rules', 'identified'],
    title: 'What you see of the IJN (27, 28)',
    lines: [
      'Every IJN TF marker and whether it is identified (28.1); the backs of its counters (carrier, transport, warship) (27.1).',
      'Its ships face up after a successful intelligence reveal of an identified TF, a surface combat, or, for carriers, a launch (4.3, 27.1).',
      'Strikes and escorts only against identified IJN TFs; bases always (28.4). A face-down ship is named IJN-<counter> once face up.',
      'Submarines: their markers, each real or false only on contact (19.4).',
    ],
  },
];
