import type { Transaction } from 'kysely';
import { priceCheckout } from '../../../shared/checkout-pricing.ts';
import { currentPlan } from '../../../shared/plans.ts';
import type { Database } from '../../db/schema.ts';

/** VAT inside a VAT-inclusive amount (15%): amount × 15/115, rounded to the halala. */
const vatInside = (halalas: number) => Math.round((halalas * 15) / 115);

/**
 * The ledger's row for each booking of a checkout just paid (ADR 0041), in the transaction that
 * confirms it: the commission at the lab's plan of this moment, so a later change of plan leaves it.
 * The lab is owed the test's price less the commission, plus the home visit's fee; the platform keeps
 * the commission and the booking fee, and bears the customer plan's discount.
 */
export async function recordCheckoutLedger(tx: Transaction<Database>, checkoutId: string, paidAt: Date) {
  const rows = await tx
    .selectFrom('bookings')
    .innerJoin('lab_tests', 'lab_tests.id', 'bookings.lab_test_id')
    .innerJoin('user_profiles', 'user_profiles.id', 'lab_tests.lab_id')
    .innerJoin('checkouts', 'checkouts.id', 'bookings.checkout_id')
    .select([
      'bookings.id',
      'lab_tests.lab_id',
      'bookings.total_price_halalas',
      'bookings.home_collection_fee_halalas',
      'user_profiles.subscription_tier',
      'checkouts.customer_plan',
      'checkouts.fee_halalas',
      'checkouts.discount_halalas',
    ])
    .where('bookings.checkout_id', '=', checkoutId)
    .execute();
  if (rows.length === 0) return;
  await tx
    .insertInto('lab_ledger_entries')
    .values(
      rows.map((row) => {
        const plan = currentPlan('lab', row.subscription_tier);
        const priced = row.fee_halalas > 0 || row.discount_halalas > 0;
        const share = priced ? priceCheckout(row.customer_plan, [row.total_price_halalas]).items[0] : undefined;
        const discount = share?.discount_halalas ?? 0;
        const fee = share?.fee_halalas ?? 0;
        const commission = Math.round((row.total_price_halalas * plan.feePercent) / 100);
        const home = row.home_collection_fee_halalas;
        return {
          lab_id: row.lab_id,
          booking_id: row.id,
          kind: 'booking',
          recorded_at: paidAt,
          lab_plan: plan.id,
          commission_percent: plan.feePercent,
          price_halalas: row.total_price_halalas,
          discount_halalas: discount,
          booking_fee_halalas: fee,
          home_visit_halalas: home,
          paid_halalas: row.total_price_halalas - discount + fee + home,
          commission_halalas: commission,
          platform_vat_halalas: vatInside(commission + fee - discount),
          lab_owed_halalas: row.total_price_halalas - commission + home,
        };
      }),
    )
    .execute();
}

/**
 * A refunded cancellation's reversing row: the booking's row negated in proportion to what went back
 * (`share`, 1 for the whole), except the home visit's fee, which goes back only with the booking that
 * carries it when cancelled (`homeVisitBack`). History is never updated.
 */
export async function reverseBookingLedger(
  tx: Transaction<Database>,
  bookingId: string,
  at: Date,
  options: { share?: number; homeVisitBack: number },
) {
  const entry = await tx
    .selectFrom('lab_ledger_entries')
    .selectAll()
    .where('booking_id', '=', bookingId)
    .where('kind', '=', 'booking')
    .executeTakeFirst();
  if (!entry) return;
  const share = options.share ?? 1;
  const back = (halalas: number) => -Math.round(halalas * share);
  const price = back(entry.price_halalas);
  const discount = back(entry.discount_halalas);
  const fee = back(entry.booking_fee_halalas);
  const commission = back(entry.commission_halalas);
  const home = back(options.homeVisitBack);
  await tx
    .insertInto('lab_ledger_entries')
    .values({
      lab_id: entry.lab_id,
      booking_id: bookingId,
      kind: 'reversal',
      recorded_at: at,
      lab_plan: entry.lab_plan,
      commission_percent: entry.commission_percent,
      price_halalas: price,
      discount_halalas: discount,
      booking_fee_halalas: fee,
      home_visit_halalas: home,
      paid_halalas: price - discount + fee + home,
      commission_halalas: commission,
      platform_vat_halalas: vatInside(commission + fee - discount),
      lab_owed_halalas: price - commission + home,
    })
    .onConflict((oc) => oc.columns(['booking_id', 'kind']).doNothing())
    .execute();
}
