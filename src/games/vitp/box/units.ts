/** Counter data shapes and a compact builder for the orders of appearance (3.1–3.3, 4.1). */
import { P, Source, p } from './provenance';

export type Nation = 'JP' | 'US' | 'GB' | 'AU' | 'NL';
export type UnitKind = 'ship' | 'lba' | 'amph' | 'sub';

export interface UnitData {
  readonly name: string;
  readonly side: 'japanese' | 'allied';
  readonly kind: UnitKind;
  readonly type: string; // CV, CVL, BB, BC, CA, CL, LBA, AMPH, SS
  readonly nation: P<Nation>;
  readonly gunnery: P<number>;
  readonly gunneryBonus: P<boolean>;
  readonly airstrike: P<number>;
  readonly airstrikeBonus: P<boolean>;
  /** armor for ships and amphibious units, defense for air units (3.1, 3.3) */
  readonly armor: P<number>;
  readonly speed: P<number>;
  /** Turn of arrival and where: a major port, or for Allied turn-1 forces a location letter (3.1). */
  readonly arrival: P<{ readonly turn: number; readonly at: string }>;
  /** British removals (4.42, 17.21): the turn the ship must leave play. */
  readonly removedOnTurn?: P<number>;
}

/**
 * A counter's printed profile as "gunnery-armor-speed/airstrike", a trailing "c" marking a circled
 * factor (attack bonus, 7.535), e.g. "1-4-7/4c" or "5c-6-5".
 */
export function parseProfile(profile: string) {
  const m = /^(\d)(c?)-(\d)-(\d)(?:\/(\d)(c?))?$/.exec(profile);
  if (!m) throw new Error(`bad profile ${profile}`);
  return {
    gunnery: Number(m[1]),
    gunneryBonus: m[2] === 'c',
    armor: Number(m[3]),
    speed: Number(m[4]),
    airstrike: m[5] ? Number(m[5]) : 0,
    airstrikeBonus: m[6] === 'c',
  };
}

export interface UnitSpec {
  readonly name: string;
  readonly type: string;
  readonly nation: Nation;
  readonly profile: string;
  readonly turn: number;
  readonly at: string;
  /** source of the factors; of the arrival when `arrivalSource` is absent */
  readonly source: Source;
  readonly arrivalSource?: Source;
  readonly removedOnTurn?: number;
  readonly removalSource?: Source;
}

export function unit(side: 'japanese' | 'allied', spec: UnitSpec): UnitData {
  const f = parseProfile(spec.profile);
  const s = spec.source;
  const kind: UnitKind = spec.type === 'LBA' ? 'lba' : spec.type === 'AMPH' ? 'amph' : spec.type === 'SS' ? 'sub' : 'ship';
  return {
    name: spec.name,
    side,
    kind,
    type: spec.type,
    nation: p(spec.nation, s),
    gunnery: p(f.gunnery, s),
    gunneryBonus: p(f.gunneryBonus, s),
    airstrike: p(f.airstrike, s),
    airstrikeBonus: p(f.airstrikeBonus, s),
    armor: p(f.armor, s),
    speed: p(f.speed, s),
    arrival: p({ turn: spec.turn, at: spec.at }, spec.arrivalSource ?? s),
    ...(spec.removedOnTurn !== undefined ? { removedOnTurn: p(spec.removedOnTurn, spec.removalSource ?? s) } : {}),
  };
}
