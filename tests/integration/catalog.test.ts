import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { parseEnv } from '../../src/server/env.ts';
import { callerFor, testEnv } from '../setup/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('catalog.categories', () => {
  it('lists the eleven seeded categories with Arabic and English names', async () => {
    const caller = await callerFor(database.db);
    const categories = await caller.catalog.categories();
    expect(categories).toHaveLength(11);
    expect(categories[0]).toMatchObject({ id: 1, name_en: 'General Health', name_ar: 'الفحوصات العامة' });
    for (const category of categories) {
      expect(category.name_ar).toMatch(/[\u0600-\u06FF]/);
      expect(category.name_en).toMatch(/^[A-Za-z&' ]+$/);
      expect(category.test_count).toBeGreaterThanOrEqual(3);
    }
  });

  it('answers a plain HTTP GET with JSON, so any client can call it', async () => {
    const app = createApp({ db: database.db, env: testEnv });
    const response = await app.request('/trpc/catalog.categories');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    const body = (await response.json()) as { result: { data: { name_ar: string; name_en: string }[] } };
    expect(body.result.data.map((category) => category.name_en)).toContain('Blood Tests');
    expect(body.result.data.map((category) => category.name_ar)).toContain('تحاليل الدم');
  });
});

describe('catalog.socialLinks', () => {
  it("names no account until the operator sets its address, then the ones set, in the footer's order", async () => {
    const app = (env: Record<string, string>) => createApp({ db: database.db, env: parseEnv({ ...env, NODE_ENV: 'test' }) });
    const read = async (env: Record<string, string>) =>
      ((await (await app(env).request('/trpc/catalog.socialLinks')).json()) as { result: { data: unknown } }).result.data;
    expect(await read({})).toEqual([]);
    expect(await read({ SOCIAL_YOUTUBE_URL: 'https://www.youtube.com/@tahaleel', SOCIAL_X_URL: 'https://x.com/tahaleel' })).toEqual([
      { network: 'x', href: 'https://x.com/tahaleel' },
      { network: 'youtube', href: 'https://www.youtube.com/@tahaleel' },
    ]);
  });
});
