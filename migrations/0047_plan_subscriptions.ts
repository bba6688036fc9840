import { type Kysely, sql } from 'kysely';

// Paid plans bought at Moyasar (issue #21, ADR 0042). One row a purchase of a plan: pending until the
// gateway says it was paid for exactly its amount, then active until `period_end`; cancelled ones stay
// active until then. The gateway's card token (never card data) is kept for the monthly renewal.
// Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('plan_subscriptions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'active', 'ended')`))
    .addColumn('payment_reference', 'text', (c) => c.unique())
    .addColumn('gateway_token', 'text')
    .addColumn('period_end', 'timestamptz')
    .addColumn('cancel_at_period_end', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('plan_subscriptions_user_idx').on('plan_subscriptions').column('user_id').execute();
  // Every charge of a plan gets its simplified tax invoice, one a paid subscription period.
  await db.schema
    .alterTable('invoices')
    .addColumn('plan_subscription_id', 'uuid', (c) => c.references('plan_subscriptions.id').onDelete('set null'))
    .execute();
  await sql`create unique index invoices_one_per_plan_subscription on invoices (plan_subscription_id) where kind = 'invoice'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('invoices').dropColumn('plan_subscription_id').execute();
  await db.schema.dropTable('plan_subscriptions').execute();
}
