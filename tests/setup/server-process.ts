// The Node server as a child process (`node --import tsx src/server/node.ts`), for tests that need
// several real instances; what it writes is kept for the test to read.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { untilServing } from '../../bench/support.ts';
import { withServerNodeOptions } from '../../scripts/server-node-options.mjs';

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** SIGTERM, then waits for the process to exit (SIGKILL after 10 s). */
  stop(): Promise<void>;
}

const root = new URL('../..', import.meta.url).pathname;
/** One results key for every server a test starts, so instances open each other's files (docs/decisions/0021). */
const RESULTS_KEY = randomBytes(32).toString('base64');

/** Starts the server on the port with exactly these settings (over the test process's environment) and waits for /healthz. */
export async function startServerProcess(options: { port: number; env: Record<string, string> }): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/node.ts'], {
    cwd: root,
    env: withServerNodeOptions({ ...process.env, RESULTS_ENCRYPTION_KEY: RESULTS_KEY, ...options.env, PORT: String(options.port) }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: string) => {
    output += chunk;
  };
  child.stdout!.setEncoding('utf8').on('data', keep);
  child.stderr!.setEncoding('utf8').on('data', keep);
  const { base, exited } = await untilServing(child, options.port, () => output);
  return {
    base,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.kill('SIGTERM');
      await exited;
      clearTimeout(killer);
    },
  };
}

/** `count` ports in [from, to] that nothing listens on right now. */
export async function freePorts(count: number, from: number, to: number): Promise<number[]> {
  const ports: number[] = [];
  for (let port = from; port <= to && ports.length < count; port++) {
    if (await isFree(port)) ports.push(port);
  }
  if (ports.length < count) throw new Error(`no ${count} free ports in ${from}–${to}`);
  return ports;
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '0.0.0.0', () => probe.close(() => resolve(true)));
  });
}
