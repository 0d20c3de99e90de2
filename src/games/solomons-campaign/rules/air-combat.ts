/**
 * Air missions flown and air fought (21-23, 26, 50.0): missions take off (2A3a, 2A3b), air
 * superiority (2A3c), losses and aborts (50.0 results), recon (2A3d(1)) and landing (2A3h).
 *
 * 2A3c, A2: in each hex with aircraft of both sides each side fires once with all its flights
 * (CAP doubled, fatigued CAP at printed strength, 11.4; extended range halved, 23.2), halved again
 * against a force of SAC alone (26.5); -1 when Army and Navy fire together, unless a Combined CP is
 * spent (the default: spent when the side has one, 7.2). Both fire before losses are taken. Losses
 * (the owner's pick; default: from flights at normal range first, cargo carriers last, the largest
 * first) count double for flights at extended range (23.2, A16: each loss takes two points there).
 * Aborted points leave their mission, fatigued (50.0, 21.8). Air transfers and transports join
 * the fight over the hex they land in when enemy CAP is there (12.7, rules/air-intercept.ts).
 *
 * 2A3h (the part this file needs until the basing step, 21.4-21.5, is built by its own rule set):
 * a flight lands where it took off when it can (CAP must, 21.4); else at the nearest own major base
 * or airfield within its reach with room (24.4); else it is eliminated, VP to the enemy (21.5).
 * Strike, counterstrike and recon fatigue (50.0 Air Mission Chart); CAP does not.
 * 46.0 (optional): a strike or counterstrike may take fatigued points after the ready ones; they
 * fight air superiority only, at half (after any other halving), their losses doubled (46.1).
 */
import type { Dice } from '../../../engine/ruleset';
import { SHIFTS } from '../box/charts';
import { type SolSide, SIDES, type SolState } from '../state';
import { type AirOrder, kindName } from './air-orders';
import { availableAt, checkAir, distance, extendedOk, rangeOf, sourceOf, supplyFor, targetHex } from './air-check';
import type { Fire, Flight } from './air-events';
import { interceptedMoves, moveLosses } from './air-intercept';
import { type AirMove, type AirMoveMission, hasCargo } from './air-move-events';
import type { Shift } from './combat-events';
import { columnName, columnOf, crtCell, type CrtKind, shiftColumn } from './crt';
import { groundAt } from './contacts';
import { seenIn } from './intel';
import type { SolFold } from './naval';
import { hexOf, isDay } from './places';
import { isCrippled } from './crippled';
import { multipleCombats } from './fatigue';

type Note = (text: string, rule: string) => void;
export const flying = (s: SolState) => s.flights ?? [];
export const live = (fl: Flight) => fl.points - fl.aborted;
/** 46.0 (optional): fatigued points flying a strike or counterstrike (air against air only) */
export const tiredStrike = (fl: Flight) => fl.tired && fl.mission !== 'cap';

/** 2A3a/2A3b: each line's flight takes off (checked again after the phase's moves; a line no longer legal is skipped with a note). */
export function flyMissions(f: SolFold, side: SolSide, orders: readonly AirOrder[], note: Note): void {
  for (const o of orders) {
    const problem = checkAir(f.s, side, [o])[0];
    if (problem) {
      note(
        `${o.mission.toUpperCase()} ${o.points} ${kindName(o.service, o.type)} FROM ${o.from}: ${problem.problem}, not flown`,
        problem.rule,
      );
      continue;
    }
    const src = sourceOf(f.s, side, o.from) as Exclude<ReturnType<typeof sourceOf>, string>;
    const hex = targetHex(f.s, side, o, src)!;
    // 50.0 Air Mission Chart: close air support flies to a hex with a friendly ground unit (after the phase's moves)
    if (o.mission === 'cas' && !groundAt(f.s, side, hex).length) {
      note(
        `CAS ${o.points} ${kindName(o.service, o.type)} FROM ${o.from}: no ground unit of yours at ${hex}, not flown`,
        '50.0 Air Mission Chart',
      );
      continue;
    }
    const extended = distance(src.hex, hex) > rangeOf(side, o.service, o.type);
    const ready =
      o.mission === 'cap'
        ? Math.min(o.points, availableReady(f, side, src.from, o))
        : o.mission !== 'recon' && multipleCombats(f.s)
          ? Math.min(o.points, availableAt(f.s, side, src, o.service, o.type, o.mission))
          : o.points;
    const parts = [
      { points: ready, tired: false },
      { points: o.points - ready, tired: true },
    ].filter((p) => p.points > 0);
    parts.forEach((p, i) => {
      const id = Math.max(0, ...flying(f.s).map((x) => x.id)) + 1;
      const flight: Flight = {
        id,
        side,
        mission: o.mission,
        service: o.service,
        type: o.type,
        points: p.points,
        aborted: 0,
        from: src.from,
        carrier: src.carrier,
        hex,
        tf: o.tf,
        extended,
        tired: p.tired,
        ...(o.targets ? { targets: o.targets } : {}),
        // 48.1 (3): a night strike (night bombing) is flown at half strength
        ...(isDay(f.s) ? {} : { night: true }),
      };
      f.emit({ type: 'sol.air-flown', data: { side, flight, supply: src.carrier || i > 0 ? 0 : supplyFor(o.points) }, visibleTo: [side] });
    });
    // 45.2: a strike, recon or counterstrike uses its assignment up (CAP may fly again)
    if (f.s.options.airMissionAssignment && o.mission !== 'cap')
      f.emit({
        type: 'sol.air-assignment-flown',
        data: { side, from: src.from, service: o.service, type: o.type, mission: o.mission, points: o.points },
        visibleTo: [side],
      });
  }
  const hexes = [
    ...new Set(
      flying(f.s)
        .filter((x) => x.side === side)
        .map((x) => x.hex),
    ),
  ].sort();
  if (hexes.length) f.emit({ type: 'sol.air-seen', data: { side, hexes } });
}

function availableReady(f: SolFold, side: SolSide, from: string, o: AirOrder): number {
  const ship = f.s.forces[side].ships[from];
  if (ship) return ship.nac - (ship.nacTired ?? 0);
  return f.s.forces[side].air
    .filter((a) => a.at === from && a.service === o.service && a.type === o.type && !a.fatigued && a.flew !== 'mission')
    .reduce((t, a) => t + a.points, 0);
}

/** 7.2, 50.0 notes: Army and Navy together shift one column left unless a Combined CP is spent (spent by default when left). */
export function servicesShift(f: SolFold, side: SolSide, services: ReadonlySet<string>, rule: string): Shift[] {
  if (services.size < 2) return [];
  if ((f.s.cp[side]?.combined ?? 0) > 0) {
    f.emit({ type: 'sol.air-combined-cp', data: { side, rule } });
    return [];
  }
  return [{ why: 'Army and Navy together, no Combined CP', by: SHIFTS.armyNavy.value, rule }];
}

/** One die on a column of factors (air vs air, AA), shifts summed then clamped (11.10); null when nothing fires. */
export function fireOn(dice: Dice, kind: CrtKind, factors: number, shifts: readonly Shift[], what: string, rule: string): Fire | null {
  const base = columnOf(kind, factors);
  if (base === null) return null;
  const column = shiftColumn(
    base,
    shifts.reduce((n, x) => n + x.by, 0),
  );
  const face = dice.d6(what, rule);
  return { factors, column: column + 1, heading: columnName(kind, column), shifts, face, result: crtCell(column, face).d };
}

/** 50.0 air results: the squadrons eliminated and aborted (D0 1d aborted, D1 1d eliminated, D2 1d + 1d, D3 2d eliminated). */
export function rollLosses(dice: Dice, fire: Fire, hex: string): { eliminated: number; aborted: number } {
  const d = () => dice.d6(`squadrons lost at ${hex}`, '50.0');
  switch (fire.result) {
    case 0:
      return { eliminated: 0, aborted: d() };
    case 1:
      return { eliminated: d(), aborted: 0 };
    case 2: {
      const eliminated = d();
      return { eliminated, aborted: d() };
    }
    case 3:
      return { eliminated: d() + d(), aborted: 0 };
    default:
      return { eliminated: 0, aborted: 0 };
  }
}

/**
 * The owner's default pick of losses among flights (and air transfers and transports met over their
 * landing hex, 12.7): at normal range first, cargo carriers last, the largest first; `double`:
 * flights at extended range lose two points a loss (23.2, A16).
 */
export function takeLosses(
  f: SolFold,
  side: SolSide,
  hex: string,
  flights: readonly Flight[],
  n: { eliminated: number; aborted: number },
  double: boolean,
  rule: string,
  moves: readonly AirMove[] = [],
): void {
  const parts = [
    ...flights
      .filter((x) => live(x) > 0)
      .map((x) => ({ key: `f${x.id}`, id: x.id, live: live(x), extended: x.extended, cargo: false, tired: !!tiredStrike(x) })),
    ...moves.map((m) => ({ key: `m${m.id}`, id: m.id, live: m.points, extended: false, cargo: hasCargo(m), tired: false })),
  ];
  const order = parts.sort(
    (a, b) =>
      Number(a.extended) - Number(b.extended) ||
      Number(a.cargo) - Number(b.cargo) ||
      b.live - a.live ||
      (a.key[0] < b.key[0] ? -1 : a.key[0] > b.key[0] ? 1 : 0) ||
      a.id - b.id,
  );
  const left = new Map(order.map((x) => [x.key, x.live]));
  const out = new Map<string, { id: number; eliminated: number; aborted: number }>();
  for (const what of ['eliminated', 'aborted'] as const) {
    let k = n[what];
    for (const p of order) {
      while (k > 0 && left.get(p.key)! > 0) {
        // 46.1 (optional): fatigued points on a strike lose double
        const take = Math.min(left.get(p.key)!, (double && p.extended ? 2 : 1) * (p.tired ? 2 : 1));
        left.set(p.key, left.get(p.key)! - take);
        const row = out.get(p.key) ?? { id: p.id, eliminated: 0, aborted: 0 };
        out.set(p.key, { ...row, [what]: row[what] + take });
        k--;
      }
    }
  }
  const rows = (prefix: string) => [...out.entries()].filter(([key]) => key.startsWith(prefix)).map(([, r]) => r);
  const losses = rows('f').map((r) => ({ flight: r.id, eliminated: r.eliminated, aborted: r.aborted }));
  if (losses.length) f.emit({ type: 'sol.air-losses', data: { side, hex, rule, losses } });
  moveLosses(
    f,
    side,
    hex,
    rows('m').map((r) => ({ move: r.id, eliminated: r.eliminated, aborted: r.aborted })),
    rule,
  );
}

/** 2A3c: air superiority in every hex with aircraft of both sides (transfers and transports in it where enemy CAP is, 12.7). */
export function airSuperiority(f: SolFold, dice: Dice): void {
  const hexes = [...new Set(flying(f.s).map((x) => x.hex))].sort();
  for (const hex of hexes) {
    const of = (side: SolSide) => flying(f.s).filter((x) => x.side === side && x.hex === hex && live(x) > 0);
    const moves = (side: SolSide) => interceptedMoves(f.s, side, hex);
    if (SIDES.some((side) => of(side).length + moves(side).length === 0)) continue;
    const fire = {} as Record<SolSide, Fire | null>;
    for (const side of SIDES) {
      const mine = of(side);
      const enemy = side === 'us' ? 'japanese' : 'us';
      const theirs = [...of(enemy), ...moves(enemy)];
      let factors = mine.reduce((t, x) => {
        const printed = live(x) * (x.mission === 'cap' && !x.tired ? 2 : 1);
        const ranged = x.extended ? Math.floor(printed / 2) : printed;
        return t + (tiredStrike(x) ? Math.floor(ranged / 2) : ranged);
      }, 0);
      // 12.7, 23.3: a transfer or transport fires with its printed strength (never at extended range)
      factors += moves(side).reduce((t, m) => t + m.points, 0);
      if (theirs.every((x) => x.type === 'SAC')) factors = Math.floor(factors / 2);
      const services = new Set([...mine.map((x) => x.service), ...moves(side).map((m) => m.service)]);
      const shifts = servicesShift(f, side, services, '2A3c, 50.0');
      fire[side] = fireOn(dice, 'airVsAir', factors, shifts, `air superiority at ${hex}, ${side}`, '2A3c');
    }
    const air = Object.fromEntries(
      SIDES.map((side) => [
        side,
        [
          ...of(side).map((x) => ({ mission: x.mission, kind: kindName(x.service, x.type), points: live(x) })),
          ...moves(side).map((m) => ({ mission: m.mission, kind: kindName(m.service, m.type), points: m.points })),
        ],
      ]),
    ) as Record<SolSide, { mission: Flight['mission'] | AirMoveMission; kind: string; points: number }[]>;
    f.emit({ type: 'sol.air-combat', data: { hex, air, fire } });
    const losses = SIDES.map((side) => {
      const by = fire[side === 'us' ? 'japanese' : 'us'];
      return { side, n: by ? rollLosses(dice, by, hex) : { eliminated: 0, aborted: 0 } };
    });
    const engaged = Object.fromEntries(SIDES.map((side) => [side, { flights: of(side), moves: moves(side) }]));
    for (const { side, n } of losses) takeLosses(f, side, hex, engaged[side].flights, n, true, '2A3c, 50.0', engaged[side].moves);
  }
}

/** 2A3d(1): each recon flight still flying rolls on the Normal Intelligence Table; its die and what it sees are its side's. */
export function recon(f: SolFold, dice: Dice, side: SolSide): void {
  for (const fl of flying(f.s).filter((x) => x.side === side && x.mission === 'recon' && live(x) > 0)) {
    const face = dice.d6(`air recon of ${fl.hex}`, '2A3d(1)', { visibleTo: [side] });
    const result = f.s.opsData.intelligence[face - 1];
    f.emit({
      type: 'sol.air-recon',
      data: { side, hex: fl.hex, face, result, seen: seenIn(f, side, fl.hex, result as never) },
      visibleTo: [side],
    });
  }
}

/** Room for air at an own base or airfield (24.4), counting what is on the ground there. */
function room(s: SolState, side: SolSide, place: string): number {
  const cap = s.bases[place] ? (s.logData.capacity[place] ?? 0) : (s.airfields.find((a) => a.hex === place && a.side === side)?.value ?? 0);
  return cap - s.forces[side].air.filter((a) => a.at === place).reduce((t, a) => t + a.points, 0);
}

/** 2A3h: every flight lands (see the file's note). */
export function landAll(f: SolFold): void {
  for (const fl of [...flying(f.s)].sort((a, b) => a.id - b.id)) {
    const s = f.s;
    const side = fl.side;
    const fatigued = fl.mission === 'cap' ? fl.aborted : fl.points;
    const back = fl.carrier
      ? s.forces[side].ships[fl.from] && !isCrippled(s, s.forces[side].ships[fl.from]) && hexOf(s, s.forces[side].ships[fl.from].at)
      : typeof sourceOf(s, side, fl.from) !== 'string';
    let at: string | null = back ? fl.from : null;
    if (!at) {
      const reach = extendedOk(s, side, fl.service, fl.type) ? 2 * rangeOf(side, fl.service, fl.type) : rangeOf(side, fl.service, fl.type);
      const places = [
        ...Object.keys(s.bases).filter((b) => s.bases[b].side === side && s.bases[b].hex),
        ...s.airfields.filter((a) => a.side === side && typeof sourceOf(s, side, a.hex) !== 'string').map((a) => a.hex),
      ]
        .map((p) => ({ p, d: distance(fl.hex, hexOf(s, p)!) }))
        .filter((x) => x.d <= reach && room(s, side, x.p) >= fl.points)
        .sort((a, b) => a.d - b.d || (a.p < b.p ? -1 : 1));
      at = places[0]?.p ?? null;
      const text = at
        ? `${fl.points} ${kindName(fl.service, fl.type)} cannot land at ${fl.from}: they land at ${at}`
        : `${fl.points} ${kindName(fl.service, fl.type)} have nowhere to land within reach: eliminated`;
      f.emit({ type: 'sol.ops-note', data: { side, text, rule: at ? '21.4' : '21.5' }, visibleTo: [side] });
    }
    f.emit({
      type: 'sol.air-landed',
      data: {
        side,
        flight: fl.id,
        at,
        points: at ? fl.points : 0,
        fatigued: at ? fatigued : 0,
        cap: fl.mission === 'cap',
        lost: at ? 0 : fl.points,
        rule: at ? '2A3h' : '21.5',
      },
      visibleTo: [side],
    });
  }
}
