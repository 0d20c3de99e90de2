/** The random player's carrier training (47.1, optional: rules/carrier-training.ts), for players/random.ts. */
import type { Rng } from '../../../engine/ruleset';
import { CARRIER_CAPACITY } from '../box/forces';
import type { SolOrder } from '../orders';
import { TRAINING_BASES } from '../rules/carrier-training';
import type { SolView } from '../view';

/** 47.1 (optional): now and then the ready NAC on land at a training base trained aboard a carrier there with room. */
export function randomTraining(view: SolView, rng: Rng): SolOrder[] {
  const k = view.known;
  const own = k.own;
  if (!k.options.carrierTraining || !own || k.side === 'referee') return [];
  const side = k.side;
  const caps: Record<string, number> =
    side === 'us' ? { ...CARRIER_CAPACITY.us.value, ...CARRIER_CAPACITY.usOther.value } : CARRIER_CAPACITY.japanese.value;
  const out: SolOrder[] = [];
  for (const at of TRAINING_BASES[side]) {
    let ready = own.air.filter((a) => a.at === at && a.type === 'NAC' && !a.fatigued).reduce((t, a) => t + a.points, 0);
    const carriers = Object.values(own.ships)
      .filter((x) => x.at === at && x.type in caps && !x.crippled && !k.sailed.includes(x.id))
      .sort((a, b) => (a.id < b.id ? -1 : 1));
    for (const c of carriers) {
      const points = Math.min(ready, caps[c.type] - c.nac);
      if (points <= 0 || rng.int(2)) continue;
      ready -= points;
      out.push({ kind: 'train', points, ship: c.id });
    }
  }
  return out;
}
