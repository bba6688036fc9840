import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { PaymentFailureReason } from '../../../shared/payment-failures.ts';

/**
 * Why a payment at the gateway did not go through, in the reader's language (issue #61): the server
 * names the reason (src/server/platform/payment-failures.ts) and keeps the gateway's own words in its
 * log; each reason is said here, with what the customer can do about it.
 */
export const paymentFailureSentences: Record<PaymentFailureReason, MessageDescriptor> = {
  declined: msg`Your bank declined the payment. Please use another card or contact your bank.`,
  insufficient_funds: msg`The card does not have enough funds for this payment. Please use another card.`,
  expired_card: msg`The card has expired. Please use another card.`,
  card_blocked: msg`Your bank has stopped payments with this card. Please use another card or contact your bank.`,
  limit_exceeded: msg`This payment is over the card's spending limit. Please use another card or ask your bank to raise the limit.`,
  invalid_card_details: msg`Your bank did not accept the card details. Check the card number, expiry date and security code, then try again.`,
  not_enabled_online: msg`This card is not set up for online payments. Turn on online purchases in your bank's app, or use another card.`,
  authentication_failed: msg`Your bank could not confirm that the payment is yours. Please try again or use another card.`,
  authentication_unavailable: msg`Your bank's verification service is not available right now. Please try again in a few minutes or use another card.`,
  wallet_not_registered: msg`This mobile number has no STC Pay wallet. Check the number or pay by card.`,
  wallet_update_required: msg`STC Pay asks you to update your information in the STC Pay app first. Update it there, then try again.`,
  wallet_account_invalid: msg`Your STC Pay account cannot pay at the moment. Please contact STC Pay support or pay by card.`,
  wallet_insufficient_balance: msg`Your STC Pay wallet does not have enough balance. Top it up or pay by card.`,
  wallet_daily_limit: msg`You have reached your STC Pay daily limit. Pay by card or try again tomorrow.`,
  wallet_amount_limit: msg`This amount is over what STC Pay allows in one payment. Please pay by card.`,
  wrong_code: msg`The code was wrong. Please try again; STC Pay will text you a new code.`,
  code_attempts_exhausted: msg`You have used up your STC Pay code attempts. Please wait 15 minutes before trying again, or pay by card.`,
  wait_before_retrying: msg`STC Pay asks you to wait a minute before a new payment. Please try again in 60 seconds.`,
  gateway_timeout: msg`The payment service did not answer in time. Please try again.`,
  unknown: msg`The payment did not go through; your bank gave no reason we recognise. Please try again or use another payment method.`,
};
