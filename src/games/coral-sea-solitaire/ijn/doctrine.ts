/**
 * The IJN system side's decisions (2.1, 2.2, 4a, 5a-c, 5a-d, 5a1d, 8.5, 9b, 29, 36): each is a
 * lookup on a box table with dice from the engine (named after the table and what it is for), and
 * returns the kit's record of it (table, column, row, dice, each modifier with reason and rule,
 * result, provenance) for a rules event. Nothing here chooses: where the rules say "at random"
 * (2.2) the kit's chooseAtRandom rolls. Pure: the caller gathers the facts and emits the records.
 */
import type { Dice, RollOptions } from '../../../engine/ruleset';
import { chooseAtRandom, type RandomChoice, rollOnTable, type TableRoll } from '../../kit';
import type { CoralBox, CoralSide, IjnTf, MoveResult, ShipType } from '../box/schema';
import { allowsChit, type Facts, modifiersFor } from './modifiers';

/** A decision with the IJN's leadership-chit check that preceded it, when there was one (8.5). */
export interface Decision<R> {
  readonly chit?: TableRoll<'keep' | 'use'>;
  readonly roll: TableRoll<R>;
}

/**
 * 8.5: when a function allows a chit and the IJN holds one, a die says whether it is used (5-6).
 * Returns the check (null when there is nothing to check) and the chits committed.
 */
export function ijnChitCheck(
  dice: Dice,
  box: CoralBox,
  ijnChits: number,
  allowed: boolean,
  forWhat: string,
  options?: RollOptions,
): { check?: TableRoll<'keep' | 'use'>; chits: CoralSide[] } {
  if (!allowed || ijnChits <= 0) return { chits: [] };
  const check = rollOnTable(dice, box.tables.leadershipUse, { for: forWhat, options });
  return { check, chits: check.result === 'use' ? ['ijn'] : [] };
}

const withChit = <R>(check: TableRoll<'keep' | 'use'> | undefined, roll: TableRoll<R>): Decision<R> =>
  check ? { chit: check, roll } : { roll };

export interface IjnContext {
  /** IJN leadership chits held (8.3). */
  readonly ijnChits: number;
  /** A USN chit the player committed to this function (8.4). */
  readonly usnChit?: boolean;
  readonly options?: RollOptions;
}

/**
 * 4a, 14.6, 9.4: the movement of one IJN TF (or `SS` for a submarine, 19.3). Before panic, its column
 * of the Movement Doctrine Table with the 28.3 modifiers; after panic, the post-panic table.
 */
export function movementDoctrine(
  dice: Dice,
  box: CoralBox,
  tf: IjnTf | 'SS',
  facts: Facts,
  ctx: IjnContext & { panicked: boolean },
): Decision<MoveResult> {
  if (ctx.panicked && tf !== 'SS') return { roll: rollOnTable(dice, box.tables.postPanicMovement, { for: tf, options: ctx.options }) };
  const { table, modifiers } = box.tables.movementDoctrine;
  const { check, chits } = ijnChitCheck(dice, box, ctx.ijnChits, allowsChit(modifiers, 'ijn', tf), `movement, ${tf}`, ctx.options);
  const roll = rollOnTable(dice, table, {
    column: tf,
    for: tf,
    modifiers: modifiersFor(modifiers, facts, { column: tf, chits }),
    options: ctx.options,
  });
  return withChit(check, roll);
}

/** 5a-c: what one IJN air base's land-based air does this day turn. */
export function landAirDoctrine(
  dice: Dice,
  box: CoralBox,
  base: string,
  facts: Facts,
  ctx: IjnContext,
): Decision<'none' | 'base' | 'task-force' | 'task-force-else-base'> {
  const { table, modifiers } = box.tables.landAirDoctrine;
  const { check, chits } = ijnChitCheck(dice, box, ctx.ijnChits, allowsChit(modifiers, 'ijn'), `air doctrine, ${base}`, ctx.options);
  return withChit(
    check,
    rollOnTable(dice, table, { for: base, modifiers: modifiersFor(modifiers, facts, { chits }), options: ctx.options }),
  );
}

/** 5a-d: whether a carrier TF (CSF, CG) with a target in NAC range launches, and at what. */
export function carrierDoctrine(
  dice: Dice,
  box: CoralBox,
  tf: IjnTf,
  facts: Facts,
  ctx: IjnContext,
): Decision<'no-launch' | 'identified-tf' | 'nearest-tf'> {
  const { table, modifiers } = box.tables.carrierDoctrine;
  const { check, chits } = ijnChitCheck(dice, box, ctx.ijnChits, allowsChit(modifiers, 'ijn'), `carrier doctrine, ${tf}`, ctx.options);
  return withChit(check, rollOnTable(dice, table, { for: tf, modifiers: modifiersFor(modifiers, facts, { chits }), options: ctx.options }));
}

export interface FighterSplit {
  readonly roll: TableRoll<number>;
  readonly ready: number;
  /** Squadrons on escort: the table's percentage of the ready fighters, rounded down (reconstructed). */
  readonly escort: number;
  readonly cap: number;
}

/** 5a1d: how many of a carrier's or base's ready fighters escort, the rest flying CAP. */
export function fighterCommitment(
  dice: Dice,
  box: CoralBox,
  who: string,
  readyFighters: number,
  facts: Facts,
  options?: RollOptions,
): FighterSplit {
  const { table, modifiers } = box.tables.fighterCommitment;
  const roll = rollOnTable(dice, table, { for: who, modifiers: modifiersFor(modifiers, facts), options });
  const escort = Math.floor((readyFighters * roll.result) / 100);
  return { roll, ready: readyFighters, escort, cap: readyFighters - escort };
}

export interface TargetShip {
  readonly id: string;
  readonly type: ShipType;
}

export interface TargetChoice {
  readonly roll: TableRoll<'carrier' | 'capital' | 'transport' | 'random'>;
  /** The ships of the rolled category (all ships when it is `random` or the category is absent). */
  readonly among: readonly string[];
  readonly pick: RandomChoice<string>;
}

const CATEGORY: Record<'carrier' | 'capital' | 'transport', readonly ShipType[]> = {
  carrier: ['CV', 'CVL'],
  capital: ['BB', 'B', 'CA'],
  transport: ['TR'],
};

/**
 * 22.2, Q4: the ship an air strike on a TF attacks: one roll on the Target Selection Table for the
 * hex (Q4), then at random (2.2) among the ships of that category; for carriers the largest type
 * first (CV before CVL); a category the TF lacks falls back to any ship at random.
 */
export function targetSelection(dice: Dice, box: CoralBox, hex: string, ships: readonly TargetShip[], options?: RollOptions): TargetChoice {
  const roll = rollOnTable(dice, box.tables.targetSelection, { for: hex, options });
  const ids = shipsOfCategory(roll.result, ships);
  return { roll, among: ids, pick: chooseAtRandom(dice, ids, `target in ${hex}`, '2.2', options) };
}

/** The ships a Target Selection result points at: its category (CV before CVL), or every ship when it is `random` or absent. */
export function shipsOfCategory(category: 'carrier' | 'capital' | 'transport' | 'random', ships: readonly TargetShip[]): string[] {
  let among: TargetShip[] = category === 'random' ? [...ships] : ships.filter((s) => CATEGORY[category].includes(s.type));
  if (category === 'carrier' && among.some((s) => s.type === 'CV')) among = among.filter((s) => s.type === 'CV');
  if (!among.length) among = [...ships];
  return among.map((s) => s.id);
}

/** The Scouting Table's distance band for a distance, or null beyond the table. */
const band = (d: number) => (d <= 2 ? '0-2' : d <= 4 ? '3-4' : d <= 6 ? '5-6' : d <= 8 ? '7-8' : null);

/**
 * 29: one scouting roll by a TF or major base against one unidentified enemy TF at `distance`
 * hexes. Null (no roll) when out of scouting range: a TF's or a major base's, halved (rounded down)
 * in bad weather (36, result 6).
 */
export function scoutingRoll(
  dice: Dice,
  box: CoralBox,
  scout: {
    readonly name: string;
    readonly kind: 'taskForce' | 'majorBase';
    readonly side: CoralSide;
    readonly cypInTf?: boolean;
    readonly chit?: boolean;
  },
  target: string,
  distance: number,
  weather: { readonly bad: boolean },
  options?: RollOptions,
): TableRoll<'found' | 'missed'> | null {
  const full = box.scoutingRange[scout.kind].value;
  const range = weather.bad ? Math.floor(full / 2) : full;
  const column = band(distance);
  if (distance > range || column === null) return null;
  const { table, modifiers } = box.tables.scouting;
  const mods = modifiersFor(modifiers, { cypInTf: scout.cypInTf === true }, { column, chits: scout.chit ? [scout.side] : [] });
  return rollOnTable(dice, table, { column, for: `${scout.name} on ${target}`, modifiers: mods, options });
}

/** 3: which side has the operational initiative; a USN chit the player committed, the IJN's by 8.5. */
export function operationalInitiative(dice: Dice, box: CoralBox, turn: string, ctx: IjnContext): Decision<CoralSide> {
  const { table, modifiers } = box.tables.operationalInitiative;
  const { check, chits } = ijnChitCheck(dice, box, ctx.ijnChits, allowsChit(modifiers, 'ijn'), `initiative, ${turn}`, ctx.options);
  const all: CoralSide[] = [...(ctx.usnChit ? (['usn'] as const) : []), ...chits];
  return withChit(
    check,
    rollOnTable(dice, table, { for: turn, modifiers: modifiersFor(modifiers, {}, { chits: all }), options: ctx.options }),
  );
}

/** 5b2, 16.3(2): which side attacks in one hex's surface combat (26.2 night, 28.5, 8.2 chits). */
export function tacticalInitiative(dice: Dice, box: CoralBox, hex: string, facts: Facts, ctx: IjnContext): Decision<CoralSide> {
  const { table, modifiers } = box.tables.tacticalInitiative;
  const { check, chits } = ijnChitCheck(dice, box, ctx.ijnChits, allowsChit(modifiers, 'ijn'), `tactical initiative, ${hex}`, ctx.options);
  const all: CoralSide[] = [...(ctx.usnChit ? (['usn'] as const) : []), ...chits];
  return withChit(
    check,
    rollOnTable(dice, table, { for: hex, modifiers: modifiersFor(modifiers, facts, { chits: all }), options: ctx.options }),
  );
}

/** 1a, 10, 36: the day's random event (never on turn 1, 10.2: the caller skips it). */
export const randomEvent = (dice: Dice, box: CoralBox, turn: string) => rollOnTable(dice, box.tables.randomEvents, { for: turn });

/** 36, result 4 (Victory Fever): panic 1-3 rises one, 7-9 falls one, otherwise nothing (as printed). */
export function victoryFever(panic: number): number {
  if (panic >= 1 && panic <= 3) return panic + 1;
  if (panic >= 7 && panic <= 9) return panic - 1;
  return panic;
}

/** 36, result 5: the USN loses a die's worth of the day's CP (the roll is the foul-up's own). */
export const commandFoulUp = (dice: Dice, turn: string): number => dice.d6(`command control foul-up, ${turn}`, '36');

/** 9b1: one roll per fatigue or damage marker on an IJN ship. */
export const ijnShipRecovery = (dice: Dice, box: CoralBox, ship: string, marker: 'fatigue' | 'damage', options?: RollOptions) =>
  rollOnTable(dice, marker === 'fatigue' ? box.tables.ijnShipFatigue : box.tables.ijnShipDamage, { for: ship, options });

/** 9b2: one roll per IJN air unit in a Recovery box (one per squadron: air units are change, 21.7). */
export const ijnAirRecovery = (dice: Dice, box: CoralBox, unit: string, based: 'carrier' | 'land', options?: RollOptions) =>
  rollOnTable(dice, based === 'carrier' ? box.tables.ijnCarrierAirRecovery : box.tables.ijnLandAirRecovery, { for: unit, options });
