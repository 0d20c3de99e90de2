/** The order reference by HELP topic (`HELP ORDERS`, `HELP COMBAT`, `HELP ATK.cargo` finds the lines citing it). */
import type { ReferenceSection } from '../../engine/ruleset';

export const guadalcanalReference: readonly ReferenceSection[] = [
  {
    topic: 'orders',
    aliases: ['movement', 'move'],
    title: 'Movement orders (MOV)',
    lines: [
      'One order a line; unit ids (TR3, FTR2, SUP7) are in every report. NONE: nothing this step.',
      'MOV.1 transports, MOV.5 destroyers: LOAD TR1 WITH INF3 SUP2 (from islands next to it, or at your base), then MOVE TR1 TO J.',
      'MOV.2-MOV.4: MOVE BB1 TO J. Sea units move 1 sea zone; your base sea zone is 1 move from its route-to-base zones (MOV).',
      'MOV.6, one submarine at a time: MOVE SS1 TO G, then SUB SS1 ATTACK TR9 (one die on that enemy sea unit; 1 or 2 hits), rolled before the next is ordered; you are asked again for the rest until NONE. Several in one mail go in the order written; SUB SS2 ATTACK TR9 TR3: the first not hit yet this step. Casualties after the last.',
      'MOV.7 bombers (3 zones), MOV.8 fighters (2 zones): FLY FTR2 TO Guadalcanal.',
      'All of a turn in one mail: FOR TRANSPORTS, FOR BATTLESHIPS, FOR CARRIERS, FOR CRUISERS, FOR DESTROYERS, FOR SUBMARINES, FOR BOMBERS, FOR FIGHTERS, then the orders for that step.',
    ],
  },
  {
    topic: 'combat',
    aliases: ['battle', 'attack'],
    title: 'Combat (CMB, ATK, BOX)',
    lines: [
      'CMB: CMB.1 air, CMB.2 sea, CMB.4 land/airfields are fought zone by zone: the first player chooses the next zone (ZONES J, asked only when a ranged unit could fire into two zones left), declares and rolls; the second declares, having seen those dice, and rolls; casualties after both (ATK.1-ATK.3).',
      'CMB.2, when a sea zone next to your artillery is fought (FOR J): FIRE ART5 AT J: an artillery fires into one adjacent sea zone a turn.',
      'CMB.3 (FOR UNLOAD): UNLOAD TR1 TO Guadalcanal, or UNLOAD TR1 INF3 TO Malaita.',
      'CMB.4, when an island is fought (FOR Guadalcanal): FIRE BB3 AT Guadalcanal (one adjacent island a turn); AIRFIELD BMR7: it attacks the airfields, 2 hits damage one. Asked only with both enemy land units and an enemy airfield there; with no land unit there, air units and ships firing in attack the airfield.',
      'Option combat-declared-ahead (departs from CMB, CMB.2, CMB.4): FIRE and AIRFIELD for every zone in FOR ARTILLERY / FOR BOMBARD, before the step; zones in board order.',
      'BOX: die k sits in slot ((k-1) mod 12)+1; a 1 or 2 hits the type printed there; an absent type reads the chart from slot 1 (ATK.absent).',
      'ATK.cargo: one hit ignored per battleship a turn first; among alike units (undamaged first) the attacker picks on a 1, the defender on a 2.',
      'ATK.cargo (HITS): HITS TR5 FTR2 INF30 with the orders of a step you play alone (not the sealed sea step or the landing step, whose orders the other side sees), best first: your units to lose first on a 2, enemy units to take first on a 1. It stands until a new HITS line (HITS DEFAULT clears it); only you see it.',
      'ATK.cargo default (no list, or no listed unit among the choices): the attacker takes the most loaded unit (cargo at cost), the defender gives the least loaded; ties by id.',
      'ATK.damage: destroyers, cruisers, carriers, battleships hit by a 2 are damaged and go home for repair; a second hit destroys.',
    ],
  },
  {
    topic: 'regroup',
    aliases: ['reinforce', 'landing'],
    title: 'Regroup (REG)',
    lines: [
      'REG.1 control and capture are automatic. REG.2 (FOR LANDING): LAND FTR2 AT Guadalcanal, LAND FTR2 ON CV4; air units you leave out land so that the most, then the costliest, survive (each at the nearest place it can have); the others are lost.',
      'REG.3 (FOR BUILD): BUILD AIRFIELD AT Malaita (3 supplies there). REG.4a (FOR REINFORCE): BUY 3 INF (10 + 4 per island you control), LOAD TR20 WITH INF21 (at base). Each starting with the first player.',
      "REG.4b (FOR REPAIR): REPAIR BB3 (1 supply at base; LOAD it then), REPAIR AIRFIELD AT Guadalcanal (1 supply there). REG.4c (FOR DEPLOY): DEPLOY TR20 TO J (the zone's number in supplies at base).",
      'Option regroup-in-one-step (departs from REG.3, REG.4a-c): all of it FOR REGROUP, in the order written.',
      'REG.5: 1 VP per undamaged airfield you control; 15 wins, both: more wins, a tie plays on (WIN).',
    ],
  },
  {
    topic: 'advantages',
    title: 'Advantage tokens (ADV, App. 1)',
    lines: [
      'USE BANZAI-CHARGE AT <island> (ADV.banzai-charge, Axis, in FOR BOMBARD), USE NIGHT-FIGHTING AT <sea zone> (ADV.night-fighting, Axis, in FOR ARTILLERY),',
      'USE GOOD-LOGISTICS (ADV.good-logistics, Allies, in FOR REINFORCE before BUY), USE AMPHIBIOUS-ASSAULT AT <island> (ADV.amphibious-assault, Allies, in FOR BOMBARD).',
      'USE COMMAND-DECISION AT <zone> AIR|SEA|LAND (ADV.command-decision, both, in FOR COMMAND), USE QUICK-DROP AT <sea zone> then UNLOAD lines, all onto one island next to it (ADV.quick-drop, Axis, in FOR QUICK-DROP),',
      'USE SUPERIOR-FIGHTERS (ADV.superior-fighters, Axis, in FOR FIGHTERS before FLY), USE COAST-WATCHERS (ADV.coast-watchers, Allies, in the step of the type to hold back; with hidden movement in FOR LOADING, naming it: USE COAST-WATCHERS CA; its lines go FOR WATCHED),',
      'USE PT-BOATS AT <sea zone with your unit> (ADV.pt-boats, Allies, in FOR ARTILLERY; the PT boat moves FOR DESTROYERS).',
    ],
  },
  {
    topic: 'hidden',
    title: 'Hidden movement (HID, App. 1)',
    lines: [
      'HID.1 (FOR LOADING): LOAD lines. HID.2 (FOR SEA): MOVE lines for every sea unit, sealed until both sides are in, then carried out together.',
      'HID.3 (FOR SUBMARINES): SUB SS1 ATTACK TR9, no moving. HID.4, HID.5: FLY as in MOV.7, MOV.8.',
    ],
  },
  {
    topic: 'standing',
    title: 'Standing instructions (they answer the decisions the rulebook asks one at a time)',
    lines: [
      'Lines starting with STANDING, in any mail; only you see them. Each kind has a default in force from the start (ZONES BOARD, RANGED FIRST, AIRFIELDS BOMBERS, TORPEDOES TR CV BB CA DD SS PT); a line changes its kind alone; STANDING ASK <kind> to be asked instead, STANDING DEFAULTS for the defaults again. Orders you send for a step come first.',
      'STANDING ZONES J H Guadalcanal (or ZONES BOARD): as first player, the order of zones in combat (CMB): those listed first, then board order.',
      'STANDING RANGED FIRST (or RANGED NONE): each artillery, cruiser and battleship joins the first attack it can reach (CMB.2, CMB.4).',
      'STANDING AIRFIELDS NEVER | BOMBERS | ALL: on an island with enemy land units and an enemy airfield, who attacks the airfield (CMB.4).',
      'STANDING TORPEDOES TR CV BB CA DD SS (or TORPEDOES NONE): each submarine not ordered stays and attacks in its zone by these types, the most loaded first, one not hit yet first (MOV.6).',
      'A decision is answered only when the instructions cover every choice in it; otherwise you are asked.',
    ],
  },
  {
    topic: 'defaults',
    title: 'What happens at a deadline',
    lines: [
      'Nothing moves, fires, unloads, builds or is bought; no advantage is used; the submarines left do not attack; zones in board order; air units land so that the most, then the costliest, survive (REG.2), the others are lost; air units over an island with an enemy airfield and no enemy land unit attack the airfield (CMB.4).',
    ],
  },
];
