import type { AnyRuleset } from '../../engine/evolve';
import { renderMapSvg } from '../../mail/map-svg';
import type { EventStore, StoredEvent } from '../../store/event-store';
import type { GameMail } from '../../store/game-mails';
import { parseMail } from '../../mail/parse';
import { rulesetFor } from '../game-repository';
import { diceLog } from './dice-log';
import { type Replayed, replayTimeline, rulingsFor, sidesOf, stateAfter, storyFor, viewAt } from './history';
import { linkRevocations, OBSERVER_VIEWER, REFEREE_VIEWER, type PageClaims, verifyPageLink } from './link';
import { PageRenderer } from './page-renderer';
import { stepPageView } from './page-view';
import { payloadOf } from '../service-events';
import { deadlineInForce, eventsByMail, forkPoint, mailOf } from './mail-trail';

/** Games whose replays are kept in memory (each: its timeline and a state every 16 steps). */
const CACHED_GAMES = 8;

export interface GamePageDeps {
  readonly events: Pick<EventStore, 'read'>;
  /** the game's inbound mail, opened (src/store/game-mails.ts) */
  readonly mails: (gameId: string) => Promise<readonly GameMail[]>;
  /** UMPIRE_SECRET: the key of the signed links */
  readonly secret: string;
  readonly clock?: () => Date;
}

export interface PageResponse {
  readonly status: 200 | 403 | 404;
  readonly html: string;
}

interface Opened {
  readonly claims: PageClaims;
  readonly ruleset: AnyRuleset;
  readonly events: readonly StoredEvent[];
  readonly sides: readonly string[];
  /** what every page shares: the game, the viewer, the link's base path */
  readonly common: Record<string, unknown>;
}

/**
 * The read-only pages of one game, for whoever holds a signed link (link.ts): the referee, one
 * side (its own view only, as it was shown then), or an observer (what every side sees). Each
 * request reads the log and replays it; nothing here writes.
 */
export class GamePages {
  private readonly renderer: PageRenderer;
  /** by game and head hash, least recently used first */
  private readonly cache = new Map<string, Replayed>();

  constructor(
    private readonly deps: GamePageDeps,
    renderer?: PageRenderer,
  ) {
    this.renderer = renderer ?? new PageRenderer();
  }

  async index(token: string): Promise<PageResponse> {
    return this.with(token, async (o) => {
      const { timeline } = this.replayed(o);
      return this.page('index', { ...o.common, timeline, rulings: rulingsFor(o.events, o.claims.viewer) });
    });
  }

  async step(token: string, n: number): Promise<PageResponse> {
    return this.with(token, async (o) => {
      const replayed = this.replayed(o);
      const { timeline } = replayed;
      const at = stateAfter(o.events, o.ruleset, replayed, n);
      if (!at) return this.refused(404, `This game has no step ${n} in its timeline (it has ${timeline.length}).`);
      const { state, events } = at;
      const { viewer } = o.claims;
      const entry = timeline[n - 1];
      const view = stepPageView(viewAt(state, viewer, o.sides, o.ruleset));
      const title = `${o.ruleset.name} ${o.claims.gameId}, ${entry.title}: the map`;
      const dice = diceLog(o.events, viewer, o.sides).dice.filter((d) => d.seq >= entry.fromSeq && d.seq <= entry.toSeq);
      return this.page('step', {
        ...o.common,
        entry,
        deadline: deadlineInForce(o.events, entry),
        log: viewer === REFEREE_VIEWER ? await this.stepLog(o, events) : null,
        prev: n > 1 ? n - 1 : null,
        following: n < timeline.length ? n + 1 : null,
        story: storyFor(events, viewer, o.sides, o.ruleset),
        dice,
        knowledge: view.knowledge,
        tables: view.tables,
        mapSvg: view.map ? Buffer.from(renderMapSvg(view.map, title), 'utf8').toString('base64') : null,
        mapNote: view.map?.note ?? null,
        mapAlt: `Map of ${o.claims.gameId} after ${entry.title}`,
        next: view.next,
        orders: view.orders,
        standing: view.standing,
        board: JSON.stringify(view.details, null, 1),
      });
    });
  }

  async dice(token: string): Promise<PageResponse> {
    return this.with(token, async (o) => this.page('dice', { ...o.common, log: diceLog(o.events, o.claims.viewer, o.sides) }));
  }

  async mails(token: string): Promise<PageResponse> {
    return this.with(token, async (o) => {
      if (o.claims.viewer !== REFEREE_VIEWER)
        return this.refused(403, "The game's inbound mail is the referee's to read: this link is not the referee's.");
      const mails = [];
      const produced = eventsByMail(o.events, this.replayed(o).timeline, String(o.common.base));
      for (const m of await this.gameMails(o)) {
        const parsed = await parseMail(m.raw).catch(() => null);
        mails.push({
          id: m.id,
          receivedAt: m.receivedAt,
          messageId: m.messageId,
          events: produced.get(m.messageId) ?? [],
          from: parsed?.ok ? parsed.message.from.address : '(unreadable)',
          subject: parsed?.ok ? parsed.message.subject : '',
          status: m.attempts > 1 ? `${m.status} after ${m.attempts} attempts` : m.status,
          result: m.result === null || m.result === undefined ? '' : JSON.stringify(m.result),
        });
      }
      return this.page('mails', { ...o.common, mails });
    });
  }

  /** The referee's log of a step: each event with its time to the second and, when a mail produced it, that mail. */
  private async stepLog(o: Opened, events: readonly StoredEvent[]) {
    const mails = new Map((await this.gameMails(o)).map((m) => [m.messageId, m]));
    return events.map((e) => {
      const mail = mails.get(mailOf(e) ?? '');
      return {
        seq: e.seq,
        at: e.recordedAt,
        type: e.type,
        mail: mail
          ? { id: mail.id, receivedAt: mail.receivedAt, messageId: mail.messageId, href: `${o.common.base}/mails#m${mail.id}` }
          : null,
      };
    });
  }

  /** The game's inbound mail; a fork's starts with its parent's, up to the fork point (the prefix they share). */
  private async gameMails(o: Opened): Promise<readonly GameMail[]> {
    const own = await this.deps.mails(o.claims.gameId);
    const fork = forkPoint(o.events);
    if (!fork) return own;
    const parent = (await this.deps.mails(fork.parentGameId)).filter((m) => m.receivedAt <= fork.until);
    return [...parent, ...own];
  }

  /** The game's timeline and checkpoints, replayed once per head of its log (a few games kept). */
  private replayed(o: Opened): Replayed {
    const head = o.events[o.events.length - 1]?.hash ?? '';
    const key = `${o.claims.gameId} ${head}`;
    let r = this.cache.get(key);
    if (!r) {
      r = replayTimeline(o.events, o.ruleset);
      if (this.cache.size >= CACHED_GAMES) this.cache.delete(this.cache.keys().next().value!);
    } else this.cache.delete(key);
    this.cache.set(key, r);
    return r;
  }

  refused(status: 403 | 404, message: string): PageResponse {
    return { status, html: this.renderer.render('refused', { message }) };
  }

  private page(name: 'index' | 'step' | 'dice' | 'mails', data: object): PageResponse {
    return { status: 200, html: this.renderer.render(name, data) };
  }

  /** Checks the link, loads the game's log, and refuses a viewer the game does not have. */
  private async with(token: string, body: (o: Opened) => Promise<PageResponse>): Promise<PageResponse> {
    const check = verifyPageLink(this.deps.secret, token, (this.deps.clock ?? (() => new Date()))());
    if (!check.ok) return this.refused(403, check.message);
    const { claims } = check;
    const events = await this.deps.events.read(claims.gameId);
    // the log alone says which rules it was played under (a self-played log has no games row)
    const created = payloadOf(events[0], 'GameCreated');
    const rulesetId = created?.rulesetId;
    if (!rulesetId) return this.refused(404, `There is no game ${claims.gameId} on this umpire.`);
    const ruleset = rulesetFor(rulesetId);
    const sides = sidesOf(events);
    if (claims.viewer !== REFEREE_VIEWER && claims.viewer !== OBSERVER_VIEWER && !sides.includes(claims.viewer))
      return this.refused(403, `Game ${claims.gameId} has no side ${claims.viewer}.`);
    // a link ends with its seat (REPLACE) and when the referee revokes it (umpire page-link --revoke)
    const revoked = linkRevocations(events, claims.viewer).find((r) => r.seq > (claims.afterSeq ?? 0));
    if (revoked) return this.refused(403, revoked.message);
    const last = events[events.length - 1];
    const ended = events.some((e) => e.type === 'GameEnded');
    const common = {
      title: `${ruleset.name} ${claims.gameId}`,
      base: `/game/${token}`,
      viewerLabel: claims.viewer === REFEREE_VIEWER ? 'the referee' : claims.viewer === OBSERVER_VIEWER ? 'an observer' : claims.viewer,
      referee: claims.viewer === REFEREE_VIEWER,
      expiresAt: claims.expiresAt,
      game: {
        name: ruleset.name,
        gameId: claims.gameId,
        sides,
        status: ended ? 'over' : 'in play',
        anchor: created?.seedAnchor ?? '',
        headSeq: last?.seq ?? 0,
        headHash: last?.hash ?? '',
      },
    };
    return body({ claims, ruleset, events, sides, common });
  }
}
