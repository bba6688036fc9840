import type { Kysely } from 'kysely';

// An administrator enters the password again before a sensitive action once the last entry is 15
// minutes old (issue #20, item 10): the session remembers when its password was last entered
// (sign-in, or auth.confirmPassword), and a sign-in waiting for its second factor remembers whether it
// began with the password (not Google), so the session it becomes can say so. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('password_confirmed_at', 'timestamptz').execute();
  await db.schema.alterTable('pending_sign_ins').addColumn('password_entered_at', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('pending_sign_ins').dropColumn('password_entered_at').execute();
  await db.schema.alterTable('sessions').dropColumn('password_confirmed_at').execute();
}
