import { type Kysely, sql } from 'kysely';

// When a checkout's current attempt began: a pending checkout whose server stopped mid-payment can be
// taken over by the same request sent again, once no live attempt could still be running. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('checkouts')
    .addColumn('attempted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('checkouts').dropColumn('attempted_at').execute();
}
