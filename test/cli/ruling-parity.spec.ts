import { BUS_COMMANDS, CATALOGUE } from '../../src/commands/catalogue';
import type { CatalogueEntry } from '../../src/commands/define';
import { buildProgram } from '../../src/cli/main';

/**
 * Issue 30: every ruling the referee can mail can be given from the command line too, under the
 * verb the catalogue names, and every such verb says who rules (`--referee`).
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

  it('takes its description from the catalogue', () => {
    const force = entries.find((e) => e.kind === 'game.force')!;
    expect(verbs.get('force')!.description()).toBe(force.help!.does);
  });
});
