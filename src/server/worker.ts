/**
 * Cloudflare Workers entry. Static files are served by the `ASSETS` binding (wrangler.toml `[assets]`);
 * the paths listed in `run_worker_first` reach this Worker, which answers them with the shared Hono app.
 *
 * Keep this file's imports Worker-safe: never import `./db/connect.ts`, `./db/migrate.ts`, `./bootstrap.ts`
 * or `seeds/` — they pull in PGlite (WASM) and node:fs migration code. Migrations and seeding run from
 * Node only (`npm run db:migrate`, `npm run db:seed`). See docs/decisions/0003-workers-entry.md.
 */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { createApp } from './app.ts';
import type { Database } from './db/schema.ts';
import { type Env, EnvError, parseEnv, s3Settings } from './env.ts';
import { s3BlobStore } from './modules/results/s3-blob-store.ts';
import { setPasswordCost } from './platform/password.ts';

// Minimal binding types, so the project does not depend on @cloudflare/workers-types (which clashes
// with the DOM lib the client needs).

/** A Hyperdrive binding: a connection string to Cloudflare's pooled proxy in front of PostgreSQL. */
export interface Hyperdrive {
  readonly connectionString: string;
}

/** A service binding such as the static-assets binding. */
export interface Fetcher {
  fetch(input: Request | string | URL, init?: RequestInit): Promise<Response>;
}

export interface ExecutionContext {
  waitUntil(promise: Promise<unknown>): void;
  passThroughOnException(): void;
}

/** Bindings from wrangler.toml; every plain string var goes through `parseEnv`. */
export interface WorkerBindings {
  HYPERDRIVE: Hyperdrive;
  ASSETS: Fetcher;
  [name: string]: unknown;
}

/** Paths the Worker owns (keep in step with `run_worker_first` in wrangler.toml). */
const WORKER_PATHS = [/^\/trpc(\/|$)/, /^\/(healthz|readyz)$/, /^\/auth(\/|$)/, /^\/files(\/|$)/];

// Vars do not change within an isolate: parse them once per bindings object.
const parsedEnvs = new WeakMap<object, Env>();

function envFrom(bindings: WorkerBindings): Env {
  const cached = parsedEnvs.get(bindings);
  if (cached) return cached;
  const vars: Record<string, string> = {};
  for (const [key, value] of Object.entries(bindings)) {
    if (typeof value === 'string') vars[key] = value;
  }
  const env = parseEnv(vars);
  setPasswordCost(env.PASSWORD_COST);
  parsedEnvs.set(bindings, env);
  return env;
}

/**
 * A Worker cannot keep connections across requests, so each request gets its own small pool over
 * Hyperdrive (which does the real pooling) and closes it once the response is sent.
 */
function openDatabase(bindings: WorkerBindings): Kysely<Database> {
  const pool = new pg.Pool({
    connectionString: bindings.HYPERDRIVE.connectionString,
    // A request runs a few queries (session check, then the procedure); Hyperdrive pools upstream.
    max: 5,
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

export default {
  async fetch(request: Request, bindings: WorkerBindings, ctx: ExecutionContext): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (!WORKER_PATHS.some((pattern) => pattern.test(pathname))) {
      // Not ours (e.g. a non-navigation request for a missing file): let the assets binding answer.
      return bindings.ASSETS.fetch(request);
    }

    let env: Env;
    try {
      env = envFrom(bindings);
    } catch (error) {
      console.error(error instanceof EnvError ? error.message : error);
      return new Response('Server misconfigured', { status: 500 });
    }

    const db = openDatabase(bindings);
    try {
      // Result files in the object store (R2 through its S3 API, or any S3) when configured; else /files answers 503.
      const s3 = s3Settings(env);
      return await createApp({ db, env, clientIp: (c) => c.req.header('cf-connecting-ip'), blobs: s3 ? s3BlobStore(s3) : undefined }).fetch(
        request,
      );
    } finally {
      // The pool only opens connections on first query; ending it is cheap either way. tRPC answers
      // with a fully buffered body (httpBatchLink), so no query runs after `fetch` returns; a streamed
      // response (httpBatchStreamLink, SSE) would need the close deferred until its body is done.
      ctx.waitUntil(db.destroy().catch((error: unknown) => console.error('Closing the database failed:', error)));
    }
  },
};
