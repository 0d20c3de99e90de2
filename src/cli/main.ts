import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command, CommanderError } from 'commander';
import { ConfigError } from '../config/config';
import { registerAuditCommands } from './audit-commands';
import { registerEngineCommands } from './engine-commands';
import { registerGameCommands } from './game-commands';
import { registerMailCommands } from './mail-commands';
import { registerPageCommands } from './page-commands';
import { registerStoreCommands } from './store-commands';
import { registerTimeCommands } from './time-commands';
import { UsageError } from './usage';

export function buildProgram(): Command {
  const program = new Command('umpire')
    .description('Umpire: an event-sourced play-by-email umpire for WWII Pacific wargames')
    .version(packageVersion(), '-V, --version', 'print the version')
    .addHelpText(
      'after',
      '\nConfiguration comes from the environment: DATABASE_URL, REDIS_URL, UMPIRE_QUEUE_PREFIX, UMPIRE_SECRET, SMTP_*, IMAP_* (README.md).\n' +
        'Exit codes: 0 done, 1 refused or failed (a check that found a problem), 2 a mistake in the command line.',
    );
  registerStoreCommands(program);
  registerGameCommands(program);
  registerTimeCommands(program); // pause, resume, absence, deadline, wait, confirm
  registerEngineCommands(program);
  registerMailCommands(program);
  registerPageCommands(program);
  registerAuditCommands(program, packageVersion());
  program
    .command('worker')
    .description('run a worker process (applies commands, adjudicates, sends mail) until stopped')
    .action(async () => {
      const { startWorker } = await import('../worker');
      await startWorker();
    });
  program
    .command('api')
    .description('run the HTTP API (health, inbound-mail webhook) until stopped')
    .action(async () => {
      await import('../api');
    });
  // a mistake in a command's arguments points at that command's help, not the whole list
  const hint = (cmd: Command, path: string): void => {
    cmd.showHelpAfterError(`(run \`${path} --help\` for usage)`);
    cmd.exitOverride();
    for (const sub of cmd.commands) hint(sub, `${path} ${sub.name()}`);
  };
  hint(program, 'umpire');
  return program;
}

/**
 * Parses and runs; sets the exit code: 0 done, 1 refused or failed, 2 a usage mistake (unknown
 * command or option, bad argument, missing file). A user's mistake prints one line, never a stack.
 */
export async function run(argv: readonly string[]): Promise<void> {
  try {
    await buildProgram().parseAsync([...argv]);
  } catch (err) {
    if (err instanceof CommanderError) {
      // commander has printed its message (or the help); help and --version are not errors
      process.exitCode = err.exitCode === 0 || err.code === 'commander.helpDisplayed' || err.code === 'commander.version' ? 0 : 2;
      return;
    }
    if (err instanceof UsageError) {
      console.error(`umpire: ${err.message}`);
      process.exitCode = 2;
      return;
    }
    console.error(err instanceof ConfigError ? err.message : `umpire: ${(err as Error)?.message ?? String(err)}`);
    process.exitCode = 1;
  }
}

function packageVersion(): string {
  for (const dir of [join(__dirname, '..', '..'), join(__dirname, '..', '..', '..')]) {
    try {
      return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
    } catch {
      // not this one: sources run from src/cli, the build from dist/src/cli
    }
  }
  return 'unknown';
}

if (require.main === module) void run(process.argv);
