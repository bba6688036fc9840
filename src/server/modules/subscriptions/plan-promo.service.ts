import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../../shared/errors.ts';
import type { UserType } from '../../../shared/locale.ts';
import { halalasToSar } from '../../../shared/money.ts';
import { findPlan, type PlanAudience } from '../../../shared/plans.ts';
import type { Database } from '../../db/schema.ts';
import { pricePromo, reservePromoUse } from '../promo/promo.service.ts';

// A promo code on a plan (issue #79 item 4, ADR 0092 amended): a code for all or for plans discounts the
// subscription's first charge, its first month; renewals charge the plan's full price. What is charged
// stays at least 1 riyal (PLAN_MIN_CHARGE_CENTS): the first payment is also what saves the card the
// renewals charge. The use is reserved with the pending subscription, under the code's lock, and counts
// while it is being paid (PLAN_PROMO_HOLD_MINUTES) or once it is paid.

const PLAN_MIN_CHARGE_CENTS = 100;
const PLAN_PROMO_HOLD_MINUTES = 30;

/** A code given when choosing a plan, and the client's address its guesses count against. */
export interface PlanPromoAsked {
  code: string;
  address: string;
}

export interface PlanPromo {
  id: string;
  code: string;
  /** What the first month costs before the code, and what the code takes off it (halalas). */
  priceCents: number;
  discountCents: number;
}

/** The plan's first month priced by a code, or PROMO_REFUSED saying why. */
export async function planPromo(
  db: Kysely<Database>,
  user: { id: string },
  priceCents: number,
  asked: PlanPromoAsked,
  now: Date,
): Promise<PlanPromo> {
  const applied = await pricePromo(
    db,
    { customerId: user.id, address: asked.address },
    asked.code,
    { kind: 'plans', amounts: [priceCents] },
    now,
  );
  const discountCents = Math.min(applied.shares[0] ?? 0, priceCents - PLAN_MIN_CHARGE_CENTS);
  return { id: applied.id, code: applied.code, priceCents, discountCents };
}

/** Reserves the pending subscription's use of its code in the caller's transaction (PROMO_REFUSED when it went meanwhile). */
export function reservePlanPromo(tx: Transaction<Database>, subscriptionId: string, userId: string, promo: PlanPromo, now: Date) {
  return reservePromoUse(tx, {
    customerId: userId,
    promoId: promo.id,
    discount: promo.discountCents,
    now,
    heldUntil: new Date(now.getTime() + PLAN_PROMO_HOLD_MINUTES * 60_000),
    order: { subscriptionId },
  });
}

/** What a code takes off a plan's first month, before subscribing (SAR): the plans page's line. */
export async function quotePlanPromo(
  db: Kysely<Database>,
  user: { id: string; user_type: UserType },
  input: { plan: string; code: string },
  address: string,
  now = new Date(),
) {
  const plan = user.user_type === 'admin' ? undefined : findPlan(user.user_type as PlanAudience, input.plan);
  if (!plan || plan.monthlyPrice === 0) throw new AppError('PLAN_NOT_AVAILABLE');
  const promo = await planPromo(db, user, Math.round(plan.monthlyPrice * 100), { code: input.code, address }, now);
  return {
    code: promo.code,
    price: halalasToSar(promo.priceCents),
    discount: halalasToSar(promo.discountCents),
    firstMonth: halalasToSar(promo.priceCents - promo.discountCents),
  };
}
