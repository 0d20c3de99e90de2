/**
 * Who is writing, and for which game and side. Two ways to prove it, both bound to the sender's
 * address so a copied tag or secret does not work from another mailbox:
 *   1. the per-player reply address `umpire+<gameId>.<side>.<tag>@domain`, whose tag is a
 *      truncated HMAC-SHA256(secret, gameId|side|playerAddress) the umpire puts in Reply-To;
 *   2. a `SECRET xxxx` line in the body, checked against the player's own secret.
 * Referee commands are accepted only from the game's referee.
 * Forged From headers remain possible for whoever holds both the tag and the address; a
 * deployment that receives through its own MX should also honour DMARC results there.
 */
import { createHmac, createHash, timingSafeEqual } from 'node:crypto';
import { REFEREE_COMMANDS } from './commands';
import type { ParsedMessage } from './parse';

/** The pseudo-side used in the referee's reply address. */
export const REFEREE_SIDE = 'referee';

export interface ReplyAddressConfig {
  /** HMAC key: at least 32 random bytes, kept out of the database. */
  readonly secret: string | Buffer;
  /** Local part before the `+`, e.g. `umpire`. */
  readonly localPart: string;
  readonly domain: string;
  /** Hex characters of the HMAC kept in the tag. Default 20 (80 bits). */
  readonly tagLength?: number;
}

export interface ReplyAddressParts {
  readonly gameId: string;
  readonly side: string;
  readonly tag: string;
}

export interface RosterPlayer {
  readonly side: string;
  readonly address: string;
  /** The player's `SECRET` word, if one was issued (secretWord). */
  readonly secret?: string;
  /** The word games created before secretWord were given (base64url, compared case for case). */
  readonly legacySecret?: string;
}

export interface GameRoster {
  readonly gameId: string;
  readonly players: readonly RosterPlayer[];
  readonly refereeAddresses: readonly string[];
  /** The referee's `SECRET` word, if one was issued. */
  readonly refereeSecret?: string;
  readonly refereeLegacySecret?: string;
}

/** Whatever holds the games' rosters (the database, in the service). */
export interface PlayerRegistry {
  findRoster(gameId: string): Promise<GameRoster | null>;
}

export type AuthRejectionCode =
  | 'no-game'
  | 'unknown-game'
  | 'wrong-tag'
  | 'wrong-sender'
  | 'wrong-secret'
  | 'not-a-player'
  | 'ambiguous-side'
  | 'referee-only'
  | 'no-credentials';

export type AuthResult =
  | {
      readonly ok: true;
      readonly gameId: string;
      /** The side the sender plays; null for the referee. */
      readonly side: string | null;
      readonly role: 'player' | 'referee';
      readonly via: 'reply-address' | 'body-secret';
    }
  | {
      readonly ok: false;
      readonly code: AuthRejectionCode;
      readonly reason: string;
      readonly gameId?: string;
    };

export function replyTag(
  config: Pick<ReplyAddressConfig, 'secret' | 'tagLength'>,
  gameId: string,
  side: string,
  playerAddress: string,
): string {
  return createHmac('sha256', config.secret)
    .update(`${gameId}|${side.toLowerCase()}|${normalizeAddress(playerAddress)}`)
    .digest('hex')
    .slice(0, config.tagLength ?? 20);
}

/** The Reply-To address to give one player (or the referee, with side `referee`) for one game. */
export function replyAddress(config: ReplyAddressConfig, gameId: string, side: string, playerAddress: string): string {
  const tag = replyTag(config, gameId, side, playerAddress);
  return `${config.localPart}+${gameId}.${side.toLowerCase()}.${tag}@${config.domain}`;
}

export function parseReplyAddress(config: ReplyAddressConfig, address: string): ReplyAddressParts | null {
  const at = address.lastIndexOf('@');
  if (at < 0 || address.slice(at + 1).toLowerCase() !== config.domain.toLowerCase()) return null;
  const local = address.slice(0, at).trim();
  const prefix = `${config.localPart}+`;
  if (local.slice(0, prefix.length).toLowerCase() !== prefix.toLowerCase()) return null;
  // Game ids keep their case (the tag covers them as issued); side and tag are lower-case.
  const m = local.slice(prefix.length).match(/^(G-[A-Za-z0-9_-]+)\.([A-Za-z][A-Za-z0-9_-]*)\.([0-9A-Fa-f]+)$/);
  if (!m) return null;
  return { gameId: m[1], side: m[2].toLowerCase(), tag: m[3].toLowerCase() };
}

export async function authenticate(message: ParsedMessage, registry: PlayerRegistry, config: ReplyAddressConfig): Promise<AuthResult> {
  const sender = normalizeAddress(message.from.address);
  const tagged = findReplyAddress(message, config);
  const gameId = tagged?.gameId ?? message.claimed.gameId;
  if (!gameId) {
    return fail(
      'no-game',
      'The message does not say which game it is for. Reply to the umpire\'s last message, or put "GAME G-…" on the first line.',
    );
  }
  const roster = await registry.findRoster(gameId);
  if (!roster) return fail('unknown-game', `There is no game ${gameId}. Check the game id in the umpire's last message.`, gameId);

  const result = tagged ? checkTag(roster, tagged, sender, config) : checkSecret(roster, message, sender);
  if (!result.ok) return result;
  const refereeOnly = message.commands.find((c) => REFEREE_COMMANDS.has(c.name));
  if (refereeOnly && result.role !== 'referee') {
    return fail('referee-only', `${refereeOnly.name} is a referee command; only the referee of ${gameId} may use it.`, gameId);
  }
  return result;
}

function checkTag(roster: GameRoster, tagged: ReplyAddressParts, sender: string, config: ReplyAddressConfig): AuthResult {
  const { gameId, side, tag } = tagged;
  const expectedFor = (address: string) => replyTag(config, gameId, side, address);
  if (side === REFEREE_SIDE) {
    if (roster.refereeAddresses.some((a) => normalizeAddress(a) === sender) && safeEqual(tag, expectedFor(sender))) {
      return { ok: true, gameId, side: null, role: 'referee', via: 'reply-address' };
    }
  } else {
    const owner = roster.players.find((p) => p.side === side);
    if (!owner) return fail('not-a-player', `Game ${gameId} has no side "${side}".`, gameId);
    if (safeEqual(tag, expectedFor(sender))) {
      if (normalizeAddress(owner.address) === sender) return { ok: true, gameId, side, role: 'player', via: 'reply-address' };
    } else if (!safeEqual(tag, expectedFor(owner.address))) {
      return fail(
        'wrong-tag',
        "The reply address has been altered. Reply to the umpire's last message without editing its address.",
        gameId,
      );
    }
  }
  return fail(
    'wrong-sender',
    `This reply address belongs to another sender; ${sender} is not registered for it. Write from the address you registered with.`,
    gameId,
  );
}

function checkSecret(roster: GameRoster, message: ParsedMessage, sender: string): AuthResult {
  const { gameId } = roster;
  const secret = message.directives.secret;
  if (!secret) {
    return fail(
      'no-credentials',
      'Reply to the umpire\'s last message (its reply address identifies you), or put your "SECRET …" line in the body.',
      gameId,
    );
  }
  if (roster.refereeAddresses.some((a) => normalizeAddress(a) === sender) && roster.refereeSecret !== undefined) {
    if (secretMatches(secret, roster.refereeSecret, roster.refereeLegacySecret))
      return { ok: true, gameId, side: null, role: 'referee', via: 'body-secret' };
  }
  const mine = roster.players.filter((p) => normalizeAddress(p.address) === sender);
  if (mine.length === 0) return fail('not-a-player', `${sender} plays no side in game ${gameId}.`, gameId);
  const claimedSide = message.claimed.side;
  const candidates = claimedSide ? mine.filter((p) => p.side === claimedSide) : mine;
  if (candidates.length === 0) return fail('not-a-player', `${sender} does not play ${claimedSide} in game ${gameId}.`, gameId);
  if (candidates.length > 1) return fail('ambiguous-side', `${sender} plays several sides in ${gameId}; add a "SIDE …" line.`, gameId);
  const player = candidates[0];
  if (player.secret === undefined || !secretMatches(secret, player.secret, player.legacySecret)) {
    return fail('wrong-secret', 'The SECRET line does not match the one the umpire sent you.', gameId);
  }
  return { ok: true, gameId, side: player.side, role: 'player', via: 'body-secret' };
}

/** The first recipient (envelope first, then To/Cc) that is one of our tagged reply addresses. */
function findReplyAddress(message: ParsedMessage, config: ReplyAddressConfig): ReplyAddressParts | null {
  const candidates = [...message.deliveredTo, ...message.to.map((a) => a.address), ...message.cc.map((a) => a.address)];
  for (const c of candidates) {
    const parts = parseReplyAddress(config, c);
    if (parts) return parts;
  }
  return null;
}

/** Crockford's base32: no I, L, O or U, so a word read aloud or retyped in any case means one thing. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A player's (or the referee's, side `referee`) SECRET word for one game and address: 15 base32
 * characters from HMAC-SHA-256 (75 bits), shown in groups of five. Case never matters and the
 * letters people confuse with digits are read as those digits, so all 75 bits count however the
 * player types it.
 */
export function secretWord(secret: string | Buffer, gameId: string, side: string, address: string): string {
  const mac = createHmac('sha256', secret)
    .update(`secret-word|${gameId}|${side.toLowerCase()}|${normalizeAddress(address)}`)
    .digest();
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of mac) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < 15) {
      out += CROCKFORD[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    if (out.length === 15) break;
  }
  return `${out.slice(0, 5)}-${out.slice(5, 10)}-${out.slice(10)}`;
}

/** The word as typed, in canonical form: upper case, no separators, O read as 0, I and L as 1. */
function canonicalWord(word: string): string {
  return word.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

function secretMatches(typed: string, word: string, legacy?: string): boolean {
  return safeEqual(canonicalWord(typed), canonicalWord(word)) || (legacy !== undefined && safeEqual(typed, legacy));
}

/** Exact comparison, constant-time for equal lengths; hashing first makes unequal lengths leak nothing either. */
function safeEqual(a: string, b: string): boolean {
  const da = createHash('sha256').update(a).digest();
  const db = createHash('sha256').update(b).digest();
  return timingSafeEqual(da, db);
}

export function normalizeAddress(address: string): string {
  return address.trim().toLowerCase();
}

function fail(code: AuthRejectionCode, reason: string, gameId?: string): AuthResult {
  return { ok: false, code, reason, ...(gameId ? { gameId } : {}) };
}
