import { type Kysely, sql } from 'kysely';

// Store collections managed by the admin (issue #23, ADR 0038): their order in the store's filter is
// the admin's to set, so store_collections gains sort_order, the existing ones kept in the order they
// were made. Pictures already have theirs (store_product_images.sort_order). Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('store_collections')
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`
    update store_collections c set sort_order = ordered.position
    from (select id, (row_number() over (order by id))::int - 1 as position from store_collections) ordered
    where ordered.id = c.id
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('store_collections').dropColumn('sort_order').execute();
}
