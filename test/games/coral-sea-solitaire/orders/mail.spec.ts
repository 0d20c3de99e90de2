/**
 * The target, "a day in two mails, a night in one": whole games played by the mail player
 * through the engine (parse, validate, queue, standing instructions, defaults), counting the order
 * mails the USN sends each turn. Skilled, it sends FOR sections and standing instructions; plain,
 * it answers only the step it is asked and leans on STANDING DEFAULT. Neither is ever refused.
 */
import { coralMailPlayer } from '../../../../src/games/coral-sea-solitaire/orders';
import { isDay } from '../../../../src/games/coral-sea-solitaire/steps';
import { median, playMailGame } from './mail-model';

const GAMES: readonly { seed: string; options: Record<string, boolean> }[] = [
  { seed: 'mail-a', options: {} },
  { seed: 'mail-b', options: { 'bigger-battle': true, 'extended-range': true, 'fueling-group': true } },
  { seed: 'mail-c', options: { historical: true, screening: true, 'more-fighters': true } },
];

describe.each([
  ['skilled', false],
  ['plain (a newcomer)', true],
])('the Coral Sea mail player, %s', (_name, plain) => {
  const games = GAMES.map((g) => ({ ...g, game: playMailGame(g.seed, plain, g.options) }));

  it.each(games.map((g) => [g.seed, g]))('%s: the game ends, no mail refused', (_seed, g) => {
    expect(g.game.stoppedAt).toBeUndefined();
    expect(g.game.ended).toBe(true);
    expect(g.game.refused).toEqual([]);
  });

  it('a median of at most 2 order mails a day turn and 1 a night turn', () => {
    const day: number[] = [];
    const night: number[] = [];
    for (const { game } of games) for (const [turn, m] of game.turns) (isDay(turn) ? day : night).push(m.sent);
    expect(median(day)).toBeLessThanOrEqual(2);
    expect(median(night)).toBeLessThanOrEqual(1);
    expect(Math.max(...night)).toBeLessThanOrEqual(2);
  });
});

describe("the Coral Sea mail player's mails", () => {
  it('skilled: the morning mail carries the CP, the intelligence and the moves in FOR sections; standing instructions once', () => {
    const g = playMailGame('mail-a', false);
    const t3 = g.turns.get(3);
    expect(t3?.why).toContain('sent command-decision+intelligence+movement-usn');
    expect(t3?.why).toContain('sent air-missions');
    expect(g.turns.get(1)?.why.slice(0, 2)).toEqual(['welcome', 'sent deployment+command-decision+intelligence+movement-usn']);
    expect(coralMailPlayer.standing('usn', false)).toMatch(/^STANDING DEFAULT ORGANIZATION, TRANSFER, LAND\nSTANDING ASSIGN AS COMMITTED/);
  });

  it('plain: one step a mail, and the standing instructions leave all but deployment, movement and air to the defaults', () => {
    const g = playMailGame('mail-a', true);
    const asked = new Set([...g.turns.values()].flatMap((t) => t.why.filter((w) => w.startsWith('sent ')).map((w) => w.slice(5))));
    expect([...asked].sort()).toEqual(['air-missions', 'deployment', 'movement-usn']);
    expect(coralMailPlayer.standing('usn', true)).toContain('STANDING DEFAULT ORGANIZATION, TRANSFER, INTELLIGENCE');
  });
});
