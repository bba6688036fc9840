import type { Kysely } from 'kysely';

// The card a plan renews with, as its owner recognises it (issue #21): the network (mada, visa, master)
// and the last four digits the gateway answers with the payment or the saved card, never more of the
// number. Shown beside "Change card"; null for plans bought before this and for the simulated provider.
// Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('plan_subscriptions').addColumn('card_brand', 'text').addColumn('card_last_four', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('plan_subscriptions').dropColumn('card_brand').dropColumn('card_last_four').execute();
}
