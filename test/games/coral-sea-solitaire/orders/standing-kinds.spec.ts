/**
 * Issue 28 for Coral Sea: the kinds of standing instruction with the defaults in force from the
 * start (orders/standing-kinds.ts), changed one kind at a time, and the news a report opens with
 * (news.ts).
 */
import { defaultStandingLines, mergeStanding, standingKindsOf } from '../../../../src/engine/standing';
import { coralSeaSolitaire } from '../../../../src/games/coral-sea-solitaire';
import { coralNews } from '../../../../src/games/coral-sea-solitaire/news';
import { answerFromStanding, parseStanding } from '../../../../src/games/coral-sea-solitaire/orders';
import type { CoralState } from '../../../../src/games/coral-sea-solitaire/types';
import { position, stepOf } from './fixture';

const kinds = standingKindsOf(coralSeaSolitaire);
const defaults = defaultStandingLines(kinds, 'usn', {}).join('\n');
const inForce = (s: CoralState, text: string) => {
  const r = parseStanding(s, 'usn', text);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.orders;
};
const change = (written: string) => mergeStanding(kinds, defaults, written, (k) => k.defaults?.('usn', {}) ?? []);

describe('Coral Sea standing kinds (issue 28)', () => {
  const s = position();

  it('given a new game, then every USN row has a kind and the defaults in force parse; the IJN (the umpire`s) has none', () => {
    const rows = coralSeaSolitaire.steps.rows.filter((r) => r.owes === 'one');
    expect(rows.filter((r) => !r.standing?.length).map((r) => r.id)).toEqual(['deployment']);
    expect(defaults.split('\n')).toContain('STANDING BOMBARD ALWAYS');
    expect(defaultStandingLines(kinds, 'ijn', {})).toEqual([]);
    expect(parseStanding(s, 'usn', defaults).ok).toBe(true);
  });

  it('given the defaults, then the CP, logistics, assignment and bombardment are answered unasked, and intelligence, movement and air are asked', () => {
    const st = inForce(s, defaults);
    expect(answerFromStanding(s, 'usn', stepOf('command-decision'), st)).toEqual([
      { kind: 'allocate', slots: { organization: 0, intelligence: 4, operations: 6, logistics: 10 } },
    ]);
    expect(answerFromStanding(s, 'usn', stepOf('air-assign'), st)).toEqual([{ kind: 'assign-committed' }]);
    expect(answerFromStanding(s, 'usn', stepOf('logistics-usn'), st)).not.toBeNull();
    expect(answerFromStanding(s, 'usn', stepOf('bombard-usn'), st)).toEqual([{ kind: 'no-bombard' }]);
    for (const row of ['intelligence', 'movement-usn', 'air-missions']) expect(answerFromStanding(s, 'usn', stepOf(row), st)).toBeNull();
  });

  it('given STANDING ASK COMMAND and STANDING BOMBARD NEVER, then only those two kinds change: the CP are asked, the rest stands', () => {
    const merged = change('STANDING ASK COMMAND\nSTANDING BOMBARD NEVER');
    expect(merged.errors).toEqual([]);
    expect(merged.text).not.toContain('COMMAND DEFAULT');
    expect(merged.text).toContain('STANDING BOMBARD NEVER');
    expect(merged.text).not.toContain('BOMBARD ALWAYS');
    expect(merged.text).toContain('STANDING LOGISTICS DEFAULT');
    const st = inForce(s, merged.text);
    expect(answerFromStanding(s, 'usn', stepOf('command-decision'), st)).toBeNull();
    expect(answerFromStanding(s, 'usn', stepOf('air-assign'), st)).toEqual([{ kind: 'assign-committed' }]);
  });

  it('given STANDING MOVEMENT DEFAULT, then movement takes its default unasked; STANDING DEFAULT MOVEMENT puts back the default, which is to be asked', () => {
    const st = inForce(s, change('STANDING MOVEMENT DEFAULT').text);
    expect(answerFromStanding(s, 'usn', stepOf('movement-usn'), st)).toEqual([]);
    const back = change('STANDING MOVEMENT DEFAULT\nSTANDING DEFAULT MOVEMENT');
    expect(answerFromStanding(s, 'usn', stepOf('movement-usn'), inForce(s, back.text))).toBeNull();
  });
});

describe('Coral Sea news (issue 28)', () => {
  const s = position();

  it('given a USN cruiser crippled, a carrier damaged and a repair, then the news has one lost and one damaged, and nothing for the repair', () => {
    const status = (ship: string, from: string, to: string) => ({
      type: 'coral.ship.status',
      data: { ship, from, to, cause: 'test', rule: '6.3' },
    });
    expect(coralNews(status('usn:CA-3', 'ok', 'crippled'), s)).toEqual([{ kind: 'lost', side: 'usn', text: 'CA-3 (CA), crippled' }]);
    expect(coralNews(status('usn:CV-1', 'ok', 'damaged'), s)).toEqual([{ kind: 'damaged', side: 'usn', text: 'CV-1 (CV)' }]);
    expect(coralNews(status('usn:CV-1', 'damaged', 'ok'), s)).toEqual([]);
  });

  it('given VP scored and a base invaded, then the news has the points with both totals and the base to the IJN', () => {
    const vp = coralNews({ type: 'coral.vp', data: { side: 'ijn', points: 10, reason: 'CA-3 crippled', rule: '6.1' } }, s);
    expect(vp).toEqual([
      {
        kind: 'points',
        side: 'ijn',
        turn: s.turn,
        text: `turn ${s.turn}: IJN +10 VP, CA-3 crippled (IJN ${s.vp.ijn + 10}, USN ${s.vp.usn})`,
      },
    ]);
    expect(coralNews({ type: 'coral.base.captured', data: { base: 'Port-Moresby', airLost: [], rule: '23.6' } }, s)).toEqual([
      { kind: 'control', side: 'ijn', text: 'Port-Moresby to the IJN' },
    ]);
  });
});
