/**
 * The news in VITP's rules events (Ruleset.news, issue 28): what a report's summary opens with.
 * Points: each turn's POC (15.1-15.3). Control: a sea area, port or base changing hands (14.1,
 * 15.1). Lost: a ship sunk (7.61), an air or amphibious unit eliminated (12.3, 13.5), a carrier
 * expended (19.2). Damaged: a unit hit and still afloat (7.6). The unit's side and type come from
 * the game now (`state`), which never changes them.
 */
import type { NewsItem, RulesEvent } from '../../engine/ruleset';
import type { VitpEventData } from './events';
import type { VitpState } from './types';

const NAME = { japanese: 'Japanese', allied: 'Allied' } as const;

export function vitpNews(event: RulesEvent, state: VitpState): NewsItem[] {
  switch (event.type) {
    case 'vitp.poc': {
      const d = event.data as VitpEventData['vitp.poc'];
      const track = d.poc === 0 ? 'the track is even' : `track ${d.poc > 0 ? 'Japanese' : 'Allied'} +${Math.abs(d.poc)}`;
      const gain = d.gainer ? `${NAME[d.gainer]} gain ${d.gain} POC` : 'no POC gained';
      return [
        {
          kind: 'points',
          side: d.gainer,
          turn: d.turn,
          text: `turn ${d.turn}: ${gain} (Japanese ${d.japanese}, Allied ${d.allied}); ${track}`,
        },
      ];
    }
    case 'vitp.control': {
      const d = event.data as VitpEventData['vitp.control'];
      return [{ kind: 'control', side: d.side, text: `${d.place} to ${d.side ? `the ${NAME[d.side]}` : 'nobody'}` }];
    }
    case 'vitp.unit': {
      const d = event.data as VitpEventData['vitp.unit'];
      const u = state.units.find((x) => x.id === d.id);
      if (!u) return [];
      const label = `${d.name} (${u.type})`;
      const at = d.patch.loc?.at;
      if (at === 'sunk' || at === 'eliminated' || at === 'removed') return [{ kind: 'lost', side: u.side, text: label }];
      // damage written by a battle (never by a repair, 11.1, or a rebuild, 23.5, which lower it)
      if ((d.patch.damage ?? 0) > 0 && !d.patch.repaired && !/^(11|23)\./.test(d.rule))
        return [{ kind: 'damaged', side: u.side, text: label }];
      return [];
    }
    default:
      return [];
  }
}
