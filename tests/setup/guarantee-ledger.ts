import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema.ts';

// What the service guarantee leaves behind (ADR 0093): the customer's wallet movements and the lab's
// ledger rows charging a credit to it.

/** The person's wallet movements: kind, amount and reason. */
export const walletMovements = (db: Kysely<Database>, userId: string) =>
  db.selectFrom('wallet_movements').select(['kind', 'amount_halalas', 'reason']).where('user_id', '=', userId).execute();

/** The guarantee rows of the lab's ledger for the booking. */
export const guaranteeCharges = (db: Kysely<Database>, bookingId: string) =>
  db
    .selectFrom('lab_ledger_entries')
    .select(['kind', 'lab_owed_halalas', 'lab_id'])
    .where('booking_id', '=', bookingId)
    .where('kind', '=', 'guarantee')
    .execute();
