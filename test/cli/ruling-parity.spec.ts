import { BUS_COMMANDS, CATALOGUE } from '../../src/commands/catalogue';
import type { CatalogueEntry } from '../../src/commands/define';
import type { Command } from 'commander';
import { buildProgram } from '../../src/cli/main';
import { cliDoes, cliEntry, type VerbEntry } from '../../src/cli/rulings';

/**
 * Issue 30: every ruling the referee can mail can be given from the command line too, under the
 * verb the catalogue names, and every such verb says who rules (`--referee`). Issue 29: every verb
 * the catalogue declares (a side's, a ruling, a system command) is in the program, described as
 * the catalogue describes it.
 */
describe('the referee’s rulings, by mail and from the command line alike', () => {
  const entries: readonly CatalogueEntry[] = CATALOGUE;
  const program = buildProgram();
  const verbs = new Map(program.commands.map((c) => [c.name(), c]));

  it('gives every referee mail command that goes through the bus a CLI verb in the catalogue, registered with --referee', () => {
    // given the referee's bus commands that a mail carries (DIGEST is how much mail one gets, no ruling)
    const byMail = [...BUS_COMMANDS.values()].filter((e) => e.kind !== 'game.digest' && e.mail && e.from.includes('referee'));
    expect(byMail.length).toBeGreaterThan(10);
    for (const e of byMail) {
      // then each names its verb, the program has it, and it takes --referee
      const cli = e.cli;
      expect({ command: e.mail?.name, cli }).toEqual({
        command: expect.any(String),
        cli: expect.any(String),
      });
      const verb = verbs.get(String(cli).split(' ')[0]);
      expect(verb).toBeDefined();
      expect(verb!.options.map((o) => o.long)).toContain('--referee');
    }
  });

  it('has every command-line verb the catalogue declares, described as the catalogue describes it', () => {
    // given every catalogue entry that names a verb (`orders`, `game create`; `page-link --revoke` an option of a verb)
    const declared = entries.filter((e): e is VerbEntry => !('directive' in e) && e.cli !== undefined);
    expect(declared.map((e) => e.cli)).toEqual(
      expect.arrayContaining(['orders', 'status', 'wait', 'confirm', 'game create', 'page-link --revoke']),
    );
    for (const e of declared) {
      // then the program has the verb (each word a command under the one before, or an option of it) and says what the catalogue says
      let at: Command = program;
      let described: string | undefined;
      for (const word of String(e.cli).split(' ')) {
        if (word.startsWith('--')) {
          described = at.options.find((o) => o.long === word)?.description;
          continue;
        }
        const sub = at.commands.find((c) => c.name() === word);
        expect({ verb: e.cli, word, found: sub !== undefined }).toEqual({ verb: e.cli, word, found: true });
        at = sub!;
        described = at.description();
      }
      expect({ verb: e.cli, described }).toEqual({ verb: e.cli, described: cliDoes(e) });
    }
  });

  it('fails on a catalogue verb the program lacks', () => {
    expect(() => cliEntry('no-such-verb')).toThrow('the catalogue has no command-line verb "no-such-verb"');
  });

  it('takes its description from the catalogue', () => {
    const force = entries.find((e) => e.kind === 'game.force')!;
    expect(verbs.get('force')!.description()).toBe(force.help!.does);
  });
});
