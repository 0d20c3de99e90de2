/**
 * Every rules event in words (the story a side reads, the referee's log): table rolls name the
 * table, its rule, the die, each modifier with its reason and rule, the result and where the table
 * comes from (the kit's describeTableRoll), so the log answers "why did the IJN do that?". An area's
 * event this file does not know yet is told plainly from its data.
 */
import type { RulesEvent, Side } from '../../engine/ruleset';
import { canonicalJson } from '../../shared/canonical';
import { describeRandomChoice, describeTableRoll, type RandomChoice, type TableRoll } from '../kit';
import type { CoreEvent } from './rules/core';
import type { CommonEvent } from './rules/common';
import { splitInstance } from './rules/core/flow';
import { narrateMovement } from './rules/movement/narrate';
import { narrateSurface } from './rules/surface/narrate';
import { ROWS } from './steps';

/** The functions a USN chit may be committed to (the core's CHIT_FUNCTIONS), in words. */
const CHIT_FN: Readonly<Record<string, string>> = {
  initiative: 'operational initiative',
  intelligence: 'intelligence rolls',
  air: 'air attacks',
  'tactical-initiative': 'tactical initiative',
  'surface-crt': 'surface combat CRT',
};

const SIDE = { usn: 'USN', ijn: 'IJN' } as const;
const titleOf = new Map(ROWS.map((r) => [r.id, `${r.title} (${r.rule})`]));

/** A result in words: an object's fields in key order (stored events keep no key order). */
const words = (x: unknown): string => (typeof x === 'object' && x !== null ? canonicalJson(x) : String(x));
const roll = (r: TableRoll<unknown>): string => describeTableRoll(r, words);
const choice = (c: RandomChoice<unknown>): string => describeRandomChoice(c);

function core(e: CoreEvent): string[] | null {
  switch (e.type) {
    case 'coral.step': {
      const { row, suffix } = splitInstance(e.data.step);
      return [`Turn ${e.data.turn}: ${titleOf.get(row) ?? row}${suffix ? ` (${suffix})` : ''}.`];
    }
    case 'coral.steps.inserted':
      return [];
    case 'coral.tf.placed':
      return e.data.hex
        ? [`${e.data.tf} is placed in ${e.data.hex} (${e.data.cause}, ${e.data.rule}).`]
        : [
            `${e.data.tf} will arrive${e.data.arrives ? ` on turn ${e.data.arrives}` : ''}${e.data.at ? ` at ${e.data.at}` : ''} (${e.data.rule}).`,
          ];
    case 'coral.tf.ships':
      return [
        `${e.data.tf} now holds ${e.data.ships.map((k) => k.split(':')[1]).join(', ') || 'no ship'} (${e.data.cause}, ${e.data.rule}).`,
      ];
    case 'coral.tf.created':
      return [
        `New ${e.data.tf.id}${e.data.tf.hex ? ` in ${e.data.tf.hex}` : ''}: ${e.data.tf.ships.map((k) => k.split(':')[1]).join(', ')} (${e.data.cause}, ${e.data.rule}).`,
      ];
    case 'coral.tf.removed':
      return [`${e.data.tf} is removed: ${e.data.why} (${e.data.rule}).`];
    case 'coral.dummy.removed':
      return [`${e.data.ship.split(':')[1]} of ${e.data.tf} was a dummy and is removed (${e.data.rule}).`];
    case 'coral.air.units':
      return [`Air: ${e.data.cause} (${e.data.rule}).`];
    case 'coral.subs':
      return [
        `Submarine counters under their markers: ${e.data.submarines.map((s) => `${s.marker} ${s.counter}`).join(', ')} (${e.data.rule}).`,
      ];
    case 'coral.subs.placed':
      return [`${e.data.cause}: ${e.data.placed.map((p) => `marker ${p.marker} in ${p.hex}`).join(', ')} (${e.data.rule}).`];
    case 'coral.cp': {
      const s = e.data.slots;
      const spent = e.data.spent ? `${e.data.spent.cp} ${e.data.spent.slot} CP for ${e.data.spent.for}; ` : '';
      return [
        `Command points: ${spent}organization ${s.organization}, intelligence ${s.intelligence}, operations ${s.operations}, logistics ${s.logistics} left (${e.data.rule}).`,
      ];
    }
    case 'coral.chits':
      return [
        `${SIDE[e.data.side]} leadership chits ${e.data.delta > 0 ? '+' : ''}${e.data.delta} (${e.data.reason}): ${e.data.count} held (${e.data.rule}).`,
      ];
    case 'coral.usn-chit':
      return e.data.spent
        ? []
        : [`The USN ${e.data.use ? 'commits' : 'keeps'} a leadership chit for the ${CHIT_FN[e.data.fn] ?? e.data.fn} (8.4).`];
    case 'coral.roll':
      return [`${e.data.what}:`, ...e.data.rolls.map(roll)];
    case 'coral.random-event':
      return [`Random event: ${roll(e.data.roll)}.`];
    case 'coral.foul-up':
      return e.data.cp ? [`Command control foul-up: the USN loses ${e.data.cp} CP today (${e.data.rule}).`] : [];
    case 'coral.weather':
      return [`The weather turns ${e.data.weather} (${e.data.rule}).`];
    case 'coral.initiative':
      return [`Operational initiative: ${roll(e.data.roll)}; the ${SIDE[e.data.side]} moves first.`];
    case 'coral.intelligence':
      return [`USN intelligence on ${e.data.target} in ${e.data.hex} (${e.data.cp} CP): ${roll(e.data.roll)}.`];
    case 'coral.intel-choice':
      return e.data.pending
        ? [
            `Intelligence: choose which TF in ${e.data.pending.hex} to ${e.data.pending.identify.length ? `identify (${e.data.pending.identify.join(', ')})` : `reveal (${e.data.pending.reveal.join(', ')})`} (36).`,
          ]
        : [];
    case 'coral.battleships':
      return [
        `${roll(e.data.roll)}${e.data.placed.length ? `: ${e.data.placed.map((k) => k.split(':')[1]).join(' and ')} join ${e.data.tf}` : ''}.`,
      ];
    case 'coral.panicked':
      return [`The IJN panics (panic level ${e.data.level}, ${e.data.rule}): its forces make for home.`];
    case 'coral.turn-ended':
      return [
        `End of turn ${e.data.turn}.`,
        ...(e.data.subsFlipped?.length
          ? [
              `Submarine marker${e.data.subsFlipped.length > 1 ? 's' : ''} ${e.data.subsFlipped.join(', ')} turn${e.data.subsFlipped.length > 1 ? '' : 's'} face down again (19.6).`,
            ]
          : []),
      ];
    case 'coral.order.skipped':
      return [`Order ${e.data.order} not carried out: ${e.data.why} (${e.data.rule}).`];
    case 'coral.position':
      return [`A position set up on turn ${e.data.position.turn}, at ${e.data.position.step}.`];
    case 'coral.result':
      return [
        e.data.result.winner === 'draw'
          ? `The game ends in a draw: ${e.data.why}.`
          : `The ${SIDE[e.data.result.winner]} wins a ${e.data.result.level} victory: ${e.data.why}.`,
      ];
    default:
      return null;
  }
}

function common(e: CommonEvent): string[] | null {
  switch (e.type) {
    case 'coral.ship.status':
      return [
        `${e.data.ship.split(':')[1]} (${SIDE[e.data.ship.split(':')[0] as 'usn']}) is ${e.data.to} (${e.data.cause}, ${e.data.rule}).`,
      ];
    case 'coral.ship.fatigue':
      return [
        `${e.data.ships.map((k) => k.split(':')[1]).join(', ')} ${e.data.fatigued ? 'fatigued' : 'rested'} (${e.data.cause}, ${e.data.rule}).`,
      ];
    case 'coral.ship.revealed':
      return [`Revealed: ${e.data.ships.map((k) => k.split(':')[1]).join(', ')} (${e.data.cause}, ${e.data.rule}).`];
    case 'coral.tf.identified':
      return [`${e.data.tf} is ${e.data.identified ? 'identified' : 'unidentified again'} (${e.data.cause}, ${e.data.rule}).`];
    case 'coral.vp':
      return [`${SIDE[e.data.side]} +${e.data.points} VP: ${e.data.reason} (${e.data.rule}).`];
    case 'coral.panic': {
      const signed = (n: number) => `${n > 0 ? '+' : ''}${n}`;
      const parts = e.data.parts?.map((p) => `${p.reason} ${signed(p.delta)}`).join(', ');
      const why = parts ? `${e.data.reason}: ${parts}, at once, so the difference` : e.data.reason;
      return [`IJN panic ${signed(e.data.delta)} (${why}): level ${e.data.level} (${e.data.rule}).`];
    }
    case 'IjnDecided': {
      const d = e.data;
      return [
        `IJN: ${d.what}.`,
        ...(d.chit ? [`  ${roll(d.chit)}`] : []),
        ...(d.roll ? [`  ${roll(d.roll)}`] : []),
        ...(d.choice ? [`  ${choice(d.choice)}`] : []),
      ];
    }
    default:
      return null;
  }
}

/** An event nobody here knows yet (an area's own), in plain words from its data. */
function plain(e: RulesEvent): string[] {
  const d = e.data as Record<string, unknown> | null;
  const fields =
    d && typeof d === 'object'
      ? Object.keys(d)
          .sort()
          .map((k) => `${k} ${words(d[k])}`)
      : [];
  return [`${e.type.replace(/^coral\./, '').replace(/[.-]/g, ' ')}: ${fields.join('; ')}.`];
}

export function narrateCoral(e: RulesEvent, _side: Side | 'referee'): readonly string[] {
  return core(e as CoreEvent) ?? common(e as CommonEvent) ?? narrateMovement(e) ?? narrateSurface(e) ?? plain(e);
}
