// Monthly renewals from the server (issue #21, ADR 0042's amendment). A paid plan whose period is over,
// and which was not cancelled, is charged again: with Moyasar, the card the gateway saved (its token,
// `source.type: "token"`), the renewal's own id as the payment's `given_id`; with the simulated provider,
// a simulated charge. The renewal is a pending subscription row naming the row it continues, opened
// under that row's lock (SKIP LOCKED, so instances share the due rows out) and guarded by a unique
// index, so two instances never charge one period twice. Paid: activated as a purchase is (its invoice
// included). Not paid: the attempt ends and is counted on the row it was to continue.
import type { Kysely } from 'kysely';
import { halalasToSar } from '../../../shared/money.ts';
import type { Database } from '../../db/schema.ts';
import type { Logger } from '../../platform/logger.ts';
import type { PaymentProvider } from '../../platform/payment-provider.ts';
import { startRounds } from '../../platform/rounds.ts';
import { enqueueMail, recipientOf } from '../mail/mail.service.ts';
import {
  countRenewalFailure,
  endPendingRenewal,
  findAccount,
  findRenewalsPendingSince,
  findUnpaidSince,
  insertRenewal,
  lockDueForRenewal,
  lockSubscription,
} from './subscriptions.repository.ts';
import {
  activatePaidSubscription,
  confirmSubscriptionPayment,
  endingUnpaidMailKey,
  endLapsedSubscriptions,
  endSubscriptionToFreePlan,
  graceUntilOf,
  planPageOf,
  SUBSCRIPTION_METADATA_KEY,
} from './subscriptions.service.ts';

const DAY_MS = 24 * 60 * 60_000;
/** A declined renewal is tried again after this long, during the grace period. */
const RETRY_AFTER_MS = DAY_MS;
/** Due rows taken a round. */
const BATCH = 20;
/** A renewal still pending after this long was interrupted (the server stopped mid-charge): it is settled. */
export const INTERRUPTED_RENEWAL_MS = 10 * 60_000;

type Renewal = {
  id: string;
  renews_id: string;
  user_id: string;
  plan: string;
  amount_cents: number;
  currency: string;
  gateway_token: string | null;
};

/** Opens a pending renewal for each due, uncancelled, not yet renewing plan; each due row taken by one instance. */
async function openDueRenewals(db: Kysely<Database>, now: Date): Promise<Renewal[]> {
  return db.transaction().execute(async (tx) => {
    // After a declined attempt, the next one a day later.
    const due = await lockDueForRenewal(tx, now, new Date(now.getTime() - RETRY_AFTER_MS), BATCH);
    const opened: Renewal[] = [];
    for (const row of due) {
      const renewal = await insertRenewal(tx, row);
      if (renewal) opened.push({ ...row, id: renewal.id, renews_id: row.id });
    }
    return opened;
  });
}

/**
 * A renewal that was not paid: it ends, and the row it was to continue counts the failure. At the first
 * failure of a period the grace period starts: a mail says so now, another the day before it ends
 * (withdrawn if a retry is paid meanwhile).
 */
async function failRenewal(db: Kysely<Database>, renewal: { id: string; renews_id: string }, now: Date, graceDays: number) {
  await db.transaction().execute(async (tx) => {
    const ended = await endPendingRenewal(tx, renewal.id, now);
    if (!ended) return;
    const renewed = await countRenewalFailure(tx, renewal.renews_id, now);
    if (renewed?.renewal_failures !== 1) return;
    const to = await recipientOf(tx, renewed.user_id);
    const profile = await findAccount(tx, renewed.user_id);
    if (!to) return;
    // The date the account is told is the one the admin's failing renewals show.
    const graceUntil = graceUntilOf(renewed.renewal_failed_at ?? now, graceDays);
    const data = { name: to.name, plan: renewed.plan, graceUntil: graceUntil.toISOString(), link: planPageOf(profile?.user_type) };
    const base = { to: to.email, locale: to.locale, userId: renewed.user_id };
    await enqueueMail(tx, {
      ...base,
      message: { template: 'plan-renewal-failed', data: { ...data, amount: halalasToSar(renewed.amount_cents) } },
      dedupeKey: `plan-renewal-failed:${renewal.renews_id}`,
    });
    await enqueueMail(tx, {
      ...base,
      message: { template: 'plan-ending-unpaid', data },
      dedupeKey: endingUnpaidMailKey(renewal.renews_id),
      sendAfter: new Date(Math.max(now.getTime(), graceUntil.getTime() - DAY_MS)),
    });
  });
}

/**
 * Plans whose renewal is still unpaid when the grace period is over: ended, and their users on the
 * free plan.
 */
async function endUnpaidSubscriptions(db: Kysely<Database>, now: Date, graceDays: number) {
  const unpaid = await findUnpaidSince(db, new Date(now.getTime() - graceDays * DAY_MS));
  for (const row of unpaid) await endSubscriptionToFreePlan(db, row);
}

/** Charges one opened renewal and settles it. */
async function chargeRenewal(
  db: Kysely<Database>,
  payments: PaymentProvider,
  renewal: Renewal,
  now: Date,
  graceDays: number,
  log?: Logger,
) {
  const description = `Tahaleel plan ${renewal.plan} (monthly renewal)`;
  const gateway = payments.browser;
  if (gateway) {
    if (!renewal.gateway_token) return failRenewal(db, renewal, now, graceDays);
    const payment = await gateway.chargeToken({
      givenId: renewal.id,
      token: renewal.gateway_token,
      amount: renewal.amount_cents,
      currency: renewal.currency,
      description,
      metadata: { [SUBSCRIPTION_METADATA_KEY]: renewal.id },
    });
    const outcome = await confirmSubscriptionPayment(db, payments, payment, log, now);
    if (outcome !== 'paid' && outcome !== 'pending') await failRenewal(db, renewal, now, graceDays);
    return;
  }
  try {
    const charged = await payments.charge({ amount: renewal.amount_cents, currency: renewal.currency, reference: renewal.id, description });
    await db.transaction().execute(async (tx) => {
      const locked = await lockSubscription(tx, renewal.id);
      if (locked?.status === 'pending')
        await activatePaidSubscription(tx, locked, { paymentReference: charged.reference, gatewayToken: null }, now);
    });
  } catch (error) {
    log?.warn({ err: error, subscription: renewal.id }, 'a plan renewal was declined');
    await failRenewal(db, renewal, now, graceDays);
  }
}

/**
 * Renewals left pending by a server that stopped mid-charge: the gateway is asked for the payment by its
 * given id (the renewal's id); paid, it is activated; failed or never made, the attempt ends (the next
 * round opens another while the plan is still due).
 */
async function settleInterruptedRenewals(db: Kysely<Database>, payments: PaymentProvider, now: Date, graceDays: number, log?: Logger) {
  const stale = await findRenewalsPendingSince(db, new Date(now.getTime() - INTERRUPTED_RENEWAL_MS));
  for (const renewal of stale) {
    const payment = await payments.browser?.fetchPayment(renewal.id);
    const outcome = payment ? await confirmSubscriptionPayment(db, payments, payment, log, now) : 'failed';
    if (outcome !== 'paid' && outcome !== 'pending') await failRenewal(db, renewal, now, graceDays);
  }
}

/**
 * One round: settle interrupted renewals, renew what is due, end what was cancelled and is over, and
 * put on the free plan those whose renewal is unpaid after `graceDays` (PLAN_RENEWAL_GRACE_DAYS).
 */
export async function renewPlans(db: Kysely<Database>, payments: PaymentProvider, graceDays: number, now = new Date(), log?: Logger) {
  await settleInterruptedRenewals(db, payments, now, graceDays, log);
  for (const renewal of await openDueRenewals(db, now)) {
    try {
      await chargeRenewal(db, payments, renewal, now, graceDays, log);
    } catch (error) {
      // The gateway did not answer: the renewal stays pending and is settled once it is stale.
      log?.error({ err: error, subscription: renewal.id }, 'a plan renewal could not be charged');
    }
  }
  await endLapsedSubscriptions(db, now);
  await endUnpaidSubscriptions(db, now, graceDays);
}

/** Runs `renewPlans` in this server process every `everyMs` (each instance; the rows are shared out). */
export function startPlanRenewals(
  deps: { db: Kysely<Database>; payments: PaymentProvider; graceDays: number; log: Logger },
  everyMs = 5 * 60_000,
) {
  return startRounds(
    () => renewPlans(deps.db, deps.payments, deps.graceDays, new Date(), deps.log),
    everyMs,
    (error) => deps.log.error({ err: error }, 'plan renewals failed'),
  );
}
