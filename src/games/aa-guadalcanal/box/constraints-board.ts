/**
 * Constraints on the board and the component counts that the rules and the rulebook's examples
 * impose on any box, the default stand-in or a club's transcription. Each problem names the value
 * by its path in the box data (provenance left out: `$.zones.K.deploy` is the value of
 * `zones.K.deploy`).
 */
import { distance, distances } from './graph';
import type { Constraint, Problem } from './constraint';
import { ISLANDS, SEA_ZONES, SIDES, UNIT_TYPES, type GuadalcanalBoxData, type ZoneId } from './schema';

type Box = GuadalcanalBoxData;
const baseSea = { axis: 'Rabaul-Sea', allies: 'New-Caledonia-Sea' } as const;
const baseLand = { axis: 'Rabaul', allies: 'New-Caledonia' } as const;
const zoneIds = (box: Box) => Object.keys(box.zones) as ZoneId[];
const adj = (box: Box, a: ZoneId, b: ZoneId) => box.zones[a].adjacent.includes(b);
const at = (z: ZoneId, i?: number) =>
  `$.zones${/^[A-Za-z_]\w*$/.test(z) ? `.${z}` : `["${z}"]`}${i === undefined ? '' : `.adjacent[${i}]`}`;

export const boardConstraints: Constraint[] = [
  {
    id: 'adjacency.well-formed',
    rule: 'MOV',
    text: 'no zone borders itself or lists the same neighbour twice',
    check: (box) =>
      zoneIds(box).flatMap((z) =>
        box.zones[z].adjacent.flatMap((n, i, all): Problem[] =>
          n === z
            ? [{ path: at(z, i), message: `${z} listed as its own neighbour` }]
            : all.indexOf(n) !== i
              ? [{ path: at(z, i), message: `${n} listed twice` }]
              : [],
        ),
      ),
  },
  {
    id: 'adjacency.symmetric',
    rule: 'MOV',
    text: 'a border is crossed both ways: if X lists Y, Y lists X',
    check: (box) =>
      zoneIds(box).flatMap((z) =>
        box.zones[z].adjacent.flatMap((n, i) =>
          adj(box, n, z) ? [] : [{ path: at(z, i), message: `${z} lists ${n} but ${n} does not list ${z}` }],
        ),
      ),
  },
  {
    id: 'adjacency.island-touches-sea',
    rule: 'MOV.1',
    text: 'every island touches a sea zone (transports load from and unload onto adjacent islands)',
    check: (box) =>
      ISLANDS.filter((i) => !box.zones[i].adjacent.some((n) => box.zones[n].kind === 'sea')).map((i) => ({
        path: at(i),
        message: `${i} touches no sea zone: no unit could ever land on it or leave it`,
      })),
  },
  {
    id: 'adjacency.base-cards',
    rule: 'COMP',
    text: "a base card's land zone borders only its own sea zone; that sea zone borders only its land zone and its side's route-to-base zones",
    check: (box) =>
      SIDES.flatMap((side) => {
        const land = baseLand[side];
        const sea = baseSea[side];
        const problems: Problem[] = [];
        box.zones[land].adjacent.forEach((n, i) => {
          if (n !== sea) problems.push({ path: at(land, i), message: `${land} may border only ${sea}, not ${n}` });
        });
        if (!adj(box, land, sea)) problems.push({ path: at(land), message: `${land} must border ${sea}` });
        box.zones[sea].adjacent.forEach((n, i) => {
          const z = box.zones[n];
          const ok = n === land || (z.kind === 'sea' && z.routeToBase === side);
          if (!ok) problems.push({ path: at(sea, i), message: `${sea} may border only ${land} and ${side} route-to-base zones, not ${n}` });
        });
        return problems;
      }),
  },
  {
    id: 'route-to-base.consistent',
    rule: 'MOV',
    text: "each side has a route-to-base zone; a zone is one exactly when it borders that side's base sea zone",
    check: (box) =>
      SIDES.flatMap((side) => {
        const problems: Problem[] = [];
        const routes = SEA_ZONES.filter(
          (z) => box.zones[z].kind === 'sea' && (box.zones[z] as { routeToBase: string | null }).routeToBase === side,
        );
        if (!routes.length) problems.push({ path: '$.zones', message: `${side} has no route-to-base zone` });
        for (const z of SEA_ZONES) {
          const marked = routes.includes(z);
          if (marked !== adj(box, z, baseSea[side]))
            problems.push({
              path: `${at(z)}.routeToBase`,
              message: marked
                ? `marked ${side} route-to-base but does not border ${baseSea[side]}`
                : `borders ${baseSea[side]} but is not marked ${side} route-to-base`,
            });
        }
        return problems;
      }),
  },
  {
    id: 'route-to-base.opposite-ends',
    rule: 'COMP',
    severity: 'warning',
    text: "the two sides' route-to-base zones are at opposite ends of the board: at least 3 sea moves apart (a reading of 'opposite ends')",
    check: (box) => {
      const routes = (side: string) =>
        SEA_ZONES.filter((z) => box.zones[z].kind === 'sea' && (box.zones[z] as { routeToBase: string | null }).routeToBase === side);
      return routes('axis').flatMap((a) =>
        routes('allies').flatMap((b) => {
          const d = distance(box.zones, a, b, 'sea');
          return d < 3
            ? [{ path: `${at(a)}.routeToBase`, message: `Axis route zone ${a} is ${d} sea move(s) from Allied route zone ${b}` }]
            : [];
        }),
      );
    },
  },
  {
    id: 'board.connected',
    rule: 'MOV',
    text: "every zone can be reached by air, and each base's sea zone by sea from the other's",
    check: (box) => {
      const air = distances(box.zones, 'Rabaul');
      const problems = zoneIds(box)
        .filter((z) => !air.has(z))
        .map((z) => ({ path: at(z), message: `${z} cannot be reached from Rabaul by any path` }));
      if (distance(box.zones, 'Rabaul-Sea', 'New-Caledonia-Sea', 'sea') === Number.POSITIVE_INFINITY)
        problems.push({ path: '$.zones', message: 'no sea route joins Rabaul-Sea and New-Caledonia-Sea: the fleets could never meet' });
      return problems;
    },
  },
  {
    id: 'example.sea-movement',
    rule: 'MOV',
    text: 'examples of sea movement: base sea to J is 1 move; I and G each border New Georgia but not each other; C and H each border Santa Isabel but not each other, and by air C to H must pass through Santa Isabel',
    check: (box) => {
      const problems: Problem[] = [];
      const need = (a: ZoneId, b: ZoneId, why: string) => {
        if (!adj(box, a, b)) problems.push({ path: at(a), message: `${a} must border ${b} (${why})` });
      };
      const not = (a: ZoneId, b: ZoneId, why: string) => {
        const i = box.zones[a].adjacent.indexOf(b);
        if (i >= 0) problems.push({ path: at(a, i), message: `${a} must not border ${b} (${why})` });
      };
      need('New-Caledonia-Sea', 'J', 'a cruiser moves from the US base card to J in one move');
      need('I', 'New-Georgia', 'New Georgia lies between I and G');
      need('G', 'New-Georgia', 'New Georgia lies between I and G');
      not('I', 'G', 'a battleship cannot move from I to G');
      need('C', 'Santa-Isabel', 'an air unit goes from C to H through Santa Isabel');
      need('H', 'Santa-Isabel', 'an air unit goes from C to H through Santa Isabel');
      not('C', 'H', 'a sea unit cannot move from C to H');
      const via = box.zones.C.adjacent.filter((n) => n !== 'Santa-Isabel' && adj(box, n, 'H'));
      for (const n of via)
        problems.push({
          path: at('C'),
          message: `C and H both border ${n}: an air unit could reach H from C without passing through Santa Isabel`,
        });
      return problems;
    },
  },
  {
    id: 'example.air-movement',
    rule: 'MOV',
    text: 'example of air movement: a fighter goes New Caledonia -> its sea zone -> J in Movement, then reaches the Guadalcanal airfield with 2 more in Regroup',
    check: (box) => {
      const problems: Problem[] = [];
      if (!adj(box, 'New-Caledonia', 'New-Caledonia-Sea'))
        problems.push({ path: at('New-Caledonia'), message: 'must border New-Caledonia-Sea (first move of the example)' });
      if (!adj(box, 'New-Caledonia-Sea', 'J'))
        problems.push({ path: at('New-Caledonia-Sea'), message: 'must border J (second move of the example)' });
      const d = distance(box.zones, 'J', 'Guadalcanal');
      if (d > box.units.FTR.move)
        problems.push({
          path: at('J'),
          message: `Guadalcanal is ${d} moves from J: a fighter (range ${box.units.FTR.move}) could not land there in Regroup`,
        });
      return problems;
    },
  },
  {
    id: 'deploy.as-printed',
    rule: 'REG.4c',
    text: 'deployment example: J costs 1, I costs 2, both US zones',
    check: (box) =>
      (
        [
          ['J', 1],
          ['I', 2],
        ] as const
      ).flatMap(([z, cost]) => {
        const zone = box.zones[z];
        const d = zone.kind === 'sea' ? zone.deploy : null;
        return d?.side === 'allies' && d.cost === cost
          ? []
          : [
              {
                path: `${at(z)}.deploy`,
                message: `must be the Allies' deployment number ${cost} (REG.4c example), found ${JSON.stringify(d)}`,
              },
            ];
      }),
  },
  {
    id: 'deploy.own-side',
    rule: 'REG.4c',
    text: "deployment numbers sit on a side's own side of the board: nearer its base than the enemy's by sea; each side has at least one",
    check: (box) => {
      const from = { axis: distances(box.zones, 'Rabaul-Sea', 'sea'), allies: distances(box.zones, 'New-Caledonia-Sea', 'sea') };
      const problems: Problem[] = [];
      for (const side of SIDES) {
        const enemy = side === 'axis' ? 'allies' : 'axis';
        const mine = SEA_ZONES.filter((z) => {
          const zone = box.zones[z];
          return zone.kind === 'sea' && zone.deploy?.side === side;
        });
        if (!mine.length) problems.push({ path: '$.zones', message: `${side} has no zone with a deployment number` });
        for (const z of mine) {
          const own = from[side].get(z) ?? Number.POSITIVE_INFINITY;
          const other = from[enemy].get(z) ?? Number.POSITIVE_INFINITY;
          if (own >= other)
            problems.push({
              path: `${at(z)}.deploy`,
              message: `${side} deployment zone is ${own} sea moves from its base and ${other} from the ${enemy}': not on the ${side} side`,
            });
        }
      }
      return problems;
    },
  },
  {
    id: 'battle-box.categories',
    rule: 'BOX',
    text: 'each row of the chart names only units of its category, and every unit type of the category appears in it',
    check: (box) =>
      (['air', 'sea', 'land'] as const).flatMap((cat) => {
        const row = box.battleBox[cat];
        const wrong = row.flatMap((t, i) =>
          box.units[t].category === cat ? [] : [{ path: `$.battleBox.${cat}[${i}]`, message: `${t} is not a ${cat} unit` }],
        );
        const missing = UNIT_TYPES.filter((t) => box.units[t].category === cat && !row.includes(t)).map((t) => ({
          path: `$.battleBox.${cat}`,
          message: `${t} appears in no slot: it could never be hit except as a fallback`,
        }));
        return [...wrong, ...missing];
      }),
  },
  {
    id: 'components.counts',
    rule: 'COMP',
    text: 'component list: playing pieces per side, airfield markers = airfield slots, control markers = islands, advantage tokens 8 a side and equal',
    check: (box) => {
      const problems: Problem[] = [];
      for (const side of SIDES) {
        const pieces = UNIT_TYPES.reduce((n, t) => n + box.units[t].pieces[side], 0);
        if (pieces !== box.constants.playingPieces[side])
          problems.push({
            path: `$.units`,
            message: `${side} pieces add up to ${pieces}, the component list has ${box.constants.playingPieces[side]}`,
          });
        const tokens = Object.values(box.advantages).reduce((n, a) => n + a[side], 0);
        if (tokens !== box.constants.advantageTokens[side])
          problems.push({
            path: '$.advantages',
            message: `${side} advantage tokens add up to ${tokens}, the component list has ${box.constants.advantageTokens[side]}`,
          });
      }
      if (box.constants.advantageTokens.axis !== box.constants.advantageTokens.allies)
        problems.push({ path: '$.constants.advantageTokens', message: 'each player should get the same number of advantage tokens (ADV)' });
      const slots = ISLANDS.reduce((n, i) => n + (box.zones[i].kind === 'island' ? box.zones[i].airfieldSlots : 0), 0);
      if (slots !== box.constants.airfieldMarkers)
        problems.push({
          path: '$.zones',
          message: `airfield slots add up to ${slots}, there are ${box.constants.airfieldMarkers} airfield markers`,
        });
      if (ISLANDS.length !== box.constants.controlMarkers)
        problems.push({
          path: '$.constants.controlMarkers',
          message: `${box.constants.controlMarkers} control markers for ${ISLANDS.length} islands`,
        });
      return problems;
    },
  },
];
