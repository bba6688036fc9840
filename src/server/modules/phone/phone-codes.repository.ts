import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export type PhoneCodePurpose = 'sign_in' | 'verify';

/** Whoever asks for or checks a code for `phone` waits here until the other's transaction ends. */
export async function lockPhone(tx: Transaction<Database>, phone: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`phone-codes:${phone}`}))`.execute(tx);
}

export async function insertPhoneCode(
  db: Db,
  code: {
    id: string;
    phone: string;
    purpose: PhoneCodePurpose;
    userId: string | null;
    codeHash: string;
    expiresAt: Date;
    clientAddress: string;
    now: Date;
  },
): Promise<void> {
  await db
    .insertInto('phone_codes')
    .values({
      id: code.id,
      phone: code.phone,
      purpose: code.purpose,
      user_id: code.userId,
      code_hash: code.codeHash,
      expires_at: code.expiresAt,
      client_address: code.clientAddress,
      created_at: code.now,
    })
    .execute();
}

/**
 * The live codes of `phone` for `purpose` (for `userId`'s account when verifying): not spent, not
 * expired, the newest `limit` of them, locked.
 */
export function lockLiveCodes(
  tx: Transaction<Database>,
  code: { phone: string; purpose: PhoneCodePurpose; userId: string | null },
  now: Date,
  limit: number,
) {
  return liveCodes(tx, code, now).select(['id', 'code_hash']).orderBy('created_at', 'desc').limit(limit).forUpdate().execute();
}

/** Spends every live code of `phone` for `purpose` (and `userId`'s account): the first one used ends them all. */
export async function spendLiveCodes(
  db: Db,
  code: { phone: string; purpose: PhoneCodePurpose; userId: string | null },
  now: Date,
): Promise<void> {
  const live = liveCodes(db, code, now).select('id');
  await db.updateTable('phone_codes').set({ consumed_at: now }).where('id', 'in', live).execute();
}

function liveCodes(db: Db, code: { phone: string; purpose: PhoneCodePurpose; userId: string | null }, now: Date) {
  let query = db
    .selectFrom('phone_codes')
    .where('phone', '=', code.phone)
    .where('purpose', '=', code.purpose)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now);
  if (code.userId) query = query.where('user_id', '=', code.userId);
  return query;
}

/** The auth_rate_limits key that says when a country's budget of codes was last reached. */
const SMS_BUDGET_REACHED = 'sms-budget-reached:';

/**
 * Marks `country`'s hourly budget of codes as reached at `now`, for the admin's overview: a row of
 * auth_rate_limits whose window starts when the budget was reached.
 */
export async function recordSmsBudgetReached(db: Db, country: string, now: Date): Promise<void> {
  await db
    .insertInto('auth_rate_limits')
    .values({ key: `${SMS_BUDGET_REACHED}${country}`, window_started_at: now, attempts: 1 })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ window_started_at: now, attempts: 1 }))
    .execute();
}

/** The countries whose budget was reached since `since`, and when, the latest first. */
export async function smsBudgetsReachedSince(db: Db, since: Date): Promise<{ country: string; reachedAt: Date }[]> {
  const rows = await db
    .selectFrom('auth_rate_limits')
    .select(['key', 'window_started_at'])
    .where('key', 'like', `${SMS_BUDGET_REACHED}%`)
    .where('window_started_at', '>', since)
    .orderBy('window_started_at', 'desc')
    .execute();
  return rows.map((row) => ({ country: row.key.slice(SMS_BUDGET_REACHED.length), reachedAt: row.window_started_at }));
}

/** The account whose confirmed number `phone` is, if any. */
export function findAccountByPhone(db: Db, phone: string) {
  return db
    .selectFrom('users')
    .innerJoin('user_profiles', 'user_profiles.id', 'users.id')
    .select(['users.id', 'user_profiles.user_type', 'user_profiles.name', 'users.deleted_at'])
    .where('users.phone', '=', phone)
    .where('users.phone_verified_at', 'is not', null)
    .executeTakeFirst();
}

/** `userId`'s number is now `phone`, confirmed. */
export async function setVerifiedPhone(db: Db, userId: string, phone: string, now: Date): Promise<void> {
  await db.updateTable('users').set({ phone, phone_verified_at: now }).where('id', '=', userId).execute();
}
