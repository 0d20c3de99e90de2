/** SETUP: the box's starting position as pieces with ids (TR1, INF2, SUP3: one counter for all). */
import type { GameOptions } from '../../engine/ruleset';
import { ADVANTAGES, boxData, type GuadalcanalBoxData } from './box';
import type { GState, Piece, PieceType } from './types';

export function setupGuadalcanal(box: unknown, options: GameOptions): GState {
  const data: GuadalcanalBoxData = boxData(box);
  const pieces: Piece[] = [];
  const add = (side: Piece['side'], type: PieceType, zone: Piece['zone'], on: string | null = null): string => {
    const id = `${type}${pieces.length + 1}`;
    pieces.push({ id, side, type, zone, on, armorUsed: false, fired: null, vsAirfield: false });
    return id;
  };
  for (const x of data.setup.pieces) {
    for (let k = 0; k < x.count; k++) {
      const id = add(x.side, x.type, x.zone);
      for (const c of x.cargo ?? []) for (let j = 0; j < c.count; j++) add(x.side, c.type, x.zone, id);
      for (let j = 0; j < (x.fighters ?? 0); j++) add(x.side, 'FTR', x.zone, id);
    }
  }
  for (const x of data.setup.supplies) for (let k = 0; k < x.count; k++) add(x.side, 'SUP', x.zone);
  return {
    box: data,
    options,
    turn: 1,
    first: data.setup.firstPlayer,
    at: 0,
    pieces,
    nextNumber: pieces.length + 1,
    airfields: data.setup.airfields.map((a) => ({
      island: a.island as GState['airfields'][number]['island'],
      side: a.side,
      damaged: a.damaged,
    })),
    control: { ...data.setup.control } as GState['control'],
    vp: { ...data.setup.vp },
    winner: null,
    tokens: {
      axis: Object.fromEntries(ADVANTAGES.filter((a) => options[`adv-${a}`] === true).map((a) => [a, data.advantages[a].axis])),
      allies: Object.fromEntries(ADVANTAGES.filter((a) => options[`adv-${a}`] === true).map((a) => [a, data.advantages[a].allies])),
    },
    active: [],
  };
}
