import { setupI18n } from '@lingui/core';
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { errorMessage } from '../../src/client/lib/errors.ts';
import { sanitizeStoreHtml } from '../../src/server/modules/store/sanitize.ts';
import { formatStorePrice, passesLuhn, selectVariant } from '../../src/shared/store.ts';
import { cardInput } from '../../src/shared/store-schemas.ts';

describe('store price formatting (spec §3)', () => {
  it('puts cents / 100 with two decimals at the template placeholder $1', () => {
    expect(formatStorePrice(14900, { code: 'SAR', symbol: 'ر.س', template: '$1 SAR' })).toBe('149.00 SAR');
    expect(formatStorePrice(5, { code: 'SAR', symbol: 'ر.س', template: '$1 ر.س' })).toBe('0.05 ر.س');
    expect(formatStorePrice(123456, { template: '€$1' })).toBe('€1234.56');
  });

  it('falls back to the symbol, then the code, then the euro sign', () => {
    expect(formatStorePrice(4000, { code: 'USD', symbol: '$', template: null })).toBe('$40.00');
    expect(formatStorePrice(4000, { code: 'USD', symbol: '$', template: 'no placeholder' })).toBe('$40.00');
    expect(formatStorePrice(1234, { code: 'GBP' })).toBe('GBP 12.34');
    expect(formatStorePrice(1000, null)).toBe('€10.00');
    expect(formatStorePrice(0)).toBe('€0.00');
  });

  it('takes the template literally: no $& or $$ replacement patterns', () => {
    expect(formatStorePrice(100, { template: '$$1 ($&)' })).toBe('$1.00 ($&)');
  });
});

describe('variant selection (site_product_selection)', () => {
  const variants = [
    { id: 'a', price_in_cents: 5000, sale_price_in_cents: null },
    { id: 'b', price_in_cents: 6000, sale_price_in_cents: 3000 },
    { id: 'c', price_in_cents: 3500, sale_price_in_cents: null },
  ];

  it('lowest_price_first picks the cheapest by sale price when present, else price', () => {
    expect(selectVariant(variants, 'lowest_price_first')?.id).toBe('b');
  });

  it('null behaves like lowest_price_first', () => {
    expect(selectVariant(variants, null)?.id).toBe('b');
    expect(selectVariant(variants, undefined)?.id).toBe('b');
  });

  it('any other value picks the first variant', () => {
    expect(selectVariant(variants, 'first')?.id).toBe('a');
    expect(selectVariant(variants, 'manual')?.id).toBe('a');
  });

  it('keeps the first of equally cheap variants, and nothing for no variants', () => {
    const equal = [
      { id: 'x', price_in_cents: 100, sale_price_in_cents: null },
      { id: 'y', price_in_cents: 200, sale_price_in_cents: 100 },
    ];
    expect(selectVariant(equal, null)?.id).toBe('x');
    expect(selectVariant([], null)).toBeUndefined();
  });

  it('picks among the variants in stock, so a product opens on one that can be bought', () => {
    const stocked = [
      { id: 'sold-out', price_in_cents: 100, sale_price_in_cents: null, manage_inventory: true, inventory_quantity: 0 },
      { id: 'two-left', price_in_cents: 300, sale_price_in_cents: null, manage_inventory: true, inventory_quantity: 2 },
      { id: 'untracked', price_in_cents: 200, sale_price_in_cents: null, manage_inventory: false, inventory_quantity: 0 },
    ];
    expect(selectVariant(stocked, 'first')?.id).toBe('two-left');
    expect(selectVariant(stocked, 'lowest_price_first')?.id).toBe('untracked');
    const none = stocked.map((variant) => ({ ...variant, manage_inventory: true, inventory_quantity: 0 }));
    expect(selectVariant(none, 'first')?.id).toBe('sold-out');
  });
});

describe('product HTML sanitizing', () => {
  it.each([
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<img src=x onerror=alert(1)>', ''],
    ['<a href="javascript:alert(1)">x</a>', '<a target="_blank" rel="noopener noreferrer nofollow">x</a>'],
    ['<p onclick="alert(1)" style="color:red">x</p>', '<p>x</p>'],
    ['<iframe src="https://evil.example"></iframe>', ''],
    ['<svg><script>alert(1)</script></svg>', ''],
    ['<ul><li><strong>kept</strong></li></ul>', '<ul><li><strong>kept</strong></li></ul>'],
  ])('%s → %s', (dirty, clean) => {
    expect(sanitizeStoreHtml(dirty)).toBe(clean);
  });

  it('answers an empty string for missing HTML', () => {
    expect(sanitizeStoreHtml(null)).toBe('');
  });
});

describe('simulated card form', () => {
  it('accepts the test card with spaces, a future expiry and a 3-digit code', () => {
    const parsed = cardInput.parse({ name: ' Noura ', number: '4242 4242 4242 4242', expiry: '12 / 39', cvc: '123' });
    expect(parsed).toEqual({ name: 'Noura', number: '4242424242424242', expiry: '12/39', cvc: '123' });
  });

  it('refuses a mistyped number, a past or malformed expiry, and a short code', () => {
    expect(passesLuhn('4242424242424241')).toBe(false);
    const result = cardInput.safeParse({ name: 'x', number: '4242 4242 4242 4241', expiry: '13/30', cvc: '12' });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
    expect(messages).toEqual(['number:invalid_card_number', 'expiry:invalid_card_expiry', 'cvc:invalid_card_cvc']);
    expect(cardInput.safeParse({ name: 'x', number: '4242424242424242', expiry: '01/20', cvc: '123' }).error?.issues[0]?.message).toBe(
      'card_expired',
    );
  });
});

describe('store errors in the user language', () => {
  const unavailable = (details: Record<string, unknown>) =>
    new TRPCClientError('STORE_UNAVAILABLE', {
      result: { error: { code: -32600, message: 'STORE_UNAVAILABLE', data: { appCode: 'STORE_UNAVAILABLE', details } } } as never,
    });

  it("shows the external store's own answer as 'HTTP {status}: {statusText}' inside a translated sentence", async () => {
    const en = setupI18n({ locale: 'en', messages: { en: (await import('../../src/client/locales/en/messages.po')).messages } });
    const ar = setupI18n({ locale: 'ar', messages: { ar: (await import('../../src/client/locales/ar/messages.po')).messages } });
    const answer = unavailable({ status: 503, statusText: 'Service Unavailable' });
    expect(errorMessage(en, answer)).toBe(
      'The store is not responding right now (HTTP 503: Service Unavailable). Please try again shortly.',
    );
    expect(errorMessage(ar, answer)).toBe('المتجر لا يستجيب حاليًا (HTTP 503: Service Unavailable). يرجى المحاولة بعد قليل.');
    expect(errorMessage(en, unavailable({}))).toBe('The store is not responding right now. Please try again shortly.');
  });
});
