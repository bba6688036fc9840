import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { testEnv } from '../setup/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const app = createApp({ db: database.db, env: testEnv });
  return app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', ...headers },
    body: JSON.stringify(body),
  });
}

describe('errors crossing the API', () => {
  it('flattens a zod failure into field errors with message keys, not English sentences', async () => {
    const response = await post('/trpc/newsletter.subscribe', { email: 'not-an-email' });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { data: { appCode: string; fieldErrors: Record<string, string[]> } } };
    expect(body.error.data.appCode).toBe('VALIDATION_FAILED');
    expect(body.error.data.fieldErrors.email).toEqual(['invalid_email']);
  });

  it('subscribes an e-mail once, however often and in whatever case it is sent', async () => {
    for (const email of ['Reader@Example.sa', 'reader@example.sa']) {
      const response = await post('/trpc/newsletter.subscribe', { email });
      expect(response.status).toBe(200);
    }
    const rows = await database.db.selectFrom('newsletter_subscriptions').selectAll().where('email', '=', 'reader@example.sa').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.locale).toBe('ar');
  });

  it('refuses a form post from another origin (CSRF)', async () => {
    const app = createApp({ db: database.db, env: testEnv });
    const response = await app.request('/trpc/newsletter.subscribe', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: 'email=a@b.sa',
    });
    expect(response.status).toBe(403);
  });
});
