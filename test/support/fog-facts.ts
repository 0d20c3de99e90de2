/**
 * The facts of two rulesets for the fog ledger (fog-ledger.ts): Victory in the Pacific, whose one
 * secret besides sealed orders is optional rule 20 (what a task force holds, whether it attacks,
 * which units invade, its sighting roll: the owner's until sighted, 20.2-20.4), and the test game
 * Fleet Duel (fleet and submarine positions, postures, submarine searches, the ship a submarine
 * shadows: 2.1, 4.1, 6.2).
 */
import type { RulesEvent } from '../../src/engine/ruleset';
import { ANY, type Fact, type RulesetFacts } from './fog-ledger';

const list = (s: string) => s.split(', ').filter(Boolean);

// ---- Victory in the Pacific, rule 20 ---------------------------------------------------------------

interface TaskForceLike {
  readonly marker: string;
  /** absent where the viewer may not know them */
  readonly units?: readonly string[];
  readonly attacking?: boolean;
  readonly invading?: readonly string[];
  readonly sighted?: boolean | null;
}

/** A task force's facts: `tf|area|round|marker|unit|name`, `...|attacking|true`, `...|invading|name`, `...|sighted|false`. */
function taskForceFacts(area: string, round: string, tf: TaskForceLike, name: (id: string) => string): Fact[] {
  const at = ['tf', area, round, tf.marker];
  return [
    ...(tf.units ?? []).map((u) => [...at, 'unit', name(u)]),
    ...(tf.attacking === undefined ? [] : [[...at, 'attacking', String(tf.attacking)]]),
    ...(tf.invading ?? []).map((u) => [...at, 'invading', name(u)]),
    ...(tf.sighted === undefined || tf.sighted === null ? [] : [[...at, 'sighted', String(tf.sighted)]]),
  ];
}

/** Every task force plan (`{ round, forces }`) inside a value: the battle the referee alone reads holds them. */
function plansIn(v: unknown, out: { round: number; forces: TaskForceLike[] }[] = []): typeof out {
  if (Array.isArray(v)) for (const x of v) plansIn(x, out);
  else if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (typeof o.round === 'number' && Array.isArray(o.forces)) out.push(o as never);
    for (const x of Object.values(o)) plansIn(x, out);
  }
  return out;
}

/** The sentences of narrate.ts and view.ts (summary) about task forces, read back into facts. */
const VITP_LINES: readonly [RegExp, (m: RegExpMatchArray) => Fact[]][] = [
  [
    /^Your task force (\w+) in (.+), round (\d+): (.+?); (attacking|not attacking)(?:; invading: (.+))? \(20\.2-20\.3\)\.$/,
    (m) =>
      taskForceFacts(m[2], m[3], { marker: m[1], units: list(m[4]), attacking: m[5] === 'attacking', invading: list(m[6] ?? '') }, String),
  ],
  [
    /^(?:Japanese|Allied) task forces in (.+), round (\d+): (.+) \(20\.2\)\.$/,
    (m) => list(m[3]).map((k) => ['tf', m[1], m[2], k, 'marker']),
  ],
  [
    /^Sighting roll for your task force (\w+): (\d+), sighted on 1-(\d+): (?:sighted|not sighted) \((20\.\d+)\)\.$/,
    (m) => [
      ['sighting', ANY, ANY, m[1], 'die', m[2]],
      ['sighting', ANY, ANY, m[1], 'on', m[3]],
    ],
  ],
  [/^Your task force (\w+) is sighted without a roll \((20\.\d+)\)\.$/, (m) => [['sighting', ANY, ANY, m[1], 'on', '6']]],
  [/^(?:Japanese|Allied) task force (\w+) is sighted: (.+) \(20\.4\)\.$/, (m) => list(m[2]).map((u) => ['tf', ANY, ANY, m[1], 'unit', u])],
  [
    /^(?:Japanese|Allied) task force (\w+) joins the fight: (.+) \(20\.6\)\.$/,
    (m) => list(m[2]).map((u) => ['tf', ANY, ANY, m[1], 'unit', u]),
  ],
  [/^(?:Japanese|Allied) task force (\w+) is not sighted \(20\.4\)\.$/, (m) => [['tf', ANY, ANY, m[1], 'sighted', 'false']]],
  [
    /^(?:Japanese|Allied) task force (\w+) in (.+), round (\d+) \((not yet rolled for|sighted|not sighted)\): (.+)\.$/,
    (m) => {
      const sighted = m[4] === 'not yet rolled for' ? null : m[4] === 'sighted';
      if (m[5].startsWith('what it holds is unknown to you'))
        return taskForceFacts(m[2], m[3], { marker: m[1], units: [], sighted }, String);
      const [units, ...rest] = m[5].split('; ');
      const attacking = rest.find((r) => /^(not )?attacking$/.test(r));
      const invading = rest.find((r) => r.startsWith('invading: '));
      return taskForceFacts(
        m[2],
        m[3],
        {
          marker: m[1],
          units: list(units),
          attacking: attacking === undefined ? undefined : attacking === 'attacking',
          invading: invading ? list(invading.slice('invading: '.length)) : [],
          sighted,
        },
        String,
      );
    },
  ],
  [/^The task force markers in (.+) come off the board \(20\.2\)\.$/, (m) => [['tf-over', m[1]]]],
];

function readLine(rules: readonly [RegExp, (m: RegExpMatchArray) => Fact[]][], line: string): Fact[] | null {
  for (const [re, f] of rules) {
    const m = line.match(re);
    if (m) return f(m);
  }
  return null;
}

export const vitpFacts: RulesetFacts = {
  game() {
    const names = new Map<string, string>();
    let at: { area: string; round: string } = { area: ANY, round: ANY };
    const name = (id: string) => names.get(id) ?? id;
    return {
      event(e: RulesEvent): Fact[] {
        const d = e.data as Record<string, unknown>;
        switch (e.type) {
          case 'vitp.task-forces': {
            for (const [id, n] of Object.entries(d.names as Record<string, string>)) names.set(id, n);
            at = { area: String(d.area), round: String(d.round) };
            return (d.forces as TaskForceLike[]).flatMap((tf) => taskForceFacts(at.area, at.round, { ...tf, sighted: undefined }, name));
          }
          case 'vitp.task-force-markers':
            at = { area: String(d.area), round: String(d.round) };
            return (d.markers as string[]).map((k) => ['tf', at.area, at.round, k, 'marker']);
          case 'vitp.sighting-roll':
            return [
              ...(d.die === null ? [] : [['sighting', at.area, at.round, String(d.marker), 'die', String(d.die)]]),
              ['sighting', at.area, at.round, String(d.marker), 'on', String(d.sightedOn)],
            ];
          case 'vitp.sighted': {
            const tf = { marker: String(d.marker), units: d.units as string[], sighted: d.sighted as boolean };
            return taskForceFacts(String(d.area), String(d.round), tf, String);
          }
          case 'vitp.battle': {
            const b = d.battle as { area?: string } | null;
            return b ? plansIn(b).flatMap((p) => p.forces.flatMap((tf) => taskForceFacts(String(b.area), String(p.round), tf, name))) : [];
          }
          case 'combat.task-force-joins':
            // 20.6: an unsighted task force that fires shows what it holds
            return (d.units as string[]).map((u) => ['tf', at.area, at.round, String(d.marker), 'unit', name(u)]);
          case 'vitp.task-forces-over':
            return [['tf-over', String(d.area)]];
          default:
            return [];
        }
      },
    };
  },
  node(node, above, viewer): Fact[] {
    // a round's task forces: the board's (names), the position's and its battle's (unit ids, each
    // named by the units of the state it stands in); the area is the round's or its battle's
    if (typeof node.round !== 'number' || !Array.isArray(node.forces)) return [];
    const area = String(
      node.area ?? [...above].reverse().find((a) => typeof (a as { area?: unknown }).area === 'string')?.['area' as never],
    );
    const state = [...above].reverse().find((a) => Array.isArray((a as { units?: unknown }).units)) as
      | { units: { id?: string; name: string }[] }
      | undefined;
    const names = new Map((state?.units ?? []).filter((u) => u.id).map((u) => [u.id!, u.name]));
    return (node.forces as (TaskForceLike & { side?: string })[]).flatMap((tf) =>
      // the position writes what it cannot know of an enemy task force as the marker alone (view.ts
      // unseen: no units until sighted, "not attacking", nobody invading): that false says nothing
      taskForceFacts(
        area,
        String(node.round),
        tf.side !== undefined && tf.side !== viewer && viewer !== 'referee' && tf.attacking === false
          ? { ...tf, attacking: undefined }
          : tf,
        (id) => names.get(id) ?? id,
      ),
    );
  },
  line: (line) => (/task force|Sighting/.test(line) ? readLine(VITP_LINES, line) : null),
  mentionsHidden: (line) => /\btask force [JA]\d+\b|\bSighting roll\b/.test(line),
};

// ---- Fleet Duel (test/../../src/games/fleet-duel) -----------------------------------------------------------

const OTHER: Record<string, string> = { red: 'blue', blue: 'red' };

const DUEL_LINES: readonly [RegExp, (m: RegExpMatchArray) => Fact[]][] = [
  [
    /^The (red|blue) fleet moves to (\w+), (\w+)\.$/,
    (m) => [
      ['fleet', m[1], m[2]],
      ['posture', m[1], m[3]],
    ],
  ],
  [/^The (red|blue) submarine moves to (\w+)\.$/, (m) => [['sub', m[1], m[2]]]],
  [/^The (red|blue) submarine shadows ship (\d+) of \d+ of the enemy fleet \(6\.2\)\.$/, (m) => [['shadow', m[1], m[2]]]],
  [
    /^The (red|blue) submarine (sights|misses) the enemy fleet in (\w+)\.$/,
    (m) => [['search', m[1], m[3], String(m[2] === 'sights')], ...(m[2] === 'sights' ? [['fleet', OTHER[m[1]], m[3]]] : [])],
  ],
  [/^Turn (\d+): (a storm, no submarine searches|fair weather) \(6\.1\)\.$/, (m) => [['weather', m[1], m[2]]]],
  // the board view: its summary, its forces table's rows, its map's lines (src/games/fleet-duel/view.ts)
  [
    /^The (red|blue) fleet(?: \(yours\))?: \d+ ship\(s\) in (\w+), (\w+)\.$/,
    (m) => [
      ['fleet', m[1], m[2]],
      ['posture', m[1], m[3]],
    ],
  ],
  [
    /^The (red|blue) fleet: \d+ ship\(s\), (?:last seen in (\w+)(?: \(in your area\))?|not seen)\.$/,
    (m) => (m[2] ? [['fleet', m[1], m[2]]] : []),
  ],
  [/^The (red|blue) submarine(?: \(yours\))?: in (\w+)\.$/, (m) => [['sub', m[1], m[2]]]],
  [
    /^(red|blue) fleet +(\w+) +\d+ +(\w+)$/,
    (m) => [
      ['fleet', m[1], m[2]],
      ['posture', m[1], m[3]],
    ],
  ],
  [/^(red|blue) submarine +(\w+)$/, (m) => [['sub', m[1], m[2]]]],
  // a label alone (a table row's first cell, a map marker): where it stands says the area (node)
  [/^(red|blue) (submarine|fleet)$/, () => []],
  [
    /^The fleets meet in (\w+)!$/,
    (m) => [
      ['fleet', 'red', m[1]],
      ['fleet', 'blue', m[1]],
    ],
  ],
];

/** A line of the map's text: "center: red 3 (3 ships); blue submarine" (fleets and submarines in that area). */
const DUEL_MAP_LINE = /^(north|center|south): (.+)$/;

function duelMapLine(line: string): Fact[] | null {
  const [, area, rest] = DUEL_MAP_LINE.exec(line)!;
  const out: Fact[] = [];
  for (const part of rest.split('; ')) {
    const fleet = /^(red|blue) \d+ \(\d+ ships\)$/.exec(part);
    const sub = /^(red|blue) submarine$/.exec(part);
    if (fleet) out.push(['fleet', fleet[1], area]);
    else if (sub) out.push(['sub', sub[1], area]);
    else if (part !== 'empty') return null;
  }
  return out;
}

export const fleetDuelFacts: RulesetFacts = {
  game: () => ({
    event(e: RulesEvent): Fact[] {
      const d = e.data as { side: string; area: string; posture: string; found: boolean; ship: number };
      switch (e.type) {
        case 'FleetMoved':
          return [
            ['fleet', d.side, d.area],
            ['posture', d.side, d.posture],
          ];
        case 'SubMoved':
          return [['sub', d.side, d.area]];
        case 'ShipShadowed':
          return [['shadow', d.side, String(d.ship)]];
        case 'BattleJoined':
          return [
            ['fleet', 'red', d.area],
            ['fleet', 'blue', d.area],
          ];
        case 'SubSearched':
          return [['search', d.side, d.area, String(d.found)], ...(d.found ? [['fleet', OTHER[d.side], d.area]] : [])];
        case 'SystemDecided':
          // the umpire's choice for a system side (rule 7.1): where its fleet goes, and how
          return d.area
            ? [
                ['fleet', d.side, d.area],
                ['posture', d.side, d.posture],
              ]
            : [];
        default:
          return [];
      }
    },
  }),
  node(node): Fact[] {
    // a forces table's rows: [`red fleet`, area, ships, posture], [`red submarine`, area, '', '']
    if (Array.isArray(node.rows) && typeof node.side === 'string')
      return (node.rows as unknown[][]).flatMap((r): Fact[] => {
        const [unit, area, , posture] = r.map(String);
        if (unit === `${node.side} fleet`)
          return [['fleet', node.side as string, area], ...(posture ? [['posture', node.side as string, posture]] : [])];
        return unit === `${node.side} submarine` ? [['sub', node.side as string, area]] : [];
      });
    // a map cell: a fleet's units there, a submarine's marker there
    if (node.kind === 'area' && typeof node.name === 'string') {
      const at = node.name;
      const units = (node.units ?? []) as { side: string }[];
      const markers = ((node.markers ?? []) as string[]).map((m) => /^(red|blue) submarine$/.exec(m)).filter((m) => m !== null);
      return [...units.map((u): Fact => ['fleet', u.side, at]), ...markers.map((m): Fact => ['sub', m[1], at])];
    }
    // a board's fleets and submarines: { fleets: { red: { area, posture } | { lastSeen } }, subs: { red: area } }
    if (!node.fleets || typeof node.fleets !== 'object' || Array.isArray(node.fleets)) return [];
    const fleets = node.fleets as Record<string, { area?: string; lastSeen?: string; posture?: string }>;
    const out: Fact[] = [];
    for (const [side, f] of Object.entries(fleets)) {
      if (f.area) out.push(['fleet', side, f.area]);
      if (f.lastSeen) out.push(['fleet', side, f.lastSeen]);
      if (f.posture) out.push(['posture', side, f.posture]);
    }
    for (const [side, area] of Object.entries((node.subs ?? {}) as Record<string, string>)) out.push(['sub', side, area]);
    return out;
  },
  line: (line) => (DUEL_MAP_LINE.test(line) ? duelMapLine(line) : /fleet|submarine|weather/.test(line) ? readLine(DUEL_LINES, line) : null),
  mentionsHidden: (line) => /\b(fleet moves|submarine)\b/.test(line) || DUEL_MAP_LINE.test(line),
};

// ---- Axis & Allies Guadalcanal ---------------------------------------------------------------------

/** A HITS list (ATK.cargo) as one fact: `hits|axis|INF3 TR1` (empty: the default order). */
const hitsFact = (side: string, units: readonly unknown[]): Fact => ['hits', side, units.map(String).join(' ')];

/** The one secret of the open basic game besides sealed orders: each side's casualty priority (HITS, ATK.cargo), its own. */
export const guadalcanalFacts: RulesetFacts = {
  game: () => ({
    event(e: RulesEvent): Fact[] {
      const d = e.data as { side: string; units: string[] };
      return e.type === 'gc.hits' ? [hitsFact(d.side, d.units)] : [];
    },
  }),
  node(node, _above, viewer): Fact[] {
    const out: Fact[] = [];
    // the position's `hits: { axis: [...], allies: [...] }`
    const hits = node.hits;
    if (hits && typeof hits === 'object' && !Array.isArray(hits))
      for (const [side, units] of Object.entries(hits)) if (Array.isArray(units)) out.push(hitsFact(side, units));
    // the board's own list and its private table
    if (Array.isArray(node.casualtyPriority)) out.push(hitsFact(viewer, node.casualtyPriority));
    if (typeof node.title === 'string' && node.title.includes('HITS') && typeof node.side === 'string' && Array.isArray(node.rows)) {
      const rows = node.rows as unknown[][];
      out.push(
        hitsFact(
          node.side,
          rows.filter((r) => r[0] !== '-').map((r) => r[1]),
        ),
      );
    }
    return out;
  },
  line(line) {
    // a battle box's die by its slot (CMB, ATK): the engine's dice log says the rolls, which are public
    if (/^die \d+: \d+, /.test(line)) return [];
    const m = /^(axis|allies) casualty priority \(ATK\.cargo\): (.+)\.$/.exec(line);
    if (m) return [['hits', m[1], m[2] === 'the default' ? '' : m[2]]];
    // the private table's title, as the view has it and as a mail writes it ("(axis only):"): a side's list follows as rows
    const t = /^Your casualty priority \(HITS, ATK\.cargo\)(?: \((axis|allies) only\):)?$/.exec(line);
    return t ? (t[1] ? [['hits', t[1], ANY]] : []) : null;
  },
  mentionsHidden: (line) => /casualty priority/i.test(line),
};
