/**
 * The six scenarios (3.1): dates, lengths and the order of battle 13.0 prints for each side (three
 * figures and the ships by type), all printed. Which ships of a type take part, how they start in
 * task forces, where, and what they carry was on the disk ("historical locations", 3.2): rebuilt
 * here from the battles, within the printed counts. Capital ships are named; destroyers, transports,
 * minecraft and submarines are drawn in roster order (ships.ts). Ships in no task force start docked
 * in the side's port named by `inPort` (campaign games only: a mini game has no docking, 10.1C).
 */
import type { ShipType } from './ships';
import { printed, rebuilt } from './source';

export const SCENARIOS = ['campaign', 'coral-sea', 'eastern-solomons', 'santa-cruz', 'guadalcanal', 'campaign-2'] as const;
export type ScenarioId = (typeof SCENARIOS)[number];

/** The missions a TF may be formed with (9.2; R and FR only ever follow one). */
export type StartMission = 'C' | 'B' | 'T' | 'U' | 'FC' | 'FB' | 'FT';

export interface StartTf {
  mission: StartMission;
  col: number;
  row: number;
  /** capital ships by name */
  ships?: string[];
  /** small ships by type, drawn from the scenario's pool in roster order */
  take?: Partial<Record<ShipType, number>>;
  /** infantry companies and supply units aboard each cargo ship of the TF */
  load?: { inf: number; sup: number };
}

export const side = (
  counts: string,
  figures: [number, number, number],
  named: string,
  tfs: readonly [StartTf, string][],
  inPort: string | null,
) => ({
  figures: printed<[number, number, number]>(figures, '13.0'),
  counts: printed(parseCounts(counts), '13.0'),
  named: rebuilt(
    named.split(',').map((n) => n.trim()),
    'rebuilt: the capital ships present in the battle, within the type counts of 13.0',
  ),
  taskForces: tfs.map(([tf, why]) => rebuilt(tf, `rebuilt (3.2, historical set-up on the lost disk): ${why}`)),
  inPort: rebuilt(inPort, "rebuilt: the side's main port for the ships in no task force (4.1A codes)"),
});

/** `3CV 1BB 11CA` as counts by type. */
export function parseCounts(text: string): Partial<Record<ShipType, number>> {
  return Object.fromEntries(text.split(/\s+/).map((t) => [t.replace(/^\d+/, ''), Number(t.match(/^\d+/)![0])]));
}

type ScenarioSide = ReturnType<typeof side>;
export const scenario = <E extends object>(
  first: string,
  last: string,
  rule: string,
  extra: E,
  american: ScenarioSide,
  japanese: ScenarioSide,
) => ({
  first: printed(first, rule),
  last: printed(last, rule),
  ...extra,
  american,
  japanese,
});
