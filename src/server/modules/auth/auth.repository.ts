import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export function findCredentialsByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .innerJoin('user_profiles', 'user_profiles.id', 'users.id')
    .select(['users.id', 'users.password_hash', 'user_profiles.user_type'])
    .where(sql<string>`lower(users.email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

export async function emailTaken(db: Db, email: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where(sql<string>`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
  return row !== undefined;
}

export interface NewAccount {
  email: string | null;
  passwordHash: string | null;
  googleSub?: string | null;
  phone?: string | null;
  isAnonymous?: boolean;
  name: string;
  userType: 'customer' | 'lab';
  locale: 'ar' | 'en';
  licenseNumber?: string | null;
}

/** A user, its profile and, for a lab, its (unapproved) lab record, in the caller's transaction. */
export async function insertAccount(tx: Transaction<Database>, account: NewAccount): Promise<string> {
  const { id } = await tx
    .insertInto('users')
    .values({
      email: account.email,
      password_hash: account.passwordHash,
      google_sub: account.googleSub ?? null,
      phone: account.phone ?? null,
      is_anonymous: account.isAnonymous ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await tx
    .insertInto('user_profiles')
    .values({ id, name: account.name, user_type: account.userType, approved: false, locale: account.locale })
    .execute();
  if (account.userType === 'lab') {
    await tx
      .insertInto('labs')
      .values({ id, lab_name_ar: account.name, lab_name_en: account.name, license_number: account.licenseNumber ?? null })
      .execute();
  }
  return id;
}

export function findUserByGoogleSub(db: Db, sub: string) {
  return db.selectFrom('users').select('id').where('google_sub', '=', sub).executeTakeFirst();
}

export async function linkGoogleAccount(db: Db, userId: string, sub: string): Promise<void> {
  await db.updateTable('users').set({ google_sub: sub, updated_at: new Date() }).where('id', '=', userId).execute();
}
