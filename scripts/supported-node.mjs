// `npm run serve` starts only on the Node that production runs on (package.json's `engines.node`,
// ADR 0054): an operator who starts the server on an older Node hears which version is wanted at once,
// not from a runtime without security fixes in production.
import { readFileSync } from 'node:fs';

const { engines } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

/** Whether `version` (v24.21.0 or 24.21.0) is at least the `>=major.minor[.patch]` range `wanted`. */
export function satisfiesMinimum(version, wanted) {
  const minimum = /^>=(\d+)\.(\d+)(?:\.(\d+))?$/.exec(wanted);
  if (!minimum) throw new Error(`engines.node must read ">=major.minor[.patch]", not "${wanted}"`);
  const have = version.replace(/^v/, '').split('.').map(Number);
  const want = minimum.slice(1).map((part) => Number(part ?? 0));
  for (let i = 0; i < 3; i++) {
    if (have[i] !== want[i]) return have[i] > want[i];
  }
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!satisfiesMinimum(process.version, engines.node)) {
    console.error(
      `Tahaleel's server runs in production on Node ${engines.node.slice(2)} or newer (package.json "engines"; docs/decisions/0054-production-on-node-24.md).\n` +
        `This is Node ${process.version}, which gets no security fixes. Install Node 24 LTS and start it again.`,
    );
    process.exit(1);
  }
}
