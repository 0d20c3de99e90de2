import type { Check } from './check-kit';
import { sum } from './check-kit';
import { AIR_TYPES, IJN_TFS } from './schema';

export const FORCE_CHECKS: readonly Check[] = [
  {
    id: 'bases.hold-their-air',
    rule: '23.4',
    text: "each base's capacity holds the air the setup and reinforcements put on it (4.2, 4.3)",
    check: (p) => {
      const need: Record<string, number> = {
        Rabaul:
          sum(p.setup.ijn.baseAir.Rabaul) +
          p.setup.ijn.reinforcementAir.filter((r) => r.base === 'Rabaul').reduce((n, r) => n + sum(r.air), 0),
        Lae: sum(p.setup.ijn.baseAir.Lae),
        'Port-Moresby': sum(p.setup.usn.baseAir['Port-Moresby']),
      };
      const out = Object.entries(need).flatMap(([base, n]) =>
        p.bases[base].capacity >= n
          ? []
          : [{ path: `$.bases.${base}.capacity`, message: `${base} must hold ${n} squadrons, its capacity is ${p.bases[base].capacity}` }],
      );
      const australia = sum(p.setup.usn.baseAir.Australia);
      const both = p.bases['North-Australia'].capacity + p.bases['South-Australia'].capacity;
      if (both < australia)
        out.push({
          path: '$.bases.North-Australia.capacity',
          message: `the two Australian bases hold ${both}, Australia starts with ${australia} squadrons`,
        });
      return out;
    },
  },
  {
    id: 'tables.doctrine-columns',
    rule: '4a, 14.6',
    text: 'the movement doctrine has a column for every IJN TF, and the Port Moresby Group can move fast toward its objective',
    check: (p) => {
      const cols = p.tables.movementDoctrine.table.columns;
      const out = IJN_TFS.filter((tf) => !cols.some((c) => c.id === tf)).map((tf) => ({
        path: '$.tables.movementDoctrine.table.columns',
        message: `no column for ${tf}`,
      }));
      const pmg = cols.findIndex((c) => c.id === 'PMG');
      if (pmg >= 0 && !cols[pmg].entries.some((e) => e.result.kind === 'objective' && e.result.fast))
        out.push({
          path: `$.tables.movementDoctrine.table.columns[${pmg}]`,
          message: 'the Port Moresby Group never moves fast toward Port Moresby, so it cannot land all its transports in time',
        });
      return out;
    },
  },
  {
    id: 'air.ranges',
    rule: '21.2',
    text: 'every aircraft type has a range on its side (the IJN has no LD or LHB counters)',
    check: (p) =>
      AIR_TYPES.filter((t) => !(p.airRanges.usn[t] > 0)).map((t) => ({ path: `$.airRanges.usn.${t}`, message: `USN ${t} has no range` })),
  },
  {
    id: 'vp.levels',
    rule: '6.2',
    text: 'victory levels fall from strategic to marginal, all above 1',
    check: (p) => {
      const { strategic, tactical, marginal } = p.vp.levels;
      return strategic > tactical && tactical > marginal && marginal > 1
        ? []
        : [{ path: '$.vp.levels', message: `levels ${strategic}, ${tactical}, ${marginal} do not fall in order above 1` }];
    },
  },
  {
    id: 'panic.historical',
    rule: '9.2',
    severity: 'warning',
    text: "the historical battle (Shoho sunk, Shokaku crippled, nine IJN squadrons lost, Lexington sunk, Tulagi's transport landed) brings panic to 8-10 (brief 7.2 #10)",
    check: (p) => {
      const pp = p.panicPoints;
      const total =
        pp['ijn-CVL-sunk'] +
        pp['ijn-CV-crippled'] +
        Math.floor(9 / pp['ijn-squadrons-per-point']) +
        pp['usn-CV-sunk'] +
        pp['landing-per-transport'];
      return total >= 8 && total <= 10 ? [] : [{ path: '$.panicPoints', message: `the historical battle scores ${total} panic points` }];
    },
  },
  {
    id: 'cp.busy-day',
    rule: '7.2',
    severity: 'warning',
    text: "a day's CP buy 60-80% of a busy day's wants (two carrier strikes and two CAP, two land strikes, three intelligence rolls, four refits, five refuels, two fast moves, a new TF)",
    check: (p) => {
      const c = (k: string) => p.commandMissions[k]?.cost ?? 0;
      const want =
        4 * c('carrier-air-mission') +
        2 * c('land-air-mission') +
        3 * c('intelligence-roll') +
        4 * c('refit-carrier-or-base') +
        5 * c('refuel-tf') +
        2 * c('fast-move') +
        c('new-tf');
      const ratio = p.constants.cpPerDay / want;
      return ratio >= 0.6 && ratio <= 0.8
        ? []
        : [{ path: '$.commandMissions', message: `a busy day costs ${want} CP; ${p.constants.cpPerDay} buy ${Math.round(ratio * 100)}%` }];
    },
  },
];
