/** currentStep: the phase now in play as the engine's StepInfo (ids stable across replays). */
import type { StepInfo } from '../../engine/ruleset';
import { nextDecision } from './combat/api';
import type { VitpState } from './types';
import { slug } from './world';

const SIDE = { japanese: 'Japanese', allied: 'Allied' } as const;

export function stepOf(s: VitpState): StepInfo | null {
  const ph = s.phase;
  const t = s.turn;
  const seq = (id: string, title: string, side: 'japanese' | 'allied', rule: string): StepInfo =>
    ({ id: `t${t}/${id}`, turn: t, title: `Turn ${t}: ${title} (${rule})`, mode: 'sequential', owes: [side], rule });
  switch (ph.k) {
    case 'over': return null;
    case 'raid-force': return seq('pearl-harbor-raid-force', 'Japanese choose the Pearl Harbor raid force', 'japanese', '4.2');
    case 'patrol': return seq(`patrol/${ph.side}`, `${SIDE[ph.side]} patrol movement and repairs`, ph.side, '5.21');
    case 'lba': return seq(`lba/${ph.n}`, `${SIDE[ph.side]} land-based air placement, unit ${ph.n}`, ph.side, '5.22');
    case 'amph': return seq(`amphibious/${ph.side}`, `${SIDE[ph.side]} amphibious movement`, ph.side, '5.23');
    case 'raiders': return seq(`raiders/${ph.side}`, `${SIDE[ph.side]} raider movement`, ph.side, '5.24');
    case 'sub': return seq(`submarine/${ph.side}`, `${SIDE[ph.side]} submarine placement`, ph.side, '5.25');
    case 'pick-battle': return seq(`pick-battle/${s.battleSeq}`, 'Japanese choose the next sea area to fight in', 'japanese', '5.31');
    case 'pearl-stay': return seq('pearl-harbor/stay', 'Pearl Harbor: Japanese stay or withdraw', 'japanese', '18.31');
    case 'pearl-sortie': return seq('pearl-harbor/sortie', 'Pearl Harbor: Allied sortie and retreat', 'allied', '18.33');
    case 'surprise': return seq(`indonesia-surprise/${ph.round}`, `Indonesia surprise air raid, round ${ph.round}: Japanese targets`, 'japanese', '18.4');
    case 'invade': return seq(`invasions/${ph.side}`, `${SIDE[ph.side]} invasions`, ph.side, '5.73');
    case 'return': return seq(`return/${ph.side}`, `${SIDE[ph.side]} return to port`, ph.side, '5.74');
    case 'task-forces':
      return seq(`battle/${s.battleSeq + 1}-${slug(ph.area)}/r${ph.round}/task-forces/${ph.side}`,
        `${SIDE[ph.side]} task forces in ${ph.area}, round ${ph.round}`, ph.side, '20.2');
    case 'sighting':
      // the dice are shown to nobody but the referee: a die beside "not sighted" would tell the enemy
      // whether the task force attacks (20.42-20.44); each side reads its own dice in vitp.sighting-roll
      return {
        id: `t${t}/battle/${s.battleSeq + 1}-${slug(ph.area)}/r${ph.round}/sighting`, turn: t,
        title: `Turn ${t}: sighting rolls in ${ph.area}, round ${ph.round} (20.4)`, mode: 'simultaneous', owes: [], rule: '20.4', diceVisibleTo: [],
      };
    case 'battle': {
      const b = s.battle;
      const d = b ? nextDecision(b.battle) : null;
      if (!b || !d) throw new Error('vitp: battle step without a waiting decision');
      return {
        id: `t${t}/battle/${b.seq}-${slug(b.area)}/${d.id}`,
        turn: t,
        title: `Turn ${t}: battle in ${b.area}: ${d.title.includes(`(${d.rule})`) ? d.title : `${d.title} (${d.rule})`}`,
        mode: d.owes.length > 1 ? 'simultaneous' : 'sequential',
        owes: [...d.owes],
        rule: d.rule,
      };
    }
  }
}
