import type { Transaction } from 'kysely';
import type { Database } from '../src/server/db/schema.ts';
import { deterministicUuid } from './deterministic.ts';

const HOUR_MS = 60 * 60_000;

/**
 * One seeded lab's Professional plan whose monthly renewal was declined twice (its period ended 30 hours
 * before the seed ran, the retry a day later): the admin's "Failing renewals" has a row to show, and the
 * next retry falls due 18 hours after seeding (with the simulated provider it is then paid). Inserted
 * once; seeding again changes nothing.
 */
export async function seedFailingRenewal(tx: Transaction<Database>, count: (table: string, rows: number) => void, labEmail: string) {
  const now = Date.now();
  const periodEnd = new Date(now - 30 * HOUR_MS);
  const bought = new Date(periodEnd);
  bought.setUTCMonth(bought.getUTCMonth() - 1);
  const id = deterministicUuid(`plan-subscription:${labEmail}`);
  const rows = await tx
    .insertInto('plan_subscriptions')
    .values({
      id,
      user_id: deterministicUuid(`user:${labEmail}`),
      plan: 'professional',
      amount_cents: 49_900,
      currency: 'SAR',
      status: 'active',
      payment_reference: `sim_${id}`,
      period_end: periodEnd,
      renewal_failures: 2,
      renewal_failed_at: new Date(periodEnd.getTime() + 5 * 60_000),
      created_at: bought,
      updated_at: new Date(now - 6 * HOUR_MS),
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .execute();
  count('plan_subscriptions', rows.length);
}
