// Apple Pay at Moyasar (docs: Apple Pay Web): Apple's own payment sheet (the ApplePaySession JS API,
// in Safari on Apple devices), the merchant validated through Moyasar's `/applepay/initiate` with the
// publishable key, and the sheet's encrypted token sent to `/payments` as `source: { type: 'applepay',
// token }`. The payment is paid or failed at once (no 3-D Secure page); the page then goes to our
// callback as the others do, and the server asks the gateway itself (ADR 0026).
import { createAtGateway, type GatewayRequest, returnUrlFor } from './card-payment.ts';

/** The parts of Apple's ApplePaySession (Apple Pay JS, version 3) this page uses. */
interface ApplePaySessionLike {
  begin(): void;
  abort(): void;
  completeMerchantValidation(merchantSession: unknown): void;
  completePayment(result: { status: number }): void;
  onvalidatemerchant: ((event: { validationURL: string }) => void) | null;
  onpaymentauthorized: ((event: { payment: { token: unknown } }) => void) | null;
  oncancel: ((event: unknown) => void) | null;
}

interface ApplePaySessionClass {
  new (version: number, request: unknown): ApplePaySessionLike;
  supportsVersion(version: number): boolean;
  canMakePayments(): boolean;
  readonly STATUS_SUCCESS: number;
  readonly STATUS_FAILURE: number;
}

const APPLE_PAY_VERSION = 3;

function sessionClass(): ApplePaySessionClass | null {
  const found = (globalThis as { ApplePaySession?: ApplePaySessionClass }).ApplePaySession;
  try {
    return found?.supportsVersion(APPLE_PAY_VERSION) && found.canMakePayments() ? found : null;
  } catch {
    // Safari throws when the page is not served over HTTPS.
    return null;
  }
}

/** Whether this browser can pay with Apple Pay (Safari on a device with a card in its Wallet). */
export const applePayAvailable = () => sessionClass() !== null;

export type ApplePayEnd =
  | { kind: 'redirect'; url: string }
  /** The gateway's payment that failed: the server says why (payments.outcome). */
  | { kind: 'declined'; paymentId: string }
  | { kind: 'cancelled' }
  | { kind: 'unavailable' };

/**
 * Opens Apple's payment sheet for `total` (halalas). Safari allows it only in the click's own handler,
 * so it opens before the server has answered: `required` is that answer, awaited when Apple asks to
 * validate the merchant; a rejected `required` closes the sheet. Resolves once the payment is over.
 */
export function payWithApplePay(
  total: { amountHalalas: number; currency: string; label: string },
  required: Promise<GatewayRequest>,
): Promise<ApplePayEnd> {
  const Session = sessionClass();
  if (!Session) return Promise.resolve({ kind: 'unavailable' });
  const session = new Session(APPLE_PAY_VERSION, {
    countryCode: 'SA',
    currencyCode: total.currency,
    supportedNetworks: ['mada', 'visa', 'masterCard'],
    merchantCapabilities: ['supports3DS', 'supportsDebit', 'supportsCredit'],
    total: { label: total.label, amount: (total.amountHalalas / 100).toFixed(2) },
  });
  return new Promise<ApplePayEnd>((resolve) => {
    let answer: GatewayRequest | null = null;
    session.onvalidatemerchant = async (event) => {
      try {
        answer = await required;
        // The sheet shows what is charged: a total the server no longer agrees with is not paid.
        if (answer.payment.amount !== total.amountHalalas) throw new Error('the total changed');
        const response = await fetch(`${answer.gateway_url}/applepay/initiate`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            validation_url: event.validationURL,
            display_name: total.label,
            domain_name: window.location.hostname,
            publishable_api_key: answer.payment.publishable_api_key,
          }),
        });
        if (!response.ok) throw new Error(`the merchant's validation answered HTTP ${response.status}`);
        session.completeMerchantValidation(await response.json());
      } catch {
        session.abort();
        resolve({ kind: 'unavailable' });
      }
    };
    session.onpaymentauthorized = async (event) => {
      const created = answer && (await createAtGateway(answer, { type: 'applepay', token: event.payment.token }));
      const payment = created && created.status < 300 ? created.body : null;
      if (!answer || !payment?.id || !payment.status) {
        session.completePayment({ status: Session.STATUS_FAILURE });
        resolve({ kind: 'unavailable' });
        return;
      }
      const paid = payment.status === 'paid';
      session.completePayment({ status: paid ? Session.STATUS_SUCCESS : Session.STATUS_FAILURE });
      resolve(
        paid
          ? { kind: 'redirect', url: returnUrlFor(answer.payment.callback_url, { ...payment, id: payment.id, status: payment.status }) }
          : { kind: 'declined', paymentId: payment.id },
      );
    };
    session.oncancel = () => resolve({ kind: 'cancelled' });
    session.begin();
  });
}
