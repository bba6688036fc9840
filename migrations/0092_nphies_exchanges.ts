import { type Kysely, sql } from 'kysely';

// Every message Tahaleel carries to NPHIES for a lab (eligibility, prior authorization, claim), and its
// answer (issue #80, ADR 0097). One row per message id, claimed before the message leaves, so that the
// same message id sent again is answered from here and never leaves twice. The request and the answer
// name the patient and, for claims, carry their results: they are sealed together under the results
// master key (AES-256-GCM, a data key of the row's own wrapped by the key named by key_id, ADR 0021),
// sealed again with the answer once it comes. What stays in the clear is what a dashboard lists: kind,
// booking reference, timings, attempts, outcome and the error code. Frozen once landed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('nphies_exchanges')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('lab_id', 'uuid', (c) => c.notNull().references('labs.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('eligibility', 'priorauth', 'claim')`))
    .addColumn('message_id', 'text', (c) => c.notNull().unique().check(sql`length(message_id) between 1 and 64`))
    .addColumn('booking_reference', 'text')
    // sending: claimed and on its way (or its sender died); answered: NPHIES gave an answer, parsed into
    // outcome; failed: no usable answer (error says why: timeout, network, or NPHIES's own error codes).
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('sending').check(sql`state in ('sending', 'answered', 'failed')`))
    .addColumn('http_status', 'smallint')
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .addColumn('duration_ms', 'integer', (c) => c.check(sql`duration_ms >= 0`))
    .addColumn('attempts', 'smallint', (c) => c.notNull().defaultTo(0).check(sql`attempts >= 0`))
    .addColumn('outcome', 'text')
    .addColumn('error', 'text')
    // { request, response? }: the Bundle sent and the body answered, sealed.
    .addColumn('sealed_exchange', 'bytea', (c) => c.notNull())
    .addColumn('seal_version', 'smallint', (c) => c.notNull())
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('wrapped_key', 'bytea', (c) => c.notNull())
    .addColumn('iv', 'bytea', (c) => c.notNull())
    .addCheckConstraint(
      'nphies_exchanges_finished_shape',
      sql`(state = 'sending') = (finished_at is null) and (state <> 'answered' or outcome is not null) and (state <> 'failed' or error is not null)`,
    )
    .execute();
  await db.schema.createIndex('nphies_exchanges_lab_started_idx').on('nphies_exchanges').columns(['lab_id', 'started_at']).execute();
  await sql`create index nphies_exchanges_booking_idx on nphies_exchanges (lab_id, booking_reference) where booking_reference is not null`.execute(
    db,
  );
  await db.schema.createIndex('nphies_exchanges_key_id_idx').on('nphies_exchanges').column('key_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('nphies_exchanges').execute();
}
