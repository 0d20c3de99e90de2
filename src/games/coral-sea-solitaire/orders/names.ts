/**
 * The names a USN order may use, read from the USN's own view (../fog.ts `fogOf(state, 'usn')`)
 * and the box's public counter list, nothing else: its task-force markers and ships, the IJN
 * markers (named on both sides, 28.1), IJN ships already face up, submarine counters already
 * revealed (19.4), bases, the places the rules name and the hexes of the map. A face-down IJN ship
 * or a hidden submarine counter is not in the view, so an order naming one gets the answer a
 * misspelling gets, with "did you mean" drawn from these names alone.
 */
import { didYouMean } from '../../kit';
import { BASES, IJN_TFS, PLACES } from '../box';
import { fogOf } from '../fog';
import type { CoralState } from '../types';
import { boardFor, placeHex } from './knowledge';

export type NameKind = 'usn-tf' | 'ijn-tf' | 'usn-ship' | 'ijn-ship' | 'ijn-sub' | 'base' | 'place' | 'hex';

export interface Named {
  readonly kind: NameKind;
  /** What the orders store: a TF id, a ShipKey, a BaseId, a place name, a hex id. */
  readonly id: string;
  /** The name as orders write it. */
  readonly display: string;
}

/** How a name is compared: capitals, spaces, hyphens, colons and dots do not matter (`tf 17` = `TF-17`). */
export const nameKey = (text: string): string => text.toUpperCase().replace(/[\s\-_:.'’]+/g, '');

/** The IJN TFs' full names (4.3) and numbered aliases (brief: IJN-TF-1..5). */
export const IJN_TF_NAMES: Readonly<Record<string, string>> = {
  CSF: 'Carrier-Strike-Force',
  PMG: 'Port-Moresby-Group',
  TG: 'Tulagi-Group',
  SG: 'Support-Group',
  CG: 'Covering-Group',
};

const WHAT: Record<NameKind, string> = {
  'usn-tf': 'USN task force',
  'ijn-tf': 'IJN task force',
  'usn-ship': 'USN ship',
  'ijn-ship': 'IJN ship',
  'ijn-sub': 'IJN submarine',
  base: 'base',
  place: 'place',
  hex: 'hex',
};

/** `a USN task force`, `an IJN ship`. */
const article = (what: string): string => `${/^IJN/.test(what) ? 'an' : 'a'} ${what}`;

export const describeKinds = (kinds: readonly NameKind[]): string =>
  [...new Set(kinds.map((k) => WHAT[k]))].join(', ').replace(/, ([^,]*)$/, ' or $1');

export interface Catalogue {
  readonly byKey: ReadonlyMap<string, Named>;
  /** Every name once, for "did you mean" (no hex: a misspelt hex is answered by the map's bounds). */
  readonly names: readonly Named[];
}

const cache = new WeakMap<CoralState, Catalogue>();

/** The USN's names in this position. */
export function catalogue(s: CoralState): Catalogue {
  const hit = cache.get(s);
  if (hit) return hit;
  const names: Named[] = [];
  const byKey = new Map<string, Named>();
  const add = (kind: NameKind, id: string, display: string, ...aliases: string[]) => {
    const n: Named = { kind, id, display };
    names.push(n);
    for (const a of [display, ...aliases]) if (!byKey.has(nameKey(a))) byKey.set(nameKey(a), n);
  };
  const view = fogOf(s, 'usn');
  const markers = [...s.box.setup.usn.value.tfMarkers, ...view.taskForces.flatMap((tf) => (tf.side === 'usn' ? [tf.id] : []))];
  for (const id of new Set(markers)) add('usn-tf', id, id, `USN-${id}`);
  IJN_TFS.forEach((id, i) => {
    add('ijn-tf', id, id, IJN_TF_NAMES[id], `IJN-TF-${i + 1}`);
  });
  for (const ship of s.box.ships) {
    if (ship.side !== 'usn') continue;
    add('usn-ship', ship.id, ship.id, `USN-${ship.id}`, ...(ship.name ? [ship.name.value] : []));
  }
  // 27.1, 28: an IJN ship's counter is in the USN's view once it is face up, never before
  for (const tf of view.taskForces) {
    if (tf.side !== 'ijn') continue;
    for (const ship of tf.ships ?? []) if (ship.key && ship.id) add('ijn-ship', ship.key, `IJN-${ship.id}`);
  }
  // 19.4: a submarine marker's counter is in the view once flipped
  for (const sub of view.submarines) if (sub.counter) add('ijn-sub', `ijn:${sub.counter}`, `IJN-${sub.counter}`);
  for (const b of BASES) add('base', b, b);
  for (const p of PLACES) if (!(BASES as readonly string[]).includes(p)) add('place', p, p);
  const out = { byKey, names };
  cache.set(s, out);
  return out;
}

export type Lookup =
  | { readonly ok: true; readonly named: Named }
  | { readonly ok: false; readonly problem: string; readonly hint?: string };

/**
 * The name `written` among `kinds`. A hex is four digits on the map; a place stands for its hex
 * where a hex is wanted. Not found: the same answer whatever the reason (a misspelling, or a thing
 * the USN cannot see), with the nearest visible name of those kinds.
 */
export function lookup(s: CoralState, written: string, kinds: readonly NameKind[]): Lookup {
  const want = describeKinds(kinds);
  if (/^\d{4}$/.test(written) && kinds.includes('hex')) {
    const board = boardFor(s);
    if (board.map.onMap(written)) return { ok: true, named: { kind: 'hex', id: written, display: written } };
    return {
      ok: false,
      problem: `no hex ${written} on the map`,
      hint: `hexes run from 0101 to ${String(board.columns).padStart(2, '0')}${String(board.rows).padStart(2, '0')} (column then row)`,
    };
  }
  const cat = catalogue(s);
  const found = cat.byKey.get(nameKey(written));
  if (found && kinds.includes(found.kind)) return { ok: true, named: found };
  if (found && found.kind === 'place' && kinds.includes('hex')) {
    return { ok: true, named: { kind: 'hex', id: placeHex(s, found.id), display: found.display } };
  }
  if (found && found.kind === 'base' && kinds.includes('hex') && !kinds.includes('base')) {
    return { ok: true, named: { kind: 'hex', id: placeHex(s, found.id), display: found.display } };
  }
  if (found)
    return { ok: false, problem: `${found.display} is ${article(WHAT[found.kind])}, not ${article(want)}`, hint: choices(s, kinds) };
  const pool = cat.names.filter((n) => kinds.includes(n.kind) || (kinds.includes('hex') && (n.kind === 'place' || n.kind === 'base')));
  const near = didYouMean(written, pool, { nameOf: (n) => n.display, normalize: nameKey });
  return { ok: false, problem: `no ${want} called "${written}"`, hint: near ?? choices(s, kinds) };
}

/** The names of some kinds the USN can see, as a hint. */
export function choices(s: CoralState, kinds: readonly NameKind[]): string {
  const shown = catalogue(s)
    .names.filter((n) => kinds.includes(n.kind))
    .map((n) => n.display);
  const hex = kinds.includes('hex') ? ['a hex id such as 1513', 'a place such as Tulagi'] : [];
  const list = [...new Set(shown)];
  return `${describeKinds(kinds)}: ${[...(list.length > 14 ? [...list.slice(0, 14), '…'] : list), ...hex].join(', ') || 'none'}`;
}
