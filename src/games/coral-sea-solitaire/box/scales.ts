/**
 * The scales of the game: the Victory Point Schedule (6.1) and its levels (6.2), the IJN Panic
 * Points Chart (9.2), the USN Command Missions Chart (7, 13.3, 14.3, 5a, 9a, 28, 30.4).
 */
import { fromRule, rebuilt, SOLOMONS } from './provenance';

const vpRec = (v: number, what: string) => rebuilt(v, `${SOLOMONS}: ${what}`);

export const scalesData = {
  vp: {
    usnGains: {
      'ijn-CV': vpRec(50, 'CV'),
      'ijn-CVL': vpRec(40, 'CVL'),
      'ijn-BB': vpRec(30, 'BB'),
      'ijn-CA': vpRec(20, 'CA'),
      'ijn-CL': vpRec(20, 'CL'),
      'ijn-DD': vpRec(10, 'DD'),
      'ijn-TR': vpRec(5, 'TR'),
      'ijn-GB': vpRec(3, 'between TR and DD'),
      'ijn-CYP': vpRec(5, 'as a TR'),
      'ijn-squadron': vpRec(2, 'per Japanese NAC or LAC squadron'),
      'ijn-panic': fromRule(75, '9, Q1'),
      'ijn-battleship-committed': fromRule(20, '30.3, Q2'),
      // surface:
      'bombard-level': rebuilt(
        2,
        '17.1 says bombardment may generate VP without saying for whom: the USN scores a level of Lae destroyed as the IJN scores one of Port Moresby',
      ),
    },
    ijnGains: {
      'usn-CV': vpRec(50, 'CV'),
      'usn-B': vpRec(30, 'B'),
      'usn-CA': vpRec(20, 'CA'),
      'usn-DD': vpRec(10, 'DD'),
      'usn-CYP': vpRec(5, 'as a TR'),
      'usn-squadron': vpRec(1, 'per US squadron'),
      'landing-Port-Moresby': rebuilt(15, "per transport landed (20.1): the operation's object, worth a cruiser and a half"),
      'landing-Tulagi': rebuilt(10, 'per transport landed (20.1): the lesser objective'),
      'bombard-level': rebuilt(2, 'per minor-base strength level destroyed by bombardment (17.1)'),
      'usn-battleship-committed': fromRule(20, '30.4'),
      'tf6-eliminated': fromRule(10, '34.3'),
      'post-panic-ship-in-Rabaul': fromRule(3, '9.4'),
    },
    crippledFraction: rebuilt(
      0.5,
      'a crippled ship scores half a sunk one (6.3 counts it out of the battle); the Solomons chart scores only eliminations',
    ),
    levels: fromRule({ strategic: 3, tactical: 2, marginal: 1.5 }, '6.2'),
  },
  panicPoints: {
    'ijn-CV-sunk': rebuilt(
      5,
      'calibrated so the historical losses (Shoho sunk, Shokaku crippled, about nine IJN squadrons, Lexington sunk, Tulagi taken) bring panic to 8-10 by Day 8 May (brief 7.2 #10)',
    ),
    'ijn-CV-crippled': rebuilt(4, 'as ijn-CV-sunk'),
    'ijn-CVL-sunk': rebuilt(4, 'as ijn-CV-sunk'),
    'ijn-CVL-crippled': rebuilt(2, 'as ijn-CV-sunk'),
    'ijn-BB-sunk': rebuilt(3, 'a battleship lost alarms the command'),
    'ijn-CA-sunk': rebuilt(2, 'a heavy cruiser lost'),
    'ijn-CA-crippled': rebuilt(1, 'a heavy cruiser out of action'),
    'ijn-TR-sunk': rebuilt(1, 'an invasion transport lost'),
    'ijn-squadrons-per-point': rebuilt(3, 'one panic point per three IJN squadrons eliminated'),
    'usn-CV-sunk': rebuilt(-2, 'Victory Fever (36) shows that IJN successes lower panic'),
    'usn-CV-crippled': rebuilt(-1, 'as usn-CV-sunk'),
    'landing-per-transport': rebuilt(-1, 'each landing completed steadies the command'),
  },
  commandMissions: {
    'new-tf': { slot: 'organization', cost: fromRule(3, '13.3') },
    'reorganize-hex': { slot: 'organization', cost: fromRule(2, '13.3') },
    'remove-empty-tf': { slot: 'organization', cost: fromRule(0, '13.3') },
    'intelligence-roll': {
      slot: 'intelligence',
      cost: rebuilt(1, '31.1 makes a roll cost two CP under the historical deployment, so it costs one otherwise'),
    },
    'intelligence-roll-historical': { slot: 'intelligence', cost: fromRule(2, '31.1') },
    'unidentify-usn-tf': {
      slot: 'intelligence',
      cost: rebuilt(2, '28.6 lets intelligence CP flip a USN TF back; dearer than a roll, as deception should be'),
    },
    'fast-move': { slot: 'operations', cost: fromRule(1, '14.3') },
    'land-air-mission': { slot: 'operations', cost: fromRule(1, '5.6 5a-a') },
    'carrier-air-mission': { slot: 'operations', cost: fromRule(2, '5.6 5a-b') },
    'air-transfer': { slot: 'operations', cost: rebuilt(1, '1f is a (CP) phase: one CP per carrier or base flown from') },
    'fly-from-other-base': {
      slot: 'operations',
      cost: rebuilt(1, '21.4: flying from a carrier or base other than the original costs extra'),
    },
    'refit-carrier-or-base': { slot: 'logistics', cost: rebuilt(1, '9a1: per carrier or airbase with air in Recovery') },
    'remove-fatigue-tf': { slot: 'logistics', cost: rebuilt(1, '9a1: per TF whose ships shed fatigue') },
    'repair-ship': { slot: 'logistics', cost: rebuilt(2, '9a1: per damaged ship; dearer than fatigue') },
    'refuel-tf': { slot: 'logistics', cost: rebuilt(1, '9a2: per TF at sea on a night turn') },
    'refuel-tf-with-b': { slot: 'logistics', cost: fromRule(1, '30.4') },
  },
};
