/**
 * Why a payment at the gateway did not go through, as the customer is told it (issue #61): the server
 * reads the gateway's answer (src/server/platform/payment-failures.ts) and names one of these; the
 * client says it in the reader's language (src/client/features/payments/payment-failure.ts). The
 * gateway's own words stay in the server's log.
 */
export const PAYMENT_FAILURE_REASONS = [
  // Cards (mada, Visa, Mastercard, American Express; Apple Pay charges one)
  'declined',
  'insufficient_funds',
  'expired_card',
  'card_blocked',
  'limit_exceeded',
  'invalid_card_details',
  'not_enabled_online',
  'authentication_failed',
  'authentication_unavailable',
  // STC Pay
  'wallet_not_registered',
  'wallet_update_required',
  'wallet_account_invalid',
  'wallet_insufficient_balance',
  'wallet_daily_limit',
  'wallet_amount_limit',
  'wrong_code',
  'code_attempts_exhausted',
  'wait_before_retrying',
  'gateway_timeout',
  // Anything the table does not know
  'unknown',
] as const;

export type PaymentFailureReason = (typeof PAYMENT_FAILURE_REASONS)[number];
