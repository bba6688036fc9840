import { type Kysely, sql } from 'kysely';

// Arabic price template per currency, and the simulated payment's record on a paid store order.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('store_currencies')
    // Null means the Arabic page uses `template` as it is.
    .addColumn('template_ar', 'text')
    .execute();
  await db.updateTable('store_currencies').set({ template_ar: sql`'$1 ' || symbol` }).where('code', '=', 'SAR').execute();

  await db.schema.alterTable('store_orders').addColumn('payment_reference', 'text').addColumn('card_last4', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('store_orders').dropColumn('payment_reference').dropColumn('card_last4').execute();
  await db.schema.alterTable('store_currencies').dropColumn('template_ar').execute();
}
