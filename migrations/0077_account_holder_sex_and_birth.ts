import { type Kysely, sql } from 'kysely';

// The account holder's own sex and date of birth (issue #76 item 3), as a family member has them:
// ranges, eGFR and the analysis judge the person who books for themselves by them. Asked at the first
// booking whose ranges depend on them, and editable in settings; null until given. Health-related
// personal data: in the export, gone on deletion with the profile row. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('user_profiles')
    .addColumn('sex', 'text', (c) => c.check(sql`sex in ('female', 'male')`))
    .addColumn('date_of_birth', 'date')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user_profiles').dropColumn('sex').dropColumn('date_of_birth').execute();
}
