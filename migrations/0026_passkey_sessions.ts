import type { Kysely } from 'kysely';

// Passkeys (issue #26, docs/decisions/0025). A passkey is both factors at once (something held, and the
// fingerprint or PIN that unlocks it), so a session begun with one satisfies the staff two-factor rule:
// sessions.signed_in_with_passkey says how the session began. The passkeys and webauthn_challenges
// tables came with 0019. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('signed_in_with_passkey', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  await db.schema.createIndex('webauthn_challenges_expires').on('webauthn_challenges').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('webauthn_challenges_expires').execute();
  await db.schema.alterTable('sessions').dropColumn('signed_in_with_passkey').execute();
}
