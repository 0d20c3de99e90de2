import { seededRng } from '../../../src/engine/random-player';
import { vitpRuleset } from '../../../src/games/vitp';
import type { Order, VitpState } from '../../../src/games/vitp/types';
import { newGame } from './driver';

const at = (s: VitpState, patch: Partial<VitpState>): VitpState => ({ ...s, ...patch });
const stepOf = (s: VitpState) => vitpRuleset.currentStep(s)!;
const parse = (s: VitpState, side: string, text: string) => vitpRuleset.parseOrders(s, side, text, stepOf(s));

describe('VITP order syntax', () => {
  const patrolJ = at(newGame(), { turn: 2, phase: { k: 'patrol', side: 'japanese' } });

  it("given the brief's example line in any case, then it parses to a patrol move", () => {
    const r = parse(patrolJ, 'japanese', 'patrol yamato, NAGATO to marianas islands');
    expect(r).toEqual({
      ok: true,
      orders: [
        expect.objectContaining({
          t: 'move',
          mode: 'patrol',
          units: ['yamato', 'nagato'],
          to: 'Marianas Islands',
          via: null,
          line: 1,
        }),
      ],
    });
  });

  it('given abbreviations and hyphens, then names still resolve', () => {
    const r = parse(patrolJ, 'japanese', 'PATROL hiei and kirishima TO japanese-islands\nREPAIR Akagi 2');
    expect(r.ok && r.orders.map((o) => o.t)).toEqual(['move', 'repair']);
  });

  it('given several bad lines, then each gets its own error with the line number', () => {
    const r = parse(patrolJ, 'japanese', 'PATROL Yamato TO Marianas Islands\n\nPATROL Kongo TO Indonesa\nFLY Akagi');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map((e) => [e.line, e.hint])).toEqual([
      [3, 'did you mean Indonesia?'],
      [4, expect.stringContaining('PATROL <ships> TO <sea area>')],
    ]);
  });

  it('given a mail with a quoted report and a signature, then only the order lines count', () => {
    const r = parse(
      patrolJ,
      'japanese',
      '> Turn 2: your orders please\n\nPATROL Nagato TO Japanese Islands\n-- \nAdmiral Yamamoto\nCombined Fleet',
    );
    expect(r.ok && r.orders.map((o) => [o.line, o.t])).toEqual([[3, 'move']]);
  });

  it('given random legal orders, then formatting and parsing them gives the same orders back', () => {
    const rng = seededRng('roundtrip');
    let s = patrolJ;
    for (const ph of [
      { k: 'patrol', side: 'japanese' },
      { k: 'raiders', side: 'allied' },
      { k: 'lba', side: 'japanese', n: 1 },
      { k: 'return', side: 'allied' },
    ] as const) {
      s = at(patrolJ, { phase: ph });
      const side = ph.side;
      const orders = vitpRuleset.randomOrders(s, side, stepOf(s), rng);
      const text = vitpRuleset.formatOrders(orders);
      const back = parse(s, side, text);
      expect(back.ok).toBe(true);
      if (!back.ok) return;
      const strip = (os: readonly Order[]) => os.map(({ line: _l, text: _t, ...rest }) => rest);
      expect(strip(back.orders)).toEqual(strip(orders));
      expect(vitpRuleset.validateOrders(s, side, back.orders, stepOf(s))).toEqual([]);
    }
  });

  it('given a step, then help names its syntax, the legal choices and the default', () => {
    const h = vitpRuleset.help(patrolJ, 'japanese', stepOf(patrolJ));
    expect(h).toContain('Turn 2: Japanese patrol movement and repairs (5.21)');
    expect(h).toContain('PATROL <units> TO <sea area>');
    expect(h).toMatch(
      /Nagato \(5\), .*\n\s+can reach: Aleutian Islands, North Pacific Ocean, Japanese Islands, Marianas Islands, Indonesia/,
    );
    expect(h).toContain('Default if you send nothing');
  });

  it('given standing instructions, then they parse, and a misspelt target gets a suggestion', () => {
    const ok = vitpRuleset.parseStanding!(
      patrolJ,
      'japanese',
      'STANDING NIGHT\nRETREAT WHEN OUTGUNNED\nTARGETS carriers, battleships, Lexington\nPURSUE NONE',
    );
    expect(ok).toEqual({
      ok: true,
      orders: [
        {
          combat: { dayNight: 'night', retreat: 'when-outgunned', pursue: 'none', targets: 'default' },
          targetPriority: ['carriers', 'battleships', 'lexington'],
        },
      ],
    });
    const bad = vitpRuleset.parseStanding!(patrolJ, 'japanese', 'TARGETS Lexingtn');
    expect(bad.ok === false && bad.errors[0].hint).toBe('did you mean Lexington?');
  });

  it('given a step that is not a battle, then standing instructions do not answer it', () => {
    expect(
      vitpRuleset.answerFromStanding!(patrolJ, 'japanese', stepOf(patrolJ), {
        combat: { dayNight: 'night' },
        targetPriority: [],
      }),
    ).toBeNull();
  });

  it('given a side that sends nothing, then the default is to stay in port', () => {
    expect(vitpRuleset.defaultOrders(patrolJ, 'japanese', stepOf(patrolJ))).toEqual([expect.objectContaining({ t: 'stay' })]);
  });
});

describe('VITP names', () => {
  const s = { ...newGame(), turn: 2, phase: { k: 'lba', side: 'allied', n: 2 } } as VitpState;
  it.each([
    ['LBA 11th-AF TO Coral Sea', '11th-air-force'],
    ['LBA 11th air force TO coral sea', '11th-air-force'],
    ['LBA FEAF TO Coral Sea', 'far-east-air-force'],
  ])('given "%s", then it names %s', (text, id) => {
    const r = vitpRuleset.parseOrders(s, 'allied', text, vitpRuleset.currentStep(s)!);
    expect(r.ok && r.orders[0]).toMatchObject({ t: 'lba', unit: id, to: 'Coral Sea' });
  });
});
