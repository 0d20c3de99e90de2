/**
 * The game the mail samples come from (mail-samples.ts), for any game with a demo: created with a
 * referee, its first side answering the welcome's card with one mail (a greeting set aside, every
 * section the card offers, one standing instruction changed), the next side's mail with an
 * unreadable line and an illegal order (one refusal), then one with a FOR section that cannot work
 * on the board its earlier orders leave, HELP and STATUS, a reminder, a deadline passing (the late
 * side's notice, then the defaults), and the game played to its end by machine seats. Every order
 * is drawn from the game's own machinery (the answer card's ready reply, its random player), never
 * written per game.
 */
import { readSection } from '../engine/arrival';
import { whoIsAwaited } from '../engine/game';
import { seededRng } from '../engine/random-player';
import type { Side, StepInfo } from '../engine/ruleset';
import { readyReply } from '../services/answer-card';
import type { Services } from '../services/container';
import type { LoadedGame } from '../services/game-repository';
import { deadlineOf } from '../services/service-state';
import { welcomeGuide } from '../services/welcome-guide';
import type { OutboxRow } from '../store/outbox';
import type { DemoGame } from './games';

export interface Sample {
  /** the file name's tail: `welcome-japanese` */
  readonly label: string;
  /** what it shows, for the index */
  readonly what: string;
  readonly row: OutboxRow;
}

const REFEREE = 'referee@club.example';

export async function playSamples(s: Services, clock: { now: Date }, demo: DemoGame): Promise<Sample[]> {
  const gameId = `G-sample-${demo.ruleset}`.slice(0, 40);
  const address = (side: Side) => `${demo.players.find((p) => p.side === side)?.user ?? side}@players.example`;
  const samples: Sample[] = [];
  let lastRow = 0;
  let n = 0;
  const apply = async (kind: string, payload: unknown) => {
    await s.bus.submit(gameId, `sample:${n++}`, kind, payload);
    await s.inbox.drain(gameId, s.bus.apply, 1000, (c, e) => s.gameService.commandFailed(c, e));
  };
  const fresh = async () => {
    const rows = (await s.outbox.byGame(gameId)).filter((r) => Number(r.id) > lastRow);
    lastRow = Math.max(lastRow, ...rows.map((r) => Number(r.id)));
    if (process.env.MAILS_DEBUG)
      for (const r of rows)
        process.stdout.write(`  ${r.kind} ${r.recipient}: ${r.payload.subject}\n${r.kind === 'rejection' ? r.payload.text : ''}`);
    return rows;
  };
  const keep = (rows: readonly OutboxRow[], kind: string, label: string, what: string, to?: string) => {
    const row = rows.find((r) => r.kind === kind && (!to || r.recipient === to));
    if (row) samples.push({ label, what, row });
    return row;
  };
  const sideOf = (row: OutboxRow) => demo.players.find((p) => address(p.side) === row.recipient)?.side ?? 'referee';
  const mail = async (side: Side, body: string) => {
    const reply = s.composer.replyAddressFor(gameId, side, address(side));
    const raw = Buffer.from(
      [`From: ${address(side)}`, `To: ${reply}`, 'Subject: Re: orders', `Message-ID: <sample-${n++}@players.example>`, '', body, ''].join(
        '\r\n',
      ),
    );
    await s.ingest.ingest((await s.inbound.receive('samples', raw)).id);
    await s.inbox.drain(gameId, s.bus.apply, 1000, (c, e) => s.gameService.commandFailed(c, e));
  };
  const load = () => s.games.load(gameId);
  const awaited = async () => {
    const g = await load();
    return { g, side: whoIsAwaited(g.state, g.ruleset)[0] ?? null };
  };
  const reports = (rows: readonly OutboxRow[], why: string) => {
    for (const r of rows.filter((x) => x.kind === 'report' && x.recipient !== REFEREE)) {
      const tag = /^ACTION/.test(r.payload.subject) ? 'action' : 'fyi';
      if (!samples.some((x) => x.label === `report-${tag}-${sideOf(r)}`))
        samples.push({ label: `report-${tag}-${sideOf(r)}`, what: `a report (${tag.toUpperCase()}) ${why}`, row: r });
    }
  };

  await apply('game.create', {
    gameId,
    ruleset: demo.ruleset,
    sides: demo.players.map((p) => ({ side: p.side, player: { address: address(p.side) } })),
    referee: REFEREE,
  });
  const welcomes = await fresh();
  for (const p of demo.players) keep(welcomes, 'welcome', `welcome-${p.side}`, `the welcome of ${p.side}`, address(p.side));
  keep(welcomes, 'welcome', 'welcome-referee', "the referee's welcome", REFEREE);

  // the first side: an unreadable line and an illegal order in one mail (one refusal), then a mail
  // whose FOR section cannot work on the board its earlier orders leave (that section refused as it arrives)
  const first = await awaited();
  if (first.side) {
    const example = replyLines(first.g, first.side).filter((l) => !/^FOR /i.test(l));
    const bad = [example[0] ?? '', unreadable(first.g, first.side, example[0] ?? 'MOVE'), illegal(first.g, first.side)].filter(Boolean);
    await mail(first.side, bad.join('\n'));
    keep(
      await fresh(),
      'rejection',
      `refusal-${first.side}`,
      'a refusal naming every problem at once: a line that cannot be read, an illegal order (an order for a later step told to use FOR)',
    );
    const ahead = sectionThatCannotWork(first.g, first.side);
    await mail(first.side, (ahead ?? replyLines(first.g, first.side)).join('\n'));
    const rows = await fresh();
    if (ahead)
      keep(
        rows,
        'ack',
        `ack-refused-ahead-${first.side}`,
        'an acknowledgment refusing a FOR section as it arrives (the rest of the mail taken)',
      );
    reports(rows, 'after the first orders');
  }

  // the next side answers its card in one mail: a greeting, every section offered, one standing change
  const next = await awaited();
  if (next.side) {
    const change = welcomeGuide(next.g, next.side).change?.line;
    const body = ['Hello umpire,', '', ...replyLines(next.g, next.side), ...(change ? [change] : [])].join('\n');
    await mail(next.side, body);
    const rows = await fresh();
    keep(
      rows,
      'ack',
      `ack-${next.side}`,
      `the acknowledgment of a mail answering every section of the card, a standing instruction changed, a greeting set aside`,
    );
    reports(rows, 'after a step resolved');
  }

  const asker = (await awaited()).side ?? demo.players[0].side;
  await mail(asker, 'HELP');
  keep(await fresh(), 'help', `help-${asker}`, 'HELP: the card of the step at hand and the commands');
  await mail(asker, 'STATUS');
  keep(await fresh(), 'status', `status-${asker}`, 'STATUS: the step, its deadline, who is awaited');

  // a reminder, then the deadline passes: the late side is told in the second person, then the defaults apply
  const late = await awaited();
  const set = deadlineOf(late.g.service, late.g.state.step?.id);
  if (late.side && set) {
    await apply('game.remind', { gameId, stepId: set.stepId });
    keep(await fresh(), 'reminder', `reminder-${late.side}`, 'a reminder before the deadline, with the card');
    clock.now = new Date(Date.parse(set.at) + 60_000);
    await apply('game.deadline', { gameId, stepId: set.stepId });
    const rows = await fresh();
    keep(
      rows,
      'reminder',
      `late-${late.side}`,
      'the late side: its orders are late, still taken until the grace ends (ACTION, with its card)',
      address(late.side),
    );
    const other = demo.players.find((p) => p.side !== late.side);
    if (other) keep(rows, 'deadline', `late-fyi-${other.side}`, 'the other sides: who is late (FYI)', address(other.side));
    clock.now = new Date(Date.parse(set.graceUntil ?? set.at) + 60_000);
    await apply('game.deadline', { gameId, stepId: set.stepId });
    reports(await fresh(), 'after a deadline');
  }

  // the sides play the game to its end, each answering its card with the ready reply; the referee's
  // FORCE moves a step on when a mail changes nothing: the final mails
  for (let i = 0; i < 2000; i++) {
    const { g, side } = await awaited();
    if (!g.state.step) break;
    const before = g.head.version;
    if (side) await mail(side, replyLines(g, side).join('\n') || 'STAY');
    if ((await load()).head.version === before) await apply('game.force', { gameId, replyTo: REFEREE });
    const rows = await fresh();
    if (!samples.some((x) => x.label.startsWith('ack-plain')))
      for (const r of rows.filter((x) => x.kind === 'ack'))
        samples.push({ label: `ack-plain-${sideOf(r)}`, what: 'a short acknowledgment', row: r });
    reports(
      rows.filter((r) => !/^GAME OVER/.test(r.payload.subject)),
      'during play',
    );
    for (const p of demo.players)
      keep(
        rows.filter((r) => /^GAME OVER/.test(r.payload.subject)),
        'report',
        `final-${p.side}`,
        `the final mail of ${p.side}`,
        address(p.side),
      );
  }
  return samples;
}

/** The card's ready reply as the side would send it: the step in play, then each FOR section. */
function replyLines(game: LoadedGame, side: Side): string[] {
  return readyReply(game, side).flatMap((s) => [...(s.forWord ? [`FOR ${s.forWord}`] : []), ...s.example]);
}

/** A line the step in play cannot read: an order word with a name the game does not know. */
function unreadable(game: LoadedGame, side: Side, like: string): string {
  const step = game.state.step!;
  for (const line of [`${like.split(/\s+/)[0]} XYZZY`, `${like.split(/\s+/).slice(0, 2).join(' ')} XYZZY`, 'XYZZY']) {
    const read = game.ruleset.parseOrders(game.state.rules, side, line, step);
    if (!read.ok) return line;
  }
  return '';
}

/** A line the step in play reads but the rules refuse there: an order the game's random player writes for another step or side. */
function illegal(game: LoadedGame, side: Side): string {
  const step = game.state.step!;
  const ruleset = game.ruleset;
  const steps: StepInfo[] = [step, ...(ruleset.upcomingSteps?.(game.state.rules) ?? [])];
  for (const [i, st] of steps.entries())
    for (const x of ruleset.sides) {
      const text = ruleset.formatOrders(ruleset.randomOrders(game.state.rules, x, st, seededRng(`illegal|${i}|${x}`)));
      for (const line of text.split('\n').filter((l) => l.trim())) {
        const read = readSection(ruleset, game.state.rules, side, line, step, true);
        const parses = ruleset.parseOrders(game.state.rules, side, line, step).ok;
        if (parses && !read.ok) return line;
      }
    }
  return '';
}

/** The step in play's orders and a FOR section that reads but cannot work on the board they leave; null when none is found. */
function sectionThatCannotWork(game: LoadedGame, side: Side): string[] | null {
  const ruleset = game.ruleset;
  const [now, ...later] = readyReply(game, side);
  if (!now || !ruleset.boardAfter) return null;
  const rules = game.state.rules;
  const parsed = ruleset.parseOrders(rules, side, now.example.join('\n'), now.step);
  if (!parsed.ok) return null;
  const board = ruleset.boardAfter(rules, side, now.step, parsed.orders);
  for (const target of later)
    for (let k = 0; k < 60; k++) {
      const text = ruleset.formatOrders(ruleset.randomOrders(rules, side, target.step, seededRng(`ahead|${k}`)));
      if (readSection(ruleset, rules, side, text, target.step, true).ok && !readSection(ruleset, board, side, text, target.step, true).ok)
        return [...now.example, `FOR ${target.forWord}`, ...text.split('\n').filter((l) => l.trim())];
    }
  return null;
}
