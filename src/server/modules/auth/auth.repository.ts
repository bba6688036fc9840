import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export function findCredentialsByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .innerJoin('user_profiles', 'user_profiles.id', 'users.id')
    .select([
      'users.id',
      'users.email',
      'users.password_hash',
      'users.email_verified_at',
      'user_profiles.user_type',
      'user_profiles.name',
      'user_profiles.locale',
    ])
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
  /** The number was confirmed by a code sent to it (a sign-in by mobile number): one account's only. */
  phoneVerified?: boolean;
  isAnonymous?: boolean;
  /** A guest's address for its booking mails (ADR 0066): not the account's, never signed in with. */
  contactEmail?: string | null;
  /** Google said the address is the user's. */
  emailVerified?: boolean;
  name: string;
  userType: 'customer' | 'lab';
  locale: 'ar' | 'en';
  licenseNumber?: string | null;
  /** The person ticked "News and offers" at sign-up: their consent, recorded now. Off unless given. */
  marketingMail?: boolean;
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
      phone_verified_at: account.phoneVerified ? new Date() : null,
      is_anonymous: account.isAnonymous ?? false,
      contact_email: account.contactEmail ?? null,
      email_verified_at: account.emailVerified ? new Date() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await tx
    .insertInto('user_profiles')
    .values({
      id,
      name: account.name,
      user_type: account.userType,
      approved: false,
      locale: account.locale,
      marketing_mail: account.marketingMail === true,
      marketing_consent_at: account.marketingMail === true ? new Date() : null,
    })
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

export type AccountTokenPurpose = 'verify_email' | 'reset_password';

export async function insertAccountToken(
  db: Db,
  token: { id: string; userId: string; purpose: AccountTokenPurpose; email: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('account_tokens')
    .values({ id: token.id, user_id: token.userId, purpose: token.purpose, email: token.email, expires_at: token.expiresAt })
    .execute();
}

/** The token's row, locked until the caller's transaction ends (a link is used once, even by two tabs at once). */
export function lockAccountToken(tx: Transaction<Database>, id: string, purpose: AccountTokenPurpose) {
  return tx
    .selectFrom('account_tokens')
    .select(['user_id', 'email', 'expires_at', 'used_at'])
    .where('id', '=', id)
    .where('purpose', '=', purpose)
    .forUpdate()
    .executeTakeFirst();
}

export function findAccountToken(db: Db, id: string, purpose: AccountTokenPurpose) {
  return db
    .selectFrom('account_tokens')
    .select(['expires_at', 'used_at'])
    .where('id', '=', id)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
}

export async function markAccountTokenUsed(db: Db, id: string): Promise<void> {
  await db.updateTable('account_tokens').set({ used_at: new Date() }).where('id', '=', id).execute();
}

/** Every unused token of the user for `purpose` stops working (a newer link, or the address changed). */
export async function deleteUnusedAccountTokens(db: Db, userId: string, purpose: AccountTokenPurpose): Promise<void> {
  await db.deleteFrom('account_tokens').where('user_id', '=', userId).where('purpose', '=', purpose).where('used_at', 'is', null).execute();
}

export function findMailProfile(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .innerJoin('user_profiles', 'user_profiles.id', 'users.id')
    .select([
      'users.id',
      'users.email',
      'users.email_verified_at',
      'users.is_anonymous',
      'user_profiles.name',
      'user_profiles.locale',
      'user_profiles.user_type',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

/** A guest who asked for the address (auth.upgradeAnonymous) is a customer from the moment it is confirmed. */
export async function setEmailVerified(db: Db, userId: string, email: string): Promise<void> {
  await db
    .updateTable('users')
    // The guest's contact address goes with the guest: the confirmed one is the account's from now on.
    .set({ email, email_verified_at: new Date(), is_anonymous: false, contact_email: null, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
}

export async function setPassword(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash, updated_at: new Date() }).where('id', '=', userId).execute();
}

/** Ends every session of the user but `keepId`'s (null: every one). */
export async function deleteSessionsOf(db: Db, userId: string, keepId: string | null): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('id', 'is distinct from', keepId).execute();
}

/** Another account already uses the address. */
export async function emailTakenByOther(db: Db, email: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('id', '<>', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Replaces a password hash with one at today's cost, only if it is still the hash just verified. */
export async function replacePasswordHash(db: Db, userId: string, verified: string, next: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: next }).where('id', '=', userId).where('password_hash', '=', verified).execute();
}

/** The name the account is addressed by, set. */
export async function setProfileName(db: Db, userId: string, name: string) {
  await db.updateTable('user_profiles').set({ name, updated_at: new Date() }).where('id', '=', userId).execute();
}

/** A guest's password kept; false when the account is a guest's no more. */
export async function setGuestPassword(db: Db, userId: string, passwordHash: string): Promise<boolean> {
  const { numUpdatedRows } = await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: new Date() })
    .where('id', '=', userId)
    .where('is_anonymous', '=', true)
    .executeTakeFirst();
  return numUpdatedRows > 0n;
}

/** A sign-up by phone finished: the name, and whether news and offers may be mailed (and since when). */
export async function setSignUpProfile(db: Db, userId: string, profile: { name: string; marketingMail: boolean }) {
  await db
    .updateTable('user_profiles')
    .set({
      name: profile.name,
      marketing_mail: profile.marketingMail,
      marketing_consent_at: profile.marketingMail ? new Date() : null,
      updated_at: new Date(),
    })
    .where('id', '=', userId)
    .execute();
}
