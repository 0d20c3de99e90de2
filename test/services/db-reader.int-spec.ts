import { Redis } from 'ioredis';
import { makeSeedChain } from '../../src/engine/dice';
import { GamePages } from '../../src/services/game-page/pages';
import { signPageLink } from '../../src/services/game-page/link';
import type { Services } from '../../src/services/container';
import { SecretBox } from '../../src/shared/secret-box';
import { gameMails } from '../../src/store/game-mails';
import { GameTable } from '../../src/store/games';
import type { OutboundMail } from '../../src/store/outbox';
import { applyCommand, DUEL_SIDES, type ServiceHarness, startServices, stopServices } from '../support/services';

const GAME = 'G-reader';
const REFEREE = 'ref@players.test';
const SEATS = [...DUEL_SIDES.map((s) => ({ side: s.side, address: s.player.address })), { side: 'referee', address: REFEREE }];
/** red's orders for turn 2, sent while blue has not answered: sealed until the step resolves */
const SEALED_ORDERS = ['SUB center', 'MOVE south', 'POSTURE aggressive'];

/**
 * Issue 24, "A database reader must not be able to act as a player": everything docs/security.md
 * says a reader of the database and of Redis cannot do, tried by one. A game plays a turn by mail
 * on PostgreSQL and Redis (welcomes, acknowledgments, reports, a referee command, a page link
 * handed out); then every row of every table and every Redis key of the deployment is read as
 * text, and whatever there looks like a credential is tried: each reply address found is written
 * to from every seat's address, each SECRET-like word is sent, each page-link-like token opened.
 * The same tries with the real credentials (which only UMPIRE_SECRET makes) do work, so a refusal
 * means the credential was not there to find.
 */
describe('what a reader of the database and of Redis can do (issue 24: a database reader must not act as a player)', () => {
  let h: ServiceHarness;
  let s: Services;
  let pages: GamePages;
  let dump: string;

  const mail = (id: string, from: string, to: string, body: string) =>
    Buffer.from([`From: ${from}`, `To: ${to}`, 'Subject: orders', `Message-ID: <${id}@players.test>`, '', body, ''].join('\r\n'));
  let sent = 0;
  const ingest = async (from: string, to: string, body: string) =>
    s.ingest.ingest((await s.inbound.receive('test', mail(`reader-${++sent}`, from, to, body))).id);
  const drain = () => s.inbox.drain(GAME, s.bus.apply, 1000, (c, e) => s.gameService.commandFailed(c, e));
  const reply = (side: string, address: string) => s.composer.replyAddressFor(GAME, side, address);

  beforeAll(async () => {
    // no throttle: every forged mail is judged on its credentials alone
    h = await startServices('db_reader', { THROTTLE_PER_HOUR: '0' });
    s = h.s;
    pages = new GamePages({
      events: s.events,
      mails: (gameId) => gameMails(s.db, new SecretBox(s.config.UMPIRE_SECRET, 'inbound-mail'), gameId, 1000),
      secret: s.config.UMPIRE_SECRET,
    });
    await applyCommand(s, GAME, 'reader-create', 'game.create', {
      gameId: GAME,
      ruleset: 'fleet-duel',
      sides: DUEL_SIDES,
      referee: REFEREE,
    });
    // turn 1 by mail, each side from its own reply address; the referee extends a deadline by mail
    expect((await ingest('red@players.test', reply('red', 'red@players.test'), 'MOVE north')).status).toBe('processed');
    expect((await ingest('blue@players.test', reply('blue', 'blue@players.test'), 'MOVE south')).status).toBe('processed');
    await drain();
    expect((await ingest(REFEREE, reply('referee', REFEREE), 'EXTEND 24h')).status).toBe('processed');
    expect((await ingest('blue@players.test', reply('blue', 'blue@players.test'), 'STATUS\nHISTORY\nRESEND')).status).toBe('processed');
    await drain();
    const game = await s.games.load(GAME);
    expect(game.state.step?.id).toMatch(/^t2\//);
    // turn 2: red's orders are in, sealed, blue's are not
    expect((await ingest('red@players.test', reply('red', 'red@players.test'), SEALED_ORDERS.join('\n'))).status).toBe('processed');
    await drain();
    expect((await s.games.load(GAME)).state.step?.id).toMatch(/^t2\//);
    // the referee is handed a page link (printed, as `umpire page-link` does)
    const link = signPageLink(s.config.UMPIRE_SECRET, {
      gameId: GAME,
      viewer: 'red',
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect((await pages.index(link)).status).toBe(200);

    // the mail goes out (the rows are marked sent) carrying the whole reply address, made as it is sent
    const sentMail: OutboundMail[] = [];
    expect((await s.outbox.dispatch({ send: async (m) => void sentMail.push(m) }, 1000)).failed).toBe(0);
    const toBlue = sentMail.filter((m) => JSON.stringify(m.to).includes('blue@players.test'));
    expect(toBlue.length).toBeGreaterThan(3);
    for (const m of toBlue) expect(m.replyTo).toBe(reply('blue', 'blue@players.test'));
    expect(toBlue.some((m) => m.text.includes(`\n${reply('blue', 'blue@players.test')}\n`))).toBe(true);

    dump = `${await databaseText(h)}\n${await redisText(h.prefix)}`;
  }, 120_000);
  afterAll(() => stopServices(h));

  it('holds a played game: the dump is the whole record (addresses, reports, jobs)', () => {
    // the reader sees who plays (the addresses a forger would write from) and the game's mail
    for (const seat of SEATS) expect(dump).toContain(seat.address);
    expect(dump).toMatch(/Fleet Duel/);
    expect(dump).toContain(`${h.prefix}:`);
  });

  it('cannot find a signed reply address: every umpire address in the dump, written to from every seat, is refused', async () => {
    const found = [...new Set(dump.match(/umpire\+[^\s"'<>\\,;]+@umpire\.test/g) ?? [])];
    // the address's shape is there (Reply-To at rest), its tag is not
    expect(found.length).toBeGreaterThan(0);
    for (const to of found)
      for (const seat of SEATS) {
        const r = await ingest(seat.address, to, seat.side === 'referee' ? 'EXTEND 24h' : 'MOVE north');
        expect({ to, from: seat.address, status: r.status }).toEqual({ to, from: seat.address, status: 'rejected' });
      }
    expect(await s.inbox.pendingCount(GAME)).toBe(0);
    for (const seat of SEATS) expect(dump).not.toContain(reply(seat.side, seat.address).split('@')[0].split('.').pop()!);
  });

  it("cannot find a SECRET word: none of the seats' words is stored, and every word-like string found is refused", async () => {
    const squeezed = dump.toUpperCase().replace(/[\s-]/g, '');
    for (const seat of SEATS) {
      const word = s.gameService.playerSecret(GAME, seat.side, seat.address);
      expect(squeezed).not.toContain(word.replace(/-/g, ''));
      expect(dump).not.toContain(s.gameService.legacyPlayerSecret(GAME, seat.side, seat.address));
    }
    const words = [...new Set(dump.match(/\b[0-9A-Z]{5}-[0-9A-Z]{5}-[0-9A-Z]{5}\b/g) ?? [])];
    for (const word of words)
      for (const seat of SEATS.filter((x) => x.side !== 'referee')) {
        const r = await ingest(seat.address, 'umpire@umpire.test', `GAME ${GAME}\nSIDE ${seat.side}\nSECRET ${word}\nMOVE north`);
        expect({ word, status: r.status }).toEqual({ word, status: 'rejected' });
      }
  });

  it('cannot find a page link: every token-like string found opens nothing', async () => {
    const tokens = [...new Set(dump.match(/v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g) ?? [])];
    for (const token of tokens) expect({ token, status: (await pages.index(token)).status }).toEqual({ token, status: 403 });
  });

  it("cannot read red's sealed orders before the step resolves, nor the seeds of dice not yet rolled", async () => {
    const spaced = dump.replace(/\\r\\n|\\n|\r\n|\n/g, '\n');
    expect(spaced).not.toContain(SEALED_ORDERS.join('\n'));
    expect(spaced).not.toMatch(/SUB center\s*\n\s*MOVE south/i);
    const sealed = await new GameTable(s.db).seedSecret(s.db, GAME);
    // the chain covers the game's length (Fleet Duel: 3 turns), recorded in GameCreated
    const created = (await s.events.read(GAME))[0].payload as { seedChainTurns: number };
    expect(created.seedChainTurns).toBe(3);
    const { seeds } = makeSeedChain(new SecretBox(s.config.UMPIRE_SECRET, 'dice-seeds').open(sealed!), created.seedChainTurns);
    // turn 1's seed is revealed at the end of turn 1; turn 2 and later are secret
    expect(dump).toContain(seeds[1]);
    for (const seed of seeds.slice(2)) expect(dump).not.toContain(seed);
  });

  it('while the real credentials, made with UMPIRE_SECRET, do work (the tries above could succeed)', async () => {
    const link = signPageLink(s.config.UMPIRE_SECRET, {
      gameId: GAME,
      viewer: 'blue',
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    expect((await pages.index(link)).status).toBe(200);
    const word = s.gameService.playerSecret(GAME, 'blue', 'blue@players.test');
    expect((await ingest('blue@players.test', 'umpire@umpire.test', `GAME ${GAME}\nSIDE blue\nSECRET ${word}\nSTATUS`)).status).toBe(
      'processed',
    );
    expect((await ingest('blue@players.test', reply('blue', 'blue@players.test'), 'MOVE north')).status).toBe('processed');
    expect(await s.inbox.pendingCount(GAME)).toBe(1);
  });
});

/** Every row of every table of the deployment's database, as the superuser reads it: bytes as Latin-1, JSON as JSON. */
async function databaseText(h: ServiceHarness): Promise<string> {
  return h.t.superuser(async (c) => {
    const tables = await c.query<{ schema: string; name: string }>(
      `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
        WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
    );
    expect(tables.rows.map((t) => t.name)).toEqual(expect.arrayContaining(['events', 'outbox', 'commands', 'inbound_messages', 'games']));
    const out: string[] = [];
    for (const t of tables.rows) {
      const rows = await c.query(`SELECT * FROM "${t.schema}"."${t.name}"`);
      for (const row of rows.rows) out.push(`${t.name}: ${Object.values(row).map(asText).join(' | ')}`);
    }
    return out.join('\n');
  });
}

/** Every key under the deployment's Redis prefix (BullMQ's queues and jobs, the throttle), name and content. */
async function redisText(prefix: string): Promise<string> {
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  try {
    const keys = await redis.keys(`${prefix}*`);
    expect(keys.length).toBeGreaterThan(0);
    const out: string[] = [];
    for (const key of keys) {
      const type = await redis.type(key);
      const value =
        type === 'string'
          ? await redis.get(key)
          : type === 'hash'
            ? await redis.hgetall(key)
            : type === 'list'
              ? await redis.lrange(key, 0, -1)
              : type === 'set'
                ? await redis.smembers(key)
                : type === 'zset'
                  ? await redis.zrange(key, '0', '-1', 'WITHSCORES')
                  : type === 'stream'
                    ? await redis.xrange(key, '-', '+')
                    : type;
      out.push(`${key}: ${JSON.stringify(value)}`);
    }
    return out.join('\n');
  } finally {
    redis.disconnect();
  }
}

function asText(v: unknown): string {
  if (Buffer.isBuffer(v)) return v.toString('latin1');
  if (v instanceof Date) return v.toISOString();
  return typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);
}
