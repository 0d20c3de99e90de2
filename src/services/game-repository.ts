import { evolve, initialState, type AnyRuleset, type EngineEvent, type EngineState } from '../engine/game';
import { rulesets } from '../games';
import { hashCanonical } from '../shared/canonical';
import type { Sql } from '../store/db';
import {
  EventStore,
  eventsWrite,
  type HeldEvent,
  type NewEvent,
  type StoredEvent,
  type StreamHead,
  withoutJson,
} from '../store/event-store';
import type { GameTable } from '../store/games';
import type { OutboxDraft } from '../store/outbox';
import type { HeldWrite } from '../store/held-writes';
import { type Snapshot, SnapshotStore, snapshotWrite } from '../store/snapshots';
import { hasRollback, liveEvents, voidedSeqs } from '../engine/voids';
import { machineAddress } from './machine-address';
import { foldService, initialServiceState, type ServiceState } from './service-state';
import { SERVICE_EVENT_TYPES } from './service-events';
import { payloadOf } from './service-events';

/** Events the service itself writes into a game's stream (not the engine's), skipped when folding state: service-events.ts. */
export { SERVICE_EVENT_TYPES } from './service-events';

const isService = (type: string): boolean => SERVICE_EVENT_TYPES.has(type);

/** The engine events of a log (or of any part of it read to its end) that are not void (engine/voids.ts). */
export function liveEngineEvents(events: readonly StoredEvent[]): StoredEvent[] {
  return liveEvents(events, isService).filter((e) => !isService(e.type));
}

export class UnknownGameError extends Error {
  constructor(readonly gameId: string) {
    super(`no game ${gameId}: list games with \`umpire games\``);
    this.name = 'UnknownGameError';
  }
}

export interface LoadedGame {
  readonly gameId: string;
  readonly ruleset: AnyRuleset;
  readonly state: EngineState<unknown>;
  /** the umpire's own state around the rules (settings, the deadline in force), folded from its events */
  readonly service: ServiceState;
  readonly head: StreamHead;
  /** the engine events after the snapshot the state was loaded from (for reports) */
  readonly tail: readonly StoredEvent[];
  /** the engine state the tail folds from: the snapshot's, or (absent) the initial state (news folds it again: services/news.ts) */
  readonly base?: EngineState<unknown>;
}

export function rulesetFor(id: string): AnyRuleset {
  const r = rulesets[id];
  if (!r) throw new Error(`unknown ruleset "${id}"; available: ${Object.keys(rulesets).join(', ') || 'none'}`);
  return r;
}

export function toEngineEvent(e: StoredEvent): EngineEvent {
  return { type: e.type, data: e.payload } as EngineEvent;
}

/**
 * Folds stored events into engine state, skipping the service's own events and the voided ones
 * (a fold that meets a RolledBack must have started from the beginning: see GameRepository).
 * SeatReplaced (REPLACE) gives a side its new player: every reader of the seats sees the new address.
 * SeatToMachine (MACHINE) gives it a machine: its address becomes `machine:<player>`, which no mail
 * comes from and no mail goes to (the person's address, reply address and SECRET stop working).
 */
export function fold(state: EngineState<unknown>, events: readonly StoredEvent[], ruleset: AnyRuleset): EngineState<unknown> {
  const voided = voidedSeqs(events, isService);
  let s = state;
  for (const e of events) {
    const machine = payloadOf(e, 'SeatToMachine');
    const replaced = payloadOf(e, 'SeatReplaced');
    if ((machine || replaced) && s.game) {
      const side = machine?.side ?? replaced?.side;
      const address = machine ? machineAddress(machine.player) : (replaced?.address ?? '');
      const sides = s.game.sides.map((seat) => (seat.side === side ? { ...seat, player: { ...seat.player, address } } : seat));
      s = { ...s, version: s.version + 1, game: { ...s.game, sides } };
    } else if (isService(e.type) || voided.has(e.seq)) s = { ...s, version: s.version + 1 };
    else s = evolve(s, toEngineEvent(e), ruleset);
  }
  return s;
}

/** What a snapshot holds: both folds, so a load costs the snapshot and its tail and nothing more. */
interface GameSnapshot {
  readonly engine: EngineState<unknown>;
  readonly service: ServiceState;
}

/** A snapshot of this shape whose content still hashes to its recorded hash (an older shape is ignored: the game is replayed). */
function usableSnapshot(snap: { seq: number; state: Partial<GameSnapshot> | undefined; stateHash: string } | null): GameSnapshot | null {
  const s = snap?.state;
  if (!s?.engine || !s.service || s.engine.version !== snap!.seq || hashCanonical(s) !== snap!.stateHash) return null;
  return s as GameSnapshot;
}

/** A snapshot this process has read and checked: the same sequence number and hash in the store is the same content. */
interface HeldSnapshot {
  readonly seq: number;
  readonly stateHash: string;
  readonly engineVersion: string;
  readonly snapshot: GameSnapshot;
}

/** How many games' checked snapshots and ruleset ids a process keeps (least recently used go first). */
const HELD_GAMES = 512;

function remember<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > HELD_GAMES) map.delete(map.keys().next().value!);
}

/**
 * Under test, a held snapshot is frozen all the way down: every load after the first starts from
 * the same objects, so code that changed a loaded state in place would corrupt the next load. A
 * frozen state makes such code throw in the tests instead.
 */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * Loads and saves games: a game costs its latest snapshot plus the events after it. A snapshot
 * whose state no longer hashes to its recorded hash is ignored (and the game replayed in full).
 *
 * A worker loads the same games over and over (each mail is read, then applied, each under a
 * load), so the process keeps the snapshots it has checked: when the store's latest snapshot is
 * one of them (same sequence number and hash), its state is neither sent again nor parsed and
 * hashed again. A game's ruleset never changes once registered, so its id is kept too, but only
 * when read outside a transaction (inside one, the game may be rolled back with it).
 */
export class GameRepository {
  private readonly held = new Map<string, HeldSnapshot>();
  private readonly rulesetIds = new Map<string, string>();

  constructor(
    private readonly table: GameTable,
    readonly events: EventStore,
    private readonly snapshots: SnapshotStore,
    private readonly snapshotEvery: number,
  ) {}

  async rulesetOf(gameId: string, tx?: Sql): Promise<AnyRuleset> {
    const known = this.rulesetIds.get(gameId);
    if (known) return rulesetFor(known);
    const id = await this.table.rulesetOf(gameId, tx);
    if (!id) throw new UnknownGameError(gameId);
    if (!tx) remember(this.rulesetIds, gameId, id);
    return rulesetFor(id);
  }

  async load(gameId: string, tx?: Sql): Promise<LoadedGame> {
    const ruleset = await this.rulesetOf(gameId, tx);
    const held = this.held.get(gameId);
    const fits = held?.engineVersion === ruleset.engineVersion ? held : undefined;
    const read = await this.snapshots.latestWithTail<Partial<GameSnapshot>>(gameId, ruleset.engineVersion, tx, fits);
    const snap = read.snapshot;
    let usable: GameSnapshot | null;
    if (snap && fits && snap.state === undefined) usable = fits.snapshot;
    else {
      usable = usableSnapshot(snap);
      if (usable) {
        if (process.env.NODE_ENV === 'test') deepFreeze(usable);
        remember(this.held, gameId, { seq: snap!.seq, stateHash: snap!.stateHash, engineVersion: ruleset.engineVersion, snapshot: usable });
      }
    }
    // the snapshot's own event first: the head when nothing follows it
    const from = read.events.length && snap ? read.events[0] : null;
    let tail = snap ? read.events.filter((e) => e.seq > snap.seq) : read.events;
    if (snap && !usable) tail = await this.events.read(gameId, 0, tx);
    // a rollback after the snapshot may void events before it: replay the whole log
    if (usable && hasRollback(tail)) {
      usable = null;
      tail = await this.events.read(gameId, 0, tx);
    }
    const state = fold(usable?.engine ?? initialState(), tail, ruleset);
    const service = foldService(usable?.service ?? initialServiceState, tail);
    const last = tail[tail.length - 1];
    const end = last ?? (usable ? from : null);
    const head = end ? { version: end.seq, hash: end.hash } : await this.events.head(gameId, tx);
    return { gameId, ruleset, state, service, head, tail: liveEvents(tail, isService), ...(usable ? { base: usable.engine } : {}) };
  }

  async register(gameId: string, rulesetId: string, tx: Sql): Promise<boolean> {
    return this.table.register(gameId, rulesetId, tx);
  }

  /**
   * Appends engine and service events after `game.head`, folds them, and snapshots when the
   * version crosses a multiple of SNAPSHOT_EVERY. Runs inside the caller's transaction; `outbox`:
   * the mail these events record (ReportsSent), written by the same append.
   */
  async append(game: LoadedGame, events: readonly NewEvent[], tx: Sql, now: Date, outbox?: readonly OutboxDraft[]): Promise<LoadedGame> {
    if (!events.length) return game;
    const appended = await this.events.append(game.gameId, game.head.version, events, {
      head: game.head,
      tx,
      now,
      ...(outbox ? { outbox } : {}),
    });
    if (hasRollback(appended.events)) {
      // the state is the replay of what is not void: fold the whole log again, and snapshot it
      // here so later loads start after the rollback
      const all = await this.events.read(game.gameId, 0, tx);
      const state = fold(initialState(), all, game.ruleset);
      const service = foldService(initialServiceState, all);
      await this.snapshot(game, appended.head.version, { engine: state, service }, tx);
      const { base: _base, ...rest } = game;
      return { ...rest, state, service, head: appended.head, tail: liveEvents(all, isService) };
    }
    const state = fold(game.state, appended.events, game.ruleset);
    const service = foldService(game.service, appended.events);
    const before = Math.floor(game.head.version / this.snapshotEvery);
    const after = Math.floor(appended.head.version / this.snapshotEvery);
    if (after > before) await this.snapshot(game, appended.head.version, { engine: state, service }, tx);
    return { ...game, state, service, head: appended.head, tail: [...game.tail, ...appended.events] };
  }

  /**
   * `append` without the write: the events chained after `game.head` and folded, for the caller to
   * write later with `heldWrites` (a command's appends, one INSERT at its end: Handling). A rollback
   * is not held (its fold reads the whole log). `snapshotDue`: the version crossed a multiple of
   * SNAPSHOT_EVERY, so `heldWrites` snapshots the game as it then stands.
   */
  hold(game: LoadedGame, events: readonly NewEvent[], now: Date): { game: LoadedGame; held: HeldEvent[]; snapshotDue: boolean } {
    const held = this.events.hold(game.gameId, game.head, events, now);
    const appended = held.map(withoutJson);
    const last = held[held.length - 1];
    const head = { version: last.seq, hash: last.hash };
    const state = fold(game.state, appended, game.ruleset);
    const service = foldService(game.service, appended);
    const snapshotDue = Math.floor(head.version / this.snapshotEvery) > Math.floor(game.head.version / this.snapshotEvery);
    return { game: { ...game, state, service, head, tail: [...game.tail, ...appended] }, held, snapshotDue };
  }

  /**
   * The writes of held events (`hold`) and of the snapshot of `game` (as they leave it) when one
   * fell due, for the caller to send (Handling.flush): with the statement that marks the command applied.
   */
  heldWrites(game: LoadedGame, held: readonly HeldEvent[], snapshotDue: boolean): HeldWrite[] {
    if (!held.length) return [];
    const events = eventsWrite(held);
    if (!snapshotDue) return [events];
    return [events, snapshotWrite(this.snapshotOf(game, game.head.version, { engine: game.state, service: game.service }))];
  }

  private async snapshot(game: LoadedGame, seq: number, snapshot: GameSnapshot, tx: Sql): Promise<void> {
    await this.snapshots.save(this.snapshotOf(game, seq, snapshot), tx);
  }

  private snapshotOf(game: LoadedGame, seq: number, snapshot: GameSnapshot): Snapshot {
    return { gameId: game.gameId, seq, state: snapshot, stateHash: hashCanonical(snapshot), engineVersion: game.ruleset.engineVersion };
  }

  async listGames(): Promise<{ id: string; ruleset: string; createdAt: string }[]> {
    return this.table.list();
  }
}

/**
 * The games as one mail's reading sees them (mail-ingest.ts): each game loaded once (authentication, the reply
 * context and the step check all read it), outside any transaction, as before. The command the
 * message becomes loads the game again under its lock, so a move made meanwhile by another mail
 * is judged there.
 */
export function loadedOnce(games: GameRepository): Pick<GameRepository, 'load' | 'rulesetOf' | 'events'> {
  const loaded = new Map<string, Promise<LoadedGame>>();
  const load = (gameId: string): Promise<LoadedGame> => {
    let game = loaded.get(gameId);
    if (!game) {
      game = games.load(gameId);
      loaded.set(gameId, game);
    }
    return game;
  };
  return { load, rulesetOf: async (gameId) => (await load(gameId)).ruleset, events: games.events };
}
