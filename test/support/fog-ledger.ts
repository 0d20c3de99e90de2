/**
 * Fog of war as a ledger of facts, for any ruleset (issue 14; reusable by every fog test).
 *
 * A fact is a tuple of strings: `die|12|4` (die #12 shows 4), `order|t2/orders|red|MOVE north`, or
 * a ruleset's own (`tf|Coral Sea|1|J1|unit|Akagi`). Each event states facts, and each fact it states
 * is readable by the viewers the event's visibility allows: the engine's (eventVisibleTo, the step's
 * diceVisibleTo on DieRolled, sealed contents to their side alone, the referee included) and the
 * rules event's own visibleTo. A fact is hidden from a viewer once an event it may not read states
 * it, until an event it may read states it too. The checks take what a viewer is shown (an engine
 * view, narrative lines, dice checks, a rendered report) apart into facts and report each one that
 * is hidden from the viewer at that point. A shown fact may leave fields open (`*`) where the text
 * does not say them: it leaks if some hidden fact fits it and no fact the viewer knows does.
 */
import type { EngineEvent } from '../../src/engine/engine-events';
import type { AnyRuleset } from '../../src/engine/evolve';
import type { RulesEvent, Side } from '../../src/engine/ruleset';
import { eventVisibleTo, type EngineView, type Viewer } from '../../src/engine/views';

export type Fact = readonly string[];
export const ANY = '*';

/** What a ruleset adds: the facts of its events and of what its views hold, and a reader for its sentences. */
export interface RulesetFacts {
  /** one per game: it may keep context between events (the battle a roll belongs to) */
  game(): {
    /** the facts one rules event states (who may read them is the event's visibleTo) */
    event(e: RulesEvent): Fact[];
  };
  /**
   * The facts one object of a view states, wherever it stands: the view is read whole (wholeViewFacts),
   * so a game's matchers find its facts in its board, in the details it keeps beside it (the
   * `position` machine players read, `defaults`) and in its tables alike. `above`: the objects it
   * stands in, outermost (the view) first.
   */
  node(node: Readonly<Record<string, unknown>>, above: readonly unknown[], viewer: Viewer): Fact[];
  /** the facts one line of text states; null if the line is none of the ruleset's sentences about facts it hides */
  line(line: string): Fact[] | null;
  /** lines that speak of something the ruleset hides: each must be read by `line` (a sentence the reader does not know fails) */
  mentionsHidden(line: string): boolean;
}

const key = (f: Fact) => f.join('\u0001');

/** Facts and the viewers who may read them. */
interface Told {
  readonly facts: Fact[];
  readonly to: readonly Viewer[];
}

export class FogLedger {
  private readonly hidden = new Map<Viewer, Map<string, Fact>>();
  private readonly known = new Map<Viewer, Set<string>>();
  private readonly knownFacts = new Map<Viewer, Fact[]>();
  private readonly rules: ReturnType<RulesetFacts['game']>;
  readonly viewers: readonly Viewer[];
  readonly tally = { hiddenFacts: 0, byKind: {} as Record<string, number> };

  constructor(
    readonly ruleset: AnyRuleset,
    private readonly facts: RulesetFacts,
  ) {
    this.viewers = [...ruleset.sides, 'referee'];
    for (const v of this.viewers) {
      this.hidden.set(v, new Map());
      this.known.set(v, new Set());
      this.knownFacts.set(v, []);
    }
    this.rules = facts.game();
  }

  /** Takes in an event; true if it hid from someone a fact other than orders (worth rendering the mails that follow). */
  observe(e: EngineEvent): boolean {
    let hid = false;
    for (const told of this.told(e)) {
      for (const v of this.viewers) {
        const reads = told.to.includes(v);
        for (const f of told.facts) {
          const k = key(f);
          if (reads) {
            if (!this.known.get(v)!.has(k)) {
              this.known.get(v)!.add(k);
              this.knownFacts.get(v)!.push(f);
            }
          } else if (!this.hidden.get(v)!.has(k)) {
            this.hidden.get(v)!.set(k, f);
            this.tally.hiddenFacts++;
            this.tally.byKind[f[0]] = (this.tally.byKind[f[0]] ?? 0) + 1;
            hid ||= f[0] !== 'order';
          }
        }
      }
    }
    return hid || e.type === 'OrdersSubmitted';
  }

  /** The shown facts that are hidden from `viewer` now. */
  leaks(viewer: Viewer, shown: readonly Fact[]): Fact[] {
    const hidden = this.hidden.get(viewer)!;
    const known = this.known.get(viewer)!;
    return shown.filter((f) => {
      if (!f.includes(ANY)) return hidden.has(key(f)) && !known.has(key(f));
      const fits = (g: Fact) => g.length === f.length && f.every((x, i) => x === ANY || x === g[i]);
      return [...hidden.values()].some(fits) && !this.knownFacts.get(viewer)!.some(fits);
    });
  }

  /**
   * The facts an event states, each with who may read it: whom the engine shows the event
   * (eventVisibleTo: dice by their step's diceVisibleTo, rules events by their visibleTo), except
   * sealed contents, which their side alone reads (the referee reads commitments), and the default
   * orders of a public DefaultOrdersApplied, told to their side and the referee only.
   */
  private told(e: EngineEvent): Told[] {
    const r = this.ruleset;
    const orders = (side: Side, stepId: string, list: readonly unknown[]): Fact[] =>
      orderLines(r.formatOrders(list)).map((l) => ['order', stepId, side, l]);
    const to = this.viewers.filter((v) => eventVisibleTo(e, v));
    switch (e.type) {
      case 'DieRolled':
        return [{ facts: [['die', dieKey(e.data.stream, e.data.index), String(e.data.face)]], to }];
      case 'OrdersSubmitted':
      case 'OrdersQueued': {
        // self-play seals with the identity: the plaintext is the sealed form
        const opened = openSelfplaySeal(e.data.sealed);
        return opened ? [{ facts: orders(e.data.side, e.data.stepId, opened), to: [e.data.side] }] : [];
      }
      case 'StandingInstructionsSet':
        return [{ facts: orderLines(e.data.text).map((l) => ['standing', e.data.side, l]), to: [e.data.side] }];
      case 'DefaultOrdersApplied':
        return [{ facts: orders(e.data.side, e.data.stepId, e.data.orders), to: [e.data.side, 'referee'] }];
      case 'OrdersAccepted':
      case 'StandingOrdersApplied':
      case 'OrdersRevealed':
        return [{ facts: orders(e.data.side, e.data.stepId, e.data.orders), to }];
      case 'QueuedOrdersUsed':
        return e.data.opened ? [{ facts: orders(e.data.side, e.data.stepId, e.data.opened.orders), to }] : [];
      case 'RulesApplied':
        return [{ facts: this.rules.event(e.data.event), to }];
      default:
        return [];
    }
  }
}

/** Orders as lines: one order a line, as formatOrders writes them and reports join them with "; ". */
export function orderLines(text: string): string[] {
  return text
    .split(/\n|; /)
    .map((l) => l.trim())
    .filter(Boolean);
}

function openSelfplaySeal(sealed: string): readonly unknown[] | null {
  try {
    const orders = (JSON.parse(sealed) as { orders?: unknown }).orders;
    return Array.isArray(orders) ? orders : null;
  } catch {
    return null;
  }
}

/** A fact a view shows, and where: the path of the field that shows it (`board.position.taskForces.forces[1]`). */
export interface ShownFact {
  readonly fact: Fact;
  readonly path: string;
}

/** A sentence of a view about hidden things that no reader knows, and where. */
export interface UnreadLine {
  readonly line: string;
  readonly path: string;
}

/**
 * The facts of an engine view, read whole: the orders and standing instructions the engine prints,
 * then every field of it as its JSON holds it (what the game pages and the VIEW command serialise):
 * each object is offered to the ruleset's matchers (`node`), each string is read as sentences
 * (`lineFacts`). A hidden fact anywhere (the board, the `position` machine players read, `defaults`,
 * `tables`, a field a game adds tomorrow) is found with its path.
 */
export function viewFacts(view: EngineView, facts: RulesetFacts): { facts: ShownFact[]; unread: UnreadLine[] } {
  const out: ShownFact[] = [];
  const stepId = view.step?.id ?? ANY;
  for (const [side, st] of Object.entries(view.orders)) {
    const path = `orders.${side}`;
    if (st.status === 'accepted' && st.orders !== undefined)
      for (const l of orderLines(st.orders)) out.push({ fact: ['order', stepId, side, l], path });
    // a sealed status holds only its time and commitment; any other field is a way out for its content
    if (st.status === 'sealed' && Object.keys(st).some((k) => !['status', 'receivedAt', 'commitment', 'note'].includes(k)))
      out.push({ fact: ['order', stepId, side, ANY], path });
  }
  for (const [side, text] of Object.entries(view.standing))
    if (!text.includes(', sealed')) for (const l of orderLines(text)) out.push({ fact: ['standing', side, l], path: `standing.${side}` });
  const whole = wholeViewFacts(view, view.viewer, facts);
  return { facts: [...out, ...whole.facts], unread: whole.unread };
}

/** Every fact a value shows anywhere in it, by path: the ruleset's matchers on each object, its sentences in each string. */
export function wholeViewFacts(value: unknown, viewer: Viewer, facts: RulesetFacts): { facts: ShownFact[]; unread: UnreadLine[] } {
  const out: ShownFact[] = [];
  const unread: UnreadLine[] = [];
  const walk = (v: unknown, path: string, above: unknown[]): void => {
    if (typeof v === 'string') {
      const read = stringFacts(v, facts);
      for (const fact of read.facts) out.push({ fact, path });
      for (const line of read.unread) unread.push({ line, path });
    } else if (Array.isArray(v)) {
      for (const [i, x] of v.entries()) walk(x, `${path}[${i}]`, above);
    } else if (v !== null && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      for (const fact of facts.node(o, above, viewer)) out.push({ fact, path: path || '(the view)' });
      const inner = [...above, o];
      for (const [k, x] of Object.entries(o)) walk(x, path ? `${path}.${k}` : k, inner);
    }
  };
  // as it is serialised (pages and the VIEW command show its JSON): what JSON leaves out is shown nowhere
  walk(JSON.parse(JSON.stringify(value ?? null)), '', []);
  return { facts: out, unread };
}

/** The facts of one string of a view, remembered: a view repeats the same strings (names, areas) at every check. */
const readStrings = new WeakMap<RulesetFacts, Map<string, { facts: Fact[]; unread: string[] }>>();
function stringFacts(text: string, facts: RulesetFacts): { facts: Fact[]; unread: string[] } {
  let memo = readStrings.get(facts);
  if (!memo || memo.size > 200_000) readStrings.set(facts, (memo = new Map()));
  let read = memo.get(text);
  if (!read) memo.set(text, (read = lineFacts(text.split('\n'), facts)));
  return read;
}

/** The engine's own sentences (views.ts narrateEngineEvent) that state facts: dice and orders. */
const ENGINE_LINES: readonly [RegExp, (m: RegExpMatchArray) => Fact[]][] = [
  [/^Die #(\d+)(?: \(private to ([^)]+)\))?: \[(\d+)\]/, (m) => [['die', dieKey(privateStream(m[2]), m[1]), m[3]]]],
  [/^die #(\d+): \[(\d+)\]/, (m) => [['die', m[1], m[2]]]],
  [/^die (\d+)(?: of stream (\S+))? = (\d+)(?: \(d\d+\))?:/, (m) => [['die', dieKey(m[2], m[1]), m[3]]]],
  [/^(\S+): orders for (\S+) received at \S+: (.+)$/, (m) => ordersOf(m[1], m[2], m[3])],
  [/^(\S+) orders for (\S+) revealed \(salt \S+\): (.+)$/, (m) => ordersOf(m[1], m[2], m[3])],
  [/^(\S+) sent no orders for (\S+) by the deadline; default orders apply: (.+)$/, (m) => ordersOf(m[1], m[2], m[3])],
  [/^(\S+): the orders queued for (\S+) stand: (.+)$/, (m) => ordersOf(m[1], m[2], m[3])],
  [/^(\S+): standing instructions answer (\S+): (.+)$/, (m) => ordersOf(m[1], m[2], m[3])],
  [/^(\S+): standing instructions set: (.+)$/, (m) => orderLines(m[2]).map((l) => ['standing', m[1], l])],
];

/** A die's name in the facts: its index, after its private stream when it has one (docs/audit.md "Private dice"). */
export const dieKey = (stream: string | undefined, index: number | string): string =>
  stream === undefined ? String(index) : `${stream}#${index}`;

/** The stream a narrative's "(private to red, blue)" or "(private to the referee)" names. */
const privateStream = (to: string | undefined): string | undefined =>
  to === undefined ? undefined : `private:${to === 'the referee' ? '' : to.split(', ').join(',')}`;

const ordersOf = (side: string, stepId: string, text: string): Fact[] => orderLines(text).map((l) => ['order', stepId, side, l]);

/** Lines the engine writes about dice: each must be read (a die line in another shape fails). */
const ENGINE_MENTIONS = /^die #?\d+/i;
/** A line none of the engine's sentences can be (most are not): skipped at once. */
const ENGINE_WORDS = /^die|orders|standing/i;

/** The facts of lines of text (narrative, knowledge, a rendered report), and the lines that speak of hidden things but say no fact the readers know. */
export function lineFacts(lines: readonly string[], facts: RulesetFacts): { facts: Fact[]; unread: string[] } {
  const out: Fact[] = [];
  const unread: string[] = [];
  for (const raw of lines) {
    const line = raw.replace(/^\s*(- )?/, '').trimEnd();
    if (!line) continue;
    let read = false;
    if (ENGINE_WORDS.test(line))
      for (const [re, f] of ENGINE_LINES) {
        const m = line.match(re);
        if (m) {
          out.push(...f(m));
          read = true;
          break;
        }
      }
    const own = facts.line(line);
    if (own) {
      out.push(...own);
      read = true;
    }
    if (!read && (ENGINE_MENTIONS.test(line) || facts.mentionsHidden(line))) unread.push(line);
  }
  return { facts: out, unread };
}
