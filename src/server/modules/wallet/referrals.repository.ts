import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

// Referrals (ADR 0093): each customer's code, who referred whom, and the devices an account signed in on.

export function codeOf(db: Db, userId: string) {
  return db.selectFrom('referral_codes').select('code').where('user_id', '=', userId).executeTakeFirst();
}

/** The code, unless the account or the code already has one: whether it was written. */
export async function insertCode(db: Db, userId: string, code: string): Promise<boolean> {
  const row = await db
    .insertInto('referral_codes')
    .values({ user_id: userId, code })
    .onConflict((oc) => oc.doNothing())
    .returning('code')
    .executeTakeFirst();
  return Boolean(row);
}

/** The customer a code belongs to, if the account is still there. */
export function referrerByCode(db: Db, code: string) {
  return db
    .selectFrom('referral_codes')
    .innerJoin('users', 'users.id', 'referral_codes.user_id')
    .innerJoin('user_profiles', 'user_profiles.id', 'users.id')
    .select('referral_codes.user_id')
    .where('referral_codes.code', '=', code)
    .where('users.deleted_at', 'is', null)
    .where('user_profiles.user_type', '=', 'customer')
    .executeTakeFirst();
}

export async function insertReferral(
  db: Db,
  referral: { referredId: string; referrerId: string; refusedReason: string | null; at: Date },
): Promise<void> {
  await db
    .insertInto('referrals')
    .values({
      referred_id: referral.referredId,
      referrer_id: referral.referrerId,
      status: referral.refusedReason ? 'refused' : 'pending',
      refused_reason: referral.refusedReason,
      decided_at: referral.refusedReason ? referral.at : null,
      created_at: referral.at,
    })
    .onConflict((oc) => oc.column('referred_id').doNothing())
    .execute();
}

export async function rememberDevice(db: Db, userId: string, deviceHash: string, at: Date): Promise<void> {
  await db
    .insertInto('account_devices')
    .values({ user_id: userId, device_hash: deviceHash, first_seen_at: at, last_seen_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'device_hash']).doUpdateSet({ last_seen_at: at }))
    .execute();
}

/** Whether the device was seen signed in to the account. */
export async function deviceSeenOn(db: Db, userId: string, deviceHash: string): Promise<boolean> {
  const row = await db
    .selectFrom('account_devices')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('device_hash', '=', deviceHash)
    .executeTakeFirst();
  return Boolean(row);
}

/** The numbers an account proved it holds: its verified phone, and every number a code it entered was sent to. */
function provenPhones(userId: string) {
  return sql`(select phone from users where id = ${userId} and phone is not null and phone_verified_at is not null
              union select phone from phone_codes where user_id = ${userId} and consumed_at is not null)`;
}

/**
 * Why two accounts look like one person: a phone both proved they hold (the verified number is unique
 * at a time, so the referrer's number proved and later dropped counts too), a device both signed in on,
 * or a card on both their plans (brand and last four: what the payment records keep); null when none.
 */
export async function sharedIdentity(db: Db, a: string, b: string): Promise<'same_phone' | 'same_device' | 'same_card' | null> {
  const { rows } = await sql<{ same_phone: boolean; same_device: boolean; same_card: boolean }>`
    select
      exists (select 1 from ${provenPhones(a)} as x (phone) join ${provenPhones(b)} as y (phone) on y.phone = x.phone) as same_phone,
      exists (select 1 from account_devices x join account_devices y on y.device_hash = x.device_hash
               where x.user_id = ${a} and y.user_id = ${b}) as same_device,
      exists (select 1 from plan_subscriptions x join plan_subscriptions y
                 on y.card_brand = x.card_brand and y.card_last_four = x.card_last_four
               where x.user_id = ${a} and y.user_id = ${b}) as same_card`.execute(db);
  const row = rows[0];
  if (row?.same_phone) return 'same_phone';
  if (row?.same_device) return 'same_device';
  if (row?.same_card) return 'same_card';
  return null;
}

/** The booking that may reward a referral: completed, paid for, its customer's pending referral locked. */
export function completedPaidBooking(tx: Transaction<Database>, bookingId: string) {
  return tx
    .selectFrom('bookings')
    .select(['id', 'customer_id'])
    .where('id', '=', bookingId)
    .where('status', '=', 'completed')
    .where('total_price_halalas', '>', 0)
    .executeTakeFirst();
}

export function lockPendingReferral(tx: Transaction<Database>, referredId: string) {
  return tx
    .selectFrom('referrals')
    .select(['referred_id', 'referrer_id'])
    .where('referred_id', '=', referredId)
    .where('status', '=', 'pending')
    .forUpdate()
    .executeTakeFirst();
}

export async function decideReferral(
  tx: Transaction<Database>,
  referredId: string,
  decision: { status: 'rewarded' | 'refused'; refusedReason: string | null; bookingId: string; at: Date },
): Promise<void> {
  await tx
    .updateTable('referrals')
    .set({ status: decision.status, refused_reason: decision.refusedReason, booking_id: decision.bookingId, decided_at: decision.at })
    .where('referred_id', '=', referredId)
    .execute();
}

/** Who referred the person, and how it ended. */
export function referralOf(db: Db, referredId: string) {
  return db
    .selectFrom('referrals')
    .select(['status', 'refused_reason', 'created_at', 'decided_at'])
    .where('referred_id', '=', referredId)
    .executeTakeFirst();
}

/** How many the person referred, by how it ended. */
export async function referredCounts(db: Db, referrerId: string) {
  const row = await db
    .selectFrom('referrals')
    .select([
      sql<string>`count(*) filter (where status = 'pending')`.as('pending'),
      sql<string>`count(*) filter (where status = 'rewarded')`.as('rewarded'),
    ])
    .where('referrer_id', '=', referrerId)
    .executeTakeFirstOrThrow();
  return { pending: Number(row.pending), rewarded: Number(row.rewarded) };
}

export function exportReferrals(db: Db, userId: string) {
  return db
    .selectFrom('referrals')
    .select(['referrer_id', 'referred_id', 'status', 'refused_reason', 'created_at', 'decided_at'])
    .where((eb) => eb.or([eb('referrer_id', '=', userId), eb('referred_id', '=', userId)]))
    .execute();
}

/** The account's wallet, referrals, code and devices, at its deletion. */
export async function eraseWallet(tx: Transaction<Database>, userId: string): Promise<void> {
  await tx.deleteFrom('wallet_movements').where('user_id', '=', userId).where('lot_id', 'is not', null).execute();
  await tx.deleteFrom('wallet_movements').where('user_id', '=', userId).execute();
  await tx
    .deleteFrom('referrals')
    .where((eb) => eb.or([eb('referrer_id', '=', userId), eb('referred_id', '=', userId)]))
    .execute();
  await tx.deleteFrom('referral_codes').where('user_id', '=', userId).execute();
  await tx.deleteFrom('account_devices').where('user_id', '=', userId).execute();
}
