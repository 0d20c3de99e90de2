/**
 * Which of a table's listed modifiers apply (28.3: by identified or unidentified USN TFs within a
 * listed range; 26.2 night; 3.9 a seaplane tender; 28.5; 8.2 chits), as the kit's table modifiers:
 * value, reason (with "reconstructed" when the box's value is), rule.
 */
import type { TableModifier } from '../../kit';
import type { CoralSide, Modifier } from '../box/schema';

/** The facts a doctrine roll reads: distances in hexes to the nearest USN TF of each kind (absent: none on the map). */
export interface Facts {
  readonly nearestIdentifiedUsnCarrier?: number;
  readonly nearestIdentifiedUsnTf?: number;
  readonly nearestUnidentifiedUsnTf?: number;
  readonly nearestUsnCarrier?: number;
  readonly night?: boolean;
  readonly cypInTf?: boolean;
  readonly ijnAllIdentified?: boolean;
  readonly usnAllIdentified?: boolean;
}

const within = (d: number | undefined, range: number | undefined) => d !== undefined && d <= (range ?? Number.POSITIVE_INFINITY);

function applies(m: Modifier, facts: Facts, chits: readonly CoralSide[]): boolean {
  switch (m.when) {
    case 'identified-usn-carrier-within':
      return within(facts.nearestIdentifiedUsnCarrier, m.range);
    case 'identified-usn-tf-within':
      return within(facts.nearestIdentifiedUsnTf, m.range);
    case 'unidentified-usn-tf-within':
      return within(facts.nearestUnidentifiedUsnTf, m.range);
    case 'usn-carrier-within':
      return within(facts.nearestUsnCarrier, m.range);
    case 'night':
      return facts.night === true;
    case 'cyp-in-tf':
      return facts.cypInTf === true;
    case 'ijn-all-identified':
      return facts.ijnAllIdentified === true;
    case 'usn-all-identified':
      return facts.usnAllIdentified === true;
    case 'leadership':
      return m.side === undefined ? chits.length > 0 : chits.includes(m.side);
  }
}

/** The modifiers of `list` that apply to `column` (if given) with these facts and the chits committed (by side). */
export function modifiersFor(
  list: readonly Modifier[],
  facts: Facts,
  options: { column?: string; chits?: readonly CoralSide[] } = {},
): TableModifier[] {
  return list
    .filter(
      (m) =>
        (m.columns === undefined || (options.column !== undefined && m.columns.includes(options.column))) &&
        applies(m, facts, options.chits ?? []),
    )
    .map((m) => ({
      value: m.value.value,
      reason: m.value.source.kind === 'reconstructed' ? `${m.reason} (reconstructed)` : m.reason,
      rule: m.rule,
    }));
}

/** True when the list offers a chit modifier to `side` for `column`: the function "allows" a chit (8.2, 8.5). */
export const allowsChit = (list: readonly Modifier[], side: CoralSide, column?: string): boolean =>
  list.some(
    (m) =>
      m.when === 'leadership' &&
      (m.side === undefined || m.side === side) &&
      (m.columns === undefined || (column !== undefined && m.columns.includes(column))),
  );
