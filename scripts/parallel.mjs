// `node scripts/parallel.mjs script …`: runs the package's npm scripts at once (issue #75: type-check,
// Biome, knip and the layer rules one after another left a core idle). Each script's output is kept
// apart and printed whole when it ends, with its seconds; the exit code is 1 when any failed, and the
// last lines name the failed ones, first failure first.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/parallel.mjs script [script …]');
  process.exit(2);
}

const started = performance.now();
const failed = [];
await Promise.all(
  scripts.map(
    (script) =>
      new Promise((resolve) => {
        const begun = performance.now();
        const child = spawn('npm', ['run', '--silent', script], {
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { ...process.env, FORCE_COLOR: '0' },
        });
        let output = '';
        child.stdout.setEncoding('utf8').on('data', (chunk) => (output += chunk));
        child.stderr.setEncoding('utf8').on('data', (chunk) => (output += chunk));
        child.on('close', (code) => {
          const seconds = ((performance.now() - begun) / 1000).toFixed(1);
          const verdict = code === 0 ? 'passed' : `FAILED (exit ${code})`;
          process.stdout.write(`\n── ${script}: ${verdict} in ${seconds} s ──\n${output.trimEnd()}${output.trim() ? '\n' : ''}`);
          if (code !== 0) failed.push(script);
          resolve();
        });
      }),
  ),
);

const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (failed.length > 0) {
  console.error(`\n${failed.length} of ${scripts.length} failed in ${seconds} s: ${failed.join(', ')} (first: ${failed[0]})`);
  process.exit(1);
}
console.log(`\nAll ${scripts.length} passed in ${seconds} s: ${scripts.join(', ')}`);
