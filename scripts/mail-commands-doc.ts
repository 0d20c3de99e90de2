/** Writes the command tables of docs/mail-commands.md from the catalogue (src/commands/doc.ts). */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withCommandTables } from '../src/commands/doc';

const path = join(__dirname, '..', 'docs', 'mail-commands.md');
const before = readFileSync(path, 'utf8');
const after = withCommandTables(before);
if (after !== before) writeFileSync(path, after);
console.log(after === before ? 'docs/mail-commands.md: current' : 'docs/mail-commands.md: command tables written');
