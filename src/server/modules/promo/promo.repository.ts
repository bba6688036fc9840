import { type Insertable, type Kysely, sql, type Transaction, type Updateable } from 'kysely';
import type { PromoCodes } from '../../db/database.gen.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

// Promo codes (ADR 0092): the admin's codes, and their uses (promo_redemptions, one per lab-test checkout,
// store order or plan subscription, reserved through reserve_promo_use in migrations/functions/promo.sql).

type PromoRow = Insertable<PromoCodes>;

/** A use counts while its order is paid, or pending with its hold not over (promo_use_counts, as reserve_promo_use counts). */
const counted = (now: Date) => sql<boolean>`promo_use_counts(r, ${now})`;

/** Every code, newest first, with its paid uses and what they took off. */
export function listPromos(db: Db) {
  return db
    .selectFrom('promo_codes')
    .selectAll('promo_codes')
    .select([
      sql<number>`(select count(*) from promo_redemptions r
                    where r.promo_code_id = promo_codes.id and promo_use_status(r) = 'paid')::integer`.as('uses'),
      sql<number>`(select coalesce(sum(r.discount_halalas), 0) from promo_redemptions r
                    where r.promo_code_id = promo_codes.id and promo_use_status(r) = 'paid')::integer`.as('discounted_halalas'),
    ])
    .orderBy('promo_codes.created_at', 'desc')
    .execute();
}

export function findPromoByCode(db: Db, code: string) {
  return db.selectFrom('promo_codes').selectAll().where('code', '=', code).executeTakeFirst();
}

export async function insertPromo(db: Db, row: PromoRow) {
  return db.insertInto('promo_codes').values(row).returning('id').executeTakeFirstOrThrow();
}

export async function updatePromo(db: Db, id: string, row: Updateable<PromoCodes>) {
  return db.updateTable('promo_codes').set(row).where('id', '=', id).returning('id').executeTakeFirst();
}

/** Whether another code has this text already. */
export async function codeTaken(db: Db, code: string, exceptId: string | null) {
  const row = await db
    .selectFrom('promo_codes')
    .select('id')
    .where('code', '=', code)
    .$if(exceptId !== null, (query) => query.where('id', '<>', exceptId!))
    .executeTakeFirst();
  return row !== undefined;
}

/** The code's uses that count now, in all and by the customer (a quote's early answer; the claim decides). */
/** The code's uses that count at `now`, all and the customer's, leaving out the use `order` holds (it would be replaced). */
export async function usesOf(db: Db, promoId: string, customerId: string, now: Date, order?: PromoOrder) {
  let query = db
    .selectFrom('promo_redemptions as r')
    .select([
      sql<number>`count(*)::integer`.as('all'),
      sql<number>`(count(*) filter (where r.customer_id = ${customerId}))::integer`.as('mine'),
    ])
    .where('r.promo_code_id', '=', promoId)
    .where(counted(now));
  if (order && 'checkoutId' in order) query = query.where('r.checkout_id', 'is distinct from', order.checkoutId);
  if (order && 'storeOrderId' in order) query = query.where('r.store_order_id', 'is distinct from', order.storeOrderId);
  if (order && 'subscriptionId' in order) query = query.where('r.plan_subscription_id', 'is distinct from', order.subscriptionId);
  return query.executeTakeFirstOrThrow();
}

export async function customerHasOrdered(db: Db, customerId: string) {
  const { rows } = await sql<{ ordered: boolean }>`select customer_has_ordered(${customerId}, null) as ordered`.execute(db);
  return rows[0]?.ordered ?? false;
}

/** Which of these tests are packages. */
export async function packageIds(db: Db, testIds: number[]) {
  if (testIds.length === 0) return new Set<number>();
  const rows = await db.selectFrom('tests').select('id').where('id', 'in', testIds).where('kind', '=', 'package').execute();
  return new Set(rows.map((row) => row.id));
}

/** The order a code's use is reserved for: exactly one of them. */
export type PromoOrder = { checkoutId: string } | { storeOrderId: string } | { subscriptionId: string };

/**
 * Reserves (or, with a null code, drops) the order's use of a code under the code's row lock
 * (reserve_promo_use); a refusal raises TA006 with its reason, and the caller's transaction writes nothing.
 */
export async function reserveUse(
  db: Db,
  use: { customerId: string; promoId: string | null; discount: number; now: Date; heldUntil: Date; order: PromoOrder },
) {
  const { order } = use;
  const checkout = 'checkoutId' in order ? order.checkoutId : null;
  const storeOrder = 'storeOrderId' in order ? order.storeOrderId : null;
  const subscription = 'subscriptionId' in order ? order.subscriptionId : null;
  await sql`select reserve_promo_use(${use.customerId}::uuid, ${use.promoId}::uuid, ${use.discount}::integer, ${use.now}::timestamptz,
                                     ${use.heldUntil}::timestamptz,
                                     ${checkout}::uuid, ${storeOrder}::uuid, ${subscription}::uuid)`.execute(db);
}
