/**
 * Contacts (11.2, 12.5, 12.8): enemy forces in one hex, where the phasing side may attack in its
 * Combat Segment (2A3). Naval: TFs of both sides (surface combat, 14.1); bombardment: a phasing
 * TF with ships in an island hex holding enemy ground units (15.1); ground: ground units of both
 * sides on one island hex (28.1). A contact is public (the markers and stacks are seen, 31.1 (1)-(2));
 * it names the TF markers of both sides, never their contents: the combat rules read the units in
 * the hex from the state. Attacking is always voluntary (11.2), so a contact stops nobody.
 */
import { SIDES, type SolSide, type SolState } from '../state';
import { hexOf, islandOf } from './places';

export type ContactKind = 'naval' | 'bombardment' | 'ground';

export interface Contact {
  readonly kind: ContactKind;
  readonly hex: string;
  /** the phasing side: the one that may attack (11.2) */
  readonly attacker: SolSide;
  /** the TF markers in the hex, by side (TE is 0) */
  readonly taskForces: Readonly<Record<SolSide, readonly number[]>>;
}

const tfsAt = (s: SolState, side: SolSide, hex: string, withShips: boolean) =>
  Object.values(s.forces[side].taskForces)
    .filter((t) => hexOf(s, t.at) === hex && (!withShips || t.ships.length > 0))
    .map((t) => t.id)
    .sort((a, b) => a - b);

/** Ground units on land in a hex (not aboard a TF). */
export const groundAt = (s: SolState, side: SolSide, hex: string) =>
  s.forces[side].ground.filter((g) => !g.at.startsWith('TF ') && hexOf(s, g.at) === hex);

/** Every contact the phasing side has now, in hex order, naval before bombardment before ground. */
export function contactsOf(s: SolState, attacker: SolSide): Contact[] {
  const defender = SIDES.find((x) => x !== attacker)!;
  const hexes = new Set<string>();
  for (const side of SIDES) {
    for (const t of Object.values(s.forces[side].taskForces)) hexes.add(hexOf(s, t.at) ?? '');
    for (const g of s.forces[side].ground) if (!g.at.startsWith('TF ') && !g.at.startsWith('AIR ')) hexes.add(hexOf(s, g.at) ?? '');
  }
  hexes.delete('');
  const out: Contact[] = [];
  for (const hex of [...hexes].sort()) {
    const taskForces = { [attacker]: tfsAt(s, attacker, hex, false), [defender]: tfsAt(s, defender, hex, false) } as Record<
      SolSide,
      number[]
    >;
    if (taskForces[attacker].length && taskForces[defender].length) out.push({ kind: 'naval', hex, attacker, taskForces });
    const island = islandOf(s, hex) !== null;
    const enemyGround = groundAt(s, defender, hex).length > 0;
    if (island && enemyGround && tfsAt(s, attacker, hex, true).length) out.push({ kind: 'bombardment', hex, attacker, taskForces });
    if (island && enemyGround && groundAt(s, attacker, hex).length) out.push({ kind: 'ground', hex, attacker, taskForces });
  }
  return out;
}

/** A TF's own contacts (for "ask on contact"). */
export const contactsOfTf = (contacts: readonly Contact[], side: SolSide, tf: number): Contact[] =>
  contacts.filter((c) => c.taskForces[side].includes(tf));
