/** One constraint the rules impose on a box, and what checking it found. */
import type { GuadalcanalBoxData } from './schema';

export interface Problem {
  /** the value at fault, e.g. `$.zones.K.deploy` (the box data's path, provenance left out) */
  readonly path: string;
  readonly message: string;
}

export interface Constraint {
  readonly id: string;
  /** the section id of the rule or example that imposes it */
  readonly rule: string;
  readonly text: string;
  /** `warning`: worth a look, allowed by the rules (default `error`) */
  readonly severity?: 'error' | 'warning';
  check(box: GuadalcanalBoxData): Problem[];
}

export interface ConstraintResult {
  readonly id: string;
  readonly rule: string;
  readonly text: string;
  readonly severity: 'error' | 'warning';
  readonly problems: readonly Problem[];
}
