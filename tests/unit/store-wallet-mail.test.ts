import { describe, expect, it } from 'vitest';
import { storePaymentRefundedMail } from '../../src/server/modules/mail/templates/store-mails.ts';

// A store payment given back because the wallet no longer held its part of the order (ADR 0093): the
// buyer reads why, in their language, and is sent back to the order to pay again.
describe("the refund mail when the wallet's balance changed", () => {
  const data = {
    name: 'Noura',
    orderReference: 'ST-7K2P',
    amount: 29.99,
    reason: 'wallet_changed' as const,
    link: 'https://tahaleel.sa/store/checkout/x',
  };

  it('says the wallet balance changed, nothing was taken from it and the card was refunded in full, in English and Arabic', () => {
    const en = JSON.stringify(storePaymentRefundedMail(data, 'en').intro);
    expect(en).toContain('Your wallet balance changed');
    expect(en).toContain('nothing was taken from your wallet');
    const ar = storePaymentRefundedMail(data, 'ar');
    expect(JSON.stringify(ar.intro)).toContain('تغيّر رصيد محفظتك');
    expect(ar.action?.label).toBe('عرض الطلب');
  });

  it('is not the sold-out sentence', () => {
    const soldOut = JSON.stringify(storePaymentRefundedMail({ ...data, reason: 'stock_lost' }, 'en').intro);
    expect(soldOut).not.toContain('wallet');
  });
});
