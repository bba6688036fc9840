import type { PaymentFailureReason } from '../../src/shared/payment-failures.ts';

/**
 * What each failure Moyasar documents should be told as: the messages of its Test Cards page (and the
 * fake's "Decline" at 3-D Secure), and of its STC Pay sandbox's numbers and codes. A message the fake
 * answers that is missing here fails the tests that read it.
 */
export const EXPECTED_REASONS: Record<string, PaymentFailureReason> = {
  'UNSPECIFIED FAILURE': 'declined',
  'INSUFFICIENT FUNDS': 'insufficient_funds',
  'DECLINED: LOST CARD': 'card_blocked',
  DECLINED: 'declined',
  'DECLINED: EXPIRED CARD': 'expired_card',
  'DECLINED: EXCEEDS WITHDRAWAL LIMIT': 'limit_exceeded',
  'DECLINED: STOLEN CARD': 'card_blocked',
  '3DS: attempted but not available, please ensure that you have enabled Online Purchase from your bank portal.': 'not_enabled_online',
  '3DS service error occurred.': 'authentication_unavailable',
  'The card is not enrolled in 3DS service.': 'not_enabled_online',
  'The authentication attempt was rejected by the issuer bank.': 'authentication_failed',
  'The authentication is unavailable, please try again later or contact issuer bank if problem persisted.': 'authentication_unavailable',
  '3-D Secure transaction attempt failed (Declined by the cardholder)': 'authentication_failed',
  'Mobile number is not registered to use the STC Pay service.': 'wallet_not_registered',
  'Please update your information using the STC Pay app before attempting payment.': 'wallet_update_required',
  'The customer account status is invalid, please contact STC Pay support.': 'wallet_account_invalid',
  'You have exhausted your OTP attempts, please wait 15 minutes then try again.': 'code_attempts_exhausted',
  'Please wait 60 seconds before attempting a new payment.': 'wait_before_retrying',
  'Insufficient Balance.': 'wallet_insufficient_balance',
  'You have exceeded the allowed daily transaction limit for your STC Pay account.': 'wallet_daily_limit',
  'You have exceeded the maximum allowed transaction amount.': 'wallet_amount_limit',
  'Connection timed out while waiting for response from STC Pay service.': 'gateway_timeout',
  'Invalid OTP': 'wrong_code',
};
