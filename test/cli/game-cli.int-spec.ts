import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { SMTPServer } from 'smtp-server';
import { boardOf } from '../../src/engine/board-view';
import type { AnyRuleset } from '../../src/engine/evolve';
import { seededRng } from '../../src/engine/random-player';
import { randomPlayerOf, turnOf } from '../../src/engine/players';
import { rulesets } from '../../src/games';
import type { Services } from '../../src/services/container';
import { CLI, type CliHarness, type CliRun as Run, startCliHarness } from '../support/cli';
import { ADMIN_URL, type TestDatabase, urlFor } from '../support/db';
import { ROOT } from '../support/processes';

/**
 * The built CLI (`node bin/umpire.js`, as `npx umpire` runs it) against its own database and
 * Redis prefix, with a real worker process adjudicating: what a referee types at a terminal.
 */
describe('the umpire CLI: game create, orders, status, report', () => {
  let h: CliHarness;
  let t: TestDatabase;
  let s: Services;
  let smtp: SMTPServer;
  let dir: string;
  const gameId = 'G-cli1';
  const env = () => h.env();
  const umpire = (...args: string[]) => h.umpire(...args);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'umpire-cli-'));
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        stream.on('data', () => undefined);
        stream.on('end', () => callback());
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const smtpPort = (smtp.server.address() as { port: number }).port;
    h = await startCliHarness('cli', {
      cliEnv: { THROTTLE_PER_HOUR: '0' },
      workerEnv: { THROTTLE_PER_HOUR: '0', SMTP_PORT: String(smtpPort), OUTBOX_SWEEP_MS: '500' },
    });
    t = h.t;
    s = h.s;
  });

  afterAll(async () => {
    await h.stop();
    await new Promise<void>((r) => smtp.close(() => r()));
    rmSync(dir, { recursive: true, force: true });
  });

  async function orders(side: string, text: string): Promise<Run> {
    const file = join(dir, `${side}-${Date.now()}-${Math.random().toString(36).slice(2)}.txt`);
    writeFileSync(file, text);
    return umpire('orders', gameId, side, file);
  }

  it('migrates a database it creates (db migrate), and again finds nothing to do', async () => {
    const name = `${t.name}_m`;
    const url = urlFor(name);
    try {
      const first = await new Promise<Run>((resolve) =>
        execFile(process.execPath, [CLI, 'db', 'migrate'], { cwd: ROOT, env: { ...env(), DATABASE_URL: url } }, (err, stdout, stderr) =>
          resolve({ code: err ? 1 : 0, stdout, stderr }),
        ),
      );
      expect(first).toMatchObject({ code: 0 });
      expect(first.stdout).toContain(`created database ${name}`);
      const folders = readdirSync(join(ROOT, 'prisma', 'migrations'), { withFileTypes: true }).filter((d) => d.isDirectory()).length;
      expect(folders).toBeGreaterThan(0);
      expect(first.stdout).toContain(`migrations: ${folders} applied, 0 already up to date`);
      const again = await new Promise<Run>((resolve) =>
        execFile(process.execPath, [CLI, 'db', 'migrate'], { cwd: ROOT, env: { ...env(), DATABASE_URL: url } }, (err, stdout, stderr) =>
          resolve({ code: err ? 1 : 0, stdout, stderr }),
        ),
      );
      expect(again.stdout).toContain(`migrations: 0 applied, ${folders} already up to date`);
    } finally {
      const c = new Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    }
  }, 60_000);

  it('creates a VITP game through the worker and shows its status', async () => {
    const created = await umpire(
      'game',
      'create',
      'vitp',
      '--id',
      gameId,
      '--side',
      'japanese=tojo@players.test',
      '--side',
      'allied=nimitz@players.test',
    );
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toContain(`created ${gameId}`);
    expect((await s.events.read(gameId)).length).toBeGreaterThan(0);

    const status = await umpire('status', gameId);
    expect(status.code).toBe(0);
    const game = await s.games.load(gameId);
    expect(status.stdout).toContain(`game ${gameId} (vitp)`);
    expect(status.stdout).toContain(`step: ${game.state.step!.title} [${game.state.step!.id}]`);
    expect(status.stdout).toContain(`latest event: #${game.head.version} ${game.head.hash}`);
  }, 90_000);

  it('page-link: a link on the port HTTP_PORT names; with HTTP_PORT=0 (a port the system picks) it asks for --base and prints no link', async () => {
    const pageLink = (httpPort: string, ...extra: string[]) =>
      new Promise<Run>((resolve) =>
        execFile(
          process.execPath,
          [CLI, 'page-link', gameId, '--side', 'japanese', ...extra],
          { cwd: ROOT, env: { ...env(), HTTP_PORT: httpPort } },
          (err, stdout, stderr) => resolve({ code: err ? Number((err as { code?: unknown }).code) : 0, stdout, stderr }),
        ),
      );
    const named = await pageLink('3456');
    expect(named.code).toBe(0);
    expect(named.stdout).toMatch(/^http:\/\/localhost:3456\/game\/\S+\n$/);
    const picked = await pageLink('0');
    expect(picked).toMatchObject({ code: 2, stdout: '' });
    expect(picked.stderr).toContain('HTTP_PORT is 0');
    expect(picked.stderr).toContain('give --base');
    const based = await pageLink('0', '--base', 'https://umpire.example.org/');
    expect(based.code).toBe(0);
    expect(based.stdout).toMatch(/^https:\/\/umpire\.example\.org\/game\/\S+\n$/);
  });

  it('takes optional rules and a referee; the referee reads the opening report mailed to them', async () => {
    const id = 'G-cli2';
    const created = await umpire(
      'game',
      'create',
      'vitp',
      '--id',
      id,
      '--side',
      'Japanese=tojo@players.test',
      '--side',
      'allied=nimitz@players.test',
      '--option',
      'task-forces',
      'turn-9=off',
      '--referee',
      'ref@players.test',
    );
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toContain(`created ${id} (vitp): step `);
    const game = await s.games.load(id);
    expect(game.state.game?.options).toMatchObject({ 'task-forces': true, 'turn-9': false });

    const again = await umpire(
      'game',
      'create',
      'vitp',
      '--id',
      id,
      '--side',
      'japanese=other@players.test',
      '--side',
      'allied=nimitz@players.test',
    );
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`refused: game ${id} already exists`);

    const report = await umpire('report', id, 'referee');
    expect(report.code).toBe(0);
    // the opening mail is the referee's welcome (subject: FYI <game> referee t1: …)
    expect(report.stdout).toMatch(new RegExp(`FYI ${id} referee t1: `));
    expect(report.stdout).not.toContain('no report mailed');
  }, 90_000);

  it('names the mistake and stores nothing for an unknown game, an unknown side or a missing orders file (exit 2)', async () => {
    const pending = async () => (await t.db.query<{ n: string }>(`SELECT count(*) AS n FROM commands`))[0].n;
    const before = await pending();
    const noGame = await umpire('orders', 'G-nosuchgame', 'japanese', join(dir, 'x.txt'));
    expect(noGame.code).toBe(2);
    const file = join(dir, 'stay.txt');
    writeFileSync(file, 'STAY\n');
    const noGame2 = await umpire('orders', 'G-nosuchgame', 'japanese', file);
    expect(noGame2).toMatchObject({
      code: 2,
      stderr: 'umpire: no game G-nosuchgame: list the games with `umpire games`\n',
    });
    const noSide = await umpire('orders', gameId, 'dutch', file);
    expect(noSide).toMatchObject({
      code: 2,
      stderr: `umpire: game ${gameId} has no side "dutch"; the sides are japanese, allied\n`,
    });
    const noFile = await umpire('orders', gameId, 'japanese', join(dir, 'missing.txt'));
    expect(noFile).toMatchObject({
      code: 2,
      stderr: `umpire: orders file ${join(dir, 'missing.txt')}: no such file or directory\n`,
    });
    const badSide = await umpire('status', gameId, '--side', 'dutch');
    expect(badSide.code).toBe(2);
    expect(badSide.stderr).toContain('the sides are japanese, allied, referee');
    const note = await umpire('note', 'G-nosuchgame', 'hello');
    expect(note.code).toBe(2);
    expect(await pending()).toBe(before);
  }, 90_000);

  it('refuses bad orders line by line and records nothing', async () => {
    const before = await s.games.load(gameId);
    const side = before.state.step!.owes[0];
    const bad = await orders(side, 'FLY THE FLEET TO THE MOON\nSCUTTLE EVERYTHING NOW\n');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^refused: /);
    expect(bad.stderr).toMatch(/line 1: "FLY THE FLEET TO THE MOON"/);
    expect(bad.stderr).toMatch(/line 2: "SCUTTLE EVERYTHING NOW"/);
    const after = await s.events.head(gameId);
    expect(after).toEqual(before.head); // nothing appended
    const cmd = await t.db.query<{ status: string }>(
      `SELECT status FROM commands WHERE game_id = $1 AND kind = 'game.orders' ORDER BY id DESC LIMIT 1`,
      [gameId],
    );
    expect(cmd[0].status).toBe('rejected');
  }, 90_000);

  it('acknowledges good orders; the worker adjudicates the step once every side has ordered; status and report follow', async () => {
    const start = await s.games.load(gameId);
    const firstStep = start.state.step!.id;
    const ruleset = rulesets.vitp as unknown as AnyRuleset;
    const rng = seededRng('cli-test');
    for (let round = 0; round < 4; round++) {
      const game = await s.games.load(gameId);
      if (game.state.step?.id !== firstStep) break;
      const awaited = start.state.step!.owes.filter((side) => game.state.step!.owes.includes(side));
      for (const side of awaited) {
        const view = (await s.gameService.status(gameId, side)).view;
        if (!view.awaiting.includes(side)) continue;
        const fresh = await s.games.load(gameId);
        const text = randomPlayerOf(ruleset)(turnOf(ruleset, fresh.state, side, fresh.state.step!, rng));
        const ok = await orders(side, text || '\n');
        expect(ok.stderr).toBe('');
        expect(ok.code).toBe(0);
        expect(ok.stdout).toMatch(/^accepted: /);
      }
    }
    const after = await s.games.load(gameId);
    expect(after.state.step?.id).not.toBe(firstStep); // adjudicated (by the worker: the CLI only submits)
    expect(after.head.version).toBeGreaterThan(start.head.version);
    const verified = await s.events.verify(gameId);
    expect(verified.ok).toBe(true);

    const status = await umpire('status', gameId, '--side', 'japanese');
    expect(status.code).toBe(0);
    expect(status.stdout).toContain('as seen by japanese');
    expect(status.stdout).toContain(`latest event: #${after.head.version}`);

    // the report mail of the adjudicated step, for japanese only
    let reportRow = (await s.outbox.byGame(gameId)).filter((r) => r.kind === 'report' && r.recipient === 'tojo@players.test').pop();
    expect(reportRow).toBeDefined();
    const report = await umpire('report', gameId, 'japanese');
    expect(report.stderr).toBe('');
    expect(report.code).toBe(0);
    const out = report.stdout;
    if (process.env.SHOW_CLI_REPORT) process.stdout.write(out);
    expect(out).toContain(`game ${gameId} (vitp), as japanese sees it`);
    // the side's board view: its summary sentences and the map
    const board = boardOf((await s.gameService.report(gameId, 'japanese')).view.board);
    expect(board.summary.length).toBeGreaterThan(0);
    expect(out).toContain(`- ${board.summary[0]}`);
    expect(out).toContain('Map (area [controlled by]: units):');
    expect(board.map?.cells.length).toBe(13);
    for (const cell of board.map!.cells) expect(out).toContain(`  ${cell.name}`);
    // and its latest report, as mailed
    reportRow = (await s.outbox.byGame(gameId)).filter((r) => r.kind === 'report' && r.recipient === 'tojo@players.test').pop()!;
    expect(out).toContain('== The latest report ==');
    expect(out).toContain(reportRow.payload.subject);
    expect(out).toContain(reportRow.payload.text.split('\n').find((l) => l.trim().length > 20)!);
    expect(out).not.toContain('nimitz@players.test');
    expect(out).toContain(`latest event #${after.head.version} ${after.head.hash}`);

    const json = await umpire('report', gameId, 'allied', '--json');
    expect(json.code).toBe(0);
    const parsed = JSON.parse(json.stdout) as {
      view: { viewer: string };
      latestReport: { subject: string } | null;
    };
    expect(parsed.view.viewer).toBe('allied');
    // with the default digest the allies, not asked for anything since, may have only their welcome
    expect(parsed.latestReport?.subject).toBe(
      (await s.outbox.byGame(gameId))
        .filter((r) => (r.kind === 'report' || r.kind === 'welcome') && r.recipient === 'nimitz@players.test')
        .pop()!.payload.subject,
    );
  }, 240_000);
});
