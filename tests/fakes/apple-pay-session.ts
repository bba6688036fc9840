// A fake of Apple's ApplePaySession (Apple Pay JS, https://developer.apple.com/documentation/apple_pay_on_the_web),
// for Chromium, which has none: it speaks Apple's API as Safari does. `begin()` asks the page to validate
// the merchant with Apple's sandbox validation URL, takes the merchant session the page hands back, then
// plays the customer: confirms with the card given (its token as Apple shapes it) or cancels the sheet.
// What the page did is kept on `window.__applePay` for the test to read. Installed with
// `page.addInitScript(installFakeApplePay, { card: 'Visa 1111' })`.

export interface FakeApplePayOptions {
  /** The Wallet card the customer confirms with, as Apple names it (`paymentMethod.displayName`), or 'cancel'. */
  card: string;
}

export interface FakeApplePayRecord {
  request: unknown;
  merchantSession: unknown;
  completed: number | null;
}

export function installFakeApplePay(options: FakeApplePayOptions) {
  const record: FakeApplePayRecord = { request: null, merchantSession: null, completed: null };
  (window as unknown as { __applePay: FakeApplePayRecord }).__applePay = record;

  class ApplePaySession {
    static readonly STATUS_SUCCESS = 0;
    static readonly STATUS_FAILURE = 1;
    static supportsVersion(version: number) {
      return version >= 1 && version <= 14;
    }
    static canMakePayments() {
      return true;
    }
    onvalidatemerchant: ((event: { validationURL: string }) => void) | null = null;
    onpaymentauthorized: ((event: { payment: unknown }) => void) | null = null;
    oncancel: ((event: unknown) => void) | null = null;
    #ended = false;

    constructor(version: number, request: unknown) {
      if (!ApplePaySession.supportsVersion(version)) throw new TypeError(`Apple Pay JS version ${version} is not supported`);
      record.request = request;
    }
    begin() {
      setTimeout(
        () => this.onvalidatemerchant?.({ validationURL: 'https://apple-pay-gateway-cert.apple.com/paymentservices/startSession' }),
        50,
      );
    }
    completeMerchantValidation(merchantSession: unknown) {
      record.merchantSession = merchantSession;
      setTimeout(() => {
        if (this.#ended) return;
        if (options.card === 'cancel') {
          this.#ended = true;
          this.oncancel?.({});
          return;
        }
        const network = options.card.split(' ')[0] ?? 'Visa';
        this.onpaymentauthorized?.({
          payment: {
            token: {
              paymentData: { version: 'EC_v1', data: btoa(crypto.randomUUID()), signature: btoa('fake'), header: {} },
              paymentMethod: { displayName: options.card, network, type: 'debit' },
              transactionIdentifier: crypto.randomUUID().replaceAll('-', '').toUpperCase(),
            },
          },
        });
      }, 50);
    }
    completePayment(result: number | { status: number }) {
      this.#ended = true;
      record.completed = typeof result === 'number' ? result : result.status;
    }
    abort() {
      if (this.#ended) return;
      this.#ended = true;
      this.oncancel?.({});
    }
  }
  (window as unknown as { ApplePaySession: typeof ApplePaySession }).ApplePaySession = ApplePaySession;
}
