/**
 * The news in A&A Guadalcanal's rules events (Ruleset.news, issue 28): victory points scored
 * (REG.5), islands changing hands (REG.1), units destroyed and cargo lost with them, units damaged
 * (ATK.damage). Read on the game just before the event, where the units still are.
 */
import type { NewsItem, RulesEvent } from '../../engine/ruleset';
import type { GEvent, GState } from './types';

export function guadalcanalNews(event: RulesEvent, before: GState): NewsItem[] {
  const e = event as GEvent;
  const unit = (id: string) => before.pieces.find((p) => p.id === id);
  const label = (id: string) => `${id} (${unit(id)?.type ?? '?'})`;
  switch (e.type) {
    case 'gc.vp': {
      if (e.data.delta === 0) return [];
      const other = e.data.side === 'axis' ? 'allies' : 'axis';
      const text = `turn ${before.turn}: ${e.data.side} +${e.data.delta} VP (${e.data.side} ${e.data.total}, ${other} ${before.vp[other]})`;
      return [{ kind: 'points', side: e.data.side, turn: before.turn, text }];
    }
    case 'gc.control':
      return before.control[e.data.island] === e.data.side
        ? []
        : [{ kind: 'control', side: e.data.side, text: `${e.data.island} to ${e.data.side}` }];
    case 'gc.casualties':
      return [
        ...[...e.data.destroyed, ...e.data.lostCargo].map(
          (id): NewsItem => ({ kind: 'lost', side: unit(id)?.side ?? null, text: label(id) }),
        ),
        ...e.data.damaged.map((id): NewsItem => ({ kind: 'damaged', side: unit(id)?.side ?? null, text: label(id) })),
      ];
    default:
      return [];
  }
}
