import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The guest's links that expired before `now`. */
export async function deleteExpiredGuestLinks(db: Db, userId: string, now: Date) {
  await db.deleteFrom('guest_links').where('user_id', '=', userId).where('expires_at', '<', now).execute();
}

export async function insertGuestLink(db: Db, link: { id: string; userId: string; createdAt: Date; expiresAt: Date }) {
  await db
    .insertInto('guest_links')
    .values({ id: link.id, user_id: link.userId, created_at: link.createdAt, expires_at: link.expiresAt })
    .execute();
}

/** The link with this id counted as opened now; answers whose it is and until when, undefined for none. */
export function markGuestLinkOpened(db: Db, id: string, now: Date) {
  return db
    .updateTable('guest_links')
    .set((eb) => ({ opened_count: eb('opened_count', '+', 1), last_opened_at: now }))
    .where('id', '=', id)
    .returning(['user_id', 'expires_at'])
    .executeTakeFirst();
}

/** Whether the account is still a guest's (anonymous); undefined when there is no such account. */
export function findAccountKind(db: Db, userId: string) {
  return db.selectFrom('users').select('is_anonymous').where('id', '=', userId).executeTakeFirst();
}
