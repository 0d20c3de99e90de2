/**
 * Optional rule 20 at the level of the combat module: where the battle stops for task forces and
 * where it does not. The rounds themselves (20.5-20.8) are data: cases/task-forces.json.
 */
import {
  answerTaskForces,
  awaitingTaskForces,
  mainFightUnits,
  nextDecision,
  resolveUntilDecision,
  startBattle,
  type BattleState,
  type TaskForceInput,
} from '../../../../src/games/vitp/combat/api';
import { amphib, battleInput, carrier, eventsOf, lba, play, port, retreat, ScriptedDice, ship, stay, targets, type Step } from './support';

const TF = { usBattleshipBonus: false, kamikaze: false, taskForces: true, separateAirstrikes: false };
const tf = (marker: string, units: string[], f: Partial<TaskForceInput> = {}): TaskForceInput => ({
  marker,
  side: marker.startsWith('J') ? 'japanese' : 'allied',
  units,
  attacking: true,
  invading: [],
  sighted: true,
  ...f,
});

const fleets = () =>
  battleInput({
    options: TF,
    atSea: [ship('kongo', 'japanese', { speed: 5 }), lba('betty', 'japanese'), ship('houston', 'allied', { speed: 5 })],
  });
const resolved = (b: BattleState) => resolveUntilDecision(b, new ScriptedDice([]), () => {});

describe('rule 20 in combat: the battle stops for task forces', () => {
  it("given forces of both sides at sea and no plan, then the battle waits for round 1's task forces and asks nothing", () => {
    const b = resolved(startBattle(fleets()));
    expect(awaitingTaskForces(b)).toEqual({ round: 1 });
    expect(nextDecision(b)).toBeNull();
    expect(mainFightUnits(b, 'japanese')).toEqual(['kongo', 'betty']);
  });

  it('given a plan that leaves a unit out, puts one in twice or is for another round, then it is refused citing 20.2', () => {
    const b = resolved(startBattle(fleets()));
    const r = answerTaskForces(b, {
      round: 2,
      forces: [tf('J1', ['kongo', 'kongo']), tf('A1', ['houston'])],
    });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.problems).toEqual([
      'the task forces are for round 2, the battle waits for round 1 (20.2)',
      'kongo is in two task forces (20.2)',
      'betty is in no task force (20.2)',
    ]);
  });

  it('given the plan, then round 1 is a day action then a night action, and the battle stops again for round 2', () => {
    const b = resolved(startBattle(fleets()));
    const r = answerTaskForces(b, {
      round: 1,
      forces: [tf('J1', ['kongo', 'betty']), tf('A1', ['houston'])],
    });
    if (!r.ok) throw new Error(r.problems.join('; '));
    const script: Step[] = [
      ['japanese', targets({ betty: 'houston' })],
      ['japanese', targets({ kongo: 'houston' })],
      ['allied', targets({ houston: 'kongo' })],
      ['japanese', stay],
      ['allied', stay],
    ];
    const { battle, asked } = play(r.battle, [1, 1, 1, 1], script);
    expect(asked.map((d) => d.id)).toEqual([
      'main/r1/a1-day/targets-japanese',
      'main/r1/a2-night/targets-japanese',
      'main/r1/a2-night/targets-allied',
      'main/r1/retreat-japanese',
      'main/r1/retreat-allied',
    ]);
    expect(awaitingTaskForces(battle)).toEqual({ round: 2 });
  });

  it('given a whole retreat, then the pursuit is fought as in the basic game, with the 7.3 choice and no task forces (20.8)', () => {
    const input = battleInput({
      options: TF,
      atSea: [ship('kongo', 'japanese', { speed: 5 }), ship('houston', 'allied', { speed: 5 })],
      taskForces: { round: 1, forces: [tf('J1', ['kongo']), tf('A1', ['houston'], { attacking: false })] },
    });
    const { battle, asked, events } = play(
      input,
      [1],
      [
        ['japanese', targets({ kongo: 'houston' })],
        ['allied', targets({ houston: 'kongo' })],
        ['japanese', stay],
        ['allied', retreat(['houston'])],
        ['japanese', { kind: 'pursuit', assign: { kongo: 'g1' } }],
      ],
      { stopAtUnscripted: true },
    );
    // A1 holds, but the Allies are asked all the same and Houston is offered (that it may not fire is secret, 20.3); it holds its fire
    expect(asked.map((d) => d.kind)).toEqual(['targets', 'targets', 'retreat', 'retreat', 'pursuit']);
    expect(asked[1]).toMatchObject({ owes: ['allied'], attackers: [{ attacker: { id: 'houston' } }] });
    expect(eventsOf(events, 'combat.targets-designated').map((d) => d.fire)).toEqual([
      [],
      [],
      [{ attacker: 'kongo', target: 'houston' }],
      [],
    ]);
    expect(nextDecision(battle)).toMatchObject({ id: 'g1/r1/day-night', kind: 'day-night' });
    expect(awaitingTaskForces(battle)).toBeNull();
  });

  it('given one side alone at sea, an air raid or the 18.4 surprise, then no task forces are asked for', () => {
    const alone = resolved(
      startBattle(
        battleInput({
          options: TF,
          atSea: [carrier('akagi', 'japanese')],
          ports: [port('manila', 'allied', [ship('houston', 'allied')])],
        }),
      ),
    );
    expect(awaitingTaskForces(alone)).toBeNull();
    expect(nextDecision(alone)?.kind).toBe('air-raids');
    const surprise = resolved(
      startBattle(
        battleInput({
          options: TF,
          opening: 'indonesia-surprise',
          atSea: [carrier('akagi', 'japanese'), ship('houston', 'allied'), amphib('marines', 'allied')],
        }),
      ),
    );
    expect(awaitingTaskForces(surprise)).toBeNull();
    expect(nextDecision(surprise)).toMatchObject({ kind: 'targets', rule: '18.4' });
  });
});
