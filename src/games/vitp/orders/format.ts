/** Orders written back as order text (the acknowledgment; the random player's mail). Round-trips through parse. */
import type { Answer } from '../combat/api';
import type { Order } from '../types';
import { compareCodeUnits } from '../../../shared/canonical';

const list = (ids: readonly string[]) => ids.join(', ');

/**
 * A unit-keyed answer (targets, pursuers, raiders, landings) line by line in unit id order (code
 * units): the orders may come from a stored event, whose keys PostgreSQL's JSONB re-sorts, and the
 * same orders must always read the same. Each line stands alone, so the order means nothing to the rules.
 */
const byUnit = <V>(record: Readonly<Record<string, V>>): [string, V][] => Object.entries(record).sort(([x], [y]) => compareCodeUnits(x, y));

export function formatOrders(orders: readonly Order[]): string {
  return orders.flatMap(formatOrder).join('\n');
}

function formatOrder(o: Order): string[] {
  switch (o.t) {
    case 'move':
      return [`${{ patrol: 'PATROL', raid: 'RAID', amph: 'AMPHIB' }[o.mode]} ${list(o.units)} TO ${o.to}${o.via ? ` VIA ${o.via}` : ''}`];
    case 'stay':
      return ['STAY'];
    case 'repair':
      return [`REPAIR ${o.unit} ${o.points}`];
    case 'rebuild':
      return [`REBUILD ${o.unit}${o.points === null ? '' : ` ${o.points}`}${o.at ? ` AT ${o.at}` : ''}`];
    case 'base':
      return [`BASE ${o.unit} AT ${o.at}`];
    case 'substitute':
      return [`SUBSTITUTE ${o.unit} FOR ${o.for}`];
    case 'raiders':
      return [`RAIDERS ${list(o.units)}`];
    case 'raid-force':
      return o.units.length ? [`RAID FORCE ${list(o.units)}`] : ['STAY'];
    case 'lba':
      return [`LBA ${o.unit} TO ${o.to}`];
    case 'lba-done':
      return ['LBA DONE'];
    case 'sub':
      return [`SUB ${o.unit} TO ${o.to}`];
    case 'pick':
      return [`BATTLE ${o.area}`];
    case 'invade':
      return [`INVADE ${list(o.units)} AT ${o.at}`];
    case 'return':
      return [`RETURN ${o.units === 'all' ? 'ALL' : list(o.units)} TO ${o.to}`];
    case 'pearl':
      return [o.choice === 'stay' ? 'STAY' : 'WITHDRAW'];
    case 'sortie':
      return [`SORTIE ${o.units === 'all' ? 'ALL' : o.units.length ? list(o.units) : 'NONE'}`];
    case 'hi-retreat':
      return [o.retreat ? 'RETREAT' : 'STAY'];
    case 'answer':
      return formatAnswer(o.answer);
    case 'task-force':
      return [`TASK FORCE ${list(o.units)}${o.attacking ? ' ATTACK' : ''}`];
    case 'invading':
      return [`INVADING ${list(o.units)}`];
  }
}

function formatAnswer(a: Answer): string[] {
  switch (a.kind) {
    case 'day-night':
      return [a.choice.toUpperCase()];
    case 'night-carriers':
      return [`CARRIERS FIRE ${a.carriers.length ? list(a.carriers) : 'NONE'}`];
    case 'kamikaze-carriers':
      return [`KAMIKAZE ${a.carriers.length ? list(a.carriers) : 'NONE'}`];
    case 'targets': {
      const lines = byUnit(a.fire).map(([att, tgt]) => `TARGET ${att} AT ${tgt}`);
      return lines.length ? lines : ['TARGETS DEFAULT'];
    }
    case 'submarine':
      return [a.target ? `SUB ATTACK ${a.target}` : 'SUB WAIT'];
    case 'retreat':
      return [a.retreat ? (a.groups.length ? `RETREAT ${a.groups.map(list).join(' / ')}` : 'RETREAT TOGETHER') : 'STAY'];
    case 'pursuit':
    case 'air-raids': {
      const lines = byUnit(a.assign).map(([ship, to]) => (/^g\d+$/.test(to) ? `PURSUE ${to} WITH ${ship}` : `AIRRAID ${to} WITH ${ship}`));
      return lines.length ? lines : [a.kind === 'pursuit' ? 'NO PURSUIT' : 'NO AIRRAIDS'];
    }
    case 'continue-pursuit': {
      const lines = byUnit(a.assign).map(([ship, to]) => (to === 'stop' ? `BREAK OFF ${ship}` : `FOLLOW ${to} WITH ${ship}`));
      return lines.length ? lines : ['CONTINUE'];
    }
    case 'landings': {
      const lines = byUnit(a.land).map(([unit, base]) => `LAND ${unit} AT ${base}`);
      return lines.length ? lines : ['NO LANDINGS'];
    }
    case 'split':
      return [`SPLIT ${a.groups.map(list).join(' / ')}`];
  }
}
