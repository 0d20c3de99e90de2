import { countProvenance } from '../../../src/engine/box';
import { boardOf, checkBox, coralBox, type CoralBox, defaultBox } from '../../../src/games/coral-sea-solitaire/box';

/**
 * Issue 26, the foundation: Coral Sea Solitaire's box. The rulebook's components carry their rule,
 * the mapsheet's are reconstructed with their reasons, the schema refuses malformed data, and the
 * constraint checks catch an override that breaks a rule, naming the value and the rule.
 */
const override = (change: (box: CoralBox) => void): CoralBox => {
  const box = structuredClone(defaultBox) as CoralBox;
  change(box);
  return box;
};
const errorsOf = (box: unknown) => checkBox(box).problems.filter((p) => p.severity === 'error');

describe('issue 26 Coral Sea Solitaire box', () => {
  it('given the default box, then the schema and every constraint pass, warnings included', () => {
    const check = checkBox(defaultBox);
    expect(check.schema).toEqual([]);
    expect(check.problems).toEqual([]);
    expect(check.checked.length).toBe(18);
    expect(coralBox.validate(defaultBox)).toEqual([]);
  });

  it('given the default box, then the rulebook parts cite their rule and every missing mapsheet table is reconstructed with a reason', () => {
    const counts = countProvenance(defaultBox);
    expect(counts.rulebook).toBeGreaterThan(100);
    expect(counts.reconstructed).toBeGreaterThan(100);
    expect(counts.reference).toBe(0);
    const kinds = (table: unknown) => {
      const c = countProvenance(table);
      return Object.entries({ rulebook: c.rulebook, reference: c.reference, reconstructed: c.reconstructed })
        .filter(([, n]) => n > 0)
        .map(([k]) => k);
    };
    const t = defaultBox.tables;
    for (const missing of [
      t.movementDoctrine,
      t.postPanicMovement,
      t.landAirDoctrine,
      t.carrierDoctrine,
      t.fighterCommitment,
      t.targetSelection,
      t.scouting,
      t.operationalInitiative,
      t.tacticalInitiative,
      t.crt,
    ])
      expect(kinds(missing)).toEqual(['reconstructed']);
    for (const printed of [
      t.randomEvents,
      t.intelligence,
      t.leadershipUse,
      t.ijnShipFatigue,
      t.ijnShipDamage,
      t.ijnCarrierAirRecovery,
      t.ijnLandAirRecovery,
      t.deployment35,
      t.ijnBattleships,
      t.cv3Arrival,
    ])
      expect(kinds(printed)).toEqual(['rulebook']);
    expect(defaultBox.map.terrain.source.kind).toBe('reconstructed');
    expect(defaultBox.map.hexMiles.source).toEqual({ kind: 'rulebook', rule: '3.13' });
    expect(defaultBox.vp.usnGains['ijn-panic']).toEqual({ value: 75, source: { kind: 'rulebook', rule: '9, Q1' } });
    const details = coralBox.details(defaultBox);
    expect(details[0]).toBe(
      `provenance: ${counts.rulebook} rulebook, 0 reference, ${counts.reconstructed} reconstructed of ${counts.total}`,
    );
  });

  it('given the reconstructed map, then the distances the rules and the brief constrain hold on the kit hex map', () => {
    const board = boardOf();
    const place = (k: keyof CoralBox['map']['places']) => defaultBox.map.places[k].value;
    expect(board.columns).toBe(27);
    expect(board.rows).toBe(26);
    expect(board.grid.distance(place('Rabaul'), place('Port-Moresby'))).toBe(7);
    expect(board.blockedForShips(place('Lae'), '0607')).toBe(true);
    expect(board.terrainOf(place('Rabaul'))).toBe('coast');
    expect(board.terrainOf('0116')).toBe('land');
  });

  it('given an override changing a rulebook value (20 CP a day), then the problem names the value and rule 7.2', () => {
    const box = override((b) => {
      (b.constants.cpPerDay as { value: number }).value = 25;
    });
    expect(errorsOf(box)).toEqual([
      expect.objectContaining({ path: '$.constants.cpPerDay', rule: 'as cited', message: 'the rulebook (7.2) prints 20, the box has 25' }),
    ]);
    expect(coralBox.validate(box)).toEqual(['$.constants.cpPerDay: the rulebook (7.2) prints 20, the box has 25 (rule as cited)']);
  });

  it('given an override changing the printed Random Events Table, then the entry at fault is named with rule 36', () => {
    const box = override((b) => {
      const entry = (b.tables.randomEvents as { entries: { result: { value: string } }[] }).entries[2];
      entry.result.value = 'none';
    });
    expect(errorsOf(box).map((p) => [p.path, p.message])).toEqual([
      ['$.tables.randomEvents.entries[2].result', 'the rulebook (36) prints "ijn-intelligence", the box has "none"'],
    ]);
  });

  it('given Port Moresby moved onto an all-land hex, then map.places-at-sea names $.map.places.Port-Moresby and rule 14.4', () => {
    const box = override((b) => {
      b.map.places['Port-Moresby'].value = '0116';
    });
    expect(errorsOf(box)).toContainEqual(
      expect.objectContaining({
        path: '$.map.places.Port-Moresby',
        rule: '14.4',
        message: 'Port-Moresby is at 0116, an all-land hex no ship can enter',
      }),
    );
  });

  it('given the all-land hexsides left out, then ships could cross the Papuan peninsula and the check names the hexsides and rule 14.4', () => {
    const box = override((b) => {
      b.map.allLandHexsides.value = [];
    });
    expect(errorsOf(box)).toContainEqual(
      expect.objectContaining({ path: '$.map.allLandHexsides', rule: '14.4', message: 'Lae to Port Moresby is only 2 hexes by sea' }),
    );
  });

  it('given Port Moresby moved out of the convoy reach, then route.port-moresby names it with rules 20.1 and 14.6', () => {
    const box = override((b) => {
      b.map.places['Port-Moresby'].value = '2719';
    });
    expect(errorsOf(box)).toContainEqual(expect.objectContaining({ path: '$.map.places.Port-Moresby', rule: '20.1, 14.6' }));
  });

  it('given Deboyne walled in by all-land hexsides, then route.objectives names the Support Group objective and rule 14.8', () => {
    const board = boardOf();
    const box = override((b) => {
      b.map.allLandHexsides.value.push(...board.map.neighbours('1110').map((n) => board.grid.hexside('1110', n)));
    });
    expect(errorsOf(box)).toEqual([
      expect.objectContaining({
        path: '$.ijnTaskForces.SG.objective',
        rule: '14.8',
        message: 'SG cannot reach Deboyne (1110) by sea from Santa-Isabel',
      }),
    ]);
  });

  it('given a carrier too small for its setup air, then carriers.hold-their-air names its capacity and rule 12.1', () => {
    const box = override((b) => {
      const cv1 = b.ships.find((s) => s.side === 'ijn' && s.id === 'CV-1');
      if (cv1?.capacity) cv1.capacity.value = 8;
    });
    const i = defaultBox.ships.findIndex((s) => s.side === 'ijn' && s.id === 'CV-1');
    expect(errorsOf(box)).toEqual([
      expect.objectContaining({
        path: `$.ships[${i}].capacity`,
        rule: '12.1',
        message: 'IJN CV-1 carries 9 squadrons at setup, its capacity is 8',
      }),
    ]);
  });

  it('given Rabaul too small for its air and reinforcements, then bases.hold-their-air names it with rule 23.4', () => {
    const box = override((b) => {
      b.bases.Rabaul.capacity.value = 10;
    });
    expect(errorsOf(box)).toEqual([
      expect.objectContaining({
        path: '$.bases.Rabaul.capacity',
        rule: '23.4',
        message: 'Rabaul must hold 20 squadrons, its capacity is 10',
      }),
    ]);
  });

  it('given a To Truk hex off the north edge, then map.to-truk names it with rules 3.2 and 4.3', () => {
    const box = override((b) => {
      b.map.toTruk.value[3] = '1502';
    });
    expect(errorsOf(box)).toContainEqual(
      expect.objectContaining({ path: '$.map.toTruk[3]', rule: '3.2, 4.3', message: "1502 is not on the map's north edge (row 01)" }),
    );
  });

  it('given a Port Moresby Group that never moves fast, then the doctrine check names the column and rules 4a and 14.6', () => {
    const box = override((b) => {
      const t = b.tables.movementDoctrine.table as { columns: { id: string; entries: { result: { value: { fast: boolean } } }[] }[] };
      for (const e of t.columns[1].entries) e.result.value.fast = false;
    });
    expect(errorsOf(box)).toContainEqual(expect.objectContaining({ path: '$.tables.movementDoctrine.table.columns[1]', rule: '4a, 14.6' }));
  });

  it('given malformed data, then the schema names the path and nothing else runs', () => {
    const box = override((b) => {
      b.map.terrain.value[0] = 'cc..x';
    });
    const check = checkBox(box);
    expect(check.schema).toEqual(['$.map.terrain.value[0]: terrain characters are . (sea), c (coast), L (land)']);
    expect(check.checked).toEqual([]);
  });

  it('given a reconstructed value changed within the rules (a club transcription), then no error', () => {
    const box = override((b) => {
      b.bases.Rabaul.capacity.value = 30;
      b.bases.Rabaul.capacity.source = { kind: 'reference', ref: 'club mapsheet transcription' };
    });
    expect(errorsOf(box)).toEqual([]);
  });
});
