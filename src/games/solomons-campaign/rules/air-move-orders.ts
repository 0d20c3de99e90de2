/**
 * The Air Transfer Sub-Segment's orders (2A2a; 50.0 Air Mission Chart: air transfer and air
 * transport), one a line. Air is counted in points of a kind (2.12, 21.6: air is "change"): `NAC`,
 * `LAC-N` / `LAC-A` (Navy or Army land aircraft; `LAC` alone is Navy), `SAC`, `MAC` (Army). A place
 * is a major base, a hex name or id, or a carrier's id (its NAC, 10.10, 21.3).
 *
 *   TRANSFER 6 LAC-N FROM Rabaul TO Bougainville-W        air transfer: up to twice the printed range
 *   TRANSFER 4 NAC FROM CV-1 TO Espiritu Santo            (23.1, 23.3), to an own airbase or carrier
 *   AIRLIFT 1 MAC FROM Espiritu Santo TO 0806 WITH 3/2-MAR air transport: ground units and supply
 *   AIRLIFT 1 MAC FROM Espiritu Santo TO 0806 WITH SUPPLY 1     with the MAC, to an own airbase
 *   AIRLIFT 1 MAC FROM Espiritu Santo TO 0906 WITH 1-PARA DROP  34.2: an airborne landing in any land
 *                                                        hex within the MAC's printed range
 */
import type { AirPool } from '../state';
import { AIR_WORDS } from './air-orders';

export interface AirMoveOrder {
  readonly kind: 'transfer' | 'airlift';
  readonly points: number;
  readonly service: AirPool['service'];
  readonly type: AirPool['type'];
  /** the take-off place and the target as written: a base, a hex or a carrier's id */
  readonly from: string;
  readonly to: string;
  /** air transport only: the ground units and supply carried, and whether it is an airborne landing (34.2) */
  readonly units?: readonly string[];
  readonly supply?: number;
  readonly drop?: boolean;
}

export const isAirMoveOrder = (o: { kind: string }): o is AirMoveOrder => o.kind === 'transfer' || o.kind === 'airlift';

/** 2A2a: the mission words and the transports (MAC) */
const KINDS: Readonly<Record<string, { service: AirPool['service']; type: AirPool['type'] }>> = {
  ...AIR_WORDS,
  MAC: { service: 'army', type: 'MAC' },
  'MAC-A': { service: 'army', type: 'MAC' },
};

/** How a player writes a kind of air (the short form of the order language). */
export const airKindName = (service: AirPool['service'], type: AirPool['type']) =>
  type === 'LAC' ? `LAC-${service === 'navy' ? 'N' : 'A'}` : type;

const TRANSFER_FORM = 'TRANSFER <n> <NAC|LAC-N|LAC-A|SAC|MAC> FROM <base|hex|carrier> TO <base|hex|carrier> (2A2a, 23.1)';
const AIRLIFT_FORM = 'AIRLIFT <n> MAC FROM <base> TO <place> WITH <units>[, SUPPLY <k>] [DROP] (2A2a, 50.0 air transport; DROP: 34.2)';

function parseCargo(text: string): { units: string[]; supply: number } | string {
  const units: string[] = [];
  let supply = 0;
  for (const part of text.split(',').map((x) => x.trim())) {
    const sup = /^SUPPLY\s+(\d+)$/i.exec(part);
    if (sup) supply += Number(sup[1]);
    else if (/^[A-Za-z0-9/-]+$/.test(part)) units.push(part.toUpperCase());
    else return `${part}: the cargo is ground unit ids and SUPPLY <k>, by commas; ${AIRLIFT_FORM}`;
  }
  return units.length || supply ? { units, supply } : `nothing to carry: ${AIRLIFT_FORM}`;
}

/** A TRANSFER or AIRLIFT line, or why it is not one (naming what would be right). */
export function parseAirMoveLine(line: string): AirMoveOrder | string {
  const word = line.trim().split(/\s+/)[0].toUpperCase();
  const airlift = word === 'AIRLIFT';
  const m = airlift
    ? /^AIRLIFT\s+(\d+)\s+(\S+)\s+FROM\s+(.+?)\s+TO\s+(.+?)\s+WITH\s+(.+?)(\s+DROP)?$/i.exec(line.trim())
    : /^TRANSFER\s+(\d+)\s+(\S+)\s+FROM\s+(.+?)\s+TO\s+(.+)$/i.exec(line.trim());
  if (!m) return `expected ${airlift ? AIRLIFT_FORM : TRANSFER_FORM}`;
  const points = Number(m[1]);
  if (points < 1) return 'an air mission flies at least one air point (2.12)';
  const kind = KINDS[m[2].toUpperCase()];
  if (!kind) return `${m[2]} is no kind of air: NAC, LAC-N, LAC-A, SAC or MAC (2.12, 2.13)`;
  const base = { points, ...kind, from: m[3].trim(), to: m[4].trim() };
  if (!airlift) return { kind: 'transfer', ...base };
  if (kind.type !== 'MAC') return `${m[2].toUpperCase()} does not carry cargo: only MAC flies air transport (50.0 Air Mission Chart)`;
  const cargo = parseCargo(m[5]);
  if (typeof cargo === 'string') return cargo;
  return { kind: 'airlift', ...base, units: cargo.units, supply: cargo.supply, drop: !!m[6] };
}

export function formatAirMoveOrder(o: AirMoveOrder): string {
  const head = `${o.kind === 'transfer' ? 'TRANSFER' : 'AIRLIFT'} ${o.points} ${airKindName(o.service, o.type)} FROM ${o.from} TO ${o.to}`;
  if (o.kind === 'transfer') return head;
  const cargo = [...(o.units ?? []), ...(o.supply ? [`SUPPLY ${o.supply}`] : [])].join(', ');
  return `${head} WITH ${cargo}${o.drop ? ' DROP' : ''}`;
}
