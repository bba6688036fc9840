// A PaymentProvider that speaks Moyasar's published REST protocol (https://docs.moyasar.com, API
// "Payments"): the browser creates the payment with the publishable key (Moyasar's form model, so a
// card never reaches us), and this server fetches, refunds and voids it with the secret key over HTTP
// Basic (the key as user name, an empty password). Amounts are in halalas. ADR 0026.
import { timingSafeEqual } from 'node:crypto';
import { AppError } from '../../shared/errors.ts';
import type { BrowserPayments, MoyasarPayment, PaymentProvider } from './payment-provider.ts';

/** A webhook's body ("Webhook Reference"): the event, the shared secret, and the payment it is about. */
export interface MoyasarWebhook {
  id: string;
  type: string;
  secret_token: string;
  data: MoyasarPayment;
}

export interface MoyasarSettings {
  /** The base Moyasar documents, e.g. https://api.moyasar.com/v1; paths are appended to it. */
  apiUrl: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
}

const TIMEOUT_MS = 15_000;

/** Moyasar's ids are UUIDs; anything else never reaches its API (a forged id stays a string we never send). */
const PAYMENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function moyasarPaymentProvider(settings: MoyasarSettings): PaymentProvider & { browser: BrowserPayments } {
  const base = settings.apiUrl.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${settings.secretKey}:`).toString('base64')}`;

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> {
    return fetch(`${base}${path}`, {
      method,
      headers: { authorization, accept: 'application/json', ...(body !== undefined && { 'content-type': 'application/json' }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  }

  async function payment(response: Response, what: string): Promise<MoyasarPayment> {
    if (!response.ok) throw new Error(`Moyasar ${what} answered HTTP ${response.status}`);
    return (await response.json()) as MoyasarPayment;
  }

  const browser: BrowserPayments = {
    apiUrl: base,
    publishableKey: settings.publishableKey,
    async fetchPayment(id) {
      if (!PAYMENT_ID.test(id)) return null;
      const response = await call('GET', `/payments/${id}`);
      if (response.status === 404) return null;
      return payment(response, 'fetch');
    },
    async refundPayment(id, amount) {
      return payment(await call('POST', `/payments/${encodeURIComponent(id)}/refund`, { amount }), 'refund');
    },
    async voidPayment(id) {
      return payment(await call('POST', `/payments/${encodeURIComponent(id)}/void`), 'void');
    },
    isWebhookSecret(token) {
      if (typeof token !== 'string') return false;
      const given = Buffer.from(token);
      const expected = Buffer.from(settings.webhookSecret);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };

  return {
    name: 'moyasar',
    browser,
    // The browser pays at Moyasar; the server never takes a card, so it never charges one.
    async charge() {
      throw new AppError('PAYMENT_FAILED', { reason: 'the browser pays at Moyasar' });
    },
    async refund(paymentReference, amount) {
      let left = amount;
      if (left === undefined) {
        const current = await browser.fetchPayment(paymentReference);
        if (!current) throw new Error(`Moyasar payment ${paymentReference} not found`);
        left = current.amount - current.refunded;
      }
      await browser.refundPayment(paymentReference, left);
    },
  };
}
