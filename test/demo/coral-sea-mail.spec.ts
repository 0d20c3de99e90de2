/**
 * Issue 26's target, "a day in two mails, a night in one", for the demo's USN bot in the demo's own
 * in-process mail model (src/demo/model.ts, which seats only the sides a person plays: the umpire
 * plays the IJN, a system side, with no bot and no mail). Skilled, the bot sends FOR sections and
 * its own standing instructions; a newcomer sends no STANDING or FOR line of its own and answers
 * what its mails ask, leaning on the defaults in force from the start (issue 28); plain, it answers
 * one step a mail. None is ever refused, and each plays: intelligence rolls, ships lost.
 */
import { demoGame } from '../../src/demo/games';
import { type ModelResult, playModel } from '../../src/demo/model';
import type { PlayerMode } from '../../src/engine/players';
import { coralSeaSolitaire } from '../../src/games/coral-sea-solitaire';
import { isDay } from '../../src/games/coral-sea-solitaire/steps';

const GAMES: readonly { seed: string; options: Record<string, boolean> }[] = [
  { seed: 'mail-a', options: {} },
  { seed: 'mail-b', options: { 'bigger-battle': true, 'extended-range': true, 'fueling-group': true } },
  { seed: 'mail-c', options: { historical: true, screening: true, 'more-fighters': true } },
];

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2 : 0;
};

const game = (options: Record<string, boolean>) => demoGame(['--game', 'coral-sea-solitaire'], {}, options);
const play = (seed: string, options: Record<string, boolean>, mode: PlayerMode) => playModel(seed, options, game(options), { mode });
const turnsOf = (r: ModelResult) => [...r.perSide.usn.entries()].filter(([t]) => t > 0).sort(([a], [b]) => a - b);

describe('the Coral Sea demo seats the player alone', () => {
  it('given the demo of coral-sea-solitaire, then only the USN has a bot and a mailbox: the IJN is the umpire`s', () => {
    const g = game({});
    expect(g.players).toEqual([{ side: 'usn', user: 'coral-usn' }]);
    expect(g.database).toBe('umpire_demo_coral_sea_solitaire');
  });
});

describe.each([['skilled' as const], ['newcomer' as const]])('the Coral Sea demo bot, %s, in the in-process mail model', (mode) => {
  const games = GAMES.map((g) => ({ ...g, r: play(g.seed, g.options, mode) }));

  it.each(games.map((g) => [g.seed, g] as const))(
    'given game %s, then it ends with no mail refused and no order sent ahead dropped twice',
    (_s, g) => {
      expect(g.r.ended).toBe(true);
      expect(g.r.refused).toBe(0);
      expect(g.r.turns).toBe(14);
      expect(g.r.dropped).toBeLessThanOrEqual(2);
    },
  );

  it('then it sends a median of at most 2 order mails a day turn and 1 a night turn, and receives at most 3 a day turn (medians over three games)', () => {
    const day: { sent: number; received: number }[] = [];
    const night: { sent: number; received: number }[] = [];
    for (const { r } of games) for (const [turn, m] of turnsOf(r)) (isDay(turn) ? day : night).push(m);
    const all = [...day, ...night];
    process.stdout.write(
      `coral-sea model, ${mode}: order mails sent per turn median ${median(all.map((m) => m.sent))} (day ${median(day.map((m) => m.sent))}, ` +
        `night ${median(night.map((m) => m.sent))}, max ${Math.max(...all.map((m) => m.sent))}); received median ${median(all.map((m) => m.received))} ` +
        `(day ${median(day.map((m) => m.received))}, night ${median(night.map((m) => m.received))}, max ${Math.max(...all.map((m) => m.received))})\n`,
    );
    expect(median(all.map((m) => m.sent))).toBeLessThanOrEqual(mode === 'skilled' ? 2 : 3);
    expect(median(day.map((m) => m.sent))).toBeLessThanOrEqual(2);
    expect(median(night.map((m) => m.sent))).toBeLessThanOrEqual(1);
    expect(median(day.map((m) => m.received))).toBeLessThanOrEqual(3);
    expect(Math.max(...night.map((m) => m.sent))).toBeLessThanOrEqual(2);
  });

  it('then the USN plays: it rolls intelligence and ships are lost', () => {
    const sum = (k: string) => games.reduce((n, g) => n + (g.r.play[k] ?? 0), 0);
    expect(sum('intelligence')).toBeGreaterThan(20);
    expect(sum('ijnShipsLost') + sum('usnShipsLost')).toBeGreaterThan(0);
  });
});

describe("the Coral Sea demo bot's mails", () => {
  it('skilled: asked for the CP each day, its morning mail carries the intelligence and the moves in FOR sections, then one air mail', () => {
    const r = play('mail-a', {}, 'skilled');
    const t3 = r.perSide.usn.get(3)!;
    expect(t3.why).toEqual([
      'action command-decision',
      'sent command-decision+intelligence+movement-usn',
      'action air-missions',
      'sent air-missions',
    ]);
    expect(r.perSide.usn.get(1)!.why.slice(0, 2)).toEqual(['welcome', 'sent deployment+command-decision+intelligence+movement-usn']);
    expect(r.perSide.usn.get(4)!.why).toEqual(['action intelligence', 'sent intelligence+movement-usn']);
    expect(coralSeaSolitaire.players.mail!.standing('usn', 'skilled')).toMatch(/^STANDING ASK COMMAND\nSTANDING BOMBARD ALWAYS\n/);
  });

  it('newcomer: no standing instruction of its own; its first mail answers the deployment and the sections its mail offers (no COMMAND: the default stands)', () => {
    expect(coralSeaSolitaire.players.mail!.standing('usn', 'newcomer')).toBe('');
    const r = play('mail-a', {}, 'newcomer');
    expect(r.perSide.usn.get(1)!.why[1]).toBe('sent deployment+intelligence+movement-usn+air-missions');
    const sent = turnsOf(r).flatMap(([, t]) => t.why.filter((w) => w.startsWith('sent ')));
    expect(sent.filter((w) => w.includes('command-decision'))).toEqual([]);
  });

  it('plain: one step a mail, every step but deployment, movement and air left to its default', () => {
    const r = play('mail-a', {}, 'plain');
    expect(r.ended).toBe(true);
    expect(r.refused).toBe(0);
    const asked = new Set(turnsOf(r).flatMap(([, t]) => t.why.filter((w) => w.startsWith('sent ')).map((w) => w.slice(5))));
    expect([...asked].sort()).toEqual(['air-missions', 'deployment', 'movement-usn']);
  });
});
