/** The story lines of the Operations Phase events (each shown to whoever may see its event). */
import { SIDE_NAME } from '../state';
import { isOpsEvent } from './ops-events';

const tfName = (tf: number | null) => (tf === null ? 'ALL' : tf === 0 ? 'the Tokyo Express' : `TF ${tf}`);
const cargo = (units: readonly string[], supply: readonly { points: number }[]) => {
  const points = supply.reduce((t, x) => t + x.points, 0);
  return [...units, ...(points ? [`${points} supply`] : [])].join(', ') || 'nothing';
};

export function narrateOps(event: { type: string; data: unknown }): string[] {
  if (!isOpsEvent(event as never)) return [];
  const e = event as import('./ops-events').OpsEvent;
  const who = SIDE_NAME[e.data.side];
  switch (e.type) {
    case 'sol.searched':
      return [`${who} conducts an intelligence mission on ${e.data.hex} (2A1).`];
    case 'sol.intel':
      return [
        `Intelligence on ${e.data.hex}: die ${e.data.face}, ${e.data.result}${e.data.seen.length ? `: ${e.data.seen.join('; ')}` : ''} (2A1).`,
      ];
    case 'sol.tf-moved':
      return [
        `${who} ${tfName(e.data.tf)} moves ${e.data.path.length ? `via ${e.data.path.join(', ')} ` : ''}to ${e.data.to}${e.data.stop ? ` (stops, ${e.data.stop})` : ''}.`,
      ];
    case 'sol.tf-removed':
      return [`${who} ${tfName(e.data.tf)} at ${e.data.at} had no ships and leaves the map (${e.data.rule}).`];
    case 'sol.coast-watch':
      return [`Coast watchers: ${who} ${tfName(e.data.tf)} enters ${e.data.hex} with ${e.data.surface} surface ships (31.1 (5)).`];
    case 'sol.loaded':
      return [`${who} ${tfName(e.data.tf)} loads at ${e.data.at}: ${cargo(e.data.units, e.data.supply)} (19.3).`];
    case 'sol.unloaded':
      return [
        `${who} ${tfName(e.data.tf)} ${e.data.assault ? 'lands by amphibious assault' : 'unloads'} at ${e.data.at}: ${cargo(e.data.units, e.data.supply)} (${e.data.assault ? '43.2' : '19.4'}).`,
      ];
    case 'sol.ground-moved':
      return [`${who} ${e.data.units.join(', ')} move from ${e.data.from} to ${e.data.to}, ${e.data.supply} supply spent (27.1).`];
    case 'sol.contacts':
      return e.data.contacts.map((c) => `Contact (${c.kind}) in ${c.hex}: ${who} may attack in the Combat Segment (2A3).`);
    case 'sol.plan-set':
      return [`${who} plan: ${e.data.lines.map((l) => `${tfName(l.tf)} ${l.action}${l.to ? ` ${l.to}` : ''}`).join('; ')}.`];
    case 'sol.plan-line-ended':
      return [`${e.data.done ? '' : 'Skipped: '}${e.data.note} (${e.data.rule}).`];
    case 'sol.ops-note':
      return [`Note: ${e.data.text} (${e.data.rule}).`];
    case 'sol.plan-asked':
      return [];
  }
}
