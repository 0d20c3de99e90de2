import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..', '..');

/** Starts a real worker process from the build (as `npm run worker` does). */
export function startWorkerProcess(env: Record<string, string>): ChildProcess {
  return startBuilt('worker', env);
}

/** Starts a real API process from the build (as `npm run api` does): health, the webhook, the IMAP reader if enabled. */
export function startApiProcess(env: Record<string, string>): ChildProcess {
  return startBuilt('api', env);
}

const tails = new WeakMap<ChildProcess, string[]>();

function startBuilt(script: 'api' | 'worker', env: Record<string, string>): ChildProcess {
  const built = join(ROOT, 'dist', 'src', `${script}.js`);
  if (!existsSync(built)) throw new Error(`${built} is missing: run \`npm run build\` before the tests (npm test does)`);
  const child = spawn(process.execPath, [built], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  tails.set(child, keepTail(child));
  return child;
}

/**
 * Keeps the last `max` lines a child process wrote into `into` (stdout: its JSON log; stderr:
 * crash points and start-up errors), and echoes them with DEBUG_WORKERS=1. Several processes
 * may share one array (a role's processes across restarts).
 */
export function keepTail(child: ChildProcess, into: string[] = [], max = 20): string[] {
  const take = (d: Buffer) => {
    if (process.env.DEBUG_WORKERS) process.stderr.write(d);
    for (const line of d.toString().split('\n')) if (line.trim()) into.push(line);
    into.splice(0, Math.max(0, into.length - max));
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  return into;
}

/** Throws, with the last lines it wrote, if a process of startApiProcess or startWorkerProcess has exited: a wait for it need not run out. */
export function assertRunning(child: ChildProcess, what: string): void {
  if (child.exitCode === null && child.signalCode === null) return;
  const lines = (tails.get(child) ?? []).map((l) => `  ${l.slice(0, 400)}`).join('\n') || '  (nothing)';
  throw new Error(`${what} exited (${child.exitCode ?? child.signalCode}); its last lines:\n${lines}`);
}

/** Stops a process with `signal`, and with SIGKILL if it has not exited 10 s later; says which ended it. */
export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<'exited' | 'killed'> {
  if (child.exitCode !== null || child.signalCode !== null) return 'exited';
  return new Promise((resolve) => {
    let forced = false;
    const timer = setTimeout(() => {
      forced = true;
      child.kill('SIGKILL');
    }, 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(forced ? 'killed' : 'exited');
    });
    child.kill(signal);
  });
}

export async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A TCP port free on this machine now, the one the kernel gives a listener on port 0, for a child
 * process that must be told its port before it starts and is then called on it (the webhook
 * test's and the pipeline bench's API, a private redis-server); a process nobody calls takes
 * HTTP_PORT=0 instead. A fixed or random port may be held by another listener or be the
 * ephemeral port of an outgoing connection (Linux hands those out from 32768 to 60999), and the
 * process would then fail to bind. (The get-port package does this too, as an ES module only.)
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '0.0.0.0', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
