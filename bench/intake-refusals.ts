// `npm run bench:intake-refusals`: what strangers posting 1 MB HL7 messages without a key cost everyone
// else (issue #74 item 1). `/healthz` is asked one request after another for BENCH_SECONDS (10): once
// quiet, then while three senders post unauthenticated 1 MB ORU^R01 messages to /hl7/v2 as fast as they
// are answered. It prints /healthz's p50/p99 in both runs and their ratio (goal: p99 under the senders
// ≤ 2× quiet), and how long one refusal of the 1 MB message takes at /hl7/v2 beside /fhir/r4's refusal
// of a small Bundle. Refusals are answered at once (SLOW_REFUSALS_MAX_MS=0), so the senders are not slowed
// down by the server: the worst case. Real server over HTTP on PostgreSQL (BENCH_DATABASE_URL);
// 127.0.0.1 only; the senders run in a process of their own, at the lowest priority (nice 19, or
// BENCH_SENDERS_NICE) as bench:abuse's attackers do, and stop after the measured window.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { benchAdminUrl, createScratchDatabase, startServer } from './support.ts';

const NAME = `tahaleel_bench_intake_refusals_${Date.now()}`;
const PORT = Number(process.env.BENCH_PORT ?? 3594);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SENDERS = 3;
/** As bench:abuse's attackers: real senders post from machines of their own, here they share the 2 cores. */
const SENDERS_NICE = Number(process.env.BENCH_SENDERS_NICE ?? 19);
const MESSAGE_BYTES = 1024 * 1024 - 4096;

const fixture = readFileSync(new URL('../tests/fixtures/hl7/oru-r01-cbc.hl7', import.meta.url), 'utf8');
const segments = fixture.split(/\r\n?|\n/).filter(Boolean);
const obx = `${segments.find((segment) => segment.startsWith('OBX'))!}\r`;
const head = `${segments.filter((segment) => !segment.startsWith('OBX')).join('\r')}\r`;
const repeats = Math.floor((MESSAGE_BYTES - head.length) / obx.length);
const message = head + obx.repeat(repeats);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** /healthz asked one request after another for the window: its latencies, in ms, sorted. */
async function healthLatencies(base: string): Promise<number[]> {
  const latencies: number[] = [];
  const until = performance.now() + SECONDS * 1000;
  while (performance.now() < until) {
    const started = performance.now();
    await (await fetch(`${base}/healthz`)).arrayBuffer();
    latencies.push(performance.now() - started);
  }
  return latencies.sort((a, b) => a - b);
}

/** Time of one request, in ms, the median of `times` tries. */
async function medianOf(times: number, request: () => Promise<Response>, expected: number): Promise<number> {
  const took: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const started = performance.now();
    const response = await request();
    await response.arrayBuffer();
    if (response.status !== expected) throw new Error(`expected ${expected}, got ${response.status}`);
    took.push(performance.now() - started);
  }
  return percentile(
    took.sort((a, b) => a - b),
    50,
  );
}

/** The senders, in a process of their own: each posts the message, unsigned, until the window ends. */
function startSenders(base: string) {
  const script = `
    const body = ${JSON.stringify(head)} + ${JSON.stringify(obx)}.repeat(${repeats});
    const until = Date.now() + ${(SECONDS + 2) * 1000};
    let sent = 0;
    await Promise.all(Array.from({ length: ${SENDERS} }, async () => {
      while (Date.now() < until) {
        const response = await fetch('${base}/hl7/v2', { method: 'POST', headers: { 'content-type': 'application/hl7-v2' }, body });
        await response.arrayBuffer();
        sent += 1;
      }
    }));
    process.stdout.write(String(sent));`;
  const child = spawn('nice', ['-n', String(SENDERS_NICE), process.execPath, '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  return new Promise<number>((resolve) => child.once('exit', () => resolve(Number(out))));
}

const scratch = await createScratchDatabase(benchAdminUrl, NAME);
const server = await startServer({ port: PORT, databaseUrl: scratch.url, env: { SLOW_REFUSALS_MAX_MS: '0' } });
try {
  const post = (path: string, type: string, body: string) =>
    fetch(`${server.base}${path}`, { method: 'POST', headers: { 'content-type': type }, body });
  // Warm: the HL7 reader loads on the first message.
  await medianOf(5, () => post('/hl7/v2', 'application/hl7-v2', message), 401);
  const hl7Refusal = await medianOf(30, () => post('/hl7/v2', 'application/hl7-v2', message), 401);
  // The FHIR door refuses before it reads a byte (and closes the connection on a large body): a small one.
  const fhirRefusal = await medianOf(30, () => post('/fhir/r4', 'application/fhir+json', '{"resourceType":"Bundle"}'), 401);

  const quiet = await healthLatencies(server.base);
  const senders = startSenders(server.base);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const busy = await healthLatencies(server.base);
  const sent = await senders;

  const row = (label: string, latencies: number[]) =>
    `${label.padEnd(28)} p50 ${percentile(latencies, 50).toFixed(2)} ms  p99 ${percentile(latencies, 99).toFixed(2)} ms  (${latencies.length} requests)`;
  console.log(
    `One refusal: a ${(message.length / 1024).toFixed(0)} KB HL7 message without a key ${hl7Refusal.toFixed(2)} ms; /fhir/r4 without a key ${fhirRefusal.toFixed(2)} ms`,
  );
  console.log(row('/healthz quiet', quiet));
  console.log(row(`/healthz, ${SENDERS} senders of 1 MB`, busy));
  console.log(`Senders' messages refused: ${sent} in ${SECONDS + 2} s`);
  const ratio = percentile(busy, 99) / percentile(quiet, 99);
  console.log(`p99 ratio (busy / quiet): ${ratio.toFixed(2)}× (goal ≤ 2×)`);
} finally {
  server.child.kill('SIGTERM');
  await server.exited;
  await scratch.drop();
}
