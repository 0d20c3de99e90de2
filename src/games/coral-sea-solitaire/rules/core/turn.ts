/**
 * The command phase and the initiative (5.6 1a-1d, 3, 7, 8, 10, 11, 19.8): random events,
 * reinforcements, the day's command points, leadership chits for the initiative, the initiative.
 */
import type { StepHandler } from '../../../../engine/define';
import { chooseAtRandom, describeRandomChoice, rollOnTable } from '../../../kit';
import type { IjnTf } from '../../box/schema';
import type { IjnDecider } from '../../handlers';
import { commandFoulUp, ijnChitCheck, randomEvent, victoryFever } from '../../ijn/doctrine';
import { allowsChit, modifiersFor } from '../../ijn/modifiers';
import { placeSubmarines } from '../../ijn/setup';
import { addPanic } from '../../rules/common';
import { boardFor, entriesOf, hexOf, taskForcesOf, valuesOf } from '../../state';
import { isDay } from '../../steps';
import type { CoralOrder, CoralState, StaffSlots } from '../../types';
import { CHIT_FUNCTIONS } from './flow';
import { placeIjnTf } from './setup';
import { changeChits, foldOf, ordersOf, skip } from './util';

/** 1a, 10, 36: the day's random event, applied at once. */
export const randomEventStep: StepHandler<CoralState, CoralOrder> = (state, step, _orders, ctx) => {
  const f = foldOf(state, ctx);
  const roll = randomEvent(ctx.dice, f.s.box, step.id);
  f.emit({ type: 'coral.random-event', data: { roll } });
  switch (roll.result) {
    case 'ijn-chit':
      changeChits(f, 'ijn', 1, 'random event 2', '36');
      break;
    case 'ijn-intelligence': {
      const unidentified = taskForcesOf(f.s, 'usn').filter((tf) => !tf.identified);
      if (!unidentified.length) break;
      const choice = chooseAtRandom(
        ctx.dice,
        unidentified.map((tf) => tf.id),
        'random event 3: which unidentified USN TF',
        '2.2',
      );
      f.emit({ type: 'IjnDecided', data: { what: describeRandomChoice(choice), rule: '36', choice } });
      f.emit({
        type: 'coral.tf.identified',
        data: { tf: choice.chosen, identified: true, cause: 'IJN intelligence (random event 3)', rule: '36' },
      });
      break;
    }
    case 'victory-fever': {
      if (f.s.panic.panicked) break;
      const to = victoryFever(f.s.panic.level);
      if (to !== f.s.panic.level) addPanic(f, f.s.box, to - f.s.panic.level, 'Victory Fever (random event 4)');
      break;
    }
    case 'command-foul-up':
      f.emit({ type: 'coral.foul-up', data: { cp: commandFoulUp(ctx.dice, step.id), rule: '36' } });
      break;
    case 'bad-weather': {
      for (const tf of valuesOf(f.s.taskForces).filter((t) => t.identified && t.hex !== null && !t.gone)) {
        const die = ctx.dice.d6(`bad weather: does ${tf.id} stay identified (5-6: no)`, '36');
        if (die >= 5)
          f.emit({
            type: 'coral.tf.identified',
            data: { tf: tf.id, identified: false, cause: 'bad weather (random event 6)', rule: '36' },
          });
      }
      f.emit({ type: 'coral.weather', data: { weather: 'bad', rule: '36' } });
      break;
    }
    case 'none':
      break;
  }
  return f.s;
};

/** 1b-1c, 11, 4.3, 19.8: the USN's and then the IJN's arrivals this turn. */
export const reinforcements: StepHandler<CoralState, CoralOrder> = (state, _step, _orders, ctx) => {
  const f = foldOf(state, ctx);
  const arriving = (side: 'usn' | 'ijn') =>
    valuesOf(f.s.taskForces).filter((tf) => tf.side === side && tf.hex === null && !tf.gone && tf.arrives === f.s.turn && tf.ships.length);
  for (const tf of arriving('usn')) {
    const at = f.s.core.arrivalAt[tf.id] ?? 'New-Caledonia';
    const hex = at === 'Australia' ? hexOf(f.s.box, 'North-Australia') : hexOf(f.s.box, at);
    f.emit({ type: 'coral.tf.placed', data: { tf: tf.id, hex, cause: `${tf.id} arrives`, rule: '11' } });
  }
  // in 4.3's order, so that a TF arriving "in the same hex as" another finds it placed
  for (const id of ['CSF', 'PMG', 'TG', 'SG', 'CG'] as const) {
    const tf = f.s.taskForces[id];
    if (arriving('ijn').includes(tf)) placeIjnTf(f, ctx, id as IjnTf, f.s.core.arrivalAt[id] ?? 'Rabaul', '11');
  }
  const ijn = f.s.box.setup.ijn.value;
  for (const r of ijn.reinforcementAir.filter((x) => x.turn === f.s.turn)) {
    for (const [type, n] of entriesOf(r.air)) {
      const id = `ijn:${r.base}:${type}`;
      const unit = f.s.air.find((a) => a.id === id);
      const add = {
        id,
        side: 'ijn' as const,
        type: type as 'LF',
        strength: (unit?.strength ?? 0) + (n ?? 0),
        home: r.base as 'Rabaul',
        box: 'ready' as const,
      };
      f.emit({
        type: 'coral.air.units',
        data: { remove: unit ? [id] : [], add: [add], cause: `${n} ${type} reach ${r.base}`, rule: '4.3' },
        visibleTo: ['ijn'],
      });
    }
  }
  // 4.3: one more IJN chit on the Day 4 May turn
  if (f.s.turn === 3 && ijn.chits.day4 > 0) changeChits(f, 'ijn', ijn.chits.day4, 'Day 4 May', '4.3');
  // 19.8: false sightings removed are placed again on a night reinforcement phase
  if (!isDay(f.s.turn)) {
    const off = f.s.submarines.filter((sub) => sub.hex === null);
    if (off.length) {
      const taken = f.s.submarines.flatMap((sub) => (sub.hex ? [sub.hex] : []));
      const placed = placeSubmarines(ctx.dice, f.s.box, boardFor(f.s), off.length, taken);
      f.emit({
        type: 'coral.subs.placed',
        data: {
          placed: off.map((sub, i) => ({ marker: sub.marker, hex: placed.hexes[i] })),
          cause: 'false sighting placed again',
          rule: '19.8',
        },
      });
    }
  }
  return f.s;
};

/** The brief's defaults when the player is silent (HELP DEFAULTS): intelligence 4, operations 6, logistics the rest. */
export function defaultSlots(available: number): StaffSlots {
  const intelligence = Math.min(4, available);
  const operations = Math.min(6, available - intelligence);
  return { organization: 0, intelligence, operations, logistics: available - intelligence - operations };
}

/** 1d, 7.2-7.3: the CP index is reset to 20 (less a foul-up) and committed to the four staff slots. */
export const command: StepHandler<CoralState, CoralOrder> = (state, _step, orders, ctx) => {
  const f = foldOf(state, ctx);
  const available = Math.max(0, f.s.box.constants.cpPerDay.value - f.s.core.foulUp);
  let slots = defaultSlots(available);
  const asked = ordersOf(orders, 'usn', 'allocate').at(-1);
  if (asked) {
    const sum = Object.values(asked.slots).reduce((a, b) => a + b, 0);
    if (sum <= available && Object.values(asked.slots).every((n) => Number.isInteger(n) && n >= 0)) slots = asked.slots;
    else skip(f, asked, `the staff slots take ${available} CP today, not ${sum}; the defaults apply`, '7.3');
  }
  const rest = available - Object.values(slots).reduce((a, b) => a + b, 0);
  f.emit({
    type: 'coral.cp',
    data: { available: rest, slots, cause: `reset to ${available} and committed`, rule: '7.2' },
    visibleTo: ['usn'],
  });
  if (f.s.core.foulUp) f.emit({ type: 'coral.foul-up', data: { cp: 0, rule: '36' } });
  return f.s;
};

/** 8.4: whether the USN commits a leadership chit to the function the step names (its suffix). */
export const leadership: StepHandler<CoralState, CoralOrder> = (state, step, orders, ctx) => {
  const f = foldOf(state, ctx);
  const fn = step.id.split('/').slice(2).join('/') || 'initiative';
  if (!Object.values(CHIT_FUNCTIONS).some((list) => list.some((c) => c.fn === fn)))
    throw new Error(`coral-sea-solitaire: ${step.id} names no function a USN chit may be committed to`);
  const use = (ordersOf(orders, 'usn', 'leadership').at(-1)?.use ?? false) && f.s.chits.usn > 0;
  f.emit({ type: 'coral.usn-chit', data: { fn, use } });
  return f.s;
};

/** 8.5 for the initiative: whether the IJN commits a chit (a die, when it holds one and the table allows one). */
export const initiativeIjn: IjnDecider = (k, step, dice) => {
  const allowed = allowsChit(k.box.tables.operationalInitiative.modifiers, 'ijn');
  const { check } = ijnChitCheck(dice, k.box, k.chits.ijn, allowed, `operational initiative, ${step.id}`);
  if (!check) return { orders: [], records: [] };
  return {
    orders: [{ kind: 'ijn-chit', fn: 'initiative', use: check.result === 'use' }],
    records: [{ type: 'IjnDecided', data: { what: `leadership chit for the initiative: ${check.result}`, rule: '8.5', chit: check } }],
  };
};

/** 3: the operational initiative, with the chits each side committed (8.4, 8.5). */
export const initiative: StepHandler<CoralState, CoralOrder> = (state, step, orders, ctx) => {
  const f = foldOf(state, ctx);
  const { table, modifiers } = f.s.box.tables.operationalInitiative;
  const chits: ('usn' | 'ijn')[] = [];
  if (f.s.core.usnChit.initiative && f.s.chits.usn > 0 && allowsChit(modifiers, 'usn')) chits.push('usn');
  if (ordersOf(orders, 'ijn', 'ijn-chit').some((o) => o.fn === 'initiative' && o.use) && f.s.chits.ijn > 0) chits.push('ijn');
  const roll = rollOnTable(ctx.dice, table, { for: step.id, modifiers: modifiersFor(modifiers, {}, { chits }) });
  for (const side of chits) changeChits(f, side, -1, 'used on the operational initiative', '8.6');
  f.emit({ type: 'coral.initiative', data: { side: roll.result, roll, chits } });
  return f.s;
};
