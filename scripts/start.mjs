// `npm start`: build the client (and its server-rendering entry) when it is missing or older than its sources, then serve.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { withServerNodeOptions } from './server-node-options.mjs';
import { startEnvironment } from './start-env.mjs';

const root = new URL('..', import.meta.url).pathname;
/** Where the demo lab's NPHIES settings send (seeds/data/demo-nphies.ts). */
const DEMO_NPHIES_ENDPOINT = 'http://127.0.0.1:4030/$process-message';
const builtIndex = join(root, 'dist/client/index.html');
const builtServerEntry = join(root, 'dist/server/entry-server.js');
const builtPageAssets = join(root, 'dist/client/page-assets.json');
const sources = ['src/client', 'src/shared', 'public', 'index.html', 'vite.config.ts', 'lingui.config.ts', 'package-lock.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

const builtAt = [builtIndex, builtServerEntry, builtPageAssets].every((file) => existsSync(file)) ? statSync(builtIndex).mtimeMs : 0;
if (builtAt < Math.max(...sources.map((source) => newestMtime(join(root, source))))) {
  console.log('Building the client…');
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/**
 * The key that seals result files (docs/decisions/0021): RESULTS_ENCRYPTION_KEY when set, otherwise
 * one this machine keeps in DATA_DIR/results-encryption.key, made on first start (mode 0600), whatever
 * NODE_ENV says. (src/server/results-key-file.ts does the same for `npm run dev:server`.)
 */
function resultsKey() {
  if (process.env.RESULTS_ENCRYPTION_KEY?.trim()) return {};
  const dataDir = resolve(root, process.env.DATA_DIR?.trim() || '.data');
  const path = join(dataDir, 'results-encryption.key');
  if (!existsSync(path)) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    try {
      writeFileSync(path, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
      console.log(`Made a key for sealing result files: ${path} (keep it: without it no result file can be opened).`);
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
  }
  return { RESULTS_ENCRYPTION_KEY: readFileSync(path, 'utf8').trim() };
}

/**
 * The fake NPHIES (tests/fakes/nphies.ts) at the address the demo lab's settings name (seeds/data/demo-nphies.ts):
 * checkout's coverage checks and the lab's claims are answered on this machine, as NPHIES would. On this
 * machine only (127.0.0.1); a port already taken (another `npm start`) leaves that one answering.
 */
const fakeNphies = spawn(process.execPath, ['--import', 'tsx', 'tests/fakes/nphies.ts'], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: { ...process.env, FAKE_NPHIES_PORT: new URL(DEMO_NPHIES_ENDPOINT).port },
});

const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/node.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: withServerNodeOptions({ ...startEnvironment(process.env), ...resultsKey() }),
});
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    fakeNphies.kill(signal);
    server.kill(signal);
  });
server.on('exit', (code) => {
  fakeNphies.kill();
  process.exit(code ?? 0);
});
