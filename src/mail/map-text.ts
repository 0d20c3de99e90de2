/** The report's map as plain text lines, for the text/plain part (the same facts as the picture). */
import { asPicture, type MapBattle, type MapData, type MapUnitCount } from '../engine/board-view';

const BATTLE_TEXT: Readonly<Record<MapBattle, string>> = { now: 'battle now', due: 'combat due', fought: 'fought this turn' };

const unitsText = (units: readonly MapUnitCount[]) =>
  units.length === 0 ? 'empty' : units.map((u) => `${u.side} ${u.count}${u.label ? ` (${u.label})` : ''}`).join('; ');

/** One line per area; with `placeUnits`, then one per place (its owner in brackets). */
export function renderMapText(map: MapData): string[] {
  const p = asPicture(map);
  const areas = p.areas.map((a) => {
    const control = a.controlledBy ? ` [${a.controlledBy}]` : '';
    return `${a.area}${control}: ${unitsText(a.units)}${a.battle ? ` <${BATTLE_TEXT[a.battle]}>` : ''}`;
  });
  if (!p.placeUnits) return areas;
  return [...areas, ...(p.places ?? []).map((pl) => `${pl.name}${pl.owner ? ` [${pl.owner}]` : ''}: ${unitsText(pl.units ?? [])}`)];
}
