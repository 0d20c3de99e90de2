/**
 * What the welcome tells a newcomer (issue 28), for any game on the contract: the standing
 * instructions in force for the reader (each with what it decides and how to be asked instead),
 * the turn step by step with who is asked at each (the game's step table: a step its standing
 * instructions answer is not asked), and a first mail ready to edit and send: the orders asked now
 * with the reader's own units, each later step of the turn under its FOR line, and how to change
 * one standing instruction.
 */
import type { DefinedRuleset, StepRow } from '../engine/define';
import { laterAsked } from '../engine/asked';
import type { Side, StandingKind } from '../engine/ruleset';
import { seededRng } from '../engine/random-player';
import { kindOfLine } from '../engine/standing';
import { readyReply } from './answer-card';
import type { LoadedGame } from './game-repository';
import type { WelcomeGuide } from '../mail/notices';

type Rows = Pick<DefinedRuleset<unknown, unknown, unknown>, 'steps'>;

export function welcomeGuide(game: LoadedGame, side: Side | 'referee'): WelcomeGuide {
  const kinds = game.ruleset.standingKinds ?? [];
  const rows = (game.ruleset as Partial<Rows>).steps?.rows ?? [];
  const text = side === 'referee' ? '' : (game.state.standing[side]?.text ?? '');
  const lines = text.split('\n').filter((l) => l.trim());
  const inForce = new Set(lines.map((l) => kindOfLine(kinds, l)?.word).filter(Boolean));
  // each line under a comment saying what it decides: both lines copy as they stand
  const standing = lines.flatMap((l) => {
    const k = kindOfLine(kinds, l);
    return k ? [`# ${describe(k)}`, l.trim()] : [l.trim()];
  });
  // kinds that may ask this reader and no instruction answers
  const mayAsk = (k: StandingKind) => rows.some((r) => r.standing?.includes(k) && (r.sides ?? game.ruleset.sides).includes(side));
  const asked =
    side === 'referee'
      ? []
      : kinds
          .filter((k) => !inForce.has(k.word) && mayAsk(k))
          .map((k) => `${describe(k)}${k.example ? `; STANDING ${k.example} answers it` : ''}`);
  // the example of a change: from the row with the most kinds of decision (a battle's), else any
  const byDecisions = [...rows].sort((a, b) => (b.standing?.length ?? 0) - (a.standing?.length ?? 0)).flatMap((r) => r.standing ?? []);
  const changeable = [...byDecisions, ...kinds].find((k) => k.example && inForce.has(k.word));
  return {
    standing,
    asked,
    ...(changeable ? { change: { line: `STANDING ${changeable.example}`, word: changeable.word } } : {}),
    outline: outline(game, side, inForce),
    starter: side === 'referee' ? [] : starter(game, side),
  };
}

/** `RETREAT: retreat or stay after a round of battle (8.1)`: the kind's word, then what it decides. */
function describe(k: StandingKind): string {
  return `${k.word}: ${k.title}${k.rule ? ` (${k.rule})` : ''}`;
}

/** The game's steps in the rulebook's order, each with who is asked there: the reader, or what answers for it. */
function outline(game: LoadedGame, side: Side | 'referee', inForce: ReadonlySet<unknown>): string[] {
  const rows = (game.ruleset as Partial<Rows>).steps?.rows ?? [];
  const options = game.state.game?.options ?? {};
  const seated = game.state.game?.sides.map((s) => s.side) ?? game.ruleset.sides;
  return rows
    .filter((r) => r.owes !== 'none' && (r.option === undefined || options[r.option] === true))
    .map((r) => `${r.title} (${r.rule})${r.only ? `, ${r.only}` : ''}: ${whoIsAsked(r, side, seated, inForce)}.`);
}

function whoIsAsked(row: StepRow, side: Side | 'referee', seated: readonly Side[], inForce: ReadonlySet<unknown>): string {
  if (row.owes === 'system') return 'the umpire plays it';
  const sides = (row.sides ?? seated).filter((s) => seated.includes(s));
  const together = row.owes === 'several' ? 'at once' : sides.length > 1 ? 'each in turn' : '';
  if (side === 'referee' || !sides.includes(side)) return `${sides.join(' and ')}${together ? ` ${together}` : ''} (not you)`;
  const others = sides.filter((s) => s !== side);
  const also = others.length ? ` (and ${others.join(', ')}${together ? `, ${together}` : ''})` : '';
  const kinds = row.standing ?? [];
  const answered = kinds.filter((k) => inForce.has(k.word)).map((k) => k.word);
  if (kinds.length && answered.length === kinds.length)
    return `not asked: your standing instructions answer it (${answered.join(', ')})${row.for ? `; orders under FOR ${row.for} come first` : ''}${also}`;
  if (answered.length) return `you are asked only what your standing instructions (${answered.join(', ')}) leave open${also}`;
  return `you are asked${row.for ? `, or send it ahead under FOR ${row.for}` : ''}${also}`;
}

/** The reader's first mail: the orders asked now (each later step under its FOR line), else one FOR example. */
function starter(game: LoadedGame, side: Side): string[] {
  const now = readyReply(game, side);
  if (now.length) return now.flatMap((s) => [...(s.forWord ? [`FOR ${s.forWord}`] : []), ...s.example]);
  const first = laterAsked(game.state, game.ruleset, side).find((a) => a.forWord);
  if (!first) return [];
  const example = game.ruleset.formatOrders(
    game.ruleset.randomOrders(game.state.rules, side, first.step, seeded(game, first.step.id, side)),
  );
  return [`FOR ${first.forWord}`, ...example.split('\n').filter((l) => l.trim())];
}

/** The same example the card gives when the step comes. */
function seeded(game: LoadedGame, stepId: string, side: Side) {
  return seededRng(`${game.gameId}|${stepId}|${side}|card`);
}
