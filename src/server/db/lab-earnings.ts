import { type RawBuilder, sql } from 'kysely';

// What a lab earns, defined once (issue #77 item 6, ADR 0083): the ledger's `lab_owed_halalas` (ADR 0041) of the
// bookings no longer waiting for the lab. The payments page's figures and the account's Earned (payouts, ADR
// 0043) both read these, so they are one figure, to the halala. Below the modules: lab and payouts use it.

/**
 * A booking the lab has earned from: done, missed (a no-show is not refunded), or cancelled with something not
 * refunded (a home visit's fee its visit kept). Still confirmed, it is awaiting completion.
 */
export function earnedFrom(status: RawBuilder<unknown>): RawBuilder<boolean> {
  return sql<boolean>`${status} <> 'confirmed'`;
}

type LedgerAmount = 'price_halalas' | 'commission_halalas' | 'home_visit_halalas' | 'lab_owed_halalas';

/**
 * The ledger's sum of one amount over a booking's rows (its row and any reversal); 0 for a booking the ledger
 * has no row of, which was never paid through Tahaleel. Each row holds lab_owed = price − commission + home
 * visit fee, so the sums hold it too.
 */
export function ledgerSum(bookingId: RawBuilder<unknown>, amount: LedgerAmount): RawBuilder<string> {
  return sql<string>`coalesce((select sum(${sql.ref(`lab_ledger_entries.${amount}`)}) from lab_ledger_entries
                                where lab_ledger_entries.booking_id = ${bookingId}), 0)`;
}

/** The ledger's sum of the promo code discount a booking's lab bore (ADR 0092): it is already off lab_owed. */
export function labPaidPromoSum(bookingId: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`coalesce((select sum(lab_ledger_entries.promo_discount_halalas) from lab_ledger_entries
                                where lab_ledger_entries.booking_id = ${bookingId}
                                  and lab_ledger_entries.promo_paid_by = 'lab'), 0)`;
}
