// `npm run build` (last step): the server, its migrations and its scripts compiled to plain JavaScript
// in dist/node, so `npm run serve` runs on Node alone, without tsx or any devDependency
// (docs/decisions/0019-production-build.md). The database function files go beside the migrations.
import { spawnSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;
const out = join(root, 'dist/node');

rmSync(out, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const compiled = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.node.json')], { cwd: root, stdio: 'inherit' });
if (compiled.status !== 0) process.exit(compiled.status ?? 1);
cpSync(join(root, 'migrations/functions'), join(out, 'migrations/functions'), { recursive: true });
