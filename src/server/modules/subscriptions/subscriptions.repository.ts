import type { Kysely } from 'kysely';
import type { PlanId } from '../../../shared/plans.ts';
import type { Database } from '../../db/schema.ts';

export async function setSubscriptionTier(db: Kysely<Database>, userId: string, tier: PlanId) {
  await db.updateTable('user_profiles').set({ subscription_tier: tier, updated_at: new Date() }).where('id', '=', userId).execute();
}
