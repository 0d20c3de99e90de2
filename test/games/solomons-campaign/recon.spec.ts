/**
 * Issue 32, the recon/withdrawal optional rule (28.3 "New Optional Rule", option recon-withdrawal):
 * the CP each side commits stay sealed to it until the attack's recon phase spends them in the
 * public `sol.recon` event: the defender's answer (asked at `…/recon-<k>`, or by STANDING RECON)
 * and the attacker's RECON on his ATTACK line never reach the other side before then (31.0).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EngineEvent } from '../../../src/engine/engine-events';
import { runCaseFiles } from '../../../src/engine/cases';
import { eventVisibleTo } from '../../../src/engine/views';
import { rulesets } from '../../../src/games';

const FILE = join(__dirname, '../../../cases/solomons-campaign/recon.json');
const results = runCaseFiles([{ path: FILE, text: readFileSync(FILE, 'utf8') }], rulesets);
const byName = (part: string) => results.find((r) => r.name.includes(part))!;

/** The events the attacker (us) may see before the recon phase's public event. */
function seenBefore(events: readonly EngineEvent[], viewer: string): EngineEvent[] {
  const at = events.findIndex((e) => e.type === 'RulesApplied' && e.data.event.type === 'sol.recon');
  expect(at).toBeGreaterThan(0);
  return events.slice(0, at).filter((e) => eventVisibleTo(e, viewer));
}

describe('Solomons Campaign recon/withdrawal fog (28.3 optional, issue 32)', () => {
  it('given the recon cases, then all pass', () => {
    expect(results.filter((r) => !r.passed).map((r) => `${r.name}: ${r.failures.join('; ')}`)).toEqual([]);
  });

  it.each([
    ['the defender asked at the step', 'Japan RECON 1 at the step recon-1'],
    ['the defender answered by STANDING RECON', 'standing answers'],
  ])('given %s, then the attacker sees nothing of the defender’s CP before the recon phase spends them', (_how, part) => {
    const { events } = byName(part);
    const seen = seenBefore(events, 'us');
    // not vacuous: Japan's answer is in the log before the recon phase, sealed
    const at = events.findIndex((e) => e.type === 'RulesApplied' && e.data.event.type === 'sol.recon');
    expect(JSON.stringify(events.slice(0, at))).toMatch(/recon-cp/);
    // no order, standing line or default of Japan's reaches the US; the step's existence alone is public
    expect(seen.filter((e) => 'data' in e && (e.data as { side?: string }).side === 'japanese' && e.type !== 'RulesApplied')).toEqual([]);
    expect(JSON.stringify(seen)).not.toMatch(/recon-cp|RECON \d/);
    const recon = events.find((e) => e.type === 'RulesApplied' && e.data.event.type === 'sol.recon')!;
    expect(eventVisibleTo(recon, 'us') && eventVisibleTo(recon, 'japanese')).toBe(true);
  });

  it('given the attacker’s RECON on its ATTACK line, then Japan sees none of it before the recon phase', () => {
    const { events } = byName('Japan RECON 1 at the step recon-1');
    const seen = seenBefore(events, 'japanese');
    expect(JSON.stringify(events)).toMatch(/"recon":\{"total":2\}/);
    expect(JSON.stringify(seen)).not.toMatch(/"recon":\{"total"|RECON 2/);
  });
});
