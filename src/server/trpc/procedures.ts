import { AppError } from '../../shared/errors.ts';
import type { UserType } from '../../shared/locale.ts';
import { bulkhead } from '../platform/bulkhead.ts';
import { assertRecentProof, passwordRecentlyConfirmed } from '../platform/session.ts';
import { baseProcedure } from './init.ts';

export const publicProcedure = baseProcedure;

/**
 * The doors that make an account (sign-up, a guest's start): anyone may knock, each knock writes
 * several rows, and a hundred at once took every pooled connection from the customers already inside
 * (bench:abuse). Not sign-in: it may be slowed on purpose (rate-limit.ts), and must not hold a turn then. At most ACCOUNT_DOORS_AT_ONCE run at a time per
 * process, so the rest of the pool stays free for everything else; the others wait their turn, and
 * past a queue are told to try again shortly (RATE_LIMITED).
 */
const ACCOUNT_DOORS_AT_ONCE = 3;
const accountDoorTurn = bulkhead(ACCOUNT_DOORS_AT_ONCE, 200);
export const accountDoorProcedure = baseProcedure.use(({ next }) => accountDoorTurn(() => next()));

export const signedInProcedure = baseProcedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) throw new AppError('UNAUTHENTICATED');
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
});

/**
 * Adding a way to sign in (a passkey, an authenticator app): only soon after a proof that it is the
 * owner (the password, a passkey, or Google for an account without a password; session.ts
 * recentlyAuthenticated), never on a session alone, which a thief may hold (issue #56, ADR 0025).
 */
export const recentProofProcedure = signedInProcedure.use(({ ctx, next }) => {
  assertRecentProof(ctx.session, ctx.user);
  return next();
});

function roleProcedure(role: UserType) {
  return signedInProcedure.use(({ ctx, next }) => {
    if (ctx.user.user_type !== role) throw new AppError('FORBIDDEN', { requiredRole: role });
    return next();
  });
}

export const customerProcedure = roleProcedure('customer');

/**
 * Holding a seat: every customer may hold up to ten, so a hundred accounts holding at once are within
 * the rules, yet each hold is a transaction under the slot's lock, and together they took the pool
 * from the customers booking and paying (bench:abuse: a booking waited 0.8 s behind them). At most
 * HOLDS_AT_ONCE run at a time per process; the rest wait their turn.
 */
const HOLDS_AT_ONCE = 3;
const holdTurn = bulkhead(HOLDS_AT_ONCE, 500);
export const seatHoldProcedure = customerProcedure.use(({ next }) => holdTurn(() => next()));
export const labProcedure = roleProcedure('lab');
export const adminProcedure = roleProcedure('admin');

/**
 * What an administrator changes (labs, test requests, another user's second factor): only within
 * PASSWORD_CONFIRMATION_MINUTES of entering the password in this session, else
 * PASSWORD_CONFIRMATION_REQUIRED, and the client asks for it (auth.confirmPassword) and tries again.
 */
export const sensitiveAdminProcedure = adminProcedure.use(({ ctx, next }) => {
  if (!passwordRecentlyConfirmed(ctx.session)) throw new AppError('PASSWORD_CONFIRMATION_REQUIRED');
  return next();
});

/** Gated lab work: an unapproved lab reaches only its overview and settings. */
export const approvedLabProcedure = labProcedure.use(({ ctx, next }) => {
  if (!ctx.user.approved) throw new AppError('LAB_NOT_APPROVED');
  return next();
});

/**
 * Making a lab's API key, which writes results for the lab without a session: only soon after a proof
 * that it is the owner, as adding a way to sign in (recentProofProcedure; ADR 0059).
 */
export const recentProofApprovedLabProcedure = approvedLabProcedure.use(({ ctx, next }) => {
  assertRecentProof(ctx.session, ctx.user);
  return next();
});
