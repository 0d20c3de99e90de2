/**
 * The IJN system side's air decisions at its rows, from its own knowledge (view.ts IjnKnowledge:
 * its forces whole; of the USN each TF's hex, whether identified, and its carriers once identified;
 * the bases) and the step's dice, as the game's IjnDeciders: 5a-c land-based doctrine per IJN base,
 * 5a-d carrier doctrine per carrier TF (ijn-air.ts on ijn/doctrine.ts), 5a1d fighter commitment
 * per carrier or base in range of a USN TF or minor base. Each gives orders for the row's handler
 * (ijn-handlers.ts) and an IjnDecided record: the IJN's own until a launch shows it (27.1(4));
 * fighter rolls of carriers that did not launch on sealed, referee-only dice naming no carrier.
 */
import type { Dice, RollOptions, RulesEvent, Visibility } from '../../../../engine/ruleset';
import type { AirType, CoralBox } from '../../box/schema';
import type { IjnDeciders, IjnMove } from '../../handlers';
import { ijnChitCheck } from '../../ijn/doctrine';
import type { CoralOrder } from '../../types';
import type { IjnKnowledge } from '../../view';
import {
  type IjnAirView,
  type IjnOrigin,
  type IjnTarget,
  planCarrierAir,
  planLandAir,
  reach,
  splitFighters,
  strikersInRange,
} from './ijn-air';
import type { AirCounts } from './state';
import { boardFor, homeName, total } from './units';

const isCarrierType = (t: string | undefined) => t === 'CV' || t === 'CVL';
const hidden: RollOptions = { visibleTo: ['ijn'] };

/** What the IJN's air decisions read of the USN (28.3: identified or not; carriers once identified). */
export function airViewOf(k: IjnKnowledge): IjnAirView {
  const grid = boardFor(k.box).grid;
  return {
    usnTfs: k.usn
      .filter((t) => t.hex !== null)
      .map((t) => ({ id: t.id, hex: t.hex as string, identified: t.identified, carriers: t.carrier === true })),
    usnBases: k.bases
      .filter((b) => b.side === 'usn' && (k.box.bases[b.id].kind.value === 'major' || b.strength > 0))
      .map((b) => ({ id: b.id, hex: b.hex, kind: k.box.bases[b.id].kind.value })),
    badWeather: k.weather === 'bad',
    extendedRange: k.options.extendedRange,
    distance: (a, b) => grid.distance(a, b),
  };
}

/** Squadrons by type of the IJN's own air at a carrier or base in a box. */
function own(k: IjnKnowledge, home: string, box: string): AirCounts {
  const out: AirCounts = {};
  for (const a of k.own.air) if (a.home === home && a.box === box) out[a.type] = (out[a.type] ?? 0) + a.strength;
  return out;
}

/** The IJN's bases that can fly (a minor base above 0, 23.3). */
const ijnBases = (k: IjnKnowledge) =>
  k.bases.filter((b) => b.side === 'ijn' && (k.box.bases[b.id].kind.value === 'major' || b.strength > 0));

/** The IJN's carrier TFs on the map and their carriers that can launch (15.1: not damaged). */
function carrierTfs(k: IjnKnowledge): { id: string; hex: string; carriers: string[] }[] {
  return k.own.taskForces
    .filter((tf) => tf.hex !== null && !tf.gone)
    .map((tf) => ({
      id: tf.id,
      hex: tf.hex as string,
      carriers: (tf.ships ?? []).filter((x) => isCarrierType(x.type) && x.status === 'ok').map((x) => x.key as string),
    }))
    .filter((tf) => tf.carriers.length > 0);
}

const decided = (
  what: string,
  plan: { decision: { roll: unknown; chit?: unknown } | null; choice?: unknown },
  visibleTo: Visibility,
): RulesEvent => ({
  type: 'IjnDecided',
  data: {
    what,
    roll: plan.decision?.roll,
    ...(plan.decision?.chit ? { chit: plan.decision.chit } : {}),
    ...(plan.choice ? { choice: plan.choice } : {}),
  },
  visibleTo,
});

const strikeOrder = (from: string, t: IjnTarget, air: AirCounts): CoralOrder => ({
  kind: 'ijn-air-strike',
  from,
  target: t.id,
  targetHex: t.hex,
  extended: t.extended,
  air,
});
const describe = (c: AirCounts) => (Object.entries(c) as [string, number][]).map(([t, n]) => `${n} ${t}`).join(', ');

/** 5a-c then 5a-d. */
export function decideIjnAir(k: IjnKnowledge, _step: unknown, dice: Dice): IjnMove {
  const box: CoralBox = k.box;
  const view = airViewOf(k);
  const orders: CoralOrder[] = [];
  const records: RulesEvent[] = [];
  let chits = k.chits.ijn;
  const spend = (used: boolean, fn: string) => {
    if (!used) return;
    chits -= 1;
    orders.push({ kind: 'ijn-chit', fn, use: true });
  };
  for (const b of ijnBases(k)) {
    const origin: IjnOrigin = { name: b.id, hex: b.hex, ready: own(k, b.id, 'ready') };
    const plan = planLandAir(dice, box, origin, view, { ijnChits: chits, options: hidden });
    if (!plan.decision) continue;
    spend(plan.decision.chit?.result === 'use', `air doctrine, ${b.id}`);
    const strikers = plan.target ? strikersInRange(box, origin.ready, plan.target, view) : {};
    const launched = plan.target !== null && total(strikers) > 0;
    records.push(
      decided(
        launched ? `${b.id} strikes ${plan.target?.id} with ${describe(strikers)}` : `${b.id}: no land-based strike`,
        plan,
        launched ? 'all' : ['ijn'],
      ),
    );
    if (launched && plan.target) orders.push(strikeOrder(b.id, plan.target, strikers));
  }
  for (const tf of carrierTfs(k)) {
    const ready: AirCounts = {};
    for (const c of tf.carriers)
      for (const [t, n] of Object.entries(own(k, c, 'ready'))) ready[t as AirType] = (ready[t as AirType] ?? 0) + (n ?? 0);
    const plan = planCarrierAir(dice, box, { name: tf.id, hex: tf.hex, ready }, view, { ijnChits: chits, options: hidden });
    if (!plan.decision) continue;
    spend(plan.decision.chit?.result === 'use', `carrier doctrine, ${tf.id}`);
    const target = plan.target;
    const per = tf.carriers.map((c) => ({ c, strikers: target ? strikersInRange(box, own(k, c, 'ready'), target, view) : {} }));
    const launched = target !== null && per.some((x) => total(x.strikers) > 0);
    records.push(
      decided(launched ? `${tf.id} launches at ${target?.id}` : `${tf.id}: no carrier launch`, plan, launched ? 'all' : ['ijn']),
    );
    if (launched && target) for (const x of per) if (total(x.strikers) > 0) orders.push(strikeOrder(x.c, target, x.strikers));
  }
  return { orders, records };
}

/** 5a1d: each IJN carrier or base whose fighters the table splits (in range of a USN TF or minor base, or with a strike to escort). */
export function decideIjnFighters(k: IjnKnowledge, _step: unknown, dice: Dice): IjnMove {
  const box: CoralBox = k.box;
  const view = airViewOf(k);
  const orders: CoralOrder[] = [];
  const records: RulesEvent[] = [];
  const origins = [
    ...ijnBases(k).map((b) => ({ home: b.id as string, hex: b.hex, label: () => b.id as string, carrier: false })),
    ...carrierTfs(k).flatMap((tf) =>
      tf.carriers.map((c, i) => ({
        home: c,
        hex: tf.hex,
        label: (shown: boolean) => (shown ? `${tf.id} ${homeName(c as never)}` : `${tf.id} carrier ${i + 1}`),
        carrier: true,
      })),
    ),
  ];
  for (const o of origins) {
    const strike = k.own.air.find((a) => a.home === o.home && a.box === 'strike' && a.flyingTo);
    const target: IjnTarget | null = strike
      ? {
          kind: 'tf',
          id: '',
          hex: strike.flyingTo as string,
          distance: view.distance(o.hex, strike.flyingTo as string),
          extended: !!strike.extendedRange,
        }
      : null;
    const ready = own(k, o.home, 'ready');
    const r = reach(box, Object.keys(ready) as AirType[], false, view);
    const threatened =
      view.usnTfs.some((t) => view.distance(o.hex, t.hex) <= r) ||
      view.usnBases.some((b) => b.kind === 'minor' && view.distance(o.hex, b.hex) <= r);
    if (!strike && !threatened) continue;
    const secret = !strike && o.carrier;
    const options: RollOptions = secret ? { sealed: true, visibleTo: [] } : strike ? {} : hidden;
    for (const type of ['VF', 'LF'] as AirType[]) {
      const n = ready[type] ?? 0;
      if (!n) continue;
      const split = splitFighters(dice, box, o.label(!secret), o.hex, { type, ready: n }, target, view, options);
      orders.push({ kind: 'ijn-air-fighters', from: o.home, type, escort: split.flyEscort, cap: split.cap });
      const what = `${o.label(!secret)} fighters: ${split.flyEscort} escort, ${split.cap} CAP${split.stayReady ? `, ${split.stayReady} stay ready` : ''}`;
      records.push({ type: 'IjnDecided', data: { what, roll: split.roll }, visibleTo: secret ? [] : strike ? 'all' : ['ijn'] });
    }
  }
  return { orders, records };
}

/**
 * 5a1g-h, 8.5: with a strike of its own in the air and a chit in hand, the IJN checks whether it
 * commits a chit to its air attacks (the CRT lists a chit shift, 8.2; one per function, 8.6).
 */
export function decideIjnAttackChit(k: IjnKnowledge, step: { readonly id: string }, dice: Dice): IjnMove {
  const striking = k.own.air.some((a) => a.box === 'strike' && a.flyingTo);
  const { check } = ijnChitCheck(
    dice,
    k.box,
    k.chits.ijn,
    striking && k.box.leadership['crt-shift'] !== undefined,
    `air attack, ${step.id}`,
  );
  if (!check) return { orders: [], records: [] };
  return {
    orders: [{ kind: 'ijn-chit', fn: 'air-attack', use: check.result === 'use' }],
    records: [{ type: 'IjnDecided', data: { what: `leadership chit for the air attacks: ${check.result}`, chit: check } }],
  };
}

/** The IJN's deciders at the air rows. */
export const airIjn: IjnDeciders = { 'air-ijn': decideIjnAir, 'air-ijn-fighters': decideIjnFighters, 'air-combat': decideIjnAttackChit };
