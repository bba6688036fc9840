import { type Kysely, sql } from 'kysely';

// Marketing mail is sent only to those who asked for it (PDPL: consent is explicit and separate from
// the terms). The default was on; it is off now, and every account is set off, since none of them
// chose it in a way that can be told apart from the old default. `marketing_consent_at` is when the
// person turned it on: the record of their consent, cleared when they turn it off.
// Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('user_profiles')
    .alterColumn('marketing_mail', (c) => c.setDefault(false))
    .execute();
  await db.schema.alterTable('user_profiles').addColumn('marketing_consent_at', 'timestamptz').execute();
  await sql`update user_profiles set marketing_mail = false where marketing_mail`.execute(db);
  await db.schema
    .alterTable('user_profiles')
    .addCheckConstraint('user_profiles_marketing_needs_consent', sql`not marketing_mail or marketing_consent_at is not null`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user_profiles').dropConstraint('user_profiles_marketing_needs_consent').execute();
  await db.schema.alterTable('user_profiles').dropColumn('marketing_consent_at').execute();
  await db.schema
    .alterTable('user_profiles')
    .alterColumn('marketing_mail', (c) => c.setDefault(true))
    .execute();
}
