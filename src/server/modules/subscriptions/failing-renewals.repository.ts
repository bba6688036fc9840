import type { Kysely, Transaction } from 'kysely';
import type { AdminFailingRenewalsInput } from '../../../shared/list-schemas.ts';
import { containing, instantKey, type KeysetKey, keysetAfter } from '../../db/keyset-page.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Plans in their grace period: still active, with a declined renewal counted on them (a renewal paid
 * since ends the row; the grace period over, the renewal round ends it too). Searched by the account's
 * name or e-mail, or its lab's name in either language.
 */
function failingRenewals(db: Db, q: string | undefined) {
  let query = db
    .selectFrom('plan_subscriptions as s')
    .innerJoin('user_profiles as p', 'p.id', 's.user_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('labs as l', 'l.id', 's.user_id')
    .where('s.status', '=', 'active')
    .where('s.renewal_failed_at', 'is not', null);
  if (q) {
    const pattern = containing(q);
    query = query.where((eb) =>
      eb.or([
        eb('p.name', 'ilike', pattern),
        eb('u.email', 'ilike', pattern),
        eb('l.lab_name_ar', 'ilike', pattern),
        eb('l.lab_name_en', 'ilike', pattern),
      ]),
    );
  }
  return query;
}

/** One page (limit + 1 rows) by the first declined attempt, so those falling to the free plan soonest come first. */
export function failingRenewalPage(db: Db, input: AdminFailingRenewalsInput, after: KeysetKey | null) {
  let query = failingRenewals(db, input.q)
    .select([
      's.id',
      's.user_id',
      's.plan',
      's.period_end',
      's.renewal_failures',
      's.renewal_failed_at',
      'p.name',
      'p.user_type',
      'u.email',
      'l.lab_name_ar',
      'l.lab_name_en',
    ])
    .select((eb) => instantKey(eb.ref('s.renewal_failed_at')).as('cursor_at'));
  if (after) query = query.where((eb) => keysetAfter(eb.ref('s.renewal_failed_at'), eb.ref('s.id'), 'asc', after, 'timestamptz'));
  return query
    .orderBy('s.renewal_failed_at')
    .orderBy('s.id')
    .limit(input.limit + 1)
    .execute();
}

/** How many plans in their grace period the search matches. */
export async function countFailingRenewals(db: Db, q: string | undefined): Promise<number> {
  const row = await failingRenewals(db, q)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
