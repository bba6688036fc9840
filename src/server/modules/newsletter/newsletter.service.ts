import type { Kysely } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import type { Locale } from '../../../shared/locale.ts';
import type { Database } from '../../db/schema.ts';
import { consumeAttempt, type RateLimitPolicy } from '../../platform/rate-limit.ts';
import { generateSessionToken, sessionIdFromToken } from '../../platform/session.ts';
import { enqueueMail } from '../mail/mail.service.ts';
import * as repo from './newsletter.repository.ts';

/**
 * Generous for a household or an office behind one address, tight enough that a script cannot
 * fill the list with other people's addresses (and their inboxes with confirmation mail).
 */
export const subscribePerIp: RateLimitPolicy = { limit: 10, windowSeconds: 60 * 60 };

export interface SubscribeMeta {
  clientIp: string;
  locale: Locale;
}

/**
 * Double opt-in: the address gets a mail with a confirmation link (and an unsubscribe link that
 * works without signing in); it is on the list once confirmed. The answer is the same whether or not
 * the address was already on the list, and an address already confirmed gets no new mail.
 */
export async function subscribe(db: Kysely<Database>, email: string, meta: SubscribeMeta) {
  await consumeAttempt(db, `newsletter:ip:${meta.clientIp}`, subscribePerIp);
  const address = email.toLowerCase();
  const confirmToken = generateSessionToken();
  const unsubscribeToken = generateSessionToken();
  await db.transaction().execute(async (tx) => {
    const existing = await repo.lockSubscriptionOf(tx, address);
    if (existing?.confirmed_at) return;
    const tokens = { confirm_token_hash: sessionIdFromToken(confirmToken), unsubscribe_token_hash: sessionIdFromToken(unsubscribeToken) };
    if (existing) await repo.renewSubscriptionTokens(tx, existing.id, tokens, meta.locale);
    else await repo.insertSubscription(tx, address, tokens, meta.locale);
    await enqueueMail(tx, {
      to: address,
      locale: meta.locale,
      message: {
        template: 'newsletter-confirm',
        data: {
          confirmLink: `/newsletter/confirm?token=${confirmToken}`,
          unsubscribeLink: `/newsletter/unsubscribe?token=${unsubscribeToken}`,
        },
      },
    });
  });
  return { subscribed: true as const };
}

/** The confirmation link: the address is on the list from now on. Opening it twice is fine. */
export async function confirmSubscription(db: Kysely<Database>, token: string) {
  const row = await repo.confirmByTokenHash(db, sessionIdFromToken(token));
  if (!row) throw new AppError('LINK_INVALID');
  return { confirmed: true as const, email: row.email };
}

/** The unsubscribe link, no sign-in needed: the address leaves the list. Opening it again says the same. */
export async function unsubscribe(db: Kysely<Database>, token: string) {
  await repo.deleteByUnsubscribeTokenHash(db, sessionIdFromToken(token));
  return { unsubscribed: true as const };
}

/** A signed-in user turned news and offers off: their address leaves the list. */
export async function unsubscribeAddress(db: Kysely<Database>, email: string) {
  await repo.deleteByAddress(db, email.toLowerCase());
}
