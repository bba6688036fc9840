import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { connectDatabase } from '../../src/server/db/connect.ts';
import { createMigrator, migrateToLatest } from '../../src/server/db/migrate.ts';
import { testEnv } from '../setup/fixtures.ts';
import { apiClient, cookiePair } from '../setup/http.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

// Marketing mail as PDPL asks (issue #57): off until the person turns it on, offered at sign-up as an
// unticked choice apart from the terms, the moment of their yes recorded, and every account that
// never chose treated as off.

let database: TestDatabase;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  database = await openTestDatabase();
  api = apiClient(
    createApp({
      db: database.db,
      env: testEnv,
      clientIp: () => `10.57.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    }),
  );
});
afterAll(() => database.close());

interface Me {
  id: string;
  marketing_mail: boolean;
}

async function signUp(extra: Record<string, unknown>) {
  const result = await api.mutate<Me>('auth.signUp', {
    email: `consent-${randomUUID()}@example.sa`,
    password: 'correct horse battery',
    name: 'نورة القحطاني',
    userType: 'customer',
    acceptTerms: true,
    ...extra,
  });
  expect(result.status).toBe(200);
  return { user: result.data, cookie: cookiePair(result.cookies.find((value) => value.startsWith('tahaleel_session='))) };
}

const consentOf = (id: string) =>
  database.db.selectFrom('user_profiles').select(['marketing_mail', 'marketing_consent_at']).where('id', '=', id).executeTakeFirstOrThrow();

describe('marketing mail consent', () => {
  it('is off for a new account that did not tick it, with no consent on record', async () => {
    const { user } = await signUp({});
    expect(user.marketing_mail).toBe(false);
    expect(await consentOf(user.id)).toEqual({ marketing_mail: false, marketing_consent_at: null });
  });

  it('is on, with the moment of consent, for an account that ticked it at sign-up', async () => {
    const before = Date.now();
    const { user } = await signUp({ marketingMail: true });
    expect(user.marketing_mail).toBe(true);
    const { marketing_consent_at } = await consentOf(user.id);
    expect(new Date(marketing_consent_at!).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('keeps the first yes while it stays yes, clears it on no, and records a new yes', async () => {
    const { user, cookie } = await signUp({ marketingMail: true });
    const first = (await consentOf(user.id)).marketing_consent_at;
    await api.mutate('account.updateMailPreferences', { reminderMail: false, marketingMail: true }, cookie);
    expect((await consentOf(user.id)).marketing_consent_at).toEqual(first);
    const off = await api.mutate<Me>('account.updateMailPreferences', { reminderMail: true, marketingMail: false }, cookie);
    expect(off.data.marketing_mail).toBe(false);
    expect(await consentOf(user.id)).toEqual({ marketing_mail: false, marketing_consent_at: null });
    await api.mutate('account.updateMailPreferences', { reminderMail: true, marketingMail: true }, cookie);
    expect((await consentOf(user.id)).marketing_consent_at).not.toBeNull();
  });

  it('refuses in the database a yes without a moment of consent', async () => {
    const { user } = await signUp({});
    await expect(
      database.db.updateTable('user_profiles').set({ marketing_mail: true }).where('id', '=', user.id).execute(),
    ).rejects.toThrow(/user_profiles_marketing_needs_consent/);
  });

  it('turns off every account that never chose, when the migration runs over the old default', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'tahaleel-marketing-consent-'));
    const handle = await connectDatabase({ dataDir });
    try {
      const migrated = await createMigrator(handle.db).migrateTo('0060_interpretation_signatures');
      expect(migrated.error).toBeUndefined();
      const id = randomUUID();
      await handle.db
        .insertInto('users')
        .values({ id, email: `old-${id}@example.sa` })
        .execute();
      await handle.db.insertInto('user_profiles').values({ id, name: 'Old account', user_type: 'customer', locale: 'ar' }).execute();
      const before = await handle.db.selectFrom('user_profiles').select('marketing_mail').where('id', '=', id).executeTakeFirstOrThrow();
      expect(before.marketing_mail).toBe(true);
      await migrateToLatest(handle.db);
      expect(
        await handle.db
          .selectFrom('user_profiles')
          .select(['marketing_mail', 'marketing_consent_at'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow(),
      ).toEqual({
        marketing_mail: false,
        marketing_consent_at: null,
      });
    } finally {
      await handle.db.destroy();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
