/**
 * The news in Coral Sea's rules events (Ruleset.news, issue 28): what a report's summary opens
 * with. Points: victory points scored (6.1, 20.1, the end of the game). Control: a base invaded
 * (23.6). Lost: a ship sunk or crippled (6.3: out of the game). Damaged: a ship damaged (6.3). The
 * engine hands the news only the events the reader may see (a hit on a ship the USN has not found
 * stays out, 27), and names a ship as the narration does.
 */
import type { NewsItem, RulesEvent } from '../../engine/ruleset';
import type { CoralEvent } from './events';
import type { CoralState } from './types';

const SIDE = { usn: 'USN', ijn: 'IJN' } as const;

export function coralNews(event: RulesEvent, before: CoralState): NewsItem[] {
  const e = event as CoralEvent;
  switch (e.type) {
    case 'coral.vp': {
      if (e.data.points === 0) return [];
      const other = e.data.side === 'usn' ? 'ijn' : 'usn';
      const total = before.vp[e.data.side] + e.data.points;
      const text = `turn ${before.turn}: ${SIDE[e.data.side]} +${e.data.points} VP, ${e.data.reason} (${SIDE[e.data.side]} ${total}, ${SIDE[other]} ${before.vp[other]})`;
      return [{ kind: 'points', side: e.data.side, turn: before.turn, text }];
    }
    case 'coral.ship.status': {
      const ship = before.ships[e.data.ship];
      if (!ship) return [];
      const text = `${e.data.ship.split(':')[1]} (${ship.type})`;
      if (e.data.to === 'sunk' || e.data.to === 'crippled')
        return [{ kind: 'lost', side: ship.side, text: e.data.to === 'sunk' ? text : `${text}, crippled` }];
      return e.data.to === 'damaged' ? [{ kind: 'damaged', side: ship.side, text }] : [];
    }
    case 'coral.base.captured':
      return [{ kind: 'control', side: 'ijn', text: `${e.data.base} to the IJN` }];
    default:
      return [];
  }
}
