/**
 * Hostile mail at volume (issue 14), on the real PostgreSQL and Redis: a corpus generated with
 * fast-check (broken MIME, charsets, HTML only, big attachments, header injection, forged reply
 * addresses and SECRET words, mail loops, orders for another game or side, absurd lengths), every
 * mail stored and ingested as the worker does. None may authenticate: each is refused with an
 * answer to a plain sender, ignored when it comes from a machine, or quarantined; the ingest never
 * throws; no game's log moves; no answer carries an injected header. Counts by outcome are printed.
 * Sizes: HOSTILE_MAILS (default 200) and HOSTILE_ATTACHMENT_MB (default 2); UMPIRE_FULL=1 runs the
 * issue's 10,000 mails with 25 MB attachments.
 */
import fc from 'fast-check';
import type { Services } from '../../src/services/container';
import { DUEL_SIDES, type ServiceHarness, startServices, stopServices } from '../support/services';

const FULL = process.env.UMPIRE_FULL === '1';
const MAILS = Number(process.env.HOSTILE_MAILS ?? (FULL ? 10_000 : 200));
const ATTACHMENT_MB = Number(process.env.HOSTILE_ATTACHMENT_MB ?? (FULL ? 25 : 2));
const GAMES = ['G-hostile', 'G-other'];
const UMPIRE = 'umpire@umpire.test';

const KINDS = [
  'broken-mime',
  'charset',
  'html-only',
  'attachment',
  'header-injection',
  'forged-reply-address',
  'forged-secret',
  'loop',
  'other-game-or-side',
  'absurd-length',
] as const;
type Kind = (typeof KINDS)[number];

interface Hostile {
  readonly kind: Kind;
  /** made when the mail is sent, so the corpus holds no bytes (10,000 mails, some of 25 MB) */
  readonly raw: () => Buffer;
  /** a machine's mail (bounce, auto-reply, list): recorded, never answered (RFC 3834) */
  readonly automatic: boolean;
}

jest.setTimeout(FULL ? 4 * 3600_000 : 240_000);

describe('hostile mail corpus (issue 14)', () => {
  let h: ServiceHarness;
  let s: Services;

  beforeAll(async () => {
    // every forgery is judged and answered (the stranger throttle has its own tests): a generous burst
    h = await startServices('hostile', { THROTTLE_BURST: '1000000', THROTTLE_PER_HOUR: '1000000', UMPIRE_ADDRESS: UMPIRE });
    s = h.s;
    for (const gameId of GAMES) {
      await s.bus.submit(gameId, `create:${gameId}`, 'game.create', {
        gameId,
        ruleset: 'fleet-duel',
        sides: DUEL_SIDES,
        referee: 'ref@club.test',
      });
      await s.inbox.drain(gameId, s.bus.apply);
    }
  });
  afterAll(() => stopServices(h));

  it('refuses, ignores or quarantines every mail; never throws; no game log moves; no injected header reaches an answer', async () => {
    const heads = await Promise.all(GAMES.map((g) => s.events.head(g)));
    const corpus = fc.sample(hostileMail(s), { numRuns: MAILS, seed: 14 });
    const counts = new Map<string, number>();
    const count = (k: string) => counts.set(k, (counts.get(k) ?? 0) + 1);
    const wrong: string[] = [];
    const outboxBefore = (await h.t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox'))[0].n;
    let answerable = 0;
    for (const [i, m] of corpus.entries()) {
      const { id } = await s.inbound.receive('hostile', m.raw());
      const out = await s.ingest.ingest(id).catch((e: Error) => ({ status: `threw ${e.message}`, detail: null }));
      if (out.status === 'already-done') {
        count(`${m.kind} -> already-done (a byte-identical mail generated twice: one identity)`);
        continue;
      }
      const ok = m.automatic ? out.status === 'ignored' : ['rejected', 'quarantined', 'ignored'].includes(out.status);
      const unanswered = JSON.stringify(out.detail ?? {}).includes('"unanswered"');
      if (out.status === 'rejected' && !unanswered) answerable++;
      const d = (out.detail ?? {}) as { throttled?: boolean; unanswered?: unknown; reason?: string };
      const why = d.throttled
        ? 'unanswered: stranger over the refusal throttle'
        : `unanswered: ${typeof d.unanswered === 'string' ? d.unanswered : d.reason}`;
      count(`${m.kind} -> ${out.status}${out.status === 'rejected' ? `, ${unanswered ? why : 'answered'}` : ''}`);
      if (!ok) wrong.push(`#${i} ${m.kind}: ${out.status} ${JSON.stringify(out.detail).slice(0, 300)}`);
    }
    for (const [k, n] of [...counts].sort()) process.stdout.write(`hostile mail: ${k}: ${n}\n`);
    expect(wrong).toEqual([]);
    // no forged mail changed a game
    expect(await Promise.all(GAMES.map((g) => s.events.head(g)))).toEqual(heads);
    // every refusal that says it was answered has its answer waiting in the outbox, one each
    const outboxAfter = (await h.t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox'))[0].n;
    expect(outboxAfter - outboxBefore).toBe(answerable);
    // every answer went to one plain mailbox, under a one-line subject
    const rows = await h.t.db.query<{ recipient: string; payload: { subject?: string } }>('SELECT recipient, payload FROM outbox');
    for (const r of rows) {
      expect(r.recipient).toMatch(/^[^\s,;<>@]+@[^\s,;<>@]+$/);
      expect(r.payload.subject ?? '').not.toMatch(/[\r\n]/);
      expect(r.recipient).not.toMatch(/victim/);
    }
    // none answered a machine
    expect(rows.filter((r) => /mailer-daemon|postmaster|noreply|list-bot/i.test(r.recipient))).toEqual([]);
  });
});

/** One hostile mail: a kind, then that kind's generator. */
function hostileMail(s: Services): fc.Arbitrary<Hostile> {
  const reply = (gameId: string, side: string, who: string) => s.composer.replyAddressFor(gameId, side, who);
  const stranger = fc
    .tuple(fc.stringMatching(/^[a-z][a-z0-9.]{0,12}$/), fc.constantFrom('example.test', 'mail.test', 'xn--bcher-kva.test'))
    .map(([l, d]) => `${l.replace(/\.+$/, '')}x@${d}`);
  const text = fc.oneof(
    fc.string({ maxLength: 200 }),
    fc.fullUnicodeString({ maxLength: 200 }),
    fc.constantFrom('MOVE north', 'MOVE south\nPOSTURE aggressive', 'RESIGN', 'HELP'),
  );
  const id = fc.uuid().map((u) => `<${u}@hostile.test>`);
  const mail = (headers: string[], body: string | Buffer) =>
    Buffer.concat([Buffer.from(`${headers.join('\r\n')}\r\n\r\n`, 'latin1'), typeof body === 'string' ? Buffer.from(body) : body]);
  // a forged address to a game: a reply address with its signature changed, or someone else's
  const tampered = fc.tuple(fc.constantFrom(...GAMES), fc.constantFrom('red', 'blue'), fc.nat()).map(([g, side, n]) => {
    const a = reply(g, side, `${side}@players.test`);
    const at = a.indexOf('@');
    const k = Math.max(0, at - 1 - (n % 6));
    const c = a[k] === 'a' ? 'b' : 'a';
    return `${a.slice(0, k)}${c}${a.slice(k + 1)}`;
  });
  const byKind: Record<Kind, fc.Arbitrary<Omit<Hostile, 'kind'>>> = {
    'broken-mime': fc
      .tuple(stranger, id, text, fc.constantFrom('no-close', 'no-boundary', 'bad-b64', 'bad-qp', 'nested'))
      .map(([from, mid, t, how]) => ({
        automatic: false,
        raw: () =>
          mail(
            [
              `From: ${from}`,
              `To: ${UMPIRE}`,
              `Message-ID: ${mid}`,
              'Subject: orders',
              'MIME-Version: 1.0',
              how === 'no-boundary' ? 'Content-Type: multipart/mixed' : 'Content-Type: multipart/mixed; boundary="b1"',
            ],
            how === 'no-close'
              ? `--b1\r\nContent-Type: text/plain\r\n\r\n${t}\r\n--b1\r\nContent-Type: text/plain`
              : how === 'bad-b64'
                ? `--b1\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: base64\r\n\r\n!!!${t}%%%\r\n--b1--`
                : how === 'bad-qp'
                  ? `--b1\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n=ZZ=\r\n${t}=\r\n--b1--`
                  : how === 'nested'
                    ? `${'--b1\r\nContent-Type: multipart/mixed; boundary="b1"\r\n\r\n'.repeat(200)}${t}`
                    : t,
          ),
      })),
    charset: fc
      .tuple(
        stranger,
        id,
        fc.constantFrom(
          'utf-8',
          'iso-8859-1',
          'windows-1252',
          'koi8-r',
          'shift_jis',
          'euc-kr',
          'gb2312',
          'big5',
          'utf-16',
          'utf-7',
          'x-bogus-42',
          '"";;',
        ),
        fc.uint8Array({ maxLength: 400 }),
        tampered,
      )
      .map(([from, mid, cs, bytes, to]) => ({
        automatic: false,
        raw: () =>
          mail(
            [
              `From: ${from}`,
              `To: ${to}`,
              `Message-ID: ${mid}`,
              `Subject: =?${cs}?B?${Buffer.from(bytes.slice(0, 40)).toString('base64')}?=`,
              `Content-Type: text/plain; charset=${cs}`,
            ],
            Buffer.from(bytes),
          ),
      })),
    'html-only': fc.tuple(stranger, id, text, fc.nat({ max: 3000 })).map(([from, mid, t, depth]) => ({
      automatic: false,
      raw: () =>
        mail(
          [`From: ${from}`, `To: ${UMPIRE}`, `Message-ID: ${mid}`, 'Subject: orders', 'Content-Type: text/html; charset=utf-8'],
          `<html><body>${'<div><table><tr><td>'.repeat(depth % 500)}<script>alert(1)</script>${t}<img src="x" onerror="y">${'</td></tr></table></div>'.repeat(depth % 300)}`,
        ),
    })),
    attachment: fc.tuple(stranger, id, fc.constantFrom(1, 2, 3)).map(([from, mid, n]) => {
      const bytes = () => Buffer.alloc(n === 3 ? ATTACHMENT_MB * 1024 * 1024 : 64 * 1024 * n, n);
      return {
        automatic: false,
        raw: () =>
          mail(
            [
              `From: ${from}`,
              `To: ${UMPIRE}`,
              `Message-ID: ${mid}`,
              'Subject: orders',
              'MIME-Version: 1.0',
              'Content-Type: multipart/mixed; boundary="att"',
            ],
            `--att\r\nContent-Type: text/plain\r\n\r\nMOVE north\r\n--att\r\nContent-Type: application/octet-stream\r\nContent-Disposition: attachment; filename="map.bin"\r\nContent-Transfer-Encoding: base64\r\n\r\n${bytes().toString('base64').replace(/.{76}/g, '$&\r\n')}\r\n--att--`,
          ),
      };
    }),
    'header-injection': fc.tuple(stranger, id, text, fc.constantFrom('subject', 'from', 'encoded')).map(([from, mid, t, where]) => ({
      automatic: false,
      raw: () =>
        mail(
          [
            where === 'from' ? `From: "x\r\nBcc: victim@target.test" <${from}>` : `From: ${from}`,
            `To: ${UMPIRE}`,
            `Message-ID: ${mid}`,
            where === 'subject'
              ? 'Subject: orders\r\nBcc: victim@target.test'
              : `Subject: =?utf-8?B?${Buffer.from('orders\r\nBcc: victim@target.test\r\n\r\nMOVE north').toString('base64')}?=`,
          ],
          t,
        ),
    })),
    'forged-reply-address': fc
      .tuple(fc.oneof(stranger, fc.constantFrom('red@players.test', 'blue@players.test')), id, text, tampered)
      .map(([from, mid, t, to]) => ({
        automatic: false,
        raw: () => mail([`From: ${from}`, `To: ${to}`, `Message-ID: ${mid}`, 'Subject: Re: orders'], t),
      })),
    'forged-secret': fc
      .tuple(
        fc.constantFrom('red@players.test', 'blue@players.test'),
        id,
        fc.constantFrom(...GAMES),
        fc.stringMatching(/^[a-z]{3,8}(-[a-z]{3,8}){2,4}$/),
      )
      .map(([from, mid, g, word]) => ({
        automatic: false,
        raw: () =>
          mail(
            [`From: ${from}`, `To: ${UMPIRE}`, `Message-ID: ${mid}`, 'Subject: orders'],
            `GAME ${g}\nSECRET ${word}\nMOVE north\nRESIGN`,
          ),
      })),
    loop: fc.tuple(id, text, fc.constantFrom('auto-replied', 'bounce', 'bulk', 'list', 'x-autoreply')).map(([mid, t, how]) => ({
      automatic: true,
      raw: () =>
        mail(
          [
            how === 'bounce'
              ? 'From: MAILER-DAEMON@mx.example.test'
              : how === 'list'
                ? 'From: list-bot@lists.test'
                : 'From: noreply@example.test',
            `To: ${UMPIRE}`,
            `Message-ID: ${mid}`,
            how === 'bounce' ? 'Subject: Undelivered Mail Returned to Sender' : 'Subject: Out of office',
            ...(how === 'auto-replied' ? ['Auto-Submitted: auto-replied'] : []),
            ...(how === 'bounce' ? ['Content-Type: multipart/report; report-type=delivery-status; boundary="r"'] : []),
            ...(how === 'bulk' ? ['Precedence: bulk'] : []),
            ...(how === 'list' ? ['List-Id: <players.lists.test>', 'Precedence: list'] : []),
            ...(how === 'x-autoreply' ? ['X-Autoreply: yes', 'Auto-Submitted: auto-generated'] : []),
          ],
          how === 'bounce' ? `--r\r\nContent-Type: text/plain\r\n\r\n${t}\r\n--r--` : t,
        ),
    })),
    'other-game-or-side': fc.tuple(id, fc.constantFrom(...GAMES), fc.constantFrom('nope', 'other')).map(([mid, g, how]) => ({
      automatic: false,
      // the blue player signing with red's reply address, or a reply address for a game that does not exist
      raw: () =>
        mail(
          [
            'From: blue@players.test',
            `To: ${how === 'nope' ? reply('G-nope', 'red', 'blue@players.test') : reply(g, 'red', 'red@players.test')}`,
            `Message-ID: ${mid}`,
            'Subject: orders',
          ],
          'MOVE north',
        ),
    })),
    'absurd-length': fc
      .tuple(stranger, id, fc.constantFrom('subject', 'lines', 'line', 'local-part', 'recipients'))
      .map(([from, mid, how]) => ({
        automatic: false,
        raw: () =>
          mail(
            [
              how === 'local-part' ? `From: ${'a'.repeat(20_000)}@example.test` : `From: ${from}`,
              how === 'recipients'
                ? `To: ${Array.from({ length: 2000 }, (_, i) => `r${i}@example.test`).join(', ')}, ${UMPIRE}`
                : `To: ${UMPIRE}`,
              `Message-ID: ${mid}`,
              how === 'subject' ? `Subject: ${'orders '.repeat(20_000)}` : 'Subject: orders',
            ],
            how === 'lines' ? 'MOVE north\n'.repeat(50_000) : how === 'line' ? `MOVE ${'n'.repeat(300_000)}` : 'MOVE north',
          ),
      })),
  };
  return fc.constantFrom(...KINDS).chain((kind) => byKind[kind].map((m) => ({ kind, ...m })));
}
