/** The story lines of the Logistics Phase and the turn's end (each shown to whoever may see its event). */
import { SIDE_NAME } from '../state';
import { isLogEvent, type LogEvent } from './log-events';

export function narrateLog(event: { type: string; data: unknown }): string[] {
  if (!isLogEvent(event as never)) return [];
  const e = event as LogEvent;
  switch (e.type) {
    case 'sol.refit':
      return [
        e.data.turns <= 1
          ? `${SIDE_NAME[e.data.side]} refits at ${e.data.at} in port: ${e.data.ships.join(', ')} (20.3).`
          : `${SIDE_NAME[e.data.side]} refits at ${e.data.at}: ${e.data.ships.join(', ')}, back on turn ${e.data.back} (20.2).`,
      ];
    case 'sol.refit-waiting':
      return [`${SIDE_NAME[e.data.side]} ships waiting for a refit berth at ${e.data.at}: ${e.data.ships.join(', ')} (20.4).`];
    case 'sol.refit-crippled':
      return [
        `${SIDE_NAME[e.data.side]} ${e.data.ship} is not in a major base and is crippled at ${e.data.from}: die ${e.data.face}, back at ${e.data.to} on turn ${e.data.back}${e.data.aboard.length ? `; ${e.data.aboard.join(', ')} aboard come back next turn` : ''} (20.6, 19.6).`,
      ];
    case 'sol.attrition': {
      const d = e.data;
      const dead = d.rolls.filter((r) => r.eliminated).map((r) => r.unit);
      return [
        `Supply attrition at ${d.at}: ${d.battalions} battalions, ${d.supply} supply spent${d.rolls.length ? `; dice ${d.rolls.map((r) => `${r.unit} ${r.face}`).join(', ')}` : ''}${dead.length ? `; eliminated ${dead.join(', ')}` : ''}${d.broken.length ? `; broken down ${d.broken.map((b) => b.unit).join(', ')}` : ''} (29.4-29.5).`,
      ];
    }
    case 'sol.recovered':
      return [
        `${SIDE_NAME[e.data.side]} recovers ${e.data.points} air points at ${e.data.at}, ${e.data.supply} supply spent (3C, 21.8, 29.8).`,
      ];
    case 'sol.entrenched':
      return [`${SIDE_NAME[e.data.side]} entrenches at ${e.data.at}: ${e.data.units.join(', ')} (37.1).`];
    case 'sol.airbase-built':
      return [
        `${SIDE_NAME[e.data.side]} engineers ${e.data.engineers.join(', ')} at ${e.data.at}: dice ${e.data.faces.join(', ')}, ${e.data.value === null ? 'nothing built' : `airbase now ${e.data.value}`} (33.2).`,
      ];
    case 'sol.log-note':
      return [`Note: ${e.data.text} (${e.data.rule}).`];
    case 'sol.arrived':
      return [
        `${SIDE_NAME[e.data.side]} reinforcements at ${e.data.at}: ${[...e.data.ships, ...e.data.ground, ...(e.data.air ? [`${e.data.air} air points`] : [])].join(', ')}${e.data.airDelayed ? ` (the air waits a turn: no room, 50.0)` : ''} (1B).`,
      ];
    case 'sol.turn-ended':
      return [`Turn ${e.data.turn} ends; turn ${e.data.next} begins (4B).`];
    case 'sol.game-over':
      return [
        `The game ends: ${e.data.winner ? `${SIDE_NAME[e.data.winner]} wins a ${e.data.level}` : 'a Draw'}, ${e.data.why}; VP Japan ${e.data.vp.japanese}, US ${e.data.vp.us}.`,
      ];
  }
}
