import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Seal } from '../../platform/result-sealing.ts';

/** The SQL of NPHIES exchanges (migration 0092): claimed once per message id, finished once. */

export type ExchangeKind = 'eligibility' | 'priorauth' | 'claim';

// The generated types say Buffer (node-postgres' bytea); both drivers take any Uint8Array.
const bytea = (bytes: Uint8Array) => bytes as Buffer;

const sealColumns = (ciphertext: Uint8Array, seal: Seal) => ({
  sealed_exchange: bytea(ciphertext),
  seal_version: seal.version,
  key_id: seal.keyId,
  wrapped_key: bytea(seal.wrappedKey),
  iv: bytea(seal.iv),
});

/** Claims the message id for this exchange; false when it is already claimed (sent before, or being sent). */
export async function claimExchange(
  db: Kysely<Database>,
  row: { id: string; labId: string; kind: ExchangeKind; messageId: string; bookingReference: string | null },
  sealed: { ciphertext: Uint8Array; seal: Seal },
): Promise<boolean> {
  const inserted = await db
    .insertInto('nphies_exchanges')
    .values({
      id: row.id,
      lab_id: row.labId,
      kind: row.kind,
      message_id: row.messageId,
      booking_reference: row.bookingReference,
      ...sealColumns(sealed.ciphertext, sealed.seal),
    })
    .onConflict((conflict) => conflict.column('message_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

const summaryColumns = [
  'id',
  'lab_id',
  'kind',
  'message_id',
  'booking_reference',
  'state',
  'http_status',
  'started_at',
  'finished_at',
  'duration_ms',
  'attempts',
  'outcome',
  'error',
] as const;

export function findExchange(db: Kysely<Database>, messageId: string) {
  return db
    .selectFrom('nphies_exchanges')
    .select([...summaryColumns, 'sealed_exchange', 'seal_version', 'key_id', 'wrapped_key', 'iv'])
    .where('message_id', '=', messageId)
    .executeTakeFirst();
}

export type ExchangeRow = NonNullable<Awaited<ReturnType<typeof findExchange>>>;

export function exchangesOfBooking(db: Kysely<Database>, labId: string, bookingReference: string) {
  return db
    .selectFrom('nphies_exchanges')
    .select(summaryColumns)
    .where('lab_id', '=', labId)
    .where('booking_reference', '=', bookingReference)
    .orderBy('started_at')
    .orderBy('id')
    .limit(200)
    .execute();
}

export async function countAttempt(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .updateTable('nphies_exchanges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** Ends a sending exchange: answered with its outcome, or failed with why; the sealed document now holds the answer too. */
export async function finishExchange(
  db: Kysely<Database>,
  id: string,
  end: {
    state: 'answered' | 'failed';
    httpStatus: number | null;
    outcome: string | null;
    error: string | null;
    durationMs: number;
    sealed: { ciphertext: Uint8Array; seal: Seal } | null;
  },
): Promise<void> {
  await db
    .updateTable('nphies_exchanges')
    .set((eb) => ({
      state: end.state,
      http_status: end.httpStatus,
      outcome: end.outcome,
      error: end.error,
      duration_ms: end.durationMs,
      finished_at: eb.fn('now'),
      ...(end.sealed && sealColumns(end.sealed.ciphertext, end.sealed.seal)),
    }))
    .where('id', '=', id)
    .where('state', '=', 'sending')
    .execute();
}

export function exchangesPerKey(db: Kysely<Database>) {
  return db
    .selectFrom('nphies_exchanges')
    .select(['key_id', (eb) => eb.fn.countAll<string>().as('exchanges')])
    .groupBy('key_id')
    .execute();
}

/** The row's data key wrapped anew, guarded by the key it was read under. */
export async function replaceExchangeKey(db: Kysely<Database>, id: string, readUnder: string, seal: Seal): Promise<boolean> {
  const updated = await db
    .updateTable('nphies_exchanges')
    .set({ key_id: seal.keyId, wrapped_key: bytea(seal.wrappedKey) })
    .where('id', '=', id)
    .where('key_id', '=', readUnder)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}
