/**
 * The events of the recon/withdrawal optional rule (28.3 "New Optional Rule"), their evolve and
 * story lines. Both are public: the attack's hex is declared (28.2 (1)), and both sides' CP are
 * revealed as they are spent; the attacker's CP travel sealed with his orders until then
 * (`sol.pending-ops`), the defender's with his answer at the recon step.
 */
import type { RulesEvent } from '../../../engine/ruleset';
import { SIDE_NAME, type SolSide, type SolState } from '../state';
import { placeAtHex } from './places';

/** CP spent on recon, by mission. */
export interface ReconSpent {
  readonly intel: number;
  readonly ops: number;
}

export type ReconEvent =
  /** the attack at `hex` is next: the defender commits his CP (the step `…/recon-<n>`) */
  | RulesEvent<'sol.recon-asked', { side: SolSide; hex: string; n: number }>
  | RulesEvent<
      'sol.recon',
      {
        /** the attacker */
        side: SolSide;
        hex: string;
        attacker: ReconSpent;
        defender: ReconSpent;
        /** attack: the attacker's total at least the defender's; withdraw: the defenders leave; held: the defender's is higher, but the island has one hex */
        outcome: 'attack' | 'withdraw' | 'held';
        /** withdraw: the hex they go to, the units, whether an entrenchment was lost */
        to: string | null;
        units: readonly string[];
        entrenchment: boolean;
      }
    >;

const TYPES = new Set(['sol.recon-asked', 'sol.recon']);
export const isReconEvent = (e: RulesEvent): e is ReconEvent => TYPES.has(e.type);

const enemyOf = (side: SolSide): SolSide => (side === 'us' ? 'japanese' : 'us');
const total = (x: ReconSpent) => x.intel + x.ops;

export function evolveRecon(s: SolState, e: ReconEvent): SolState {
  if (e.type === 'sol.recon-asked') return { ...s, recon: { side: e.data.side, hex: e.data.hex, n: e.data.n } };
  const d = e.data;
  const enemy = enemyOf(d.side);
  const cp = { ...s.cp };
  for (const [side, spent] of [
    [d.side, d.attacker],
    [enemy, d.defender],
  ] as const) {
    const c = cp[side];
    if (c && total(spent)) cp[side] = { ...c, intel: c.intel - spent.intel, ops: c.ops - spent.ops };
  }
  let next: SolState = { ...s, cp, recon: null };
  if (d.outcome === 'withdraw' && d.to) {
    const f = next.forces[enemy];
    const going = new Set(d.units);
    const at = placeAtHex(next, enemy, d.to);
    const ground = f.ground.map((g) => (going.has(g.id) ? { ...g, at } : g));
    const mine = { ...next.entrenched[enemy] };
    delete mine[d.hex];
    next = { ...next, forces: { ...next.forces, [enemy]: { ...f, ground } }, entrenched: { ...next.entrenched, [enemy]: mine } };
  }
  return next;
}

const cpWords = (x: ReconSpent) => `${total(x)} CP (${x.intel} Intelligence, ${x.ops} Operations)`;

export function narrateRecon(e: ReconEvent): string[] {
  if (e.type === 'sol.recon-asked')
    return [`${SIDE_NAME[e.data.side]} is about to attack at ${e.data.hex}: recon/withdrawal, both sides commit CP (28.3 optional).`];
  const d = e.data;
  const enemy = enemyOf(d.side);
  const head = `Recon at ${d.hex}: ${SIDE_NAME[d.side]} ${cpWords(d.attacker)}, ${SIDE_NAME[enemy]} ${cpWords(d.defender)}`;
  if (d.outcome === 'attack') return [`${head}: the attack goes on (28.3 optional (1)).`];
  if (d.outcome === 'held')
    return [`${head}: ${SIDE_NAME[enemy]} cannot withdraw from a one-hex island; the attack goes on (28.3 optional (2)).`];
  return [
    `${head}: ${SIDE_NAME[enemy]} withdraws ${d.units.join(', ')} to ${d.to} without combat${d.entrenchment ? ', leaving its entrenchment' : ''}; no attack supply is spent (28.3 optional (2)).`,
  ];
}
