import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { SessionUser } from './session.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Where an account stands with the two-factor rule (admins and approved labs must have a second
 * factor, docs/decisions/0023): `grace` works fully and is asked to enrol at each sign-in;
 * `setup_required` reaches nothing but enrolment, auth.me and sign-out. Below the modules, beside the
 * session it reads: every procedure's rule (trpc/init.ts) and the plain routes ask it (ADR 0086).
 */
export type SecondFactorStanding = 'optional' | 'enabled' | 'grace' | 'setup_required';

/**
 * The account's standing now. The first time the rule is seen to apply, its grace period starts: the
 * deadline is written once and `user` is given it, so auth.me answers it on that very call.
 */
export async function secondFactorStanding(
  db: Kysely<Database>,
  user: SessionUser,
  graceDays: number,
  now = new Date(),
): Promise<SecondFactorStanding> {
  // A session begun with a passkey had both factors at once (docs/decisions/0025).
  if (user.two_factor_enabled || user.signed_in_with_passkey) return 'enabled';
  if (!user.two_factor_required) return 'optional';
  if (!user.two_factor_due_at) {
    const dueAt = await setDueDateOnce(db, user.id, new Date(now.getTime() + graceDays * DAY_MS));
    user.two_factor_due_at = dueAt.toISOString();
  }
  return now.getTime() < Date.parse(user.two_factor_due_at) ? 'grace' : 'setup_required';
}

/** Starts the grace period of an account the rule now applies to; an existing deadline is kept. */
async function setDueDateOnce(db: Kysely<Database>, userId: string, dueAt: Date): Promise<Date> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ two_factor_due_at: eb.fn.coalesce('two_factor_due_at', eb.val(dueAt)) }))
    .where('id', '=', userId)
    .returning('two_factor_due_at')
    .executeTakeFirst();
  return row?.two_factor_due_at ?? dueAt;
}
