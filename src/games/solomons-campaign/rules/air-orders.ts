/**
 * The air mission orders (2A3a, 2A3b, 22.1, 50.0 Air Mission Chart), one a line. Air is counted in
 * points of a kind at a base or aboard a carrier (2.12, 21.6: air is "change"): `NAC` (Navy
 * carrier aircraft), `LAC-N` / `LAC-A` (Navy or Army land aircraft; `LAC` alone is Navy), `SAC`
 * (Army). FROM names the take-off place: a major base, a hex, or a carrier (its NAC).
 *
 *   CAP 4 LAC-N FROM Rabaul                        2A3a/2A3b: CAP over the take-off hex only (52.0 Q&A)
 *   CAP 4 NAC FROM CV-1                            CAP over the carrier's hex
 *   STRIKE 8 NAC FROM CV-1 AT TF 3 [TARGETS CV CA] 2A3a, 25.1: a strike on the enemy TF 3 (the ships
 *                                                  attacked in the order of the types named, then the
 *                                                  umpire's order, one ship at a time, 11.2)
 *   STRIKE 6 LAC-N FROM Rabaul AT Guadalcanal-W    a strike on everything on the ground in the hex
 *                                                  (bombardment table, 50.0 chart note), or on nothing
 *                                                  there but the enemy CAP (50.0 chart note)
 *   RECON 1 SAC FROM Espiritu Santo AT 1208        2A3d(1): a roll on the Normal Intelligence Table
 *   COUNTERSTRIKE 8 NAC FROM CV-2 AT TF 1          2A3b (the defence step only): carrier NAC at an enemy TF
 *   CAS 3 LAC-N FROM Espiritu Santo AT Guadalcanal-W  28.3 (2), 50.0: US Navy LAC's close air support
 *                                                  of the Marines' ATTACK there (rules/support.ts)
 */
import type { AirPool } from '../state';

export type AirMission = 'cap' | 'strike' | 'counterstrike' | 'recon' | 'cas';

export interface AirOrder {
  readonly kind: 'air';
  readonly mission: AirMission;
  readonly points: number;
  readonly service: AirPool['service'];
  readonly type: AirPool['type'];
  /** the take-off place as written: a base, a hex or a carrier's id */
  readonly from: string;
  /** the enemy TF struck, or the hex (strike on the ground, recon); null for CAP */
  readonly tf: number | null;
  readonly hex: string | null;
  /** 25.1 (5): ship types in the order the striker attacks them */
  readonly targets?: readonly string[];
}

export const isAirOrder = (o: { kind: string }): o is AirOrder => o.kind === 'air';

/** The air unit words of order lines that fly missions (2.11); air movement adds MAC (rules/air-move-orders.ts). */
export const AIR_WORDS: Readonly<Record<string, { service: AirPool['service']; type: AirPool['type'] }>> = {
  NAC: { service: 'navy', type: 'NAC' },
  'NAC-N': { service: 'navy', type: 'NAC' },
  LAC: { service: 'navy', type: 'LAC' },
  'LAC-N': { service: 'navy', type: 'LAC' },
  'LAC-A': { service: 'army', type: 'LAC' },
  SAC: { service: 'army', type: 'SAC' },
  'SAC-A': { service: 'army', type: 'SAC' },
};
export const kindName = (service: AirPool['service'], type: AirPool['type']) =>
  type === 'LAC' ? `LAC-${service === 'navy' ? 'N' : 'A'}` : type;

const WORD: Readonly<Record<string, AirMission>> = {
  CAP: 'cap',
  STRIKE: 'strike',
  COUNTERSTRIKE: 'counterstrike',
  RECON: 'recon',
  CAS: 'cas',
};

/** One air line; `defence`: the defence step (2A3b), where only CAP and COUNTERSTRIKE are flown. */
export function parseAirLine(line: string, defence: boolean): AirOrder | string {
  const m =
    /^(CAP|STRIKE|COUNTERSTRIKE|RECON|CAS)\s+(\d+)\s+([A-Z]+(?:-[AN])?)\s+(?:FROM|OVER)\s+(.+?)(?:\s+AT\s+(.+?))?(?:\s+TARGETS\s+(.+))?$/i.exec(
      line.trim(),
    );
  if (!m)
    return 'expected CAP <n> <air> FROM <base|carrier>, STRIKE <n> <air> FROM <base|carrier> AT TF <k>|<hex> [TARGETS <types>], RECON <n> <air> FROM <base> AT <hex>, CAS <n> LAC-N FROM <base> AT <hex> or COUNTERSTRIKE <n> NAC FROM <carrier> AT TF <k> (2A3a-2A3b)';
  const mission = WORD[m[1].toUpperCase()];
  if (defence && mission === 'cas')
    return 'close air support goes with your own ground attack, never when you defend: the defence step takes CAP and COUNTERSTRIKE (28.3 (2), 50.0 Air Mission Chart)';
  if (defence && mission !== 'cap' && mission !== 'counterstrike') return 'the defence step takes CAP and COUNTERSTRIKE lines only (2A3b)';
  if (!defence && mission === 'counterstrike')
    return 'a carrier counterstrike is flown by the non-phasing side, in its defence step (2A3b)';
  const kind = AIR_WORDS[m[3].toUpperCase()];
  if (!kind) return `${m[3]} is no air kind: NAC, LAC-N, LAC-A or SAC (2.12)`;
  const points = Number(m[2]);
  if (points < 1) return 'a mission flies at least one air point (2.12)';
  const at = m[5]?.trim() ?? null;
  if (mission === 'cap' && at) return 'CAP flies over its take-off hex only: CAP <n> <air> FROM <base|carrier> (52.0 Q&A)';
  if (mission !== 'cap' && !at) return `${m[1].toUpperCase()} needs a target: AT TF <k> or AT <hex>`;
  const tf = at ? /^(?:TF\s*-?(\d+)|TE|TOKYO\s+EXPRESS)$/i.exec(at) : null;
  if ((mission === 'counterstrike' || mission === 'recon' || mission === 'cas') && at && (mission === 'counterstrike') !== !!tf)
    return mission === 'counterstrike'
      ? 'a counterstrike strikes an enemy TF: AT TF <k>'
      : mission === 'cas'
        ? 'close air support flies AT the hex of your attack (50.0 Air Mission Chart)'
        : 'recon is flown AT a hex';
  const targets = m[6]?.trim()
    ? m[6]
        .trim()
        .toUpperCase()
        .split(/[\s,]+/)
    : undefined;
  return {
    kind: 'air',
    mission,
    points,
    ...kind,
    from: m[4].trim(),
    tf: tf ? (tf[1] !== undefined ? Number(tf[1]) : 0) : null,
    hex: tf ? null : at,
    ...(targets ? { targets } : {}),
  };
}

export function formatAirOrder(o: AirOrder): string {
  const what = `${o.mission.toUpperCase()} ${o.points} ${kindName(o.service, o.type)} FROM ${o.from}`;
  const at = o.tf !== null ? ` AT ${o.tf === 0 ? 'TE' : `TF ${o.tf}`}` : o.hex ? ` AT ${o.hex}` : '';
  return `${what}${at}${o.targets?.length ? ` TARGETS ${o.targets.join(' ')}` : ''}`;
}
