/** The report's map as plain text lines, for the text/plain part (the same facts as the picture), for any board view. */
import type { BoardCell, BoardMap, MapBattle, MapUnitCount } from '../engine/board-view';

const BATTLE_TEXT: Readonly<Record<MapBattle, string>> = { now: 'battle now', due: 'combat due', fought: 'fought this turn' };

const unitsText = (units: readonly MapUnitCount[]) =>
  units.length === 0 ? 'empty' : units.map((u) => `${u.side} ${u.count}${u.label ? ` (${u.label})` : ''}`).join('; ');

/** Damage and markers after the units: "; damaged: allied 1 (1 CV); markers: airfield US". */
function extras(x: { readonly damage?: readonly MapUnitCount[]; readonly markers?: readonly string[] }): string {
  const damage = x.damage?.length ? `; damaged: ${unitsText(x.damage)}` : '';
  const markers = x.markers?.length ? `; ${x.markers.join('; ')}` : '';
  return `${damage}${markers}`;
}

/** A hex or square names where it is when its name does not ("Port Moresby (hex 0812)"). */
function cellName(c: BoardCell): string {
  if (c.kind === 'hex') return c.name === c.hex ? `hex ${c.hex}` : `${c.name} (hex ${c.hex})`;
  if (c.kind === 'square') return `${c.name} (square ${c.col},${c.row})`;
  return c.name;
}

/**
 * One line per cell, then one per place (its owner in brackets) holding units, damage or markers
 * (issue 28: the types of units in port as well as at sea); with `placeUnits`, every place.
 */
export function renderMapText(p: BoardMap): string[] {
  const cells = p.cells.map((a) => {
    const control = a.control ? ` [${a.control}]` : '';
    return `${cellName(a)}${control}: ${unitsText(a.units)}${extras(a)}${a.battle ? ` <${BATTLE_TEXT[a.battle]}>` : ''}`;
  });
  const shown = (p.places ?? []).filter((pl) => p.placeUnits || pl.units?.length || pl.damage?.length || pl.markers?.length);
  return [...cells, ...shown.map((pl) => `${pl.name}${pl.owner ? ` [${pl.owner}]` : ''}: ${unitsText(pl.units ?? [])}${extras(pl)}`)];
}
