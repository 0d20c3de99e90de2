/**
 * Optional rule 20 through the step machine: task forces (20.2-20.3), sighting rolls (20.4-20.44),
 * the battle stopping for them every round (20.7), partial retreats by mail (20.8) and the fog of war
 * around them. The shooting itself (20.5-20.6) has its cases in combat/cases/task-forces.json.
 */
import type { RulesEvent, Side } from '../../../src/engine/ruleset';
import { seededRng } from '../../../src/engine/random-player';
import { vitpRuleset } from '../../../src/games/vitp';
import { groupable, sightingChance } from '../../../src/games/vitp/task-forces';
import { nextDecision } from '../../../src/games/vitp/combat/api';
import type { Loc, Order, TaskForce, VitpState } from '../../../src/games/vitp/types';
import { ListDice, newGame, seededDice, step } from './driver';

const AREA = 'Coral Sea';
const JAPANESE_AT_SEA: Record<string, Loc> = {
  nagato: { at: 'sea', area: AREA, mode: 'patrol' },
  mutsu: { at: 'sea', area: AREA, mode: 'raid' },
  akagi: { at: 'sea', area: AREA, mode: 'raid' },
  kaga: { at: 'sea', area: AREA, mode: 'raid' },
  'kure-snlf': { at: 'sea', area: AREA, mode: 'amph' },
  '21st-air-flotilla': { at: 'sea', area: AREA, mode: 'air' },
};
const ALLIED_AT_SEA: Record<string, Loc> = {
  enterprise: { at: 'sea', area: AREA, mode: 'patrol' },
  northampton: { at: 'sea', area: AREA, mode: 'raid' },
  chicago: { at: 'sea', area: AREA, mode: 'raid' },
};

/** Turn 2, both fleets in the Coral Sea, the Japanese about to form their task forces. */
function organizing(): VitpState {
  const s = newGame({ 'task-forces': true });
  const at = { ...JAPANESE_AT_SEA, ...ALLIED_AT_SEA };
  return {
    ...s,
    turn: 2,
    surprise: { pearl: 'done', indonesia: 'done' },
    units: s.units.map((u) => (at[u.id] ? { ...u, loc: at[u.id] } : u)),
    phase: { k: 'task-forces', side: 'japanese', area: AREA, round: 1 },
  };
}

/** Adjudicate the step in play keeping what was emitted before a rule stopped it. */
function adjudicateUntilStopped(s: VitpState, dice: number[]): { state: VitpState; events: RulesEvent[]; stopped: unknown } {
  const info = vitpRuleset.currentStep(s)!;
  const events: RulesEvent[] = [];
  let stopped: unknown = null;
  try {
    vitpRuleset.adjudicate(s, info, {}, { dice: new ListDice(dice), emit: (e) => events.push(e) });
  } catch (e) {
    stopped = e;
  }
  return { state: events.reduce((st, e) => vitpRuleset.evolve(st, e), s), events, stopped };
}

const visibleTo = (e: RulesEvent, side: string) => e.visibleTo === undefined || e.visibleTo === 'all' || e.visibleTo.includes(side);
const narrativeFor = (events: readonly RulesEvent[], side: string) =>
  events.filter((e) => visibleTo(e, side)).flatMap((e) => vitpRuleset.narrate(e, side));

/** Both sides organize, then the sighting rolls; returns everything up to where combat stops (rule 20). */
function playRound(japaneseOrders: string, dice: number[], alliedOrders = 'STAY') {
  const j = step(organizing(), { japanese: japaneseOrders }, new ListDice([]));
  const a = step(j.state, { allied: alliedOrders }, new ListDice([]));
  const sight = adjudicateUntilStopped(a.state, dice);
  return {
    afterJapanese: j.state,
    beforeSighting: a.state,
    state: sight.state,
    events: [...j.events, ...a.events, ...sight.events],
    stopped: sight.stopped,
  };
}

describe('optional rule 20: task forces and sighting', () => {
  it('given task force orders, then each line is a task force, the unnamed form one more that does not attack, and INVADING marks invaders', () => {
    const { state } = step(
      organizing(),
      { japanese: 'TASK FORCE Nagato, Mutsu ATTACK\nTASK FORCE Akagi\nINVADING Kure SNLF' },
      new ListDice([]),
    );
    const forces = state.taskForces!.forces;
    expect(forces.map((f) => [f.marker, f.units, f.attacking, f.invading, f.sighted])).toEqual([
      ['J1', ['nagato', 'mutsu'], true, [], null],
      ['J2', ['akagi'], false, [], null],
      ['J3', ['kaga', '21st-air-flotilla', 'kure-snlf'], false, ['kure-snlf'], null],
    ]);
    expect(vitpRuleset.currentStep(state)!.id).toBe('t2/battle/1-coral-sea/r1/task-forces/allied');
  });

  it('given STAY, then one task force of everything attacks, as in the basic game', () => {
    const { state } = step(organizing(), { japanese: 'STAY' }, new ListDice([]));
    expect(state.taskForces!.forces).toEqual([
      expect.objectContaining({
        marker: 'J1',
        attacking: true,
        units: expect.arrayContaining(Object.keys(JAPANESE_AT_SEA)),
      }),
    ]);
    expect(state.taskForces!.forces[0].units).toHaveLength(Object.keys(JAPANESE_AT_SEA).length);
  });

  it('given orders naming units not at sea there, twice, or a ship as invader, then they are refused with the rule', () => {
    const s = organizing();
    const info = vitpRuleset.currentStep(s)!;
    const parsed = vitpRuleset.parseOrders(s, 'japanese', 'TF Yamato\nTF Nagato\nTF Nagato, Akagi attack\nINVADING Kaga', info);
    expect(parsed.ok).toBe(true);
    const errors = vitpRuleset.validateOrders(s, 'japanese', (parsed as { orders: readonly Order[] }).orders, info);
    expect(errors.map((e) => [e.line, e.rule])).toEqual([
      [1, '20.2'],
      [3, '20.2'],
      [4, '13.3'],
    ]);
  });

  it('given task force orders, then they read back as the same orders', () => {
    const s = organizing();
    const info = vitpRuleset.currentStep(s)!;
    const text = 'TASK FORCE Nagato, Mutsu ATTACK\nTASK FORCE Akagi\nINVADING Kure SNLF';
    const parsed = vitpRuleset.parseOrders(s, 'japanese', text, info) as { orders: readonly Order[] };
    const again = vitpRuleset.parseOrders(s, 'japanese', vitpRuleset.formatOrders(parsed.orders), info) as {
      orders: readonly Order[];
    };
    expect(again.orders.map(({ line: _l, text: _t, ...o }) => o)).toEqual(parsed.orders.map(({ line: _l, text: _t, ...o }) => o));
  });

  it('given the random player, then its task force orders are always legal and read back', () => {
    const s = organizing();
    const info = vitpRuleset.currentStep(s)!;
    const rng = seededRng('task-forces');
    for (let i = 0; i < 50; i++) {
      const text = vitpRuleset.formatOrders(vitpRuleset.randomOrders(s, 'japanese', info, rng));
      const parsed = vitpRuleset.parseOrders(s, 'japanese', text, info);
      expect(parsed.ok).toBe(true);
      expect(vitpRuleset.validateOrders(s, 'japanese', (parsed as { orders: readonly Order[] }).orders, info)).toEqual([]);
    }
  });

  it('given HELP at the task force step, then the card gives the syntax, the sighting chances and the units to group', () => {
    const help = vitpRuleset.help(organizing(), 'japanese', vitpRuleset.currentStep(organizing()));
    expect(help).toMatch(/TASK FORCE <units> \[ATTACK\]/);
    expect(help).toMatch(/INVADING <amphibious units>/);
    expect(help).toMatch(/Nagato, Mutsu, Akagi, Kaga|Akagi, Kaga, Nagato, Mutsu/);
  });

  it('given the sighting table, then air units or invaders are always sighted, attackers on 1-4, patrollers on 1-3, others on 1-2', () => {
    const s = organizing();
    const tf = (units: string[], attacking = false, invading: string[] = []): TaskForce => ({
      marker: 'J1',
      side: 'japanese',
      units,
      attacking,
      invading,
      sighted: null,
    });
    expect(sightingChance(s, tf(['akagi', '21st-air-flotilla']))).toEqual({ sightedOn: 6, rule: '20.41' });
    expect(sightingChance(s, tf(['kure-snlf'], false, ['kure-snlf']))).toEqual({
      sightedOn: 6,
      rule: '20.41',
    });
    expect(sightingChance(s, tf(['kure-snlf']))).toEqual({ sightedOn: 2, rule: '20.44' });
    expect(sightingChance(s, tf(['nagato', 'akagi'], true))).toEqual({ sightedOn: 4, rule: '20.42' });
    expect(sightingChance(s, tf(['nagato', 'akagi']))).toEqual({ sightedOn: 3, rule: '20.43' });
    expect(sightingChance(s, tf(['akagi', 'kaga']))).toEqual({ sightedOn: 2, rule: '20.44' });
  });

  it('given sighting dice, then a roll up to the number sights, one die per task force, Japanese first, none for automatic sightings', () => {
    // J1 attacking (1-4): 4 sights. J2 patroller (1-3): 4 does not. J3 air (automatic). A1 attacking: 5 does not.
    const { state, events } = playRound('TASK FORCE Mutsu, Akagi ATTACK\nTASK FORCE Nagato, Kaga', [4, 4, 5]);
    expect(state.taskForces!.forces.map((f) => [f.marker, f.sighted])).toEqual([
      ['J1', true],
      ['J2', false],
      ['J3', true],
      ['A1', false],
    ]);
    const rolls = events
      .filter((e) => e.type === 'vitp.sighting-roll')
      .map((e) => e.data as { marker: string; die: number | null; rule: string });
    expect(rolls.map((r) => [r.marker, r.die, r.rule])).toEqual([
      ['J1', 4, '20.42'],
      ['J2', 4, '20.43'],
      ['J3', null, '20.41'],
      ['A1', 5, '20.42'],
    ]);
  });

  it("given the sightings, then the battle opens with the round's day action, no day or night choice (20.5)", () => {
    const { stopped, beforeSighting, state, events } = playRound('STAY', [6, 6]);
    expect(vitpRuleset.currentStep(beforeSighting)).toMatchObject({
      owes: [],
      rule: '20.4',
      diceVisibleTo: [],
    });
    expect(stopped).toBeNull();
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['combat.battle-started', 'combat.task-force-round']));
    expect(events.some((e) => e.type === 'combat.day-night-chosen')).toBe(false);
    // J1 holds the air unit, so it is sighted (20.41); A1 rolled a 6 and is not: only the Allies have targets
    expect(vitpRuleset.currentStep(state)).toMatchObject({
      id: 't2/battle/1-coral-sea/main/r1/a1-day/targets-allied',
      owes: ['allied'],
    });
  });

  it("given a round fought, then the battle stops for the next round's task forces, without what has left the fight (20.7, 20.8)", () => {
    let { state } = playRound('STAY', [6, 6]);
    const dice = new ListDice([], () => 1);
    const seen: string[] = [];
    for (let guard = 0; state.phase.k !== 'task-forces' && guard < 40; guard++) {
      const info = vitpRuleset.currentStep(state)!;
      const d = nextDecision(state.battle!.battle);
      seen.push(d ? `${d.kind}:${d.owes.join('+')}` : info.id);
      // the Japanese send Nagato away alone (20.8) and the rest stay; every other question takes the default
      const japanese = d?.kind === 'retreat' && d.owes.includes('japanese') ? 'RETREAT Nagato' : 'STAY';
      state = step(state, { japanese, allied: 'STAY' }, dice).state;
    }
    expect(seen).toEqual([
      'targets:allied',
      'night-carriers:allied',
      'retreat:japanese',
      'pursuit:allied',
      'retreat:allied',
      'landings:japanese',
    ]);
    expect(vitpRuleset.currentStep(state)!.id).toBe('t2/battle/1-coral-sea/r2/task-forces/japanese');
    expect(
      groupable(state, 'japanese', AREA)
        .map((u) => u.id)
        .sort(),
    ).toEqual(
      Object.keys(JAPANESE_AT_SEA)
        .filter((id) => id !== 'nagato')
        .sort(),
    );
    const j = step(state, { japanese: 'TASK FORCE Mutsu, Akagi ATTACK' }, new ListDice([]));
    expect(j.state.taskForces).toMatchObject({
      round: 2,
      forces: [
        { marker: 'J1', units: ['mutsu', 'akagi'] },
        { marker: 'J2', attacking: false },
      ],
    });
    const a = step(j.state, { allied: 'STAY' }, new ListDice([]));
    const sighting = step(a.state, {}, new ListDice([1, 1, 1], () => 1));
    expect(sighting.events.find((e) => e.type === 'combat.task-force-round')?.data).toMatchObject({
      round: 2,
      markers: { japanese: ['J1', 'J2'], allied: ['A1'] },
    });
  });

  it('given the battle stored with task forces in it, then only the referee reads it; both sides read a public summary (20.4)', () => {
    const { events } = playRound('TASK FORCE Nagato, Mutsu ATTACK', [6, 6, 6]);
    const stored = events.filter((e) => e.type === 'vitp.battle');
    expect(stored.length).toBeGreaterThan(0);
    for (const e of stored) expect(e.visibleTo).toEqual([]);
    const status = events.filter((e) => e.type === 'vitp.battle-status');
    expect(status.map((e) => e.visibleTo)).toEqual(status.map(() => undefined));
    expect(JSON.stringify(status)).not.toMatch(/attacking|Nagato|"units"/);
  });

  describe('fog of war', () => {
    // Two Japanese plans with the same markers and the same sighting results: J1 and J2 unsighted (6, 6),
    // J3 (the air unit and the SNLF) sighted without a roll; the Allied A1 rolls 1 and is sighted.
    const planA = playRound('TASK FORCE Nagato, Mutsu ATTACK\nTASK FORCE Akagi, Kaga', [6, 6, 1]);
    const planB = playRound('TASK FORCE Akagi, Mutsu\nTASK FORCE Nagato, Kaga ATTACK', [6, 6, 1]);

    it('given two different unsighted Japanese task forces, then the Allied view and narrative cannot tell them apart', () => {
      for (const key of ['afterJapanese', 'beforeSighting', 'state'] as const) {
        expect(vitpRuleset.view(planA[key], 'allied')).toEqual(vitpRuleset.view(planB[key], 'allied'));
        expect(vitpRuleset.view(planA[key], 'japanese')).not.toEqual(vitpRuleset.view(planB[key], 'japanese'));
      }
      expect(narrativeFor(planA.events, 'allied')).toEqual(narrativeFor(planB.events, 'allied'));
      // the battle's first question (Japanese day targets): HELP shows the Allies the same card for both plans
      const help = (st: VitpState) => vitpRuleset.help(st, 'allied', vitpRuleset.currentStep(st));
      expect(vitpRuleset.currentStep(planA.state)!.id).toBe(vitpRuleset.currentStep(planB.state)!.id);
      expect(help(planA.state)).toEqual(help(planB.state));
      expect(help(planA.state)).toMatch(/Akagi .*Kaga|Kaga .*Akagi/s);
    });

    it('given an unsighted task force, then nothing the Allies may read names what is in it or whether it attacks', () => {
      const view = vitpRuleset.view(planA.state, 'allied') as {
        taskForces: { forces: object[] };
        summary: string[];
      };
      expect(view.taskForces.forces.filter((f) => (f as { side: string }).side === 'japanese')).toEqual([
        { marker: 'J1', side: 'japanese', sighted: false },
        { marker: 'J2', side: 'japanese', sighted: false },
        { marker: 'J3', side: 'japanese', sighted: true, units: ['21st Air Flotilla', 'Kure SNLF'] },
      ]);
      const lines = [...view.summary, ...narrativeFor(planA.events, 'allied')];
      expect(lines).toContain('Japanese task force J1 in Coral Sea, round 1 (not sighted): what it holds is unknown to you (20.4).');
      const aboutUnsighted = lines.filter((l) => /\bJ[12]\b/.test(l));
      expect(aboutUnsighted.length).toBeGreaterThan(0);
      for (const l of aboutUnsighted) expect(l).not.toMatch(/Nagato|Mutsu|Akagi|Kaga|attack|roll/i);
      expect(
        planA.events
          .filter((e) => ['vitp.task-forces', 'vitp.sighting-roll'].includes(e.type) && (e.data as { side: string }).side === 'japanese')
          .every((e) => JSON.stringify(e.visibleTo) === '["japanese"]'),
      ).toBe(true);
    });

    it("given JSON.stringify of each side's view, then only the owner's holds the make-up of its unsighted task forces", () => {
      const secrets = ['["Nagato","Mutsu"]', '["Akagi","Kaga"]', 'J1 in Coral Sea, round 1 (not sighted): Nagato'];
      const allied = JSON.stringify(vitpRuleset.view(planA.state, 'allied'));
      const japanese = JSON.stringify(vitpRuleset.view(planA.state, 'japanese'));
      for (const secret of secrets) {
        expect(allied).not.toContain(secret);
        expect(japanese).toContain(secret);
      }
      expect(JSON.stringify(vitpRuleset.view(planA.afterJapanese, 'allied'))).not.toMatch(
        /"marker":"J\d","side":"japanese","(units|attacking)/,
      );
    });

    it('given the owner, then it reads its own task forces in full and its own sighting dice', () => {
      const told = JSON.stringify(vitpRuleset.view(planA.state, 'japanese')) + narrativeFor(planA.events, 'japanese').join('\n');
      expect(told).toMatch(/Your task force J1 in Coral Sea, round 1: Nagato, Mutsu; attacking/);
      expect(told).toMatch(/Sighting roll for your task force J1: 6, sighted on 1-4: not sighted \(20.42\)/);
      expect(told).toMatch(/Allied task force A1 is sighted: Chester, Enterprise, Northampton, Chicago/);
    });

    it('given an event its side may not read, then narrate tells it nothing even if asked', () => {
      const secret = planA.events.find((e) => e.type === 'vitp.task-forces' && (e.data as { side: string }).side === 'japanese')!;
      expect(vitpRuleset.narrate(secret, 'allied')).toEqual([]);
      expect(vitpRuleset.narrate(secret, 'referee').join(' ')).toMatch(/Nagato/);
    });
  });

  describe('a whole game with rule 20', () => {
    const SIDES = ['japanese', 'allied'] as const;
    const enemyOf = (side: string) => (side === 'japanese' ? 'allied' : 'japanese');

    /** Plays random legal orders, keeping every state and, per step, the events emitted. */
    function playWatched(seed: string) {
      const rng = seededRng(`orders:${seed}`);
      const dice = seededDice(`dice:${seed}`);
      let state = newGame({ 'task-forces': true });
      const trail: { state: VitpState; events: RulesEvent[] }[] = [];
      for (let info = vitpRuleset.currentStep(state), n = 0; info && n < 20000; info = vitpRuleset.currentStep(state), n++) {
        const texts: Partial<Record<Side, string>> = {};
        for (const side of info.owes) texts[side] = vitpRuleset.formatOrders(vitpRuleset.randomOrders(state, side, info, rng));
        const r = step(state, texts, dice);
        state = r.state;
        trail.push(r);
      }
      return { state, trail };
    }

    it('given the views and narratives of a played game, then no side ever reads what an unsighted enemy task force holds, nor whether it attacks', () => {
      let rounds = 0;
      let unsighted = 0;
      let joined = 0;
      for (const seed of ['fog-1', 'fog-2', 'fog-3']) {
        const { state: last, trail } = playWatched(seed);
        expect(last.phase.k).toBe('over');
        const names = (ids: readonly string[]) => ids.map((id) => last.units.find((u) => u.id === id)!.name);
        for (const { state, events } of trail) {
          for (const e of events) {
            if (e.type === 'vitp.battle' && (e.data as { battle: unknown }).battle !== null) expect(e.visibleTo).toEqual([]);
            if (e.type === 'vitp.task-forces' || e.type === 'vitp.sighting-roll')
              expect(e.visibleTo).toEqual([(e.data as { side: string }).side]);
            if (e.type === 'combat.task-force-round') rounds += 1;
            if (e.type === 'combat.task-force-joins') joined += 1;
          }
          for (const viewer of SIDES) {
            // every line a side may read that names an enemy task force and enemy units is a sighting or a force joining the night action (20.4, 20.6)
            const enemyUnits = last.units.filter((u) => u.side === enemyOf(viewer)).map((u) => u.name);
            for (const line of narrativeFor(events, viewer)) {
              if (!new RegExp(`${enemyOf(viewer) === 'japanese' ? 'Japanese' : 'Allied'} task forces? [JA]\\d`).test(line)) continue;
              if (enemyUnits.some((n) => line.includes(n))) expect(line).toMatch(/ is sighted: | joins /);
              expect(line).not.toMatch(/\battack|invad/i);
            }
            const tfs = state.taskForces;
            if (!tfs) continue;
            const view = vitpRuleset.view(state, viewer) as {
              taskForces: { forces: Record<string, unknown>[] };
              summary: string[];
            };
            for (const f of tfs.forces.filter((x) => x.side !== viewer && x.sighted !== true)) {
              unsighted += 1;
              expect(view.taskForces.forces.find((x) => x.marker === f.marker)).toEqual({
                marker: f.marker,
                side: f.side,
                sighted: f.sighted,
              });
              for (const line of view.summary.filter((l) => l.includes(`task force ${f.marker} `))) {
                for (const n of names(f.units)) expect(line).not.toContain(n);
                expect(line).not.toMatch(/attacking|invading/);
              }
            }
          }
        }
      }
      // not vacuous: the games fought several task force rounds, with unsighted forces, and forces joined at night
      expect(rounds).toBeGreaterThan(20);
      expect(unsighted).toBeGreaterThan(20);
      expect(joined).toBeGreaterThan(0);
    }, 60_000);
  });
});
