import type { Transaction } from 'kysely';
import type { Database } from '../src/server/db/schema.ts';

type Count = (table: string, rows: number) => void;

/**
 * The demo's promo codes (issue #79 item 4, ADR 0092): 10% off a first order, and a fixed 50 SAR off any
 * package of at least 300 SAR, one use per customer, paid by the platform. A code already there is left
 * as it is, so a second run adds nothing.
 */
export async function seedPromoCodes(tx: Transaction<Database>, adminId: string, count: Count) {
  const rows = await tx
    .insertInto('promo_codes')
    .values([
      { code: 'WELCOME10', kind: 'percent', amount: 10, cap_halalas: 10_000, first_order_only: true, created_by: adminId },
      {
        code: 'RAMADAN',
        kind: 'fixed',
        amount: 5_000,
        applies_to: 'packages',
        min_basket_halalas: 30_000,
        created_by: adminId,
      },
    ])
    .onConflict((conflict) => conflict.column('code').doNothing())
    .returning('id')
    .execute();
  count('promo_codes', rows.length);
}
