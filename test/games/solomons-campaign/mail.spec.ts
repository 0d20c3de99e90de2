/**
 * Issue 32, "a game by real mail with few mails per side per turn": the mail player
 * (src/games/solomons-campaign/players/mail.ts) in the in-process mail model (src/demo/model.ts),
 * and the plan rule it leans on: a TF on PLAN ... UNLOAD AT carries its cargo there and unloads
 * (19.4) with no mail, and the standing answer that answers the Logistics Phase (rules/standing.ts).
 * The same bots by real mail: test/mail/solomons-campaign-demo.e2e-spec.ts.
 */
import { demoGame } from '../../../src/demo/games';
import { playModel } from '../../../src/demo/model';
import type { MailPlayer, PlayerMode } from '../../../src/engine/players';
import type { RulesEvent } from '../../../src/engine/ruleset';
import { rulesets } from '../../../src/games';
import type { SolState, SolView } from '../../../src/games/solomons-campaign';
import { solMailPlayer } from '../../../src/games/solomons-campaign/players/mail';
import { checkLog } from '../../../src/games/solomons-campaign/rules/log-orders';
import { runOperations } from '../../../src/games/solomons-campaign/rules/operations';
import { answerSolStanding, parseSolStanding } from '../../../src/games/solomons-campaign/rules/standing';
import { seededRng } from '../../../src/engine/random-player';

const game = rulesets['solomons-campaign'];
const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2;
};
/** First words of the orders of rules not built (orders.ts NOT_BUILT): a bot writing one would be refused. */
const NOT_BUILT = /^(SPECIAL|REPLACE|WITHDRAW|ANNOUNCE|SUB|TRANSFER|AIRLIFT|CAP|STRIKE|RECON|PASS)\b/i;

describe('Solomons Campaign mail player (issue 32)', () => {
  it.each(['skilled', 'newcomer'] as const)(
    'given %s bots on both sides of a Short game in the mail model, then it ends with nothing refused, no line of a rule not built, and a median of at most 4 order mails a side a turn',
    (mode: PlayerMode) => {
      const demo = demoGame(['--game', 'solomons-campaign'], {}, {});
      expect(demo.options).toEqual({ scenario: 'short' });
      const written: string[] = [];
      const mail: MailPlayer = {
        ...demo.mail,
        compose: (t, m) => {
          const out = demo.mail.compose(t, m);
          written.push(out.text);
          return out;
        },
      };
      const r = playModel(`sol-mail-${mode}`, demo.options, { ...demo, mail }, { mode });
      expect(r.stopped).toBeUndefined();
      expect(r.ended).toBe(true);
      expect(r.turns).toBe(8);
      expect(r.refused).toBe(0);
      expect(
        written
          .join('\n')
          .split('\n')
          .filter((l) => NOT_BUILT.test(l)),
      ).toEqual([]);
      for (const side of ['japanese', 'us']) {
        const sent = [...r.perSide[side].entries()].filter(([t]) => t > 0).map(([, x]) => x.sent);
        expect(sent).toHaveLength(8);
        expect(median(sent)).toBeLessThanOrEqual(4);
      }
      // a side is asked at an Operations Phase at most once a turn: its plans answer the other 27
      expect(r.play.asked).toBeLessThanOrEqual(2 * 8);
      if (mode === 'skilled') expect(r.play.landings).toBeGreaterThan(2);
    },
  );

  it('given the skilled player at the CP step, then one mail carries the CP and the forces ahead, and its CP line is not the default as the umpire shows it', () => {
    const s = game.setup({ gameId: 'G-m', options: { scenario: 'short' }, box: game.box.defaultData }) as SolState;
    const view = game.view(s, 'japanese') as SolView;
    const sentAhead = new Set<string>();
    const m = solMailPlayer.compose({ view, side: 'japanese', step: game.currentStep(s)!, dice: seededRng('m') }, { sentAhead });
    expect(m.steps).toEqual(['t1/cp', 't1/forces']);
    expect(sentAhead.has('t1/forces')).toBe(true);
    expect(m.text).toMatch(/^FOR t1\/forces$/m);
    // the default (planning.ts defaultCp) names every mission: a player's line equal to it would read as quoted
    expect(m.text).toMatch(/^CP OPS \d+ LOG \d+$/m);
    expect(m.text).not.toMatch(/COMBINED 0/);
    expect(solMailPlayer.standing('japanese', 'newcomer')).toBe('');
  });

  it('given a TF with cargo on PLAN UNLOAD AT a hex two phases away, when its plan runs, then it reaches the hex, unloads in the next phase (19.4) and only then the line ends', () => {
    const s0 = game.setup({ gameId: 'G-u', options: { scenario: 'short' }, box: game.box.defaultData }) as SolState;
    const us = s0.forces.us;
    let s: SolState = {
      ...s0,
      phase: 'ops',
      x: 1,
      first: 'us',
      phasing: 'us',
      forces: {
        ...s0.forces,
        us: {
          ...us,
          taskForces: { ...us.taskForces, 2: { ...us.taskForces[2], at: 'Espiritu Santo' } },
          ground: us.ground.map((g) => (g.id === '3/2-MAR' ? { ...g, at: 'TF 2' } : g)),
        },
      },
      plans: { japanese: null, us: { lines: [{ tf: 2, action: 'unload', to: '0806', ask: [], ended: false }] } },
    };
    const order: string[] = [];
    for (let x = 1; x <= 12 && !order.includes('ended'); x++) {
      const emitted: RulesEvent[] = [];
      s = runOperations({ ...s, x, phasing: 'us', first: 'us' }, `t1/x${x}/us/plan`, [], false, {
        dice: { d6: () => 3 },
        emit: (e: RulesEvent) => emitted.push(e),
      } as never);
      for (const e of emitted) {
        const d = e.data as { tf?: number; at?: string };
        if (e.type === 'sol.unloaded' && d.tf === 2) order.push(`unloaded at ${d.at}`);
        if (e.type === 'sol.plan-line-ended' && d.tf === 2) order.push('ended');
      }
    }
    expect(order).toEqual(['unloaded at 0806', 'ended']);
    expect(s.forces.us.ground.find((g) => g.id === '3/2-MAR')?.at).toBe('0806');
  });
  it('given STANDING LOGISTICS lines, then they answer the Logistics Phase alone, from the state: ENTRENCH where own units meet the enemy on own supply (37.1), BUILD where engineers stand on supply (33.2)', () => {
    const s = game.setup({ gameId: 'G-s', options: { scenario: 'short' }, box: game.box.defaultData }) as SolState;
    const parsed = parseSolStanding('STANDING LOGISTICS ENTRENCH BUILD');
    expect(parsed.ok).toBe(true);
    const logistics = { id: 't1/logistics' };
    // Japan: supply 1 with NBGF and 11-ENG at 0806 beside the US, supply 1 with 15-ENG at 0503 (an own airbase of 6)
    expect(answerSolStanding(s, 'japanese', logistics, parsed.orders)).toEqual([
      { kind: 'build', hex: '0503', engineers: ['15-ENG'] },
      { kind: 'entrench', hex: '0806' },
    ]);
    // the US has no supply on the map at the start: nothing to spend
    expect(answerSolStanding(s, 'us', logistics, parsed.orders)).toEqual([{ kind: 'none' }]);
    expect(answerSolStanding(s, 'japanese', { id: 't1/x01/japanese/ops' }, parsed.orders)).toBeNull();
    expect(answerSolStanding(s, 'japanese', logistics, parseSolStanding('').orders)).toBeNull();
    const entrenchOnly = parseSolStanding('STANDING LOGISTICS ENTRENCH').orders;
    expect(answerSolStanding(s, 'japanese', logistics, entrenchOnly)).toEqual([{ kind: 'entrench', hex: '0806' }]);
    // what it answers passes the Logistics Phase's own check
    expect(checkLog(s, 'japanese', answerSolStanding(s, 'japanese', logistics, parsed.orders)!)).toEqual([]);
    const bad = parseSolStanding('STANDING LOGISTICS SOMETIMES\nSTANDING CAP 0806');
    expect(bad.ok).toBe(false);
    expect(bad.ok ? [] : bad.errors.map((e) => e.line)).toEqual([1, 2]);
  });
});
