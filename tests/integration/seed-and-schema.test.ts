import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../seeds/seed.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

async function count(table: 'categories' | 'tests' | 'labs' | 'lab_tests' | 'users' | 'store_products' | 'store_variants') {
  const row = await database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('demo seed', () => {
  it('holds the catalogue, the labs, one demo account per role, and two held at the door', async () => {
    expect(await count('categories')).toBe(11);
    expect(await count('tests')).toBeGreaterThanOrEqual(55);
    expect(await count('labs')).toBe(31);
    expect(await count('store_products')).toBe(10);
    const roles = await database.db
      .selectFrom('users')
      .innerJoin('user_profiles', 'user_profiles.id', 'users.id')
      .select(['users.email', 'user_profiles.user_type', 'user_profiles.approved'])
      .where('users.email', 'like', '%@demo.tahaleel.sa')
      .orderBy('users.email')
      .execute();
    expect(roles).toEqual([
      { email: 'admin@demo.tahaleel.sa', user_type: 'admin', approved: true },
      { email: 'customer@demo.tahaleel.sa', user_type: 'customer', approved: false },
      { email: 'lab@demo.tahaleel.sa', user_type: 'lab', approved: true },
      { email: 'old-terms@demo.tahaleel.sa', user_type: 'customer', approved: false },
      { email: 'pending-lab@demo.tahaleel.sa', user_type: 'lab', approved: false },
      { email: 'premium@demo.tahaleel.sa', user_type: 'customer', approved: false },
      { email: 'two-factor-due@demo.tahaleel.sa', user_type: 'admin', approved: true },
    ]);
  });

  it('is idempotent: a second run inserts nothing and changes no count', async () => {
    const before = await Promise.all((['tests', 'lab_tests', 'users', 'store_variants'] as const).map(count));
    const { inserted } = await seedDemoData(database.db);
    expect(Object.values(inserted).every((rows) => rows === 0)).toBe(true);
    const after = await Promise.all((['tests', 'lab_tests', 'users', 'store_variants'] as const).map(count));
    expect(after).toEqual(before);
  });

  it('gives every lab coordinates in one of the five cities and working hours', async () => {
    const labs = await database.db.selectFrom('labs').select(['city', 'latitude', 'longitude']).execute();
    expect(new Set(labs.map((lab) => lab.city))).toEqual(new Set(['riyadh', 'jeddah', 'dammam', 'makkah', 'madinah']));
    for (const lab of labs) {
      expect(lab.latitude).toBeGreaterThan(20);
      expect(lab.latitude).toBeLessThan(27.5);
      expect(lab.longitude).toBeGreaterThan(38);
      expect(lab.longitude).toBeLessThan(51);
    }
    const withoutHours = await database.db
      .selectFrom('labs')
      .leftJoin('lab_working_hours', 'lab_working_hours.lab_id', 'labs.id')
      .select('labs.id')
      .where('lab_working_hours.lab_id', 'is', null)
      .execute();
    expect(withoutHours).toEqual([]);
  });
});

describe('schema', () => {
  it('normalizes Arabic spelling variants, diacritics, tatweel and case alike', async () => {
    const { rows } = await sql<{ a: string; b: string; c: string }>`
      select tahaleel_normalize(${'فِيتَامِين د'}) as a,
             tahaleel_normalize(${'الغدة الدرقيـــة أو إبرة آمنة على مستشفى'}) as b,
             tahaleel_normalize(${'Vitamin D'}) as c`.execute(database.db);
    expect(rows[0]).toEqual({ a: 'فيتامين د', b: 'الغده الدرقيه او ابره امنه علي مستشفي', c: 'vitamin d' });
  });

  it('loads pg_trgm, so a misspelt test name is still similar', async () => {
    const { rows } = await sql<{ score: number }>`select similarity('vitamn d', 'vitamin d') as score`.execute(database.db);
    expect(rows[0]?.score).toBeGreaterThan(0.4);
  });

  it('never lets store stock go negative', async () => {
    const variant = await database.db.selectFrom('store_variants').select('id').limit(1).executeTakeFirstOrThrow();
    await expect(
      database.db.updateTable('store_variants').set({ inventory_quantity: -1 }).where('id', '=', variant.id).execute(),
    ).rejects.toThrow(/check constraint/);
  });
});
