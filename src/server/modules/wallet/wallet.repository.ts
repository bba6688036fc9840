import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

// The wallet's ledger (ADR 0093): lots (credits, refunds) with their expiry, and the spends and expiries
// drawn from them. A lot's remainder is its amount plus its draws (negative).

export interface Lot {
  id: string;
  expires_at: Date;
  remaining: number;
}

/** Every lot of the person's, locked: two spends (or a spend and an expiry) of one wallet take turns. */
export async function lockLots(tx: Transaction<Database>, userId: string): Promise<void> {
  await tx.selectFrom('wallet_movements').select('id').where('user_id', '=', userId).where('lot_id', 'is', null).forUpdate().execute();
}

/** The person's lots with something left, soonest to expire first. */
export async function lotsWithRemainder(db: Db, userId: string): Promise<Lot[]> {
  const { rows } = await sql<{ id: string; expires_at: Date; remaining: string }>`
    select lot.id, lot.expires_at, lot.amount_halalas + coalesce(sum(draw.amount_halalas), 0) as remaining
      from wallet_movements lot
      left join wallet_movements draw on draw.lot_id = lot.id
     where lot.user_id = ${userId} and lot.lot_id is null
     group by lot.id
    having lot.amount_halalas + coalesce(sum(draw.amount_halalas), 0) > 0
     order by lot.expires_at, lot.created_at, lot.id`.execute(db);
  return rows.map((row) => ({ id: row.id, expires_at: new Date(row.expires_at), remaining: Number(row.remaining) }));
}

/** What expired with something left becomes an expiry movement, dated when it expired; once per lot. */
export async function writeExpiries(tx: Transaction<Database>, userId: string, now: Date): Promise<void> {
  await sql`
    insert into wallet_movements (user_id, kind, amount_halalas, reason, lot_id, created_at)
    select lot.user_id, 'expiry', -(lot.amount_halalas + coalesce(sum(draw.amount_halalas), 0)), 'expired', lot.id, lot.expires_at
      from wallet_movements lot
      left join wallet_movements draw on draw.lot_id = lot.id
     where lot.user_id = ${userId} and lot.lot_id is null and lot.expires_at <= ${now}
     group by lot.id
    having lot.amount_halalas + coalesce(sum(draw.amount_halalas), 0) > 0
    on conflict do nothing`.execute(tx);
}

export interface NewLot {
  userId: string;
  kind: 'credit' | 'refund';
  amountHalalas: number;
  reason: string;
  sourceKey: string;
  expiresAt: Date;
  bookingId?: string | null;
  createdAt: Date;
}

/** A lot, unless its source already gave one: whether it was written. */
export async function insertLot(db: Db, lot: NewLot): Promise<boolean> {
  const row = await db
    .insertInto('wallet_movements')
    .values({
      user_id: lot.userId,
      kind: lot.kind,
      amount_halalas: lot.amountHalalas,
      reason: lot.reason,
      source_key: lot.sourceKey,
      expires_at: lot.expiresAt,
      booking_id: lot.bookingId ?? null,
      created_at: lot.createdAt,
    })
    .onConflict((oc) => oc.column('source_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

export interface Draw {
  lotId: string;
  amountHalalas: number;
}

export async function insertSpends(
  tx: Transaction<Database>,
  userId: string,
  spendKey: string,
  draws: Draw[],
  bookingId: string | null,
  at: Date,
): Promise<void> {
  if (draws.length === 0) return;
  await tx
    .insertInto('wallet_movements')
    .values(
      draws.map((draw) => ({
        user_id: userId,
        kind: 'spend' as const,
        amount_halalas: -draw.amountHalalas,
        reason: 'checkout',
        lot_id: draw.lotId,
        spend_key: spendKey,
        booking_id: bookingId,
        created_at: at,
      })),
    )
    .execute();
}

/** What a spend took (positive), and the latest expiry of the lots it took from. */
export async function spentFor(db: Db, userId: string, spendKey: string) {
  const row = await db
    .selectFrom('wallet_movements as spend')
    .innerJoin('wallet_movements as lot', 'lot.id', 'spend.lot_id')
    .select([sql<string>`coalesce(-sum(spend.amount_halalas), 0)`.as('spent'), sql<Date | null>`max(lot.expires_at)`.as('latest_expiry')])
    .where('spend.user_id', '=', userId)
    .where('spend.spend_key', '=', spendKey)
    .executeTakeFirstOrThrow();
  return { spent: Number(row.spent), latestExpiry: row.latest_expiry ? new Date(row.latest_expiry) : null };
}

/** What refunds have given back of a spend so far (its whole refund, and its parts'). */
export async function refundedFor(db: Db, userId: string, spendKey: string): Promise<number> {
  const row = await db
    .selectFrom('wallet_movements')
    .select(sql<string>`coalesce(sum(amount_halalas), 0)`.as('refunded'))
    .where('user_id', '=', userId)
    .where('kind', '=', 'refund')
    .where((eb) => eb.or([eb('source_key', '=', `refund:${spendKey}`), eb('source_key', 'like', `refund:${spendKey}:%`)]))
    .executeTakeFirstOrThrow();
  return Number(row.refunded);
}

export function movementsOf(db: Db, userId: string) {
  return db
    .selectFrom('wallet_movements')
    .select(['id', 'kind', 'amount_halalas', 'reason', 'expires_at', 'created_at', 'booking_id', 'spend_key'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function walletSettings(db: Db) {
  return db
    .selectFrom('wallet_settings')
    .select(['referrer_credit_halalas', 'referred_credit_halalas', 'credit_valid_days', 'updated_at'])
    .executeTakeFirstOrThrow();
}

export async function updateWalletSettings(
  db: Db,
  values: { referrer_credit_halalas: number; referred_credit_halalas: number; credit_valid_days: number },
  by: string,
  at: Date,
) {
  await db
    .updateTable('wallet_settings')
    .set({ ...values, updated_by: by, updated_at: at })
    .execute();
}

/** The account's wallet rows for its export. */
export function exportMovements(db: Db, userId: string) {
  return db
    .selectFrom('wallet_movements')
    .select(['kind', 'amount_halalas', 'reason', 'expires_at', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

/** Whether the account is a customer's, not deleted (whom the admin may give credit to). */
export async function isCustomer(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .innerJoin('user_profiles', 'user_profiles.id', 'users.id')
    .select('users.id')
    .where('users.id', '=', userId)
    .where('users.deleted_at', 'is', null)
    .where('user_profiles.user_type', '=', 'customer')
    .executeTakeFirst();
  return Boolean(row);
}
