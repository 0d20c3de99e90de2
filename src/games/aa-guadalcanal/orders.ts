/**
 * Order lines (README "Orders"): one order a line, any case, `#` comments. Parsing reads the words
 * only; validate.ts checks them against the position. Errors cite the section and show the syntax.
 */
import type { LineError, ParseResult, StepInfo } from '../../engine/ruleset';
import { didYouMean } from '../kit';
import { ADVANTAGES, ISLANDS, ZONE_IDS, type Advantage, type Category, type IslandId, type UnitType, type ZoneId } from './box';
import { defOf } from './steps';
import type { Order, OrderBody, PieceType } from './types';

const PIECE_TYPES: readonly PieceType[] = ['INF', 'ART', 'AA', 'TR', 'SS', 'DD', 'CA', 'CV', 'BB', 'BMR', 'FTR', 'SUP'];
/** The unit types Coast Watchers may hold back (ADV.coast-watchers): those the movement sequence moves. */
const HELD_TYPES: readonly UnitType[] = ['TR', 'BB', 'CV', 'CA', 'DD', 'SS', 'BMR', 'FTR'];
/** A piece's id as reports show it: its type and number (TR3, FTR2, SUP7). */
export const UNIT_ID = /^(INF|ART|AA|TR|SS|DD|CA|CV|BB|BMR|FTR|SUP|PT)\d+$/;

/** The words an order line begins with (parseLine), in the order a "did you mean" hint weighs them. */
export const ORDER_VERBS = [
  'HITS',
  'USE',
  'MOVE',
  'FLY',
  'LOAD',
  'SUB',
  'UNLOAD',
  'FIRE',
  'AIRFIELD',
  'LAND',
  'BUILD',
  'BUY',
  'REPAIR',
  'DEPLOY',
  'ZONES',
  'NONE',
] as const;

/** What each step takes, for errors and HELP. */
export const SYNTAX: Record<string, string> = {
  move: 'MOVE <unit> TO <sea zone> (LOAD <ship> WITH <cargo ids> first for transports and destroyers); USE COAST-WATCHERS (this type moves after all others); NONE to stay',
  sub: 'MOVE <sub> TO <sea zone>, then SUB <sub> ATTACK <enemy sea unit> [<another> ...]: one submarine at a time, each torpedo rolled before the next (more in one mail: in the order written); NONE: the rest stay and do not attack',
  fly: 'FLY <unit> TO <zone>, USE SUPERIOR-FIGHTERS (before FLY, fighters), USE COAST-WATCHERS; NONE',
  'hid-load': 'LOAD <transport or destroyer> WITH <cargo ids>; NONE',
  'hid-subs': 'SUB <sub> ATTACK <enemy sea unit in its zone> [<another> ...], one submarine at a time; NONE: the rest do not attack',
  'fire-sea':
    'USE NIGHT-FIGHTING AT <sea zone>, USE PT-BOATS AT <sea zone>; with combat-declared-ahead, FIRE <artillery> AT <adjacent sea zone>; NONE',
  unload: 'UNLOAD <ship> TO <island> (all its cargo) or UNLOAD <ship> <cargo ids> TO <island>; NONE',
  'fire-land':
    'USE BANZAI-CHARGE AT <island>, USE AMPHIBIOUS-ASSAULT AT <island>; with combat-declared-ahead, FIRE <cruiser or battleship> AT <adjacent island>, AIRFIELD <air unit or ship>; NONE',
  'order-sea': 'ZONES <sea zone> [<sea zone> ...]: the next sea zone to resolve, the first listed still to be fought; NONE: board order',
  'order-land': 'ZONES <island> [<island> ...]: the next island to resolve, the first listed still to be fought; NONE: board order',
  'zone-sea': 'FIRE <artillery> AT <this sea zone>; NONE (nothing more joins the attack)',
  'zone-land':
    'FIRE <cruiser or battleship> AT <this island>, AIRFIELD <air unit or ship firing here> (it attacks the airfields, not the land units); NONE',
  build: 'BUILD AIRFIELD AT <island> (3 supplies there, an empty slot); NONE',
  reinforce: 'BUY <n> <type>, LOAD <ship at your base> WITH <cargo ids>, USE GOOD-LOGISTICS (before BUY); NONE',
  repair:
    'REPAIR <damaged ship> (1 supply at base), REPAIR AIRFIELD AT <island> (1 supply there), LOAD <ship just repaired> WITH <cargo ids>; NONE',
  deploy: 'DEPLOY <ship at your base> TO <sea zone> (its deployment number in supplies at base); NONE',
  watched: 'the Coast Watchers type held back (ADV.coast-watchers): its MOVE, LOAD, SUB or FLY lines; NONE',
  'quick-drop': 'USE QUICK-DROP AT <sea zone>, then UNLOAD <ship> TO <adjacent island> for your ships there (ADV.quick-drop); NONE',
  command: 'USE COMMAND-DECISION AT <zone> AIR|SEA|LAND (ADV.command-decision); NONE',
  landing: 'LAND <air unit> AT <island or your base> or LAND <fighter> ON <carrier>; NONE (the umpire lands the rest)',
  regroup:
    'BUILD AIRFIELD AT <island>, BUY <n> <type>, LOAD <ship> WITH <cargo ids>, REPAIR <ship>, REPAIR AIRFIELD AT <island>, DEPLOY <ship> TO <sea zone>, USE GOOD-LOGISTICS (before BUY); NONE',
};

/** ATK.cargo: the casualty priority, accepted with any step's orders; it stands until replaced. */
export const HITS_SYNTAX =
  'HITS <unit ids, best first>: your units to lose first when the defender chooses (a 2), enemy units to hit first when you attack and choose (a 1); HITS DEFAULT for the default';

export function syntaxKey(step: StepInfo): string {
  const def = defOf(step);
  if (def.kind.kind === 'hid-load') return 'hid-load';
  if (def.kind.kind === 'hid-sea') return 'move';
  if (def.kind.kind === 'hid-subs') return 'hid-subs';
  if (def.kind.kind === 'move') return def.kind.type === 'SS' ? 'sub' : def.kind.type === 'BMR' || def.kind.type === 'FTR' ? 'fly' : 'move';
  if (def.kind.kind === 'zone-order') return `order-${def.kind.cat}`;
  if (def.kind.kind === 'zone-fire') return `zone-${def.kind.cat}`;
  return def.kind.kind;
}

/** "did you mean" among the ids and words of this game: short, so never more than two edits away. */
const hintFor = (word: string, known: readonly string[]): string | null => didYouMean(word, known, { within: 2 });

const ALIASES: Record<string, ZoneId> = { CHOSEUL: 'Choiseul', 'NEW GEORGIA': 'New-Georgia', 'SANTA ISABEL': 'Santa-Isabel' };

export function zoneOf(word: string): ZoneId | null {
  const w = word.trim().replace(/\s+/g, '-');
  const exact = ZONE_IDS.find((z) => z.toLowerCase() === w.toLowerCase());
  if (exact) return exact;
  if (ALIASES[word.toUpperCase()]) return ALIASES[word.toUpperCase()];
  if (w.toUpperCase() === 'CHOSEUL') return 'Choiseul';
  const prefix = ZONE_IDS.filter((z) => z.length > 1 && w.length >= 3 && z.toLowerCase().startsWith(w.toLowerCase()));
  return prefix.length === 1 ? prefix[0] : null;
}

export const islandOf = (word: string): IslandId | null => {
  const z = zoneOf(word);
  return z && (ISLANDS as readonly string[]).includes(z) ? (z as IslandId) : null;
};

class LineReader {
  constructor(
    readonly line: number,
    readonly text: string,
    readonly rule: string,
    readonly syntax: string,
  ) {}
  fail(problem: string, hint?: string): LineError {
    return { line: this.line, text: this.text, problem, hint: hint ?? this.syntax, rule: this.rule };
  }
}

function unitId(r: LineReader, word: string | undefined, what = 'a unit id'): string | LineError {
  const w = (word ?? '').toUpperCase();
  if (UNIT_ID.test(w)) return w;
  return r.fail(`"${word ?? ''}" is not ${what}`, `unit ids are shown in every report, e.g. TR3, FTR2, SUP7`);
}

function zoneWord(r: LineReader, word: string | undefined): ZoneId | LineError {
  const z = zoneOf(word ?? '');
  if (z) return z;
  return r.fail(`"${word ?? ''}" is no zone`, hintFor(word ?? '', ZONE_IDS) ?? `zones: ${ZONE_IDS.join(', ')}`);
}

function parseLine(r: LineReader, words: string[]): OrderBody | LineError {
  const verb = words[0].toUpperCase();
  const up = words.map((w) => w.toUpperCase());
  const toAt = (kw: string) => up.indexOf(kw);
  switch (verb) {
    case 'NONE':
    case 'HOLD':
      return { kind: 'none' };
    case 'MOVE':
    case 'FLY':
    case 'DEPLOY': {
      const to = toAt('TO');
      if (to !== 2 || words.length < 4) return r.fail(`${verb} takes one unit and a zone`);
      const unit = unitId(r, words[1]);
      if (typeof unit !== 'string') return unit;
      const zone = zoneWord(r, words.slice(3).join(' '));
      if (typeof zone !== 'string') return zone;
      if (verb === 'MOVE') return { kind: 'move', unit, to: zone };
      return verb === 'FLY' ? { kind: 'fly', unit, to: zone } : { kind: 'deploy', unit, to: zone };
    }
    case 'LOAD': {
      if (up[2] !== 'WITH' || words.length < 4) return r.fail('LOAD takes a ship and its cargo: LOAD TR1 WITH INF3 SUP2');
      const ship = unitId(r, words[1]);
      if (typeof ship !== 'string') return ship;
      const cargo: string[] = [];
      for (const w of words.slice(3)) {
        const id = unitId(r, w, 'a land unit or supply id');
        if (typeof id !== 'string') return id;
        cargo.push(id);
      }
      return { kind: 'load', ship, cargo };
    }
    case 'SUB': {
      if (up[2] !== 'ATTACK' || words.length < 4)
        return r.fail('SUB takes a submarine and its target: SUB SS1 ATTACK TR5 (more targets: the first not hit yet this step)');
      const sub = unitId(r, words[1]);
      if (typeof sub !== 'string') return sub;
      const targets: string[] = [];
      for (const w of words.slice(3)) {
        const id = unitId(r, w, 'a target unit id');
        if (typeof id !== 'string') return id;
        if (!targets.includes(id)) targets.push(id);
      }
      return targets.length > 1
        ? { kind: 'attack', sub, target: targets[0], or: targets.slice(1) }
        : { kind: 'attack', sub, target: targets[0] };
    }
    case 'ZONES': {
      // CMB: the first player's next zone, the first listed that is still to be fought
      if (words.length < 2) return r.fail('ZONES takes the zones in the order you want them resolved: ZONES J H Guadalcanal');
      const zones: ZoneId[] = [];
      for (const w of words.slice(1)) {
        const z = zoneWord(r, w);
        if (typeof z !== 'string') return z;
        zones.push(z);
      }
      return { kind: 'zones', zones };
    }
    case 'UNLOAD': {
      const to = toAt('TO');
      if (to < 2 || to === words.length - 1) return r.fail('UNLOAD takes a ship, optionally cargo ids, and an island');
      const ship = unitId(r, words[1]);
      if (typeof ship !== 'string') return ship;
      const cargo: string[] = [];
      for (const w of words.slice(2, to)) {
        const id = unitId(r, w, 'a cargo id');
        if (typeof id !== 'string') return id;
        cargo.push(id);
      }
      const island = islandOf(words.slice(to + 1).join(' '));
      if (!island) return r.fail(`"${words.slice(to + 1).join(' ')}" is no island`, `islands: ${ISLANDS.join(', ')}`);
      return { kind: 'unload', ship, cargo, to: island };
    }
    case 'FIRE': {
      if (up[2] !== 'AT' || words.length < 4) return r.fail('FIRE takes a unit and a zone: FIRE ART2 AT J');
      const unit = unitId(r, words[1]);
      if (typeof unit !== 'string') return unit;
      const zone = zoneWord(r, words.slice(3).join(' '));
      if (typeof zone !== 'string') return zone;
      return { kind: 'fire', unit, at: zone };
    }
    case 'AIRFIELD': {
      if (words.length !== 2) return r.fail('AIRFIELD takes one unit: AIRFIELD BMR1');
      const unit = unitId(r, words[1]);
      return typeof unit === 'string' ? { kind: 'airfield', unit } : unit;
    }
    case 'LAND': {
      if (words.length < 4 || (up[2] !== 'AT' && up[2] !== 'ON'))
        return r.fail('LAND takes an air unit and where: LAND FTR1 AT Guadalcanal, LAND FTR1 ON CV2');
      const unit = unitId(r, words[1]);
      if (typeof unit !== 'string') return unit;
      if (up[2] === 'ON') {
        const cv = unitId(r, words[3], 'a carrier id');
        return typeof cv === 'string' ? { kind: 'land', unit, at: cv } : cv;
      }
      const zone = zoneWord(r, words.slice(3).join(' '));
      return typeof zone === 'string' ? { kind: 'land', unit, at: zone } : zone;
    }
    case 'BUILD': {
      if (up[1] !== 'AIRFIELD' || up[2] !== 'AT' || words.length < 4) return r.fail('BUILD AIRFIELD AT <island>');
      const island = islandOf(words.slice(3).join(' '));
      return island ? { kind: 'build', island } : r.fail(`"${words.slice(3).join(' ')}" is no island`, `islands: ${ISLANDS.join(', ')}`);
    }
    case 'BUY': {
      const n = words.length === 3 ? Number(words[1]) : words.length === 2 ? 1 : Number.NaN;
      const type = up[words.length - 1] as PieceType;
      if (!Number.isInteger(n) || n < 1) return r.fail('BUY takes a count and a type: BUY 3 INF');
      if (!PIECE_TYPES.includes(type)) {
        return r.fail(
          `"${words[words.length - 1]}" is no unit type`,
          hintFor(up[words.length - 1], PIECE_TYPES) ?? `types: ${PIECE_TYPES.join(', ')}`,
        );
      }
      return { kind: 'buy', type, count: n };
    }
    case 'USE': {
      const at = up.indexOf('AT');
      // ADV.coast-watchers may name the type it holds back (with hidden movement, in HID.1): USE COAST-WATCHERS CA
      const held =
        at < 0 && words.length > 2 && HELD_TYPES.includes(up[up.length - 1] as UnitType) ? (up[up.length - 1] as UnitType) : null;
      const name = words
        .slice(1, at < 0 ? (held ? -1 : undefined) : at)
        .join('-')
        .toLowerCase();
      const found = ADVANTAGES.filter((a) => a === name || (name.length >= 4 && a.startsWith(name)));
      if (found.length !== 1) {
        return r.fail(
          `"${words.slice(1, at < 0 ? undefined : at).join(' ')}" is no advantage`,
          hintFor(name, ADVANTAGES) ?? `advantages: ${ADVANTAGES.join(', ')}`,
        );
      }
      if (held && found[0] !== 'coast-watchers') return r.fail(`${found[0]} names no unit type`);
      if (at < 0)
        return held
          ? { kind: 'use', advantage: 'coast-watchers', at: null, type: held }
          : { kind: 'use', advantage: found[0] as Advantage, at: null };
      // ADV.command-decision names a category after the zone: USE COMMAND-DECISION AT <zone> AIR|SEA|LAND
      const last = up[up.length - 1];
      const category = found[0] === 'command-decision' && ['AIR', 'SEA', 'LAND'].includes(last) ? (last.toLowerCase() as Category) : null;
      if (found[0] === 'command-decision' && !category)
        return r.fail('Command Decision names a zone and a category', 'USE COMMAND-DECISION AT <zone> AIR|SEA|LAND (ADV.command-decision)');
      const zone = zoneWord(r, words.slice(at + 1, category ? -1 : undefined).join(' '));
      if (typeof zone !== 'string') return zone;
      return category
        ? { kind: 'use', advantage: 'command-decision', at: zone, category }
        : { kind: 'use', advantage: found[0] as Advantage, at: zone };
    }
    case 'HITS': {
      // ATK.cargo: a standing casualty priority, unit ids best first; HITS DEFAULT clears it
      if (words.length === 2 && up[1] === 'DEFAULT') return { kind: 'hits', units: [] };
      if (words.length < 2) return r.fail('HITS takes unit ids, best first: HITS TR5 FTR2 (or HITS DEFAULT)', HITS_SYNTAX);
      const units: string[] = [];
      for (const w of words.slice(1)) {
        const id = unitId(r, w);
        if (typeof id !== 'string') return { ...id, hint: HITS_SYNTAX };
        if (!units.includes(id)) units.push(id);
      }
      return { kind: 'hits', units };
    }
    case 'REPAIR': {
      if (up[1] === 'AIRFIELD') {
        const island = up[2] === 'AT' ? islandOf(words.slice(3).join(' ')) : null;
        return island ? { kind: 'repair-airfield', island } : r.fail('REPAIR AIRFIELD AT <island>');
      }
      const unit = unitId(r, words[1]);
      return typeof unit === 'string' && words.length === 2 ? { kind: 'repair', unit } : r.fail('REPAIR <damaged ship>');
    }
    default: {
      const guess = hintFor(verb, ORDER_VERBS);
      return r.fail(`"${words[0]}" is no order`, guess ? `${guess} ${r.syntax}` : r.syntax);
    }
  }
}

export function parseGuadalcanalOrders(text: string, step: StepInfo): ParseResult<Order> {
  const syntax = SYNTAX[syntaxKey(step)];
  const orders: Order[] = [];
  const errors: LineError[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.replace(/#.*$/, '').replace(/,/g, ' ').trim();
    if (!line) return;
    const out = parseLine(new LineReader(i + 1, raw.trim(), step.rule ?? '', syntax), line.split(/\s+/));
    if ('kind' in out) orders.push({ ...out, line: i + 1 });
    else errors.push(out);
  });
  if (errors.length) return { ok: false, errors };
  if (!orders.length) return { ok: false, errors: [{ line: 0, text: '', problem: 'no orders found', hint: syntax, rule: step.rule }] };
  return { ok: true, orders };
}

export function formatOrder(o: Order): string {
  switch (o.kind) {
    case 'none':
      return 'NONE';
    case 'load':
      return `LOAD ${o.ship} WITH ${o.cargo.join(' ')}`;
    case 'move':
      return `MOVE ${o.unit} TO ${o.to}`;
    case 'fly':
      return `FLY ${o.unit} TO ${o.to}`;
    case 'deploy':
      return `DEPLOY ${o.unit} TO ${o.to}`;
    case 'attack':
      return `SUB ${o.sub} ATTACK ${[o.target, ...(o.or ?? [])].join(' ')}`;
    case 'zones':
      return `ZONES ${o.zones.join(' ')}`;
    case 'unload':
      return `UNLOAD ${o.ship}${o.cargo.length ? ` ${o.cargo.join(' ')}` : ''} TO ${o.to}`;
    case 'fire':
      return `FIRE ${o.unit} AT ${o.at}`;
    case 'airfield':
      return `AIRFIELD ${o.unit}`;
    case 'land':
      return /^CV\d+$/.test(o.at) ? `LAND ${o.unit} ON ${o.at}` : `LAND ${o.unit} AT ${o.at}`;
    case 'build':
      return `BUILD AIRFIELD AT ${o.island}`;
    case 'buy':
      return `BUY ${o.count} ${o.type}`;
    case 'repair':
      return `REPAIR ${o.unit}`;
    case 'repair-airfield':
      return `REPAIR AIRFIELD AT ${o.island}`;
    case 'hits':
      return `HITS ${o.units.join(' ') || 'DEFAULT'}`;
    case 'use':
      return `USE ${o.advantage.toUpperCase()}${o.type ? ` ${o.type}` : ''}${o.at ? ` AT ${o.at}` : ''}${o.category ? ` ${o.category.toUpperCase()}` : ''}`;
  }
}

export const formatOrders = (orders: readonly Order[]): string => orders.map(formatOrder).join('\n');
