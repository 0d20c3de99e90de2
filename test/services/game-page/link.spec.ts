import { linkRevocations, signPageLink, verifyPageLink } from '../../../src/services/game-page/link';

const SECRET = 'a-test-secret-of-at-least-32-characters!';
const NOW = new Date('2026-11-23T12:00:00Z');
const claims = { gameId: 'G-abc123', viewer: 'japanese', expiresAt: '2026-11-30T12:00:00.000Z' };

describe('signed game-page links', () => {
  it('given a link it signed, when checked before it expires, then it opens for its game and viewer', () => {
    const token = signPageLink(SECRET, claims);
    expect(token).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(verifyPageLink(SECRET, token, NOW)).toEqual({ ok: true, claims });
  });

  it('given any one character of the link changed, then it is refused and nothing of it is trusted', () => {
    const token = signPageLink(SECRET, claims);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    let refused = 0;
    for (let i = 3; i < token.length; i++) {
      if (token[i] === '.') continue;
      const swapped = alphabet[(alphabet.indexOf(token[i]) + 1) % alphabet.length];
      const r = verifyPageLink(SECRET, token.slice(0, i) + swapped + token.slice(i + 1), NOW);
      expect(r.ok).toBe(false);
      refused++;
    }
    expect(refused).toBeGreaterThan(60);
  });

  it("given another side's claims spliced onto this link's signature, then it is refused as changed", () => {
    const mine = signPageLink(SECRET, claims).split('.');
    const theirs = signPageLink(SECRET, { ...claims, viewer: 'allied' }).split('.');
    const r = verifyPageLink(SECRET, `v1.${theirs[1]}.${mine[2]}`, NOW);
    expect(r).toMatchObject({ ok: false, reason: 'bad-signature' });
  });

  it('given a link signed with another secret, then it is refused', () => {
    const r = verifyPageLink(SECRET, signPageLink('another-secret-of-at-least-32-characters', claims), NOW);
    expect(r).toMatchObject({ ok: false, reason: 'bad-signature' });
  });

  it('given the instant it expires, then it is refused as expired, saying when and how to get a new one', () => {
    const token = signPageLink(SECRET, claims);
    expect(verifyPageLink(SECRET, token, new Date('2026-11-30T11:59:59Z')).ok).toBe(true);
    const r = verifyPageLink(SECRET, token, new Date('2026-11-30T12:00:00Z'));
    expect(r).toMatchObject({ ok: false, reason: 'expired' });
    expect(!r.ok && r.message).toContain('2026-11-30T12:00:00.000Z');
    expect(!r.ok && r.message).toContain('umpire page-link G-abc123 --side japanese');
  });

  it('given a bare game id, an empty string or a cut link, then it is refused as malformed', () => {
    const token = signPageLink(SECRET, claims);
    for (const t of ['G-abc123', '', token.slice(0, -1), `${token}.x`, token.replace('v1.', 'v2.')]) {
      expect(verifyPageLink(SECRET, t, NOW)).toMatchObject({ ok: false, reason: 'malformed' });
    }
  });

  it('given an expiry that is no instant, then no link is made', () => {
    expect(() => signPageLink(SECRET, { ...claims, expiresAt: 'next week' })).toThrow(RangeError);
  });

  it('given the last revocation it outlives (issue 24: links end with the seat), then the link carries it, signed', () => {
    const token = signPageLink(SECRET, { ...claims, afterSeq: 17 });
    expect(verifyPageLink(SECRET, token, NOW)).toEqual({ ok: true, claims: { ...claims, afterSeq: 17 } });
  });
});

describe("the events that end a viewer's links (issue 24: links end with the seat)", () => {
  const at = '2026-11-24T08:00:00.000Z';
  const log = [
    { seq: 3, type: 'SeatReplaced', payload: { side: 'allied' }, recordedAt: at },
    { seq: 5, type: 'PageLinksRevoked', payload: { viewer: 'japanese', referee: 'cli', reason: 'leaked' }, recordedAt: at },
    { seq: 8, type: 'NoteAdded', payload: { text: 'PageLinksRevoked' }, recordedAt: at },
    { seq: 9, type: 'PageLinksRevoked', payload: { viewer: null, referee: 'cli', reason: 'new season' }, recordedAt: at },
    { seq: 11, type: 'SeatToMachine', payload: { side: 'japanese', player: 'random' }, recordedAt: at },
  ];

  it('given a REPLACE of the seat, a revocation of the viewer and one of the whole game, then each ends the links it names', () => {
    expect(linkRevocations(log, 'allied').map((r) => r.seq)).toEqual([3, 9]);
    // issue 25: a seat handed to a machine (MACHINE) ends its person's links too
    expect(linkRevocations(log, 'japanese').map((r) => r.seq)).toEqual([5, 9, 11]);
    expect(linkRevocations(log, 'referee').map((r) => r.seq)).toEqual([9]);
    expect(linkRevocations(log, 'japanese')[0].message).toContain('(event 5: leaked)');
    expect(linkRevocations(log, 'allied')[0].message).toContain('handed the allied seat to another player');
  });
});
