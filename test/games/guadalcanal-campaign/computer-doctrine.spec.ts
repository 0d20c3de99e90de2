/**
 * 14.0, the computer Japanese's doctrine step by step, on the Japanese view of a scenario's set-up
 * with one fact changed at a time (given / when / then).
 */
import { seededRng } from '../../../src/engine/random-player';
import { rulesets } from '../../../src/games';
import type { GcState, GcView } from '../../../src/games/guadalcanal-campaign';
import { goalOf } from '../../../src/games/guadalcanal-campaign/players/computer';
import { computerGcOrders } from '../../../src/games/guadalcanal-campaign/players/computer';

const game = rulesets['guadalcanal-campaign'];
const s0 = game.setup({
  gameId: 'G',
  options: { scenario: 'eastern-solomons', mode: 'two-player', level: 4 },
  box: game.box.defaultData,
}) as GcState;
const base = game.view(s0, 'japanese') as GcView;
const H = { col: 21, row: 20 };
type Known = GcView['known'];
const withKnown = (k: Partial<Known>): GcView => ({ ...base, known: { ...base.known, ...k } });
const tf = (mission: string, endurance = 20) => ({ id: 9, mission, endurance, col: 20, row: 10, points: 20, ships: [] });
const step = (id: string) => ({ id, owes: ['japanese'] }) as never;

describe('14.0: the computer Japanese`s doctrine', () => {
  it('given a carrier TF and no American carrier reported, then it stands 12 squares from Henderson; reported, it closes to 5', () => {
    expect(goalOf(base.known, tf('C'))).toMatchObject({ at: H, off: 12, home: false });
    const seen = withKnown({ sighted: [{ tf: 14, col: 25, row: 22, reported: ['CV', 'DD'] }] }).known;
    expect(goalOf(seen, tf('C'))).toMatchObject({ off: 5 });
  });

  it('given a bombardment TF, then it stages 7 squares out in the AM and runs in with the PM move', () => {
    expect(goalOf({ ...base.known, turn: 1 }, tf('B'))).toMatchObject({ at: H, off: 7 });
    expect(goalOf({ ...base.known, turn: 2 }, tf('FT'))).toMatchObject({ at: H, off: 0 });
  });

  it('given a TF on R, FR or short of endurance, then it goes home; submarines gather south-east of Guadalcanal', () => {
    expect(goalOf(base.known, tf('R'))).toMatchObject({ home: true, off: 0 });
    expect(goalOf(base.known, tf('FR'))).toMatchObject({ home: true });
    expect(goalOf(base.known, tf('C', 1))).toMatchObject({ home: true });
    expect(goalOf(base.known, tf('U'))).toMatchObject({ at: { col: H.col + 3, row: H.row + 3 } });
  });

  it('given a mini game, when a TF reaches home, then it never docks (10.1C)', () => {
    const k = base.known;
    const port = k.ports[0];
    const orders = computerGcOrders(
      withKnown({ taskForces: [{ ...tf('R'), col: port.col, row: port.row }] }),
      step('t1/japanese/orders'),
      seededRng('d'),
    );
    expect(orders).toEqual([{ kind: 'hold', tf: 9 }]);
  });

  it('given a carrier and a battleship sighted in range, when it strikes, then it strikes the carrier, escorted by a fighter a bomber at most', () => {
    const at = { name: 'Rabaul', col: 13, row: 15, carrier: false, free: { Betty: 30, Zeke: 50 }, held: 80 };
    const v = withKnown({
      air: [at],
      sighted: [
        { tf: 3, col: 15, row: 17, reported: ['BB'] },
        { tf: 4, col: 16, row: 18, reported: ['CVL'] },
      ],
    });
    const orders = computerGcOrders(v, step('t1/japanese/air/strikes'), seededRng('s'));
    expect(orders[0]).toEqual({ kind: 'strike', target: 4, from: 'Rabaul', planes: { Betty: 30, Zeke: 30 } });
  });

  it('given nothing sighted, when a base has under 40 bombers in range of Henderson, then it does not strike it; with 40 it does (TF 1)', () => {
    const at = (n: number) => ({ name: 'Rabaul', col: 13, row: 15, carrier: false, free: { Betty: n }, held: n });
    const strikes = (n: number) =>
      computerGcOrders(withKnown({ air: [at(n)], sighted: [] }), step('t1/japanese/air/strikes'), seededRng('h')).filter(
        (o) => o.kind === 'strike',
      );
    expect(strikes(39)).toEqual([]);
    expect(strikes(40)).toEqual([{ kind: 'strike', target: 1, from: 'Rabaul', planes: { Betty: 40 } }]);
  });

  it('given fighters, when it flies CAP, then a third before American carriers are reported and a half after; search 8 from a base, 2 from a carrier', () => {
    const air: Known['air'] = [
      { name: 'Rabaul', col: 13, row: 15, carrier: false, free: { Zeke: 30, Betty: 20 }, held: 50 },
      { name: 'Shokaku', col: 15, row: 10, carrier: true, free: { Zeke: 20, Val: 20 }, held: 40 },
    ];
    const before = computerGcOrders(withKnown({ air, sighted: [] }), step('t1/japanese/air/search'), seededRng('c'));
    expect(before).toEqual([
      { kind: 'cap', from: 'Rabaul', planes: { Zeke: 10 } },
      { kind: 'search', from: 'Rabaul', planes: { Betty: 8 } },
      { kind: 'cap', from: 'Shokaku', planes: { Zeke: 7 } },
      { kind: 'search', from: 'Shokaku', planes: { Val: 2 } },
    ]);
    const after = computerGcOrders(
      withKnown({ air, sighted: [{ tf: 14, col: 25, row: 22, reported: ['CV'] }] }),
      step('t1/japanese/air/search'),
      seededRng('c'),
    );
    expect(after[0]).toEqual({ kind: 'cap', from: 'Rabaul', planes: { Zeke: 15 } });
  });

  it('given Zekes left at Rabaul, then they go to the Shortlands within its room of 60 (9.7B), never over', () => {
    const air: Known['air'] = [
      { name: 'Rabaul', col: 13, row: 15, carrier: false, free: { Zeke: 30 }, held: 30 },
      { name: 'Shortlands', col: 16, row: 18, carrier: false, free: { Zeke: 50 }, held: 50 },
    ];
    const orders = computerGcOrders(withKnown({ air, sighted: [] }), step('t1/japanese/air/strikes'), seededRng('z'));
    expect(orders).toEqual([{ kind: 'transfer', from: 'Rabaul', to: 'Shortlands', planes: { Zeke: 10 } }]);
  });
});
