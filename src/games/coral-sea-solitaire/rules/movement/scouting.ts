/**
 * 29, the Scouting Phase (day turns only, 5.6 2a-2b): first each USN TF and USN major base, then
 * each IJN TF and Rabaul, makes one Scouting Table roll against every unidentified enemy TF within
 * its scouting range (29.2), counted in hexes as aircraft fly; a TF already identified is not
 * scouted, so a TF found by one scout is not rolled for again. Bad weather halves the range (36,
 * result 6). A find identifies the TF (29.3, 28.2(4)) and shows none of its ships.
 *
 * Order: USN TFs by number, the USN major bases by name; IJN TFs in the doctrine order,
 * then Rabaul; targets likewise. A seaplane tender in the scouting TF adds its modifier (3.9). The
 * IJN checks once whether it commits a leadership chit to the phase (8.5, 8.6: one a phase). The
 * USN's chit is the player's to commit (8.4) through core's leadership decision: not offered here.
 */
import type { StepHandler } from '../../../../engine/define';
import type { Dice } from '../../../../engine/ruleset';
import { type CoralBox, type CoralSide, IJN_TFS } from '../../box/schema';
import type { IjnDecider } from '../../handlers';
import { ijnChitCheck, scoutingRoll } from '../../ijn/doctrine';
import { allowsChit } from '../../ijn/modifiers';
import { boardFor, other, shipsOf, taskForcesOf } from '../../state';
import { isDay } from '../../steps';
import type { CoralOrder, CoralState } from '../../types';
import { changeChits, type CoralFold, foldOf, ordersOf } from '../core/util';
import { basesOf } from './where';

interface Scout {
  readonly name: string;
  readonly kind: 'taskForce' | 'majorBase';
  readonly side: CoralSide;
  readonly hex: string;
  readonly cypInTf: boolean;
}

const tfNumber = (id: string) => Number(id.replace(/\D/g, ''));

/** The scouts of a side, in order, as they stand now. */
function scoutsOf(s: CoralState, side: CoralSide): Scout[] {
  const tfs = taskForcesOf(s, side);
  const ordered =
    side === 'ijn' ? IJN_TFS.flatMap((id) => tfs.filter((t) => t.id === id)) : [...tfs].sort((a, b) => tfNumber(a.id) - tfNumber(b.id));
  return [
    ...ordered
      .filter((t) => shipsOf(s, t, true).length > 0)
      .map((t) => ({
        name: t.id,
        kind: 'taskForce' as const,
        side,
        hex: t.hex!,
        cypInTf: shipsOf(s, t, true).some((x) => x.type === 'CYP'),
      })),
    ...basesOf(s.box, side)
      .filter((b) => b.kind === 'major')
      .map((b) => ({ name: b.id, kind: 'majorBase' as const, side, hex: b.hex, cypInTf: false })),
  ];
}

/** The unidentified enemy TFs, in the order they are scouted. */
function targetsOf(s: CoralState, side: CoralSide) {
  const enemy = taskForcesOf(s, other(side)).filter((t) => !t.identified);
  return side === 'usn'
    ? IJN_TFS.flatMap((id) => enemy.filter((t) => t.id === id))
    : [...enemy].sort((a, b) => tfNumber(a.id) - tfNumber(b.id));
}

/** A scout's reach in hexes: its scouting range, halved in bad weather (36, result 6), within the table's last band. */
export function scoutReach(box: CoralBox, kind: Scout['kind'], bad: boolean): number {
  const t = box.tables.scouting.table;
  const table = 'columns' in t ? Math.max(...t.columns.map((c) => Number(c.id.split('-').pop()))) : Number.POSITIVE_INFINITY;
  const full = box.scoutingRange[kind].value;
  return Math.min(table, bad ? Math.floor(full / 2) : full);
}

/** 2a or 2b: one side's scouting; `chit` the IJN's committed chit, spent on its first roll. */
function scoutSide(f: CoralFold, dice: Dice, side: CoralSide, chit: boolean): void {
  const board = boardFor(f.s);
  const weather = { bad: f.s.weather === 'bad' };
  let withChit = chit;
  for (const scout of scoutsOf(f.s, side)) {
    const range = scoutReach(f.s.box, scout.kind, weather.bad);
    for (const target of targetsOf(f.s, side)) {
      if (f.s.taskForces[target.id].identified) continue;
      const distance = board.grid.distance(scout.hex, target.hex!);
      if (distance > range) continue;
      const roll = scoutingRoll(dice, f.s.box, { ...scout, chit: withChit }, target.id, distance, weather);
      if (!roll) continue;
      const what = `scouting: ${scout.name} on ${target.id}`;
      if (side === 'ijn') f.emit({ type: 'IjnDecided', data: { what, roll } });
      else f.emit({ type: 'coral.scouting', data: { side, scout: scout.name, target: target.id, distance, roll } });
      if (withChit) changeChits(f, side, -1, `used on ${what}`, '8.5, 8.6');
      withChit = false;
      if (roll.result === 'found')
        f.emit({
          type: 'coral.tf.identified',
          data: { tf: target.id, identified: true, cause: `scouted by ${scout.name}`, rule: '29.3, 28.2(4)' },
        });
    }
  }
}

/**
 * 8.5 for the IJN's scouting (2b): when it holds a chit, the table allows one and some IJN scout has
 * an unidentified USN TF in reach, a die says whether it commits one; 8.6: one chit for the phase,
 * on its first roll. Decided from the IJN's view before the phase (the USN's scouting changes
 * nothing the IJN's rolls depend on).
 */
export const scoutingIjnDecide: IjnDecider = (k, step, dice) => {
  const none = { orders: [], records: [] };
  if (!k.day || k.chits.ijn <= 0 || !allowsChit(k.box.tables.scouting.modifiers, 'ijn')) return none;
  const board = boardFor(k);
  const bad = k.weather === 'bad';
  const scouts = [
    ...k.own.taskForces.flatMap((t) =>
      t.hex !== null && !t.gone && (t.ships ?? []).some((x) => x.status === 'ok' || x.status === 'damaged')
        ? [{ hex: t.hex, reach: scoutReach(k.box, 'taskForce', bad) }]
        : [],
    ),
    ...basesOf(k.box, 'ijn').flatMap((b) => (b.kind === 'major' ? [{ hex: b.hex, reach: scoutReach(k.box, 'majorBase', bad) }] : [])),
  ];
  const targets = k.usn.filter((t) => t.hex !== null && !t.identified);
  if (!scouts.some((sc) => targets.some((t) => board.grid.distance(sc.hex, t.hex!) <= sc.reach))) return none;
  const { check } = ijnChitCheck(dice, k.box, k.chits.ijn, true, `scouting, ${step.id}`);
  if (!check) return none;
  return {
    orders: [{ kind: 'ijn-chit', fn: 'scouting', use: check.result === 'use' }],
    records: [{ type: 'IjnDecided', data: { what: `leadership chit for scouting: ${check.result}`, chit: check } }],
  };
};

/** 29: the handler of the scouting row (2a USN, then 2b IJN; day turns only). */
export const scoutingPhase: StepHandler<CoralState, CoralOrder> = (state, _step, orders, ctx) => {
  const f = foldOf(state, ctx);
  if (!isDay(f.s.turn)) return f.s;
  scoutSide(f, ctx.dice, 'usn', false);
  const chit = ordersOf(orders, 'ijn', 'ijn-chit').some((o) => o.fn === 'scouting' && o.use) && f.s.chits.ijn > 0;
  scoutSide(f, ctx.dice, 'ijn', chit);
  return f.s;
};
