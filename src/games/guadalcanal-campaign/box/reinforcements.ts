/**
 * Reinforcements (8.9): the printed table of infantry and aircraft and its four 1/7 chances of an AM
 * turn, and the ships' schedule. The schedule was on the disk's pipeline display (4.6) and is lost:
 * it is rebuilt here from the historical campaign, each wave the ships 13.0's totals give a campaign
 * beyond its start (capital ships by name, small ships by count, drawn from the roster in order after
 * the scenario's own), so start and arrivals add up to the printed totals exactly (a box check).
 */
import { CAMPAIGN, CAMPAIGN_2 } from './campaigns';
import { parseCounts } from './scenario-kit';
import { CLASSES, SHIPS, type ShipType } from './ships';
import type { PlainBox } from './plain';
import { printed, rebuilt } from './source';

/** One wave of ships: the date it reaches its port (a port code, 4.1A) and the ships by name. */
export interface ShipWave {
  date: string;
  port: string;
  ships: string[];
}

type Side = 'american' | 'japanese';
type Plan = readonly [date: string, port: string, named: string, counts: string, why: string][];

/** Waves by scenario and side: named capital ships, then small ships by count (`6DD 2SS`). */
const PLANS: Record<'campaign' | 'campaign-2', Record<Side, Plan>> = {
  campaign: {
    american: [
      ['1942-08-15', 'E', '', '4APD 1DMS', 'the fast transports that ran aviation fuel and ground crews to Lunga from mid-August'],
      [
        '1942-08-25',
        'E',
        'Hornet, Northampton, Pensacola, San Diego, Boise',
        '6DD',
        "Hornet's TF 17 and Boise reached the South Pacific late in August",
      ],
      ['1942-09-10', 'E', 'Washington, Helena, Juneau', '6DD 1TR', 'Washington, Helena and Juneau came in September'],
      ['1942-09-20', 'B', '', '6SS', 'the Brisbane submarines of the autumn'],
      ['1942-10-20', 'E', 'South Dakota', '5DD', 'South Dakota joined Enterprise for Santa Cruz'],
      ['1942-11-01', 'B', '', '6SS', 'more Brisbane submarines in November'],
      ['1942-11-10', 'E', '', '6DD', 'the destroyers of the November convoys'],
      ['1942-12-01', 'E', 'Honolulu', '4DD', "Honolulu and Ainsworth's destroyers after Tassafaronga"],
    ],
    japanese: [
      [
        '1942-08-07',
        'R',
        'Chokai, Aoba, Kinugasa, Kako, Furutaka',
        '1DD',
        "Mikawa's cruisers gathered at Rabaul on the day of the landings",
      ],
      ['1942-08-15', 'R', 'Jintsu', '8DD 6TR', "Tanaka's convoy with the Ichiki detachment"],
      [
        '1942-08-20',
        'T',
        'Shokaku, Zuikaku, Ryujo, Hiei, Kirishima, Mutsu, Myoko, Haguro, Takao, Atago, Maya, Suzuya, Kumano, Tone, Chikuma, Chitose, Nagara',
        '20DD 4SS',
        'the Combined Fleet for the Eastern Solomons',
      ],
      ['1942-09-01', 'R', 'Sendai, Yura, Tatsuta', '10DD 4TR', 'the Tokyo Express of September'],
      ['1942-09-20', 'T', 'Kongo, Haruna', '8DD 5SS', 'the fast battleships that shelled Henderson in October'],
      ['1942-10-01', 'R', 'Nisshin, Chiyoda', '', 'the seaplane carriers that ran guns and tanks in October'],
      ['1942-10-10', 'T', 'Junyo, Hiyo, Zuiho, Yamato', '10DD', 'the carriers and flagship of the Santa Cruz battle'],
      ['1942-11-01', 'R', '', '8DD 7TR 5SS', "Tanaka's November convoy"],
    ],
  },
  'campaign-2': {
    american: [
      ['1942-10-10', 'E', 'Atlanta', '', 'Atlanta back in the South Pacific in October'],
      ['1942-10-23', 'E', 'Enterprise, South Dakota, Portland, San Diego', '8DD', "Kinkaid's TF 16 for Santa Cruz"],
      ['1942-11-01', 'B', '', '4SS', 'the Brisbane submarines of November'],
      ['1942-11-20', 'E', 'North Carolina, New Orleans', '6DD', 'North Carolina and New Orleans back from repair'],
      ['1942-12-05', 'E', 'Saratoga, Honolulu', '6DD', 'Saratoga back in December, Honolulu with Ainsworth'],
    ],
    japanese: [
      ['1942-10-05', 'T', 'Junyo, Hiyo', '8DD', 'the Second Carrier Division for Santa Cruz'],
      ['1942-10-05', 'R', 'Chiyoda', '', 'the seaplane carrier that ran guns and tanks in October'],
      ['1942-10-15', 'T', 'Isuzu', '3SS', 'Isuzu and submarines for the October offensive'],
      ['1942-11-01', 'R', 'Tatsuta', '11TR', "Tanaka's November convoy"],
      ['1942-12-01', 'R', '', '3TR', 'the last transports of December'],
    ],
  },
};

const START = { campaign: CAMPAIGN, 'campaign-2': CAMPAIGN_2 };

/** The waves of a plan with their small ships drawn from the roster after the scenario's own (13.0 order). */
function wavesOf(scenario: 'campaign' | 'campaign-2', side: Side): ShipWave[] {
  const taken: Partial<Record<ShipType, number>> = { ...START[scenario][side].counts.value };
  return PLANS[scenario][side].map(([date, port, named, counts]) => {
    const ships = named ? named.split(',').map((n) => n.trim()) : [];
    for (const [type, n] of Object.entries(counts ? parseCounts(counts) : {}) as [ShipType, number][]) {
      const ofType = SHIPS.map((x) => x.value).filter((x) => CLASSES[x.cls].value.side === side && CLASSES[x.cls].value.type === type);
      const from = taken[type] ?? 0;
      ships.push(...ofType.slice(from, from + n).map((x) => x.name));
      taken[type] = from + n;
    }
    return { date, port, ships };
  });
}

const REASON = (scenario: string) =>
  `rebuilt: 8.9 schedules the ships on the lost pipeline display; these waves bring the ${scenario} to 13.0's totals on the dates and at the ports the historical ships came`;
const why = (scenario: 'campaign' | 'campaign-2', side: Side) =>
  `${REASON(scenario)}: ${PLANS[scenario][side].map((w) => `${w[0]} ${w[4]}`).join('; ')}`;

export const REINFORCEMENTS = {
  /** 8.9D: each of the four events happens on a die of 1 in `chance` */
  chance: printed(7, '8.9D'),
  /**
   * 8.9 table (the printed digits run together; read as the brief parses them): companies by port,
   * aircraft by base. Rabaul's Zekes and Bettys and the Shortlands' Zekes are replacements (8.9A).
   */
  table: printed(
    {
      Rabaul: { inf: 11, Zeke: 18, Betty: 24 },
      Truk: { Zeke: 7, Val: 7, Kate: 6 },
      Shortlands: { Zeke: 18 },
      'Espiritu Santo': { inf: 8, Wildcat: 7, Dauntless: 6, Avenger: 3, Fortress: 3 },
      Brisbane: { Wildcat: 7, Dauntless: 8, Avenger: 4 },
    },
    '8.9',
  ),
  /** 8.9A: replacements only while the base holds fewer than these */
  bettyBelow: printed(40, '8.9A'),
  zekeBelow: printed(30, '8.9A'),
  /** 8.9C: the Shortlands receive nothing before this date */
  shortlandsFrom: printed('1942-10-07', '8.9C'),
  ships: {
    campaign: {
      american: rebuilt(wavesOf('campaign', 'american'), why('campaign', 'american')),
      japanese: rebuilt(wavesOf('campaign', 'japanese'), why('campaign', 'japanese')),
    },
    'campaign-2': {
      american: rebuilt(wavesOf('campaign-2', 'american'), why('campaign-2', 'american')),
      japanese: rebuilt(wavesOf('campaign-2', 'japanese'), why('campaign-2', 'japanese')),
    },
  },
};

/** 13.0: every type's start plus arrivals equals the campaign's printed total; every ship arrives once and not at the start. */
export function reinforcementProblems(box: PlainBox): string[] {
  const problems: string[] = [];
  if (!box.reinforcements) return problems;
  for (const [scenario, bySide] of Object.entries(box.reinforcements.ships))
    for (const side of ['american', 'japanese'] as const) {
      const start = box.scenarios[scenario as 'campaign']?.[side];
      const totals = (box as { campaignTotals?: Record<string, Record<string, Record<string, number>>> }).campaignTotals;
      const total = totals?.[scenario]?.[side];
      if (!start || !total) {
        problems.push(`${scenario}: reinforcements for no campaign of 13.0`);
        continue;
      }
      const count: Record<string, number> = { ...start.counts };
      const seen = new Set<string>(start.named);
      for (const w of bySide[side])
        for (const name of w.ships) {
          const data = box.ships.find((x) => x.name === name);
          const c = data && box.classes[data.cls];
          if (!c || c.side !== side) problems.push(`${scenario} ${side}: ${name} is no ${side} ship of the roster`);
          else count[c.type] = (count[c.type] ?? 0) + 1;
          if (seen.has(name)) problems.push(`${scenario} ${side}: ${name} is there twice`);
          seen.add(name);
        }
      const want = total as Record<string, number>;
      for (const type of new Set([...Object.keys(want), ...Object.keys(count)]))
        if ((want[type] ?? 0) !== (count[type] ?? 0))
          problems.push(`${scenario} ${side}: 13.0 totals ${want[type] ?? 0} ${type}, start and arrivals give ${count[type] ?? 0}`);
    }
  return problems;
}
