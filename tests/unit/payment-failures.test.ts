import { describe, expect, it } from 'vitest';
import { paymentFailureReason } from '../../src/server/platform/payment-failures.ts';
import { STC_PAY_TEST_CODES, STC_PAY_TEST_MOBILES, TEST_CARDS } from '../fakes/moyasar.ts';
import { EXPECTED_REASONS } from '../setup/moyasar-failures.ts';

describe("a gateway's answer told as our reason", () => {
  it("names the reason for every failure Moyasar's documentation lists, by its message alone", () => {
    const documented = [
      ...Object.values(TEST_CARDS).filter((card) => card.status === 'failed'),
      ...Object.values(STC_PAY_TEST_MOBILES).map((message) => ({ message })),
      ...Object.values(STC_PAY_TEST_CODES).filter((code) => code.status === 'failed'),
      { message: 'Invalid OTP' },
    ];
    for (const { message } of documented) {
      expect(EXPECTED_REASONS, message).toHaveProperty([message]);
      expect(paymentFailureReason({ message }), message).toBe(EXPECTED_REASONS[message]);
    }
  });

  it("reads a card's response code before its message, and each documented code names the message's reason", () => {
    for (const card of Object.values(TEST_CARDS).filter((card) => card.status === 'failed' && card.response_code)) {
      expect(paymentFailureReason({ response_code: card.response_code, message: null }), card.message).toBe(EXPECTED_REASONS[card.message]);
    }
    expect(paymentFailureReason({ response_code: '51', message: 'DECLINED' })).toBe('insufficient_funds');
    // A code the table does not know leaves the message to say it.
    expect(paymentFailureReason({ response_code: 'Z9', message: 'DECLINED: EXPIRED CARD' })).toBe('expired_card');
  });

  it('matches messages whatever their case, and the older spellings Moyasar wrote', () => {
    expect(paymentFailureReason({ message: 'invalid otp' })).toBe('wrong_code');
    expect(paymentFailureReason({ message: 'Insufficient Funds' })).toBe('insufficient_funds');
    expect(paymentFailureReason({ message: 'INSUFFICIENT_FUNDS' })).toBe('insufficient_funds');
    expect(paymentFailureReason({ message: 'UNSPECIFIED_FAILUER' })).toBe('declined');
    expect(paymentFailureReason({ message: '3-D Secure transaction attempt failed (Not Enrolled)' })).toBe('not_enabled_online');
    expect(paymentFailureReason({ message: 'Do Not Honor' })).toBe('declined');
  });

  it('answers the general reason for a message or code it does not know, or none at all', () => {
    expect(paymentFailureReason({ message: 'Card velocity check tripped (ref 8812)' })).toBe('unknown');
    expect(paymentFailureReason({ response_code: 'Q1', message: '' })).toBe('unknown');
    expect(paymentFailureReason(null)).toBe('unknown');
  });
});
