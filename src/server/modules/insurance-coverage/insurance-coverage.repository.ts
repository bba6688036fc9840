import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

// What a coverage check reads beside the other modules' services: the lab's name, its offerings of the
// tests asked about, the person's sex and date of birth, and the checks remembered for ten minutes
// (migration 0094).

/** How long a check's answer is given again for the same ask instead of asking NPHIES anew. */
export const CHECK_REUSE_MINUTES = 10;

export function labNamed(db: Db, labId: string) {
  return db.selectFrom('labs').select(['id', 'lab_name_ar', 'lab_name_en']).where('id', '=', labId).executeTakeFirst();
}

/** The lab's active offerings of these catalogue tests (no packages), with their price and billing code. */
export function offeringsOf(db: Db, labId: string, testIds: readonly number[]) {
  return db
    .selectFrom('lab_tests')
    .innerJoin('tests', 'tests.id', 'lab_tests.test_id')
    .select([
      'lab_tests.id as lab_test_id',
      'tests.id as test_id',
      'tests.name_ar',
      'tests.name_en',
      'lab_tests.price_halalas',
      'lab_tests.nphies_billing_code',
    ])
    .where('lab_tests.lab_id', '=', labId)
    .where('lab_tests.test_id', 'in', testIds)
    .where('lab_tests.is_active', '=', true)
    .where('tests.kind', '=', 'test')
    .orderBy('tests.id')
    .execute();
}

/**
 * The active catalogue tests among these offerings (a package's line is left out: it is not asked about),
 * with their lab and test: the browser's cart keeps only the offering.
 */
export function cartTests(db: Db, labTestIds: readonly number[]) {
  return db
    .selectFrom('lab_tests')
    .innerJoin('tests', 'tests.id', 'lab_tests.test_id')
    .select(['lab_tests.id as labTestId', 'lab_tests.lab_id as labId', 'tests.id as testId'])
    .where('lab_tests.id', 'in', labTestIds)
    .where('lab_tests.is_active', '=', true)
    .where('tests.kind', '=', 'test')
    .orderBy('lab_tests.id')
    .execute();
}

/** The account holder's name, sex and date of birth as their profile holds them. */
export function holderDetails(db: Db, userId: string) {
  return db
    .selectFrom('user_profiles')
    .select(['name', 'sex'])
    .select(sql<string | null>`to_char(date_of_birth, 'YYYY-MM-DD')`.as('date_of_birth'))
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** One of the account's family members still on its list: their name, sex, date of birth and relation. */
export function memberDetails(db: Db, userId: string, memberId: string) {
  return db
    .selectFrom('family_members')
    .select(['name', 'sex', 'relation'])
    .select(sql<string>`to_char(date_of_birth, 'YYYY-MM-DD')`.as('date_of_birth'))
    .where('id', '=', memberId)
    .where('account_id', '=', userId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
}

/**
 * The message id of the latest check of this ask within the window whose exchange ended in an answer or a
 * refusal from NPHIES (one that timed out is asked again: NPHIES may answer now).
 */
export async function recentCheck(db: Db, askKey: string): Promise<string | null> {
  const row = await db
    .selectFrom('coverage_checks as c')
    .innerJoin('nphies_exchanges as e', 'e.message_id', 'c.message_id')
    .select('c.message_id')
    .where('c.ask_key', '=', askKey)
    .where('c.checked_at', '>', sql<Date>`now() - make_interval(mins => ${CHECK_REUSE_MINUTES})`)
    .where((eb) => eb.or([eb('e.state', '=', 'answered'), eb('e.error', 'like', 'refused:%')]))
    .orderBy('c.checked_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.message_id ?? null;
}

/** Remembers a check's message id by its ask, and forgets those past the window. */
export async function recordCheck(db: Db, askKey: string, messageId: string): Promise<void> {
  await db
    .insertInto('coverage_checks')
    .values({ message_id: messageId, ask_key: askKey })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .deleteFrom('coverage_checks')
    .where('checked_at', '<', sql<Date>`now() - make_interval(mins => ${CHECK_REUSE_MINUTES})`)
    .execute();
}
