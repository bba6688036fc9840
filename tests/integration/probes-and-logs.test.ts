import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import type { Database } from '../../src/server/db/schema.ts';
import type { Logger } from '../../src/server/platform/logger.ts';
import { testEnv } from '../setup/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** A database nobody answers for: a real connection attempt to a closed port. */
function unreachableDatabase(): Kysely<Database> {
  const pool = new pg.Pool({ connectionString: 'postgresql://nobody@127.0.0.1:1/none', connectionTimeoutMillis: 2000 });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** A logger that keeps what it is given, as a log collector would read it. */
function keptLog() {
  const entries: Array<{ level: 'info' | 'warn' | 'error'; message: string; fields: Record<string, unknown> }> = [];
  const log: Logger = {
    info: (fields, message) => entries.push({ level: 'info', message, fields }),
    warn: (fields, message) => entries.push({ level: 'warn', message, fields }),
    error: (fields, message) => entries.push({ level: 'error', message, fields }),
  };
  return { log, entries };
}

const ready = { draining: () => false, pendingMigrations: async () => [] };

describe('/healthz and /readyz', () => {
  it('/healthz says the process answers, without asking the database', async () => {
    const db = unreachableDatabase();
    const response = await createApp({ db, env: testEnv }).request('/healthz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    await db.destroy();
  });

  it('/readyz is ready when the database answers and every migration has run', async () => {
    const response = await createApp({ db: database.db, env: testEnv, readiness: ready }).request('/readyz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ready' });
  });

  it('/readyz answers 503 while the database is unreachable', async () => {
    const db = unreachableDatabase();
    const response = await createApp({ db, env: testEnv, readiness: ready }).request('/readyz');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'unavailable', reason: 'database' });
    await db.destroy();
  });

  it('/readyz answers 503 naming the migrations that have not run', async () => {
    const readiness = { draining: () => false, pendingMigrations: async () => ['0099_future'] };
    const response = await createApp({ db: database.db, env: testEnv, readiness }).request('/readyz');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'unavailable', reason: 'migrations', pending: ['0099_future'] });
  });

  it('/readyz answers 503 once the process is shutting down, so the proxy sends nothing new', async () => {
    let draining = false;
    const app = createApp({ db: database.db, env: testEnv, readiness: { ...ready, draining: () => draining } });
    expect((await app.request('/readyz')).status).toBe(200);
    draining = true;
    const response = await app.request('/readyz');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'draining' });
  });
});

describe('the request log', () => {
  it('writes one line per request: method, path without its query, status, duration and the id the response names', async () => {
    const { log, entries } = keptLog();
    const app = createApp({ db: database.db, env: testEnv, log });
    const response = await app.request('/trpc/catalog.categories?input=%7B%7D&token=secret-token', {
      headers: { cookie: '__session=some-session-token' },
    });
    expect(response.status).toBe(200);
    const requestId = response.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const lines = entries.filter((entry) => entry.message === 'request');
    expect(lines).toHaveLength(1);
    expect(lines[0]!.fields).toEqual({
      req_id: requestId,
      method: 'GET',
      path: '/trpc/catalog.categories',
      status: 200,
      ms: expect.any(Number),
    });
    expect(JSON.stringify(entries)).not.toMatch(/secret-token|some-session-token/);
  });

  it('keeps the id a proxy gave the request, and refuses one that could forge log lines', async () => {
    const { log, entries } = keptLog();
    const app = createApp({ db: database.db, env: testEnv, log });
    const kept = await app.request('/healthz', { headers: { 'x-request-id': 'edge-42' } });
    expect(kept.headers.get('x-request-id')).toBe('edge-42');
    const forged = await app.request('/healthz', { headers: { 'x-request-id': 'x" {"level":50}' } });
    expect(forged.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(entries.map((entry) => entry.fields.req_id)).toEqual(['edge-42', forged.headers.get('x-request-id')]);
  });

  it('logs a procedure that fails with its stack and the request id, and the caller gets no detail', async () => {
    const { log, entries } = keptLog();
    const db = unreachableDatabase();
    const response = await createApp({ db, env: testEnv, log }).request('/trpc/catalog.categories');
    expect(response.status).toBe(500);
    expect(await response.text()).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
    const failure = entries.find((entry) => entry.level === 'error');
    expect(failure?.message).toBe('procedure failed');
    expect(failure?.fields).toMatchObject({ procedure: 'catalog.categories', req_id: response.headers.get('x-request-id') });
    expect((failure?.fields.err as Error | undefined)?.stack).toMatch(/ECONNREFUSED|connect/);
    const line = entries.find((entry) => entry.message === 'request');
    expect(line?.fields.status).toBe(500);
    await db.destroy();
  });
});
