import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createApp } from '../../src/server/app.ts';
import { appRouter } from '../../src/server/trpc/router.ts';
import { createTestUser, type TestUser, testEnv } from '../setup/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../setup/test-db.ts';
import { arbitraryFor } from '../setup/zod-arbitrary.ts';

let database: TestDatabase;
let app: ReturnType<typeof createApp>;
let people: Record<string, TestUser | undefined>;

beforeAll(async () => {
  database = await openTestDatabase();
  app = createApp({ db: database.db, env: testEnv, clientIp: () => `10.${Math.floor(Math.random() * 250)}.0.1` });
  people = {
    visitor: undefined,
    customer: await createTestUser(database.db, 'customer'),
    lab: await createTestUser(database.db, 'lab', { approved: true }),
    pendingLab: await createTestUser(database.db, 'lab', { approved: false }),
    admin: await createTestUser(database.db, 'admin'),
  };
});
afterAll(() => database.close());

/**
 * Every procedure of the API, found from the router itself so new ones are covered too; sign-out is
 * left out because it would end the very sessions the roles below call with.
 */
const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: string; inputs: z.ZodType[] } }>)
  .map(([path, procedure]) => ({ path, type: procedure._def.type, input: procedure._def.inputs[0] }))
  .filter((procedure) => procedure.path !== 'auth.signOut');

const hostileString = fc.oneof(
  fc.string({ maxLength: 64 }),
  fc.string({ minLength: 5_000, maxLength: 20_000 }),
  fc.constantFrom(
    "' OR 1=1 --",
    "'; drop table users; --",
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '\u202Egnp.exe',
    '\u0000\u0001\u001f',
    '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ‮ ',
    '../../../etc/passwd',
    '%00',
    'null',
    '١٢٣٤',
  ),
);
const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.constantFrom(null, true, false, -1, 0, Number.MAX_SAFE_INTEGER, 1e308),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.constantFrom(
        'email',
        'password',
        'name',
        'query',
        'labId',
        'id',
        'items',
        'labTestId',
        'bookingTime',
        'date',
        'lat',
        'lon',
        'admin',
        'userType',
        'acceptTerms',
        'phone',
        'nameEn',
        'testId',
        'idempotencyKey',
        'minPrice',
        'sort',
      ),
      tie('value'),
      { maxKeys: 6 },
    ),
  ),
})).value;

/** The role a procedure is meant for, so the schema-drawn inputs get past its authorization. */
function roleFor(path: string): string {
  if (path.startsWith('admin.')) return 'admin';
  if (path.startsWith('lab.')) return 'lab';
  return 'customer';
}

async function counts() {
  const { rows } = await sql<Record<string, string>>`
    select (select count(*) from users) as users, (select count(*) from bookings) as bookings,
           (select count(*) from tests) as tests, (select count(*) from lab_tests) as lab_tests,
           (select count(*) from labs) as labs, (select count(*) from checkouts) as checkouts`.execute(database.db);
  return rows[0];
}

async function call(path: string, type: string, input: unknown, cookie?: string) {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  if (type === 'query') {
    return app.request(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input) ?? '')}`, { headers });
  }
  return app.request(`/trpc/${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', origin: 'http://localhost:3000' },
    body: JSON.stringify(input) ?? '',
  });
}

describe('hostile input to every procedure', () => {
  it('covers the whole API', () => {
    expect(procedures.length).toBeGreaterThan(15);
  });

  it('never answers 5xx, as any role, whatever is sent', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...procedures),
        fc.constantFrom(...Object.keys(people)),
        hostileValue,
        async (procedure, role, input) => {
          const response = await call(procedure.path, procedure.type, input, people[role]?.cookie);
          expect(response.status, `${procedure.path} as ${role} with ${JSON.stringify(input)?.slice(0, 200)}`).toBeLessThan(500);
        },
      ),
      { numRuns: 300 },
    );
  }, 120_000);

  it("never answers 5xx to inputs drawn from each procedure's own schema, as the role it is for", async () => {
    const failures: string[] = [];
    for (const procedure of procedures.filter((candidate) => candidate.input)) {
      const role = roleFor(procedure.path);
      await fc.assert(
        fc.asyncProperty(arbitraryFor(procedure.input as z.ZodType), async (input) => {
          const response = await call(procedure.path, procedure.type, input, people[role]?.cookie);
          if (response.status >= 500) failures.push(`${procedure.path} as ${role}: ${JSON.stringify(input)?.slice(0, 300)}`);
        }),
        { numRuns: 40 },
      );
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it.each([
    ['a NUL byte in a name', 'account.updateProfile', 'customer', { name: 'Sara\u0000', locale: 'ar' }, 'name'],
    ['a NUL byte in a nested value', 'catalog.test', 'visitor', { nameEn: 'CBC\u0000' }, 'nameEn'],
    ['an id past 2^31', 'catalog.labsForTest', 'visitor', { testId: 2 ** 31 }, 'testId'],
    ['an id past 2^53', 'lab.addOffering', 'lab', { testId: 2 ** 53 + 2, price: 100 }, 'testId'],
  ])('answers %s with a 400 that names the field', async (_case, path, role, input, field) => {
    const procedure = procedures.find((candidate) => candidate.path === path);
    if (!procedure) throw new Error(`no procedure ${path}`);
    // People of their own: the fuzzing above may have signed the shared ones out.
    const cookie =
      role === 'visitor' ? undefined : (await createTestUser(database.db, role as 'customer' | 'lab', { approved: true })).cookie;
    const response = await call(path, procedure.type, input, cookie);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { data: { appCode: string; fieldErrors: Record<string, string[]> } } };
    expect(body.error.data.appCode).toBe('VALIDATION_FAILED');
    expect(body.error.data.fieldErrors[field]).toContain('invalid');
  });

  it('refuses the last day of year 9999 as a date, not with a server error', async () => {
    const { rows } = await sql<{ lab_id: string; lab_test_id: number }>`
      select l.id as lab_id, lt.id as lab_test_id from labs l join lab_tests lt on lt.lab_id = l.id join user_profiles p on p.id = l.id where p.approved limit 1`.execute(
      database.db,
    );
    const offer = rows[0];
    if (!offer) throw new Error('the seeded database has no offered test');
    const slots = await call('booking.availableSlots', 'query', { labId: offer.lab_id, date: '9999-12-31' });
    expect(slots.status).toBe(400);
    const { cookie } = await createTestUser(database.db, 'customer');
    const hold = await call(
      'booking.holdSlot',
      'mutation',
      { labTestId: offer.lab_test_id, bookingTime: '9999-12-31T23:59:59.999Z' },
      cookie,
    );
    expect(hold.status).toBe(400);
    expect(
      ((await hold.json()) as { error: { data: { fieldErrors: Record<string, string[]> } } }).error.data.fieldErrors.bookingTime,
    ).toEqual(['invalid']);
  });

  it('reads a coordinate too small for the database as the equator, for search and for follow-up offers', async () => {
    const { rows } = await sql<{ test_id: number }>`select test_id from lab_tests limit 1`.execute(database.db);
    const testId = rows[0]?.test_id;
    if (testId === undefined) throw new Error('the seeded database has no offered test');
    const tiny = { lat: 1e-200, lon: -5e-324 };
    const offers = await call('analysis.followUpOffers', 'query', { testId, ...tiny });
    expect(offers.status).toBe(200);
    const search = await call('search.labTests', 'query', { query: 'CBC', ...tiny });
    expect(search.status).toBe(200);
  });

  it('changes no account, booking or catalogue row when the input is not valid', async () => {
    const before = await counts();
    const mutations = procedures.filter((procedure) => procedure.type === 'mutation');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...mutations),
        fc.constantFrom(...Object.keys(people)),
        hostileValue,
        async (procedure, role, input) => {
          const response = await call(procedure.path, procedure.type, input, people[role]?.cookie);
          // Only refusals are judged here: a random value that happens to be valid may act.
          if (response.status === 200) return;
          expect(response.status).toBeLessThan(500);
        },
      ),
      { numRuns: 200 },
    );
    const after = await counts();
    expect(after).toEqual(before);
  }, 120_000);
});
