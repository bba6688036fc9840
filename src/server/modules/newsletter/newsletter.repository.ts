import { type Kysely, sql, type Transaction } from 'kysely';
import type { Locale } from '../../../shared/locale.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

interface TokenHashes {
  confirm_token_hash: string;
  unsubscribe_token_hash: string;
}

/** The subscription of this address (any case), its row locked for the caller's transaction. */
export function lockSubscriptionOf(tx: Transaction<Database>, address: string) {
  return tx
    .selectFrom('newsletter_subscriptions')
    .select(['id', 'confirmed_at'])
    .where(sql<string>`lower(email)`, '=', address)
    .forUpdate()
    .executeTakeFirst();
}

/** An unconfirmed subscription's links replaced (the new mail's), in the locale it is now asked in. */
export async function renewSubscriptionTokens(db: Db, id: number, tokens: TokenHashes, locale: Locale) {
  await db
    .updateTable('newsletter_subscriptions')
    .set({ ...tokens, locale })
    .where('id', '=', id)
    .execute();
}

export async function insertSubscription(db: Db, address: string, tokens: TokenHashes, locale: Locale) {
  await db
    .insertInto('newsletter_subscriptions')
    .values({ email: address, locale, ...tokens })
    .execute();
}

/** The subscription whose confirmation link this is, confirmed (the first time kept); answers its address. */
export function confirmByTokenHash(db: Db, confirmTokenHash: string) {
  return db
    .updateTable('newsletter_subscriptions')
    .set({ confirmed_at: sql<Date>`coalesce(confirmed_at, now())` })
    .where('confirm_token_hash', '=', confirmTokenHash)
    .returning('email')
    .executeTakeFirst();
}

export async function deleteByUnsubscribeTokenHash(db: Db, unsubscribeTokenHash: string) {
  await db.deleteFrom('newsletter_subscriptions').where('unsubscribe_token_hash', '=', unsubscribeTokenHash).execute();
}

/** The address (any case) off the list. */
export async function deleteByAddress(db: Db, address: string) {
  await db.deleteFrom('newsletter_subscriptions').where(sql<string>`lower(email)`, '=', address).execute();
}
