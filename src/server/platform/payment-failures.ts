// Why a payment at Moyasar failed, read from what the gateway answered and named as one of our reasons
// (src/shared/payment-failures.ts), which the client says in the reader's language (issue #61). The
// gateway's own words are English written for merchants ("DECLINED", "Invalid OTP"): they go to the
// server's log here, and never to the customer. A card's answer carries the issuer's ISO 8583 response
// code in `source.response_code`, read first; else `source.message` is matched, case-insensitively;
// an answer neither table knows is `unknown`, and is logged as a warning so it can be added here.
import type { PaymentFailureReason } from '../../shared/payment-failures.ts';
import type { Logger } from './logger.ts';

/** Where a row of the tables below comes from. */
const SOURCES = {
  testCards: 'Moyasar, Card Payments, Test Cards (docs.moyasar.com/guides/card-payments/test-cards)',
  stcPay: 'Moyasar, STC Pay, Testing (docs.moyasar.com/guides/stc-pay/testing)',
  iso8583: 'ISO 8583 response codes as the card schemes use them (beyond the ones Moyasar lists)',
} as const;

interface CodeRow {
  code: string;
  reason: PaymentFailureReason;
  source: keyof typeof SOURCES;
}

/** `source.response_code` of a card's failed payment. */
const RESPONSE_CODES: readonly CodeRow[] = [
  { code: '05', reason: 'declined', source: 'testCards' }, // DECLINED
  { code: '41', reason: 'card_blocked', source: 'testCards' }, // DECLINED: LOST CARD
  { code: '43', reason: 'card_blocked', source: 'testCards' }, // DECLINED: STOLEN CARD
  { code: '51', reason: 'insufficient_funds', source: 'testCards' }, // INSUFFICIENT FUNDS
  { code: '54', reason: 'expired_card', source: 'testCards' }, // DECLINED: EXPIRED CARD
  { code: '61', reason: 'limit_exceeded', source: 'testCards' }, // DECLINED: EXCEEDS WITHDRAWAL LIMIT
  { code: '99', reason: 'declined', source: 'testCards' }, // UNSPECIFIED FAILURE
  { code: '01', reason: 'declined', source: 'iso8583' }, // refer to card issuer
  { code: '04', reason: 'card_blocked', source: 'iso8583' }, // pick up card
  { code: '07', reason: 'card_blocked', source: 'iso8583' }, // pick up card, special condition
  { code: '12', reason: 'declined', source: 'iso8583' }, // invalid transaction
  { code: '14', reason: 'invalid_card_details', source: 'iso8583' }, // invalid card number
  { code: '33', reason: 'expired_card', source: 'iso8583' }, // expired card, pick up
  { code: '57', reason: 'declined', source: 'iso8583' }, // transaction not permitted to cardholder
  { code: '62', reason: 'card_blocked', source: 'iso8583' }, // restricted card
  { code: '65', reason: 'limit_exceeded', source: 'iso8583' }, // exceeds withdrawal frequency limit
  { code: '82', reason: 'invalid_card_details', source: 'iso8583' }, // CVV check failed
  { code: 'N7', reason: 'invalid_card_details', source: 'iso8583' }, // CVV2 mismatch (Visa)
  { code: '91', reason: 'gateway_timeout', source: 'iso8583' }, // issuer or switch inoperative
];

interface MessageRow {
  /** Found anywhere in `source.message`, case-insensitively. */
  contains: string;
  reason: PaymentFailureReason;
  source: keyof typeof SOURCES;
}

/** `source.message`, the first row found in it winning: the more particular rows come first. */
const MESSAGES: readonly MessageRow[] = [
  // STC Pay refusing the wallet's number when the payment is made
  { contains: 'not registered to use the stc pay service', reason: 'wallet_not_registered', source: 'stcPay' },
  { contains: 'update your information using the stc pay app', reason: 'wallet_update_required', source: 'stcPay' },
  { contains: 'customer account status is invalid', reason: 'wallet_account_invalid', source: 'stcPay' },
  { contains: 'exhausted your otp attempts', reason: 'code_attempts_exhausted', source: 'stcPay' },
  { contains: 'before attempting a new payment', reason: 'wait_before_retrying', source: 'stcPay' },
  // STC Pay ending the payment at its texted code
  { contains: 'invalid otp', reason: 'wrong_code', source: 'stcPay' },
  { contains: 'insufficient balance', reason: 'wallet_insufficient_balance', source: 'stcPay' },
  { contains: 'daily transaction limit', reason: 'wallet_daily_limit', source: 'stcPay' },
  { contains: 'maximum allowed transaction amount', reason: 'wallet_amount_limit', source: 'stcPay' },
  { contains: 'timed out', reason: 'gateway_timeout', source: 'stcPay' },
  // A card at 3-D Secure (no response code: the issuer was never asked to pay)
  { contains: 'enabled online purchase', reason: 'not_enabled_online', source: 'testCards' },
  { contains: 'not enrolled', reason: 'not_enabled_online', source: 'testCards' },
  { contains: '3ds service error', reason: 'authentication_unavailable', source: 'testCards' },
  { contains: 'authentication is unavailable', reason: 'authentication_unavailable', source: 'testCards' },
  { contains: 'authentication attempt was rejected', reason: 'authentication_failed', source: 'testCards' },
  { contains: '3-d secure transaction attempt failed', reason: 'authentication_failed', source: 'testCards' },
  // A card's issuer answering
  { contains: 'lost card', reason: 'card_blocked', source: 'testCards' },
  { contains: 'stolen card', reason: 'card_blocked', source: 'testCards' },
  { contains: 'expired card', reason: 'expired_card', source: 'testCards' },
  { contains: 'withdrawal limit', reason: 'limit_exceeded', source: 'testCards' },
  { contains: 'insufficient funds', reason: 'insufficient_funds', source: 'testCards' },
  // The older Test Cards page wrote these with underscores (and a typo Moyasar's sandbox answered with).
  { contains: 'insufficient_funds', reason: 'insufficient_funds', source: 'testCards' },
  { contains: 'unspecified_failuer', reason: 'declined', source: 'testCards' },
  { contains: 'unspecified failure', reason: 'declined', source: 'testCards' },
  { contains: 'do not honor', reason: 'declined', source: 'iso8583' },
  { contains: 'do not honour', reason: 'declined', source: 'iso8583' },
  { contains: 'invalid card', reason: 'invalid_card_details', source: 'iso8583' },
  { contains: 'declined', reason: 'declined', source: 'testCards' },
];

/** What the gateway answered of a failed payment (a card's or a wallet's `source`), as far as the reason goes. */
export interface GatewayFailure {
  response_code?: string | null;
  message?: string | null;
}

/** Our reason for what the gateway answered: its response code if it is one we know, else its message, else `unknown`. */
export function paymentFailureReason(answer: GatewayFailure | null | undefined): PaymentFailureReason {
  const code = answer?.response_code?.trim().toUpperCase();
  const byCode = code ? RESPONSE_CODES.find((row) => row.code === code) : undefined;
  if (byCode) return byCode.reason;
  const message = answer?.message?.toLowerCase() ?? '';
  return MESSAGES.find((row) => message.includes(row.contains))?.reason ?? 'unknown';
}

/**
 * The reason for a failed payment, with the gateway's own words written to the log (and a warning when
 * the tables above do not know them); the words go no further.
 */
export function loggedFailureReason(failed: { id: string; source?: GatewayFailure | null }, log: Logger | undefined): PaymentFailureReason {
  const reason = paymentFailureReason(failed.source);
  const fields = {
    payment: failed.id,
    reason,
    gatewayMessage: failed.source?.message ?? null,
    responseCode: failed.source?.response_code ?? null,
  };
  if (reason === 'unknown') log?.warn(fields, 'a gateway payment failed for a reason payment-failures.ts does not know');
  else log?.info(fields, 'a gateway payment failed');
  return reason;
}
