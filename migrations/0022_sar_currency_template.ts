import type { Kysely } from 'kysely';

// Riyal amounts in one shape (issue #27, item 12): the built-in store's SAR template gave '149.00 SAR'
// while bookings gave 'SAR 149.00'. Both now write what formatSar (src/shared/money.ts) writes, with a
// no-break space; a currency an operator has changed since the seed is left as it is. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .updateTable('store_currencies')
    .set({ template: 'SAR\u00a0$1', template_ar: '$1\u00a0ر.س' })
    .where('code', '=', 'SAR')
    .where('template', '=', '$1 SAR')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db
    .updateTable('store_currencies')
    .set({ template: '$1 SAR', template_ar: '$1 ر.س' })
    .where('code', '=', 'SAR')
    .where('template', '=', 'SAR\u00a0$1')
    .execute();
}
