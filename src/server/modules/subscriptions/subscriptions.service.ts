// Plans (spec §9). A free plan is set at once. A paid plan is bought at the gateway the browser pays at
// (Moyasar's form model, ADR 0042 after ADR 0026 and 0039): choosing it opens a pending subscription
// and answers the form's configuration, asking the gateway to save the card as a token
// (`credit_card.save_card`); the callback and the webhook only name a payment, believed only as fetched
// with the secret key — `paid`, for exactly the subscription's amount and currency, naming it. It is
// activated once, for a month; a cancelled one stays until its period ends, then the free plan. With the
// simulated provider (the demo's default) the server makes a simulated charge, as for a booking.
import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import type { UserType } from '../../../shared/locale.ts';
import { halalasToSar } from '../../../shared/money.ts';
import type { PaymentFailureReason } from '../../../shared/payment-failures.ts';
import { customerPlans, findPlan, labPlans, type PlanAudience, type PlanId, plansFor } from '../../../shared/plans.ts';
import type { Database } from '../../db/schema.ts';
import type { Logger } from '../../platform/logger.ts';
import type { MoyasarPayment, PaymentProvider } from '../../platform/payment-provider.ts';
import { issuePlanInvoice } from '../billing/billing.service.ts';
import { cancelMail, enqueueMail, recipientOf } from '../mail/mail.service.ts';
import { type PlanPromoAsked, planPromo, reservePlanPromo } from './plan-promo.service.ts';
import {
  activateSubscription,
  type CardShown,
  endOtherSubscriptions,
  endSubscription,
  endUnpaidFirstPurchases,
  findAccount,
  findActiveSubscription,
  findLapsedCancelled,
  findSubscriberType,
  findSubscription,
  findSubscriptionTier,
  insertPendingSubscription,
  lockSubscription,
  markCancelAtPeriodEnd,
  setSubscriptionTier,
} from './subscriptions.repository.ts';

export { forgetSubscriptions } from './subscriptions.repository.ts';

/**
 * The account's subscription tier as stored, the one place it is read by an account's id; what it offers
 * is `currentPlan` or `hasAnalysis` of src/shared/plans.ts. With `lock`, the account's profile row is
 * locked for the caller's transaction (a lab's price-list changes go one at a time).
 */
export function subscriptionTierOf(db: Kysely<Database>, userId: string, options: { lock?: boolean } = {}): Promise<string> {
  return findSubscriptionTier(db, userId, options);
}

/** The metadata key naming the plan subscription a gateway payment is for. */
export const SUBSCRIPTION_METADATA_KEY = 'subscription_id';
const SUBSCRIPTION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whether a value a gateway object's metadata carries can be a subscription's id (checked before any query). */
export const isSubscriptionId = (value: unknown): value is string => typeof value === 'string' && SUBSCRIPTION_ID.test(value);

export function plans() {
  return { customer: customerPlans, lab: labPlans };
}

function freePlanOf(audience: PlanAudience): PlanId {
  return (plansFor(audience).find((plan) => plan.monthlyPrice === 0) ?? plansFor(audience)[0]!).id;
}

/** One calendar month after `from` (the period a monthly price buys). */
export function oneMonthAfter(from: Date): Date {
  const end = new Date(from);
  end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

/**
 * A free plan of the caller's own audience becomes its tier (the lowercase plan name). A paid plan is
 * paid at the browser's gateway: the answer is the form's configuration. Without one (the simulated
 * provider) the server charges it as it charges a booking, and the plan is active at once.
 */
export async function choosePlan(
  db: Kysely<Database>,
  user: { id: string; user_type: UserType },
  input: { plan: string; audience?: PlanAudience },
  payments: PaymentProvider,
  publicUrl: string,
  now = new Date(),
  promoAsked: PlanPromoAsked | null = null,
) {
  if (user.user_type === 'admin') throw new AppError('PLAN_NOT_AVAILABLE');
  const audience: PlanAudience = user.user_type;
  if (input.audience && input.audience !== audience) throw new AppError('PLAN_NOT_AVAILABLE', { audience });
  const plan = findPlan(audience, input.plan);
  if (!plan) throw new AppError('PLAN_NOT_AVAILABLE', { audience });
  if (plan.monthlyPrice > 0) {
    const priceCents = Math.round(plan.monthlyPrice * 100);
    // A plan chosen again starts a new purchase: one chosen before and not paid is given up, its code's use
    // with it, so that a payment of it the customer made and came back from (to change the code) goes back
    // rather than buying the plan a second time (ADR 0095).
    await endUnpaidFirstPurchases(db, user.id);
    // A promo code discounts the first month alone; its use is reserved with the pending subscription.
    const promo = promoAsked ? await planPromo(db, user, priceCents, promoAsked, now) : null;
    const pending = await db.transaction().execute(async (tx) => {
      const opened = await insertPendingSubscription(tx, {
        userId: user.id,
        plan: plan.id,
        amountCents: priceCents - (promo?.discountCents ?? 0),
        currency: 'SAR',
        promo: promo && { id: promo.id, discountCents: promo.discountCents },
      });
      if (promo) await reservePlanPromo(tx, opened.id, user.id, promo, now);
      return opened;
    });
    const description = `Tahaleel ${audience} plan ${plan.id} (monthly)`;
    const gateway = payments.browser;
    if (!gateway) {
      // The simulated provider: a simulated charge, as a booking's (no card is saved; a renewal charges it again).
      const charged = await payments.charge({
        amount: pending.amount_cents,
        currency: pending.currency,
        reference: pending.id,
        description,
      });
      await db.transaction().execute(async (tx) => {
        const locked = await lockSubscription(tx, pending.id);
        if (locked) await activatePaidSubscription(tx, locked, { paymentReference: charged.reference, gatewayToken: null }, now);
      });
      return { status: 'paid' as const, subscription_tier: plan.id };
    }
    return {
      status: 'payment_required' as const,
      subscription_id: pending.id,
      payment: {
        amount: pending.amount_cents,
        currency: pending.currency,
        description,
        publishable_api_key: gateway.publishableKey,
        callback_url: new URL('/payments/moyasar/callback', publicUrl).toString(),
        metadata: { [SUBSCRIPTION_METADATA_KEY]: pending.id },
        // The gateway saves the card and answers a token in `source.token`: the renewal charges it.
        credit_card: { save_card: true },
      },
      gateway_url: gateway.apiUrl,
    };
  }
  await setSubscriptionTier(db, user.id, plan.id);
  return { subscription_tier: plan.id };
}

export type SubscriptionRow = NonNullable<Awaited<ReturnType<typeof lockSubscription>>>;

/**
 * A paid pending subscription (held under its row lock) becomes the user's plan for a month: the
 * payment and the card's gateway token kept, the user's other plan ended, the tier set, the month's
 * invoice issued, all in the caller's transaction. A renewal's month follows the one it continues, and
 * keeps its card's token.
 */
export async function activatePaidSubscription(
  tx: Transaction<Database>,
  locked: SubscriptionRow,
  paid: { paymentReference: string; gatewayToken: string | null; card?: CardShown | null },
  now: Date,
) {
  const renewed = locked.renews_id ? await findSubscription(tx, locked.renews_id) : undefined;
  const start = renewed?.period_end ?? now;
  const renewedCard = renewed?.card_last_four ? { brand: renewed.card_brand, lastFour: renewed.card_last_four } : null;
  await activateSubscription(tx, locked.id, {
    paymentReference: paid.paymentReference,
    gatewayToken: paid.gatewayToken ?? renewed?.gateway_token ?? null,
    card: paid.card ?? renewedCard,
    periodEnd: oneMonthAfter(start),
  });
  // Paid during the grace period, by the renewal's retry or with another card: the mail saying the plan
  // is about to end is withdrawn.
  const replaced = await endOtherSubscriptions(tx, locked.user_id, locked.id);
  for (const id of new Set([...(renewed ? [renewed.id] : []), ...replaced])) await cancelMail(tx, endingUnpaidMailKey(id));
  await setSubscriptionTier(tx, locked.user_id, locked.plan as PlanId);
  const buyer = await findAccount(tx, locked.user_id);
  await issuePlanInvoice(tx, locked, buyer?.name ?? null, now);
}

/** The card a gateway payment was made with, as its owner recognises it (the number comes masked: 4111-11XX-XXXX-1111). */
function cardOf(payment: MoyasarPayment): CardShown | null {
  const lastFour = /(\d{4})$/.exec(payment.source?.number ?? '')?.[1];
  return lastFour ? { brand: payment.source?.company ?? null, lastFour } : null;
}

/** Whether a payment fetched from the gateway is for a plan subscription. */
export function isSubscriptionPayment(payment: MoyasarPayment): boolean {
  return typeof payment.metadata?.[SUBSCRIPTION_METADATA_KEY] === 'string';
}

export type SubscriptionOutcome = 'paid' | 'pending' | 'failed' | 'unknown';

/**
 * Where the browser comes back to after paying for a plan: a customer's plans page, a lab's dashboard
 * (labs are kept in it), each saying what came of the payment, and why it failed.
 */
export async function planPaymentLanding(
  db: Kysely<Database>,
  payment: MoyasarPayment,
  outcome: SubscriptionOutcome,
  reason: PaymentFailureReason | null,
): Promise<string> {
  const named = payment.metadata?.[SUBSCRIPTION_METADATA_KEY];
  const buyer = isSubscriptionId(named) ? await findSubscriberType(db, named) : undefined;
  const said = new URLSearchParams({ payment: outcome });
  if (outcome === 'failed' && reason) said.set('reason', reason);
  return `${planPageOf(buyer?.user_type)}${buyer?.user_type === 'lab' ? '&' : '?'}${said}`;
}

/** Where an account manages its plan: a customer's plans page, a lab's dashboard (labs are kept in it). */
export function planPageOf(userType: UserType | undefined): string {
  return userType === 'lab' ? '/dashboard?section=payments' : '/pricing';
}

/** The mail the day before a renewal's grace period ends (plan-renewals.service.ts), by the row renewed. */
export const endingUnpaidMailKey = (renewedId: string) => `plan-ending-unpaid:${renewedId}`;

/**
 * Activates (or not) the subscription a payment fetched from the gateway names. Activated once, under
 * the subscription's row lock: the callback and the webhook at once find it active by this payment.
 */
export async function confirmSubscriptionPayment(
  db: Kysely<Database>,
  payments: PaymentProvider,
  payment: MoyasarPayment,
  log?: Logger,
  now = new Date(),
): Promise<SubscriptionOutcome> {
  const named = payment.metadata?.[SUBSCRIPTION_METADATA_KEY];
  const subscription = isSubscriptionId(named) ? await findSubscription(db, named) : undefined;
  if (!subscription) {
    log?.warn({ payment: payment.id }, 'a gateway payment names no plan subscription of ours');
    return 'unknown';
  }
  if (payment.status === 'failed') return subscription.payment_reference ? 'paid' : 'failed';
  if (payment.status !== 'paid') return 'pending';
  if (payment.amount !== subscription.amount_cents || payment.currency.toUpperCase() !== subscription.currency.toUpperCase()) {
    log?.warn({ payment: payment.id, subscription: subscription.id }, 'a paid gateway payment does not match its subscription');
    return 'unknown';
  }
  // A payment that buys nothing goes back to the card once the transaction is over.
  let surplus = false;
  const outcome = await db.transaction().execute(async (tx): Promise<SubscriptionOutcome> => {
    const locked = await lockSubscription(tx, subscription.id);
    if (!locked) return 'unknown';
    if (locked.payment_reference === payment.id) return 'paid';
    // Already bought by another payment (two tabs, a second submit), or no longer to be bought.
    if (locked.payment_reference || locked.status !== 'pending') {
      log?.warn({ payment: payment.id, subscription: locked.id }, 'a second payment for a plan subscription: refunded');
      surplus = true;
      return 'paid';
    }
    // A renewal of a plan that was replaced while it was charged (bought again with another card in
    // the grace period) or has ended: it renews nothing. The account's plan is the other one.
    const renewed = locked.renews_id ? await findSubscription(tx, locked.renews_id) : undefined;
    if (renewed && renewed.status !== 'active') {
      log?.warn({ payment: payment.id, subscription: locked.id }, 'a renewal of a plan no longer active: refunded');
      await endSubscription(tx, locked.id);
      surplus = true;
      return 'paid';
    }
    const token = typeof payment.source?.token === 'string' ? payment.source.token : null;
    await activatePaidSubscription(tx, locked, { paymentReference: payment.id, gatewayToken: token, card: cardOf(payment) }, now);
    return 'paid';
  });
  const left = payment.amount - payment.refunded;
  if (surplus && left > 0) {
    // The gateway refuses to give back more than was paid, so a second confirmation refunds nothing twice.
    const refunded = await payments.refund(payment.id, left).then(
      () => true,
      (error: unknown) => {
        log?.error({ err: error, payment: payment.id }, 'a surplus plan payment could not be refunded');
        return false;
      },
    );
    if (refunded) await tellSurplusRefunded(db, subscription, left, payment.id);
  }
  return outcome;
}

/** The buyer hears by mail that a plan payment that bought nothing went back to the card (once a payment). */
async function tellSurplusRefunded(db: Kysely<Database>, subscription: SubscriptionRow, amountHalalas: number, paymentId: string) {
  const to = await recipientOf(db, subscription.user_id);
  if (!to) return;
  const profile = await findAccount(db, subscription.user_id);
  await enqueueMail(db, {
    to: to.email,
    locale: to.locale,
    userId: subscription.user_id,
    message: {
      template: 'plan-payment-refunded',
      data: {
        name: to.name,
        plan: subscription.plan,
        amount: halalasToSar(amountHalalas),
        reason: subscription.renews_id ? 'renewal_replaced' : 'duplicate',
        link: planPageOf(profile?.user_type),
      },
    },
    dedupeKey: `plan-payment-refunded:${paymentId}`,
  });
}

/**
 * The caller's paid plan, if any: what it is, until when, whether it ends then, and, when its renewal
 * was declined, until when it stays while the renewal is retried (`graceDays`, PLAN_RENEWAL_GRACE_DAYS).
 */
export async function currentSubscription(
  db: Kysely<Database>,
  user: { id: string; user_type: UserType },
  graceDays: number,
  now = new Date(),
) {
  await endLapsedSubscriptions(db, now);
  const active = await findActiveSubscription(db, user.id);
  if (!active) return null;
  const graceUntil = active.renewal_failed_at ? graceUntilOf(active.renewal_failed_at, graceDays) : null;
  return {
    plan: active.plan,
    period_end: active.period_end,
    cancel_at_period_end: active.cancel_at_period_end,
    grace_until: graceUntil,
    // The card the plan renews with (bought with Moyasar): its network and last four digits.
    card: active.card_last_four ? { brand: active.card_brand, last_four: active.card_last_four } : null,
  };
}

/**
 * Until when a plan whose renewal was declined stays: `graceDays` (PLAN_RENEWAL_GRACE_DAYS) from the
 * first declined attempt; the next renewal round after it puts the account on its free plan.
 */
export function graceUntilOf(firstFailedAt: Date, graceDays: number): Date {
  return new Date(firstFailedAt.getTime() + graceDays * 86_400_000);
}

/** Cancels the caller's own paid plan: it stays until its period ends, then the free plan. */
export async function cancelPlan(db: Kysely<Database>, user: { id: string; user_type: UserType }) {
  const active = await findActiveSubscription(db, user.id);
  if (!active) throw new AppError('NOT_FOUND');
  await markCancelAtPeriodEnd(db, active.id);
  return { plan: active.plan, period_end: active.period_end, cancel_at_period_end: true };
}

/** Ends cancelled subscriptions whose period is over; their users go back to their audience's free plan. */
export async function endLapsedSubscriptions(db: Kysely<Database>, now = new Date()) {
  for (const lapsed of await findLapsedCancelled(db, now)) await endSubscriptionToFreePlan(db, lapsed);
}

/** A subscription ended, and its user back on their audience's free plan. */
export async function endSubscriptionToFreePlan(db: Kysely<Database>, row: { id: string; user_id: string }) {
  await db.transaction().execute(async (tx) => {
    await endSubscription(tx, row.id);
    const profile = await findAccount(tx, row.user_id);
    if (profile && profile.user_type !== 'admin') await setSubscriptionTier(tx, row.user_id, freePlanOf(profile.user_type));
  });
}
