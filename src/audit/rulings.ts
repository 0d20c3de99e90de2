/**
 * The referee's rulings a side's bundle keeps (issue 30: players can check the rulings): every
 * ruling that changed the game, with its reason. Each is the umpire's own event, hidden from a side
 * as a whole (it names the referee's and the players' addresses), so a side's bundle redacts it and
 * *discloses* its payload beside its hash with every address withheld: what was ruled, when, why.
 * (docs/audit.md "Redacted events"; disclosed values are not covered by the hash.)
 */
export const RULING_TYPES: ReadonlySet<string> = new Set([
  'RolledBack',
  'RulesUpgraded',
  'SeatReplaced',
  'SeatToMachine',
  'GameForked',
  'ForkAdopted',
  'GamePaused',
  'GameResumed',
  'AbsenceDeclared',
  'DeadlineLengthSet',
  'ReportsResent',
]);

export const WITHHELD = '(address withheld)';
const ADDRESS = /[^\s<>"'@,;]+@[^\s<>"'@,;]+/g;

/** The payload with every mail address in it replaced by WITHHELD. */
export function withoutAddresses(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(ADDRESS, WITHHELD);
  if (Array.isArray(value)) return value.map(withoutAddresses);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, withoutAddresses(v)]));
  return value;
}
