/** randomOrders: random LEGAL orders for the self-play fuzzer (seeded Rng only). */
import type { Rng } from '../../../engine/ruleset';
import { airAreas, placeableAir } from '../air';
import { combatAreas } from '../battle-input';
import { airInGroups } from '../options';
import { answer, type Answer, type Decision } from '../combat/api';
import { landingChoices, invaders } from '../invasion';
import { destinations, movers, type MoveMode } from '../movement';
import { airstrikeLost, rebuildable, rebuildCapacity, rebuildPorts, repairable, repairPoints } from '../repairs';
import { destinationsFor, harbourChoices, mustReturn } from '../returns';
import { raidEligible, sortieCandidates, surpriseAttackers, surpriseTargets } from '../surprise';
import type { Order, VitpState, VSide } from '../types';
import { basePorts, rebaseable, substituteCandidates, substitutesOwed } from '../turn';
import { groupable } from '../task-forces';
import { defaultOrdersFor } from './defaults';
import { currentDecision } from './parse';

const L = { line: 0, text: '(random)' };
const chance = (rng: Rng, p: number) => rng.int(1000) < p * 1000;
const subset = <T>(rng: Rng, xs: readonly T[], p: number) => xs.filter(() => chance(rng, p));

export function randomOrdersFor(s: VitpState, side: VSide, rng: Rng): Order[] {
  const ph = s.phase;
  switch (ph.k) {
    case 'raid-force':
      return [{ line: L.line, text: L.text, t: 'raid-force', units: subset(rng, raidEligible(s), 0.6).map((u) => u.id) }];
    case 'removals': {
      // 4.42: a substitute named for some owed removals, the rest left to the default
      const named = new Set<string>();
      return substitutesOwed(s).flatMap((listed) => {
        const free = substituteCandidates(s, listed).filter((u) => !named.has(u.id));
        if (!free.length || !chance(rng, 0.7)) return [];
        const pick = rng.pick(free);
        named.add(pick.id);
        return [{ line: L.line, text: L.text, t: 'substitute' as const, unit: pick.id, for: listed.id }];
      });
    }
    case 'patrol': {
      const repairs = [...randomRepairs(s, side, rng), ...randomRebuilds(s, side, rng)];
      const fixing = new Set([...repairs.map((o) => (o.t === 'repair' || o.t === 'rebuild' ? o.unit : ''))]);
      const basing: Order[] = rebaseable(s, side)
        .filter(() => chance(rng, 0.5))
        .flatMap((u) =>
          basePorts(s, u).length ? [{ line: L.line, text: L.text, t: 'base' as const, unit: u.id, at: rng.pick(basePorts(s, u)) }] : [],
        );
      const moves = randomMoves(s, side, 'patrol', rng, 0.4, fixing);
      const busy = new Set([...fixing, ...moves.flatMap((o) => (o.t === 'move' ? o.units : []))]);
      const raiders = movers(s, side, 'patrol')
        .filter((u) => !busy.has(u.id) && chance(rng, 0.4))
        .map((u) => u.id);
      return [
        ...basing,
        ...repairs,
        ...moves,
        ...(raiders.length ? [{ line: L.line, text: L.text, t: 'raiders' as const, units: raiders }] : []),
      ];
    }
    case 'amph':
      return randomMoves(s, side, 'amph', rng, 0.5);
    case 'raiders':
      return randomMoves(s, side, 'raid', rng, 0.4);
    case 'lba': {
      const air = placeableAir(s, side);
      const areas = airAreas(s, side);
      if (!air.length || !areas.length || chance(rng, 0.15)) return [{ line: L.line, text: L.text, t: 'lba-done' }];
      // option air-in-groups: every unit the side places goes in this one order
      if (airInGroups(s)) {
        const group = subset(rng, air, 0.7).map((u) => ({
          line: L.line,
          text: L.text,
          t: 'lba' as const,
          unit: u.id,
          to: rng.pick(areas),
        }));
        return group.length ? group : [{ line: L.line, text: L.text, t: 'lba-done' }];
      }
      return [{ line: L.line, text: L.text, t: 'lba', unit: rng.pick(air).id, to: rng.pick(areas) }];
    }
    case 'sub': {
      const sub = s.units.find((u) => u.kind === 'sub' && u.side === side && u.loc.at === 'port');
      return sub && chance(rng, 0.8) ? [{ line: L.line, text: L.text, t: 'sub', unit: sub.id, to: rng.pick(s.map.areas).name }] : [];
    }
    case 'pick-battle':
      return [{ line: L.line, text: L.text, t: 'pick', area: rng.pick(combatAreas(s)) }];
    case 'pearl-stay':
      return [{ line: L.line, text: L.text, t: 'pearl', choice: chance(rng, 0.5) ? 'stay' : 'withdraw' }];
    case 'pearl-sortie':
      return [
        { line: L.line, text: L.text, t: 'sortie', units: subset(rng, sortieCandidates(s), 0.5).map((u) => u.id) },
        { line: L.line, text: L.text, t: 'hi-retreat', retreat: chance(rng, 0.4) },
      ];
    case 'surprise': {
      const targets = surpriseTargets(s);
      return [
        {
          line: L.line,
          text: L.text,
          t: 'answer',
          answer: {
            kind: 'targets',
            fire: Object.fromEntries(surpriseAttackers(s).map((a) => [a.id, rng.pick(targets).id])),
          },
        },
      ];
    }
    case 'battle':
      return randomAnswer(s, side, rng);
    case 'invade':
      return invaders(s, side)
        .filter(() => chance(rng, 0.6))
        .map((u) => ({ line: L.line, text: L.text, t: 'invade', units: [u.id], at: rng.pick(landingChoices(s, u)) }));
    case 'task-forces':
      return randomTaskForces(s, side, ph.area, rng);
    case 'return':
    case 'harbour':
      return (ph.k === 'harbour' ? harbourChoices(s, side) : mustReturn(s, side)).flatMap((u) => {
        const to = destinationsFor(s, u);
        return to.length && chance(rng, 0.7) ? [{ line: L.line, text: L.text, t: 'return' as const, units: [u.id], to: rng.pick(to) }] : [];
      });
    default:
      return [];
  }
}

/** 20.2-20.3: up to three task forces, each attacking or not; some amphibious units invade. */
function randomTaskForces(s: VitpState, side: VSide, area: string, rng: Rng): Order[] {
  const units = groupable(s, side, area);
  if (chance(rng, 0.2)) return [];
  const n = 1 + rng.int(Math.min(3, units.length));
  const groups: string[][] = Array.from({ length: n }, () => []);
  for (const [i, u] of units.entries()) groups[i < n ? i : rng.int(n)].push(u.id);
  const invading = units.filter((u) => u.kind === 'amph' && chance(rng, 0.3)).map((u) => u.id);
  return [
    ...groups.map((g) => ({ line: L.line, text: L.text, t: 'task-force' as const, units: g, attacking: chance(rng, 0.6) })),
    ...(invading.length ? [{ line: L.line, text: L.text, t: 'invading' as const, units: invading }] : []),
  ];
}

function randomMoves(s: VitpState, side: VSide, mode: MoveMode, rng: Rng, p: number, exclude = new Set<string>()): Order[] {
  const out: Order[] = [];
  for (const u of movers(s, side, mode)) {
    if (exclude.has(u.id) || !chance(rng, p)) continue;
    const to = destinations(s, u, mode);
    if (to.length) out.push({ line: L.line, text: L.text, t: 'move', mode, units: [u.id], to: rng.pick(to), via: null });
  }
  return out;
}

function randomRepairs(s: VitpState, side: VSide, rng: Rng): Order[] {
  const left: Record<string, number> = {};
  const out: Order[] = [];
  for (const u of s.units.filter((x) => x.side === side && repairable(s, x))) {
    if (u.loc.at !== 'port' || !chance(rng, 0.7)) continue;
    const port = u.loc.place;
    left[port] ??= repairPoints(s, side, port);
    const pts = Math.min(u.damage, left[port]);
    if (pts <= 0) continue;
    left[port] -= pts;
    out.push({ line: L.line, text: L.text, t: 'repair', unit: u.id, points: pts });
  }
  return out;
}

/** 23.5: some lost airstrike factors rebuilt, within the side's repair capacity; sometimes by default (all that is lost). */
function randomRebuilds(s: VitpState, side: VSide, rng: Rng): Order[] {
  let left = rebuildCapacity(s, side);
  const out: Order[] = [];
  for (const u of rebuildable(s, side)) {
    if (left <= 0 || !chance(rng, 0.7)) continue;
    const lost = airstrikeLost(u);
    const points = Math.min(lost, left, 1 + rng.int(lost));
    if (u.loc.at === 'eliminated' && u.airstrike - points >= u.armor) continue;
    const ports = rebuildPorts(s, side).filter((p) => basePorts(s, u).includes(p));
    if (u.loc.at === 'eliminated' && !ports.length) continue;
    const at = u.loc.at === 'eliminated' ? rng.pick(ports) : null;
    left -= points;
    out.push({
      line: L.line,
      text: L.text,
      t: 'rebuild',
      unit: u.id,
      points: points === lost && chance(rng, 0.5) ? null : points,
      at,
    });
  }
  return out;
}

/** A random reply the combat module accepts; the documented default otherwise. */
function randomAnswer(s: VitpState, side: VSide, rng: Rng): Order[] {
  const d = currentDecision(s);
  if (!d) return [];
  for (let tries = 0; tries < 3; tries++) {
    const a = randomReply(d, side, rng);
    if (a && answer(s.battle!.battle, side, a).ok) return [{ line: L.line, text: L.text, t: 'answer', answer: a }];
  }
  return defaultOrdersFor(s, side);
}

function randomReply(d: Decision, side: VSide, rng: Rng): Answer | null {
  switch (d.kind) {
    case 'day-night':
      return { kind: 'day-night', choice: chance(rng, 0.5) ? 'day' : 'night' };
    case 'night-carriers':
    case 'kamikaze-carriers':
      return { kind: d.kind, carriers: subset(rng, d.carriers, 0.5).map((c) => c.id) };
    case 'targets': {
      const fire: Record<string, string> = {};
      for (const a of d.attackers) if (a.legalTargets.length) fire[a.attacker.id] = rng.pick(a.legalTargets);
      return { kind: 'targets', fire };
    }
    case 'submarine':
      return {
        kind: 'submarine',
        target: d.targets.length && chance(rng, 0.5) ? rng.pick(d.targets).id : null,
      };
    case 'retreat':
      return chance(rng, 0.3)
        ? { kind: 'retreat', retreat: true, groups: d.units.length ? [d.units.map((u) => u.id)] : [] }
        : { kind: 'retreat', retreat: false };
    case 'pursuit': {
      const assign: Record<string, string> = {};
      for (const sh of d.ships) if (sh.canPursue.length && chance(rng, 0.5)) assign[sh.id] = rng.pick(sh.canPursue);
      return { kind: 'pursuit', assign };
    }
    case 'air-raids': {
      const assign: Record<string, string> = {};
      for (const sh of d.ships) if (d.ports.length && chance(rng, 0.5)) assign[sh.id] = rng.pick(d.ports).id;
      return { kind: 'air-raids', assign };
    }
    case 'landings': {
      const land: Record<string, string> = {};
      for (const u of d.units) if (d.bases.length && chance(rng, 0.5)) land[u.id] = rng.pick(d.bases).id;
      return { kind: 'landings', land };
    }
    case 'split':
      return (d.defaults[side] as Answer | undefined) ?? null;
    case 'continue-pursuit': {
      const assign: Record<string, string> = {};
      for (const p of d.pursuers) assign[p.id] = p.canFollow.length && chance(rng, 0.7) ? rng.pick(p.canFollow) : 'stop';
      return { kind: 'continue-pursuit', assign };
    }
  }
}
