/**
 * Issue 28: the welcome states the standing instructions in force and how to change one with one
 * line, the turn step by step with who is asked at each, and carries a first mail ready to send;
 * the answer card's ready reply (the reader's own units; the step in play, then later steps under
 * their FOR lines) is taken as it stands when copied back; text parts fit a phone (72 columns but
 * for lines to copy), subjects are cut at a word.
 */
import { viewFor } from '../../src/engine/game';
import type { AnyRuleset } from '../../src/engine/evolve';
import { vitpRuleset } from '../../src/games/vitp';
import { MailAtRest } from '../../src/mail/at-rest';
import { MailComposer } from '../../src/mail/composer';
import type { Notice } from '../../src/mail/notices';
import { fitSubject, TEXT_WIDTH, wrapLine } from '../../src/mail/render';
import { answerCard, readyReply } from '../../src/services/answer-card';
import type { LoadedGame } from '../../src/services/game-repository';
import { noticeBase, stepNeeds } from '../../src/services/notice-builders';
import { welcomeGuide } from '../../src/services/welcome-guide';
import { MemoryGame } from '../support/loaded-game';
import { flat } from '../support/text';

const vitp = vitpRuleset as AnyRuleset;
const secret = 'w'.repeat(32);
const composer = new MailComposer({ domain: 'umpire.test', umpireAddress: 'umpire@umpire.test', secret });

function welcome(game: LoadedGame, side: string): Notice {
  const info = game.state.game!;
  return {
    ...noticeBase(game, side, `${side}@players.test`, 'welcome'),
    kind: 'welcome',
    seedAnchor: info.seedAnchor,
    boxHash: info.boxHash,
    boxSource: info.boxSource,
    options: info.options,
    sides: info.sides.map((s) => ({ side: s.side, player: s.player.address })),
    needs: stepNeeds(game, '2026-11-26T09:00:00.000Z'),
    help: game.ruleset.help(game.state.rules, side, game.state.step),
    view: viewFor(game.state, side, game.ruleset),
    secret: 'x',
    answer: answerCard(game, side, null),
    settings: { deadlineMinutes: 4320, graceMinutes: 120, referee: true },
    guide: welcomeGuide(game, side),
  };
}

const sent = (n: Notice) => new MailAtRest(secret).open(composer.draft(n));

describe('issue 28: the welcome and the card', () => {
  const game = new MemoryGame(vitp).loaded();

  it('given the welcome, then it gives the turn step by step, who is asked at each and what answers for the reader', () => {
    const text = flat(sent(welcome(game, 'japanese')).text);
    expect(text).toContain('== A turn, step by step ==');
    expect(text).toContain(
      'patrol movement and repairs (5.21): you are asked, or send it ahead under FOR PATROL (and allied, each in turn).',
    );
    expect(text).toContain('land-based air placement (5.22): not asked: your standing instructions answer it (AIR)');
    expect(text).toContain('Pearl Harbor: the Allied sortie and retreat (18.33), turn 1: allied (not you).');
    expect(text).toMatch(/a decision of a battle \(5\.3\): not asked: your standing instructions answer it \(ACTION, CARRIERS, TARGETS/);
  });

  it('given the welcome, then it lists the standing instructions in force, each under what it decides, and how to change one with one line', () => {
    const mail = sent(welcome(game, 'japanese'));
    expect(mail.text).toContain('== Your standing instructions ==');
    expect(mail.text).toContain('# RETREAT: retreat or stay after a round of battle (8.1)\nSTANDING RETREAT WHEN OUTGUNNED\n');
    expect(mail.text).toContain('# AIR: land-based air placement, one unit at a time (5.22)\nSTANDING AIR AT BASE\n');
    expect(flat(mail.text)).toContain(
      'Change a standing instruction with one line in the same mail, e.g. STANDING NIGHT or be asked instead: STANDING ASK ACTION.',
    );
    expect(mail.html).toContain('STANDING RETREAT WHEN OUTGUNNED');
  });

  it('given a side nothing is asked of yet, then its welcome carries a first mail with a FOR section in its own units', () => {
    const mail = sent(welcome(game, 'allied'));
    expect(mail.text).toContain('== Your first mail ==');
    const block = mail.text.split('For example, with your own forces (copy these lines as they stand):\n')[1].split('\n\n')[0].split('\n');
    expect(block[0]).toBe('FOR PATROL');
    expect(block.length).toBeGreaterThan(1);
  });

  it("given the side asked now, then the card's ready reply names only its own units, and copied back as it stands it is taken whole", () => {
    const g = new MemoryGame(vitp);
    const reply = readyReply(g.loaded(), 'japanese');
    expect(reply.map((s) => s.forWord)).toEqual([null, 'PATROL', 'AMPHIBIOUS', 'RAIDERS', 'SUBMARINE']);
    const own = new Set(
      (g.state.rules as { units: { side: string; id: string }[] }).units.filter((u) => u.side === 'japanese').map((u) => u.id),
    );
    const enemy = (g.state.rules as { units: { side: string; id: string }[] }).units.filter((u) => u.side !== 'japanese').map((u) => u.id);
    const text = reply.flatMap((s) => [...(s.forWord ? [`FOR ${s.forWord}`] : []), ...s.example]).join('\n');
    for (const id of enemy) expect(text.toLowerCase()).not.toMatch(new RegExp(`\\b${id}\\b`));
    expect([...own].some((id) => text.toLowerCase().includes(id))).toBe(true);
    const refused: unknown[] = [];
    const events = g.run({
      type: 'SubmitOrders',
      side: 'japanese',
      text,
      salt: 'ab',
      now: 't',
      seal: (p) => p,
      refusedAhead: (r) => refused.push(r),
    });
    expect(refused).toEqual([]);
    expect(events.filter((e) => e.type === 'OrdersQueued').map((e) => (e.data as { stepId: string }).stepId)).toEqual([
      't1/patrol/japanese',
      't1/amphibious/japanese',
      't1/raiders/japanese',
      't1/submarine/japanese',
    ]);
  });

  it('given any welcome or report, then every line of the text part fits 72 columns but lines to copy as they stand', () => {
    for (const side of ['japanese', 'allied']) {
      const n = welcome(game, side);
      const mail = sent(n);
      const card = n.kind === 'welcome' ? n.answer : null;
      const copy = new Set([
        ...(card?.example ?? []),
        ...(card?.defaultOrders ?? []),
        ...(card?.sections ?? []).flatMap((s) => s.example),
        ...(n.kind === 'welcome' ? [...(n.guide?.standing ?? []), ...(n.guide?.starter ?? [])] : []),
      ]);
      const long = mail.text.split('\n').filter((l) => l.length > TEXT_WIDTH);
      const unexplained = long.filter((l) => !copy.has(l.trim()) && !/[0-9a-f]{64}/.test(l) && !/^umpire\+/.test(l));
      expect(unexplained).toEqual([]);
    }
  });

  it('wraps a long line at spaces, indenting what follows a bullet, and keeps a word longer than the line whole', () => {
    const line = `- ${'word '.repeat(30).trim()}`;
    const out = wrapLine(line);
    expect(out.every((l) => l.length <= TEXT_WIDTH)).toBe(true);
    expect(out.slice(1).every((l) => l.startsWith('  word'))).toBe(true);
    expect(out.join(' ').replace(/\s+/g, ' ')).toBe(line);
    expect(wrapLine(`x ${'a'.repeat(80)}`)).toEqual(['x', 'a'.repeat(80)]);
  });

  it('cuts a long subject at a word, after the game, side and turn', () => {
    const subject = fitSubject(
      'ACTION G-abc123 japanese t3: Indonesia surprise air raid, round 2: Japanese targets among the Allied ships',
      79,
    );
    expect(subject.length).toBeLessThanOrEqual(79);
    expect(subject).toMatch(/^ACTION G-abc123 japanese t3: Indonesia surprise air raid, round 2: Japanese\S*…$/);
    expect(subject).toMatch(/ (Japanese|targets)…$/);
  });
});
