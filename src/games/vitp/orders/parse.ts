/**
 * The order syntax players write by hand: one order per line, any case. Each line is read on its
 * own; every bad line gets its own LineError with the fix. See help.ts for the reference card.
 */
import type { LineError, ParseResult } from '../../../engine/ruleset';
import type { Answer, Decision } from '../combat/api';
import { nextDecision } from '../combat/api';
import type { Order, Phase, VitpState } from '../types';
import { slug } from '../world';
import { matchArea, matchPlace, matchUnit, splitList, type Match } from './names';

type Line = { line: number; text: string };
type Out = Order | LineError;

const bad = (l: Line, problem: string, hint?: string, rule?: string): LineError => ({
  line: l.line,
  text: l.text,
  problem,
  hint,
  rule,
});

export function currentDecision(s: VitpState): Decision | null {
  return s.phase.k === 'battle' && s.battle ? nextDecision(s.battle.battle) : null;
}

export function parseOrderText(s: VitpState, text: string): ParseResult<Order> {
  const orders: Order[] = [];
  const errors: LineError[] = [];
  let signed = false;
  // the decision waited for is the same for every line of the text: asked of the battle once
  let decision: Decision | null | undefined;
  text.split(/\r?\n/).forEach((raw, i) => {
    // a mail signature ("-- " line) ends the orders; quoted lines (">") are the umpire's own words
    if (/^--\s*$/.test(raw)) signed = true;
    const body = raw.replace(/#.*$/, '').trim();
    if (signed || !body || body.startsWith('>')) return;
    if (decision === undefined) decision = currentDecision(s);
    const out = parseLine(s, s.phase, decision, { line: i + 1, text: raw.trim() }, body);
    if ('problem' in out) errors.push(out);
    else orders.push(out);
  });
  return errors.length ? { ok: false, errors, orders } : { ok: true, orders };
}

function units(s: VitpState, l: Line, list: string): string[] | LineError {
  const ids: string[] = [];
  for (const name of splitList(list)) {
    const m = matchUnit(s, name);
    if (!m.ok) return bad(l, m.problem, m.hint);
    ids.push(m.value.id);
  }
  return ids.length ? ids : bad(l, 'no units named', 'name one or more units, separated by commas');
}

const area = (s: VitpState, l: Line, w: string): string | LineError => fromMatch(l, matchArea(s, w));
const place = (s: VitpState, l: Line, w: string): string | LineError => fromMatch(l, matchPlace(s, w));
function fromMatch<T>(l: Line, m: Match<T>): T | LineError {
  return m.ok ? m.value : bad(l, m.problem, m.hint);
}
const isErr = (x: unknown): x is LineError => typeof x === 'object' && x !== null && 'problem' in x;

const MOVE_MODE: Record<string, 'patrol' | 'raid' | 'amph'> = {
  patrol: 'patrol',
  raid: 'raid',
  amphib: 'amph',
  amphibious: 'amph',
};

function parseLine(s: VitpState, ph: Phase, d: Decision | null, l: Line, body: string): Out {
  const t = body.replace(/\s+/g, ' ');
  let m: RegExpMatchArray | null;
  if (d && !(/^stay$/i.test(t) && d.kind !== 'retreat')) return parseAnswer(s, d, l, t);
  if (/^(stay|pass|none|no moves?)$/i.test(t))
    return ph.k === 'lba'
      ? { line: l.line, text: l.text, t: 'lba-done' }
      : ph.k === 'pearl-stay'
        ? { line: l.line, text: l.text, t: 'pearl', choice: 'stay' }
        : ph.k === 'pearl-sortie'
          ? { line: l.line, text: l.text, t: 'hi-retreat', retreat: false }
          : { line: l.line, text: l.text, t: 'stay' };
  if ((m = t.match(/^raid force (.+)$/i))) {
    const ids = units(s, l, m[1]);
    return isErr(ids) ? ids : { line: l.line, text: l.text, t: 'raid-force', units: ids };
  }
  if ((m = t.match(/^(?:task ?force|tf) (.+?)(?: (attack|attacking|attacks|hold|holding))?$/i))) {
    const ids = units(s, l, m[1]);
    return isErr(ids) ? ids : { line: l.line, text: l.text, t: 'task-force', units: ids, attacking: /^attack/i.test(m[2] ?? '') };
  }
  if ((m = t.match(/^invading (.+)$/i))) {
    const ids = units(s, l, m[1]);
    return isErr(ids) ? ids : { line: l.line, text: l.text, t: 'invading', units: ids };
  }
  if ((m = t.match(/^raiders (.+)$/i))) {
    const ids = units(s, l, m[1]);
    return isErr(ids) ? ids : { line: l.line, text: l.text, t: 'raiders', units: ids };
  }
  if ((m = t.match(/^(patrol|raid|move|amphib|amphibious) (.+?) to (.+?)(?: via (.+))?$/i))) {
    const mode = MOVE_MODE[m[1].toLowerCase()] ?? (ph.k === 'raiders' ? 'raid' : ph.k === 'amph' ? 'amph' : 'patrol');
    const ids = units(s, l, m[2]);
    if (isErr(ids)) return ids;
    const to = area(s, l, m[3]);
    if (isErr(to)) return to;
    const via = m[4] ? area(s, l, m[4]) : null;
    if (isErr(via)) return via;
    return { line: l.line, text: l.text, t: 'move', mode, units: ids, to, via };
  }
  if ((m = t.match(/^(?:rebuild (.+?)|repair (.+?) air)(?: (\d+))?(?: (?:at|in) (.+))?$/i))) {
    const u = fromMatch(l, matchUnit(s, m[1] ?? m[2]));
    if (isErr(u)) return u;
    const at = m[4] ? place(s, l, m[4]) : null;
    return isErr(at) ? at : { line: l.line, text: l.text, t: 'rebuild', unit: u.id, points: m[3] ? Number(m[3]) : null, at };
  }
  if ((m = t.match(/^repair (.+?)(?: (\d+))?$/i))) {
    const u = fromMatch(l, matchUnit(s, m[1]));
    if (isErr(u)) return u;
    return { line: l.line, text: l.text, t: 'repair', unit: u.id, points: m[2] ? Number(m[2]) : Math.max(1, u.damage) };
  }
  if ((m = t.match(/^substitute (.+?) for (.+)$/i))) {
    const u = fromMatch(l, matchUnit(s, m[1]));
    if (isErr(u)) return u;
    const listed = fromMatch(l, matchUnit(s, m[2]));
    return isErr(listed) ? listed : { line: l.line, text: l.text, t: 'substitute', unit: u.id, for: listed.id };
  }
  if ((m = t.match(/^base (.+?) (?:at|to|in) (.+)$/i))) {
    const u = fromMatch(l, matchUnit(s, m[1]));
    if (isErr(u)) return u;
    const at = place(s, l, m[2]);
    return isErr(at) ? at : { line: l.line, text: l.text, t: 'base', unit: u.id, at };
  }
  if (/^lba (done|stop|no more|none)$/i.test(t)) return { line: l.line, text: l.text, t: 'lba-done' };
  if ((m = t.match(/^(?:lba|air) (.+?) (?:to|over) (.+)$/i))) {
    const u = fromMatch(l, matchUnit(s, m[1]));
    if (isErr(u)) return u;
    const to = area(s, l, m[2]);
    return isErr(to) ? to : { line: l.line, text: l.text, t: 'lba', unit: u.id, to };
  }
  if ((m = t.match(/^(?:sub|submarine) (.+?) to (.+)$/i))) {
    const u = fromMatch(l, matchUnit(s, m[1]));
    if (isErr(u)) return u;
    const to = area(s, l, m[2]);
    return isErr(to) ? to : { line: l.line, text: l.text, t: 'sub', unit: u.id, to };
  }
  if ((m = t.match(/^(?:battle|fight|combat)(?: in| at)? (.+)$/i))) {
    const a = area(s, l, m[1]);
    return isErr(a) ? a : { line: l.line, text: l.text, t: 'pick', area: a };
  }
  if ((m = t.match(/^(?:invade|land) (.+?) (?:at|on) (.+)$/i))) {
    const ids = units(s, l, m[1]);
    if (isErr(ids)) return ids;
    const at = place(s, l, m[2]);
    return isErr(at) ? at : { line: l.line, text: l.text, t: 'invade', units: ids, at };
  }
  if ((m = t.match(/^return (.+?) to (.+)$/i))) {
    const ids = /^all$/i.test(m[1]) ? 'all' : units(s, l, m[1]);
    if (isErr(ids)) return ids;
    const to = place(s, l, m[2]);
    return isErr(to) ? to : { line: l.line, text: l.text, t: 'return', units: ids, to };
  }
  if (/^withdraw$/i.test(t)) return { line: l.line, text: l.text, t: 'pearl', choice: 'withdraw' };
  if ((m = t.match(/^sortie (.+)$/i))) {
    if (/^none$/i.test(m[1])) return { line: l.line, text: l.text, t: 'sortie', units: [] };
    const ids = /^all$/i.test(m[1]) ? 'all' : units(s, l, m[1]);
    return isErr(ids) ? ids : { line: l.line, text: l.text, t: 'sortie', units: ids };
  }
  if (/^retreat$/i.test(t)) return { line: l.line, text: l.text, t: 'hi-retreat', retreat: true };
  if ((m = t.match(/^target (.+?) at (.+)$/i))) return parseTargets(s, l, m[1], m[2], null);
  return bad(l, 'not an order I know', hintFor(ph));
}

function hintFor(ph: Phase): string {
  switch (ph.k) {
    case 'raid-force':
      return 'RAID FORCE <ships>   or   STAY';
    case 'removals':
      return 'SUBSTITUTE <British ship> FOR <listed ship>   or   STAY for the default';
    case 'patrol':
      return 'PATROL <ships> TO <sea area> [VIA <sea area>]   RAIDERS <ships>   REPAIR <ship> <points>   REBUILD <carrier or air unit> [<points>] [AT <port>]   STAY';
    case 'lba':
      return 'LBA <air unit> TO <sea area>   or   LBA DONE';
    case 'amph':
      return 'MOVE <amphibious units> TO <sea area> [VIA <sea area>]   or   STAY';
    case 'raiders':
      return 'RAID <ships> TO <sea area> [VIA <sea area>]   or   STAY';
    case 'sub':
      return 'SUB <submarine> TO <sea area>   or   STAY';
    case 'pick-battle':
      return 'BATTLE <sea area>';
    case 'pearl-stay':
      return 'STAY   or   WITHDRAW';
    case 'pearl-sortie':
      return 'SORTIE <units> | SORTIE ALL | SORTIE NONE, and RETREAT or STAY';
    case 'surprise':
      return 'TARGET <attackers> AT <target>';
    case 'invade':
      return 'INVADE <amphibious units> AT <base>   or   STAY';
    case 'return':
      return 'RETURN <units> TO <port or base>   or   RETURN ALL TO <port>';
    case 'task-forces':
      return 'TASK FORCE <units> [ATTACK]   one line per task force; INVADING <amphibious units>; or STAY';
    default:
      return 'send HELP for the order card';
  }
}

function parseTargets(s: VitpState, l: Line, who: string, at: string, d: Decision | null): Out {
  const target = fromMatch(l, matchUnit(s, at));
  if (isErr(target)) return target;
  let attackers: string[];
  if (/^all$/i.test(who)) {
    attackers =
      d && d.kind === 'targets'
        ? d.attackers.map((a) => a.attacker.id)
        : s.phase.k === 'surprise'
          ? s.units
              .filter((u) => u.side === 'japanese' && u.loc.at === 'sea' && u.loc.area === 'Indonesia' && u.airstrike > 0)
              .map((u) => u.id)
          : [];
  } else {
    const ids = units(s, l, who);
    if (isErr(ids)) return ids;
    attackers = ids;
  }
  return {
    line: l.line,
    text: l.text,
    t: 'answer',
    answer: { kind: 'targets', fire: Object.fromEntries(attackers.map((a) => [a, target.id])) },
  };
}

/** A reply to the battle decision at hand (combat/api.ts Answer kinds). */
function parseAnswer(s: VitpState, d: Decision, l: Line, t: string): Out {
  const ans = (answer: Answer): Order => ({ line: l.line, text: l.text, t: 'answer', answer });
  let m: RegExpMatchArray | null;
  // a fleeing group by its id (g1) or by a unit in it ("PURSUE Nagato WITH Chicago"), else a port or base
  const groupOrPort = (w: string): string | LineError => {
    if (/^g\d+$/i.test(w)) return w.toLowerCase();
    const groups = 'groups' in d ? d.groups : [];
    const u = matchUnit(s, w);
    const group = u.ok ? groups.find((g) => g.units.some((x) => x.id === u.value.id)) : undefined;
    if (group) return group.id;
    const p = place(s, l, w);
    return isErr(p) ? p : slugPlace(p);
  };
  switch (d.kind) {
    case 'day-night':
      if (/^(day|night)$/i.test(t)) return ans({ kind: 'day-night', choice: t.toLowerCase() as 'day' | 'night' });
      return bad(l, 'answer DAY or NIGHT', 'DAY or NIGHT', '7.3');
    case 'night-carriers':
    case 'kamikaze-carriers': {
      m = t.match(/^(?:carriers(?: fire)?|kamikaze) (.+)$/i);
      if (!m)
        return bad(
          l,
          `name the carriers: ${d.kind === 'night-carriers' ? 'CARRIERS FIRE <carriers> | CARRIERS NONE | CARRIERS ALL' : 'KAMIKAZE <carriers> | KAMIKAZE NONE'}`,
          undefined,
          d.rule,
        );
      const all = d.carriers.map((c) => c.id);
      const ids = /^none$/i.test(m[1]) ? [] : /^all$/i.test(m[1]) ? all : units(s, l, m[1]);
      return isErr(ids) ? ids : ans({ kind: d.kind, carriers: ids });
    }
    case 'targets':
      if (/^targets? default$/i.test(t)) return ans(d.defaults[d.owes[0]] as Answer);
      // nobody fires this action (with rule 23, every airstrike then defends, 23.3)
      if (/^(targets? none|hold fire)$/i.test(t)) return ans({ kind: 'targets', fire: {} });
      if ((m = t.match(/^target (.+?) at (.+)$/i))) return parseTargets(s, l, m[1], m[2], d);
      return bad(l, 'name targets: TARGET <attackers|ALL> AT <target>, one line per target', 'or TARGETS DEFAULT', '7.4');
    case 'submarine':
      if (/^sub(marine)? (wait|hold|none)$/i.test(t)) return ans({ kind: 'submarine', target: null });
      if ((m = t.match(/^sub(?:marine)? attack (.+)$/i))) {
        const u = fromMatch(l, matchUnit(s, m[1]));
        return isErr(u) ? u : ans({ kind: 'submarine', target: u.id });
      }
      return bad(l, 'SUB ATTACK <target> or SUB WAIT', undefined, '7.91');
    case 'retreat':
      if (/^stay$/i.test(t)) return ans({ kind: 'retreat', retreat: false });
      if (/^retreat together$/i.test(t))
        return ans({
          kind: 'retreat',
          retreat: true,
          groups: d.units.length ? [d.units.map((u) => u.id)] : [],
        });
      if (/^retreat$/i.test(t)) return ans({ kind: 'retreat', retreat: true, groups: bySpeed(d) });
      if ((m = t.match(/^retreat (.+)$/i))) {
        const groups: string[][] = [];
        for (const part of m[1].split('/')) {
          const ids = units(s, l, part);
          if (isErr(ids)) return ids;
          groups.push(ids);
        }
        return ans({ kind: 'retreat', retreat: true, groups });
      }
      return bad(l, 'STAY, RETREAT, RETREAT TOGETHER or RETREAT <units> / <units>', undefined, '8.1');
    case 'pursuit':
    case 'air-raids':
    case 'continue-pursuit': {
      const kind = d.kind;
      if (/^(no pursuit|no air ?raids|none|stay|break off all)$/i.test(t)) {
        if (kind === 'continue-pursuit') return ans({ kind, assign: Object.fromEntries(d.pursuers.map((p) => [p.id, 'stop'])) });
        return ans({ kind, assign: {} } as Answer);
      }
      if (kind === 'continue-pursuit' && /^continue$/i.test(t)) return ans(d.defaults[d.owes[0]] as Answer);
      if (kind === 'pursuit' && /^pursue all$/i.test(t)) return ans(pursueAll(d));
      if ((m = t.match(/^break off (.+)$/i)) && kind === 'continue-pursuit') {
        const ids = units(s, l, m[1]);
        return isErr(ids) ? ids : ans({ kind, assign: Object.fromEntries(ids.map((i) => [i, 'stop'])) });
      }
      if ((m = t.match(/^(?:pursue|follow|air ?raid) (.+?) with (.+)$/i))) {
        const target = groupOrPort(m[1]);
        if (isErr(target)) return target;
        const ids = /^all$/i.test(m[2])
          ? kind === 'continue-pursuit'
            ? d.pursuers.map((p) => p.id)
            : d.ships.map((x) => x.id)
          : units(s, l, m[2]);
        return isErr(ids) ? ids : ans({ kind, assign: Object.fromEntries(ids.map((i) => [i, target])) } as Answer);
      }
      return bad(
        l,
        kind === 'air-raids'
          ? 'AIRRAID <port> WITH <ships> or NO AIRRAIDS'
          : kind === 'pursuit'
            ? 'PURSUE <group> WITH <ships>, PURSUE ALL, AIRRAID <port> WITH <ships> or NO PURSUIT'
            : 'FOLLOW <group> WITH <ships>, BREAK OFF <ships>, CONTINUE',
        undefined,
        d.rule,
      );
    }
    case 'landings':
      if (/^(no landings?|none|stay)$/i.test(t)) return ans({ kind: 'landings', land: {} });
      if ((m = t.match(/^(?:land|invade) (.+?) (?:at|on) (.+)$/i))) {
        const ids = units(s, l, m[1]);
        if (isErr(ids)) return ids;
        const p = place(s, l, m[2]);
        return isErr(p) ? p : ans({ kind: 'landings', land: Object.fromEntries(ids.map((i) => [i, slugPlace(p)])) });
      }
      return bad(l, 'LAND <units> AT <base> or NO LANDINGS', undefined, '7.93');
    case 'split':
      if (/^(no split|stay together)$/i.test(t)) return ans({ kind: 'split', groups: [d.group.units.map((u) => u.id)] });
      if ((m = t.match(/^split (.+)$/i))) {
        const groups: string[][] = [];
        for (const part of m[1].split('/')) {
          const ids = units(s, l, part);
          if (isErr(ids)) return ids;
          groups.push(ids);
        }
        return ans({ kind: 'split', groups });
      }
      return bad(l, 'SPLIT <units> / <units> or NO SPLIT', undefined, '8.52');
  }
}

const slugPlace = slug;

function bySpeed(d: Extract<Decision, { kind: 'retreat' }>): string[][] {
  const by = new Map<number, string[]>();
  for (const u of d.units) by.set(u.speed, [...(by.get(u.speed) ?? []), u.id]);
  return [...by.entries()].sort(([a], [b]) => b - a).map(([, ids]) => ids);
}

function pursueAll(d: Extract<Decision, { kind: 'pursuit' }>): Answer {
  const slowest = [...d.groups].sort((a, b) => a.speed - b.speed).map((g) => g.id);
  const assign: Record<string, string> = {};
  for (const ship of d.ships) {
    const g = slowest.find((id) => ship.canPursue.includes(id));
    if (g) assign[ship.id] = g;
  }
  return { kind: 'pursuit', assign };
}
