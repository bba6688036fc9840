import { type Kysely, sql } from 'kysely';

// Second factors (issue #26, docs/decisions/0023).
// - users.two_factor_due_at: when the grace period ends: the moment the two-factor rule (admins, approved
//   labs) was first seen to apply to the account plus TWO_FACTOR_GRACE_DAYS. Kept when the rule
//   stops applying, so losing and regaining approval does not start a new grace period.
// - two_factor_totp: the account's TOTP secret, sealed (AES-256-GCM, iv, key_id = which master key) when
//   a key is at hand, or in the clear (key_id and iv null) when none is; enabled_at is null while the
//   secret is shown but not yet confirmed with a code; last_used_step is the 30-second step of the last
//   accepted code, so the same code never works twice.
// - two_factor_recovery_codes: SHA-256 of each single-use code; used_at once used.
// - pending_sign_ins: a password (or Google) sign-in that still needs its second factor: the SHA-256 of
//   a token that only a short-lived cookie carries; it is not a session and opens nothing else.
// - passkeys and webauthn_challenges: WebAuthn credentials (public key, signature counter) and the
//   single-use challenges of registrations and sign-ins.
// Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('two_factor_due_at', 'timestamptz').execute();

  await db.schema
    .createTable('two_factor_totp')
    .addColumn('user_id', 'uuid', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'bytea', (col) => col.notNull())
    .addColumn('key_id', 'text')
    .addColumn('iv', 'bytea')
    .addColumn('enabled_at', 'timestamptz')
    .addColumn('last_used_step', 'integer')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('two_factor_totp_seal_complete', sql`(key_id is null) = (iv is null)`)
    .execute();

  await db.schema
    .createTable('two_factor_recovery_codes')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('two_factor_recovery_codes_user').on('two_factor_recovery_codes').column('user_id').execute();

  await db.schema
    .createTable('pending_sign_ins')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('pending_sign_ins_user').on('pending_sign_ins').column('user_id').execute();

  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('public_key', 'bytea', (col) => col.notNull())
    .addColumn('sign_count', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('transports', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('passkeys_user').on('passkeys').column('user_id').execute();

  await db.schema
    .createTable('webauthn_challenges')
    .addColumn('challenge', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'uuid', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (col) => col.notNull().check(sql`purpose in ('register', 'sign_in')`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webauthn_challenges').execute();
  await db.schema.dropTable('passkeys').execute();
  await db.schema.dropTable('pending_sign_ins').execute();
  await db.schema.dropTable('two_factor_recovery_codes').execute();
  await db.schema.dropTable('two_factor_totp').execute();
  await db.schema.alterTable('users').dropColumn('two_factor_due_at').execute();
}
