import { type Kysely, sql } from 'kysely';
import type { Locale } from '../../../shared/locale.ts';
import type { Database } from '../../db/schema.ts';
import { consumeAttempt, type RateLimitPolicy } from '../../platform/rate-limit.ts';

/**
 * Generous for a household or an office behind one address, tight enough that a script cannot
 * fill the list with other people's addresses.
 */
export const subscribePerIp: RateLimitPolicy = { limit: 10, windowSeconds: 60 * 60 };

export interface SubscribeMeta {
  clientIp: string;
  locale: Locale;
}

/**
 * Subscribing twice is not an error: the answer is the same and nothing is duplicated, so the
 * answer never tells whether an address was already on the list.
 */
export async function subscribe(db: Kysely<Database>, email: string, meta: SubscribeMeta) {
  await consumeAttempt(db, `newsletter:ip:${meta.clientIp}`, subscribePerIp);
  await db
    .insertInto('newsletter_subscriptions')
    .values({ email: email.toLowerCase(), locale: meta.locale })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .execute();
  return { subscribed: true as const };
}
