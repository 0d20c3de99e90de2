/**
 * What the forces choices of the Reinforcement Segment (1B) read from the box and keep in the state:
 * replacements (30.1-30.4), the USMC withdrawal (38.1-38.3) and the additional forces (39.1-39.7).
 * Only types are imported here, so the state's set-up may build it without an import cycle.
 */
import type { PlainBox } from '../box';
import type { AirData, GroundData } from '../box/deployment';
import type { SolSide } from '../state';

/** A row of the Turn Record/Reinforcement Chart as the box holds it. */
export interface ChartRow {
  readonly turn: number;
  readonly at: string;
  readonly ships?: readonly string[];
  /** `arrivesFatigued`: the chart's "(F)", applied with option 21.10 only */
  readonly air?: readonly (AirData & { readonly arrivesFatigued?: boolean })[];
  readonly ground?: readonly GroundData[];
}

export type OptionId = 'quick-response' | 'accelerated' | '18th-army';

export interface ForcesData {
  /** 39.3-39.5: the turn each option is announced, who takes it, its rows, the regular units it takes away, the VP it gives and to whom */
  readonly options: Readonly<
    Record<
      OptionId,
      {
        readonly side: SolSide;
        readonly turn: number;
        readonly rows: readonly ChartRow[];
        readonly lost: readonly string[];
        /** VP at the end of the game: to the enemy when taken (39.3, 39.5), to the side when forgone (39.4) */
        readonly vp: number;
        readonly vpWhen: 'taken' | 'forgone';
      }
    >
  >;
  /** 39.6: BB-1 (Yamato) and BB-2 (Musashi), from Sep I at Truk; VP to the US by the year announced */
  readonly superBattleships: {
    readonly ships: readonly string[];
    readonly at: string;
    readonly fromTurn: number;
    readonly first1943: number;
    readonly vp1942: number;
    readonly vp1943: number;
  };
  /** 38.1-38.3 */
  readonly withdrawal: { readonly fromTurn: number; readonly vpPerBattalion: number; readonly maxBattalions: number };
  /** 30.2-30.4: the units that may come back, by side; the VP paid to the enemy for each kind */
  readonly replaceable: Readonly<
    Record<SolSide, { readonly ships: readonly string[]; readonly engineers: readonly GroundData[]; readonly mac: AirData | null }>
  >;
  readonly replaceVp: Readonly<Record<'TR' | 'APD' | 'engineer' | 'MAC', number>>;
  readonly groundSizes: Readonly<Record<string, number>>;
}

export interface ForcesChoices {
  readonly data: ForcesData;
  /** 39.3-39.5: each option once decided, taken or not */
  readonly decided: Readonly<Partial<Record<OptionId, boolean>>>;
  /** 39.6: each super-battleship announced, with its turn */
  readonly superBattleships: Readonly<Record<string, number>>;
  /** 39.7: super-battleships crippled, out of play for good (not sunk) */
  readonly retired: readonly string[];
  /** 38.2-38.3: Marine units withdrawn and their battalions */
  readonly withdrawn: readonly string[];
  readonly withdrawnBattalions: number;
  /** VP added at the end of the game (38.2, 39.3-39.5) */
  readonly endVp: Readonly<Record<SolSide, number>>;
}

const turnOf = (names: readonly string[], name: string, fallback: number) => {
  const i = names.indexOf(name);
  return i < 0 ? fallback : i + 1;
};

/** The choices' box data and an empty record of them, for the set-up (3.0). */
export function setupChoices(box: PlainBox): ForcesChoices {
  const r = box.reinforcements as unknown as Record<string, unknown>;
  const rows = (key: string) => (r[key] ?? []) as readonly (ChartRow & { accelerated?: string; quickResponse?: string })[];
  const names = box.turns.names;
  const vp = box.victoryPoints as unknown as {
    accelerated: number;
    quickResponse: number;
    no18thArmy: number;
    yamatoMusashi: Record<string, number>;
    usmcWithdrawnPerBattalion: number;
    usmcWithdrawnMax: number;
    replaced: Record<'TR' | 'APD' | 'engineer' | 'MAC', number>;
  };
  const bb = (r.yamatoMusashi ?? { ships: ['BB-1', 'BB-2'], at: 'Truk', fromTurn: 3 }) as { ships: string[]; at: string; fromTurn: number };
  const all = (side: SolSide) => [
    ...box.deployment[side],
    ...rows(side),
    ...rows(side === 'us' ? 'chartUs' : 'chartJapanese'),
    ...(side === 'us' ? rows('usAccelerated') : [...rows('japaneseQuickResponse'), ...rows('japanese18thArmy')]),
  ];
  const replaceable = (side: SolSide) => {
    const units = all(side);
    const ships = [...new Set(units.flatMap((u) => u.ships ?? []).filter((id) => /^(TR|APD)-/.test(id)))];
    const engineers = units.flatMap((u) => u.ground ?? []).filter((g) => g.type === 'engineer');
    const mac = units.flatMap((u) => u.air ?? []).find((a) => a.type === 'MAC') ?? null;
    return { ships, engineers, mac: side === 'us' ? mac : null };
  };
  const lost = (key: string, mark: 'accelerated' | 'quickResponse') =>
    rows(key)
      .filter((x) => x[mark] === 'lost' || x[mark] === 'division' || x[mark] === 'none')
      .flatMap((x) => (x.ground ?? []).map((g) => g.id));
  const aug2 = turnOf(names, 'Aug II', 2);
  return {
    data: {
      options: {
        'quick-response': {
          side: 'japanese',
          turn: aug2,
          rows: rows('japaneseQuickResponse'),
          lost: lost('japanese', 'quickResponse'),
          vp: vp.quickResponse,
          vpWhen: 'taken',
        },
        accelerated: {
          side: 'us',
          turn: aug2,
          rows: rows('usAccelerated'),
          lost: lost('us', 'accelerated'),
          vp: vp.accelerated,
          vpWhen: 'taken',
        },
        '18th-army': {
          side: 'japanese',
          turn: turnOf(names, 'Dec I', 9),
          rows: rows('japanese18thArmy'),
          lost: [],
          vp: vp.no18thArmy,
          vpWhen: 'forgone',
        },
      },
      superBattleships: {
        ships: bb.ships,
        at: bb.at,
        fromTurn: bb.fromTurn,
        first1943: turnOf(names, 'Jan I', 11),
        vp1942: vp.yamatoMusashi['1942'],
        vp1943: vp.yamatoMusashi['1943'],
      },
      withdrawal: {
        fromTurn: turnOf(names, 'Dec I', 9),
        vpPerBattalion: vp.usmcWithdrawnPerBattalion,
        maxBattalions: vp.usmcWithdrawnMax,
      },
      replaceable: { japanese: replaceable('japanese'), us: replaceable('us') },
      replaceVp: vp.replaced,
      groundSizes: box.groundSizes,
    },
    decided: {},
    superBattleships: {},
    retired: [],
    withdrawn: [],
    withdrawnBattalions: 0,
    endVp: { japanese: 0, us: 0 },
  };
}
