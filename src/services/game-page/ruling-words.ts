import { withoutAddresses } from '../../audit/rulings';
import type { StoredEvent } from '../../store/event-store';
import { isRefereeNote, noteLine } from '../game/flow';
import { REFEREE_VIEWER, type PageViewer } from './link';

/** an ISO instant to the second, in UTC: `2026-11-21 13:00:07 UTC` */
export function toSecond(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? String(iso) : `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

type P = Record<string, unknown>;
const s = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));
const why = (p: P) => (s(p.reason) ? ` Reason: ${s(p.reason)}.` : '');
const events = (p: P) =>
  Array.isArray(p.concerns) && p.concerns.length ? ` (concerning event ${p.concerns.map((c) => `#${c}`).join(', ')})` : '';

/** What each kind of ruling says, as a sentence (addresses in it: the referee's page only). */
const SAYS: Readonly<Record<string, (p: P) => string>> = {
  RolledBack: (p) =>
    `The referee rolled the game back to ${s(p.stepId)} (turn ${s(p.turn)}): events #${s(p.firstVoidedSeq)} onward are void, undoing ${(p.undone as string[] | undefined)?.join(', ') || 'nothing resolved'}; the orders in for that step were ${p.orders === 'resend' ? 'voided too, every side ordered again' : 'kept'}.${why(p)}`,
  SeatReplaced: (p) => `The referee handed the ${s(p.side)} seat from ${s(p.previous)} to ${s(p.address)}${events(p)}.${why(p)}`,
  SeatToMachine: (p) => `The referee handed the ${s(p.side)} seat from ${s(p.previous)} to the machine player ${s(p.player)}.${why(p)}`,
  GameForked: (p) =>
    `This game is a fork of ${s(p.parentGameId)} at its event #${s(p.atSeq)} (${s(p.stepId)}, turn ${s(p.turn)}), made by the referee${(p.ordersFrom as string[] | undefined)?.length ? ` with new orders for ${(p.ordersFrom as string[]).join(', ')}` : ''}.`,
  GamePaused: (p) => `The referee paused the deadlines${p.stepId ? ` (of ${s(p.stepId)})` : ''}.${why(p)}`,
  GameResumed: (p) => `The referee resumed the deadlines.${why(p)}`,
  AbsenceDeclared: (p) =>
    `The referee declared ${s(p.side)} away from ${toSecond(s(p.from))} to ${toSecond(s(p.to))}: deadlines of steps awaiting it in that time move to its end.${why(p)}`,
  DeadlineLengthSet: (p) =>
    `The referee set the deadline of every ${s(p.kind)} step from now on to ${Number(p.minutes) / 60} hours.${why(p)}`,
  DeadlineSet: (p) =>
    `The referee ${p.extended ? 'extended' : 'set'} the deadline of ${s(p.stepId)} to ${toSecond(s(p.at))}${p.graceUntil && p.graceUntil !== p.at ? ` (grace until ${toSecond(s(p.graceUntil))})` : ''}.`,
  RulesUpgraded: (p) => `The referee moved the game from rules build ${s(p.from)} to ${s(p.to)}.${why(p)}`,
  PageLinksRevoked: (p) =>
    `The referee ended ${p.viewer === null ? 'every game-page link' : `the game-page links of ${s(p.viewer)}`}.${why(p)}`,
  ReportsResent: (p) =>
    `The referee sent ${s(p.side)}'s ${p.which === 'all' ? 'reports' : p.which === 'turn' ? `reports of turn ${s(p.turn)}` : 'latest report'} again to ${s(p.to)} (${(p.subjects as unknown[] | undefined)?.length ?? 0} mail(s)).${why(p)}`,
};

/**
 * A referee's ruling in words: what was ruled, on what, and why. Players read it with every
 * address withheld; the referee reads it whole. A kind not listed says its name and its reason.
 */
export function rulingWords(e: Pick<StoredEvent, 'type' | 'payload' | 'metadata'>, viewer: PageViewer): string {
  if (isRefereeNote(e)) return noteLine(e);
  const p = (e.payload ?? {}) as P;
  const said = SAYS[e.type]?.(p) ?? `${e.type}${s(p.reason) || s(p.text) ? `: ${s(p.reason) || s(p.text)}` : ''}`;
  return viewer === REFEREE_VIEWER ? said : String(withoutAddresses(said));
}
