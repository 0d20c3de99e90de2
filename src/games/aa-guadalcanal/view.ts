/**
 * Views (the basic game is open: both sides see the whole board) and the narrative of each event.
 * The board, its map and "What you know" come from the same seen pieces (view-map.ts).
 */
import type { BoardTable, SideView } from '../../engine/board-view';
import type { RulesEvent, Side } from '../../engine/ruleset';
import { ZONE_IDS } from './box';
import type { DieResult, GEvent, GState } from './types';
import { boardMap, type SeenPiece, seenPieces, summaryOf } from './view-map';
import { islandsControlled, unitName } from './world';

const label = ({ piece, cargo }: SeenPiece) => (cargo.length ? `${piece.id}[${cargo.map((c) => c.id).join(' ')}]` : piece.id);

export function viewGuadalcanal(s: GState, side: Side | 'referee'): GuadalcanalView {
  const seen = seenPieces(s);
  const zones = ZONE_IDS.map((z) => {
    const here = seen.filter((x) => x.piece.zone === z);
    return {
      zone: z,
      axis: here.filter((x) => x.piece.side === 'axis').map(label),
      allies: here.filter((x) => x.piece.side === 'allies').map(label),
      control: (s.control as Record<string, string>)[z] ?? null,
      airfields: s.airfields.filter((a) => a.island === z).map((a) => `${a.side}${a.damaged ? ' (damaged)' : ''}`),
    };
  }).filter((z) => z.axis.length || z.allies.length || z.airfields.length || z.control);
  const damaged = (side: string) => seen.filter((x) => x.piece.side === side && x.piece.zone === 'damaged').map((x) => x.piece.id);
  const hits = hitsTable(s, side);
  const rp = (side: 'axis' | 'allies') => s.box.constants.reinforceBase + s.box.constants.reinforcePerIsland * islandsControlled(s, side);
  return {
    turn: s.turn,
    firstPlayer: s.first,
    victoryPoints: { ...s.vp },
    goal: s.box.constants.victoryPoints,
    reinforcementPoints: { axis: rp('axis'), allies: rp('allies') },
    zones,
    damagedArea: { axis: damaged('axis'), allies: damaged('allies') },
    advantageTokens: s.tokens,
    advantagesInForce: s.active,
    winner: s.winner,
    // a side's own HITS list (ATK.cargo); the other side's stays private
    ...(side === 'axis' || side === 'allies' ? { casualtyPriority: s.hits?.[side] ?? null } : {}),
    summary: summaryOf(s, seen),
    ...(hits ? { tables: [hits] } : {}),
    map: boardMap(s, seen, s.airfields),
    position: positionKnownBy(s, side),
  };
}

/** A side's own casualty priority (HITS, ATK.cargo) as a private table: one row per unit, first hit first. */
function hitsTable(s: GState, side: Side | 'referee'): BoardTable | null {
  if (side !== 'axis' && side !== 'allies') return null;
  const units = s.hits?.[side] ?? [];
  return {
    title: 'Your casualty priority (HITS, ATK.cargo)',
    side,
    columns: ['#', 'unit'],
    rows: units.length ? units.map((u, i) => [i + 1, u]) : [['-', 'none: the default order']],
  };
}

/** A side's view: the board view and the position as the side knows it. */
export type GuadalcanalView = SideView & { readonly position: GState };

/**
 * The position as `side` knows it, in the rules' own terms: what its machine players read. The basic
 * game is open (every piece, airfield and token is on the table); the other side's HITS list
 * (ATK.cargo) is its own and is taken out. Hidden movement (HID.2) is sealed orders, never in the
 * state. The referee's is the state.
 */
export function positionKnownBy(s: GState, side: Side | 'referee'): GState {
  if (side !== 'axis' && side !== 'allies') return s;
  const { hits, ...open } = s;
  const own = hits?.[side];
  return own === undefined ? open : { ...open, hits: { [side]: own } };
}

function die(d: DieResult): string {
  const head = d.printed ? `slot ${d.slot} (${unitName[d.printed]})` : `die ${d.slot}`;
  if (d.effect === 'miss') return `${head}: ${d.face}, miss`;
  if (d.effect === 'airfield-hit') return `${head}: ${d.face}, hit`;
  if (d.effect === 'lost') return `${head}: ${d.face}, hit lost: no unit of that category left (ATK.absent)`;
  const via = d.redirectedTo ? `, no ${unitName[d.printed!]} there: read from slot 1, ${unitName[d.redirectedTo]}` : '';
  const what = d.effect === 'armor' ? 'hit ignored by heavy armor' : d.effect;
  return `${head}: ${d.face}${via}, ${d.unit} ${what}`;
}

export function narrateGuadalcanal(event: RulesEvent): string[] {
  const e = event as GEvent;
  switch (e.type) {
    case 'gc.loaded':
      return [`${e.data.ship} loads ${e.data.cargo.join(', ')} in ${e.data.zone}.`];
    case 'gc.moved':
      return [`${e.data.unit} moves ${e.data.from} -> ${e.data.to}${e.data.carried.length ? ` with ${e.data.carried.join(', ')}` : ''}.`];
    case 'gc.unloaded':
      return [`${e.data.unit} unloads from ${e.data.from} onto ${e.data.to}.`];
    case 'gc.roll':
      return [
        `${e.data.by} ${e.data.category} attack in ${e.data.zone} (${e.data.rule}), ${e.data.dice.length} dice:`,
        ...e.data.dice.map((d) => `  ${die(d)}`),
      ];
    case 'gc.armor':
      return [];
    case 'gc.fired':
      return [`${e.data.unit} will fire into ${e.data.at}.`];
    case 'gc.vs-airfield':
      return [`${e.data.unit} will attack airfields.`];
    case 'gc.casualties':
      return [
        `Casualties in ${e.data.zone} (${e.data.rule}): destroyed ${e.data.destroyed.join(', ') || 'none'}; damaged (home for repair) ${e.data.damaged.join(', ') || 'none'}${e.data.lostCargo.length ? `; cargo lost ${e.data.lostCargo.join(', ')}` : ''}.`,
      ];
    case 'gc.vp':
      return [`${e.data.side} +${e.data.delta} VP (${e.data.why}): ${e.data.total}.`];
    case 'gc.airfield':
      return [`Airfield on ${e.data.island} ${e.data.why}.`];
    case 'gc.control':
      return [
        `${e.data.island} now controlled by ${e.data.side} (land power axis ${e.data.power.axis}, allies ${e.data.power.allies}; REG.1).`,
      ];
    case 'gc.captured':
      return [`${e.data.side} captures supplies ${e.data.supplies.join(', ')} on ${e.data.island} (REG.1).`];
    case 'gc.landed':
      return [`${e.data.unit} lands at ${e.data.at}.`];
    case 'gc.crashed':
      return [`${e.data.unit} finds no landing and is lost (REG.2).`];
    case 'gc.spent':
      return [`${e.data.side} spends ${e.data.supplies.length} supply token(s): ${e.data.why}.`];
    case 'gc.placed':
      return [`${e.data.side} ${e.data.why}: ${e.data.pieces.map((p) => p.id).join(', ')}.`];
    case 'gc.repaired':
      return [`${e.data.unit} repaired, back in ${e.data.to} (REG.4b).`];
    case 'gc.advantage':
      return [
        `${e.data.side} uses ${e.data.advantage}${e.data.at ? ` at ${e.data.at}` : ''} (ADV.${e.data.advantage}); ${e.data.left} left.`,
      ];
    case 'gc.hits':
      return [`${e.data.side} casualty priority (ATK.cargo): ${e.data.units.join(' ') || 'the default'}.`];
    case 'gc.fight': {
      const f = e.data.fight;
      if (!f) return [];
      const step = { air: 'Attack air units (CMB.1)', sea: 'Attack sea units (CMB.2)', land: 'Attack land units and airfields (CMB.4)' }[
        f.cat
      ];
      if (!f.zone) return [`${step}: the first player chooses the next zone${f.done.length ? ` (done: ${f.done.join(', ')})` : ''}.`];
      return f.stage === 'first' ? [`${step}: ${f.zone} is fought next.`] : [];
    }
    case 'gc.torpedoes':
      return e.data.torpedoes ? [`${e.data.torpedoes.side}: the submarines still to act are asked for (MOV.6, one at a time).`] : [];
    case 'gc.next':
      return e.data.at === 0 ? [`Turn ${e.data.turn} begins; first player: ${e.data.first} (REG.6).`] : [];
    case 'gc.won':
      return [`${e.data.winner} wins with ${e.data.vp[e.data.winner]} VP (axis ${e.data.vp.axis}, allies ${e.data.vp.allies}; REG.5).`];
    default:
      return [];
  }
}
