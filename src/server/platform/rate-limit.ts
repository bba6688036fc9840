import { type Kysely, sql } from 'kysely';
import { AppError } from '../../shared/errors.ts';
import type { Database } from '../db/schema.ts';

export interface RateLimitPolicy {
  /** Attempts allowed in one window. */
  limit: number;
  windowSeconds: number;
}

/** Per client address and per account, so neither spraying one account nor many accounts works. */
export const rateLimits = {
  signInPerIp: { limit: 30, windowSeconds: 15 * 60 },
  signInPerAccount: { limit: 5, windowSeconds: 15 * 60 },
  signUpPerIp: { limit: 10, windowSeconds: 60 * 60 },
  guestPerIp: { limit: 10, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimitPolicy>;

/**
 * Counts one attempt against `key` in a fixed window kept in the database (shared by every server
 * instance) and throws RATE_LIMITED, with the seconds left, once the window's limit is passed.
 */
export async function consumeAttempt(db: Kysely<Database>, key: string, policy: RateLimitPolicy, now = new Date()): Promise<void> {
  const windowStart = new Date(now.getTime() - policy.windowSeconds * 1000);
  const row = await db
    .insertInto('auth_rate_limits')
    .values({ key, window_started_at: now, attempts: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        attempts: sql`case when auth_rate_limits.window_started_at <= ${windowStart} then 1 else auth_rate_limits.attempts + 1 end`,
        window_started_at: sql`case when auth_rate_limits.window_started_at <= ${windowStart} then ${now} else auth_rate_limits.window_started_at end`,
      }),
    )
    .returning(['attempts', 'window_started_at'])
    .executeTakeFirstOrThrow();
  if (row.attempts > policy.limit) {
    const endsAt = row.window_started_at.getTime() + policy.windowSeconds * 1000;
    throw new AppError('RATE_LIMITED', { retryAfterSeconds: Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)) });
  }
}

/** A successful sign-in clears the account's failure count. */
export async function clearAttempts(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('auth_rate_limits').where('key', '=', key).execute();
}
