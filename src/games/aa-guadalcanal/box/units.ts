/**
 * The unit table (UNIT.<type>, reinforcement costs REG.4a, piece counts COMP), the battle box chart
 * (BOX), the advantage tokens (ADV) and the turn and scoring constants. All printed in the rulebook.
 */
import type { GuadalcanalBox, UnitSpec, UnitType } from './schema';
import { p, rule } from './provenance';

interface UnitRow {
  name: string;
  category: 'air' | 'sea' | 'land';
  cost: number;
  air: number;
  sea: number;
  land: number;
  move: number;
  cargo?: number;
  deck?: number;
  ranged?: 'adjacent-sea' | 'adjacent-island';
  resilient?: boolean;
  armor?: boolean;
  capital?: boolean;
  torpedo?: boolean;
  axis: number;
  allies: number;
}

/** One row per unit type: every value is printed on the unit's page and in the component list. */
const rows: Record<UnitType, UnitRow> = {
  INF: { name: 'Infantry', category: 'land', cost: 1, air: 0, sea: 0, land: 1, move: 0, axis: 12, allies: 10 },
  ART: { name: 'Artillery', category: 'land', cost: 2, air: 0, sea: 1, land: 1, move: 0, ranged: 'adjacent-sea', axis: 7, allies: 7 },
  AA: { name: 'Antiaircraft gun', category: 'land', cost: 2, air: 3, sea: 0, land: 0, move: 0, axis: 6, allies: 6 },
  TR: { name: 'Transport', category: 'sea', cost: 2, air: 0, sea: 0, land: 0, move: 1, cargo: 2, axis: 10, allies: 10 },
  SS: { name: 'Submarine', category: 'sea', cost: 4, air: 0, sea: 0, land: 0, move: 1, torpedo: true, axis: 8, allies: 8 },
  DD: { name: 'Destroyer', category: 'sea', cost: 5, air: 1, sea: 1, land: 0, move: 1, cargo: 1, resilient: true, axis: 10, allies: 10 },
  CA: {
    name: 'Cruiser',
    category: 'sea',
    cost: 7,
    air: 1,
    sea: 2,
    land: 1,
    move: 1,
    ranged: 'adjacent-island',
    resilient: true,
    axis: 8,
    allies: 8,
  },
  CV: {
    name: 'Aircraft carrier',
    category: 'sea',
    cost: 7,
    air: 0,
    sea: 0,
    land: 0,
    move: 1,
    deck: 2,
    resilient: true,
    capital: true,
    axis: 5,
    allies: 5,
  },
  BB: {
    name: 'Battleship',
    category: 'sea',
    cost: 12,
    air: 1,
    sea: 3,
    land: 2,
    move: 1,
    ranged: 'adjacent-island',
    resilient: true,
    armor: true,
    capital: true,
    axis: 6,
    allies: 6,
  },
  BMR: { name: 'Bomber', category: 'air', cost: 5, air: 1, sea: 2, land: 2, move: 3, axis: 7, allies: 7 },
  FTR: { name: 'Fighter', category: 'air', cost: 3, air: 2, sea: 1, land: 1, move: 2, axis: 8, allies: 8 },
};

function unit(type: UnitType, r: UnitRow): UnitSpec {
  const at = rule(`UNIT.${type}`);
  return {
    name: r.name,
    category: p(r.category, at),
    cost: p(r.cost, rule('REG.4a')),
    attack: p({ air: r.air, sea: r.sea, land: r.land }, at),
    // sea units: 1 zone (MOV); bombers 3, fighters 2 (UNIT.*); land units are only carried (MOV)
    move: p(r.move, r.category === 'sea' ? rule('MOV') : r.category === 'land' ? rule('MOV') : at),
    cargoSpaces: p(r.cargo ?? 0, at),
    flightDeck: p(r.deck ?? 0, at),
    ranged: p(r.ranged ?? 'none', at),
    resilient: p(r.resilient ?? false, at),
    heavyArmor: p(r.armor ?? false, at),
    capital: p(r.capital ?? false, at),
    torpedo: p(r.torpedo ?? false, at),
    pieces: p({ axis: r.axis, allies: r.allies }, rule('COMP')),
  };
}

export const units = Object.fromEntries(Object.entries(rows).map(([t, r]) => [t, unit(t as UnitType, r)])) as GuadalcanalBox['units'];

export const supplyToken: GuadalcanalBox['supplyToken'] = {
  cost: p(2, rule('REG.4a')),
  // 20 supply tokens; 10 a side per S12, the rulebook only gives the total
  pieces: p({ axis: 10, allies: 10 }, { kind: 'reference', ref: 'S12', status: 'confirmed' }),
};

export const battleBox: GuadalcanalBox['battleBox'] = {
  air: p(['FTR', 'FTR', 'FTR', 'FTR', 'BMR', 'BMR', 'FTR', 'FTR', 'FTR', 'FTR', 'BMR', 'BMR'], rule('BOX')),
  sea: p(['DD', 'CA', 'BB', 'CV', 'TR', 'SS', 'DD', 'CA', 'BB', 'CV', 'TR', 'SS'], rule('BOX')),
  land: p(['INF', 'INF', 'INF', 'ART', 'ART', 'AA', 'INF', 'INF', 'INF', 'ART', 'ART', 'AA'], rule('BOX')),
};

const tokens = (name: string, axis: number, allies: number) => p({ axis, allies }, rule(`ADV.${name}`));

/** Command Decision is listed for both sides, 1 token each; the other advantages belong to one side. */
export const advantages: GuadalcanalBox['advantages'] = {
  'command-decision': tokens('command-decision', 1, 1),
  'banzai-charge': tokens('banzai-charge', 1, 0),
  'night-fighting': tokens('night-fighting', 2, 0),
  'quick-drop': tokens('quick-drop', 2, 0),
  'superior-fighters': tokens('superior-fighters', 2, 0),
  'good-logistics': tokens('good-logistics', 0, 1),
  'amphibious-assault': tokens('amphibious-assault', 0, 2),
  'pt-boats': tokens('pt-boats', 0, 2),
  'coast-watchers': tokens('coast-watchers', 0, 2),
};

export const constants: GuadalcanalBox['constants'] = {
  victoryPoints: p(15, rule('WIN')),
  vpPerAirfield: p(1, rule('REG.5')),
  vpPerCapitalShip: p(1, rule('UNIT.CV')),
  reinforceBase: p(10, rule('REG.4a')),
  reinforcePerIsland: p(4, rule('REG.4a')),
  airfieldBuildSupplies: p(3, rule('REG.3')),
  airfieldRepairSupplies: p(1, rule('REG.4b')),
  shipRepairSupplies: p(1, rule('REG.4b')),
  airfieldCapacity: p(2, rule('REG.2')),
  hitFaces: p([1, 2], rule('ATK.3')),
  airfieldHitsPerDamage: p(2, rule('CMB.4')),
  diceInBox: p(12, rule('COMP')),
  airfieldMarkers: p(9, rule('COMP')),
  damagedMarkers: p(9, rule('COMP')),
  controlMarkers: p(6, rule('COMP')),
  advantageTokens: p({ axis: 8, allies: 8 }, rule('ADV')),
  playingPieces: p({ axis: 87, allies: 85 }, rule('COMP')),
};
