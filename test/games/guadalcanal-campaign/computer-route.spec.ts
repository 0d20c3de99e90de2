/**
 * 5.2, 10.2B, 11.0: the computer Japanese's way by sea (players/computer-route.ts). In Coral Sea its
 * invasion force leaves Rabaul round New Britain's coast for Port Moresby instead of sailing into
 * the pocket west of Rabaul, where a straight course left it; the way is read from the map of the
 * Japanese view alone.
 */
import { seededRng } from '../../../src/engine/random-player';
import { rulesets } from '../../../src/games';
import type { GcState, GcView } from '../../../src/games/guadalcanal-campaign';
import { DIRS, type Dir } from '../../../src/games/guadalcanal-campaign/orders';
import { computerGcOrders } from '../../../src/games/guadalcanal-campaign/players/computer';
import { pointsAt, pointsTo } from '../../../src/games/guadalcanal-campaign/players/computer-route';

const game = rulesets['guadalcanal-campaign'];
const s0 = game.setup({
  gameId: 'G',
  options: { scenario: 'coral-sea', mode: 'two-player', level: 4 },
  box: game.box.defaultData,
}) as GcState;
const view = game.view(s0, 'japanese') as GcView;
const moresby = view.known.places.find((p) => p.code === 'M')!;

describe('5.2, 11.0: the computer Japanese`s way by sea', () => {
  it('given the Coral Sea map, then Port Moresby is reached by sea from Rabaul, and no square of land leads there', () => {
    const way = pointsTo(view.known, [moresby]);
    const rabaul = view.known.places.find((p) => p.code === 'R')!;
    expect(Number.isFinite(pointsAt(way, rabaul))).toBe(true);
    expect(pointsAt(way, moresby)).toBe(0);
    expect(pointsAt(way, { col: 1, row: 16 })).toBe(Number.POSITIVE_INFINITY);
  });

  it('given the Coral Sea set-up, when the invasion TF follows the computer`s orders turn after turn, then it reaches the Port Moresby square (10.2B) by turn 12', () => {
    const invasion = view.known.taskForces.find((t) => t.mission === 'T')!;
    let at = { col: invasion.col, row: invasion.row };
    let reached = 0;
    for (let turn = 1; turn <= 12 && !reached; turn++) {
      const known = { ...view.known, turn, taskForces: view.known.taskForces.map((t) => (t.id === invasion.id ? { ...t, ...at } : t)) };
      const orders = computerGcOrders(
        { ...view, known },
        { id: `t${turn}/japanese/orders`, owes: ['japanese'] } as never,
        seededRng(`w/${turn}`),
      );
      const move = orders.find((o) => o.kind === 'move' && o.tf === invasion.id) as { dirs: Dir[] } | undefined;
      for (const d of move?.dirs ?? []) {
        at = { col: at.col + DIRS[d][0], row: at.row + DIRS[d][1] };
        expect(view.known.rows[at.row - 1][at.col - 1]).not.toBe('#');
      }
      if (at.col === moresby.col && at.row === moresby.row) reached = turn;
    }
    expect(reached).toBeGreaterThan(0);
  });
});
