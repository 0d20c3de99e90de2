import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer';
import { auditBundle } from '../../src/audit/verify-bundle';
import { deriveDie, verifySeed } from '../../src/engine/dice';
import { rulesets } from '../../src/games';
import type { Services } from '../../src/services/container';
import { type ServiceHarness, startServices, stopServices, applyCommand, DUEL_SIDES } from '../support/services';
import { flat } from '../support/text';

const REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const REFEREE = 'ref@players.test';

/**
 * Per-die checks from the mail (issue 12 item 5): a player recomputes every die his reports show
 * from the reports' text alone: each die's step, index and face, its step's orders hash, and
 * the seed of its turn once revealed. Fleet Duel on PostgreSQL, red reading every step's report.
 */
describe('every die a report shows can be checked from the mail', () => {
  let h: ServiceHarness;
  let s: Services;
  beforeAll(async () => {
    h = await startServices('dicechecks', { REDIS_URL: REDIS, DEADLINE_MINUTES: '600' });
    s = h.s;
  });
  afterAll(() => stopServices(h));

  const apply = (key: string, kind: string, payload: unknown) => applyCommand(s, 'G-dice', key, kind, payload);

  it('from step, index, orders hash and seed, all in the reports', async () => {
    await apply('c', 'game.create', { gameId: 'G-dice', ruleset: 'fleet-duel', sides: DUEL_SIDES, referee: REFEREE });
    await apply('d', 'game.digest', { gameId: 'G-dice', viewer: 'red', mode: 'every' });
    // LOG before the end is refused, saying when it will be sent
    await s.outbox.enqueue([await s.gameService.logDraft('G-dice', 'red', 'red@players.test', 'log-0')]);
    const early = (await s.outbox.byGame('G-dice')).find((m) => m.idempotencyKey === 'log-0')!;
    expect(flat(String(early.payload.text))).toContain('LOG: the game is not over yet');
    // both fleets to the same area: a battle, with dice; then the referee forces every step until the game ends
    await apply('o1', 'game.orders', { gameId: 'G-dice', side: 'red', text: 'MOVE center', via: 'test' });
    await apply('o2', 'game.orders', { gameId: 'G-dice', side: 'blue', text: 'MOVE center', via: 'test' });
    for (let k = 0; k < 30; k++) {
      const log = await s.events.read('G-dice');
      if (log.some((e) => e.type === 'GameEnded')) break;
      await apply(`f${k}`, 'game.force', { gameId: 'G-dice', replyTo: REFEREE });
    }
    const mails = (await s.outbox.byGame('G-dice')).filter((m) => m.recipient === 'red@players.test' && m.kind === 'report');
    const text = mails.map((m) => String(m.payload.text)).join('\n');

    // read back from the text only
    const anchor = /Dice anchor \(s0\): ([0-9a-f]{64})/.exec(text)![1];
    const seeds = new Map([...text.matchAll(/Seed of turn (\d+): ([0-9a-f]{64})/g)].map((m) => [Number(m[1]), m[2]]));
    let checked = 0;
    for (const block of text.split('Orders hash of ').slice(1)) {
      const [, stepId, turn, hash] = /^(\S+) \(turn (\d+)\): ([0-9a-f]{64})/.exec(block)!;
      const seed = seeds.get(Number(turn))!;
      expect(verifySeed(seed, Number(turn), anchor)).toBe(true);
      for (const m of block.split('\nLatest event hash')[0].matchAll(/^ {2}die (\d+) = (\d): /gm)) {
        expect(deriveDie(seed, { gameId: 'G-dice', stepId, index: Number(m[1]), ordersHash: hash })).toBe(Number(m[2]));
        checked++;
      }
    }
    // red saw every die that is not hidden from it (a submarine's search is its own side's only)
    const log = await s.events.read('G-dice');
    const visible = log.filter((e) => e.type === 'DieRolled' && (e.payload as { visibleTo: unknown }).visibleTo === 'all').length;
    expect(visible).toBeGreaterThan(0);
    expect(checked).toBe(visible);
    // the final report says how
    expect(String(mails[mails.length - 1].payload.text)).toContain('How to check the dice: every seed is revealed now.');
    expect(String(mails[mails.length - 1].payload.html)).toContain('How to check the dice');
    // and gives the game's dice fairness, counting the dice red may see
    const last = String(mails[mails.length - 1].payload.text);
    expect(last).toContain('== Dice fairness ==');
    const all = /^all dice +(\d+) +((?:\d+ +){6})/m.exec(last)!;
    expect(Number(all[1])).toBe(visible);
    expect(
      all[2]
        .trim()
        .split(/ +/)
        .map(Number)
        .reduce((a, b) => a + b, 0),
    ).toBe(visible);
    expect(last).toMatch(/^rule 3\.1 /m);
  });

  it("LOG: once the game is over a player gets his side's audit bundle, which node alone verifies", async () => {
    await s.outbox.enqueue([await s.gameService.logDraft('G-dice', 'blue', 'blue@players.test', 'log-1')]);
    const mail = (await s.outbox.byGame('G-dice')).find((m) => m.idempotencyKey === 'log-1')!;
    expect(flat(String(mail.payload.text))).toContain('tar xzf G-dice-blue.audit.tar.gz && node G-dice-audit/verify.js');
    const [file] = (mail.payload as unknown as { attachments: { filename: string; content: string }[] }).attachments;
    expect(file.filename).toBe('G-dice-blue.audit.tar.gz');
    const dir = mkdtempSync(join(tmpdir(), 'log-spec-'));
    try {
      writeFileSync(join(dir, file.filename), Buffer.from(file.content, 'base64'));
      expect(spawnSync('tar', ['xzf', file.filename], { cwd: dir }).status).toBe(0);
      const r = spawnSync(process.execPath, ['verify.js'], {
        cwd: join(dir, 'G-dice-audit'),
        env: { PATH: process.env.PATH ?? '' },
        encoding: 'utf8',
      });
      expect(r.stdout).toMatch(/\(\d+ redacted, 0 voided\)/);
      expect(r.stdout).not.toContain('(0 redacted');
      expect(r.status).toBe(0);

      // blue's last report, as his mail program saves it: the bundle holds its latest event hash at its number
      const report = (await s.outbox.byGame('G-dice')).filter((m) => m.recipient === 'blue@players.test' && m.kind === 'report').pop()!;
      const eml = join(dir, 'report.eml');
      const raw = await new MailComposer({
        from: 'umpire@umpire.test',
        to: 'blue@players.test',
        subject: 'report',
        text: String(report.payload.text),
        html: String(report.payload.html),
      })
        .compile()
        .build();
      writeFileSync(eml, raw);
      const [, seq, hash] = /Latest event hash \(event #(\d+)\): ([0-9a-f]{64})/.exec(String(report.payload.text))!;
      const byMail = spawnSync(process.execPath, ['verify.js', '--mail', eml], { cwd: join(dir, 'G-dice-audit'), encoding: 'utf8' });
      expect(byMail.stdout).toContain(`ok: event #${seq} has the hash your mail ${eml} gives (${hash.slice(0, 12)}...)`);
      expect(byMail.status).toBe(0);

      // the referee's LOG: the whole log (notes, deadlines, digest settings among the engine's events),
      // checked by node alone and by the full audit, re-adjudication included
      await s.outbox.enqueue([await s.gameService.logDraft('G-dice', 'referee', REFEREE, 'log-ref')]);
      const refMail = (await s.outbox.byGame('G-dice')).find((m) => m.idempotencyKey === 'log-ref')!;
      const [whole] = (refMail.payload as unknown as { attachments: { filename: string; content: string }[] }).attachments;
      expect(whole.filename).toBe('G-dice.audit.tar.gz');
      const path = join(dir, whole.filename);
      writeFileSync(path, Buffer.from(whole.content, 'base64'));
      const audit = await auditBundle(path, Object.values(rulesets));
      expect(audit.lines.join('\n')).toMatch(
        /\(0 redacted, 0 voided\)[\s\S]*ok: events #1-#\d+ \(the end\): \d+ steps re-adjudicated under fleet-duel\/1 \(builds\/fleet-duel_1\+e3\.js/,
      );
      expect(audit.ok).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
