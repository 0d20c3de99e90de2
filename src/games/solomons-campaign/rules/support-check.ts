/**
 * The checks of a US attack's support among an Operations Phase's orders (28.3 (2), 16.1-16.3,
 * 17.1, 50.0 Air Mission Chart; rules/support.ts resolves it). What depends on the phase's moves
 * (a TF reaching the hex, units landing) is found when the attack is fought and noted instead;
 * the attackers of a line are the units it names, or with ALL (or no pairing) the units there now,
 * those ordered to move there by GROUND and those aboard a TF that unloads there.
 */
import type { SolOrder } from '../orders';
import type { SolSide, SolState } from '../state';
import { isAirOrder } from './air-orders';
import type { OpsOrder } from './ops-orders';
import { hexOf, placeOfText } from './places';
import type { Problem } from './planning';
import { isMarine, NGS_FROM, ngsAllowed } from './support';
import { valuesOf } from './surface';

type Attack = Extract<OpsOrder, { kind: 'attack' }>;
type Unit = SolState['forces'][SolSide]['ground'][number];

const hexOfText = (s: SolState, text: string | null) => {
  const place = text === null ? null : placeOfText(s, text);
  return place ? hexOf(s, place) : null;
};

/** The units that may attack in an ATTACK line (see the file's note). */
function attackersOf(s: SolState, side: SolSide, hex: string, o: Attack, orders: readonly SolOrder[]): Unit[] {
  const f = s.forces[side];
  const named = new Set((o.groups ?? []).flatMap((g) => (g.attackers === 'all' ? [] : g.attackers)));
  const all = !o.groups?.length || o.groups.some((g) => g.attackers === 'all');
  const tfHex = (tf: number) => {
    const move = orders.find((x) => x.kind === 'move' && x.tf === tf);
    return move?.kind === 'move' ? hexOfText(s, move.to) : f.taskForces[tf] ? hexOf(s, f.taskForces[tf].at) : null;
  };
  const arriving = new Set(
    orders.flatMap((x) =>
      x.kind === 'ground' && hexOfText(s, x.to) === hex
        ? [x.unit]
        : x.kind === 'unload' && tfHex(x.tf) === hex
          ? f.ground.filter((g) => g.at === `TF ${x.tf}`).map((g) => g.id)
          : [],
    ),
  );
  return f.ground.filter(
    (g) => g.type !== 'engineer' && (named.has(g.id) || (all && (arriving.has(g.id) || (g.at === hex && !g.at.startsWith('TF '))))),
  );
}

/** The problems of the support asked for in `orders` (each with its line's index). */
export function checkSupport(s: SolState, side: SolSide, orders: readonly SolOrder[]): Problem[] {
  const problems: Problem[] = [];
  const attacks = orders.flatMap((o, index) =>
    o.kind === 'attack' && o.combat === 'ground' ? [{ o: o as Attack, index, hex: hexOfText(s, o.hex) }] : [],
  );
  let combined = s.cp[side]?.combined ?? 0;
  for (const { o, index, hex } of attacks) {
    if (!o.ngs || !hex) continue;
    const bad = (problem: string, rule: string) => problems.push({ index, problem, rule });
    if (side !== 'us') {
      bad('Japan never conducts naval gunfire support: drop NGS', '16.3');
      continue;
    }
    if (!ngsAllowed(s)) {
      bad(`naval gunfire support begins on ${NGS_FROM}: drop NGS`, '16.3');
      continue;
    }
    const f = s.forces[side];
    const unknown = o.ngs === 'all' ? [] : o.ngs.filter((tf) => !f.taskForces[tf]);
    if (unknown.length) {
      bad(`you have no TF ${unknown.join(', TF ')} on the map`, '10.1');
      continue;
    }
    const able = (id: string) => !f.ships[id]?.fatigued && valuesOf(s, f.ships[id].type).bombardment > 0;
    const spent = o.ngs === 'all' ? [] : o.ngs.filter((tf) => !f.taskForces[tf].ships.some(able));
    if (spent.length) {
      bad(
        `TF ${spent.join(', TF ')} has no unfatigued ship with bombardment factors: a ship that attacked, bombarded or supported fires again only after its refit`,
        '17.1',
      );
      continue;
    }
    if (attackersOf(s, side, hex, o, orders).some((g) => g.service === 'army')) {
      if (combined < 1) {
        bad('Army units attack: naval gunfire support needs a Combined CP, none left', '16.3');
        continue;
      }
      combined--;
    }
  }
  for (const [index, o] of orders.entries()) {
    if (!isAirOrder(o) || o.mission !== 'cas' || side !== 'us') continue;
    const hex = hexOfText(s, o.hex);
    if (!hex) continue;
    const attack = attacks.find((a) => a.hex === hex);
    if (!attack) {
      problems.push({
        index,
        problem: `close air support goes with a ground attack: add ATTACK ${o.hex} to these orders`,
        rule: '28.3 (2)',
      });
      continue;
    }
    if (!attackersOf(s, side, hex, attack.o, orders).some(isMarine))
      problems.push({
        index,
        problem: `close air support goes only with US Navy ground units (Marines) attacking: none attack at ${o.hex}`,
        rule: '50.0 Air Mission Chart',
      });
  }
  return problems;
}
