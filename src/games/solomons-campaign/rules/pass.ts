/**
 * Passing by mutual consent (4.6). A side offers with PASS (no more movement or combat this turn)
 * or PASS IN PORT (only while every ship of both sides is in a major base; submarines, which never
 * enter a base, do not count: a reading), with its forces or in any of its Operations Phases; NO
 * PASS takes the offer back. An offer stands for the rest of the turn and is its side's alone. At
 * the end of each Operations Phase, when both sides' offers hold, the Execution Phases end and the
 * Logistics Phase follows (announced to both); an unmatched offer is never shown to the other side.
 */
import type { RulesEvent } from '../../../engine/ruleset';
import { SIDES, type SolSide, type SolState } from '../state';

export type PassWhen = 'now' | 'in-port';
export type PassOrder = { readonly kind: 'pass'; readonly when: PassWhen | null };
export type PassOffers = Readonly<Record<SolSide, { readonly turn: number; readonly when: PassWhen } | null>>;

export function parsePassLine(line: string): PassOrder | string {
  const up = line.toUpperCase().replace(/\s+/g, ' ').trim();
  if (up === 'PASS') return { kind: 'pass', when: 'now' };
  if (up === 'PASS IN PORT' || up === 'PASS WHEN ALL IN PORT') return { kind: 'pass', when: 'in-port' };
  if (up === 'NO PASS') return { kind: 'pass', when: null };
  return 'expected PASS, PASS IN PORT or NO PASS (4.6)';
}

export const formatPass = (o: PassOrder): string => (o.when === null ? 'NO PASS' : o.when === 'now' ? 'PASS' : 'PASS IN PORT');

export type PassEvent =
  | RulesEvent<'sol.pass-offer', { side: SolSide; when: PassWhen | null }>
  | RulesEvent<'sol.passed', { x: number; why: 'consent' | 'in-port' }>;

export const isPassEvent = (e: { type: string }): e is PassEvent => e.type === 'sol.pass-offer' || e.type === 'sol.passed';

/** The side's last PASS line, as an offer sealed to it. */
export function passEvents(side: SolSide, orders: readonly { kind: string }[]): PassEvent[] {
  const last = [...orders].reverse().find((o) => o.kind === 'pass') as PassOrder | undefined;
  return last ? [{ type: 'sol.pass-offer', data: { side, when: last.when }, visibleTo: [side] }] : [];
}

/** 4.6: every ship of both sides in a major base (submarines apart). */
export const allInPort = (s: SolState): boolean => SIDES.every((side) => Object.values(s.forces[side].ships).every((x) => x.at in s.bases));

/** Whether both offers hold now; null when not. */
export function passAgreed(s: SolState): 'consent' | 'in-port' | null {
  const offers = SIDES.map((side) => s.pass[side]).filter((o) => o && o.turn === s.turn);
  if (offers.length < SIDES.length) return null;
  if (offers.every((o) => o!.when === 'now')) return 'consent';
  return allInPort(s) ? 'in-port' : null;
}

export function evolvePass(s: SolState, e: PassEvent): SolState {
  if (e.type === 'sol.passed') return { ...s, phase: 'logistics', phasing: null, pass: { japanese: null, us: null } };
  const d = e.data;
  return { ...s, pass: { ...s.pass, [d.side]: d.when === null ? null : { turn: s.turn, when: d.when } } };
}

export function narratePass(e: PassEvent): string[] {
  if (e.type === 'sol.passed')
    return [
      `Both sides pass after Execution Phase ${e.data.x}${e.data.why === 'in-port' ? ', every ship in a major base' : ''}: the Execution Phases end (4.6).`,
    ];
  const w = e.data.when;
  return [
    `${e.data.side === 'us' ? 'The US' : 'Japan'} ${w === null ? 'takes back its offer to pass' : `offers to pass${w === 'in-port' ? ' while every ship is in port' : ''}`} (4.6).`,
  ];
}
