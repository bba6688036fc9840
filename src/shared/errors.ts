/**
 * The closed list of error codes a procedure may answer with. The server never builds a
 * user-facing sentence: the client turns each code into a message in the user's language.
 */
export const appErrorCodes = [
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'LAB_NOT_APPROVED',
  'NOT_FOUND',
  'VALIDATION_FAILED',
  'CONFLICT',
  'RATE_LIMITED',
  'PHONE_CODE_WRONG',
  'PHONE_CODE_EXPIRED',
  'PHONE_TAKEN',
  /** A home visit needs a confirmed mobile number (ADR 0074). */
  'PHONE_REQUIRED',
  /** Codes by SMS do not go to this number's country (SMS_COUNTRIES; issue #74). */
  'PHONE_COUNTRY_NOT_SERVED',
  'INVALID_CREDENTIALS',
  'EMAIL_TAKEN',
  'ADMIN_ONLY_LOGIN',
  'USE_ADMIN_LOGIN',
  'CONSENT_REQUIRED',
  'CONSENT_UPDATE_REQUIRED',
  'ALREADY_REGISTERED',
  'DATE_IN_PAST',
  'SLOT_UNAVAILABLE',
  'CHECKOUT_IN_PROGRESS',
  'HOLD_LIMIT',
  'ALREADY_BOOKED',
  'PAYMENT_FAILED',
  'REFUND_FAILED',
  'CANCEL_WINDOW_PASSED',
  'RESCHEDULE_WINDOW_PASSED',
  'HOME_COLLECTION_UNAVAILABLE',
  'OUTSIDE_HOME_AREA',
  'LAB_LOCATION_REQUIRED',
  'OUT_OF_STOCK',
  'PRODUCT_UNAVAILABLE',
  'STORE_UNAVAILABLE',
  'CHECKOUT_EXPIRED',
  'CHECKOUT_CLOSED',
  'PAYMENT_DECLINED',
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
  'PLAN_TEST_LIMIT',
  'TEST_REQUEST_REVIEWED',
  /** A package the admin has already approved or turned down (ADR 0091). */
  'PACKAGE_REVIEWED',
  /** Only an approved package goes on sale. */
  'PACKAGE_NOT_APPROVED',
  /** A package made for one sex, booked for a patient of the other (ADR 0091's amendment on whom a package suits). */
  'PACKAGE_NOT_FOR_PATIENT',
  /** A promo code that cannot be used on this basket; details.reason says why (src/shared/promo.ts promoRefusals). */
  'PROMO_REFUSED',
  /** The wallet holds less than its part of a checkout by the time it is paid; any card payment goes back (ADR 0093). */
  'WALLET_BALANCE_CHANGED',
  /** A referral code typed at sign-up that is nobody's (ADR 0093). */
  'REFERRAL_CODE_UNKNOWN',
  'PLAN_NOT_AVAILABLE',
  'WRONG_PASSWORD',
  'EMAIL_MISMATCH',
  'WEAK_PASSWORD',
  'FILE_EMPTY',
  'FILE_TOO_LARGE',
  'FILE_TYPE_NOT_ALLOWED',
  'RESULT_DAMAGED',
  'RESULT_VALUE_INVALID',
  'CRITICAL_CALL_REQUIRED',
  'NOTHING_TO_RELEASE',
  'PREMIUM_REQUIRED',
  'INTERPRETATION_UNSIGNED',
  'EMAIL_NOT_VERIFIED',
  'EMAIL_ALREADY_VERIFIED',
  'LINK_INVALID',
  'LINK_EXPIRED',
  'LINK_USED',
  'REQUEST_TOO_LARGE',
  'TWO_FACTOR_SETUP_REQUIRED',
  'TWO_FACTOR_CODE_INVALID',
  'RECOVERY_CODE_USED',
  'SECOND_FACTOR_EXPIRED',
  'PASSKEY_FAILED',
  'PASSWORD_CONFIRMATION_REQUIRED',
  'RESERVATION_LIMIT',
  'STOCK_BELOW_ZERO',
  'ORDER_STATUS_NOT_ALLOWED',
  'STORE_MANAGED_EXTERNALLY',
  'COLLECTION_NAME_TAKEN',
  'BOOKING_NOT_COMPLETED',
  'REVIEW_EXISTS',
  'REVIEW_EDIT_WINDOW_PASSED',
  'PAYOUT_EXCEEDS_BALANCE',
  'PAYOUT_ALREADY_REVERSED',
  'SHARE_GONE',
  'SHARE_CODE_REQUIRED',
  'SHARE_CODE_WRONG',
  'WAITLIST_TIMES_FREE',
  'WAITLIST_NO_TIMES',
  'SERIES_DATE_UNAVAILABLE',
  'RESERVED_VISIT_TOO_SOON',
  'PAY_UP_FRONT',
  /** NPHIES did not answer within NPHIES_TIMEOUT_MS, or could not be reached after its retries (ADR 0097). */
  'NPHIES_TIMEOUT',
  /** NPHIES (or the insurer through it) refused the message; details.issues carries its error codes (ADR 0097). */
  'NPHIES_ERROR',
  /** Nafath could not be reached, or is not set up on this site (ADR 0096). */
  'NAFATH_UNAVAILABLE',
  /** Nafath already has a request waiting for this ID number: answer it in the app, or wait for it to expire. */
  'NAFATH_REQUEST_OPEN',
  /** A child under 15 has no Nafath account: their number stands under the account holder's verified identity (ADR 0096). */
  'NAFATH_MINOR',
  /** A lab's NPHIES settings that cannot work (details.reason: src/shared/lab-insurance-schemas.ts nphiesSettingsRefusals). */
  'NPHIES_SETTINGS_REFUSED',
  /** "Covered by my insurance" asked by someone with no insurance in force (ADR 0094). */
  'INSURANCE_NOT_IN_FORCE',
  /** Paying only the person's share: the insurer's answer at payment is not the one the checkout showed (a new check was needed); check again (ADR 0099). */
  'COVERAGE_CHANGED',
  /** Paying only the person's share: the insurer could not be asked at payment; details.reason is the coverage check's reason (ADR 0098, 0099). */
  'COVERAGE_UNANSWERED',
  /** A lab's insurance claim that is neither rejected nor failed, or that a correction already replaces (ADR 0100). */
  'CLAIM_NOT_RESUBMITTABLE',
  'INTERNAL',
] as const;

export type AppErrorCode = (typeof appErrorCodes)[number];

export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: AppErrorCode,
    readonly details: Record<string, unknown> = {},
  ) {
    super(code);
  }
}

export function isAppErrorCode(value: unknown): value is AppErrorCode {
  return typeof value === 'string' && (appErrorCodes as readonly string[]).includes(value);
}
