import type { SessionUser } from '../../../lib/use-session.ts';

/**
 * Where the signed-in user stands with the two-factor rule (admins and approved labs): `grace` may
 * skip the prompt to enrol; `setup_required` reaches nothing but enrolment. The server decides the
 * same on every call (docs/decisions/0023); this only chooses what to show.
 */
export function secondFactorStanding(user: SessionUser | null, now = Date.now()): 'none' | 'grace' | 'setup_required' {
  if (!user || user.two_factor_enabled || user.signed_in_with_passkey || !user.two_factor_required) return 'none';
  if (user.two_factor_due_at && Date.parse(user.two_factor_due_at) <= now) return 'setup_required';
  return 'grace';
}
