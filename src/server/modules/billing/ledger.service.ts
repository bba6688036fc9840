import type { Transaction } from 'kysely';
import { priceCheckout } from '../../../shared/checkout-pricing.ts';
import { currentPlan } from '../../../shared/plans.ts';
import type { Database } from '../../db/schema.ts';
import { findBookingLedgerEntry, insertLedgerEntry } from './billing.repository.ts';
import type { CheckoutPriced, PaidBooking } from './billing.service.ts';

/** VAT inside a VAT-inclusive amount (15%): amount × 15/115, rounded to the halala. */
const vatInside = (halalas: number) => Math.round((halalas * 15) / 115);

type PromoPayer = 'platform' | 'lab';

/**
 * A ledger row's amounts from its parts: what the customer paid for the booking, the platform's VAT
 * (inside the commission and the booking fee, less the discounts it bears) and what the lab is owed. A
 * promo code's share (`promo`) is borne by whom the code says (ADR 0092): the platform, as the plan's
 * discount, or the lab, whose amount owed it comes off. The insurer's share (`insurer`, ADR 0099) is not
 * paid to Tahaleel: the lab claims it from the insurer, so it comes off what the customer paid and what the
 * lab is owed, and the commission (on the whole price) and the platform's VAT are unchanged.
 */
function ledgerAmounts(parts: {
  price: number;
  discount: number;
  fee: number;
  home: number;
  commission: number;
  promo: number;
  promoPaidBy: PromoPayer | null;
  insurer: number;
}) {
  const { price, discount, fee, home, commission, promo, promoPaidBy, insurer } = parts;
  const labBears = promoPaidBy === 'lab' ? promo : 0;
  return {
    price_halalas: price,
    discount_halalas: discount,
    booking_fee_halalas: fee,
    home_visit_halalas: home,
    paid_halalas: price - discount - promo - insurer + fee + home,
    commission_halalas: commission,
    platform_vat_halalas: vatInside(commission + fee - discount - (promo - labBears)),
    lab_owed_halalas: price - commission + home - labBears - insurer,
    promo_discount_halalas: promo,
    promo_paid_by: promo !== 0 ? promoPaidBy : null,
    insurer_share_halalas: insurer,
  };
}

/**
 * The ledger's row for each booking of a checkout just paid (ADR 0041), as the JSON rows that the
 * statement confirming its payment writes (confirm_paid_checkout): the commission at the lab's plan of
 * this moment, so a later change of plan leaves it. The lab is owed the test's price less the
 * commission, plus the home visit's fee, less a promo code's share when the code says the lab bears it and
 * less the insurer's share, which the lab claims from the insurer;
 * the platform keeps the commission and the booking fee, and bears the customer plan's discount.
 */
export function checkoutLedgerJson(priced: CheckoutPriced, bookings: PaidBooking[], paidAt: Date): string {
  const pricedByPlan = priced.fee_halalas > 0 || priced.discount_halalas > 0;
  return JSON.stringify(
    bookings.map((booking) => {
      const plan = currentPlan('lab', booking.offering.lab_plan);
      const price = booking.price_halalas;
      const share = pricedByPlan ? priceCheckout(priced.plan, [price]).items[0] : undefined;
      const discount = share?.discount_halalas ?? 0;
      const fee = share?.fee_halalas ?? 0;
      const commission = Math.round((price * plan.feePercent) / 100);
      const home = booking.home_collection_fee_halalas ?? 0;
      const promo = booking.promo_discount_halalas ?? 0;
      const promoPaidBy = priced.promo?.paid_by ?? null;
      const insurer = booking.insurer_share_halalas ?? 0;
      return {
        lab_id: booking.offering.lab_id,
        booking_id: booking.booking_id,
        kind: 'booking',
        recorded_at: paidAt,
        lab_plan: plan.id,
        commission_percent: plan.feePercent,
        ...ledgerAmounts({ price, discount, fee, home, commission, promo, promoPaidBy, insurer }),
      };
    }),
  );
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
  const entry = await findBookingLedgerEntry(tx, bookingId);
  if (!entry) return;
  const share = options.share ?? 1;
  const back = (halalas: number) => -Math.round(halalas * share);
  const price = back(entry.price_halalas);
  const discount = back(entry.discount_halalas);
  const fee = back(entry.booking_fee_halalas);
  const commission = back(entry.commission_halalas);
  const home = back(options.homeVisitBack);
  const promo = back(entry.promo_discount_halalas);
  const insurer = back(entry.insurer_share_halalas);
  await insertLedgerEntry(tx, {
    lab_id: entry.lab_id,
    booking_id: bookingId,
    kind: 'reversal',
    recorded_at: at,
    lab_plan: entry.lab_plan,
    commission_percent: entry.commission_percent,
    ...ledgerAmounts({ price, discount, fee, home, commission, promo, promoPaidBy: entry.promo_paid_by, insurer }),
  });
}

/**
 * A missed service guarantee (issue #79 item 6, ADR 0093): the credit the customer received is charged
 * to the lab, as a ledger row of its own for the booking that owes nothing else and takes the credit
 * from what the lab is owed. Once per booking (the ledger's unique booking and kind).
 */
export async function chargeGuarantee(tx: Transaction<Database>, charge: { labId: string; bookingId: string; halalas: number; at: Date }) {
  const entry = await findBookingLedgerEntry(tx, charge.bookingId);
  await insertLedgerEntry(tx, {
    lab_id: charge.labId,
    booking_id: charge.bookingId,
    kind: 'guarantee',
    recorded_at: charge.at,
    lab_plan: entry?.lab_plan ?? 'basic',
    commission_percent: entry?.commission_percent ?? 0,
    ...ledgerAmounts({ price: 0, discount: 0, fee: 0, home: 0, commission: 0, promo: 0, promoPaidBy: null, insurer: 0 }),
    lab_owed_halalas: -charge.halalas,
  });
}
