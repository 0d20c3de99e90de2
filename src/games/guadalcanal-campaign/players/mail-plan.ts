/**
 * The demo bots' plans, from a side's view alone (the mail player's and the standing AIR
 * instruction's): task forces steer for a purpose (5.2), aircraft fly CAP, search and strikes
 * (7.1-7.3). Deterministic: the same view gives the same orders, so a standing instruction answered
 * from it replays exactly.
 *
 *   - transports (missions T, FT) steer for Henderson Field (8.6: they unload on its square); the
 *     other TFs steer for the nearest TF of the side's last search report, and hold when none;
 *   - by day half of each base's and carrier's fighters fly CAP over it (7.1B), and each land base
 *     sends two of its first bomber type to search (7.1C);
 *   - at the strikes step every base or carrier with bombers in range of a TF of this turn's report
 *     strikes the nearest such TF with every aircraft that reaches it (7.3; the fighters as escort).
 */
import { entriesOf, keysOf } from '../keyed';
import type { StepInfo } from '../../../engine/ruleset';
import { range, type Square } from '../box/range';
import { DIRS, type Dir, type GcOrder, isSearchStep } from '../orders';
import type { GcView, KnownTf } from '../view';

type Known = GcView['known'];

const TRANSPORT = new Set(['T', 'FT']);

/** The square of Henderson Field on the side's map (its marker), or null. */
function hendersonOf(view: GcView): Square | null {
  const cell = view.map?.cells.find((c) => c.kind === 'square' && (c.markers ?? []).includes('Henderson Field'));
  return cell && cell.kind === 'square' ? { col: cell.col, row: cell.row } : null;
}

const nearest = <T extends Square>(from: Square, xs: readonly T[]): T | null =>
  [...xs].sort((a, b) => range(from, a) - range(from, b) || a.col - b.col || a.row - b.row)[0] ?? null;

/** 5.2: the directions that bring `tf` closest to `to` within its movement points (2 a side step, 3 a diagonal), off the land. */
export function steer(k: Known, tf: Pick<KnownTf, 'col' | 'row' | 'points'>, to: Square): Dir[] {
  const sea = (c: number, r: number) => c >= 1 && c <= 40 && r >= 1 && r <= 40 && k.rows[r - 1][c - 1] !== '#';
  const dirs: Dir[] = [];
  let at: Square = { col: tf.col, row: tf.row };
  let left = tf.points;
  for (;;) {
    const here = range(at, to);
    if (here === 0) break;
    const options = (Object.keys(DIRS) as Dir[])
      .map((d) => ({ d, cost: d.length === 1 ? 2 : 3, next: { col: at.col + DIRS[d][0], row: at.row + DIRS[d][1] } }))
      .filter((o) => o.cost <= left && sea(o.next.col, o.next.row) && range(o.next, to) < here)
      .sort((a, b) => range(a.next, to) - range(b.next, to) || a.cost - b.cost);
    const best = options[0];
    if (!best) break;
    dirs.push(best.d);
    left -= best.cost;
    at = best.next;
  }
  return dirs;
}

/** Where each TF steers for (transports Henderson Field, the others the nearest TF reported), or null to hold; by TF number. */
export function targetsOf(view: GcView): { readonly tf: KnownTf; readonly to: Square | null }[] {
  const k = view.known;
  const henderson = hendersonOf(view);
  return [...k.taskForces]
    .sort((a, b) => a.id - b.id)
    .map((tf) => ({ tf, to: TRANSPORT.has(tf.mission) ? henderson : nearest(tf, k.sighted) }));
}

/** The orders step: each TF steers for its purpose, or holds. */
export function movementPlan(view: GcView): GcOrder[] {
  return targetsOf(view).map(({ tf, to }): GcOrder => {
    const dirs = to ? steer(view.known, tf, to) : [];
    return dirs.length ? { kind: 'move', tf: tf.id, dirs, dock: false } : { kind: 'hold', tf: tf.id };
  });
}

/** The air steps: CAP and search, or strikes on this turn's report; NO AIR when nothing flies. */
export function airPlan(view: GcView, step: Pick<StepInfo, 'id'>): GcOrder[] {
  const k = view.known;
  const role = (t: string) => k.aircraft[t]?.role;
  const orders: GcOrder[] = [];
  for (const at of [...k.air].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const types = keysOf(at.free).sort();
    const fighters = types.filter((t) => role(t) === 'fighter');
    const bombers = types.filter((t) => role(t) === 'bomber');
    if (isSearchStep(step)) {
      const cap = fighters.map((t) => [t, Math.floor(at.free[t] / 2)] as const).filter(([, n]) => n > 0);
      if (cap.length) orders.push({ kind: 'cap', from: at.name, planes: Object.fromEntries(cap) });
      if (!at.carrier && bombers.length)
        orders.push({ kind: 'search', from: at.name, planes: { [bombers[0]]: Math.min(2, at.free[bombers[0]]) } });
      continue;
    }
    const reach = k.sighted.filter((x) => bombers.some((t) => k.aircraft[t].attack >= range(at, x)));
    const target = nearest(at, reach);
    if (!target) continue;
    const d = range(at, target);
    const planes = Object.fromEntries(entriesOf(at.free).filter(([t]) => k.aircraft[t].attack >= d));
    orders.push({ kind: 'strike', target: target.tf, from: at.name, planes });
  }
  return orders.length ? orders : [{ kind: 'no-air' }];
}
