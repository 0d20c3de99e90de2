import type { OptionValue, Ruleset } from '../engine/ruleset';
import { UsageError } from './usage';

/**
 * `--option` words as the CLI takes them: `id` switches an on/off option on; `id=value` sets any
 * option (`turn-limit=12`, `advantages=all`), the value read by the option's type. Unknown ids and
 * values of the wrong type are usage errors naming what would be right.
 */
// biome-ignore lint/suspicious/noExplicitAny: any ruleset's options
export function optionArgs(words: readonly string[], ruleset: Ruleset<any, any, any>, flag = '--option'): Record<string, OptionValue> {
  const known = new Map(ruleset.options.map((o) => [o.id, o]));
  const out: Record<string, OptionValue> = {};
  for (const word of words) {
    const [id, raw] = word.includes('=') ? [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)] : [word, undefined];
    const spec = known.get(id);
    if (!spec)
      throw new UsageError(`${flag}: ${ruleset.id} has no optional rule "${id}"; it offers ${[...known.keys()].join(', ') || 'none'}`);
    const type = typeof spec.default;
    if (raw === undefined) {
      if (type !== 'boolean') throw new UsageError(`${flag}: ${id} takes a value: ${id}=<${type}> (default ${String(spec.default)})`);
      out[id] = true;
    } else if (type === 'boolean') {
      if (!/^(on|off|true|false)$/i.test(raw)) throw new UsageError(`${flag}: ${id} is on or off, not "${raw}"`);
      out[id] = /^(on|true)$/i.test(raw);
    } else if (type === 'number') {
      if (!/^-?\d+$/.test(raw)) throw new UsageError(`${flag}: ${id} takes a whole number, not "${raw}"`);
      out[id] = Number(raw);
    } else out[id] = raw;
  }
  return out;
}
