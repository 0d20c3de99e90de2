import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { withCommandTables } from '../../src/commands/doc';
import { docRows } from '../../src/commands/derived';

const PAGE = join(__dirname, '../../docs/mail-commands.md');

describe('docs/mail-commands.md, written from the command catalogue', () => {
  it('given the page as committed, when its command tables are written again from the catalogue, then nothing changes (else run npm run docs:commands)', () => {
    const page = readFileSync(PAGE, 'utf8');
    expect(withCommandTables(page)).toBe(page);
  });

  it('given a catalogue row the page lacks, then the check fails: a stale table is caught', () => {
    const page = readFileSync(PAGE, 'utf8');
    const row = docRows('referee')[0];
    const stale = page.replace(`| ${row.usage} | ${row.does} |\n`, '');
    expect(stale).not.toBe(page);
    expect(withCommandTables(stale)).not.toBe(stale);
    expect(withCommandTables(stale)).toBe(page);
  });

  it('given a page without the markers, then writing the tables says which are missing', () => {
    expect(() => withCommandTables('# commands\n')).toThrow(/markers of the player table/);
  });
});
