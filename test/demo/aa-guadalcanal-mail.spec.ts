import { decide, whoIsAwaited } from '../../src/engine/decide';
import { type PlayerTurn, turnOf } from '../../src/engine/players';
import type { GuadalcanalView } from '../../src/games/aa-guadalcanal/view';
import { makeSeedChain } from '../../src/engine/dice';
import { CommandRejected, type EngineCommand, type EngineEvent, type EngineState } from '../../src/engine/engine-events';
import { evolve, initialState, type AnyRuleset } from '../../src/engine/evolve';
import { seededRng } from '../../src/engine/random-player';
import { guadalcanalRuleset } from '../../src/games/aa-guadalcanal';
import { composeGuadalcanalMail } from '../../src/games/aa-guadalcanal/players/mail';
import { sha256Hex } from '../../src/shared/canonical';

/**
 * The A&A demo bots' mail (src/games/aa-guadalcanal/players/mail.ts) played in process through the engine's
 * decide/evolve, as `npm run demo -- --game aa-guadalcanal` plays it by real mail: every mail the
 * bots write is accepted, orders sent ahead are rarely dropped, the HITS lists reach the rules, and
 * a side sends few order mails a turn (issue 13's target: median <= 4).
 */
function play(seed: string) {
  const ruleset = guadalcanalRuleset as unknown as AnyRuleset;
  const chain = makeSeedChain(Buffer.from(sha256Hex(`secret:${seed}`), 'hex'), 200);
  let state: EngineState<unknown> = initialState();
  let tick = 0;
  const log: EngineEvent[] = [];
  const run = (cmd: EngineCommand) => {
    const out = decide(cmd, state, ruleset);
    for (const e of out) state = evolve(state, e, ruleset);
    log.push(...out);
    return out;
  };
  const now = () => `t+${tick++}`;
  const seeds = (turn: number) => chain.seeds[turn];
  run({
    type: 'CreateGame',
    gameId: seed,
    options: {},
    seedAnchor: chain.anchor,
    now: now(),
    sides: ruleset.sides.map((side) => ({ side, player: { address: `${side}@test.invalid`, name: side } })),
  });
  const bots = Object.fromEntries(
    ruleset.sides.map((s) => [s, { rng: seededRng(`${seed}:${s}`), sentAhead: new Set<string>(), answered: '' }]),
  );
  const sent: Record<string, Map<number, number>> = Object.fromEntries(ruleset.sides.map((s) => [s, new Map()]));
  const refusals: string[] = [];
  for (let n = 0; state.step; n++) {
    if (n > 20000) throw new Error(`stuck at ${state.step.id}`);
    const step = state.step;
    for (const side of whoIsAwaited(state, ruleset)) {
      const bot = bots[side];
      if (bot.answered === step.id) continue;
      bot.answered = step.id;
      const mail = composeGuadalcanalMail(turnOf(guadalcanalRuleset, state, side, step, bot.rng) as PlayerTurn<GuadalcanalView>, {
        sentAhead: bot.sentAhead,
      });
      sent[side].set(step.turn, (sent[side].get(step.turn) ?? 0) + 1);
      try {
        run({ type: 'SubmitOrders', side, text: mail.text, salt: bot.rng.hex(16), now: now(), seal: (p) => p });
      } catch (e) {
        if (!(e instanceof CommandRejected)) throw e;
        refusals.push(`${step.id}: ${e.message.slice(0, 200)}\n${mail.text}`);
      }
      if (state.step?.id !== step.id) break;
    }
    if (state.step?.id === step.id && whoIsAwaited(state, ruleset).length === 0)
      run({ type: 'Resolve', now: now(), seeds, open: (s) => s });
    else if (state.step?.id === step.id && ruleset.sides.every((s) => bots[s].answered === step.id))
      run({ type: 'Deadline', now: now(), seeds, open: (s) => s });
  }
  return { state, log, sent, refusals };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2;
};

describe('A&A Guadalcanal demo bots by mail, in process', () => {
  it.each(['j-demo/0', 'j-demo/1'])(
    'given the bots of game %s, then the game ends with every mail accepted and a median of <= 4 order mails per side per turn',
    (seed) => {
      const { state, log, sent, refusals } = play(seed);
      expect(refusals).toEqual([]);
      expect(state.result).not.toBeNull();
      const hits = log.filter((e) => e.type === 'RulesApplied' && (e.data as { event: { type: string } }).event.type === 'gc.hits');
      expect(hits.length).toBeGreaterThan(0);
      const dropped = log.filter((e) => e.type === 'QueuedOrdersDropped').length;
      const queued = log.filter((e) => e.type === 'OrdersQueued').length;
      expect(queued).toBeGreaterThan(0);
      for (const side of ['axis', 'allies']) {
        const perTurn = [...sent[side].values()];
        process.stdout.write(
          `${seed} ${side}: ${perTurn.length} turns, order mails per turn median ${median(perTurn)}, max ${Math.max(...perTurn)}; queued ${queued}, dropped ${dropped}\n`,
        );
        expect(median(perTurn)).toBeLessThanOrEqual(4);
      }
    },
  );
});
