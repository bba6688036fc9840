import type { Kysely } from 'kysely';
import type { Locale } from '../../../shared/locale.ts';
import type { Database } from '../../db/schema.ts';

export async function updateProfile(db: Kysely<Database>, userId: string, profile: { name: string; locale: Locale }) {
  await db
    .updateTable('user_profiles')
    .set({ ...profile, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
}

export function findPasswordHash(db: Kysely<Database>, userId: string) {
  return db.selectFrom('users').select(['password_hash', 'is_anonymous']).where('id', '=', userId).executeTakeFirst();
}

export async function setPasswordHash(db: Kysely<Database>, userId: string, passwordHash: string) {
  await db.updateTable('users').set({ password_hash: passwordHash, updated_at: new Date() }).where('id', '=', userId).execute();
}

/** Signs the account out everywhere except the session making the change. */
export async function deleteOtherSessions(db: Kysely<Database>, userId: string, keepSessionId: string) {
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '<>', keepSessionId).execute();
}
