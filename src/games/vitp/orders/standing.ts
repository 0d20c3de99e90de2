/**
 * Standing battle instructions: a side's stored answers to battle decisions, so a battle need not
 * wait for a mail at every point. One instruction a line, e.g.
 *   DAY            NIGHT            ACTION BY STRENGTH
 *   TARGETS carriers, battleships, Yamato
 *   RETREAT WHEN OUTGUNNED | RETREAT NEVER | RETREAT ALWAYS
 *   PURSUE ALL | PURSUE NONE        KEEP PURSUING | BREAK OFF
 *   SUBMARINE FIRST CHANCE | SUBMARINE LAST CHANCE | SUBMARINE NEVER
 *   CARRIERS FIRE ALL | CARRIERS FIRE NONE      NO LANDINGS      NO AIRRAIDS
 * and, outside battles, delegations to the documented default (orders/defaults.ts, returns.ts):
 *   BATTLE ORDER DEFAULT   5.31: the Japanese let the umpire pick the next sea area to fight in
 *   HARBOUR DEFAULT        10.2: ships turned back go to the default harbour (HARBOR too)
 *   RETURN DEFAULT         5.74: at the end of the turn every unit at sea goes to its default port
 *   SUBSTITUTES DEFAULT    4.42: the umpire names the substitutes for sunk listed British ships
 * and answers for steps outside battles:
 *   INVADE ALL | INVADE NONE   5.73/13.3: every amphibious unit at sea that may land does, at an
 *                              enemy base it touches if it has one (13.43: all at the same), else
 *                              at a friendly place; or none invades
 *   PEARL HARBOR STAY | PEARL HARBOR WITHDRAW   18.31: the raid force's choice
 *   TARGETS ...            also aims the Indonesia surprise raid (18.4)
 * and a plan for land-based air, which the sides place one unit at a time, in turn (5.22, 12.11):
 *   AIR <unit> TO <sea area> [IF ...]   one line per unit, best first, with conditions on what the
 *                              sides have placed so far (air-plan.ts)
 */
import type { LineError, ParseResult } from '../../../engine/ruleset';
import { answer, answerFromStanding, type Answer, type CombatStanding, type Decision } from '../combat/api';
import { airAreas, placeableAir } from '../air';
import { invaders, landingChoices } from '../invasion';
import { surpriseAttackers, surpriseTargets } from '../surprise';
import type { Order, Phase, VitpState, VSide } from '../types';
import { type AirPlanLine, parseAirLine, planPlacements } from './air-plan';
import { matchUnit } from './names';
import { defaultOrdersFor } from './defaults';
import { currentDecision } from './parse';

export interface VitpStanding {
  readonly combat: CombatStanding;
  /** 7.43: target classes ("carriers", "battleships", "cruisers", "air", "amphibious") or unit ids, best first */
  readonly targetPriority: readonly string[];
  /** steps outside battles answered by their documented default (5.31 battle order, 10.2 harbour, 5.74 return, 4.42 substitutes) */
  readonly phases?: Partial<Record<Delegated, 'default'>>;
  /** 5.73: every amphibious unit that may land invades, or none does */
  readonly invade?: 'all' | 'none';
  /** 18.31: the Japanese stay at Pearl Harbor or withdraw */
  readonly pearl?: 'stay' | 'withdraw';
  /** 5.22/12.11: land-based air to place, best first, as unit id and sea area */
  readonly airPlan?: readonly AirPlanLine[];
  /** 5.22/12.13: AIR AT BASE, each air unit over a sea area its base touches (the default) */
  readonly airAtBase?: true;
}

const CLASSES = ['carriers', 'battleships', 'cruisers', 'air', 'amphibious'];

type Delegated = 'pickBattle' | 'harbour' | 'return' | 'substitutes';
/** Each delegated step: its phase, and whose it is (null: the phase's own side). */
const DELEGATED: Record<Delegated, { phase: Phase['k']; side: VSide | null }> = {
  pickBattle: { phase: 'pick-battle', side: 'japanese' },
  harbour: { phase: 'harbour', side: null },
  return: { phase: 'return', side: null },
  substitutes: { phase: 'removals', side: 'allied' },
};

export function parseStandingText(s: VitpState, text: string): ParseResult<VitpStanding> {
  const combat: Record<string, string> = {};
  const phases: Partial<Record<Delegated, 'default'>> = {};
  const other: { invade?: 'all' | 'none'; pearl?: 'stay' | 'withdraw'; airAtBase?: true } = {};
  const airPlan: AirPlanLine[] = [];
  let targetPriority: string[] = [];
  const errors: LineError[] = [];
  // biome-ignore lint/suspicious/useIterableCallbackReturn: each line's handler returns early; the value is unused
  text.split(/\r?\n/).forEach((raw, i) => {
    const t = raw
      .replace(/#.*$/, '')
      .trim()
      .replace(/^standing\s+/i, '')
      .replace(/\s+/g, ' ')
      .toLowerCase();
    if (!t) return;
    const set = (k: string, v: string) => {
      combat[k] = v;
    };
    const table: [RegExp, () => void][] = [
      [/^(day|night)$/, () => set('dayNight', t)],
      [/^action by strength$/, () => set('dayNight', 'by-strength')],
      [/^retreat (never|always)$/, () => set('retreat', t.split(' ')[1])],
      [/^retreat when outgunned$/, () => set('retreat', 'when-outgunned')],
      [/^pursue (all|none)$/, () => set('pursue', t.split(' ')[1])],
      [/^keep pursuing$/, () => set('keepPursuing', 'always')],
      [/^break off$/, () => set('keepPursuing', 'never')],
      [/^submarine (first chance|last chance|never)$/, () => set('submarine', t.slice(10).replace(' ', '-'))],
      [/^carriers fire (all|none)$/, () => set('nightCarriers', t.split(' ')[2])],
      [/^kamikaze (all|none)$/, () => set('kamikazeCarriers', t.split(' ')[1])],
      [/^no landings$/, () => set('landings', 'none')],
      [/^no air ?raids$/, () => set('airRaids', 'none')],
      [/^no split$/, () => set('split', 'never')],
      [/^targets default$/, () => set('targets', 'default')],
      [/^(battle order|next battle) default$/, () => void (phases.pickBattle = 'default')],
      [/^harbou?r default$/, () => void (phases.harbour = 'default')],
      [/^return default$/, () => void (phases.return = 'default')],
      [/^substitutes? default$/, () => void (phases.substitutes = 'default')],
      [/^invade (all|none)$/, () => void (other.invade = t.endsWith('all') ? 'all' : 'none')],
      [/^pearl harbou?r (stay|withdraw)$/, () => void (other.pearl = t.endsWith('stay') ? 'stay' : 'withdraw')],
      [/^(air|lba) (at|over) (its )?bases?$/, () => void (other.airAtBase = true)],
    ];
    const hit = table.find(([re]) => re.test(t));
    if (hit) return hit[1]();
    const air = parseAirLine(s, t, i + 1, raw.trim());
    if (air && 'problem' in air) return errors.push(air);
    if (air) return airPlan.push(air);
    const m = t.match(/^targets? (.+)$/);
    if (m) {
      const items = m[1].split(/\s*,\s*/);
      for (const item of items) {
        if (CLASSES.includes(item)) continue;
        const u = matchUnit(s, item);
        if (!u.ok)
          return errors.push({
            line: i + 1,
            text: raw.trim(),
            problem: u.problem,
            hint: u.hint ?? `classes: ${CLASSES.join(', ')}`,
          });
      }
      targetPriority = items.map((item) => (CLASSES.includes(item) ? item : (matchUnit(s, item) as { value: { id: string } }).value.id));
      combat.targets = 'default';
      return;
    }
    errors.push({
      line: i + 1,
      text: raw.trim(),
      problem: 'not a standing instruction I know',
      hint: 'e.g. NIGHT, RETREAT WHEN OUTGUNNED, PURSUE NONE, TARGETS carriers, battleships, BATTLE ORDER DEFAULT, HARBOUR DEFAULT, RETURN DEFAULT, INVADE ALL',
    });
  });
  return errors.length
    ? { ok: false, errors }
    : {
        ok: true,
        orders: [
          {
            combat: combat as CombatStanding,
            targetPriority,
            ...(Object.keys(phases).length ? { phases } : {}),
            ...other,
            ...(airPlan.length ? { airPlan } : {}),
          },
        ],
      };
}

const L = { line: 0, text: '(standing instructions)' };

export function answerStanding(s: VitpState, side: VSide, standing: unknown): Order[] | null {
  const st = (Array.isArray(standing) ? standing[0] : standing) as VitpStanding | undefined;
  // 5.31 / 10.2 / 5.74 / 4.42: the side delegated the step to its documented default
  const ph = s.phase;
  const owner = 'side' in ph ? ph.side : null;
  const delegated = (Object.keys(DELEGATED) as Delegated[]).some(
    (k) => st?.phases?.[k] === 'default' && DELEGATED[k].phase === ph.k && (DELEGATED[k].side ?? owner) === side,
  );
  if (delegated) {
    const orders = defaultOrdersFor(s, side);
    return orders.length ? orders : [{ line: L.line, text: L.text, t: 'stay' }];
  }
  // 5.22/12.11: the first unit of the air plan that may be placed now (its condition holding), else no more placements
  if (ph.k === 'lba' && ph.side === side && st?.airPlan?.length) return planPlacements(s, side, st.airPlan);
  if (ph.k === 'lba' && ph.side === side && st?.airAtBase) return planPlacements(s, side, basePlan(s, side));
  if (ph.k === 'invade' && ph.side === side && st?.invade) return invasions(s, side, st.invade);
  if (ph.k === 'pearl-stay' && side === 'japanese' && st?.pearl) return [{ line: L.line, text: L.text, t: 'pearl', choice: st.pearl }];
  if (ph.k === 'surprise' && side === 'japanese' && st?.targetPriority.length) return surpriseFire(s, st.targetPriority);
  const d = currentDecision(s);
  if (!st || !d?.owes.includes(side)) return null;
  const b = s.battle!.battle;
  if (d.kind === 'targets' && st.targetPriority.length) {
    const a = byPriority(s, d, st.targetPriority);
    if (a && answer(b, side, a).ok) return [{ line: L.line, text: L.text, t: 'answer', answer: a }];
  }
  const a = answerFromStanding(b, side, st.combat);
  return a ? [{ line: L.line, text: L.text, t: 'answer', answer: a }] : null;
}

/** AIR AT BASE (5.22, 12.13): every air unit that may be placed, in roster order, over the first sea area its base touches. */
function basePlan(s: VitpState, side: VSide): AirPlanLine[] {
  return placeableAir(s, side).flatMap((u) => {
    const base = u.loc.at === 'port' ? u.loc.place : null;
    const to = s.map.places.find((p) => p.name === base)?.touches.find((a) => airAreas(s, side).includes(a));
    return to ? [{ unit: u.id, to }] : [];
  });
}

/** 5.73/13.3, 13.43: every unit that may land goes to an enemy base it touches (the first by name, all together), else a friendly place. */
function invasions(s: VitpState, side: VSide, mode: 'all' | 'none'): Order[] {
  if (mode === 'none') return [{ line: L.line, text: L.text, t: 'stay' }];
  const at = new Map<string, string[]>();
  for (const u of invaders(s, side)) {
    const choices = [...landingChoices(s, u)].sort();
    const to = choices.find((p) => s.control[p] !== side) ?? choices[0];
    at.set(to, [...(at.get(to) ?? []), u.id]);
  }
  const orders: Order[] = [...at.entries()].map(([place, units]) => ({ line: L.line, text: L.text, t: 'invade', units, at: place }));
  return orders.length ? orders : [{ line: L.line, text: L.text, t: 'stay' }];
}

/** 18.4: each Japanese airstrike at the best target of the side's TARGETS list. */
function surpriseFire(s: VitpState, priority: readonly string[]): Order[] {
  const rank = (id: string) => {
    const i = priority.findIndex((p) => p === id || p === classOf(s, id));
    return i < 0 ? priority.length : i;
  };
  const targets = surpriseTargets(s)
    .map((u) => u.id)
    .sort((x, y) => rank(x) - rank(y));
  if (!targets.length) return [{ line: L.line, text: L.text, t: 'stay' }];
  const fire = Object.fromEntries(surpriseAttackers(s).map((a) => [a.id, targets[0]]));
  return [{ line: L.line, text: L.text, t: 'answer', answer: { kind: 'targets', fire } }];
}

function classOf(s: VitpState, id: string): string {
  const u = s.units.find((x) => x.id === id);
  if (!u) return '';
  if (u.kind === 'lba') return 'air';
  if (u.kind === 'amph') return 'amphibious';
  if (u.airstrike > 0) return 'carriers';
  return u.type === 'BB' || u.type === 'BC' ? 'battleships' : 'cruisers';
}

function byPriority(s: VitpState, d: Extract<Decision, { kind: 'targets' }>, priority: readonly string[]): Answer | null {
  const rank = (id: string) => {
    const i = priority.findIndex((p) => p === id || p === classOf(s, id));
    return i < 0 ? priority.length : i;
  };
  const fire: Record<string, string> = {};
  for (const a of d.attackers) {
    const best = [...a.legalTargets].sort((x, y) => rank(x) - rank(y))[0];
    if (best) fire[a.attacker.id] = best;
  }
  return { kind: 'targets', fire };
}
