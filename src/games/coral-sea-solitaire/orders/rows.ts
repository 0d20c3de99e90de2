/**
 * Which step-table row (../steps.ts) each order belongs to, the syntax each row takes, and the FOR
 * word that sends an order ahead to its row. An order in the wrong step's section is refused with
 * the FOR word that would carry it (`MOVE ... belongs to USN naval movement: write it after FOR
 * MOVEMENT`).
 */
import { ROWS, type CoralRow } from '../steps';
import type { CoralOrder } from '../types';

type Kind = CoralOrder['kind'];

/** The row each kind of order is given at (`none` fits any; the IJN system side's orders are never mailed). */
export const ROW_OF: Readonly<Record<Exclude<Kind, 'none' | `ijn-${string}`>, string>> = {
  deploy: 'deployment',
  'base-air': 'deployment',
  'reinforce-cv3': 'deployment',
  battleships: 'deployment',
  'battleships-tf': 'deployment',
  allocate: 'command-decision',
  'new-tf': 'organization',
  transfer: 'organization',
  'air-transfer': 'air-transfer',
  intelligence: 'intelligence',
  unidentify: 'intelligence',
  move: 'movement-usn',
  stay: 'movement-usn',
  mission: 'air-missions',
  'assign-committed': 'air-assign',
  assign: 'air-assign',
  bombard: 'bombard-usn',
  'no-bombard': 'bombard-usn',
  refit: 'logistics-usn',
  rest: 'logistics-usn',
  repair: 'logistics-usn',
  refuel: 'logistics-usn',
  'refuel-all': 'logistics-usn',
  losses: 'air-losses',
  'losses-priority': 'air-losses',
  screen: 'screen',
  'screen-max': 'screen',
  leadership: 'leadership',
  'intelligence-choice': 'intelligence-choice',
  land: 'basing-choice',
};

export const rowOfOrder = (o: CoralOrder): string | null => (o.kind in ROW_OF ? ROW_OF[o.kind as keyof typeof ROW_OF] : null);

const BY_ID = new Map(ROWS.map((r) => [r.id, r]));
export const rowById = (id: string): CoralRow | undefined => BY_ID.get(id);

/** The row of a step id (`t3/movement-usn` → `movement-usn`), or null when none. */
export function rowOfStep(stepId: string): CoralRow | null {
  const m = /^t\d+\/([^/]+)/.exec(stepId);
  return (m && BY_ID.get(m[1])) || null;
}

/** The USN's rows: those that owe the player's orders, in the order of play. */
export const USN_ROWS: readonly CoralRow[] = ROWS.filter((r) => r.owes === 'one');

/** The order lines each USN row takes, with their rules: the syntax quoted in errors and HELP. */
export const SYNTAX: Readonly<Record<string, readonly string[]>> = {
  deployment: [
    'DEPLOY <TF> AT <hex or place>   TF-11, TF-17, TF-6, TF-9 on or next to New-Caledonia; TF-44 at North-Australia or South-Australia (4.2)',
    "BASE <squadrons> AT North-Australia | South-Australia   Australia's 5 LF, 6 LMB, 2 LHB split between its bases (4.2)",
    'CV-3 WITH <TF>   option 30.1 with a die of 0: CV-3 and DD-7 join a TF starting at New Caledonia (30.1)',
    'B-1[, B-2] WITH <TF>  |  B-1[, B-2] NEW TF[-n] WITH <DD> FROM <TF>   option 30.4: battleships join a New Caledonia TF or start their own (30.4)',
  ],
  'command-decision': [
    "CP ORG <n> INTEL <n> OPS <n> LOG <n>   the day's CP to the four staff slots; the sum at most the CP of the day (7.2, 7.3)",
  ],
  organization: [
    "NEW TF-<n> FROM <TF>: <ships>   a new TF in that TF's hex, 3 Organization CP (13.3)",
    'TRANSFER <ships> FROM <TF> TO <TF>   between TFs in one hex, 2 Organization CP per hex (13.3); a TF emptied is removed free',
  ],
  'air-transfer': [
    'TRANSFER AIR <squadrons> FROM <carrier or base> TO <carrier or base>   at triple range, no combat; the squadrons are fatigued (21.5)',
  ],
  intelligence: [
    "INTEL <IJN TF> [PREFER IDENTIFY | PREFER REVEAL]   one Intelligence Table roll on the TF's hex, Intelligence CP (28, 36)",
    'INTEL <IJN TF> UNTIL REVEALED | UNTIL IDENTIFIED MAX <n>   roll again on it, at most n times, while the slot pays (28, 36)',
    'UNIDENTIFY <USN TF>   flip a USN TF back to unidentified, Intelligence CP (28.6)',
  ],
  'movement-usn': [
    'MOVE <TF> <hex> <hex> ... [FAST]   hex by hex (14.4-14.5); FAST adds one hex for one Operations CP (14.3)',
    'MOVE <TF> <direction> <direction> ... [FAST]   NE, E, SE, SW, W, NW (14.4)',
    'MOVE <TF> TO <hex or place> [FAST]   by the shortest sea path, as far as the TF moves (14.4)',
    'STAY <TF>   the TF does not move (14.5)',
  ],
  'air-missions': [
    'STRIKE <carrier or base> <squadrons> AT <identified IJN TF or base> [EXTENDED]   (22.2, 28.4; 32 for EXTENDED)',
    "ESCORT <carrier or base> <fighters> [AT <target>] [EXTENDED]   fighters with that origin's strike (22.1)",
    "CAP <carrier or base> <fighters>   over the origin's own hex (21.2, 22.1)",
    'each origin and target is one mission: 1 Operations CP from a base, 2 from a carrier (5.6 5a-a, 5a-b)',
  ],
  'air-assign': [
    'ASSIGN AS COMMITTED   every ready squadron flies the missions committed (5.6 5a1a)',
    'ASSIGN <carrier or base> <squadrons> TO STRIKE | ESCORT | CAP [AT <target>]   (5.6 5a1a)',
  ],
  'bombard-usn': ['BOMBARD <IJN base> WITH <TF>[, <TF>]  |  NO BOMBARD   (17.1, 17.4)'],
  'logistics-usn': [
    'REFIT <carrier or base>[, ...]  |  REFIT CARRIERS   recovery box back to ready, Logistics CP each (9a1)',
    "REST <TF>   removes its ships' fatigue, Logistics CP (9a1)",
    'REPAIR <ship>   removes a damage marker, Logistics CP (9a1)',
    'REFUEL <TF>[, <TF>]  |  REFUEL ALL   night turns: each TF at sea not refuelled is fatigued (9a2; 34.1 with TF-6)',
  ],
  'air-losses': [
    'LOSSES <squadrons>   which of your squadrons in the fight take the losses, e.g. LOSSES 2 VB, 1 VF (5.6 5a1f; 32.1 normal range first)',
    'LOSSES FIGHTERS LAST | LOSSES BOMBERS FIRST | LOSSES FIRST <types>   by type, at random within a type (2.2)',
  ],
  screen: ['SCREEN <ships>  |  SCREEN MAX  |  SCREEN NONE   ships kept out of the fight while the rest keeps 150% (33.1)'],
  leadership: ['LEADERSHIP USE | LEADERSHIP SAVE   one chit on this roll (8.4, 8.6)'],
  'intelligence-choice': ['IDENTIFY [<IJN TF>] | REVEAL [<IJN TF>]   the choice on an Intelligence Table 4 or 5 (36)'],
  'basing-choice': ["LAND <carrier> AIR ON <carrier or base>   where a lost carrier's squadrons land when two are equally near (21.4)"],
};

/** Lines any step takes. */
export const ANY_STEP = ['NONE   nothing at this step', 'DEFAULT   the documented default of this step (HELP DEFAULTS)'];

/** What the player writes to send an order of `row` ahead. */
export function forWordOf(rowId: string): string | undefined {
  return BY_ID.get(rowId)?.for;
}
