/**
 * 29, the Scouting Phase (day turns only, 5.6 2a-2b): first each USN TF and USN major base, then
 * each IJN TF and Rabaul, makes one Scouting Table roll against every unidentified enemy TF within
 * its scouting range (29.2), counted in hexes as aircraft fly; a TF already identified is not
 * scouted, so a TF found by one scout is not rolled for again. Bad weather halves the range (36,
 * result 6). A find identifies the TF (29.3, 28.2(4)) and shows none of its ships.
 *
 * Order: USN TFs by number, the USN major bases in the box's order; IJN TFs in the doctrine order,
 * then Rabaul; targets likewise. A seaplane tender in the scouting TF adds its modifier (3.9). The
 * IJN checks a leadership chit before each roll the table allows one on (8.5). The USN's chit is
 * the player's to commit (8.4) through core's leadership decision: not offered here yet.
 */
import type { StepHandler } from '../../../../engine/define';
import type { Dice } from '../../../../engine/ruleset';
import { Fold } from '../../../kit';
import { type CoralBox, type CoralSide, IJN_TFS } from '../../box/schema';
import { allowsChit } from '../../ijn/modifiers';
import { ijnChitCheck, scoutingRoll } from '../../ijn/doctrine';
import { type CoralEvent, evolve } from '../../events';
import { isDay } from '../../steps';
import type { CoralOrder, CoralState } from '../../types';
import type { CoralFold } from './enter';
import { basesOf, boardFor, enemyOf, shipsOf, taskForcesOn } from './where';

interface Scout {
  readonly name: string;
  readonly kind: 'taskForce' | 'majorBase';
  readonly side: CoralSide;
  readonly hex: string;
  readonly cypInTf: boolean;
}

const tfNumber = (id: string) => Number(id.replace(/\D/g, ''));

/** The scouts of a side, in order, as they stand now. */
function scoutsOf(s: CoralState, box: CoralBox, side: CoralSide): Scout[] {
  const tfs = taskForcesOn(s, { side });
  const ordered =
    side === 'ijn' ? IJN_TFS.flatMap((id) => tfs.filter((t) => t.id === id)) : [...tfs].sort((a, b) => tfNumber(a.id) - tfNumber(b.id));
  return [
    ...ordered
      .filter((t) => shipsOf(s, t).length > 0)
      .map((t) => ({ name: t.id, kind: 'taskForce' as const, side, hex: t.hex!, cypInTf: shipsOf(s, t).some((x) => x.type === 'CYP') })),
    ...basesOf(box, side)
      .filter((b) => b.kind === 'major')
      .map((b) => ({ name: b.id, kind: 'majorBase' as const, side, hex: b.hex, cypInTf: false })),
  ];
}

/** The unidentified enemy TFs, in the order they are scouted. */
function targetsOf(s: CoralState, side: CoralSide) {
  const enemy = taskForcesOn(s, { side: enemyOf(side) }).filter((t) => !t.identified);
  return side === 'usn'
    ? IJN_TFS.flatMap((id) => enemy.filter((t) => t.id === id))
    : [...enemy].sort((a, b) => tfNumber(a.id) - tfNumber(b.id));
}

/** The table's farthest distance band (its last column, `7-8`). */
function tableReach(box: CoralBox): number {
  const t = box.tables.scouting.table;
  return 'columns' in t ? Math.max(...t.columns.map((c) => Number(c.id.split('-').pop()))) : Number.POSITIVE_INFINITY;
}

function scoutSide(f: CoralFold, box: CoralBox, dice: Dice, side: CoralSide): void {
  const board = boardFor(box);
  const reach = tableReach(box);
  const weather = { bad: f.s.weather === 'bad' };
  for (const scout of scoutsOf(f.s, box, side)) {
    const full = box.scoutingRange[scout.kind].value;
    const range = Math.min(reach, weather.bad ? Math.floor(full / 2) : full);
    for (const target of targetsOf(f.s, side)) {
      if (f.s.taskForces[target.id].identified) continue;
      const distance = board.grid.distance(scout.hex, target.hex!);
      if (distance > range) continue;
      const what = `scouting, ${scout.name} on ${target.id}`;
      const { check, chits } =
        side === 'ijn' ? ijnChitCheck(dice, box, f.s.chits.ijn, allowsChit(box.tables.scouting.modifiers, 'ijn'), what) : { chits: [] };
      const roll = scoutingRoll(dice, box, { ...scout, chit: chits.length > 0 }, target.id, distance, weather);
      if (!roll) continue;
      if (side === 'ijn') f.emit({ type: 'IjnDecided', data: { what, roll, ...(check ? { chit: check } : {}) } });
      else f.emit({ type: 'coral.scouting', data: { side, scout: scout.name, target: target.id, distance, roll } });
      if (chits.length) f.emit({ type: 'coral.chit.used', data: { side, what, rule: '8.5' } });
      if (roll.result === 'found')
        f.emit({
          type: 'coral.tf.identified',
          data: { tf: target.id, identified: true, cause: `scouted by ${scout.name}`, rule: '29.3, 28.2(4)' },
        });
    }
  }
}

/** 29: the handler of the scouting row (2a USN, then 2b IJN; day turns only). */
export const scoutingPhase =
  (box: CoralBox): StepHandler<CoralState, CoralOrder> =>
  (state, _step, _orders, ctx) => {
    const f: CoralFold = new Fold<CoralState, CoralEvent>(state, evolve, (e) => ctx.emit(e));
    if (!isDay(f.s.turn)) return f.s;
    scoutSide(f, box, ctx.dice, 'usn');
    scoutSide(f, box, ctx.dice, 'ijn');
    return f.s;
  };
