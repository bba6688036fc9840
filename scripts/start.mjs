// `npm start`: build the client (and its server-rendering entry) when it is missing or older than its sources, then serve.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const builtIndex = join(root, 'dist/client/index.html');
const builtServerEntry = join(root, 'dist/server/entry-server.js');
const sources = ['src/client', 'src/shared', 'public', 'index.html', 'vite.config.ts', 'lingui.config.ts', 'package-lock.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

const builtAt = existsSync(builtIndex) && existsSync(builtServerEntry) ? statSync(builtIndex).mtimeMs : 0;
if (builtAt < Math.max(...sources.map((source) => newestMtime(join(root, source))))) {
  console.log('Building the client…');
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/node.ts'], {
  cwd: root,
  stdio: 'inherit',
  // Production React, with the development mailbox (/dev/mailbox) unless mail goes to SMTP_URL.
  env: { NODE_ENV: 'production', ...(process.env.SMTP_URL ? {} : { DEV_MAILBOX: 'true' }), ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
