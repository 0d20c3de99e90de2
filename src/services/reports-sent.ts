import type { Notice } from '../mail/notices';
import type { ShownPicture } from '../mail/template-data';
import type { OutboxDraft } from '../store/outbox';
import type { ReportSent, SentReports } from '../store/reports';
import type { Sql } from '../store/db';

export type { ReportSent } from '../store/reports';

/** A round of reports and welcomes queued (GameHandler.close writes it with their outbox rows). */
export interface ReportsSentPayload {
  readonly reports: readonly ReportSent[];
}

/** What a viewer at an address was last sent: the event its story reached, and the last board picture it was shown. */
export interface LastSent {
  readonly seq: number | null;
  readonly picture: ShownPicture | null;
}

/** What the game's ReportsSent events say, folded (ServiceState.sent). */
export interface SentState {
  /** the event the latest round of reports reached */
  readonly seq: number;
  /** by lastSentKey */
  readonly last: Readonly<Record<string, LastSent>>;
}

/** The key of a viewer at an address in SentState.last (addresses compare case-blind, as authentication does). */
export function lastSentKey(viewer: string, recipient: string): string {
  return `${viewer}\n${recipient.toLowerCase()}`;
}

/** The reports and welcomes among `notices` (rendered as `drafts`, in order) of `gameId`. */
export function reportsSentOf(gameId: string, notices: readonly Notice[], drafts: readonly OutboxDraft[]): ReportSent[] {
  return notices.flatMap((n, i): ReportSent[] => {
    if ((n.kind !== 'report' && n.kind !== 'welcome') || n.gameId !== gameId || (n.kind === 'report' && n.viewCopy)) return [];
    const turn = n.needs?.turn;
    const picture = drafts[i].picture;
    return [{ key: n.key, kind: n.kind, side: n.side, to: n.to, ...(turn !== undefined ? { turn } : {}), ...(picture ? { picture } : {}) }];
  });
}

/** A ReportsSent event (at `seq`) folded in: each recipient's story reaches the event, its picture is the latest it carried. */
export function evolveSent(state: SentState | undefined, payload: ReportsSentPayload, seq: number): SentState {
  const last: Record<string, LastSent> = { ...state?.last };
  let reached = state?.seq ?? 0;
  for (const r of payload.reports) {
    const key = lastSentKey(r.side, r.to);
    const at = r.seq ?? seq;
    const was = last[key];
    last[key] = { seq: Math.max(at, was?.seq ?? 0), picture: r.picture ?? was?.picture ?? null };
    reached = Math.max(reached, at);
  }
  return { seq: reached, last };
}

/** The reports of `side` (or all), at `to` (or any address), of one turn (or all), in the order they were queued. */
export function sentMatching(
  reports: readonly ReportSent[],
  want: { readonly side?: string; readonly to?: string; readonly turn?: number },
): ReportSent[] {
  return reports.filter(
    (r) =>
      (want.side === undefined || r.side === want.side) &&
      (want.to === undefined || r.to.toLowerCase() === want.to.toLowerCase()) &&
      (want.turn === undefined || r.turn === want.turn),
  );
}

/** Every report the game's log records (a log begun before reports were recorded: its outbox's, read back). */
export function reportsSentIn(reports: SentReports, tx: Sql, gameId: string, sent: SentState | undefined): Promise<ReportSent[]> {
  return sent ? reports.recorded(tx, gameId) : reports.unrecorded(tx, gameId);
}

/** What each recipient was last sent (by lastSentKey) and the event the last round reached: the fold's, else the outbox's. */
export async function lastSentIn(reports: SentReports, tx: Sql, gameId: string, sent: SentState | undefined): Promise<SentState> {
  return sent ?? evolveSent(undefined, { reports: await reports.unrecorded(tx, gameId) }, 0);
}
