/** The Turn Record/Reinforcement Chart (50.0, box/reinforcements.ts) as the arrivals of set-up (1B). */
import type { PlainBox } from '../box';
import type { AirData, GroundData } from '../box/deployment';
import type { ShipType } from '../box/forces';
import type { Arrival, SolSide } from '../state';
import type { SolOptions } from './options';

type ChartRow = {
  turn: number;
  at: string;
  ships?: readonly string[];
  nac?: Readonly<Record<string, number>>;
  air?: readonly (AirData & { arrivesFatigued?: boolean })[];
  ground?: readonly GroundData[];
};

/**
 * 1B, 50.0: the reinforcement chart as arrivals (the regular schedule: 39.3-39.5 announcements are
 * not built); the air marked "(F)" enters fatigued with Japanese Pilot Attrition only (21.10);
 * the chart's NAC on land come with Training Carrier Air Units only (47.1).
 */
export function chartArrivals(box: PlainBox, options: SolOptions): Arrival[] {
  const r = box.reinforcements as unknown as Record<string, ChartRow[]>;
  const rows: [SolSide, ChartRow[]][] = [
    ['japanese', r.japanese],
    ['us', r.us],
    ['japanese', r.chartJapanese],
    ['us', r.chartUs],
    // 47.1 (optional): the chart's NAC on land, to be carrier trained (box/reinforcements.ts TRAINING_NAC)
    ...(options.carrierTraining
      ? ([
          ['japanese', r.trainingNacJapanese ?? []],
          ['us', r.trainingNacUs ?? []],
        ] as [SolSide, ChartRow[]][])
      : []),
  ];
  return rows
    .flatMap(([side, list]) =>
      list.map(
        (a): Arrival => ({
          side,
          turn: a.turn,
          at: a.at,
          why: 'chart',
          ships: (a.ships ?? []).map((id) => ({
            id,
            type: id.split('-')[0] as ShipType,
            at: a.at,
            tf: null,
            nac: a.nac?.[id] ?? 0,
            supply: 0,
          })),
          air: (a.air ?? []).map((x) => ({
            service: x.service,
            type: x.type,
            points: x.points,
            fatigued: (x.fatigued ?? false) || (options.pilotAttrition && x.arrivesFatigued === true),
          })),
          ground: (a.ground ?? []).map((g) => ({ id: g.id, service: g.service, type: g.type, size: g.size })),
        }),
      ),
    )
    .sort((a, b) => a.turn - b.turn);
}
