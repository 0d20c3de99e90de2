import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { canonicalJson } from '../../shared/canonical';
import { SEAT_TO_MACHINE } from '../machine-address';
import { payloadOf } from '../service-events';

/**
 * Signed links to a game's read-only pages: `v1.<claims>.<mac>`, the claims (game, viewer,
 * expiry, and the last event that ended the viewer's links before this one was made) in base64url
 * canonical JSON, the MAC an HMAC-SHA-256 over the version and the claims, keyed by a key of its
 * own derived from UMPIRE_SECRET. The link is the only credential: a game id alone opens nothing, a
 * changed character breaks the MAC, an expired link is refused even with a good MAC, and so is a
 * link the log has ended since (linkRevocations: REPLACE of its seat, `umpire page-link --revoke`).
 *
 * Hand-written on node:crypto rather than with a JWT library: one fixed algorithm and one key
 * (no algorithm field to negotiate, nothing to misconfigure), 40 lines, the same primitives as
 * the reply-address tags in src/mail/auth.ts.
 */

/** A side of the game, the referee (everything but sealed orders), or an observer (what every side sees). */
export type PageViewer = string;
export const REFEREE_VIEWER = 'referee';
export const OBSERVER_VIEWER = 'observer';

export interface PageClaims {
  readonly gameId: string;
  readonly viewer: PageViewer;
  /** ISO-8601 instant after which the link is refused */
  readonly expiresAt: string;
  /**
   * The log's last event that ended this viewer's links when this one was made (linkRevocation;
   * absent: none). A later such event (REPLACE of the seat, `umpire page-link --revoke`) ends it.
   */
  readonly afterSeq?: number;
}

export type PageLinkCheck =
  | { readonly ok: true; readonly claims: PageClaims }
  | { readonly ok: false; readonly reason: 'malformed' | 'bad-signature' | 'expired'; readonly message: string };

const VERSION = 'v1';

/** The links' own key, from UMPIRE_SECRET by HKDF as every other key (src/shared/secret-box.ts): purpose `umpire:game-page-links`. */
function keyOf(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), Buffer.from('umpire:game-page-links'), 32));
}

function mac(secret: string, claims: string): Buffer {
  return createHmac('sha256', keyOf(secret)).update(`${VERSION}.${claims}`).digest();
}

export function signPageLink(secret: string, claims: PageClaims): string {
  const expires = new Date(claims.expiresAt);
  if (Number.isNaN(expires.getTime())) throw new RangeError(`expiresAt "${claims.expiresAt}" is not an instant`);
  const fields = {
    g: claims.gameId,
    v: claims.viewer,
    x: Math.floor(expires.getTime() / 1000),
    ...(claims.afterSeq ? { r: claims.afterSeq } : {}),
  };
  const body = Buffer.from(canonicalJson(fields), 'utf8').toString('base64url');
  return `${VERSION}.${body}.${mac(secret, body).toString('base64url')}`;
}

export function verifyPageLink(secret: string, token: string, now: Date): PageLinkCheck {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== VERSION || !/^[A-Za-z0-9_-]+$/.test(parts[1]) || !/^[A-Za-z0-9_-]{43}$/.test(parts[2])) {
    return { ok: false, reason: 'malformed', message: 'This is not a game-page link: it was cut short or changed.' };
  }
  // compared as text: base64url's last character carries spare bits, so two spellings decode alike
  const expected = Buffer.from(mac(secret, parts[1]).toString('base64url'));
  if (!timingSafeEqual(Buffer.from(parts[2]), expected)) {
    return {
      ok: false,
      reason: 'bad-signature',
      message: 'This link has been changed, or was not issued by this umpire: its signature does not match.',
    };
  }
  let raw: { g?: unknown; v?: unknown; x?: unknown; r?: unknown };
  try {
    raw = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as typeof raw;
  } catch {
    return { ok: false, reason: 'malformed', message: 'This link is signed but unreadable.' };
  }
  if (
    typeof raw.g !== 'string' ||
    typeof raw.v !== 'string' ||
    typeof raw.x !== 'number' ||
    (raw.r !== undefined && !Number.isSafeInteger(raw.r))
  ) {
    return { ok: false, reason: 'malformed', message: 'This link is signed but lacks its game, viewer or expiry.' };
  }
  const expiresAt = new Date(raw.x * 1000).toISOString();
  if (now.getTime() >= raw.x * 1000) {
    return {
      ok: false,
      reason: 'expired',
      message: `This link expired at ${expiresAt}. Ask the referee for a new one (umpire page-link ${raw.g} --side ${raw.v}).`,
    };
  }
  return { ok: true, claims: { gameId: raw.g, viewer: raw.v, expiresAt, ...(typeof raw.r === 'number' ? { afterSeq: raw.r } : {}) } };
}

/** The event type `umpire page-link --revoke` records: every link of the game (viewer null) or of one viewer ends. */
export const LINKS_REVOKED = 'PageLinksRevoked';

export interface LinksRevokedPayload {
  /** the viewer whose links end (a side, referee, observer); null: every link of the game */
  readonly viewer: string | null;
  readonly referee: string;
  readonly reason: string;
}

/** An event of the log that ends links: its sequence number, when, and what to tell the link's holder. */
export interface LinkRevocation {
  readonly seq: number;
  readonly at: string;
  readonly message: string;
}

/**
 * The events that end `viewer`'s links, oldest first: `PageLinksRevoked` of the whole game or of
 * that viewer, and `SeatReplaced` or `SeatToMachine` of that side (links end with the seat). Read from the whole log,
 * voided tails included: a rollback never brings a revoked link back.
 */
export function linkRevocations(
  events: readonly { seq: number; type: string; payload: unknown; recordedAt: string }[],
  viewer: PageViewer,
): LinkRevocation[] {
  const out: LinkRevocation[] = [];
  for (const e of events) {
    const p = payloadOf(e, LINKS_REVOKED);
    if (p) {
      if (p.viewer !== null && p.viewer !== viewer) continue;
      out.push({
        seq: e.seq,
        at: e.recordedAt,
        message: `The referee revoked ${p.viewer === null ? 'every link of this game' : 'the links of this viewer'} at ${e.recordedAt} (event ${e.seq}: ${p.reason}), this one with them. Ask the referee for a new link.`,
      });
    } else if ((payloadOf(e, 'SeatReplaced') ?? payloadOf(e, SEAT_TO_MACHINE))?.side === viewer) {
      out.push({
        seq: e.seq,
        at: e.recordedAt,
        message: `This link ended at ${e.recordedAt} (event ${e.seq}): the referee handed the ${viewer} seat to another player, and the links of a replaced seat stop working. The side's new player asks the referee for a new link.`,
      });
    }
  }
  return out;
}
