/**
 * Cloudflare Workers entry. Every request but the build's hashed files (`/assets/*`, which the `ASSETS`
 * binding answers on its own: wrangler.toml `run_worker_first`) reaches this Worker. As on Node, the
 * server's routes are the shared Hono app's, the public pages are drawn here (docs/decisions/0011,
 * 0020), other files come from `ASSETS`, and an address no file answers is a page the client draws
 * or the "not found" page (404).
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
import { provideInvoiceFonts } from './modules/billing/invoice-pdf.ts';
import { type R2Bucket, r2BlobStore } from './modules/result-files/r2-blob-store.ts';
import { s3BlobStore } from './modules/result-files/s3-blob-store.ts';
import type { BlobStore } from './platform/blob-store.ts';
import { addressBucket } from './platform/client-address.ts';
import { setPasswordCost } from './platform/password.ts';
import {
  clientPagesOrNotFound,
  isServerRenderedPath,
  readServerPageParts,
  type ServerEntry,
  type ServerPageParts,
  serverRenderedPages,
} from './server-rendered-pages.ts';
import type { AppDeps } from './trpc/context.ts';
import { invoiceFonts } from './worker-invoice-fonts.ts';

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
  /** The bucket for result files (`[[r2_buckets]]`); without it, the S3_* vars, else /files answers 503. */
  RESULTS?: R2Bucket;
  [name: string]: unknown;
}

/** Paths that are never a file or a page: the Worker answers them without asking `ASSETS`. */
const SERVER_PATHS = [
  /^\/trpc(\/|$)/,
  /^\/(healthz|readyz)$/,
  /^\/auth(\/|$)/,
  /^\/files(\/|$)/,
  /^\/exports(\/|$)/,
  /^\/share\/[^/]+\/files\//,
];

// Invoices are drawn with the fonts bundled into the Worker (there is no node_modules to read them from).
provideInvoiceFonts(invoiceFonts);

/**
 * The client address the limits see: Cloudflare's CF-Connecting-IP (the address that reached its edge; a
 * client cannot set it), an IPv6 client's as its /64 (platform/client-address.ts).
 */
const clientAddressAtEdge: NonNullable<AppDeps['clientIp']> = (c) => {
  const address = c.req.header('cf-connecting-ip');
  return address && addressBucket(address);
};

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

/** Result files in the bound R2 bucket; else in an S3-compatible store when S3_* are set; else nowhere. */
function resultStore(bindings: WorkerBindings, env: Env): BlobStore | undefined {
  if (bindings.RESULTS) return r2BlobStore(bindings.RESULTS);
  const s3 = s3Settings(env);
  return s3 ? s3BlobStore(s3) : undefined;
}

let serverEntry: Promise<ServerEntry> | undefined;

/**
 * The page renderer `npm run build` makes (dist/server/entry-server.js, from src/client/entry-server.tsx),
 * bundled into the Worker by wrangler. Imported on the first page an isolate draws, so the isolate's
 * start-up (1 s at most on Cloudflare) does not run it, nor do the API's requests wait for it.
 */
function loadServerEntry(): Promise<ServerEntry> {
  serverEntry ??= import(
    // @ts-expect-error: built by `npm run build`, without type declarations (`ServerEntry` describes it)
    '../../dist/server/entry-server.js'
  );
  return serverEntry;
}

interface PageTemplates {
  /** The built index.html: the pages the client draws. */
  indexHtml: string;
  /** What the pages drawn here are written from. */
  server: ServerPageParts;
}

let pageTemplates: Promise<PageTemplates> | undefined;

/** Read once per isolate from `ASSETS` (a deployment's files never change under it); a failure is retried. */
function loadPageTemplates(assets: Fetcher, origin: string): Promise<PageTemplates> {
  pageTemplates ??= readPageTemplates(assets, origin).catch((error: unknown) => {
    pageTemplates = undefined;
    throw error;
  });
  return pageTemplates;
}

async function readPageTemplates(assets: Fetcher, origin: string): Promise<PageTemplates> {
  const read = async (path: string) => {
    const response = await assets.fetch(new URL(path, origin));
    if (!response.ok) throw new Error(`ASSETS answered ${response.status} for ${path}; is dist/client built?`);
    return response.text();
  };
  // `/`, not `/index.html`, which the assets binding redirects to `/`.
  const [indexHtml, server] = await Promise.all([read('/'), readServerPageParts(read)]);
  return { indexHtml, server };
}

export default {
  async fetch(request: Request, bindings: WorkerBindings, ctx: ExecutionContext): Promise<Response> {
    const { pathname, origin } = new URL(request.url);
    const isServerPath = SERVER_PATHS.some((pattern) => pattern.test(pathname));
    const reads = request.method === 'GET' || request.method === 'HEAD';
    if (reads && !isServerPath && !isServerRenderedPath(pathname)) {
      // A file of dist/client (favicon, boot-locale.js, the store's pictures); on a miss, the app's page or 404.
      const asset = await bindings.ASSETS.fetch(request);
      if (asset.status !== 404) return asset;
    }

    let env: Env;
    try {
      env = envFrom(bindings);
    } catch (error) {
      console.error(error instanceof EnvError ? error.message : error);
      return new Response('Server misconfigured', { status: 500 });
    }

    const db = openDatabase(bindings);
    const closeDatabase = () => db.destroy().catch((error: unknown) => console.error('Closing the database failed:', error));
    let closesWithBody = false;
    try {
      const deps: AppDeps = { db, env, clientIp: clientAddressAtEdge, blobs: resultStore(bindings, env) };
      const app = createApp(deps);
      if (!isServerPath) {
        // As node.ts: the public pages drawn here, then the client's pages, then "not found".
        const [templates, entry] = await Promise.all([loadPageTemplates(bindings.ASSETS, origin), loadServerEntry()]);
        app.use('*', serverRenderedPages(deps, templates.server, entry));
        app.get('*', clientPagesOrNotFound(deps, templates, entry));
      }
      const response = await app.fetch(request);
      // A CSV export (/exports/*.csv) reads its rows while its body streams, after `fetch` returns: its
      // pool closes when the body has been sent, or the reader has gone.
      if (response.ok && response.body && pathname.startsWith('/exports/')) {
        closesWithBody = true;
        const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
        ctx.waitUntil(
          response.body
            .pipeTo(writable)
            .catch(() => undefined)
            .finally(closeDatabase),
        );
        return new Response(readable, response);
      }
      return response;
    } finally {
      // The pool only opens connections on first query; ending it is cheap either way. tRPC answers and
      // the pages are fully buffered (httpBatchLink, renderToString), so no query runs after `fetch`
      // returns; the one streamed answer (the CSV exports) closes it itself, above.
      if (!closesWithBody) ctx.waitUntil(closeDatabase());
    }
  },
};
