/**
 * Whose CPU an order costs (issue 33's ratio): the processes involved, read from /proc, and the
 * bare delivery of tiny mails measured the same way. The mail servers are counted as process
 * trees (Dovecot's master and everything under it, Postfix's master and everything under it),
 * each process with its waited-for exited children (cutime/cstime), so a short-lived LMTP or
 * smtpd process that came and went between two readings is counted in its parent's figures.
 * Other work on a shared machine is left out, but for what it asks of the same mail servers.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { mailEnv } from '../test/support/mail';
import { machineBusyMs } from './service-processes';

interface ProcStat {
  readonly pid: number;
  readonly ppid: number;
  readonly comm: string;
  /** utime + stime + cutime + cstime, ms (clock ticks of 10 ms) */
  readonly withChildrenMs: number;
}

function statOf(pid: number): ProcStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = text.lastIndexOf(')');
    const comm = text.slice(text.indexOf('(') + 1, close);
    // after "pid (comm) ": state is field 3, ppid 4, utime 14, stime 15, cutime 16, cstime 17
    const f = text.slice(close + 2).split(' ');
    return { pid, ppid: Number(f[1]), comm, withChildrenMs: (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * 10 };
  } catch {
    return undefined; // ended meanwhile
  }
}

function allStats(): ProcStat[] {
  const out: ProcStat[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = statOf(Number(name));
    if (s) out.push(s);
  }
  return out;
}

function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

/** CPU ms so far of the trees rooted at `roots` (every live process under them, with its exited children). */
function treeMs(stats: readonly ProcStat[], roots: ReadonlySet<number>): number {
  const parent = new Map(stats.map((s) => [s.pid, s.ppid]));
  const inTree = (pid: number): boolean => {
    for (let p: number | undefined = pid, hops = 0; p !== undefined && p > 1 && hops < 64; p = parent.get(p), hops++)
      if (roots.has(p)) return true;
    return false;
  };
  return stats.filter((s) => inTree(s.pid)).reduce((sum, s) => sum + s.withChildrenMs, 0);
}

function environ(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'utf8');
  } catch {
    return '';
  }
}

/**
 * The mail servers' masters: Dovecot's (a `dovecot` whose parent is not one) and Postfix's (`master` run from postfix).
 * Where several checkouts run their own servers side by side (on other MAIL_*_PORTs), only this
 * checkout's: the Dovecot run with its configuration, the Postfix with its MAIL_CONFIG.
 */
function mailRoots(stats: readonly ProcStat[]): { dovecot: Set<number>; postfix: Set<number> } {
  const comm = new Map(stats.map((s) => [s.pid, s.comm]));
  const env = mailEnv();
  const ours = (pid: number, mark: string, all: readonly number[]) =>
    all.length < 2 || (mark !== '' && (cmdline(pid).includes(mark) || environ(pid).includes(mark)));
  const dovecots = stats.filter((s) => s.comm === 'dovecot' && comm.get(s.ppid) !== 'dovecot').map((s) => s.pid);
  const masters = stats.filter((s) => s.comm === 'master' && cmdline(s.pid).includes('postfix')).map((s) => s.pid);
  const postfixConf = env.dovecotConf ? `MAIL_CONFIG=${dirname(env.dovecotConf)}/postfix` : '';
  const dovecot = new Set(dovecots.filter((pid) => ours(pid, env.dovecotConf ?? '', dovecots)));
  const postfix = new Set(masters.filter((pid) => ours(pid, postfixConf, masters)));
  return { dovecot, postfix };
}

/** One reading: CPU ms so far of the mail servers' trees, this bench process, the given processes, and the machine. */
export interface CpuReading {
  readonly mailServers: number;
  readonly bench: number;
  readonly machine: number;
}

export function readCpu(): CpuReading {
  const stats = allStats();
  const { dovecot, postfix } = mailRoots(stats);
  const self = stats.find((s) => s.pid === process.pid);
  return { mailServers: treeMs(stats, dovecot) + treeMs(stats, postfix), bench: self?.withChildrenMs ?? 0, machine: machineBusyMs() };
}

export function cpuSince(before: CpuReading, after: CpuReading = readCpu()): CpuReading {
  return {
    mailServers: after.mailServers - before.mailServers,
    bench: after.bench - before.bench,
    machine: after.machine - before.machine,
  };
}

/** CPU of one bare tiny mail delivered and read back: by the processes involved (mail servers and the bench), and by the machine's busy time. */
export interface BareMailCpu {
  readonly mails: number;
  readonly processesMs: number;
  readonly mailServersMs: number;
  readonly benchMs: number;
  readonly machineMs: number;
}

export async function measureBareMail(mails: number, deliver: () => Promise<unknown>): Promise<BareMailCpu> {
  const before = readCpu();
  await deliver();
  const d = cpuSince(before);
  return {
    mails,
    processesMs: (d.mailServers + d.bench) / mails,
    mailServersMs: d.mailServers / mails,
    benchMs: d.bench / mails,
    machineMs: d.machine / mails,
  };
}

/** An order's CPU by the processes involved, ms, and the ratios to the bare delivery of its mails (one in, `mailsPerOrder` out). */
export interface OrderCpuRatio {
  readonly workers: number;
  readonly api: number;
  readonly postgres: number;
  readonly mailServers: number;
  readonly bench: number;
  readonly processes: number;
  readonly machine: number;
  readonly mailsPerOrder: number;
  readonly bareMailMs: number;
  readonly bareMailMachineMs: number;
  readonly byProcesses: number;
  readonly byMachine: number;
}

export function orderCpuRatio(
  order: { workers: number; api: number; postgres: number; mailServers: number; bench: number; machine: number },
  mailsPerOrder: number,
  bare: BareMailCpu,
): OrderCpuRatio {
  const processes = order.workers + order.api + order.postgres + order.mailServers + order.bench;
  const mails = 1 + mailsPerOrder;
  return {
    ...order,
    processes,
    mailsPerOrder,
    bareMailMs: bare.processesMs,
    bareMailMachineMs: bare.machineMs,
    byProcesses: processes / (bare.processesMs * mails),
    byMachine: order.machine / (bare.machineMs * mails),
  };
}

/** The ratio's lines for the bench's output. */
export function ratioLines(workers: number, r: OrderCpuRatio, bare: BareMailCpu): string[] {
  const n = (x: number) => x.toFixed(0);
  return [
    `  ${workers} worker(s): machine CPU per order ÷ CPU of bare delivery of the same number of mails (1 in + ${r.mailsPerOrder.toFixed(2)} out): ${r.byProcesses.toFixed(1)} by processes, ${r.byMachine.toFixed(1)} by machine busy time (target <= 6)`,
    `    order ${n(r.processes)} ms by processes (${n(r.workers)} workers, ${n(r.api)} API, ${n(r.postgres)} PostgreSQL, ${n(r.mailServers)} mail servers, ${n(r.bench)} bench), ${n(r.machine)} ms of machine busy time;` +
      ` bare mail ${r.bareMailMs.toFixed(2)} ms by processes (${bare.mailServersMs.toFixed(2)} mail servers, ${bare.benchMs.toFixed(2)} bench), ${r.bareMailMachineMs.toFixed(2)} ms of machine busy time (${bare.mails} tiny mails, 16 in flight, LMTP and SMTP alternating, read back by IMAP)`,
  ];
}
