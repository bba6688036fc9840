import { type Kysely, sql } from 'kysely';

// Plan renewals from the server (issue #21, ADR 0042's amendment). A renewal is a subscription row of its
// own (so its charge has its own invoice, as 0047's index has it) naming the row it continues
// (`renews_id`); at most one renewal of a period is under way or bought at a time, whichever instance
// opened it: the partial unique index is what keeps two instances from charging a period twice. A
// failed attempt is `ended` and counted on the row it was to continue (`renewal_failures`, the first at
// `renewal_failed_at`). Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('plan_subscriptions')
    .addColumn('renews_id', 'uuid', (c) => c.references('plan_subscriptions.id').onDelete('set null'))
    .addColumn('renewal_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('renewal_failed_at', 'timestamptz')
    .execute();
  await sql`create unique index plan_subscriptions_one_renewal on plan_subscriptions (renews_id) where status in ('pending', 'active')`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index plan_subscriptions_one_renewal`.execute(db);
  await db.schema
    .alterTable('plan_subscriptions')
    .dropColumn('renews_id')
    .dropColumn('renewal_failures')
    .dropColumn('renewal_failed_at')
    .execute();
}
