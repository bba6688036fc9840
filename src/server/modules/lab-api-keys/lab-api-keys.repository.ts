import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A lab's keys, working ones first, each group newest first; never the hash. */
export function listKeys(db: Db, labId: string) {
  return db
    .selectFrom('lab_api_keys')
    .select(['id', 'name', 'prefix', 'created_at', 'last_used_at', 'revoked_at'])
    .where('lab_id', '=', labId)
    .orderBy(sql`revoked_at is not null`)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** Locks the lab's row, so that two keys made at once cannot both pass the count of working keys. */
export async function lockLab(tx: Transaction<Database>, labId: string): Promise<void> {
  await tx.selectFrom('labs').select('id').where('id', '=', labId).forUpdate().executeTakeFirst();
}

export function countActiveKeys(db: Db, labId: string) {
  return db
    .selectFrom('lab_api_keys')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('lab_id', '=', labId)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.count));
}

export function nameInUse(db: Db, labId: string, name: string) {
  return db
    .selectFrom('lab_api_keys')
    .select('id')
    .where('lab_id', '=', labId)
    .where('revoked_at', 'is', null)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst()
    .then((row) => row !== undefined);
}

export function insertKey(db: Db, key: { labId: string; name: string; prefix: string; secretHash: string; createdBy: string | null }) {
  return db
    .insertInto('lab_api_keys')
    .values({ lab_id: key.labId, name: key.name, prefix: key.prefix, secret_hash: key.secretHash, created_by: key.createdBy })
    .returning(['id', 'name', 'prefix', 'created_at'])
    .executeTakeFirstOrThrow();
}

/** Revokes one of the lab's working keys; its name and prefix, or undefined when the lab has no such working key. */
export function revokeKey(db: Db, labId: string, id: string, now: Date) {
  return db
    .updateTable('lab_api_keys')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('lab_id', '=', labId)
    .where('revoked_at', 'is', null)
    .returning(['id', 'name', 'prefix'])
    .executeTakeFirst();
}

/** The working key with this hash, of an approved lab whose account is not deleted; undefined otherwise. */
export function findUsableKey(db: Db, secretHash: string) {
  return db
    .selectFrom('lab_api_keys')
    .innerJoin('user_profiles', 'user_profiles.id', 'lab_api_keys.lab_id')
    .innerJoin('users', 'users.id', 'lab_api_keys.lab_id')
    .select(['lab_api_keys.id', 'lab_api_keys.lab_id', 'lab_api_keys.last_used_at'])
    .where('lab_api_keys.secret_hash', '=', secretHash)
    .where('lab_api_keys.revoked_at', 'is', null)
    .where('user_profiles.user_type', '=', 'lab')
    .where('user_profiles.approved', '=', true)
    .where('users.deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Records a use, unless one was recorded within `since`: a busy key writes once a minute, not per request. */
export async function touchKey(db: Db, id: string, now: Date, since: Date): Promise<void> {
  await db
    .updateTable('lab_api_keys')
    .set({ last_used_at: now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', since)]))
    .execute();
}

/** The lab account with this e-mail (any case), for the operators' command: its id, type and approval. */
export function findAccountByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .innerJoin('user_profiles', 'user_profiles.id', 'users.id')
    .leftJoin('labs', 'labs.id', 'users.id')
    .select(['users.id', 'user_profiles.user_type', 'user_profiles.approved', 'labs.id as lab_id'])
    .where(sql<string>`lower(users.email)`, '=', email.trim().toLowerCase())
    .where('users.deleted_at', 'is', null)
    .executeTakeFirst();
}
