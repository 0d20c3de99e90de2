/**
 * Issue 31, "with standing missions a night turn needs no mail and a day turn one": the game's
 * standing missions (src/games/guadalcanal-campaign/standing.ts) and its mail player
 * (players/mail.ts), from the rules' side and in the in-process mail model (src/demo/model.ts).
 */
import { playModel } from '../../../src/demo/model';
import { demoGame } from '../../../src/demo/games';
import { defaultStandingLines } from '../../../src/engine/standing';
import type { AdjudicationContext, StepInfo } from '../../../src/engine/ruleset';
import { rulesets } from '../../../src/games';
import type { GcState, GcView } from '../../../src/games/guadalcanal-campaign';
import { gcMailPlayer } from '../../../src/games/guadalcanal-campaign/players/mail';
import { seededRng } from '../../../src/engine/random-player';
import { parseGcOrders } from '../../../src/games/guadalcanal-campaign/orders';
import { walkAir } from '../../../src/games/guadalcanal-campaign/rules/air';
import { walkOrders } from '../../../src/games/guadalcanal-campaign/rules/movement';
import { movementPlan } from '../../../src/games/guadalcanal-campaign/players/mail-plan';
import { answerGcStanding, parseGcStanding } from '../../../src/games/guadalcanal-campaign/standing';

const game = rulesets['guadalcanal-campaign'];
const options = { scenario: 'eastern-solomons', mode: 'two-player', level: 4 };
const setup = (): GcState => game.setup({ gameId: 'G-gc', options, box: game.box.defaultData });
const at = (s: GcState, turn: number, row: GcState['row']): GcState => ({ ...s, turn, row });
const step = (s: GcState) => game.currentStep(s)!;
const standing = (text: string) => {
  const parsed = parseGcStanding(text);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.orders;
};

describe('Guadalcanal Campaign standing missions and mail player (issue 31)', () => {
  it('given a new game, then NIGHT HOLD stands from the start and AIR is asked (3.4, 5.3; 7.1-7.3)', () => {
    const kinds = game.standingKinds ?? [];
    expect(kinds.map((k) => k.word)).toEqual(['NIGHT', 'AIR']);
    expect(defaultStandingLines(kinds, 'american', options)).toEqual(['STANDING NIGHT HOLD']);
  });

  it('given NIGHT COURSE lines, then each TF keeps its square and a square off the map is refused (1.4)', () => {
    expect(standing('STANDING NIGHT COURSE TF 15 TO 21,20\nSTANDING NIGHT COURSE TF 12 TO 30, 5')).toEqual([
      { night: 'hold', courses: { 15: [21, 20], 12: [30, 5] } },
    ]);
    expect(parseGcStanding('STANDING NIGHT COURSE TF 15 TO 41,20').ok).toBe(false);
  });

  it('given the skilled player on a day turn, then its orders mail sets the night: NIGHT HOLD, and a course for each TF bound somewhere', () => {
    const s = setup();
    const view = game.view(s, 'japanese') as GcView;
    const mail = gcMailPlayer.compose(
      { view, side: 'japanese', step: step(at(s, 1, 'japanese-orders')), dice: seededRng('x') },
      { sentAhead: new Set() },
    );
    expect(mail.text).toMatch(/^STANDING NIGHT HOLD$/m);
    // TF 15 (transports) is bound for Henderson Field (21,20, box/map.ts)
    expect(mail.text).toMatch(/^STANDING NIGHT COURSE TF 15 TO 21,20$/m);
    expect(gcMailPlayer.standing('japanese', 'newcomer')).toBe('');
  });

  it('given a line that is no standing mission, then it is refused naming the two there are', () => {
    const parsed = parseGcStanding('STANDING NIGHT HOLD\nSTANDING AIR SOMETIMES');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.errors).toEqual([expect.objectContaining({ line: 2, hint: expect.stringContaining('AIR AUTO') })]);
  });

  it('given NIGHT HOLD, when a PM turn asks for task force orders, then every TF holds unasked; an AM turn is still asked', () => {
    const night = standing('STANDING NIGHT HOLD');
    expect(answerGcStanding(at(setup(), 2, 'american-orders'), 'american', step(at(setup(), 2, 'american-orders')), night)).toEqual([]);
    expect(answerGcStanding(at(setup(), 3, 'japanese-orders'), 'japanese', step(at(setup(), 3, 'japanese-orders')), night)).toBeNull();
    expect(answerGcStanding(at(setup(), 2, 'american-orders'), 'american', step(at(setup(), 2, 'american-orders')), [])).toBeNull();
  });

  it('given AIR AUTO, when the CAP and search step comes, then fighters fly CAP and land bases search, every order one the rules accept (7.1)', () => {
    const s = at(setup(), 1, 'american-air-search');
    const orders = answerGcStanding(s, 'american', step(s), standing('STANDING AIR AUTO'))!;
    expect(orders.some((o) => o.kind === 'cap')).toBe(true);
    expect(orders.some((o) => o.kind === 'search')).toBe(true);
    expect(walkAir(s, 'american', orders).problems).toEqual([]);
  });

  it('given AIR AUTO and a Japanese carrier TF in this turn report near the US carriers, when the strikes step comes, then they strike it (7.3)', () => {
    const base = at(setup(), 1, 'american-air-strikes');
    const s: GcState = {
      ...base,
      taskForces: { ...base.taskForces, 12: { ...base.taskForces[12], col: 23, row: 19 } },
      sighted: { ...base.sighted, american: [{ tf: 12, col: 23, row: 19, reported: ['CV', 'CV'] }] },
    };
    const orders = answerGcStanding(s, 'american', step(s), standing('STANDING AIR AUTO'))!;
    expect(orders.filter((o) => o.kind === 'strike').map((o) => (o as { target: number }).target)).toContain(12);
    expect(walkAir(s, 'american', orders).problems).toEqual([]);
  });

  it('given the mail player plan for a day turn, then its task force orders are all accepted (5.2) and read back as written', () => {
    const s = setup();
    for (const side of ['american', 'japanese'] as const) {
      const orders = movementPlan(game.view(s, side) as GcView);
      expect(walkOrders(s, side, orders).problems).toEqual([]);
      const text = game.formatOrders(orders);
      const read = parseGcOrders(text, step(s));
      expect(read.ok && read.orders).toEqual(orders);
    }
  });

  // On main the game stops in turn 1's combat step (8.3 submarines, 8.5B emergency landings: not
  // built yet), so the model plays the one day turn there is; night turns are held by the NIGHT HOLD
  // case above. The integrator tightens this once combat and the end of the turn are merged.
  it.each(['skilled', 'newcomer'] as const)(
    'given %s bots, when they play Eastern Solomons by mail in process, then no mail is refused and a day turn takes one order mail a side',
    (mode) => {
      const demo = demoGame(['--game', 'guadalcanal-campaign'], {}, {});
      expect(demo.options).toEqual({ scenario: 'eastern-solomons' });
      const r = playModel('gc-mail', demo.options, demo, { mode });
      expect(r.refused).toBe(0);
      expect(r.stopped ?? 'ended').toMatch(/rule (8\.3|8\.5B|9\.6B) is not implemented|ended/);
      for (const side of ['american', 'japanese']) {
        const turn1 = r.perSide[side].get(1)!;
        expect(turn1.sent).toBe(1);
      }
    },
  );

  // Combat (8.0) stops play on main, so no night is reached by the real rules yet: with the combat
  // step passed over (a stand-in that only ends the step; no combat, no end of turn), the mail model
  // plays Eastern Solomons' four turns to show what the mail costs once combat is built: the
  // skilled bots' nights need no mail. The integrator drops this stand-in once combat is merged.
  it('given skilled bots and the combat step passed over, when they play four turns, then a day turn takes one order mail a side and a night none', () => {
    const demo = demoGame(['--game', 'guadalcanal-campaign'], {}, {});
    const noCombat = {
      ...demo.rules,
      adjudicate: (st: GcState, at: StepInfo, orders: never, ctx: AdjudicationContext) => {
        if (!at.id.endsWith('/combat')) return demo.rules.adjudicate(st, at, orders, ctx);
        ctx.emit({ type: 'gcc.step-done', data: { turn: st.turn, row: 'combat' } });
        return undefined;
      },
    };
    const r = playModel('gc-night', demo.options, { ...demo, rules: noCombat }, { mode: 'skilled' });
    expect(r.refused).toBe(0);
    expect(r.stopped).toBeUndefined();
    for (const side of ['american', 'japanese'])
      expect([1, 2, 3, 4].map((turn) => r.perSide[side].get(turn)?.sent ?? 0)).toEqual([1, 0, 1, 0]);
  });
});
