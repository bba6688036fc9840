// What the benches that load the server with wrk (`apt-get install wrk`) share: the check that it is
// installed, its Lua script written to a file, the run, and the summary line its script prints, read back.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Stops the bench, saying how to install wrk, where it is missing. */
export function requireWrk() {
  if (spawnSync('wrk', ['--version']).error) {
    console.error('wrk is needed: sudo apt-get install -y wrk');
    process.exit(1);
  }
}

/**
 * The Lua `done` hook that prints the run's summary as the line `runWrk` reads: requests/s, p50 and
 * p99 in ms, the answers counted as errors (`errors`, a Lua expression: by default wrk's own count of
 * HTTP statuses above 399) and the requests made.
 */
export function wrkSummaryHook(errors = 'summary.errors.status') {
  return `done = function(summary, latency)
  io.write(string.format("RESULT %f %f %f %d %d\\n", summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000, latency:percentile(99) / 1000, ${errors}, summary.requests))
end`;
}

/** Writes a wrk Lua script to the temporary folder, named for the bench and this process; its path. */
export function wrkScript(name: string, lua: string): string {
  const file = join(tmpdir(), `tahaleel-${name}-${process.pid}.lua`);
  writeFileSync(file, lua);
  return file;
}

/** A wrk run as its script's summary hook printed it. */
export interface WrkResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
}

/** Runs wrk with the script (whose `done` is `wrkSummaryHook`) against the URL and reads its summary. */
export function runWrk(options: { url: string; script: string; seconds: number; connections: number; threads: number }): WrkResult {
  const { url, script, seconds, connections, threads } = options;
  const run = spawnSync('wrk', [`-t${threads}`, `-c${connections}`, `-d${seconds}s`, '-s', script, url], { encoding: 'utf8' });
  const line = run.stdout.split('\n').find((entry) => entry.startsWith('RESULT'));
  if (!line) throw new Error(`wrk failed: ${run.stdout}${run.stderr}`);
  const [, rps, p50, p99, errors, requests] = line.split(' ').map(Number);
  return { rps: rps!, p50: p50!, p99: p99!, errors: errors!, requests: requests! };
}
