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
      'MOV.6: MOVE SS1 TO G, then SUB SS1 ATTACK TR9 (one die on that enemy sea unit; 1 or 2 hits).',
      'MOV.7 bombers (3 zones), MOV.8 fighters (2 zones): FLY FTR2 TO Guadalcanal.',
      'All of a turn in one mail: FOR TRANSPORTS, FOR BATTLESHIPS, FOR CARRIERS, FOR CRUISERS, FOR DESTROYERS, FOR SUBMARINES, FOR BOMBERS, FOR FIGHTERS, then the orders for that step.',
    ],
  },
  {
    topic: 'combat',
    aliases: ['battle', 'attack'],
    title: 'Combat (CMB, ATK, BOX)',
    lines: [
      'CMB.1 air, CMB.2 sea, CMB.4 land/airfields are fought zone by zone in board order; the first player rolls first, casualties after both (ATK.1-ATK.3).',
      'CMB.2 (FOR ARTILLERY): FIRE ART5 AT J: an artillery fires into one adjacent sea zone a turn.',
      'CMB.3 (FOR UNLOAD): UNLOAD TR1 TO Guadalcanal, or UNLOAD TR1 INF3 TO Malaita.',
      'CMB.4 (FOR BOMBARD): FIRE BB3 AT New-Georgia (one adjacent island a turn); AIRFIELD BMR7: it attacks airfields, 2 hits damage one (CMB.4).',
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
      'REG.1 control and capture are automatic. REG.2 (FOR LANDING): LAND FTR2 AT Guadalcanal, LAND FTR2 ON CV4; air units you leave out land at the nearest free place, else are lost.',
      "REG.3/REG.4 (FOR REGROUP), in the order written: BUILD AIRFIELD AT Malaita (3 supplies there), BUY 3 INF (10 + 4 per island you control), LOAD TR20 WITH INF21 (at base), REPAIR BB3 (1 supply at base), REPAIR AIRFIELD AT Guadalcanal (1 supply there), DEPLOY TR20 TO J (the zone's number in supplies at base).",
      'REG.5: 1 VP per undamaged airfield you control; 15 wins, both: more wins, a tie plays on (WIN).',
    ],
  },
  {
    topic: 'advantages',
    title: 'Advantage tokens (ADV, App. 1)',
    lines: [
      'USE BANZAI-CHARGE AT <island> (ADV.banzai-charge, Axis, in FOR BOMBARD), USE NIGHT-FIGHTING AT <sea zone> (ADV.night-fighting, Axis, in FOR ARTILLERY),',
      'USE GOOD-LOGISTICS (ADV.good-logistics, Allies, in FOR REGROUP before BUY), USE AMPHIBIOUS-ASSAULT AT <island> (ADV.amphibious-assault, Allies, in FOR BOMBARD).',
      'USE COMMAND-DECISION AT <zone> AIR|SEA|LAND (ADV.command-decision, both, in FOR COMMAND), USE QUICK-DROP AT <sea zone> then UNLOAD lines (ADV.quick-drop, Axis, in FOR QUICK-DROP),',
      'USE SUPERIOR-FIGHTERS (ADV.superior-fighters, Axis, in FOR FIGHTERS before FLY), USE COAST-WATCHERS (ADV.coast-watchers, Allies, in the step of the type to hold back; its lines go FOR WATCHED),',
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
    topic: 'defaults',
    title: 'What happens at a deadline',
    lines: [
      'Nothing moves, fires, unloads, builds or is bought; no advantage is used; air units land at the nearest free place (REG.2), those that cannot are lost.',
    ],
  },
];
