import { type Kysely, sql } from 'kysely';

// Fixed-window attempt counters for sign-in and sign-up, shared by every server instance.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('auth_rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('auth_rate_limits').execute();
}
