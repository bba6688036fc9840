import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export type PhoneCodePurpose = 'sign_in' | 'verify';

/** Whoever asks for or checks a code for `phone` waits here until the other's transaction ends. */
export async function lockPhone(tx: Transaction<Database>, phone: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`phone-codes:${phone}`}))`.execute(tx);
}

/** The codes sent to `phone` since `since`, oldest first: the sends counted against its limit. */
export function codesSentSince(db: Db, phone: string, since: Date) {
  return db
    .selectFrom('phone_codes')
    .select('created_at')
    .where('phone', '=', phone)
    .where('created_at', '>', since)
    .orderBy('created_at')
    .execute();
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

/** The last code sent to `phone` for `purpose` (for `userId`'s account when verifying), locked. */
export function lockLatestCode(tx: Transaction<Database>, phone: string, purpose: PhoneCodePurpose, userId: string | null) {
  let query = tx
    .selectFrom('phone_codes')
    .select(['id', 'code_hash', 'attempts', 'expires_at', 'consumed_at'])
    .where('phone', '=', phone)
    .where('purpose', '=', purpose);
  if (userId) query = query.where('user_id', '=', userId);
  return query.orderBy('created_at', 'desc').limit(1).forUpdate().executeTakeFirst();
}

export async function countWrongTry(db: Db, id: string): Promise<void> {
  await db
    .updateTable('phone_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

export async function consumeCode(db: Db, id: string, now: Date): Promise<void> {
  await db.updateTable('phone_codes').set({ consumed_at: now }).where('id', '=', id).execute();
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
