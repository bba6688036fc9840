import { type Kysely, sql } from 'kysely';

// The keys a lab's own laboratory information system sends results with (issue #53 item 3, ADR 0059).
// A key is 32 random bytes shown once; only its SHA-256 (hex) is kept, so the table never holds a key
// that works. `prefix` is the key's first characters, not secret, to tell keys apart in the list. A
// revoked key stays (revoked_at set), so its name and last use remain to be seen; its name may be used
// again. created_by is null for a key made on the command line (npm run lab:api-key).
// Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('lab_api_keys')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('lab_id', 'uuid', (c) => c.notNull().references('labs.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull().check(sql`length(btrim(name)) between 1 and 80 and name = btrim(name)`))
    .addColumn('prefix', 'text', (c) => c.notNull().check(sql`length(prefix) between 4 and 20`))
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique().check(sql`secret_hash ~ '^[0-9a-f]{64}$'`))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  // One name per lab among the keys that still work; the lab's list reads by lab.
  await sql`create unique index lab_api_keys_lab_id_name_key on lab_api_keys (lab_id, lower(name)) where revoked_at is null`.execute(db);
  await db.schema.createIndex('lab_api_keys_lab_id_idx').on('lab_api_keys').columns(['lab_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('lab_api_keys').execute();
}
