/**
 * The engine's public face: the decider (decide / evolve / initialState) every game shares, and
 * what the game service needs around it. Pure: time, seeds and sealing arrive in commands.
 *
 *   const state = replay(events, ruleset);                 // or snapshot + tail via evolve
 *   const newEvents = decide(command, state, ruleset);     // throws CommandRejected
 *   // append newEvents with the expected version state.version
 */
import type { EngineCommand, EngineEvent, EngineState } from './engine-events';
import { decide, tryDecide, type Decision } from './decide';
import { evolve, initialState, type AnyRuleset } from './evolve';

export * from './engine-events';
export {
  decide,
  tryDecide,
  whoIsAwaited,
  readyToResolve,
  currentStep,
  standingAnswer,
  MAX_AUTO_STEPS,
  type Decision,
} from './decide';
export { evolve, initialState, replay, stateHash, type AnyRuleset } from './evolve';
export { commitmentFor, sealPlaintext, openPlaintext, ordersHashOf } from './sealing';
export {
  viewFor,
  narrativeFor,
  eventVisibleTo,
  type EngineView,
  type Viewer,
  type OrdersStatus,
  type QueuedStatus,
} from './views';
export { sectionSalt } from './sections';
export { concessionResult } from './concede';
export { verifyGameLog, type VerifyReport, type Mismatch } from './verify';
export { auditGameLog, type AuditReport } from './audit';
export { makeSealedSeedChain, makeSeedChain, verifySeed, deriveDie, rollDice, badSides, D6, type SeedChain } from './dice';

/** The Emmett-shaped decider for one ruleset: decide(command, state), evolve(state, event). */
export interface Decider {
  decide(command: EngineCommand, state: EngineState<unknown>): EngineEvent[];
  tryDecide(command: EngineCommand, state: EngineState<unknown>): Decision;
  evolve(state: EngineState<unknown>, event: EngineEvent): EngineState<unknown>;
  initialState(): EngineState<unknown>;
}

export function deciderFor(ruleset: AnyRuleset): Decider {
  return {
    decide: (command, state) => decide(command, state, ruleset),
    tryDecide: (command, state) => tryDecide(command, state, ruleset),
    evolve: (state, event) => evolve(state, event, ruleset),
    initialState: () => initialState(),
  };
}
