import { type Kysely, sql } from 'kysely';

// Result files sealed before they reach the blob store (issue #26, docs/decisions/0021): AES-256-GCM
// with a data key of the file's own, wrapped (AES-KW) by the master key named by key_id.
// - seal_version: the sealing format (1); null for a file stored in the clear before sealing existed,
//   which stays readable as it is (checked against its sha256 before it is served);
// - key_id: which master key wraps the data key (a short hash of that key), so keys can rotate;
// - wrapped_key: the data key wrapped by that master key (40 bytes); iv: the file's 96-bit nonce.
// Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('result_files')
    .addColumn('seal_version', 'smallint')
    .addColumn('key_id', 'text')
    .addColumn('wrapped_key', 'bytea')
    .addColumn('iv', 'bytea')
    .execute();
  await sql`
    alter table result_files add constraint result_files_seal_complete check (
      (seal_version is null and key_id is null and wrapped_key is null and iv is null)
      or (seal_version = 1 and key_id is not null and octet_length(wrapped_key) = 40 and octet_length(iv) = 12)
    )`.execute(db);
  // A rotation looks for the files whose data key is wrapped by another key than the current one.
  await db.schema.createIndex('result_files_key_id').on('result_files').column('key_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('result_files_key_id').execute();
  await db.schema.alterTable('result_files').dropConstraint('result_files_seal_complete').execute();
  await db.schema
    .alterTable('result_files')
    .dropColumn('seal_version')
    .dropColumn('key_id')
    .dropColumn('wrapped_key')
    .dropColumn('iv')
    .execute();
}
