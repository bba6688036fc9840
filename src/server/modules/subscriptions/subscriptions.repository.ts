import type { Kysely } from 'kysely';
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
  row: { userId: string; plan: PlanId; amountCents: number; currency: string },
) {
  return db
    .insertInto('plan_subscriptions')
    .values({ user_id: row.userId, plan: row.plan, amount_cents: row.amountCents, currency: row.currency })
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
