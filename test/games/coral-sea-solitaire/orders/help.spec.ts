/**
 * HELP for Coral Sea: the card for the step at hand (its orders, what the USN has to give them
 * with, what happens if it is silent, the FOR words), the reference topics (HELP STANDING, HELP
 * DEFAULTS, ...) and HELP <rule>, as the mail layer answers them (src/services/help-topics.ts);
 * and the order-line grammar the mail reader uses.
 */
import { coralSeaSolitaire } from '../../../../src/games/coral-sea-solitaire';
import { CORAL_REFERENCE, coralOrderLines, help } from '../../../../src/games/coral-sea-solitaire/orders';
import { SYNTAX, USN_ROWS } from '../../../../src/games/coral-sea-solitaire/orders/rows';
import { answerHelp } from '../../../../src/services/help-topics';
import { position, stepOf } from './fixture';

describe('Coral Sea HELP', () => {
  const s = position();

  it('a card for every USN step: its orders, the position, the default, the FOR words', () => {
    for (const row of USN_ROWS) {
      const card = help(s, 'usn', stepOf(row.id));
      expect(card).toContain(stepOf(row.id).title);
      for (const line of SYNTAX[row.id]) expect(card).toContain(line);
      expect(card).toContain('If you send nothing:');
      expect(card).toContain('FOR <word>');
    }
    const air = help(s, 'usn', stepOf('air-missions'));
    expect(air).toContain('CV-1 (2321): VF 3 VB 5 VT 2');
    expect(air).toContain('If you send nothing: CAP CV-1 VF 3; CAP CV-2 VF 3.');
    expect(air).toContain('CP left: Organization 4, Intelligence 4, Operations 6, Logistics 6.');
  });

  it("the IJN and the game's end get a word, not a card", () => {
    expect(help(s, 'ijn', stepOf('command-decision'))).toContain('played by the umpire');
    expect(help(s, 'usn', null)).toContain('The game is over');
  });

  it('HELP STANDING, HELP DEFAULTS, HELP AHEAD, HELP COSTS: sections of the reference', () => {
    const topic = (t: string) => answerHelp(t, CORAL_REFERENCE, '', null, 'Coral Sea Solitaire');
    expect(topic('standing').lines.join('\n')).toContain('STANDING REFUEL ALL');
    expect(topic('defaults').lines.join('\n')).toContain('CP ORG 0 INTEL 4 OPS 6 LOG 10');
    expect(topic('ahead').lines.join('\n')).toContain('MOVEMENT (USN naval movement, 5.6 4b)');
    expect(topic('costs').lines.join('\n')).toContain('new TF 3 organization');
    expect(topic('strike').topic).toBe('AIR');
  });

  it('HELP <rule>: the lines citing it', () => {
    const r = answerHelp('13.3', CORAL_REFERENCE, '', null, 'Coral Sea Solitaire');
    expect(r.unknown).toBeUndefined();
    expect(r.lines.some((l) => l.includes('NEW TF-<n>'))).toBe(true);
    for (const rule of ['4.2', '7.3', '14.3', '21.5', '28.6', '30.1', '30.4', '33.1', '36', '9a2']) {
      const lines = CORAL_REFERENCE.flatMap((sec) => sec.lines).filter((l) => l.includes(rule));
      expect([rule, lines.length > 0]).toEqual([rule, true]);
    }
  });

  it('the ruleset serves this card, the reference, the order-line grammar and the mail player', () => {
    expect(coralSeaSolitaire.help(s, 'usn', stepOf('command-decision'))).toBe(help(s, 'usn', stepOf('command-decision')));
    expect(coralSeaSolitaire.reference).toBe(CORAL_REFERENCE);
    expect(coralSeaSolitaire.orderLines).toBe(coralOrderLines);
    expect(coralSeaSolitaire.players.mail?.mailboxes.usn).toBe('coral-usn');
  });
});

describe('Coral Sea order lines, for the mail reader', () => {
  it('knows where orders begin, what names the game, and what is cut short', () => {
    const g = coralOrderLines;
    for (const l of [
      'MOVE TF-17 SE',
      'cp org 0 intel 4 ops 6 log 10',
      'FOR MOVEMENT',
      'STANDING REFUEL ALL',
      'NO BOMBARD',
      'CV-3 WITH TF-17',
      'B-1 WITH TF-11',
    ])
      expect([l, g.startsOrder(l)]).toEqual([l, true]);
    for (const l of ['Regards,', 'Thanks for the game', 'Sent from my phone']) expect([l, g.startsOrder(l)]).toEqual([l, false]);
    expect(g.mentionsGame('the carriers of TF 17 go to Port Moresby')).toBe(true);
    expect(g.mentionsGame('see you tomorrow')).toBe(false);
    expect(g.incomplete('NEW TF-3 FROM TF-11: CA-1,')).toBe(true);
    expect(g.incomplete('STRIKE CV-2 VB 5 VT 2')).toBe(true);
    expect(g.incomplete('STRIKE CV-2 VB 5 VT 2 AT CSF')).toBe(false);
    expect(g.continuation('AT CSF')).toBe(true);
    expect(g.continuation('MOVE TF-17 SE')).toBe(false);
  });
});
