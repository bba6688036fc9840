// A PaymentProvider that speaks Moyasar's published REST protocol (https://docs.moyasar.com, API
// "Payments"): the browser creates the payment with the publishable key (Moyasar's form model, so a
// card never reaches us), and this server fetches, refunds and voids it with the secret key over HTTP
// Basic (the key as user name, an empty password). Amounts are in halalas. ADR 0026.
import { timingSafeEqual } from 'node:crypto';
import { AppError } from '../../shared/errors.ts';
import { circuitsByKey, isFetchOutage, OUTSIDE_READ_TIMEOUT_MS } from './circuit-breaker.ts';
import type { BrowserPayments, MoyasarPayment, MoyasarToken, PaymentProvider } from './payment-provider.ts';

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

/**
 * A refund or a void moves money: it may take longer than a read to answer. Neither is sent again once it
 * times out (whether it happened is read back from the payment later: the webhook, or the next fetch).
 */
const WRITE_TIMEOUT_MS = 10_000;

/** Moyasar did not answer in time or could not be reached, or was not asked (its circuit is open). */
export class MoyasarOutageError extends Error {
  override name = 'MoyasarOutageError';
}

/** One circuit per API base (platform/circuit-breaker.ts): a gateway that hangs costs one call its timeout, the next none. */
const gatewayCircuit = circuitsByKey({
  isOutage: (error) => error instanceof MoyasarOutageError,
  openError: () => new MoyasarOutageError('Moyasar is not answering: not asked again until it has had time to recover'),
});

/** Moyasar's ids are UUIDs; anything else never reaches its API (a forged id stays a string we never send). */
const PAYMENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A saved card's id, as Moyasar writes it (token_ and letters and digits). */
const TOKEN_ID = /^token_[A-Za-z0-9]{10,64}$/;

export function moyasarPaymentProvider(settings: MoyasarSettings): PaymentProvider & { browser: BrowserPayments } {
  const base = settings.apiUrl.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${settings.secretKey}:`).toString('base64')}`;

  /** One request and its whole answer, read within the deadline (reads 3 s, refunds and voids 10 s); null for 404. */
  function call<T = MoyasarPayment>(method: 'GET' | 'POST' | 'DELETE', path: string, what: string, body?: unknown): Promise<T | null> {
    return gatewayCircuit(base).run(async () => {
      try {
        const response = await fetch(`${base}${path}`, {
          method,
          headers: { authorization, accept: 'application/json', ...(body !== undefined && { 'content-type': 'application/json' }) },
          ...(body !== undefined && { body: JSON.stringify(body) }),
          signal: AbortSignal.timeout(method === 'GET' ? OUTSIDE_READ_TIMEOUT_MS : WRITE_TIMEOUT_MS),
        });
        if (response.status === 404) return null;
        if (!response.ok) throw new Error(`Moyasar ${what} answered HTTP ${response.status}`);
        if (response.status === 204) return null;
        return (await response.json()) as T;
      } catch (error) {
        if (isFetchOutage(error)) throw new MoyasarOutageError(`Moyasar ${what}: no answer (${String(error)})`, { cause: error });
        throw error;
      }
    });
  }

  async function found(answer: Promise<MoyasarPayment | null>, what: string): Promise<MoyasarPayment> {
    const payment = await answer;
    if (!payment) throw new Error(`Moyasar ${what} answered HTTP 404`);
    return payment;
  }

  const browser: BrowserPayments = {
    apiUrl: base,
    publishableKey: settings.publishableKey,
    async fetchPayment(id) {
      if (!PAYMENT_ID.test(id)) return null;
      return call('GET', `/payments/${id}`, 'fetch');
    },
    async refundPayment(id, amount) {
      return found(call('POST', `/payments/${encodeURIComponent(id)}/refund`, 'refund', { amount }), 'refund');
    },
    async voidPayment(id) {
      return found(call('POST', `/payments/${encodeURIComponent(id)}/void`, 'void'), 'void');
    },
    async chargeToken({ givenId, token, amount, currency, description, metadata }) {
      const body = {
        given_id: givenId,
        amount,
        currency,
        description,
        metadata,
        source: { type: 'token', token, '3ds': false, manual: false },
      };
      return found(call('POST', '/payments', 'token charge', body), 'token charge');
    },
    async fetchToken(id) {
      if (!TOKEN_ID.test(id)) return null;
      return call<MoyasarToken>('GET', `/tokens/${id}`, 'token fetch');
    },
    async deleteToken(id) {
      if (!TOKEN_ID.test(id)) return;
      await call('DELETE', `/tokens/${id}`, 'token delete');
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
