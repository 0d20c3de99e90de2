/**
 * Optional rule 22: invasions fought out on the island. Invaders and defenders fire one shot per
 * armor point left (22.2); a 6 is a hit of exactly one damage point (22.3; a 5 has nothing to
 * disable ashore); the garrison fires once a round and can be hit only when it stands alone, one
 * hit taking the base (22.4). Fire is simultaneous, effects at the end of the round (as 7.6).
 * Targets are the umpire's: every shooter fires at the most damaged enemy it may attack.
 */
import { changeHands } from './capture';
import type { Tx } from './events';
import type { Unit, VSide } from './types';
import { other } from './types';
import { compareCodeUnits } from '../../shared/canonical';
import { unitOf } from './events';

const shots = (u: Unit) => Math.max(0, u.armor - u.damage);

export function islandCombat(tx: Tx, invaderIds: readonly string[], base: string): void {
  const attacker: VSide = tx.s.units.find((u) => u.id === invaderIds[0])!.side;
  for (const id of invaderIds) tx.unit(id, { loc: { at: 'port', place: base } }, `storms ashore on ${base}`, '22.1');
  const onIsland = (side: VSide) =>
    tx.s.units.filter((u) => u.side === side && u.kind === 'amph' && u.loc.at === 'port' && u.loc.place === base);
  for (let round = 1; round <= 200; round++) {
    const invaders = onIsland(attacker);
    const defenders = onIsland(other(attacker));
    if (invaders.length === 0) return;
    const hits: Record<string, number> = {};
    let garrisonHit = false;
    const fire = (shooters: Unit[], targets: Unit[], garrisonExposed: boolean) => {
      for (const s of shooters) {
        for (let k = 0; k < shots(s); k++) {
          const die = tx.dice.d6(`island combat on ${base}, ${s.name} shot ${k + 1}`, '22.2');
          if (die !== 6) continue;
          const target = [...targets].sort((a, b) => b.damage - a.damage || compareCodeUnits(a.id, b.id))[0];
          if (target) hits[target.id] = (hits[target.id] ?? 0) + 1;
          else if (garrisonExposed) garrisonHit = true;
        }
      }
    };
    fire(invaders, defenders, defenders.length === 0);
    // 22.4: the garrison's one shot a round
    const gdie = tx.dice.d6(`island combat on ${base}, garrison shot`, '22.4');
    fire(defenders, invaders, false);
    if (gdie === 6) {
      const target = [...invaders].sort((a, b) => b.damage - a.damage || compareCodeUnits(a.id, b.id))[0];
      hits[target.id] = (hits[target.id] ?? 0) + 1;
    }
    tx.emit('vitp.note', {
      text: `Island combat on ${base}, round ${round}: ${Object.keys(hits).length || garrisonHit ? 'hits scored' : 'no hits'}.`,
      rule: '22.3',
    });
    for (const [id, n] of Object.entries(hits)) {
      const u = unitOf(tx.s.units, id)!;
      const damage = u.damage + n;
      if (damage > u.armor)
        tx.unit(id, { damage, loc: { at: 'eliminated', returns: tx.s.turn + 2 } }, `is eliminated fighting on ${base}`, '22.3');
      else tx.unit(id, { damage }, `takes ${n} damage ashore`, '22.3');
    }
    if (garrisonHit) {
      changeHands(tx, base, attacker, '22.4', 'its garrison knocked out');
      return;
    }
  }
  throw new Error(`vitp: island combat on ${base} did not end`);
}
