import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { SealedSecret } from './secret-sealing.ts';

type Db = Kysely<Database> | Transaction<Database>;

export function findTotp(db: Db, userId: string) {
  return db
    .selectFrom('two_factor_totp')
    .select(['secret', 'key_id', 'iv', 'enabled_at', 'last_used_step'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** A new secret waiting for its first code; replaces one not yet confirmed, never an enabled one. */
export async function savePendingSecret(db: Db, userId: string, sealed: SealedSecret): Promise<boolean> {
  const values = { secret: Buffer.from(sealed.secret), key_id: sealed.keyId, iv: sealed.iv ? Buffer.from(sealed.iv) : null };
  const row = await db
    .insertInto('two_factor_totp')
    .values({ user_id: userId, ...values })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ ...values, last_used_step: null })
        .where('two_factor_totp.enabled_at', 'is', null),
    )
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Turns the confirmed secret on with the step its first code used; false if another request did first. */
export async function enableTotp(db: Db, userId: string, step: number): Promise<boolean> {
  const { numUpdatedRows } = await db
    .updateTable('two_factor_totp')
    .set({ enabled_at: new Date(), last_used_step: step })
    .where('user_id', '=', userId)
    .where('enabled_at', 'is', null)
    .executeTakeFirst();
  return numUpdatedRows === 1n;
}

/** Records `step` as used; false when it, or a later step, already was (a replayed code). */
export async function spendTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const { numUpdatedRows } = await db
    .updateTable('two_factor_totp')
    .set({ last_used_step: step })
    .where('user_id', '=', userId)
    .where('enabled_at', 'is not', null)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .executeTakeFirst();
  return numUpdatedRows === 1n;
}

export async function replaceRecoveryCodes(db: Db, userId: string, hashes: string[]): Promise<void> {
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('two_factor_recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash })))
    .execute();
}

/** Marks the code used, once: false when it is not the user's or was used before. */
export async function spendRecoveryCode(db: Db, userId: string, hash: string): Promise<boolean> {
  const { numUpdatedRows } = await db
    .updateTable('two_factor_recovery_codes')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return numUpdatedRows === 1n;
}

/** Whether this is one of the user's recovery codes, spent before. */
export async function recoveryCodeWasUsed(db: Db, userId: string, hash: string): Promise<boolean> {
  const row = await db
    .selectFrom('two_factor_recovery_codes')
    .select('used_at')
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function countUnusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('two_factor_recovery_codes')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Removes the secret and the recovery codes; true if there was a secret. */
export async function deleteSecondFactor(db: Db, userId: string): Promise<boolean> {
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('pending_sign_ins').where('user_id', '=', userId).execute();
  const { numDeletedRows } = await db.deleteFrom('two_factor_totp').where('user_id', '=', userId).executeTakeFirst();
  return numDeletedRows > 0n;
}

export async function insertPendingSignIn(
  db: Db,
  row: { id: string; userId: string; expiresAt: Date; passwordEnteredAt: Date | null },
): Promise<void> {
  await db.deleteFrom('pending_sign_ins').where('expires_at', '<', new Date()).execute();
  await db
    .insertInto('pending_sign_ins')
    .values({ id: row.id, user_id: row.userId, expires_at: row.expiresAt, password_entered_at: row.passwordEnteredAt })
    .execute();
}

export function findPendingSignIn(db: Db, id: string, now: Date) {
  return db
    .selectFrom('pending_sign_ins')
    .select(['user_id', 'password_entered_at'])
    .where('id', '=', id)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

export async function deletePendingSignIn(db: Db, id: string): Promise<void> {
  await db.deleteFrom('pending_sign_ins').where('id', '=', id).execute();
}

export function findAccountForReset(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .innerJoin('user_profiles', 'user_profiles.id', 'users.id')
    .select(['users.id', 'users.email', 'user_profiles.name', 'user_profiles.locale'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

/** How many secrets each key id seals (null: kept in the clear, from a time without a key). */
export function secretsPerKey(db: Db) {
  return db
    .selectFrom('two_factor_totp')
    .select(['key_id', (eb) => eb.fn.countAll<string | number>().as('secrets')])
    .groupBy('key_id')
    .execute();
}

/** Replaces a secret's seal, only if it is still the one read (`fromKeyId`): a new secret set meanwhile is left alone. */
export async function replaceSeal(db: Db, userId: string, fromKeyId: string | null, sealed: SealedSecret): Promise<boolean> {
  const { numUpdatedRows } = await db
    .updateTable('two_factor_totp')
    .set({ secret: Buffer.from(sealed.secret), key_id: sealed.keyId, iv: sealed.iv ? Buffer.from(sealed.iv) : null })
    .where('user_id', '=', userId)
    .where((eb) => (fromKeyId === null ? eb('key_id', 'is', null) : eb('key_id', '=', fromKeyId)))
    .executeTakeFirst();
  return numUpdatedRows === 1n;
}
