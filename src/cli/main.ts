import 'reflect-metadata';
import { Command } from 'commander';
import { ConfigError } from '../config/config';
import { registerEngineCommands } from './engine-commands';
import { registerGameCommands } from './game-commands';
import { registerStoreCommands } from './store-commands';

export function buildProgram(): Command {
  const program = new Command('umpire')
    .description('Umpire: an event-sourced play-by-email umpire for WWII Pacific wargames')
    .showHelpAfterError('(run `umpire --help` for the commands)');
  registerStoreCommands(program);
  registerGameCommands(program);
  registerEngineCommands(program);
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
  return program;
}

if (require.main === module) {
  buildProgram()
    .parseAsync(process.argv)
    .catch((err: unknown) => {
      console.error(err instanceof ConfigError ? err.message : `umpire: ${(err as Error).message ?? err}`);
      process.exitCode = 1;
    });
}
