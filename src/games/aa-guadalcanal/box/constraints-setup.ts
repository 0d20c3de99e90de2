/**
 * Constraints on the starting setup: what SETUP prints, and what any setup must satisfy so that the
 * rules can start from it (pieces where their kind may stand, air units on landings, cargo within
 * capacity, island control that turn 1's count of REG.1 would not overturn).
 */
import type { Constraint, Problem } from './constraint';
import { ISLANDS, SIDES, type GuadalcanalBoxData, type GuadalcanalSide, type IslandId, type ZoneId } from './schema';

type Box = GuadalcanalBoxData;
const other = (s: GuadalcanalSide): GuadalcanalSide => (s === 'axis' ? 'allies' : 'axis');
const ownBase = { axis: ['Rabaul', 'Rabaul-Sea'], allies: ['New-Caledonia', 'New-Caledonia-Sea'] } as const;
const piecePath = (i: number) => `$.setup.pieces[${i}]`;

function placementProblem(box: Box, side: GuadalcanalSide, zone: ZoneId, category: 'air' | 'sea' | 'land'): string | null {
  const kind = box.zones[zone].kind;
  if ((kind === 'base-land' || kind === 'base-sea') && !(ownBase[side] as readonly string[]).includes(zone))
    return `${zone} is the ${other(side)} base card: enemy units never enter it`;
  if (category === 'sea' && kind !== 'sea' && kind !== 'base-sea') return `a sea unit cannot stand on ${zone} (${kind})`;
  if (category === 'land' && kind !== 'island' && kind !== 'base-land')
    return `a land unit stands on an island or its base's land zone, not ${zone}, unless carried`;
  if (category === 'air' && kind !== 'island' && kind !== 'base-land')
    return `an air unit starts landed: on its base, an airfield or a carrier, not in ${zone}`;
  return null;
}

/** Land power of a side on an island for control (REG.1): its land units, plus adjacent CA/BB when it has a land unit there. */
export function landPower(box: Box, side: GuadalcanalSide, island: IslandId): number {
  const here = box.setup.pieces.filter((x) => x.side === side && x.zone === island && box.units[x.type].category === 'land');
  if (!here.length) return 0;
  const ships = box.setup.pieces.filter(
    (x) => x.side === side && box.zones[island].adjacent.includes(x.zone) && (x.type === 'CA' || x.type === 'BB'),
  );
  return [...here, ...ships].reduce((n, x) => n + x.count * box.units[x.type].attack.land, 0);
}

export const setupConstraints: Constraint[] = [
  {
    id: 'setup.airfields',
    rule: 'SETUP',
    text: 'one Allied airfield on Guadalcanal and one Axis airfield on Bougainville, undamaged; none elsewhere',
    check: (box) => {
      const want = [
        { island: 'Guadalcanal', side: 'allies' },
        { island: 'Bougainville', side: 'axis' },
      ];
      const problems: Problem[] = [];
      box.setup.airfields.forEach((a, i) => {
        const ok = want.some((w) => w.island === a.island && w.side === a.side) && !a.damaged;
        if (!ok)
          problems.push({
            path: `$.setup.airfields[${i}]`,
            message: `${a.side} ${a.damaged ? 'damaged ' : ''}airfield on ${a.island} is not in SETUP`,
          });
      });
      for (const w of want)
        if (box.setup.airfields.filter((a) => a.island === w.island && a.side === w.side).length !== 1)
          problems.push({ path: '$.setup.airfields', message: `SETUP puts exactly 1 ${w.side} airfield on ${w.island}` });
      return problems;
    },
  },
  {
    id: 'setup.airfield-slots',
    rule: 'REG.3',
    text: 'no island starts with more airfields than its slots',
    check: (box) =>
      box.setup.airfields.flatMap((a, i): Problem[] => {
        const zone = box.zones[a.island];
        if (zone.kind !== 'island') return [];
        const n = box.setup.airfields.filter((b) => b.island === a.island).length;
        return n > zone.airfieldSlots && box.setup.airfields.findIndex((b) => b.island === a.island) === i
          ? [{ path: `$.setup.airfields[${i}]`, message: `${n} airfields on ${a.island}, which has ${zone.airfieldSlots} slot(s)` }]
          : [];
      }),
  },
  {
    id: 'setup.placement',
    rule: 'COMP',
    text: "land units on islands or their base's land zone, sea units in sea zones, air units landed; nobody on the enemy's base card; supplies on islands or their base",
    check: (box) => [
      ...box.setup.pieces.flatMap((x, i) => {
        const why = placementProblem(box, x.side, x.zone, box.units[x.type].category);
        return why ? [{ path: `${piecePath(i)}.zone`, message: why }] : [];
      }),
      ...box.setup.supplies.flatMap((s, i) => {
        const why = placementProblem(box, s.side, s.zone, 'land');
        return why ? [{ path: `$.setup.supplies[${i}].zone`, message: why.replace('a land unit', 'a supply token') }] : [];
      }),
    ],
  },
  {
    id: 'setup.cargo',
    rule: 'MOV.1',
    text: 'cargo only on transports and destroyers, within their spaces; fighters only aboard carriers, within the flight deck',
    check: (box) =>
      box.setup.pieces.flatMap((x, i): Problem[] => {
        const spec = box.units[x.type];
        const problems: Problem[] = [];
        const load = (x.cargo ?? []).reduce((n, c) => n + c.count, 0);
        if (load > spec.cargoSpaces)
          problems.push({ path: `${piecePath(i)}.cargo`, message: `${load} cargo on a ${x.type}, which has ${spec.cargoSpaces} space(s)` });
        if ((x.fighters ?? 0) > spec.flightDeck)
          problems.push({
            path: `${piecePath(i)}.fighters`,
            message: `${x.fighters} fighters aboard a ${x.type}, whose flight deck takes ${spec.flightDeck}`,
          });
        return problems;
      }),
  },
  {
    id: 'setup.air-landings',
    rule: 'REG.2',
    text: 'air units on an island sit on their own undamaged airfields, at most 2 per airfield',
    check: (box) =>
      SIDES.flatMap((side) =>
        ISLANDS.flatMap((island): Problem[] => {
          const air = box.setup.pieces.filter((x) => x.side === side && x.zone === island && box.units[x.type].category === 'air');
          const n = air.reduce((k, x) => k + x.count, 0);
          const fields = box.setup.airfields.filter((a) => a.island === island && a.side === side && !a.damaged).length;
          const cap = fields * box.constants.airfieldCapacity;
          return n > cap
            ? [
                {
                  path: piecePath(box.setup.pieces.indexOf(air[0])),
                  message: `${n} ${side} air units on ${island}, landing room for ${cap} (${fields} undamaged ${side} airfield(s))`,
                },
              ]
            : [];
        }),
      ),
  },
  {
    id: 'setup.control-holds',
    rule: 'REG.1',
    text: "the side SETUP gives each island has at least the other side's land power there, so turn 1's control count keeps it",
    check: (box) =>
      ISLANDS.flatMap((island): Problem[] => {
        const holder = box.setup.control[island];
        const mine = landPower(box, holder, island);
        const theirs = landPower(box, other(holder), island);
        return theirs > mine
          ? [
              {
                path: `$.setup.control["${island}"]`,
                message: `${holder} controls ${island} with land power ${mine} against ${theirs}: REG.1 would hand it over at once`,
              },
            ]
          : [];
      }),
  },
  {
    id: 'setup.pieces-in-box',
    rule: 'COMP',
    severity: 'warning',
    text: 'the setup fits the pieces and supply tokens in the box (chips may stand in beyond them)',
    check: (box) =>
      SIDES.flatMap((side) => {
        const used = new Map<string, number>();
        const add = (t: string, n: number) => used.set(t, (used.get(t) ?? 0) + n);
        for (const x of box.setup.pieces.filter((y) => y.side === side)) {
          add(x.type, x.count);
          for (const c of x.cargo ?? []) add(c.type, c.count * x.count);
          if (x.fighters) add('FTR', x.fighters * x.count);
        }
        for (const s of box.setup.supplies.filter((y) => y.side === side)) add('SUP', s.count);
        return [...used].flatMap(([t, n]) => {
          const have = t === 'SUP' ? box.supplyToken.pieces[side] : box.units[t as keyof Box['units']].pieces[side];
          return n > have ? [{ path: '$.setup.pieces', message: `${side} setup uses ${n} ${t}, the box has ${have}` }] : [];
        });
      }),
  },
];
