import 'reflect-metadata';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ApiModule } from '../../src/app/api.module';
import type { Services } from '../../src/services/container';
import { type CliHarness, startCliHarness } from '../support/cli';

const SECRET = 'page-links-revoked-test-secret-0123456789';

/**
 * Issue 24, "Links end with the seat": the built CLI hands out game-page links and revokes them,
 * a real worker process applies REPLACE and `umpire page-link --revoke` as events, and the API
 * (ApiModule, in process, on its own port) serves the pages over HTTP. A link of a replaced seat
 * is refused at once, with a message saying why; so is every link a revocation covers; links made
 * afterwards open. The log with the new event still verifies and audits. (Needs `npx tsc -p
 * tsconfig.build.json` first.)
 */
describe('game-page links end with the seat and on revocation (issue 24: links end with the seat)', () => {
  let h: CliHarness;
  let s: Services;
  let app: INestApplication;
  let base: string;
  const gameId = 'G-links';
  const umpire = (...args: string[]) => h.umpire(...args);

  /** `umpire page-link` for a viewer: the link it prints. */
  async function link(side: string): Promise<string> {
    const r = await umpire('page-link', gameId, '--side', side, '--base', base);
    expect(r.stderr).toContain(`game ${gameId}`);
    expect(r.code).toBe(0);
    return r.stdout.trim();
  }
  const open = async (url: string) => {
    const res = await fetch(url);
    return { status: res.status, text: (await res.text()).replace(/\s+/g, ' ') };
  };

  beforeAll(async () => {
    process.env.UMPIRE_SECRET = SECRET;
    h = await startCliHarness('page_links', { cliEnv: { UMPIRE_SECRET: SECRET }, workerEnv: { UMPIRE_SECRET: SECRET } });
    s = h.s;
    Object.assign(process.env, { ...h.env(), UMPIRE_SECRET: SECRET, IMAP_ENABLED: 'false', LOG_LEVEL: 'silent' });
    app = await NestFactory.create(ApiModule, { logger: false });
    await app.listen(0, '127.0.0.1');
    base = await app.getUrl();
    const created = await s.bus.submit(gameId, 'create', 'game.create', {
      gameId,
      ruleset: 'vitp',
      sides: [
        { side: 'japanese', player: { address: 'tojo@players.test' } },
        { side: 'allied', player: { address: 'nimitz@players.test' } },
      ],
      referee: 'ref@players.test',
    });
    expect((await s.bus.waitFor(created.id, 60_000)).status).toBe('applied');
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    await h?.stop();
  });

  it("refuses the old player's link at once after REPLACE, saying why, while a new link for the seat opens", async () => {
    const old = await link('allied');
    const japanese = await link('japanese');
    expect((await open(old)).status).toBe(200);

    const replaced = await umpire('replace', gameId, 'allied', 'halsey@players.test', 'moved', 'abroad');
    expect(replaced.code).toBe(0);
    const seq = Number(/event (\d+)/.exec(replaced.stdout)![1]);

    const refused = await open(old);
    expect(refused.status).toBe(403);
    expect(refused.text).toContain(`(event ${seq}): the referee handed the allied seat to another player`);
    expect(refused.text).toContain('links of a replaced seat stop working');
    // every page of the link, not only its index
    for (const path of ['/step/1', '/dice']) expect((await open(`${old}${path}`)).status).toBe(403);
    // the other side's link and a link made now for the new player open
    expect((await open(japanese)).status).toBe(200);
    const fresh = await open(await link('allied'));
    expect(fresh.status).toBe(200);
    expect(fresh.text).toContain('allied');
  });

  it("revokes one viewer's links with --revoke --side, then every link of the game with --revoke; links made after open", async () => {
    const japanese = await link('japanese');
    const referee = await link('referee');
    const observer = await link('observer');
    for (const l of [japanese, referee, observer]) expect((await open(l)).status).toBe(200);

    const one = await umpire('page-link', gameId, '--revoke', '--side', 'japanese', '--reason', 'link posted on a forum');
    expect(one.stderr).toBe('');
    expect(one.code).toBe(0);
    expect(one.stdout).toMatch(/revoked every page link of japanese in game G-links made before now \(event \d+\)/);
    const refused = await open(japanese);
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('The referee revoked the links of this viewer');
    expect(refused.text).toContain('link posted on a forum');
    expect((await open(referee)).status).toBe(200);
    expect((await open(observer)).status).toBe(200);
    const japaneseAgain = await link('japanese');
    expect((await open(japaneseAgain)).status).toBe(200);

    const all = await umpire('page-link', gameId, '--revoke');
    expect(all.code).toBe(0);
    expect(all.stdout).toMatch(/revoked every page link of game G-links made before now/);
    for (const l of [japaneseAgain, referee, observer]) {
      const r = await open(l);
      expect(r.status).toBe(403);
      expect(r.text).toContain('The referee revoked every link of this game');
    }
    for (const side of ['japanese', 'allied', 'referee', 'observer']) expect((await open(await link(side))).status).toBe(200);

    // recorded as events by the referee, in order
    const revoked = (await s.events.read(gameId)).filter((e) => e.type === 'PageLinksRevoked');
    expect(revoked.map((e) => e.payload)).toEqual([
      // the game's referee address: who rules from the command line unless --referee names another
      { viewer: 'japanese', referee: 'ref@players.test', reason: 'link posted on a forum' },
      { viewer: null, referee: 'ref@players.test', reason: 'no reason given' },
    ]);
    expect(revoked.every((e) => e.metadata.actor === 'referee')).toBe(true);
  });

  it('refuses a revocation for a viewer the game does not have, and page-link without --side, changing nothing', async () => {
    const head = (await s.events.head(gameId)).version;
    const bad = await umpire('page-link', gameId, '--revoke', '--side', 'soviet');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('no side "soviet"; the sides are japanese, allied, observer, referee');
    const bare = await umpire('page-link', gameId);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain('page-link needs --side');
    expect((await s.events.head(gameId)).version).toBe(head);
  });

  it('keeps the log verifiable with the new events: umpire verify, replay, and the exported bundle', async () => {
    const verified = await umpire('verify', gameId);
    expect(verified.stderr).toBe('');
    expect(verified.code).toBe(0);
    const replay = await umpire('replay', gameId, '--with-current');
    expect(replay.code).toBe(0);
    const dir = mkdtempSync(join(tmpdir(), 'links-bundle-'));
    try {
      const out = join(dir, 'links.tar.gz');
      expect((await umpire('export', gameId, '--out', out)).code).toBe(0);
      expect(spawnSync('tar', ['xzf', out], { cwd: dir }).status).toBe(0);
      const v = spawnSync(process.execPath, ['verify.js'], { cwd: join(dir, `${gameId}-audit`), encoding: 'utf8' });
      expect(`${v.stdout}${v.stderr}`).toMatch(/^ok: game G-links/m);
      expect(v.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
