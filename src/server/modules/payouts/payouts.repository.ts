import { type Kysely, sql, type Transaction } from 'kysely';
import type { LabBalancesInput } from '../../../shared/list-schemas.ts';
import { containing, instantKey, type KeysetKey, keysetAfter } from '../../db/keyset-page.ts';
import { earnedFrom } from '../../db/lab-earnings.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * A lab's money in halalas, each a sum over history (ADR 0043): `earned`, what the ledger owes it for
 * bookings no longer waiting for the lab (`earnedFrom`: done, missed, or cancelled with what was not
 * refunded; the payments page shows the same figure line by line, ADR 0083); `pending`, the ledger's
 * amount for bookings still to be done; `paid_out`, the payouts less their reversals.
 */
const earnedOf = (labId: ReturnType<typeof sql.ref>) => sql<string>`(select coalesce(sum(e.lab_owed_halalas), 0)
    from lab_ledger_entries e join bookings b on b.id = e.booking_id
   where e.lab_id = ${labId} and ${earnedFrom(sql.ref('b.status'))})`;
const pendingOf = (labId: ReturnType<typeof sql.ref>) => sql<string>`(select coalesce(sum(e.lab_owed_halalas), 0)
    from lab_ledger_entries e join bookings b on b.id = e.booking_id
   where e.lab_id = ${labId} and not ${earnedFrom(sql.ref('b.status'))})`;
const paidOutOf = (labId: ReturnType<typeof sql.ref>) =>
  sql<string>`(select coalesce(sum(p.amount_halalas), 0) from lab_payouts p where p.lab_id = ${labId})`;

const moneyColumns = (labId: ReturnType<typeof sql.ref>) =>
  [earnedOf(labId).as('earned'), pendingOf(labId).as('pending'), paidOutOf(labId).as('paid_out')] as const;

export interface LabMoneyRow {
  earned: string | number;
  pending: string | number;
  paid_out: string | number;
}

/**
 * What the lab earned (`earnedOf`), line by line from the same ledger rows: the tests' prices, the
 * commission, the home visits' fees, and what it is owed (price − commission + fee, row by row).
 */
export async function labEarnings(db: Db, labId: string) {
  const row = await db
    .selectFrom('lab_ledger_entries as e')
    .innerJoin('bookings as b', 'b.id', 'e.booking_id')
    .where('e.lab_id', '=', labId)
    .where(earnedFrom(sql.ref('b.status')))
    .select([
      sql<string>`coalesce(sum(e.price_halalas), 0)`.as('price'),
      sql<string>`coalesce(sum(e.commission_halalas), 0)`.as('commission'),
      sql<string>`coalesce(sum(e.home_visit_halalas), 0)`.as('home_visits'),
      sql<string>`coalesce(sum(e.lab_owed_halalas), 0)`.as('owed'),
      sql<string>`coalesce(sum(e.promo_discount_halalas) filter (where e.promo_paid_by = 'lab'), 0)`.as('lab_promo'),
    ])
    .executeTakeFirstOrThrow();
  return {
    priceHalalas: Number(row.price),
    commissionHalalas: Number(row.commission),
    homeVisitHalalas: Number(row.home_visits),
    owedHalalas: Number(row.owed),
    labPromoHalalas: Number(row.lab_promo),
  };
}

/** One lab's money (see `earnedOf`); undefined when the id is not a lab's. */
export function labMoney(db: Db, labId: string) {
  return db
    .selectFrom('labs')
    .where('labs.id', '=', labId)
    .select(['labs.id', 'labs.lab_name_ar', 'labs.lab_name_en'])
    .select(moneyColumns(sql.ref('labs.id')))
    .executeTakeFirst();
}

/**
 * Locks the lab's row until the caller's transaction ends: payouts to one lab are recorded one at a
 * time, so two administrators at once cannot both pay out the same balance. Undefined for no lab.
 */
export function lockLab(tx: Transaction<Database>, labId: string) {
  return tx.selectFrom('labs').select('id').where('id', '=', labId).forUpdate().executeTakeFirst();
}

/** One page of labs (limit + 1 rows) by English name, searched by either name, each with its money. */
export function labBalancePage(db: Db, input: LabBalancesInput, after: KeysetKey | null) {
  let query = db
    .selectFrom('labs')
    .innerJoin('user_profiles', 'user_profiles.id', 'labs.id')
    .where('user_profiles.user_type', '=', 'lab')
    .select(['labs.id', 'labs.lab_name_ar', 'labs.lab_name_en', 'labs.city', 'user_profiles.approved'])
    .select(moneyColumns(sql.ref('labs.id')));
  if (input.q) {
    const pattern = containing(input.q);
    query = query.where((eb) => eb.or([eb('labs.lab_name_en', 'ilike', pattern), eb('labs.lab_name_ar', 'ilike', pattern)]));
  }
  if (after) query = query.where((eb) => keysetAfter(eb.ref('labs.lab_name_en'), eb.ref('labs.id'), 'asc', after, 'text'));
  return query
    .orderBy('labs.lab_name_en')
    .orderBy('labs.id')
    .limit(input.limit + 1)
    .execute();
}

/** One page of a lab's payouts (limit + 1 rows), newest recorded first, after the cursor's row. */
export function payoutPage(db: Db, labId: string, limit: number, after: KeysetKey | null) {
  let query = db
    .selectFrom('lab_payouts')
    .leftJoin('lab_payouts as reversal', 'reversal.reverses_id', 'lab_payouts.id')
    .where('lab_payouts.lab_id', '=', labId)
    .select([
      'lab_payouts.id',
      'lab_payouts.amount_halalas',
      'lab_payouts.bank_reference',
      'lab_payouts.note',
      'lab_payouts.reverses_id',
      'lab_payouts.created_at',
      'reversal.id as reversed_by',
    ])
    .select(sql<string>`to_char(lab_payouts.paid_on, 'YYYY-MM-DD')`.as('paid_on'))
    .select((eb) => instantKey(eb.ref('lab_payouts.created_at')).as('cursor_at'));
  if (after) {
    query = query.where((eb) => keysetAfter(eb.ref('lab_payouts.created_at'), eb.ref('lab_payouts.id'), 'desc', after, 'timestamptz'));
  }
  return query
    .orderBy('lab_payouts.created_at', 'desc')
    .orderBy('lab_payouts.id', 'desc')
    .limit(limit + 1)
    .execute();
}

export function insertPayout(
  tx: Transaction<Database>,
  payout: {
    lab_id: string;
    amount_halalas: number;
    paid_on: string;
    bank_reference: string;
    note: string | null;
    recorded_by: string;
    reverses_id?: string;
  },
) {
  return tx.insertInto('lab_payouts').values(payout).returning(['id', 'created_at']).executeTakeFirstOrThrow();
}

/** A payout with whether it was already reversed; undefined when there is none of that id. */
export function findPayout(db: Db, payoutId: string) {
  return db
    .selectFrom('lab_payouts')
    .leftJoin('lab_payouts as reversal', 'reversal.reverses_id', 'lab_payouts.id')
    .where('lab_payouts.id', '=', payoutId)
    .select(['lab_payouts.id', 'lab_payouts.lab_id', 'lab_payouts.amount_halalas', 'lab_payouts.bank_reference', 'lab_payouts.reverses_id'])
    .select('reversal.id as reversed_by')
    .executeTakeFirst();
}
