// Plans (spec §9). A free plan is set at once. A paid plan is bought at the gateway the browser pays at
// (Moyasar's form model, ADR 0042 after ADR 0026 and 0039): choosing it opens a pending subscription
// and answers the form's configuration, asking the gateway to save the card as a token
// (`credit_card.save_card`); the callback and the webhook only name a payment, believed only as fetched
// with the secret key — `paid`, for exactly the subscription's amount and currency, naming it. It is
// activated once, for a month; a cancelled one stays until its period ends, then the free plan.
import type { Kysely } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import type { UserType } from '../../../shared/locale.ts';
import { customerPlans, findPlan, labPlans, type PlanAudience, type PlanId, plansFor } from '../../../shared/plans.ts';
import type { Database } from '../../db/schema.ts';
import type { Logger } from '../../platform/logger.ts';
import type { MoyasarPayment, PaymentProvider } from '../../platform/payment-provider.ts';
import { issuePlanInvoice } from '../billing/billing.service.ts';
import {
  activateSubscription,
  endOtherSubscriptions,
  endSubscription,
  findActiveSubscription,
  findLapsedCancelled,
  findSubscription,
  insertPendingSubscription,
  lockSubscription,
  markCancelAtPeriodEnd,
  setSubscriptionTier,
} from './subscriptions.repository.ts';

export { forgetSubscriptions } from './subscriptions.repository.ts';

/** The metadata key naming the plan subscription a gateway payment is for. */
export const SUBSCRIPTION_METADATA_KEY = 'subscription_id';
const SUBSCRIPTION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
 * provider) paid plans are still refused with a code the client explains.
 */
export async function choosePlan(
  db: Kysely<Database>,
  user: { id: string; user_type: UserType },
  input: { plan: string; audience?: PlanAudience },
  payments?: PaymentProvider,
  publicUrl?: string,
) {
  if (user.user_type === 'admin') throw new AppError('PLAN_NOT_AVAILABLE');
  const audience: PlanAudience = user.user_type;
  if (input.audience && input.audience !== audience) throw new AppError('PLAN_NOT_AVAILABLE', { audience });
  const plan = findPlan(audience, input.plan);
  if (!plan) throw new AppError('PLAN_NOT_AVAILABLE', { audience });
  if (plan.monthlyPrice > 0) {
    const gateway = payments?.browser;
    if (!gateway || !publicUrl) throw new AppError('PAYMENT_INTEGRATION_NEEDED', { plan: plan.id });
    const pending = await insertPendingSubscription(db, {
      userId: user.id,
      plan: plan.id,
      amountCents: Math.round(plan.monthlyPrice * 100),
      currency: 'SAR',
    });
    return {
      status: 'payment_required' as const,
      subscription_id: pending.id,
      payment: {
        amount: pending.amount_cents,
        currency: pending.currency,
        description: `Tahaleel ${audience} plan ${plan.id} (monthly)`,
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

/** Whether a payment fetched from the gateway is for a plan subscription. */
export function isSubscriptionPayment(payment: MoyasarPayment): boolean {
  return typeof payment.metadata?.[SUBSCRIPTION_METADATA_KEY] === 'string';
}

export type SubscriptionOutcome = 'paid' | 'pending' | 'failed' | 'unknown';

/**
 * Activates (or not) the subscription a payment fetched from the gateway names. Activated once, under
 * the subscription's row lock: the callback and the webhook at once find it active by this payment.
 */
export async function confirmSubscriptionPayment(
  db: Kysely<Database>,
  payment: MoyasarPayment,
  log?: Logger,
  now = new Date(),
): Promise<SubscriptionOutcome> {
  const named = payment.metadata?.[SUBSCRIPTION_METADATA_KEY];
  const subscription = typeof named === 'string' && SUBSCRIPTION_ID.test(named) ? await findSubscription(db, named) : undefined;
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
  return db.transaction().execute(async (tx) => {
    const locked = await lockSubscription(tx, subscription.id);
    if (!locked) return 'unknown';
    if (locked.payment_reference === payment.id) return 'paid';
    // Already bought by another payment: this one activates nothing.
    if (locked.payment_reference || locked.status !== 'pending') {
      log?.warn({ payment: payment.id, subscription: locked.id }, 'a second payment for a plan subscription');
      return 'paid';
    }
    const token = typeof payment.source?.token === 'string' ? payment.source.token : null;
    await activateSubscription(tx, locked.id, { paymentReference: payment.id, gatewayToken: token, periodEnd: oneMonthAfter(now) });
    await endOtherSubscriptions(tx, locked.user_id, locked.id);
    await setSubscriptionTier(tx, locked.user_id, locked.plan as PlanId);
    const buyer = await tx.selectFrom('user_profiles').select('name').where('id', '=', locked.user_id).executeTakeFirst();
    await issuePlanInvoice(tx, locked, buyer?.name ?? null, now);
    return 'paid';
  });
}

/** The caller's paid plan, if any: what it is, until when, and whether it ends then. */
export async function currentSubscription(db: Kysely<Database>, user: { id: string; user_type: UserType }, now = new Date()) {
  await endLapsedSubscriptions(db, now);
  const active = await findActiveSubscription(db, user.id);
  if (!active) return null;
  return { plan: active.plan, period_end: active.period_end, cancel_at_period_end: active.cancel_at_period_end };
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
  for (const lapsed of await findLapsedCancelled(db, now)) {
    await db.transaction().execute(async (tx) => {
      await endSubscription(tx, lapsed.id);
      const profile = await tx.selectFrom('user_profiles').select('user_type').where('id', '=', lapsed.user_id).executeTakeFirst();
      if (profile && profile.user_type !== 'admin') await setSubscriptionTier(tx, lapsed.user_id, freePlanOf(profile.user_type));
    });
  }
}
