import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { TRPCClientError } from '@trpc/client';
import { CANCEL_BEFORE_HOURS } from '../../shared/cancellation.ts';
import type { AppErrorCode } from '../../shared/errors.ts';
import { REVIEW_EDIT_DAYS } from '../../shared/review-limits.ts';

/**
 * Codes only a dashboard's own actions meet (a lab's results and price list, the admin's store and
 * payouts, Premium's analysis): their sentences are in the dashboards' catalog
 * (features/dashboard/dashboard-errors.ts), registered by the dashboard routes, so no other page
 * downloads them.
 */
export const dashboardErrorCodes = [
  'LAB_LOCATION_REQUIRED',
  'RESERVED_VISIT_TOO_SOON',
  'BOOKING_NOT_CONFIRMED',
  'BOOKING_NOT_STARTED',
  'HOME_VISIT_NOT_NOW',
  'BOOKING_CANCELLED',
  'BOOKING_NO_SHOW',
  'VISIT_HAS_RESULTS',
  'VISIT_NOT_YET',
  'TEST_ALREADY_EXISTS',
  'TEST_ALREADY_REQUESTED',
  'TEST_ALREADY_OFFERED',
  'TEST_REQUEST_REVIEWED',
  'PACKAGE_REVIEWED',
  'PACKAGE_NOT_APPROVED',
  'FILE_EMPTY',
  'FILE_TOO_LARGE',
  'FILE_TYPE_NOT_ALLOWED',
  'RESULT_VALUE_INVALID',
  'CRITICAL_CALL_REQUIRED',
  'NOTHING_TO_RELEASE',
  'PREMIUM_REQUIRED',
  'INTERPRETATION_UNSIGNED',
  'EMAIL_NOT_VERIFIED',
  'STOCK_BELOW_ZERO',
  'ORDER_STATUS_NOT_ALLOWED',
  'STORE_MANAGED_EXTERNALLY',
  'COLLECTION_NAME_TAKEN',
  'PAYOUT_EXCEEDS_BALANCE',
  'PAYOUT_ALREADY_REVERSED',
  'NPHIES_SETTINGS_REFUSED',
  'CLAIM_NOT_RESUBMITTABLE',
  // Met in the account's settings (Nafath, ADR 0096) and, for now, nowhere else (NPHIES, ADR 0097).
  'NAFATH_UNAVAILABLE',
  'NAFATH_REQUEST_OPEN',
  'NAFATH_MINOR',
  'NPHIES_TIMEOUT',
  'NPHIES_ERROR',
] as const satisfies readonly AppErrorCode[];
export type DashboardErrorCode = (typeof dashboardErrorCodes)[number];

/** Field problems met only in dashboards' forms (the admin's analytes, a lab's intervals), likewise. */
export const dashboardFieldKeys = [
  'age_order',
  'bound_required',
  'range_order',
  'loinc_check_digit',
  'nphies_endpoint',
  'pem_certificate',
  'pem_private_key',
  'pem_key_encrypted',
  'policy_expired',
] as const;

/**
 * Codes only a test's booking panel meets (issue #58: its waitlist, a repeating test): their sentences are
 * in the booking catalog (features/booking/booking-panel-errors.ts), registered by that panel.
 */
export const bookingPanelErrorCodes = [
  'WAITLIST_TIMES_FREE',
  'WAITLIST_NO_TIMES',
  'SERIES_DATE_UNAVAILABLE',
  // Registered by the repeat choice, which loads with its own catalog (features/booking/series-errors.ts).
  'PAY_UP_FRONT',
] as const satisfies readonly AppErrorCode[];
export type BookingPanelErrorCode = (typeof bookingPanelErrorCodes)[number];

/**
 * Codes only the mobile-number forms meet (issue #55: a code by SMS, and a home visit's number, which the
 * booking panel asks for with those forms), registered by them (features/auth/phone-errors.ts).
 */
type PhoneErrorCode = Extract<
  AppErrorCode,
  'PHONE_CODE_WRONG' | 'PHONE_CODE_EXPIRED' | 'PHONE_TAKEN' | 'PHONE_REQUIRED' | 'PHONE_COUNTRY_NOT_SERVED'
>;

/**
 * Codes only the checkout's insurance card meets (paying only the person's share, ADR 0099): their sentences
 * are in its own catalog (features/booking/checkout-coverage-card.tsx), registered as it loads.
 */
export const checkoutCoverageErrorCodes = ['COVERAGE_CHANGED', 'COVERAGE_UNANSWERED'] as const satisfies readonly AppErrorCode[];
type CheckoutCoverageErrorCode = (typeof checkoutCoverageErrorCodes)[number];

/** The sentences pages give for their own codes (the dashboards', the waitlist's) once they load. */
const pageMessages: Partial<Record<string, MessageDescriptor>> = {};

/** The codes whose sentences are in the catalog of the only pages that meet them, which give them as they load. */
type PageErrorCode = DashboardErrorCode | BookingPanelErrorCode | PhoneErrorCode | CheckoutCoverageErrorCode;

/**
 * A page's sentences for its own codes and field problems, given as it loads (dashboard-errors.ts,
 * booking-panel-errors.ts, phone-errors.ts): each names all of its codes.
 */
export function registerPageMessages<C extends PageErrorCode>(
  codes: Record<C, MessageDescriptor>,
  fields: Partial<Record<string, MessageDescriptor>> = {},
) {
  Object.assign(pageMessages, codes);
  Object.assign(pageFieldMessages, fields);
}

/** Field problems only some pages meet (the dashboards', the mobile number's), given by those pages. */
const pageFieldMessages: Partial<Record<string, MessageDescriptor>> = {};

/** A sentence that names what the server's details say (ALREADY_BOOKED's test, lab and time); undefined without them. */
type DetailedMessage = (i18n: I18n, details: Record<string, unknown> | null | undefined) => string | undefined;
const detailedMessages: Partial<Record<AppErrorCode, DetailedMessage>> = {};

/**
 * A page's fuller sentence for a code, given by the page that meets it, so its long text stays off
 * every other page's first load; elsewhere the code's own short sentence is said.
 */
export function registerDetailedMessage(code: AppErrorCode, sentence: DetailedMessage) {
  detailedMessages[code] = sentence;
}

const appErrorMessages: Record<Exclude<AppErrorCode, PageErrorCode>, MessageDescriptor> = {
  UNAUTHENTICATED: msg`Please log in to continue.`,
  FORBIDDEN: msg`You do not have permission to do this.`,
  LAB_NOT_APPROVED: msg`Your lab account is under review. You will be notified once it is approved.`,
  NOT_FOUND: msg`We could not find what you were looking for.`,
  VALIDATION_FAILED: msg`Please check the highlighted fields.`,
  CONFLICT: msg`This conflicts with existing data.`,
  RATE_LIMITED: msg`Too many attempts. Please wait a moment and try again.`,
  INVALID_CREDENTIALS: msg`Invalid login credentials`,
  EMAIL_TAKEN: msg`An account with this e-mail already exists. Try logging in instead.`,
  REFERRAL_CODE_UNKNOWN: msg`This invitation code is not one we know. Check it, or leave it empty.`,
  ADMIN_ONLY_LOGIN: msg`This login is for administrators only.`,
  USE_ADMIN_LOGIN: msg`Administrators sign in through Admin Login at the bottom of the page.`,
  CONSENT_REQUIRED: msg`You must agree to the Terms & Conditions and Privacy Policy.`,
  CONSENT_UPDATE_REQUIRED: msg`Please accept the current Terms & Conditions and Privacy Policy to continue.`,
  ALREADY_REGISTERED: msg`This account already has an e-mail and password.`,
  DATE_IN_PAST: msg`That date has passed. Please choose today or a later day.`,
  SLOT_UNAVAILABLE: msg`Sorry, this time slot is no longer available. Please choose another time.`,
  CHECKOUT_IN_PROGRESS: msg`Your payment is already being processed. Please wait a moment.`,
  HOLD_LIMIT: msg`You have reserved as many time slots as you can at once. Book or remove one from your cart first.`,
  ALREADY_BOOKED: msg`You already have a booking for this test at this time.`,
  PAYMENT_FAILED: msg`The payment did not go through. You have not been charged.`,
  REFUND_FAILED: msg`The refund could not be made just now, so your booking was not cancelled. Please try again shortly.`,
  CANCEL_WINDOW_PASSED: msg`Bookings can be cancelled up to ${CANCEL_BEFORE_HOURS} hours before their time.`,
  RESCHEDULE_WINDOW_PASSED: msg`Bookings can be moved up to ${CANCEL_BEFORE_HOURS} hours before their time.`,
  HOME_COLLECTION_UNAVAILABLE: msg`This lab does not collect samples at home any more. Please book a visit to the lab instead.`,
  PACKAGE_NOT_FOR_PATIENT: msg`This package is not for this person.`,
  OUTSIDE_HOME_AREA: msg`This address is outside the area the lab visits for home collection. Choose another address or book a visit to the lab.`,
  OUT_OF_STOCK: msg`Not enough stock for one of the items.`,
  PRODUCT_UNAVAILABLE: msg`One of the items is currently unavailable.`,
  STORE_UNAVAILABLE: msg`The store is not responding right now. Please try again shortly.`,
  CHECKOUT_EXPIRED: msg`Your reservation has expired. Please return to the store and check out again.`,
  CHECKOUT_CLOSED: msg`This checkout is already closed.`,
  PAYMENT_DECLINED: msg`Your card was declined. Please try another card.`,
  PLAN_TEST_LIMIT: msg`Your plan does not allow more tests on your price list. Upgrade your plan to add more.`,
  PLAN_NOT_AVAILABLE: msg`This plan is not available for your account type.`,
  WRONG_PASSWORD: msg`Your current password is not correct.`,
  EMAIL_MISMATCH: msg`This is not your account's e-mail address. Type it exactly as it appears in your settings.`,
  WEAK_PASSWORD: msg`This password is too easy to guess. Choose a longer one: a few unrelated words work well.`,
  RESULT_DAMAGED: msg`This result file is damaged and cannot be opened safely. We have been alerted; please ask the lab to upload it again.`,
  EMAIL_ALREADY_VERIFIED: msg`Your e-mail address is already confirmed.`,
  LINK_INVALID: msg`This link is not valid. Make sure you opened the whole link from the e-mail, or ask for a new one.`,
  LINK_EXPIRED: msg`This link has expired. Please ask for a new one.`,
  LINK_USED: msg`This link has already been used. Each link works only once.`,
  REQUEST_TOO_LARGE: msg`This request is too large. Please shorten what you entered and try again.`,
  TWO_FACTOR_SETUP_REQUIRED: msg`Set up two-factor authentication first: your account handles patients' health data.`,
  TWO_FACTOR_CODE_INVALID: msg`That code is not correct, or it has already been used. Enter the current code from your app.`,
  RECOVERY_CODE_USED: msg`This recovery code has already been used; enter another one.`,
  SECOND_FACTOR_EXPIRED: msg`Your sign-in took too long. Please enter your e-mail and password again.`,
  PASSKEY_FAILED: msg`The passkey could not be used. Please try again or sign in with your password.`,
  PASSWORD_CONFIRMATION_REQUIRED: msg`For your security, enter your password again to continue.`,
  RESERVATION_LIMIT: msg`You already have as many store checkouts open as you can at once. Pay for one or leave its payment page, or try again in 15 minutes.`,
  BOOKING_NOT_COMPLETED: msg`You can review a lab once your booking there is completed.`,
  REVIEW_EXISTS: msg`You have already reviewed this booking. You can edit your review instead.`,
  REVIEW_EDIT_WINDOW_PASSED: msg`A review can be edited for ${REVIEW_EDIT_DAYS} days after it is written.`,
  SHARE_GONE: msg`This link has expired or was revoked. Ask the patient for a new one.`,
  SHARE_CODE_REQUIRED: msg`Enter the 6-digit code the patient gave you with this link.`,
  PROMO_REFUSED: msg`This code cannot be used on this order.`,
  WALLET_BALANCE_CHANGED: msg`Your wallet balance changed. Please try again.`,
  INSURANCE_NOT_IN_FORCE: msg`Your insurance is not in force, so results cannot be limited to labs it covers. Check its expiry date in your profile.`,
  SHARE_CODE_WRONG: msg`That code is not correct. Check it with the patient: after a few more wrong codes the link stops working.`,
  INTERNAL: msg`Something went wrong on our side. Please try again.`,
};

/** Why the server found a new password too easy to guess (src/server/platform/password-strength.ts). */
const weakPasswordMessages = {
  common: msg`This password is one of the most used ones, so it is easy to guess. Choose another: a few unrelated words work well.`,
  personal: msg`This password contains your name or e-mail address. Choose one that does not.`,
  pattern: msg`This password follows a pattern that is easy to guess (a keyboard row, a sequence, a repeat or a date). Choose another: a few unrelated words work well.`,
} satisfies Record<string, MessageDescriptor>;

const fieldMessages: Record<string, MessageDescriptor> = {
  required: msg`This field is required.`,
  invalid_email: msg`Enter a valid e-mail address.`,
  too_short: msg`This is too short.`,
  too_long: msg`This is too long.`,
  invalid: msg`This value is not valid.`,
  consent_required: msg`You must agree to the Terms & Conditions and Privacy Policy.`,
  invalid_phone: msg`Enter a Saudi mobile number, e.g. 05XXXXXXXX.`,
  invalid_card_number: msg`Enter a valid card number.`,
  invalid_card_expiry: msg`Enter the expiry date as MM/YY.`,
  card_expired: msg`This card has expired.`,
  invalid_card_cvc: msg`Enter the 3 or 4 digit security code.`,
  invalid_building_number: msg`Enter the 4-digit building number.`,
  invalid_postal_code: msg`Enter the 5-digit postal code.`,
  invalid_short_address: msg`Enter the short address as 4 letters and 4 digits, e.g. RRRD2929.`,
  invalid_national_id: msg`Enter a valid national ID or Iqama number: 10 digits starting with 1 or 2.`,
  date_in_future: msg`This date is in the future.`,
};

interface ErrorData {
  appCode?: AppErrorCode | null;
  details?: Record<string, unknown> | null;
  fieldErrors?: Record<string, string[] | undefined> | null;
}

function errorData(error: unknown): ErrorData | undefined {
  return error instanceof TRPCClientError ? (error.data as ErrorData | undefined) : undefined;
}

/** The server's code for an error, when it sent one. */
export function errorCode(error: unknown): AppErrorCode | undefined {
  return errorData(error)?.appCode ?? undefined;
}

/** What the server said about an error beside its code (e.g. which value of a form it refused). */
export function errorDetails(error: unknown): Record<string, unknown> | undefined {
  return errorData(error)?.details ?? undefined;
}

/**
 * The code of a plain HTTP answer `{ error: { appCode } }` (the file routes'), else null. Not checked against
 * the list of codes, which would come to every page: one with no sentence here reads as INTERNAL's.
 */
export function answeredCode(value: unknown): AppErrorCode | null {
  return typeof value === 'string' ? (value as AppErrorCode) : null;
}

/** The sentence for one error code, e.g. from a plain HTTP answer `{ error: { appCode } }`. */
export function appErrorMessage(i18n: I18n, code: AppErrorCode): string {
  return i18n._(sentenceFor(code));
}

/** A code's sentence: the app's own, or a page's once registered (else the generic one). */
function sentenceFor(code: AppErrorCode): MessageDescriptor {
  return (appErrorMessages as Partial<Record<AppErrorCode, MessageDescriptor>>)[code] ?? pageMessages[code] ?? appErrorMessages.INTERNAL;
}

/** A server error in the user's language: each code has its own sentence. */
export function errorMessage(i18n: I18n, error: unknown): string {
  const data = errorData(error);
  const code = data?.appCode;
  const retryAfter = data?.details?.retryAfterSeconds;
  if (code === 'RATE_LIMITED' && typeof retryAfter === 'number') {
    const minutes = Math.max(1, Math.ceil(retryAfter / 60));
    return i18n._(msg`Too many attempts. Please try again in ${plural(minutes, { one: '# minute', other: '# minutes' })}.`);
  }
  const reason = data?.details?.reason;
  if (code === 'WEAK_PASSWORD' && typeof reason === 'string' && reason in weakPasswordMessages) {
    return i18n._(weakPasswordMessages[reason as keyof typeof weakPasswordMessages]);
  }
  const limit = data?.details?.limit;
  if (code === 'PLAN_TEST_LIMIT' && typeof limit === 'number') {
    return i18n._(msg`Your plan lets you offer up to ${limit} tests at a time. Upgrade your plan or deactivate a test to add another.`);
  }
  const status = data?.details?.status;
  const statusText = data?.details?.statusText;
  if (code === 'STORE_UNAVAILABLE' && typeof status === 'number') {
    // The external store's own answer, as spec §8 shows it: 'HTTP {status}: {statusText}'.
    const answer = `HTTP ${status}: ${typeof statusText === 'string' ? statusText : ''}`.trim();
    return i18n._(msg`The store is not responding right now (${answer}). Please try again shortly.`);
  }
  const detailed = code ? detailedMessages[code]?.(i18n, data?.details) : undefined;
  if (detailed) return detailed;
  if (code) return i18n._(sentenceFor(code));
  if (error instanceof TRPCClientError) return i18n._(appErrorMessages.INTERNAL);
  return i18n._(msg`Could not reach the server. Check your connection and try again.`);
}

/** A field's length limits, so that "too short" and "too long" say by how much. */
export interface FieldLimits {
  min?: number;
  max?: number;
}

/** One field's problem (a key of the shared `validationMessages`), translated, with the field's limit when it has one. */
export function fieldMessage(i18n: I18n, key: string, limits: FieldLimits = {}): string {
  const { min, max } = limits;
  if (key === 'too_short' && min !== undefined) return i18n._(msg`Use at least ${min} characters.`);
  if (key === 'too_long' && max !== undefined) return i18n._(msg`Use at most ${max} characters.`);
  return i18n._(fieldMessages[key] ?? pageFieldMessages[key] ?? fieldMessages.invalid!);
}

/** The server's first message for one form field, translated. */
export function fieldError(i18n: I18n, error: unknown, field: string, limits?: FieldLimits): string | undefined {
  const key = errorData(error)?.fieldErrors?.[field]?.[0];
  if (!key) return undefined;
  return fieldMessage(i18n, key, limits);
}
