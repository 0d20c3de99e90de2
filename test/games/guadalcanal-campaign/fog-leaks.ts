/**
 * The Guadalcanal Campaign fog property (2.2, 7.2, 12.0: each side's displays behind its own
 * password), read off a played game's log: at every step, each side's view (what its mail, page and
 * machine player are drawn from) holds its own task forces, bases and air missions only, and names
 * no enemy ship (a search report gives types and numbers, never names, 7.2A-B); the enemy's orders,
 * and the computer Japanese's plan and tie dice in solitaire (11.0), are never visible to the other
 * side. Shared by fog.spec.ts (a few hundred games) and bench/gc-fog.ts (the 1,000-game run).
 */
import type { EngineEvent } from '../../../src/engine/engine-events';
import { evolve, initialState } from '../../../src/engine/evolve';
import { eventVisibleTo } from '../../../src/engine/views';
import { rulesets } from '../../../src/games';
import type { GcState, GcView } from '../../../src/games/guadalcanal-campaign';

export const ruleset = rulesets['guadalcanal-campaign'];
type Side = 'american' | 'japanese';
const SIDES: readonly Side[] = ['american', 'japanese'];
/** The mini games (10.3): Eastern Solomons and Santa Cruz (4 turns), Guadalcanal (8), Coral Sea (12, Port Moresby: 10.2B-C). */
export const FOG_SCENARIOS = ['eastern-solomons', 'santa-cruz', 'guadalcanal', 'coral-sea'] as const;
const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each side's enemy ship names, as one word-bounded pattern (ship names are the same all game). */
export function enemyNames(s: GcState): Record<Side, RegExp> {
  const of = (side: Side) =>
    new RegExp(
      `(?<![\\w-])(${Object.values(s.ships)
        .filter((x) => x.side !== side)
        .map((x) => literal(x.name))
        .join('|')})(?![\\w-])`,
    );
  return { american: of('american'), japanese: of('japanese') };
}

/** What `side`'s view shows that it may not know; empty when nothing. */
export function viewLeaks(s: GcState, side: Side, names: RegExp): string[] {
  const out: string[] = [];
  const view = ruleset.view(s, side) as GcView;
  for (const tf of view.known.taskForces)
    if (s.taskForces[tf.id]?.side !== side) out.push(`${side} sees TF ${tf.id}, not its own, at ${tf.col},${tf.row}`);
  for (const base of view.known.air) {
    const owner = s.ships[base.name]?.side ?? s.airbases.find((b) => b.name === base.name)?.side;
    if (owner !== side) out.push(`${side} sees the aircraft of ${base.name} (${owner})`);
  }
  const enemyTitle = side === 'american' ? 'Japanese aircraft' : 'American aircraft';
  const text = JSON.stringify(view);
  if (text.includes(enemyTitle)) out.push(`${side} sees the table "${enemyTitle}"`);
  const named = names.exec(text);
  if (named)
    out.push(`${side}'s view names the enemy ship ${named[1]}: ...${text.slice(Math.max(0, named.index - 80), named.index + 40)}...`);
  return out;
}

/** What an event shows a side it may not know: another side's orders, the computer's plan and dice. */
function eventLeaks(e: EngineEvent, side: Side): string[] {
  if (!eventVisibleTo(e, side)) return [];
  const d = e.data as { side?: string; event?: { type: string } };
  if (e.type.startsWith('Orders') && d.side && d.side !== side) return [`${side} sees ${d.side}'s orders`];
  if (e.type === 'RulesApplied' && d.event?.type === 'gcc.computer-plan') return [`${side} sees the computer's plan`];
  if (e.type === 'DieRolled' && JSON.stringify(e.data).includes('computer Japanese')) return [`${side} sees a computer tie die`];
  return [];
}

/** Every leak of a game's log, each named with the event number and the step. */
export function gameLeaks(events: readonly EngineEvent[]): string[] {
  const leaks: string[] = [];
  let state = initialState();
  let names: Record<Side, RegExp> | null = null;
  let lastStep: string | null = null;
  events.forEach((e, i) => {
    for (const side of SIDES) for (const l of eventLeaks(e, side)) leaks.push(`event #${i + 1} (${e.type}): ${l}`);
    state = evolve(state, e, ruleset);
    const rules = state.rules as GcState | null;
    if (!rules) return;
    names ??= enemyNames(rules);
    // once a step: the position the sides read their views in to give orders
    const step = state.step?.id ?? null;
    if (step === lastStep) return;
    lastStep = step;
    for (const side of SIDES) for (const l of viewLeaks(rules, side, names[side])) leaks.push(`before ${step ?? 'the end'}: ${l}`);
  });
  return leaks;
}
