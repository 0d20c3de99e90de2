/**
 * The checks of a side's Operations Phase orders against the state (2A): the problems, each with
 * its line's index and rule; what depends on the moves of the same phase (stops, cargo room) is
 * found while moving and noted to the side instead.
 */
import { assaultProblem } from './assault';
import type { SolOrder } from '../orders';
import type { SolSide, SolState } from '../state';
import type { OpsOrder } from './ops-orders';
import type { Problem } from './planning';
import { hexOf, placeOfText } from './places';
import { checkAir } from './air-check';
import { checkAirMoves } from './air-move';
import { checkSupport } from './support-check';
import { detachProblem } from './crippled';
import { reconProblem } from './recon-orders';

export function checkOps(s: SolState, side: SolSide, orders: readonly SolOrder[]): Problem[] {
  const problems: Problem[] = [];
  const f = s.forces[side];
  const tfOrders = new Map<number, string[]>();
  const searched = new Set(s.searched[side]);
  let intel = 0;
  // 44.4: TFs of crippled ships detached this phase, by number
  const detached = new Set<number>();
  const one = (o: OpsOrder, index: number): void => {
    const bad = (problem: string, rule: string) => {
      problems.push({ index, problem, rule });
    };
    const place = (text: string | null) => (text === null ? null : placeOfText(s, text));
    const tfKnown = (tf: number) => String(tf) in f.taskForces || detached.has(tf);
    switch (o.kind) {
      case 'intel': {
        const at = place(o.hex);
        const hex = at ? hexOf(s, at) : null;
        if (!hex) return bad(`${o.hex} is no hex of the map`, '2A1');
        intel++;
        if (intel > (s.cp[side]?.intel ?? 0))
          return bad(`${intel} intelligence missions need ${intel} Intelligence CP; ${s.cp[side]?.intel ?? 0} left`, '6.4');
        if (searched.has(hex)) return bad(`${o.hex} was searched already this turn`, '50.0 CP chart');
        searched.add(hex);
        return;
      }
      case 'move':
      case 'load':
      case 'unload': {
        if (!tfKnown(o.tf)) return bad(`you have no ${o.tf === 0 ? 'Tokyo Express' : `TF ${o.tf}`} on the map`, '10.1');
        if (o.kind === 'move' && !place(o.to)) return bad(`${o.to} is no place of the map`, '2.1');
        const kinds = [...(tfOrders.get(o.tf) ?? []), o.kind];
        tfOrders.set(o.tf, kinds);
        const moveAndUnload = kinds.length === 2 && kinds.includes('move') && kinds.includes('unload');
        // 10.3 (3) the Tokyo Express, 43.1 an amphibious assault (optional): MOVE and UNLOAD in one phase
        const why = moveAndUnload && o.tf !== 0 ? assaultProblem(s, side, o.tf) : null;
        if (why) return bad(why.problem, why.rule);
        if (kinds.length > 1 && !moveAndUnload)
          return bad(`TF ${o.tf} has one order a phase: loading and unloading take its whole movement`, o.tf === 0 ? '10.3 (3)' : '19.3');
        return;
      }
      case 'ground': {
        const g = f.ground.find((x) => x.id === o.unit);
        if (!g) return bad(`${o.unit} is not one of your ground units`, '2.19');
        if (g.at.startsWith('TF ')) return bad(`${o.unit} is aboard ${g.at}: unload it first`, '19.5');
        if (!place(o.to)) return bad(`${o.to} is no place of the map`, '2.1');
        return;
      }
      case 'attack': {
        const at = place(o.hex);
        if (!at) return bad(`${o.hex} is no place of the map`, '2.1');
        if (!hexOf(s, at)) return bad(`${o.hex} is off the map: combat is fought in a hex of the map`, '11.2');
        // 28.2 (2): the attacker names his own units (the defender's are his to know only when shown)
        for (const g of o.groups ?? [])
          for (const id of g.attackers === 'all' ? [] : g.attackers)
            if (!s.forces[side].ground.some((x) => x.id === id)) return bad(`${id} is not one of your ground units`, '28.2');
        if (o.banzai && !s.options.banzai) return bad('Banzai! is optional rule 49, not chosen for this game: drop BANZAI', '49.1');
        if (o.banzai && side !== 'japanese') return bad('only the Japanese declare Banzai!: drop BANZAI', '49.1');
        return;
      }
      case 'detach': {
        const why = detachProblem(s, side, o.tf, o.as, detached);
        if (why) return bad(why.problem, why.rule);
        detached.add(o.as);
        return;
      }
      case 'transfer':
      case 'airlift':
        return;
      case 'plan':
        if (o.tf !== null && !tfKnown(o.tf)) return bad(`you have no TF ${o.tf} on the map`, '10.1');
        if (o.to !== null && !place(o.to)) return bad(`${o.to} is no place of the map`, '2.1');
        return;
    }
  };
  // 28.3 optional: the RECON CP of the attack lines together, within the Intelligence and Operations CP left
  const recon = orders.flatMap((o, index) => (o.kind === 'attack' && o.recon ? [{ cp: o.recon, index }] : []));
  if (recon.length && !s.options.reconWithdrawal)
    problems.push({
      index: recon[0].index,
      problem: 'recon/withdrawal is the optional rule of 28.3, not chosen for this game: drop RECON',
      rule: '28.3',
    });
  else if (recon.length) {
    const why = reconProblem(
      recon.map((r) => r.cp),
      { intel: s.cp[side]?.intel ?? 0, ops: s.cp[side]?.ops ?? 0 },
      orders.filter((o) => o.kind === 'intel').length,
    );
    if (why) problems.push({ index: recon[recon.length - 1].index, problem: why, rule: '28.3' });
  }
  for (const [index, o] of orders.entries())
    if (o.kind === 'air') continue;
    else if (o.kind !== 'none' && isOps(o)) one(o, index);
    else if (o.kind !== 'none') problems.push({ index, problem: 'this order belongs to the Planning Phase', rule: '4.5' });
  // 2A3a-2A3b: air missions (rules/air-check.ts); 2A2a: air transfer and transport, checked together (ready points, room where they land)
  // 28.3 (2), 16.1-16.3: a US attack's close air and naval gunfire support (rules/support-check.ts)
  return [...problems, ...checkAir(s, side, orders), ...checkAirMoves(s, side, orders), ...checkSupport(s, side, orders)].sort(
    (a, b) => a.index - b.index,
  );
}

const isOps = (o: SolOrder): o is OpsOrder & SolOrder =>
  ['intel', 'transfer', 'airlift', 'move', 'load', 'unload', 'ground', 'plan', 'attack', 'detach'].includes(o.kind);
