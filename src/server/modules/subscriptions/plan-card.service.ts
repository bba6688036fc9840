// The card a paid plan renews with, replaced by its owner at any time (issue #21, ADR 0042's
// amendment): the page posts the new card straight to the gateway's `/tokens` with the publishable key
// (docs: Tokenization, Create Token), so it never reaches us; the bank's 3-D Secure page (Moyasar
// authorizes 1 SAR there and voids it) returns the browser to `/payments/moyasar/card-saved?id=…`. That
// return only names a token: it is believed only as fetched with the secret key — `active`, naming in
// its metadata the active plan of the account whose session comes back with the browser. The plan then
// renews with that card, its owner is told by mail, and the gateway forgets the card it replaces.
import type { Kysely } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import type { UserType } from '../../../shared/locale.ts';
import type { PaymentFailureReason } from '../../../shared/payment-failures.ts';
import type { Database } from '../../db/schema.ts';
import type { Logger } from '../../platform/logger.ts';
import { loggedFailureReason } from '../../platform/payment-failures.ts';
import type { MoyasarToken, PaymentProvider } from '../../platform/payment-provider.ts';
import { enqueueMail, recipientOf } from '../mail/mail.service.ts';
import {
  cardTokenInUse,
  findActiveSubscription,
  findPendingRenewalOf,
  findSubscription,
  replaceSubscriptionCard,
} from './subscriptions.repository.ts';
import { isSubscriptionId, planPageOf, SUBSCRIPTION_METADATA_KEY } from './subscriptions.service.ts';

/** Where the bank's 3-D Secure page sends the browser back after a card is saved. */
export const CARD_SAVED_PATH = '/payments/moyasar/card-saved';

/**
 * What the page needs to save a new card for the caller's paid plan at the gateway: the publishable
 * key, the return address and the metadata naming the plan. Only with a gateway (Moyasar), and only for
 * a plan that still renews.
 */
export async function startCardChange(db: Kysely<Database>, user: { id: string }, payments: PaymentProvider, publicUrl: string) {
  const gateway = payments.browser;
  const active = await findActiveSubscription(db, user.id);
  if (!active || active.cancel_at_period_end) throw new AppError('NOT_FOUND');
  if (!gateway) throw new AppError('PLAN_NOT_AVAILABLE', { reason: 'no card is kept without a payment gateway' });
  return {
    gateway_url: gateway.apiUrl,
    token: {
      publishable_api_key: gateway.publishableKey,
      callback_url: new URL(CARD_SAVED_PATH, publicUrl).toString(),
      metadata: { [SUBSCRIPTION_METADATA_KEY]: active.id },
    },
  };
}

/** What came of a card change, said by the plan's page (`card=…`). */
export type CardChangeOutcome = 'saved' | 'failed' | 'unknown';

/** The plan's page saying what came of a card change (and why the bank refused the card). */
export function cardChangeLanding(userType: UserType | undefined, outcome: CardChangeOutcome, reason?: PaymentFailureReason): string {
  const page = planPageOf(userType);
  const back = new URLSearchParams({ card: outcome });
  if (outcome === 'failed' && reason) back.set('reason', reason);
  return `${page}${page.includes('?') ? '&' : '?'}${back}`;
}

/**
 * The browser back from the bank with a token's id: the token fetched from the gateway, and, when it is
 * active and names the caller's own active plan, that plan renews with it from now on. Answers where
 * the browser goes: the plan's page, saying how it ended (and why the bank refused a card).
 */
export async function saveChangedCard(
  db: Kysely<Database>,
  payments: PaymentProvider,
  user: { id: string; user_type: UserType } | undefined,
  tokenId: string,
  log?: Logger,
): Promise<string> {
  const landing = (outcome: CardChangeOutcome, reason?: PaymentFailureReason) => cardChangeLanding(user?.user_type, outcome, reason);
  const token = await payments.browser?.fetchToken(tokenId);
  if (!token || !user) return landing('unknown');
  if (token.status === 'initiated') return landing('unknown');
  // The bank's words for a card it refused go to the log; the page says our reason.
  if (token.status !== 'active') return landing('failed', loggedFailureReason({ id: token.id, source: token }, log));
  const named = token.metadata?.[SUBSCRIPTION_METADATA_KEY];
  const subscription = isSubscriptionId(named) ? await findActiveOwnPlan(db, named, user.id) : undefined;
  if (!subscription) {
    log?.warn({ token: token.id, user: user.id }, 'a saved card names no active plan of the account that came back with it');
    return landing('unknown');
  }
  if (subscription.gateway_token === token.id) return landing('saved');
  const card = { brand: token.brand || null, lastFour: lastFourOf(token) };
  const replaced = await replaceSubscriptionCard(db, subscription.id, token.id, card);
  await tellOwner(db, user.id, subscription.plan, card, user.user_type, token.id);
  if (replaced && replaced !== token.id) await forgetCard(db, payments, replaced, subscription.id, log);
  return landing('saved');
}

async function findActiveOwnPlan(db: Kysely<Database>, id: string, userId: string) {
  const row = await findSubscription(db, id);
  return row && row.user_id === userId && row.status === 'active' ? row : undefined;
}

const lastFourOf = (token: MoyasarToken) => String(token.last_four ?? '').slice(-4);

/** A card change is told to the account by mail, as every change to how it pays or signs in is. */
async function tellOwner(
  db: Kysely<Database>,
  userId: string,
  plan: string,
  card: { brand: string | null; lastFour: string },
  userType: UserType,
  tokenId: string,
) {
  const to = await recipientOf(db, userId);
  if (!to) return;
  await enqueueMail(db, {
    to: to.email,
    locale: to.locale,
    userId,
    message: {
      template: 'plan-card-changed',
      data: { name: to.name, plan, brand: card.brand, lastFour: card.lastFour, link: planPageOf(userType) },
    },
    // Two returns at once with the same card (a double click on the bank's page) tell it once.
    dedupeKey: `plan-card-changed:${tokenId}`,
  });
}

/**
 * The replaced card is deleted at the gateway, unless a plan still charges it or a renewal of this plan
 * is being charged with it this minute (the next renewal uses the new card either way).
 */
async function forgetCard(db: Kysely<Database>, payments: PaymentProvider, token: string, subscriptionId: string, log?: Logger) {
  const renewing = await findPendingRenewalOf(db, subscriptionId);
  if (renewing || (await cardTokenInUse(db, token))) return;
  await payments.browser
    ?.deleteToken(token)
    .catch((error: unknown) => log?.warn({ err: error, subscription: subscriptionId }, 'the gateway did not forget a replaced card'));
}
