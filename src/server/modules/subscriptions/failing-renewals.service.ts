// Failing renewals for the operator (issue #21, ADR 0042's second amendment): the paid plans whose
// monthly renewal was declined and which are still in their grace period, so someone can call the
// customer or the lab before the account falls to its free plan.
import type { Kysely } from 'kysely';
import type { AdminFailingRenewalsInput } from '../../../shared/list-schemas.ts';
import { decodeCursor, pageOf } from '../../db/keyset-page.ts';
import type { Database } from '../../db/schema.ts';
import { countFailingRenewals, failingRenewalPage } from './failing-renewals.repository.ts';
import { graceUntilOf } from './subscriptions.service.ts';

/**
 * One page of plans in their grace period, those falling to the free plan soonest first, with how many
 * match: the account and its lab, the plan, its period's end, the declined attempts, the first of them,
 * and when the plan ends unless a retry is paid (`graceDays`, PLAN_RENEWAL_GRACE_DAYS, as the account
 * itself is told). The gateway's reason for a declined renewal is not kept, so none is shown.
 */
export async function failingRenewals(db: Kysely<Database>, input: AdminFailingRenewalsInput, graceDays: number) {
  const after = decodeCursor(input.cursor, input.sort);
  const [rows, total] = await Promise.all([failingRenewalPage(db, input, after), countFailingRenewals(db, input.q)]);
  const page = pageOf(rows, input.limit, input.sort, (row) => ({ key: row.cursor_at, id: row.id }));
  return {
    total,
    items: page.items.map((row) => {
      const firstFailedAt = new Date(row.renewal_failed_at!);
      return {
        id: row.id,
        account: {
          id: row.user_id,
          name: row.name,
          email: row.email,
          user_type: row.user_type,
          lab_name_ar: row.lab_name_ar,
          lab_name_en: row.lab_name_en,
        },
        plan: row.plan,
        period_end: row.period_end === null ? null : new Date(row.period_end).toISOString(),
        renewal_failures: row.renewal_failures,
        first_failed_at: firstFailedAt.toISOString(),
        falls_to_free_at: graceUntilOf(firstFailedAt, graceDays).toISOString(),
      };
    }),
    nextCursor: page.nextCursor,
  };
}
