import { type Kysely, sql, type Transaction } from 'kysely';
import type { PlanId } from '../../../shared/plans.ts';
import type { Database } from '../../db/schema.ts';

/** The card a plan renews with, as its owner recognises it: the network and the last four digits, never more. */
export interface CardShown {
  brand: string | null;
  lastFour: string;
}

export async function setSubscriptionTier(db: Kysely<Database>, userId: string, tier: PlanId) {
  await db.updateTable('user_profiles').set({ subscription_tier: tier, updated_at: new Date() }).where('id', '=', userId).execute();
}

export async function insertPendingSubscription(
  db: Kysely<Database>,
  row: { userId: string; plan: PlanId; amountCents: number; currency: string; promo?: { id: string; discountCents: number } | null },
) {
  return db
    .insertInto('plan_subscriptions')
    .values({
      user_id: row.userId,
      plan: row.plan,
      amount_cents: row.amountCents,
      currency: row.currency,
      promo_code_id: row.promo?.id ?? null,
      promo_discount_cents: row.promo?.discountCents ?? 0,
    })
    .returning(['id', 'amount_cents', 'currency', 'plan'])
    .executeTakeFirstOrThrow();
}

export function findSubscription(db: Kysely<Database>, id: string) {
  return db.selectFrom('plan_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findActiveSubscription(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('plan_subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .orderBy('period_end', 'desc')
    .executeTakeFirst();
}

export function lockSubscription(db: Kysely<Database>, id: string) {
  return db.selectFrom('plan_subscriptions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function activateSubscription(
  db: Kysely<Database>,
  id: string,
  values: { paymentReference: string; gatewayToken: string | null; card: CardShown | null; periodEnd: Date },
) {
  await db
    .updateTable('plan_subscriptions')
    .set({
      status: 'active',
      payment_reference: values.paymentReference,
      gateway_token: values.gatewayToken,
      card_brand: values.card?.brand ?? null,
      card_last_four: values.card?.lastFour ?? null,
      period_end: values.periodEnd,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

/** Ends the user's other active subscriptions (a new plan replaces the old at once); answers their ids. */
export async function endOtherSubscriptions(db: Kysely<Database>, userId: string, keepId: string): Promise<string[]> {
  const ended = await db
    .updateTable('plan_subscriptions')
    .set({ status: 'ended', updated_at: new Date() })
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .where('id', '!=', keepId)
    .returning('id')
    .execute();
  return ended.map((row) => row.id);
}

/**
 * Ends the user's first purchases still waiting for their payment (a plan chosen again, with or without a
 * code, starts a new one): a payment of one of them that arrives later buys nothing and goes back.
 */
export async function endUnpaidFirstPurchases(db: Kysely<Database>, userId: string): Promise<void> {
  await db
    .updateTable('plan_subscriptions')
    .set({ status: 'ended', updated_at: new Date() })
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .where('renews_id', 'is', null)
    .where('payment_reference', 'is', null)
    .execute();
}

export async function markCancelAtPeriodEnd(db: Kysely<Database>, id: string) {
  await db.updateTable('plan_subscriptions').set({ cancel_at_period_end: true, updated_at: new Date() }).where('id', '=', id).execute();
}

/** Cancelled subscriptions whose period is over: ended, and their users back on the free plan. */
export function findLapsedCancelled(db: Kysely<Database>, now: Date) {
  return db
    .selectFrom('plan_subscriptions')
    .select(['id', 'user_id'])
    .where('status', '=', 'active')
    .where('cancel_at_period_end', '=', true)
    .where('period_end', '<=', now)
    .execute();
}

export async function endSubscription(db: Kysely<Database>, id: string) {
  await db.updateTable('plan_subscriptions').set({ status: 'ended', updated_at: new Date() }).where('id', '=', id).execute();
}

/** The card a plan renews with, replaced (its gateway token and how it is shown); answers the token it had. */
export async function replaceSubscriptionCard(db: Kysely<Database>, id: string, gatewayToken: string, card: CardShown) {
  return db.transaction().execute(async (tx) => {
    const locked = await lockSubscription(tx, id);
    await tx
      .updateTable('plan_subscriptions')
      .set({ gateway_token: gatewayToken, card_brand: card.brand, card_last_four: card.lastFour, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
    return locked?.gateway_token ?? null;
  });
}

/** Whether any subscription still charges, or is charging, this saved card. */
export async function cardTokenInUse(db: Kysely<Database>, gatewayToken: string): Promise<boolean> {
  const row = await db
    .selectFrom('plan_subscriptions')
    .select('id')
    .where('gateway_token', '=', gatewayToken)
    .where('status', 'in', ['pending', 'active'])
    .executeTakeFirst();
  return row !== undefined;
}

/** A deleted account's subscriptions: ended, and the cards saved for them forgotten; answers the gateway tokens they had. */
export async function forgetSubscriptions(db: Kysely<Database>, userId: string): Promise<string[]> {
  const saved = await db
    .selectFrom('plan_subscriptions')
    .select('gateway_token')
    .where('user_id', '=', userId)
    .where('gateway_token', 'is not', null)
    .execute();
  await db
    .updateTable('plan_subscriptions')
    .set({ status: 'ended', gateway_token: null, card_brand: null, card_last_four: null, updated_at: new Date() })
    .where('user_id', '=', userId)
    .execute();
  return [...new Set(saved.flatMap((row) => (row.gateway_token ? [row.gateway_token] : [])))];
}

/** What the account is (customer, lab, admin) and its name: which free plan and plan page are its own, and the name on its invoice. */
export function findAccount(db: Kysely<Database>, userId: string) {
  return db.selectFrom('user_profiles').select(['user_type', 'name']).where('id', '=', userId).executeTakeFirst();
}

/**
 * The account's subscription tier as stored (every profile starts as 'basic'); with `lock`, its profile
 * row is locked for the caller's transaction. An account that does not exist reads as 'basic'.
 */
export async function findSubscriptionTier(db: Kysely<Database>, userId: string, options: { lock?: boolean } = {}): Promise<string> {
  const query = db.selectFrom('user_profiles').select('subscription_tier').where('id', '=', userId);
  const row = await (options.lock ? query.forUpdate() : query).executeTakeFirst();
  return row?.subscription_tier ?? 'basic';
}

/** The type of the account a subscription belongs to. */
export function findSubscriberType(db: Kysely<Database>, subscriptionId: string) {
  return db
    .selectFrom('plan_subscriptions')
    .innerJoin('user_profiles', 'user_profiles.id', 'plan_subscriptions.user_id')
    .select('user_profiles.user_type')
    .where('plan_subscriptions.id', '=', subscriptionId)
    .executeTakeFirst();
}

/** The pending renewal of this subscription being charged now, if any. */
export function findPendingRenewalOf(db: Kysely<Database>, subscriptionId: string) {
  return db
    .selectFrom('plan_subscriptions')
    .select('id')
    .where('renews_id', '=', subscriptionId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

/**
 * Active, uncancelled plans whose period is over (`dueBy`), not yet renewing, and not declined since
 * `retriedBefore`, the earliest first, at most `limit`; their rows locked, those another instance holds skipped.
 */
export function lockDueForRenewal(tx: Transaction<Database>, dueBy: Date, retriedBefore: Date, limit: number) {
  return (
    tx
      .selectFrom('plan_subscriptions as s')
      // A renewal charges the plan's full price: a promo code discounted the first month alone (ADR 0092).
      .select([
        's.id',
        's.user_id',
        's.plan',
        sql<number>`s.amount_cents + s.promo_discount_cents`.as('amount_cents'),
        's.currency',
        's.gateway_token',
      ])
      .where('s.status', '=', 'active')
      .where('s.cancel_at_period_end', '=', false)
      .where('s.period_end', '<=', dueBy)
      .where((eb) => eb.or([eb('s.renewal_failures', '=', 0), eb('s.updated_at', '<=', retriedBefore)]))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('plan_subscriptions as r')
              .select('r.id')
              .whereRef('r.renews_id', '=', 's.id')
              .where('r.status', 'in', ['pending', 'active']),
          ),
        ),
      )
      .orderBy('s.period_end')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute()
  );
}

/** A pending renewal of a subscription; undefined when one is already pending or active for it (the unique index). */
export function insertRenewal(
  tx: Transaction<Database>,
  row: { id: string; user_id: string; plan: string; amount_cents: number; currency: string },
) {
  return tx
    .insertInto('plan_subscriptions')
    .values({ user_id: row.user_id, plan: row.plan, amount_cents: row.amount_cents, currency: row.currency, renews_id: row.id })
    .onConflict((conflict) => conflict.column('renews_id').where('status', 'in', ['pending', 'active']).doNothing())
    .returning('id')
    .executeTakeFirst();
}

/** Ends a renewal still pending; undefined when it was not pending any more. */
export function endPendingRenewal(tx: Transaction<Database>, id: string, now: Date) {
  return tx
    .updateTable('plan_subscriptions')
    .set({ status: 'ended', updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returning('id')
    .executeTakeFirst();
}

/** One more declined renewal counted on the subscription it was to continue; the first one's time kept. */
export function countRenewalFailure(tx: Transaction<Database>, id: string, now: Date) {
  return tx
    .updateTable('plan_subscriptions')
    .set({
      renewal_failures: sql`renewal_failures + 1`,
      renewal_failed_at: sql`coalesce(renewal_failed_at, ${now})`,
      updated_at: now,
    })
    .where('id', '=', id)
    .returning([
      'user_id',
      'plan',
      sql<number>`amount_cents + promo_discount_cents`.as('amount_cents'),
      'renewal_failures',
      'renewal_failed_at',
    ])
    .executeTakeFirst();
}

/** Active plans whose renewal was first declined at or before `failedBy`. */
export function findUnpaidSince(db: Kysely<Database>, failedBy: Date) {
  return db
    .selectFrom('plan_subscriptions')
    .select(['id', 'user_id'])
    .where('status', '=', 'active')
    .where('renewal_failed_at', '<=', failedBy)
    .execute();
}

/** Renewals opened before `openedBefore` and still pending. */
export async function findRenewalsPendingSince(db: Kysely<Database>, openedBefore: Date) {
  const rows = await db
    .selectFrom('plan_subscriptions')
    .select(['id', 'renews_id'])
    .where('status', '=', 'pending')
    .where('renews_id', 'is not', null)
    .where('created_at', '<', openedBefore)
    .execute();
  return rows.map((row) => ({ id: row.id, renews_id: row.renews_id! }));
}
