import { type Kysely, sql } from 'kysely';

// A Premium lab's interpretive comment is signed by its specialist before the report is released
// (issue #54). The comment and the specialist's name and licence are health data: they live in the
// version's sealed document. The row says only that, when and by whose account it was signed, which
// is what releasing checks. Saving other values into a draft clears the signature.
// Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('result_report_versions')
    .addColumn('interpretation_signed_at', 'timestamptz')
    .addColumn('interpretation_signed_by', 'uuid', (c) => c.references('user_profiles.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('result_report_versions')
    .addCheckConstraint(
      'result_report_versions_signer_needs_time',
      sql`interpretation_signed_by is null or interpretation_signed_at is not null`,
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('result_report_versions').dropConstraint('result_report_versions_signer_needs_time').execute();
  await db.schema
    .alterTable('result_report_versions')
    .dropColumn('interpretation_signed_by')
    .dropColumn('interpretation_signed_at')
    .execute();
}
