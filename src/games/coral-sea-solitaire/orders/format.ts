/**
 * `formatOrders`: orders back to the lines a player writes, one a line, for the acknowledgment
 * ("as understood"). Parsing the text again gives the same orders (test/games/coral-sea-solitaire/
 * orders/format.spec.ts holds it to that).
 */
import type { AirType } from '../box';
import type { CoralOrder } from '../types';
import { idOf } from './knowledge';

const AIR_ORDER: readonly AirType[] = ['VF', 'VB', 'VT', 'LF', 'LD', 'LMB', 'LHB'];

/** `VB 5 VT 2`: types in the box's order. */
export function formatAir(air: Partial<Record<AirType, number>>): string {
  return AIR_ORDER.flatMap((t) => (air[t] ? [`${t} ${air[t]}`] : [])).join(' ');
}

const names = (ids: readonly string[]) => ids.map(idOf).join(', ');

export function formatOrder(o: CoralOrder): string {
  switch (o.kind) {
    case 'none':
      return 'NONE';
    case 'deploy':
      return `DEPLOY ${o.tf} AT ${o.hex}`;
    case 'base-air':
      return `BASE ${formatAir(o.air)} AT ${o.base}`;
    case 'reinforce-cv3':
      return `CV-3 WITH ${o.tf}`;
    case 'battleships':
      return `${names(o.ships)} WITH ${o.tf}`;
    case 'battleships-tf':
      return `${names(o.ships)} NEW ${o.tf ?? 'TF'} WITH ${idOf(o.escort)} FROM ${o.from}`;
    case 'allocate':
      return `CP ORG ${o.slots.organization} INTEL ${o.slots.intelligence} OPS ${o.slots.operations} LOG ${o.slots.logistics}`;
    case 'new-tf':
      return `NEW ${o.tf} FROM ${o.from}: ${names(o.ships)}`;
    case 'transfer':
      return `TRANSFER ${names(o.ships)} FROM ${o.from} TO ${o.to}`;
    case 'air-transfer':
      return `TRANSFER AIR ${formatAir(o.air)} FROM ${idOf(o.from)} TO ${idOf(o.to)}`;
    case 'intelligence':
      return [
        `INTEL ${o.target}`,
        o.prefer ? `PREFER ${o.prefer.toUpperCase()}` : '',
        o.until ? `UNTIL ${o.until.toUpperCase()}` : '',
        o.max !== undefined ? `MAX ${o.max}` : '',
      ]
        .filter(Boolean)
        .join(' ');
    case 'unidentify':
      return `UNIDENTIFY ${o.tf}`;
    case 'move':
      return `MOVE ${o.tf} ${o.to !== undefined ? `TO ${o.to}` : [...o.path, ...(o.directions ?? [])].join(' ')}${o.fast ? ' FAST' : ''}`;
    case 'stay':
      return `STAY ${o.tf}`;
    case 'mission':
      return `${o.mission.toUpperCase()} ${idOf(o.from)} ${formatAir(o.air)}${o.target ? ` AT ${o.target}` : ''}${o.extended ? ' EXTENDED' : ''}`;
    case 'assign-committed':
      return 'ASSIGN AS COMMITTED';
    case 'assign':
      return `ASSIGN ${idOf(o.from)} ${formatAir(o.air)} TO ${o.mission.toUpperCase()}${o.target ? ` AT ${o.target}` : ''}`;
    case 'bombard':
      return `BOMBARD ${o.base}${o.with.length ? ` WITH ${o.with.join(', ')}` : ''}`;
    case 'no-bombard':
      return 'NO BOMBARD';
    case 'refit':
      return `REFIT ${idOf(o.at)}`;
    case 'rest':
      return `REST ${o.tf}`;
    case 'repair':
      return `REPAIR ${idOf(o.ship)}`;
    case 'refuel':
      return `REFUEL ${o.tf}`;
    case 'refuel-all':
      return 'REFUEL ALL';
    case 'losses':
      return `LOSSES ${formatAir(o.air)}`;
    case 'losses-priority':
      return `LOSSES FIRST ${o.types.join(', ')}`;
    case 'screen':
      return o.ships.length ? `SCREEN ${names(o.ships)}` : 'SCREEN NONE';
    case 'screen-max':
      return 'SCREEN MAX';
    case 'leadership':
      return `LEADERSHIP ${o.use ? 'USE' : 'SAVE'}`;
    case 'intelligence-choice':
      return `${o.choice.toUpperCase()}${o.tf ? ` ${o.tf}` : ''}`;
    case 'land':
      return `LAND ${idOf(o.from)} AIR ON ${idOf(o.on)}`;
    // the IJN system side's decisions (never mailed; shown to the referee)
    case 'ijn-chit':
      return `IJN LEADERSHIP ${o.use ? 'USE' : 'SAVE'} ON ${o.fn}`;
    case 'ijn-recover':
      return `IJN RECOVERY ${o.target} ${o.marker.toUpperCase()} ${o.removed}`;
    case 'ijn-air-strike':
    case 'ijn-air-fighters':
    case 'ijn-move':
    case 'ijn-sub-move':
      return `IJN ${JSON.stringify(o)}`;
    default: {
      const never: never = o;
      throw new Error(`cannot format ${JSON.stringify(never)}`);
    }
  }
}

export const formatOrders = (orders: readonly CoralOrder[]): string => orders.map(formatOrder).join('\n');
