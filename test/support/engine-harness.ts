import { sha256Hex } from '../../src/shared/canonical';
import { decide } from '../../src/engine/decide';
import { ForcedDiceQueue, makeSeedChain, type SeedChain } from '../../src/engine/dice';
import { CommandRejected, type EngineCommand, type EngineEvent, type EngineState, type Unsealed } from '../../src/engine/engine-events';
import { evolve, replay, type AnyRuleset } from '../../src/engine/evolve';
import { openPlaintext } from '../../src/engine/sealing';
import { fleetDuel } from '../../src/games/fleet-duel';

/** A fixed seed chain, so tests are repeatable. */
export const testChain: SeedChain = makeSeedChain(Buffer.from(sha256Hex('engine test secret'), 'hex'), 20);

/** given(events).when(command).then(...): the decider under test, Emmett style. */
export function given(events: readonly EngineEvent[], ruleset: AnyRuleset = fleetDuel) {
  const state = replay(events, ruleset);
  return {
    state,
    when(command: EngineCommand) {
      const run = () => decide(command, state, ruleset);
      return {
        then(check: (events: EngineEvent[], after: EngineState<unknown>) => void): void {
          const out = run();
          check(
            out,
            out.reduce<EngineState<unknown>>((s, e) => evolve(s, e, ruleset), state),
          );
        },
        thenRejects(code: CommandRejected['code']): CommandRejected {
          try {
            run();
          } catch (e) {
            if (!(e instanceof CommandRejected)) throw e;
            expect(e.code).toBe(code);
            return e;
          }
          throw new Error(`expected a rejection "${code}", but the command was accepted`);
        },
      };
    },
  };
}

/**
 * A game at the table: commands in, events recorded, state folded. Orders are sealed with the
 * identity (so a leak of the sealed text into a view would show) and opened at resolution.
 */
export class Table {
  readonly events: EngineEvent[] = [];
  state: EngineState<unknown>;
  private clock = 0;
  private forced: ForcedDiceQueue | undefined;

  constructor(
    readonly ruleset: AnyRuleset = fleetDuel,
    opts: { options?: Record<string, boolean>; box?: unknown } = {},
  ) {
    this.state = replay([], ruleset);
    this.run({
      type: 'CreateGame',
      gameId: 'g1',
      options: opts.options,
      box: opts.box,
      seedAnchor: testChain.anchor,
      now: this.now(),
      sides: ruleset.sides.map((side) => ({
        side,
        player: { address: `${side}@example.org`, name: `${side} admiral` },
      })),
    });
  }

  now(): string {
    return `2026-11-21T12:${String(this.clock++).padStart(2, '0')}:00Z`;
  }

  /** From now on dice come from these faces (through the same Dice interface). */
  forceDice(faces: number[]): ForcedDiceQueue {
    this.forced = new ForcedDiceQueue(faces);
    return this.forced;
  }

  run(command: EngineCommand): EngineEvent[] {
    const out = decide(command, this.state, this.ruleset);
    for (const e of out) this.state = evolve(this.state, e, this.ruleset);
    this.events.push(...out);
    return out;
  }

  submit(side: string, text: string, salt = `salt-${side}-${this.clock}`): EngineEvent[] {
    return this.run({ type: 'SubmitOrders', side, text, salt, now: this.now(), seal: (p) => p });
  }

  resolve(type: 'Resolve' | 'Deadline' = 'Resolve', revealed: Record<string, Unsealed> = this.opened()): EngineEvent[] {
    return this.run({
      type,
      now: this.now(),
      seeds: (t) => testChain.seeds[t],
      revealed,
      open: (sealed) => sealed,
      forcedDice: this.forced,
    });
  }

  opened(): Record<string, Unsealed> {
    const out: Record<string, Unsealed> = {};
    for (const [side, sub] of Object.entries(this.state.submissions)) if (sub.kind === 'sealed') out[side] = openPlaintext(sub.sealed);
    return out;
  }

  rulesEvents(type?: string): { type: string; data: unknown; visibleTo?: unknown }[] {
    return this.events.flatMap((e) =>
      e.type === 'RulesApplied' && (!type || e.data.event.type === type) ? [e.data.event as { type: string; data: unknown }] : [],
    );
  }
}
