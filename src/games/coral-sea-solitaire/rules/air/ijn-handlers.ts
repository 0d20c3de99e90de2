/**
 * The IJN's air steps, fed from the IJN's view (ijnAirView: what 27-28 let it know of the USN) and
 * its own forces: 5a-c land-based doctrine per IJN base, then 5a-d carrier doctrine per carrier TF
 * (a launch identifies the TF and turns its carriers face up, 4.3, 27.1(4), 28.2(3)); 5a1d fighter
 * commitment per carrier or base in range of a USN TF or minor base; 5a1e the strikes fly to their
 * targets, stopping at the first hex of their path where USN CAP flies (21.2, brief 9.17).
 * Every decision is an IjnDecided event; those that reveal nothing yet are the IJN's own until a
 * launch shows them, and fighter rolls of carriers that did not launch are sealed dice (brief 5-6).
 */
import type { Dice, RollOptions, Visibility } from '../../../../engine/ruleset';
import { hexLine } from '../../../kit';
import { type AirType, BASES, type CoralBox } from '../../box/schema';
import type { AirMission, CoralState, ShipKey, TaskForceState } from '../../types';
import type { AirFold } from './fold';
import {
  type IjnAirView,
  type IjnOrigin,
  type IjnTarget,
  reach,
  splitFighters,
  strikersInRange,
  planCarrierAir,
  planLandAir,
} from './ijn-air';
import type { AirCounts, AirHome } from './state';
import { readyUnits, take } from './transfer';
import { type AirMove, airDistance, boardFor, countsOf, homeHex, homeName, operates, placeHex, total } from './units';

const isCarrierType = (t: string) => t === 'CV' || t === 'CVL';

/** What the IJN may know of the USN now (27.1(1): TF markers and counter backs; 28.1; the bases). */
export function ijnAirView(s: CoralState, box: CoralBox): IjnAirView {
  const usnTfs = Object.values(s.taskForces)
    .filter((tf) => tf.side === 'usn' && tf.hex !== null && !tf.gone)
    .map((tf) => ({
      id: tf.id,
      hex: tf.hex as string,
      identified: tf.identified,
      carriers: tf.ships.some((k) => isCarrierType(s.ships[k]?.type) && s.ships[k].status !== 'sunk'),
    }));
  const usnBases = BASES.filter((b) => box.bases[b].side.value === 'usn' && operates(s, box, b)).flatMap((b) => {
    const hex = placeHex(box, b);
    return hex ? [{ id: b, hex, kind: box.bases[b].kind.value }] : [];
  });
  return {
    usnTfs,
    usnBases,
    badWeather: s.weather === 'bad',
    extendedRange: s.options.extendedRange,
    distance: (a, b) => airDistance(box, a, b),
  };
}

const readyCounts = (s: CoralState, home: AirHome): AirCounts => countsOf(s.air.filter((u) => u.home === home && u.box === 'ready'));

/** IJN carrier TFs on the map and their carriers that can launch (15.1). */
export function ijnCarrierTfs(s: CoralState, box: CoralBox): { tf: TaskForceState; carriers: ShipKey[] }[] {
  return Object.values(s.taskForces)
    .filter((tf) => tf.side === 'ijn' && tf.hex !== null && !tf.gone)
    .map((tf) => ({ tf, carriers: tf.ships.filter((k) => isCarrierType(s.ships[k].type) && operates(s, box, k)) }))
    .filter((x) => x.carriers.length > 0);
}

function commit(f: AirFold, from: AirHome, fromHex: string, target: IjnTarget, planned: AirCounts): void {
  const mission: AirMission = {
    id: `ijn:${homeName(from)}:strike:${target.id}`,
    side: 'ijn',
    mission: 'strike',
    from,
    fromHex,
    target: target.id,
    targetHex: target.hex,
    extended: target.extended,
    planned,
    cp: 0,
  };
  f.emit({ type: 'coral.air.committed', data: { mission } });
}

function chit(f: AirFold, used: boolean, forWhat: string): void {
  if (used) f.emit({ type: 'coral.air.chit-used', data: { side: 'ijn', for: forWhat, rule: '8.5' } });
}

/** 5a-c then 5a-d: the IJN's doctrine rolls and the strikes they commit. */
export function runIjnDoctrine(f: AirFold, box: CoralBox, dice: Dice): void {
  const hidden: RollOptions = { visibleTo: ['ijn'] };
  for (const base of BASES) {
    if (box.bases[base].side.value !== 'ijn' || !operates(f.s, box, base)) continue;
    const hex = placeHex(box, base);
    if (!hex) continue;
    const origin: IjnOrigin = { name: base, hex, ready: readyCounts(f.s, base) };
    const view = ijnAirView(f.s, box);
    const plan = planLandAir(dice, box, origin, view, { ijnChits: f.s.chits.ijn, options: hidden });
    if (!plan.decision) continue;
    const strikers = plan.target ? strikersInRange(box, origin.ready, plan.target, view) : {};
    const launched = plan.target !== null && total(strikers) > 0;
    const vis: Visibility = launched ? 'all' : ['ijn'];
    chit(f, plan.decision.chit?.result === 'use', `air doctrine, ${base}`);
    const what = launched ? `${base} strikes ${plan.target?.id} with ${describe(strikers)}` : `${base}: no land-based strike`;
    f.emit({
      type: 'IjnDecided',
      data: {
        what,
        roll: plan.decision.roll,
        ...(plan.decision.chit ? { chit: plan.decision.chit } : {}),
        ...(plan.choice ? { choice: plan.choice } : {}),
      },
      visibleTo: vis,
    });
    if (launched && plan.target) commit(f, base, hex, plan.target, strikers);
  }
  for (const { tf, carriers } of ijnCarrierTfs(f.s, box)) {
    const hex = tf.hex as string;
    const ready: AirCounts = {};
    for (const k of carriers)
      for (const [t, n] of Object.entries(readyCounts(f.s, k))) ready[t as AirType] = (ready[t as AirType] ?? 0) + (n ?? 0);
    const view = ijnAirView(f.s, box);
    const plan = planCarrierAir(dice, box, { name: tf.id, hex, ready }, view, { ijnChits: f.s.chits.ijn, options: hidden });
    if (!plan.decision) continue;
    const per = carriers.map((k) => ({ k, strikers: plan.target ? strikersInRange(box, readyCounts(f.s, k), plan.target, view) : {} }));
    const launched = plan.target !== null && per.some((c) => total(c.strikers) > 0);
    chit(f, plan.decision.chit?.result === 'use', `carrier doctrine, ${tf.id}`);
    const what = launched ? `${tf.id} launches at ${plan.target?.id}` : `${tf.id}: no carrier launch`;
    f.emit({
      type: 'IjnDecided',
      data: {
        what,
        roll: plan.decision.roll,
        ...(plan.decision.chit ? { chit: plan.decision.chit } : {}),
        ...(plan.choice ? { choice: plan.choice } : {}),
      },
      visibleTo: launched ? 'all' : ['ijn'],
    });
    if (!launched || !plan.target) continue;
    if (!f.s.taskForces[tf.id].identified)
      f.emit({
        type: 'coral.tf.identified',
        data: { tf: tf.id, identified: true, cause: `${tf.id} launched an air strike`, rule: '28.2' },
      });
    const faceDown = tf.ships.filter((k) => isCarrierType(f.s.ships[k].type) && !f.s.ships[k].faceUp);
    if (faceDown.length)
      f.emit({
        type: 'coral.ship.revealed',
        data: { ships: faceDown, cause: `${tf.id} launched: its carriers are turned face up`, rule: '4.3, 27.1' },
      });
    for (const c of per) if (total(c.strikers) > 0) commit(f, c.k, hex, plan.target, c.strikers);
  }
}

const describe = (c: AirCounts) =>
  (Object.entries(c) as [string, number][])
    .filter(([, n]) => n > 0)
    .map(([t, n]) => `${n} ${t}`)
    .join(', ');

/** The IJN origins whose fighters 5a1d asks about: operating bases and carriers on the map. */
function ijnOrigins(s: CoralState, box: CoralBox): { home: AirHome; hex: string; label: (revealed: boolean) => string; tf?: string }[] {
  const out: { home: AirHome; hex: string; label: (revealed: boolean) => string; tf?: string }[] = [];
  for (const base of BASES) {
    const hex = placeHex(box, base);
    if (box.bases[base].side.value === 'ijn' && hex && operates(s, box, base)) out.push({ home: base, hex, label: () => base });
  }
  for (const { tf, carriers } of ijnCarrierTfs(s, box))
    carriers.forEach((k, i) => {
      out.push({
        home: k,
        hex: tf.hex as string,
        tf: tf.id,
        label: (revealed) => (revealed ? `${tf.id} ${homeName(k)}` : `${tf.id} carrier ${i + 1}`),
      });
    });
  return out;
}

/** 5a1d-e: fighter commitment per IJN carrier or base in range, then every IJN mission flies. */
export function runIjnFighters(f: AirFold, box: CoralBox, dice: Dice): void {
  const moves: AirMove[] = [];
  for (const o of ijnOrigins(f.s, box)) {
    const strike = (f.s.airMissions ?? []).find((m) => m.side === 'ijn' && m.from === o.home && m.mission === 'strike');
    for (const type of ['VF', 'LF'] as AirType[]) {
      const units = readyUnits(f.s, o.home, type);
      const ready = units.reduce((n, u) => n + u.strength, 0);
      if (!ready) continue;
      const view = ijnAirView(f.s, box);
      const r = reach(box, Object.keys(readyCounts(f.s, o.home)) as AirType[], false, view);
      const threatened =
        view.usnTfs.some((t) => view.distance(o.hex, t.hex) <= r) ||
        view.usnBases.some((b) => b.kind === 'minor' && view.distance(o.hex, b.hex) <= r);
      if (!strike && !threatened) continue;
      const secret = !strike && o.tf !== undefined;
      const opts: RollOptions = secret ? { sealed: true, visibleTo: [] } : strike ? {} : { visibleTo: ['ijn'] };
      const target: IjnTarget | null = strike
        ? {
            kind: 'tf',
            id: strike.target as string,
            hex: strike.targetHex,
            distance: airDistance(box, o.hex, strike.targetHex),
            extended: strike.extended,
          }
        : null;
      const split = splitFighters(dice, box, o.label(!secret), o.hex, { type, ready }, target, view, opts);
      const what = `${o.label(!secret)} fighters: ${split.flyEscort} escort, ${split.cap} CAP${split.stayReady ? `, ${split.stayReady} stay ready` : ''}`;
      f.emit({ type: 'IjnDecided', data: { what, roll: split.roll }, visibleTo: secret ? [] : strike ? 'all' : ['ijn'] });
      let rest = units;
      if (split.flyEscort && strike) {
        for (const { unit, strength } of take(rest, split.flyEscort))
          moves.push({
            id: unit.id,
            strength,
            to: {
              home: o.home,
              box: 'escort',
              flyingTo: strike.targetHex,
              target: strike.target,
              ...(strike.extended ? { extendedRange: true } : {}),
            },
          });
        rest = rest
          .map((u) => ({ ...u, strength: u.strength - moves.filter((m) => m.id === u.id).reduce((n, m) => n + m.strength, 0) }))
          .filter((u) => u.strength > 0);
      }
      for (const { unit, strength } of take(rest, split.cap))
        moves.push({ id: unit.id, strength, to: { home: o.home, box: 'cap', flyingTo: o.hex } });
    }
    if (strike)
      for (const [type, n] of Object.entries(strike.planned) as [AirType, number][])
        for (const { unit, strength } of take(readyUnits(f.s, o.home, type), n))
          moves.push({
            id: unit.id,
            strength,
            to: {
              home: o.home,
              box: 'strike',
              flyingTo: strike.targetHex,
              target: strike.target,
              ...(strike.extended ? { extendedRange: true } : {}),
            },
          });
  }
  const stopped = moves.map((m) =>
    m.to.box === 'cap' ? m : { ...m, to: { ...m.to, flyingTo: stopHex(f.s, box, m.to.home as AirHome, m.to.flyingTo as string) } },
  );
  const launching = new Set((f.s.airMissions ?? []).filter((m) => m.side === 'ijn').map((m) => m.from as string));
  const seen = stopped.filter((m) => launching.has(m.to.home));
  const unseen = stopped.filter((m) => !launching.has(m.to.home));
  if (seen.length) f.emit({ type: 'coral.air.launched', data: { side: 'ijn', moves: seen, rule: '5.6 5a1d-e' } });
  if (unseen.length) f.emit({ type: 'coral.air.launched', data: { side: 'ijn', moves: unseen, rule: '5.6 5a1d-e' }, visibleTo: ['ijn'] });
}

/** 21.2: the first hex of the flight from its carrier or base to the target where USN CAP flies, else the target hex. */
export function stopHex(s: CoralState, box: CoralBox, home: AirHome, target: string): string {
  const from = homeHex(s, box, home);
  if (!from) return target;
  const path = hexLine(boardFor(box).grid, from, target).slice(1);
  return path.find((h) => s.air.some((u) => u.side === 'usn' && u.box === 'cap' && u.flyingTo === h)) ?? target;
}
