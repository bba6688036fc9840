import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;
type ChallengePurpose = 'register' | 'sign_in';

/** A challenge handed to a browser, kept until it is answered or `expiresAt`; lapsed ones are cleared on the way. */
export async function saveChallenge(
  db: Db,
  challenge: { value: string; userId: string | null; purpose: ChallengePurpose; expiresAt: Date },
) {
  await db.deleteFrom('webauthn_challenges').where('expires_at', '<=', sql<Date>`now()`).execute();
  await db
    .insertInto('webauthn_challenges')
    .values({ challenge: challenge.value, user_id: challenge.userId, purpose: challenge.purpose, expires_at: challenge.expiresAt })
    .execute();
}

/**
 * Spends a challenge: true once, for the purpose (and user) it was made for and before it lapsed; a
 * second answer to it, or one after it lapsed, finds nothing.
 */
export async function spendChallenge(db: Db, value: string, purpose: ChallengePurpose, userId: string | null, now: Date): Promise<boolean> {
  const row = await db
    .deleteFrom('webauthn_challenges')
    .where('challenge', '=', value)
    .where('purpose', '=', purpose)
    .where('expires_at', '>', now)
    .where((eb) => (userId ? eb('user_id', '=', userId) : eb('user_id', 'is', null)))
    .returning('challenge')
    .executeTakeFirst();
  return row !== undefined;
}

export function listPasskeys(db: Db, userId: string) {
  return db
    .selectFrom('passkeys')
    .select(['id', 'name', 'transports', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

export function countPasskeys(db: Db, userId: string) {
  return db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.count));
}

export function findPasskey(db: Db, id: string) {
  return db
    .selectFrom('passkeys')
    .select(['id', 'user_id', 'public_key', 'sign_count', 'transports'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** False when the credential id is already registered (to this account or, in theory, another). */
export async function insertPasskey(
  db: Db,
  passkey: { id: string; userId: string; publicKey: Uint8Array; signCount: number; transports: string[]; name: string },
): Promise<boolean> {
  const row = await db
    .insertInto('passkeys')
    .values({
      id: passkey.id,
      user_id: passkey.userId,
      public_key: Buffer.from(passkey.publicKey),
      sign_count: passkey.signCount,
      transports: passkey.transports.join(','),
      name: passkey.name,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Records a use with the authenticator's new signature counter. A counter that did not grow (when the
 * authenticator keeps one: not both zero) means a cloned key or a replay, and two requests racing with
 * the same counter cannot both win: false then.
 */
export async function recordUse(db: Db, id: string, newCount: number, now: Date): Promise<boolean> {
  const { numUpdatedRows } = await db
    .updateTable('passkeys')
    .set({ sign_count: newCount, last_used_at: now })
    .where('id', '=', id)
    .where('sign_count', newCount === 0 ? '=' : '<', newCount)
    .executeTakeFirst();
  return numUpdatedRows === 1n;
}

/** Removes one of the user's passkeys; answers its name, or null when the user has no such passkey. */
export async function deletePasskey(db: Db, userId: string, id: string): Promise<string | null> {
  const row = await db.deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', userId).returning('name').executeTakeFirst();
  return row?.name ?? null;
}

/** Removes every passkey of the user; answers their names. */
export async function deletePasskeysOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db.deleteFrom('passkeys').where('user_id', '=', userId).returning('name').execute();
  return rows.map((row) => row.name);
}

/** The role of a live account (null once it is deleted). */
export async function accountRole(db: Db, userId: string) {
  const row = await db
    .selectFrom('users')
    .innerJoin('user_profiles', 'user_profiles.id', 'users.id')
    .select('user_profiles.user_type')
    .where('users.id', '=', userId)
    .where('users.deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.user_type ?? null;
}
