import {
  authenticate,
  parseReplyAddress,
  replyAddress,
  replyTag,
  type GameRoster,
  type PlayerRegistry,
  type ReplyAddressConfig,
} from '../../src/mail/auth';
import { parseMail, type ParsedMessage } from '../../src/mail/parse';

const config: ReplyAddressConfig = {
  secret: 'test-secret-0123456789abcdef0123456789',
  localPart: 'umpire',
  domain: 'umpire.test',
};
const roster: GameRoster = {
  gameId: 'G-abc123',
  players: [
    { side: 'japanese', address: 'Japan@Example.org', secret: 'kido-butai' },
    { side: 'allied', address: 'allies@example.org', secret: 'magic' },
  ],
  refereeAddresses: ['referee@example.org'],
  refereeSecret: 'whistle',
};
const registry: PlayerRegistry = { findRoster: async (id) => (id === roster.gameId ? roster : null) };

async function mail(headers: Record<string, string>, body: string): Promise<ParsedMessage> {
  const raw = `${Object.entries({ Subject: 'x', ...headers })
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n')}\r\n\r\n${body}\r\n`;
  const out = await parseMail(Buffer.from(raw));
  if (!out.ok) throw new Error(out.rejection.message);
  return out.message;
}

describe('reply addresses', () => {
  it('carry game, side and a tag that depends on the player address', () => {
    const addr = replyAddress(config, 'G-abc123', 'japanese', 'japan@example.org');
    expect(addr).toMatch(/^umpire\+G-abc123\.japanese\.[0-9a-f]{20}@umpire\.test$/);
    expect(parseReplyAddress(config, addr)).toEqual({
      gameId: 'G-abc123',
      side: 'japanese',
      tag: replyTag(config, 'G-abc123', 'japanese', 'japan@example.org'),
    });
    expect(replyTag(config, 'G-abc123', 'japanese', 'JAPAN@example.org')).toBe(
      replyTag(config, 'G-abc123', 'japanese', 'japan@example.org'),
    );
    expect(replyTag(config, 'G-abc123', 'japanese', 'other@example.org')).not.toBe(
      replyTag(config, 'G-abc123', 'japanese', 'japan@example.org'),
    );
    expect(replyTag({ ...config, secret: 'another secret' }, 'G-abc123', 'japanese', 'japan@example.org')).not.toBe(
      replyTag(config, 'G-abc123', 'japanese', 'japan@example.org'),
    );
  });

  it('are not recognised for another domain or local part', () => {
    const addr = replyAddress(config, 'G-abc123', 'japanese', 'japan@example.org');
    expect(parseReplyAddress(config, addr.replace('umpire.test', 'evil.test'))).toBeNull();
    expect(parseReplyAddress(config, addr.replace('umpire+', 'other+'))).toBeNull();
    expect(parseReplyAddress(config, 'umpire@umpire.test')).toBeNull();
  });
});

describe('authenticate', () => {
  const tagged = (side: string, player: string) => replyAddress(config, 'G-abc123', side, player);

  it('accepts the right player replying to their own tagged address', async () => {
    const m = await mail({ From: 'japan@example.org', To: tagged('japanese', 'japan@example.org') }, 'Akagi to Coral Sea');
    expect(await authenticate(m, registry, config)).toEqual({
      ok: true,
      gameId: 'G-abc123',
      side: 'japanese',
      role: 'player',
      via: 'reply-address',
    });
  });

  it("rejects a forged sender using someone else's tag", async () => {
    const m = await mail({ From: 'allies@example.org', To: tagged('japanese', 'japan@example.org') }, 'Akagi to Pearl Harbor');
    expect(await authenticate(m, registry, config)).toMatchObject({ ok: false, code: 'wrong-sender' });
  });

  it('rejects an altered tag', async () => {
    const good = tagged('japanese', 'japan@example.org');
    const bad = good.replace(/\.([0-9a-f])([0-9a-f]+)@/, (_m, a: string, rest: string) => `.${a === '0' ? '1' : '0'}${rest}@`);
    const m = await mail({ From: 'japan@example.org', To: bad }, 'x');
    expect(await authenticate(m, registry, config)).toMatchObject({ ok: false, code: 'wrong-tag' });
  });

  it('rejects a tag minted for another side', async () => {
    const m = await mail({ From: 'japan@example.org', To: tagged('allied', 'japan@example.org') }, 'x');
    expect(await authenticate(m, registry, config)).toMatchObject({ ok: false, code: 'wrong-sender' });
  });

  it('accepts the body SECRET from the registered address, and rejects a wrong one', async () => {
    const ok = await mail(
      { From: 'japan@example.org', To: 'umpire@umpire.test' },
      'GAME G-abc123\r\nSECRET kido-butai\r\nAkagi to Coral Sea',
    );
    expect(await authenticate(ok, registry, config)).toEqual({
      ok: true,
      gameId: 'G-abc123',
      side: 'japanese',
      role: 'player',
      via: 'body-secret',
    });
    const wrong = await mail({ From: 'japan@example.org', To: 'umpire@umpire.test' }, 'GAME G-abc123\r\nSECRET magic\r\nx');
    expect(await authenticate(wrong, registry, config)).toMatchObject({ ok: false, code: 'wrong-secret' });
    const stranger = await mail({ From: 'spy@example.org', To: 'umpire@umpire.test' }, 'GAME G-abc123\r\nSECRET kido-butai\r\nx');
    expect(await authenticate(stranger, registry, config)).toMatchObject({ ok: false, code: 'not-a-player' });
  });

  it('explains what is missing', async () => {
    const noGame = await mail({ From: 'japan@example.org', To: 'umpire@umpire.test' }, 'Akagi to Coral Sea');
    expect(await authenticate(noGame, registry, config)).toMatchObject({ ok: false, code: 'no-game' });
    const unknown = await mail({ From: 'japan@example.org', To: 'umpire@umpire.test', Subject: '[umpire G-zzz] orders' }, 'x');
    expect(await authenticate(unknown, registry, config)).toMatchObject({ ok: false, code: 'unknown-game' });
    const bare = await mail({ From: 'japan@example.org', To: 'umpire@umpire.test', Subject: '[umpire G-abc123] orders' }, 'x');
    expect(await authenticate(bare, registry, config)).toMatchObject({ ok: false, code: 'no-credentials' });
  });

  it('allows referee commands only from the referee', async () => {
    const fromPlayer = await mail({ From: 'japan@example.org', To: tagged('japanese', 'japan@example.org') }, 'EXTEND 24h');
    expect(await authenticate(fromPlayer, registry, config)).toMatchObject({
      ok: false,
      code: 'referee-only',
    });
    const fromReferee = await mail({ From: 'referee@example.org', To: tagged('referee', 'referee@example.org') }, 'EXTEND 24h\r\nFORCE');
    expect(await authenticate(fromReferee, registry, config)).toEqual({
      ok: true,
      gameId: 'G-abc123',
      side: null,
      role: 'referee',
      via: 'reply-address',
    });
    const bySecret = await mail(
      { From: 'referee@example.org', To: 'umpire@umpire.test' },
      'GAME G-abc123\r\nSECRET whistle\r\nNOTE Ruling on 5.3',
    );
    expect(await authenticate(bySecret, registry, config)).toMatchObject({
      ok: true,
      role: 'referee',
      via: 'body-secret',
    });
    const forgedReferee = await mail({ From: 'japan@example.org', To: tagged('referee', 'referee@example.org') }, 'FORCE');
    expect(await authenticate(forgedReferee, registry, config)).toMatchObject({
      ok: false,
      code: 'wrong-sender',
    });
  });
});
