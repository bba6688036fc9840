import { initTRPC, type TRPC_ERROR_CODE_KEY, TRPCError } from '@trpc/server';
import { ZodError, z } from 'zod';
import { MAX_INPUT_DEPTH } from '../../shared/api-limits.ts';
import { AppError, type AppErrorCode } from '../../shared/errors.ts';
import { validationMessages } from '../../shared/validation-messages.ts';
import { secondFactorStanding } from '../platform/second-factor-standing.ts';
import type { TrpcContext } from './context.ts';

/** The one place where a coded AppError becomes a tRPC error. */
const trpcCodeFor: Record<AppErrorCode, TRPC_ERROR_CODE_KEY> = {
  UNAUTHENTICATED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  LAB_NOT_APPROVED: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  VALIDATION_FAILED: 'BAD_REQUEST',
  CONFLICT: 'CONFLICT',
  RATE_LIMITED: 'TOO_MANY_REQUESTS',
  PHONE_CODE_WRONG: 'BAD_REQUEST',
  // No live code for the number (spent or expired): a new code is needed.
  PHONE_CODE_EXPIRED: 'BAD_REQUEST',
  PHONE_TAKEN: 'CONFLICT',
  PHONE_REQUIRED: 'BAD_REQUEST',
  PHONE_COUNTRY_NOT_SERVED: 'BAD_REQUEST',
  NAFATH_UNAVAILABLE: 'BAD_GATEWAY',
  NAFATH_REQUEST_OPEN: 'CONFLICT',
  NAFATH_MINOR: 'BAD_REQUEST',
  INVALID_CREDENTIALS: 'UNAUTHORIZED',
  EMAIL_TAKEN: 'CONFLICT',
  ADMIN_ONLY_LOGIN: 'FORBIDDEN',
  USE_ADMIN_LOGIN: 'FORBIDDEN',
  CONSENT_REQUIRED: 'BAD_REQUEST',
  // A signed-in user who has not accepted the terms and privacy policy in force: nothing else until they do.
  CONSENT_UPDATE_REQUIRED: 'FORBIDDEN',
  ALREADY_REGISTERED: 'CONFLICT',
  DATE_IN_PAST: 'BAD_REQUEST',
  SLOT_UNAVAILABLE: 'CONFLICT',
  CHECKOUT_IN_PROGRESS: 'CONFLICT',
  HOLD_LIMIT: 'TOO_MANY_REQUESTS',
  ALREADY_BOOKED: 'CONFLICT',
  PAYMENT_FAILED: 'PAYMENT_REQUIRED',
  // The gateway did not take the refund back: nothing was cancelled.
  REFUND_FAILED: 'BAD_GATEWAY',
  CANCEL_WINDOW_PASSED: 'BAD_REQUEST',
  RESCHEDULE_WINDOW_PASSED: 'BAD_REQUEST',
  HOME_COLLECTION_UNAVAILABLE: 'CONFLICT',
  OUTSIDE_HOME_AREA: 'BAD_REQUEST',
  PACKAGE_NOT_FOR_PATIENT: 'BAD_REQUEST',
  LAB_LOCATION_REQUIRED: 'BAD_REQUEST',
  OUT_OF_STOCK: 'CONFLICT',
  PRODUCT_UNAVAILABLE: 'CONFLICT',
  STORE_UNAVAILABLE: 'BAD_GATEWAY',
  NPHIES_TIMEOUT: 'GATEWAY_TIMEOUT',
  NPHIES_ERROR: 'BAD_GATEWAY',
  CHECKOUT_EXPIRED: 'CONFLICT',
  CHECKOUT_CLOSED: 'CONFLICT',
  PAYMENT_DECLINED: 'PAYMENT_REQUIRED',
  BOOKING_NOT_CONFIRMED: 'CONFLICT',
  // A booking is completed from its start time on, never before (issue #57).
  BOOKING_NOT_STARTED: 'CONFLICT',
  // A collector sets out from two hours before a home visit's window until it ends (issue #55).
  HOME_VISIT_NOT_NOW: 'CONFLICT',
  BOOKING_CANCELLED: 'CONFLICT',
  // Results are for a visit that happened: not one marked a no-show, nor one still to come (issue #76).
  BOOKING_NO_SHOW: 'CONFLICT',
  VISIT_HAS_RESULTS: 'CONFLICT',
  VISIT_NOT_YET: 'CONFLICT',
  TEST_ALREADY_EXISTS: 'CONFLICT',
  TEST_ALREADY_REQUESTED: 'CONFLICT',
  TEST_ALREADY_OFFERED: 'CONFLICT',
  PLAN_TEST_LIMIT: 'FORBIDDEN',
  TEST_REQUEST_REVIEWED: 'CONFLICT',
  PACKAGE_REVIEWED: 'CONFLICT',
  PROMO_REFUSED: 'BAD_REQUEST',
  WALLET_BALANCE_CHANGED: 'CONFLICT',
  PACKAGE_NOT_APPROVED: 'CONFLICT',
  REFERRAL_CODE_UNKNOWN: 'BAD_REQUEST',
  PLAN_NOT_AVAILABLE: 'BAD_REQUEST',
  WRONG_PASSWORD: 'BAD_REQUEST',
  EMAIL_MISMATCH: 'BAD_REQUEST',
  WEAK_PASSWORD: 'BAD_REQUEST',
  FILE_EMPTY: 'BAD_REQUEST',
  FILE_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FILE_TYPE_NOT_ALLOWED: 'UNSUPPORTED_MEDIA_TYPE',
  // The stored file failed its integrity check: our fault, not the reader's, and nothing of it is sent.
  RESULT_DAMAGED: 'INTERNAL_SERVER_ERROR',
  // A value that cannot be stored as typed (details: which one, and why).
  RESULT_VALUE_INVALID: 'BAD_REQUEST',
  // A value past a critical limit: the call to the patient must be recorded before release.
  CRITICAL_CALL_REQUIRED: 'CONFLICT',
  // The analysis (issue #54, ADR 0063): a Premium or Enterprise plan's; a Premium lab's interpretive
  // comment is signed by its specialist before the report is released.
  PREMIUM_REQUIRED: 'FORBIDDEN',
  INTERPRETATION_UNSIGNED: 'CONFLICT',
  // The waitlist (issue #58): a day with free times in the window is booked, not waited for; a window the
  // lab has no times in for the test is never offered.
  WAITLIST_TIMES_FREE: 'CONFLICT',
  WAITLIST_NO_TIMES: 'BAD_REQUEST',
  // A visit of a series the lab cannot give (closed that day, or full): the whole series is refused, the date named.
  SERIES_DATE_UNAVAILABLE: 'CONFLICT',
  RESERVED_VISIT_TOO_SOON: 'BAD_REQUEST',
  PAY_UP_FRONT: 'FORBIDDEN',
  NOTHING_TO_RELEASE: 'CONFLICT',
  EMAIL_NOT_VERIFIED: 'FORBIDDEN',
  EMAIL_ALREADY_VERIFIED: 'CONFLICT',
  LINK_INVALID: 'BAD_REQUEST',
  LINK_EXPIRED: 'BAD_REQUEST',
  LINK_USED: 'BAD_REQUEST',
  REQUEST_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  // An admin or approved lab past its grace period: nothing but enrolment until a second factor is set up.
  TWO_FACTOR_SETUP_REQUIRED: 'FORBIDDEN',
  TWO_FACTOR_CODE_INVALID: 'BAD_REQUEST',
  // A recovery code spent before is told as such (issue #61), not as a wrong authenticator code.
  RECOVERY_CODE_USED: 'BAD_REQUEST',
  // The password step of a two-step sign-in is missing or too old: start again.
  SECOND_FACTOR_EXPIRED: 'UNAUTHORIZED',
  PASSKEY_FAILED: 'BAD_REQUEST',
  // An administrator's sensitive action after 15 minutes without the password: enter it (auth.confirmPassword) and try again.
  PASSWORD_CONFIRMATION_REQUIRED: 'FORBIDDEN',
  // A visitor or address already has as many store checkouts open, or units reserved, as it may.
  RESERVATION_LIMIT: 'TOO_MANY_REQUESTS',
  STOCK_BELOW_ZERO: 'CONFLICT',
  ORDER_STATUS_NOT_ALLOWED: 'CONFLICT',
  STORE_MANAGED_EXTERNALLY: 'PRECONDITION_FAILED',
  COLLECTION_NAME_TAKEN: 'CONFLICT',
  // Reviews (issue #22): only a completed booking, once per booking, changed within REVIEW_EDIT_DAYS.
  BOOKING_NOT_COMPLETED: 'CONFLICT',
  REVIEW_EXISTS: 'CONFLICT',
  REVIEW_EDIT_WINDOW_PASSED: 'BAD_REQUEST',
  // Payouts (ADR 0043): never more than the lab's balance owed; a payout is reversed once.
  PAYOUT_EXCEEDS_BALANCE: 'CONFLICT',
  PAYOUT_ALREADY_REVERSED: 'CONFLICT',
  // A doctor's share link (ADR 0061): expired, revoked or locked (details.reason) and never working again;
  // its code asked for, or a wrong one given (details.attemptsLeft before it locks).
  SHARE_GONE: 'FORBIDDEN',
  SHARE_CODE_REQUIRED: 'UNAUTHORIZED',
  SHARE_CODE_WRONG: 'UNAUTHORIZED',
  // A lab's NPHIES certificate, key or address that cannot work (details.reason), and a search filter by
  // insurance for someone whose policy is not in force (ADR 0094).
  NPHIES_SETTINGS_REFUSED: 'BAD_REQUEST',
  INSURANCE_NOT_IN_FORCE: 'PRECONDITION_FAILED',
  COVERAGE_CHANGED: 'CONFLICT',
  COVERAGE_UNANSWERED: 'PRECONDITION_FAILED',
  CLAIM_NOT_RESUBMITTABLE: 'CONFLICT',
  INTERNAL: 'INTERNAL_SERVER_ERROR',
};

export function toTrpcError(error: AppError): TRPCError {
  return new TRPCError({ code: trpcCodeFor[error.code], message: error.code, cause: error });
}

export interface ErrorData {
  appCode: AppErrorCode | null;
  details: Record<string, unknown> | null;
  fieldErrors: Record<string, string[] | undefined> | null;
  formErrors: string[] | null;
}

const t = initTRPC.context<TrpcContext>().create({
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    const flattened = cause instanceof ZodError ? z.flattenError(cause) : null;
    const appError = cause instanceof AppError ? cause : null;
    const data: typeof shape.data & ErrorData = {
      ...shape.data,
      appCode: appError?.code ?? (flattened ? 'VALIDATION_FAILED' : null),
      details: appError?.details ?? null,
      fieldErrors: flattened?.fieldErrors ?? null,
      formErrors: flattened?.formErrors ?? null,
    };
    const internal = error.code === 'INTERNAL_SERVER_ERROR';
    // Never leak a database or driver message to the client.
    return { ...shape, message: internal ? 'INTERNAL' : shape.message, data: { ...data, stack: undefined } };
  },
});

export const router = t.router;
export const mergeRouters = t.mergeRouters;
export const createCallerFactory = t.createCallerFactory;

/** Turns an AppError thrown anywhere below into its tRPC error. */
const appErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    throw toTrpcError(result.error.cause);
  }
  return result;
});

/**
 * An input nested deeper than any form of ours is refused before anything walks it: the checks below
 * recurse, and `{"a":` 5,000 times (30 KB) overflowed the stack with a 500 and a logged failure.
 * tRPC has parsed the JSON by now, which V8 does without recursion.
 */
const boundedNesting = t.middleware(async ({ getRawInput, next }) => {
  const raw = await getRawInput().catch(() => undefined);
  if (nestsDeeperThan(raw, MAX_INPUT_DEPTH)) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: 'REQUEST_TOO_LARGE',
      cause: new AppError('REQUEST_TOO_LARGE', { maxDepth: MAX_INPUT_DEPTH }),
    });
  }
  return next();
});

function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: [item: unknown, depth: number][] = [[value, 0]];
  for (let entry = pending.pop(); entry; entry = pending.pop()) {
    const [item, depth] = entry;
    if (item === null || typeof item !== 'object') continue;
    if (depth === limit) return true;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return false;
}

/**
 * Text with a NUL character is refused for every procedure before its own schema runs: PostgreSQL
 * cannot store U+0000 and would answer with a 500. The refusal names the field, like any other.
 */
const noNulCharacters = t.middleware(async ({ getRawInput, next }) => {
  // An input that cannot be read at all (no body for a procedure without input) is the procedure's own business.
  const raw = await getRawInput().catch(() => undefined);
  const path = pathToNul(raw);
  if (path) {
    const refusal = z
      .unknown()
      .refine(() => false, { message: validationMessages.invalid, path })
      .safeParse(null);
    throw new TRPCError({ code: 'BAD_REQUEST', cause: refusal.error });
  }
  return next();
});

function pathToNul(value: unknown, path: PropertyKey[] = []): PropertyKey[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const found = pathToNul(item, [...path, Array.isArray(value) ? Number(key) : key]);
    if (found) return found;
  }
  return null;
}

/**
 * What an admin or approved lab past its grace period without a second factor may still call: itself,
 * enrolment (an authenticator app, or a passkey, then signing in again with it), sign-out, consent and
 * what any visitor reads.
 * Adding a passkey asks for the password if it was entered over 15 minutes ago, so confirming it is enrolment too.
 */
const enrolment = [
  'account.twoFactorSetup',
  'account.twoFactorEnable',
  'account.passkeys',
  'account.passkeyRegistrationOptions',
  'account.passkeyRegister',
  'auth.confirmPassword',
];
/**
 * What any visitor reads (the catalogue, the store's shelves, the plans, a lab's reviews), nothing of the
 * caller's: neither account rule holds it back. Someone asked to accept new terms or to enrol sees the
 * site's pages and footer around that one step, as they would signed out, not failed requests.
 */
export const visitorReads = [
  'catalog.categories',
  'catalog.category',
  'catalog.popularTests',
  'catalog.test',
  'catalog.labsForTest',
  'catalog.labs',
  'catalog.lab',
  'catalog.socialLinks',
  'catalog.mapTiles',
  'search.labTests',
  'search.packagesWith',
  // A lab's packages (issue #79): a package's page, those compared, build your own and its markers.
  'packages.get',
  'packages.list',
  'packages.catalogue',
  'packages.buildYourOwn',
  'packages.markers',
  'store.products',
  'store.collections',
  'store.product',
  'store.variants',
  'reviews.forLab',
  'subscriptions.plans',
  'analysis.howItWorks',
];
const reachableBeforeSetup = new Set([
  ...visitorReads,
  'auth.me',
  'auth.signOut',
  'auth.acceptConsent',
  'auth.passkeySignInOptions',
  'auth.signInWithPasskey',
  ...enrolment,
]);

/**
 * What a signed-in user who has not accepted the terms and privacy policy in force may still call:
 * itself, the acceptance, sign-out and what any visitor reads (the two-factor rule lets the acceptance
 * through, so neither rule locks the other out). The legal pages themselves call no procedure. Taking one's data
 * (`GET /account/export.zip`) does not wait for consent: someone who declines the new terms may
 * still leave with everything we keep about them.
 */
const reachableBeforeConsent = new Set([...visitorReads, 'auth.me', 'auth.acceptConsent', 'auth.completePhoneSignUp', 'auth.signOut']);

/**
 * The two-factor rule for every procedure (docs/decisions/0023): an admin or approved lab whose grace
 * period has run out without a second factor gets TWO_FACTOR_SETUP_REQUIRED from everything else.
 * Runs before the input is read, so no procedure's own checks are reached.
 */
const secondFactorRule = t.middleware(async ({ ctx, path, next }) => {
  if (ctx.user) {
    const standing = await secondFactorStanding(ctx.db, ctx.user, ctx.config.TWO_FACTOR_GRACE_DAYS);
    if (standing === 'setup_required' && !reachableBeforeSetup.has(path)) throw new AppError('TWO_FACTOR_SETUP_REQUIRED');
  }
  return next();
});

/**
 * Consent for every procedure (docs/decisions/0024, amended by 0025): a signed-in user who has not
 * accepted the current terms and privacy policy versions (auth.me's `consent_required`) gets
 * CONSENT_UPDATE_REQUIRED from everything but `reachableBeforeConsent`. Runs before the input is read.
 */
const consentRule = t.middleware(({ ctx, path, next }) => {
  if (ctx.user?.consent_required && !reachableBeforeConsent.has(path)) throw new AppError('CONSENT_UPDATE_REQUIRED');
  return next();
});

export const baseProcedure = t.procedure.use(boundedNesting).use(noNulCharacters).use(appErrors).use(secondFactorRule).use(consentRule);
