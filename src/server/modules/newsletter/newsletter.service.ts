import { sql, type Kysely } from 'kysely';
import type { Database, Locale } from '../../db/schema.ts';

/** Subscribing twice is not an error: the answer is the same and nothing is duplicated. */
export async function subscribe(db: Kysely<Database>, email: string, locale: Locale) {
  await db
    .insertInto('newsletter_subscriptions')
    .values({ email: email.toLowerCase(), locale })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .execute();
  return { subscribed: true as const };
}
