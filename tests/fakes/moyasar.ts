// A fake of Moyasar's payments API (https://docs.moyasar.com), speaking its published protocol on
// 127.0.0.1, for tests and for local development (`npm run fake:moyasar`): create a card payment with
// the publishable key (the browser, as Moyasar's form does), fetch, refund and void it with the secret
// key (HTTP Basic, the key as user name), amounts in halalas; a 3-D Secure page with "Approve" and
// "Decline" that returns to the payment's callback_url with ?id=&status=&message=; the test cards'
// outcomes as Moyasar's "Test Cards" page lists them; and webhooks (payment_paid, payment_failed,
// payment_refunded, payment_voided) posted to a configured URL with its secret_token; a card saved with
// `save_card` is charged again with its token (`source.type: "token"`, the secret key), as renewals do;
// STC Pay (`source.type: "stcpay"` with the wallet's mobile), ended by the texted code posted to its
// `transaction_url`, with the sandbox's numbers and codes; a card saved without a payment (`/v1/tokens`,
// the publishable key), `initiated` until 3-D Secure makes it `active`, fetched and deleted with the
// secret key.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Status = 'initiated' | 'paid' | 'failed' | 'authorized' | 'captured' | 'refunded' | 'voided';

export interface FakePayment {
  id: string;
  status: Status;
  amount: number;
  fee: number;
  currency: string;
  refunded: number;
  refunded_at: string | null;
  captured: number;
  captured_at: string | null;
  voided_at: string | null;
  description: string | null;
  amount_format: string;
  invoice_id: null;
  ip: string | null;
  callback_url: string;
  created_at: string;
  updated_at: string;
  metadata: Record<string, string> | null;
  source: FakeCardSource | FakeStcPaySource;
}

/** A card's source; Apple Pay's is the same with `type: 'applepay'` (the card behind the device's token). */
export interface FakeCardSource {
  type: 'creditcard' | 'applepay';
  company: 'mada' | 'visa' | 'master' | 'amex';
  name: string;
  number: string;
  gateway_id: string;
  reference_number: string | null;
  /** The saved card's token when the payment asked `source.save_card: true` (docs: Save Card During a Payment). */
  token: string | null;
  message: string | null;
  /** The issuer's answer (ISO 8583: 00 approved, 51 insufficient funds…), null until it was asked (and when 3-D Secure failed). */
  response_code: string | null;
  /** The issuer's approval code of a paid payment. */
  authorization_code: string | null;
  transaction_url: string | null;
}

/** STC Pay's source (docs: STC Pay, Custom UI): the wallet's mobile, and where its texted code is posted. */
export interface FakeStcPaySource {
  type: 'stcpay';
  mobile: string;
  reference_number: string | null;
  branch: string | null;
  cashier: string | null;
  message: string | null;
  transaction_url: string | null;
}

/** A card saved without a payment (docs: Tokenization, Create Token), as the API answers it. */
export interface FakeToken {
  id: string;
  status: 'initiated' | 'active' | 'inactive';
  brand: FakeCardSource['company'];
  funding: 'credit' | 'debit';
  country: string;
  month: string;
  year: string;
  name: string;
  last_four: string;
  metadata: Record<string, string> | null;
  message: string | null;
  verification_url: string | null;
  callback_url: string;
  created_at: string;
  updated_at: string;
  expires_at: string;
}

/**
 * STC Pay's sandbox (docs: STC Pay, Testing): these numbers fail when the payment is created; any other
 * gets a code, and the code decides the end.
 */
export const STC_PAY_TEST_MOBILES: Record<string, string> = {
  '0515555555': 'Mobile number is not registered to use the STC Pay service.',
  '0515555556': 'Please update your information using the STC Pay app before attempting payment.',
  '0515555557': 'The customer account status is invalid, please contact STC Pay support.',
  '0515555558': 'You have exhausted your OTP attempts, please wait 15 minutes then try again.',
  '0515555559': 'Please wait 60 seconds before attempting a new payment.',
};
/** The sandbox's number whose wallet has used up its codes. */
const CODES_EXHAUSTED_MOBILE = '0515555558';
export const STC_PAY_TEST_CODES: Record<string, { status: 'paid' | 'failed'; message: string }> = {
  '123456': { status: 'paid', message: 'Paid' },
  '000000': { status: 'paid', message: 'Paid' },
  '111111': { status: 'failed', message: 'Insufficient Balance.' },
  '222222': { status: 'failed', message: 'You have exceeded the allowed daily transaction limit for your STC Pay account.' },
  '333333': { status: 'failed', message: 'You have exceeded the maximum allowed transaction amount.' },
  '444444': { status: 'failed', message: 'Connection timed out while waiting for response from STC Pay service.' },
};

/** How a payment with a test card ends: its status, `source.message` and `source.response_code` (none when 3-D Secure failed). */
export interface TestCardOutcome {
  status: 'paid' | 'failed';
  message: string;
  response_code: string | null;
}

const testCard = (status: 'paid' | 'failed', message: string, response_code: string | null = null): TestCardOutcome => ({
  status,
  message,
  response_code,
});
const APPROVED = testCard('paid', 'APPROVED', '00');
const UNSPECIFIED = testCard('failed', 'UNSPECIFIED FAILURE', '99');
const INSUFFICIENT = testCard('failed', 'INSUFFICIENT FUNDS', '51');
const LOST = testCard('failed', 'DECLINED: LOST CARD', '41');
const DECLINED = testCard('failed', 'DECLINED', '05');
const EXPIRED = testCard('failed', 'DECLINED: EXPIRED CARD', '54');
const OVER_LIMIT = testCard('failed', 'DECLINED: EXCEEDS WITHDRAWAL LIMIT', '61');
const STOLEN = testCard('failed', 'DECLINED: STOLEN CARD', '43');
const THREE_DS_ERROR = testCard('failed', '3DS service error occurred.');

/**
 * Moyasar's test cards and what paying with them ends in, every one its "Test Cards" page lists (docs:
 * Guides, Card Payments, Test Cards): status, message and response code as the page gives them. A card
 * not listed fails, as the page says.
 */
export const TEST_CARDS: Record<string, TestCardOutcome> = {
  // mada
  '4201320111111010': APPROVED,
  '4201320000013020': UNSPECIFIED,
  '4201320000311101': INSUFFICIENT,
  '4201320131000508': LOST,
  '4201321234411220': DECLINED,
  '4201322267774310': EXPIRED,
  '4201326324640570': OVER_LIMIT,
  '4201321144311528': STOLEN,
  // Visa, with the cards whose 3-D Secure fails
  '4111118250252531': testCard(
    'failed',
    '3DS: attempted but not available, please ensure that you have enabled Online Purchase from your bank portal.',
  ),
  '4111114005765430': APPROVED,
  '4111111111111111': APPROVED,
  '4111113343111067': THREE_DS_ERROR,
  '4111116611600661': testCard('failed', 'The card is not enrolled in 3DS service.'),
  '4111112205628150': THREE_DS_ERROR,
  '4111115784228433': testCard('failed', 'The authentication attempt was rejected by the issuer bank.'),
  '4111115620358287': testCard(
    'failed',
    'The authentication is unavailable, please try again later or contact issuer bank if problem persisted.',
  ),
  '4123120000000000': UNSPECIFIED,
  '4123120001090000': INSUFFICIENT,
  '4123450131000508': LOST,
  '4123120001090109': DECLINED,
  '4123128518640738': EXPIRED,
  '4123123033308648': OVER_LIMIT,
  '4123125276780003': STOLEN,
  // Mastercard
  '5421080101000000': APPROVED,
  '5105105105105100': UNSPECIFIED,
  '5457210001000092': INSUFFICIENT,
  '5204010101000000': LOST,
  '5204730000002514': DECLINED,
  '5105107550274126': EXPIRED,
  '5105106475101067': OVER_LIMIT,
  '5105107304607225': STOLEN,
  // American Express
  '340000000900000': APPROVED,
  '371111111111114': UNSPECIFIED,
  '340033000000000': INSUFFICIENT,
  '340012340501000': LOST,
  '340033000000133': DECLINED,
  '340000018441278': EXPIRED,
  '340000753060788': OVER_LIMIT,
  '340000418501838': STOLEN,
};

/** A card the Test Cards page does not list: "will result in a failed payment". */
const UNLISTED_CARD = UNSPECIFIED;

/** The cardholder pressing "Decline" at the fake issuer's 3-D Secure page: authentication failed, the issuer never asked to pay. */
const DECLINED_AT_3DS = testCard('failed', '3-D Secure transaction attempt failed (Declined by the cardholder)');

/**
 * Apple Pay's sandbox decides by the amount (docs: Apple Pay, Testing, Test Amounts): these ranges (in
 * halalas) fail with the card's message. The sandbox fails every amount outside its ranges too; this
 * fake pays them (a checkout's total is what it is), and declines a Wallet card whose last four digits
 * are 0109 (the declined Visa test card's).
 */
export const APPLE_PAY_TEST_AMOUNTS: { from: number; to: number; outcome: TestCardOutcome }[] = [
  { from: 100_000, to: 110_000, outcome: UNSPECIFIED },
  { from: 110_100, to: 120_000, outcome: INSUFFICIENT },
  { from: 120_100, to: 130_000, outcome: LOST },
  { from: 130_100, to: 140_000, outcome: DECLINED },
  { from: 140_100, to: 150_000, outcome: EXPIRED },
  { from: 150_100, to: 160_000, outcome: OVER_LIMIT },
  { from: 160_100, to: 170_000, outcome: STOLEN },
];

const MADA_BINS = ['420132', '440647', '440795', '446404', '457865', '968208', '588845', '636120', '417633', '468540'];

function company(number: string): FakeCardSource['company'] {
  if (MADA_BINS.some((bin) => number.startsWith(bin))) return 'mada';
  if (number.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'master';
  return 'amex';
}

/** An issuer's six-digit approval code. */
const authorizationCode = () => String(Math.floor(Math.random() * 1e6)).padStart(6, '0');
/** A UUID, as a payment's given_id must be (docs: Idempotency). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export interface FakeMoyasarOptions {
  secretKey?: string;
  publishableKey?: string;
  /** Where webhooks go, and the secret_token they carry. */
  webhookUrl?: string;
  webhookSecret?: string;
  port?: number;
}

export interface WebhookDelivery {
  type: string;
  paymentId: string;
  status: number | 'error';
}

export async function startFakeMoyasar(options: FakeMoyasarOptions = {}) {
  const secretKey = options.secretKey ?? 'sk_test_fake';
  const publishableKey = options.publishableKey ?? 'pk_test_fake';
  let webhook = options.webhookUrl ? { url: options.webhookUrl, secret: options.webhookSecret ?? '' } : null;
  const payments = new Map<string, FakePayment>();
  /** The outcome each payment's card leads to once 3-D Secure is approved. */
  const outcomes = new Map<string, TestCardOutcome>();
  /** The cards saved as tokens (`save_card`), as the gateway keeps them: a token payment charges the card behind it. */
  const savedCards = new Map<string, { number: string; name: string }>();
  /** Cards saved without a payment, and the number behind each until 3-D Secure ends. */
  const tokens = new Map<string, FakeToken>();
  const tokenCards = new Map<string, { number: string; name: string }>();
  /** Wallets whose wrong codes reached STC Pay's limit (`exhaustCodeAttempts`). */
  const codesExhausted = new Set<string>();
  const deliveries: WebhookDelivery[] = [];
  const pendingDeliveries = new Set<Promise<void>>();
  let origin = '';

  function keyOf(req: IncomingMessage): string | null {
    const header = req.headers.authorization ?? '';
    if (!header.startsWith('Basic ')) return null;
    return Buffer.from(header.slice(6), 'base64').toString().split(':')[0] ?? null;
  }

  async function sendWebhook(payment: FakePayment, type: string, secretToken?: string): Promise<void> {
    if (!webhook) return;
    const target = webhook;
    const body = {
      id: randomUUID(),
      type,
      created_at: new Date().toISOString(),
      secret_token: secretToken ?? target.secret,
      account_name: 'Tahaleel (test)',
      live: false,
      data: payment,
    };
    const delivery = fetch(target.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      .then((response) => {
        deliveries.push({ type, paymentId: payment.id, status: response.status });
      })
      .catch(() => {
        deliveries.push({ type, paymentId: payment.id, status: 'error' });
      });
    pendingDeliveries.add(delivery);
    await delivery;
    pendingDeliveries.delete(delivery);
  }

  function touch(payment: FakePayment) {
    payment.updated_at = new Date().toISOString();
  }

  /** A payment `initiated` ends paid or failed (3-D Secure, or STC Pay's code): captured when paid, and the webhook sent. */
  function end(payment: FakePayment, outcome: { status: 'paid' | 'failed'; message: string; response_code?: string | null }) {
    payment.status = outcome.status;
    payment.source.message = outcome.message;
    if (payment.source.type !== 'stcpay') {
      payment.source.response_code = outcome.response_code ?? null;
      payment.source.authorization_code = outcome.status === 'paid' ? authorizationCode() : null;
    }
    if (outcome.status === 'paid') {
      payment.captured = payment.amount;
      payment.captured_at = new Date().toISOString();
      payment.source.reference_number = String(Math.floor(Math.random() * 1e12)).padStart(12, '0');
    }
    touch(payment);
    void sendWebhook(payment, outcome.status === 'paid' ? 'payment_paid' : 'payment_failed');
  }

  function finish3ds(payment: FakePayment, decision: 'approve' | 'decline') {
    if (payment.status !== 'initiated') return;
    const outcome = decision === 'approve' ? (outcomes.get(payment.id) ?? UNLISTED_CARD) : DECLINED_AT_3DS;
    end(payment, outcome);
    const saved = payment.source.type === 'creditcard' ? payment.source.token : null;
    const token = saved ? tokens.get(saved) : undefined;
    if (token) {
      token.status = outcome.status === 'paid' ? 'active' : 'inactive';
      token.message = payment.source.message;
      token.updated_at = payment.updated_at;
    }
  }

  function callbackUrlOf(payment: FakePayment): string {
    const url = new URL(payment.callback_url);
    url.searchParams.set('id', payment.id);
    url.searchParams.set('status', payment.status);
    url.searchParams.set('message', payment.source.message ?? '');
    return url.toString();
  }

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'access-control-allow-origin': '*' });
    res.end(JSON.stringify(body));
  };
  const unauthorized = (res: ServerResponse) =>
    json(res, 401, { type: 'authentication_error', message: 'Invalid authorization credentials', errors: null });
  const notFound = (res: ServerResponse) => json(res, 404, { type: 'api_error', message: 'Object not found', errors: null });
  const invalid = (res: ServerResponse, errors: Record<string, string[]>) =>
    json(res, 400, { type: 'invalid_request_error', message: 'Validation Failed', errors });

  async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString();
    if (!text) return {};
    if ((req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded')) {
      // Moyasar takes form fields too: source[number]=… and the like.
      const body: Record<string, unknown> = {};
      for (const [key, value] of new URLSearchParams(text)) {
        const nested = /^(\w+)\[(\w+)\]$/.exec(key);
        if (nested) body[nested[1]!] = { ...(body[nested[1]!] as object), [nested[2]!]: value };
        else body[key] = value;
      }
      return body;
    }
    return JSON.parse(text) as Record<string, unknown>;
  }

  /**
   * A payment charging a saved card (docs: Tokenized Cards), with the secret key: `source: { type:
   * 'token', token }`, no 3-D Secure here, so it is `paid` or `failed` at once, as the card behind the
   * token would end (the test cards). `given_id` becomes its id; the same one again answers that payment.
   */
  function createTokenPayment(body: Record<string, unknown>, ip: string | null, res: ServerResponse) {
    const source = (body.source ?? {}) as Record<string, unknown>;
    const amount = Number(body.amount);
    const errors: Record<string, string[]> = {};
    if (!Number.isInteger(amount) || amount < 100) errors.amount = ['must be an integer of at least 100'];
    const card = savedCards.get(String(source.token ?? ''));
    if (!card) errors['source.token'] = ['is invalid'];
    const givenId = typeof body.given_id === 'string' ? body.given_id : null;
    if (givenId !== null && !UUID.test(givenId)) errors.given_id = ['is invalid'];
    if (!card || Object.keys(errors).length > 0) return invalid(res, errors);
    const again = givenId ? payments.get(givenId) : undefined;
    if (again) return json(res, 201, again);
    const outcome = TEST_CARDS[card.number] ?? UNLISTED_CARD;
    const currency = String(body.currency ?? 'SAR').toUpperCase();
    const at = new Date().toISOString();
    const payment: FakePayment = {
      id: givenId ?? randomUUID(),
      status: outcome.status,
      amount,
      fee: 0,
      currency,
      refunded: 0,
      refunded_at: null,
      captured: outcome.status === 'paid' ? amount : 0,
      captured_at: outcome.status === 'paid' ? at : null,
      voided_at: null,
      description: typeof body.description === 'string' ? body.description : null,
      amount_format: `${(amount / 100).toFixed(2)} ${currency}`,
      invoice_id: null,
      ip,
      callback_url: typeof body.callback_url === 'string' ? body.callback_url : '',
      created_at: at,
      updated_at: at,
      metadata: (body.metadata as Record<string, string> | undefined) ?? null,
      source: {
        type: 'creditcard',
        company: company(card.number),
        name: card.name,
        number: `${card.number.slice(0, 4)}-${card.number.slice(4, 6)}XX-XXXX-${card.number.slice(-4)}`,
        gateway_id: `moyasar_cc_${randomUUID().replaceAll('-', '').slice(0, 20)}`,
        reference_number: outcome.status === 'paid' ? String(Math.floor(Math.random() * 1e12)).padStart(12, '0') : null,
        token: String(source.token),
        message: outcome.message,
        response_code: outcome.response_code,
        authorization_code: outcome.status === 'paid' ? authorizationCode() : null,
        transaction_url: null,
      },
    };
    payments.set(payment.id, payment);
    json(res, 201, payment);
    void sendWebhook(payment, outcome.status === 'paid' ? 'payment_paid' : 'payment_failed');
  }

  /** What every payment the browser creates carries, checked as the API does; errors go in `errors`. */
  function paymentFields(body: Record<string, unknown>, ip: string | null, errors: Record<string, string[]>) {
    const givenId = typeof body.given_id === 'string' ? body.given_id : null;
    if (givenId !== null && !UUID.test(givenId)) errors.given_id = ['is invalid'];
    const amount = Number(body.amount);
    if (!Number.isInteger(amount) || amount < 100) errors.amount = ['must be an integer of at least 100'];
    const currency = String(body.currency ?? 'SAR').toUpperCase();
    const callbackUrl = typeof body.callback_url === 'string' ? body.callback_url : '';
    if (!/^https?:\/\//.test(callbackUrl)) errors.callback_url = ['is invalid'];
    const at = new Date().toISOString();
    return {
      id: givenId ?? randomUUID(),
      status: 'initiated' as Status,
      amount,
      fee: 0,
      currency,
      refunded: 0,
      refunded_at: null,
      captured: 0,
      captured_at: null,
      voided_at: null,
      description: typeof body.description === 'string' ? body.description : null,
      amount_format: `${(amount / 100).toFixed(2)} ${currency}`,
      invoice_id: null,
      ip,
      callback_url: callbackUrl,
      created_at: at,
      updated_at: at,
      metadata: (body.metadata as Record<string, string> | undefined) ?? null,
    };
  }

  /**
   * An STC Pay payment (docs: STC Pay, Custom UI): `source: { type: 'stcpay', mobile }`. The sandbox's
   * failing numbers fail at once; any other is `initiated`, with the `transaction_url` its texted code is
   * posted to.
   */
  function createStcPayment(body: Record<string, unknown>, ip: string | null, res: ServerResponse) {
    const source = (body.source ?? {}) as Record<string, unknown>;
    const errors: Record<string, string[]> = {};
    const fields = paymentFields(body, ip, errors);
    const mobile = String(source.mobile ?? '').replace(/[\s-]/g, '');
    if (!/^05\d{8}$/.test(mobile)) errors['source.mobile'] = ['is invalid'];
    if (fields.currency !== 'SAR') errors.currency = ['STC Pay takes SAR only'];
    if (Object.keys(errors).length > 0) return invalid(res, errors);
    const refused = STC_PAY_TEST_MOBILES[mobile] ?? (codesExhausted.has(mobile) ? STC_PAY_TEST_MOBILES[CODES_EXHAUSTED_MOBILE] : undefined);
    const payment: FakePayment = {
      ...fields,
      status: refused ? 'failed' : 'initiated',
      source: {
        type: 'stcpay',
        mobile,
        reference_number: null,
        branch: null,
        cashier: null,
        message: refused ?? null,
        transaction_url: refused ? null : `${origin}/v1/stc_pays/${fields.id}/proceed?otp_token=${randomUUID().replaceAll('-', '')}`,
      },
    };
    payments.set(payment.id, payment);
    json(res, 201, payment);
    if (refused) void sendWebhook(payment, 'payment_failed');
  }

  /** The texted code posted to the payment's transaction_url: the sandbox's codes decide the end, any other is an invalid code. */
  async function proceedStcPayment(req: IncomingMessage, res: ServerResponse, id: string, otpToken: string | null) {
    const payment = payments.get(id);
    if (payment?.source.type !== 'stcpay' || !payment.source.transaction_url?.endsWith(`otp_token=${otpToken}`)) return notFound(res);
    if (payment.status !== 'initiated') return invalid(res, { status: [`a ${payment.status} payment cannot proceed`] });
    const body = await readBody(req);
    const code = String(body.otp_value ?? '');
    if (!/^\d+$/.test(code)) return invalid(res, { otp_value: ['is invalid'] });
    const outcome = STC_PAY_TEST_CODES[code] ?? { status: 'failed' as const, message: 'Invalid OTP' };
    end(payment, outcome);
    json(res, 200, payment);
  }

  /**
   * Apple Pay's merchant validation (docs: Apple Pay Web, "Request Apple Pay Session"): the page sends
   * Apple's validation_url with its domain and the publishable key; Moyasar answers Apple's merchant
   * session object, which the page hands to the sheet.
   */
  function applePaySession(body: Record<string, unknown>, res: ServerResponse) {
    if (body.publishable_api_key !== publishableKey) return unauthorized(res);
    const errors: Record<string, string[]> = {};
    const validationUrl = String(body.validation_url ?? '');
    if (!/^https:\/\/apple-pay-gateway(-[\w-]+)?\.apple\.com\//.test(validationUrl)) errors.validation_url = ['is invalid'];
    if (typeof body.domain_name !== 'string' || !body.domain_name) errors.domain_name = ["can't be blank"];
    if (typeof body.display_name !== 'string' || !body.display_name) errors.display_name = ["can't be blank"];
    if (Object.keys(errors).length > 0) return invalid(res, errors);
    const now = Date.now();
    json(res, 200, {
      epochTimestamp: now,
      expiresAt: now + 3_600_000,
      merchantSessionIdentifier: `SSH${randomUUID().replaceAll('-', '').toUpperCase()}`,
      nonce: randomUUID().slice(0, 8),
      merchantIdentifier: 'merchant.com.moyasar.fake',
      domainName: body.domain_name,
      displayName: body.display_name,
      signature: Buffer.from(randomUUID()).toString('base64'),
    });
  }

  /**
   * An Apple Pay payment (docs: Apple Pay Web): `source: { type: 'applepay', token }`, the sheet's token
   * (`paymentData`, `paymentMethod`, `transactionIdentifier`). Paid or failed at once, without 3-D
   * Secure: the sandbox's test amounts fail as it lists them (APPLE_PAY_TEST_AMOUNTS), and a card whose
   * `paymentMethod.displayName` ends in 0109 (the declined test card's last four) is declined.
   */
  function createApplePayment(body: Record<string, unknown>, ip: string | null, res: ServerResponse) {
    const source = (body.source ?? {}) as Record<string, unknown>;
    const errors: Record<string, string[]> = {};
    const fields = paymentFields(body, ip, errors);
    const token = (typeof source.token === 'string' ? JSON.parse(source.token) : source.token) as
      | { paymentData?: unknown; paymentMethod?: { displayName?: string; network?: string } }
      | undefined;
    if (!token?.paymentData || !token.paymentMethod) errors['source.token'] = ['is invalid'];
    if (Object.keys(errors).length > 0) return invalid(res, errors);
    const shown = token!.paymentMethod!.displayName ?? '';
    const lastFour = /(\d{4})$/.exec(shown)?.[1] ?? '1111';
    const outcome =
      APPLE_PAY_TEST_AMOUNTS.find((range) => fields.amount >= range.from && fields.amount <= range.to)?.outcome ??
      (lastFour === '0109' ? DECLINED : APPROVED);
    const declined = outcome.status === 'failed';
    const network = (token!.paymentMethod!.network ?? 'visa').toLowerCase();
    const payment: FakePayment = {
      ...fields,
      status: outcome.status,
      captured: declined ? 0 : fields.amount,
      captured_at: declined ? null : fields.created_at,
      source: {
        type: 'applepay',
        company: network === 'mada' ? 'mada' : network === 'mastercard' ? 'master' : 'visa',
        name: '',
        number: `XXXX-XXXX-XXXX-${lastFour}`,
        gateway_id: `moyasar_ap_${randomUUID().replaceAll('-', '').slice(0, 20)}`,
        reference_number: declined ? null : String(Math.floor(Math.random() * 1e12)).padStart(12, '0'),
        token: null,
        message: outcome.message,
        response_code: outcome.response_code,
        authorization_code: declined ? null : authorizationCode(),
        transaction_url: null,
      },
    };
    payments.set(payment.id, payment);
    json(res, 201, payment);
    void sendWebhook(payment, declined ? 'payment_failed' : 'payment_paid');
  }

  /** A card's fields checked as the API does (`prefix` is `source.` in a payment, nothing in a token); errors go in `errors`. */
  function cardFields(card: Record<string, unknown>, errors: Record<string, string[]>, prefix: string) {
    const name = String(card.name ?? '').trim();
    if (name.split(/\s+/).length < 2) errors[`${prefix}name`] = ['must consist of two names'];
    const number = String(card.number ?? '').replace(/[\s-]/g, '');
    if (!/^\d{15,19}$/.test(number) || !luhn(number)) errors[`${prefix}number`] = ['is invalid'];
    const month = Number(card.month);
    let year = Number(card.year);
    if (year < 100) year += 2000;
    const now = new Date();
    if (!(month >= 1 && month <= 12)) errors[`${prefix}month`] = ['is invalid'];
    else if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1))
      errors[`${prefix}year`] = ['card is expired'];
    if (!/^\d{3,4}$/.test(String(card.cvc ?? ''))) errors[`${prefix}cvc`] = ['is invalid'];
    return { name, number, month, year };
  }

  /**
   * A card saved without a payment (docs: Create Token, the default flow), with the publishable key:
   * `initiated`, with the `verification_url` of a 3-D Secure page (Moyasar authorizes 1 SAR there and
   * voids it) that returns to `callback_url?id=&status=&message=`; `active` once the card passes.
   */
  function createToken(body: Record<string, unknown>, res: ServerResponse) {
    const errors: Record<string, string[]> = {};
    const { name, number, month, year } = cardFields(body, errors, '');
    const callbackUrl = typeof body.callback_url === 'string' ? body.callback_url : '';
    if (!/^https?:\/\//.test(callbackUrl)) errors.callback_url = ['is invalid'];
    if (Object.keys(errors).length > 0) return invalid(res, errors);
    const token = newToken({ name, number, month, year }, callbackUrl, (body.metadata as Record<string, string> | undefined) ?? null);
    token.verification_url = `${origin}/fake/3ds/tokens/${token.id}`;
    json(res, 201, token);
  }

  /** A saved card, `initiated` until 3-D Secure ends (a token's own, or the payment's that saved it). */
  function newToken(
    card: { name: string; number: string; month: number; year: number },
    callbackUrl: string,
    metadata: Record<string, string> | null,
  ) {
    const at = new Date().toISOString();
    const token: FakeToken = {
      id: `token_${randomUUID().replaceAll('-', '').slice(0, 26)}`,
      status: 'initiated',
      brand: company(card.number),
      funding: 'credit',
      country: 'SA',
      month: String(card.month),
      year: String(card.year),
      name: card.name,
      last_four: card.number.slice(-4),
      metadata,
      message: null,
      verification_url: null,
      callback_url: callbackUrl,
      created_at: at,
      updated_at: at,
      expires_at: new Date(Date.UTC(card.year, card.month, 1)).toISOString(),
    };
    tokens.set(token.id, token);
    tokenCards.set(token.id, { number: card.number, name: card.name });
    return token;
  }

  /** The cardholder at the token's 3-D Secure page: a card that would pay becomes a saved card; any other, or "Decline", is inactive. */
  function finishToken3ds(token: FakeToken, decision: 'approve' | 'decline') {
    if (token.status !== 'initiated') return;
    const card = tokenCards.get(token.id)!;
    const outcome = decision === 'approve' ? (TEST_CARDS[card.number] ?? UNLISTED_CARD) : DECLINED_AT_3DS;
    token.status = outcome.status === 'paid' ? 'active' : 'inactive';
    token.message = outcome.status === 'paid' ? 'Succeeded' : outcome.message;
    token.updated_at = new Date().toISOString();
    if (token.status === 'active') savedCards.set(token.id, card);
  }

  function tokenCallbackUrl(token: FakeToken): string {
    const url = new URL(token.callback_url);
    url.searchParams.set('id', token.id);
    url.searchParams.set('status', token.status);
    url.searchParams.set('message', token.message ?? '');
    return url.toString();
  }

  function createPayment(body: Record<string, unknown>, ip: string | null, res: ServerResponse) {
    // docs: Idempotency — a payment created with a given_id is answered again for the same given_id.
    const again = typeof body.given_id === 'string' ? payments.get(body.given_id) : undefined;
    if (again) return json(res, 201, again);
    const source = (body.source ?? {}) as Record<string, unknown>;
    if (source.type === 'stcpay') return createStcPayment(body, ip, res);
    if (source.type === 'applepay') return createApplePayment(body, ip, res);
    const errors: Record<string, string[]> = {};
    const fields = paymentFields(body, ip, errors);
    if (source.type !== 'creditcard') errors['source.type'] = ['only creditcard, stcpay, applepay and token are supported by this fake'];
    const { name, number, month, year } = cardFields(source, errors, 'source.');
    if (Object.keys(errors).length > 0) return invalid(res, errors);
    const saveCard = source.save_card === true || source.save_card === 'true';

    const id = fields.id;
    const payment: FakePayment = {
      ...fields,
      source: {
        type: 'creditcard',
        company: company(number),
        name,
        number: `${number.slice(0, 4)}-${number.slice(4, 6)}XX-XXXX-${number.slice(-4)}`,
        gateway_id: `moyasar_cc_${randomUUID().replaceAll('-', '').slice(0, 20)}`,
        reference_number: null,
        // Moyasar answers the token at once, even while the payment is still `initiated`; it is active once 3-D Secure passes.
        token: saveCard ? newToken({ name, number, month, year }, fields.callback_url, null).id : null,
        message: null,
        response_code: null,
        authorization_code: null,
        transaction_url: `${origin}/fake/3ds/${id}`,
      },
    };
    payments.set(id, payment);
    const saved = payment.source.type === 'creditcard' ? payment.source.token : null;
    if (saved) savedCards.set(saved, { number, name });
    outcomes.set(id, TEST_CARDS[number] ?? UNLISTED_CARD);
    json(res, 201, payment);
  }

  function threeDsPage(payment: { amount_format: string; number: string }): string {
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>3-D Secure (fake)</title><style>body{font-family:sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}
button{font-size:1rem;padding:.6rem 1.2rem;margin-inline-end:.5rem}</style></head><body>
<h1>3-D Secure</h1><p>Fake issuer page for a Moyasar test payment of <strong>${payment.amount_format}</strong>
with card <span dir="ltr">${payment.number}</span>.</p>
<form method="post"><button name="decision" value="approve">Approve</button><button name="decision" value="decline">Decline</button></form>
</body></html>`;
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const path = url.pathname;
      if (req.method === 'OPTIONS') {
        res.writeHead(204, {
          'access-control-allow-origin': '*',
          'access-control-allow-methods': 'GET, POST',
          // What the browser asks for (the e2e browser adds X-Forwarded-For to every request).
          'access-control-allow-headers': req.headers['access-control-request-headers'] ?? 'content-type, authorization',
          'access-control-max-age': '600',
        });
        return res.end();
      }
      if (req.method === 'POST' && path === '/v1/payments') {
        const body = await readBody(req);
        const key = keyOf(req) ?? (typeof body.publishable_api_key === 'string' ? body.publishable_api_key : null);
        if (key !== publishableKey && key !== secretKey) return unauthorized(res);
        const source = (body.source ?? {}) as Record<string, unknown>;
        // A saved card is charged by the merchant's server only, with the secret key.
        if (source.type === 'token')
          return key === secretKey ? createTokenPayment(body, req.socket.remoteAddress ?? null, res) : unauthorized(res);
        return createPayment(body, req.socket.remoteAddress ?? null, res);
      }
      if (req.method === 'POST' && path === '/v1/tokens') {
        const body = await readBody(req);
        const key = keyOf(req) ?? (typeof body.publishable_api_key === 'string' ? body.publishable_api_key : null);
        return key === publishableKey ? createToken(body, res) : unauthorized(res);
      }
      const tokenPath = /^\/v1\/tokens\/([\w-]+)$/.exec(path);
      if (tokenPath) {
        if (keyOf(req) !== secretKey) return unauthorized(res);
        const token = tokens.get(tokenPath[1]!);
        if (!token) return notFound(res);
        if (req.method === 'GET') return json(res, 200, token);
        if (req.method === 'DELETE') {
          tokens.delete(token.id);
          savedCards.delete(token.id);
          res.writeHead(204);
          return res.end();
        }
        return notFound(res);
      }
      const tokenPage = /^\/fake\/3ds\/tokens\/([\w-]+)$/.exec(path);
      if (tokenPage) {
        const token = tokens.get(tokenPage[1]!);
        if (!token) return notFound(res);
        if (req.method === 'POST') finishToken3ds(token, (await readBody(req)).decision === 'decline' ? 'decline' : 'approve');
        if (token.status !== 'initiated') {
          res.writeHead(302, { location: tokenCallbackUrl(token) });
          return res.end();
        }
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(threeDsPage({ amount_format: '1.00 SAR', number: `XXXX-XXXX-XXXX-${token.last_four}` }));
      }
      if (req.method === 'POST' && path === '/v1/applepay/initiate') return applePaySession(await readBody(req), res);
      const stc = /^\/v1\/stc_pays\/([\w-]+)\/proceed$/.exec(path);
      if (stc && req.method === 'POST') return proceedStcPayment(req, res, stc[1]!, url.searchParams.get('otp_token'));
      const three = /^\/fake\/3ds\/([\w-]+)$/.exec(path);
      if (three) {
        const payment = payments.get(three[1]!);
        if (payment?.source.type !== 'creditcard') return notFound(res);
        const cardPayment = payment as FakePayment & { source: FakeCardSource };
        if (req.method === 'GET') {
          if (payment.status !== 'initiated') {
            res.writeHead(302, { location: callbackUrlOf(payment) });
            return res.end();
          }
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          return res.end(threeDsPage({ amount_format: cardPayment.amount_format, number: cardPayment.source.number }));
        }
        const body = await readBody(req);
        finish3ds(payment, body.decision === 'decline' ? 'decline' : 'approve');
        res.writeHead(302, { location: callbackUrlOf(payment) });
        return res.end();
      }
      const match = /^\/v1\/payments\/([^/]+)(\/refund|\/void)?$/.exec(path);
      if (!match) return notFound(res);
      if (keyOf(req) !== secretKey) return unauthorized(res);
      const payment = payments.get(decodeURIComponent(match[1]!));
      if (!payment) return notFound(res);
      if (req.method === 'GET' && !match[2]) return json(res, 200, payment);
      if (req.method === 'POST' && match[2] === '/refund') {
        const body = await readBody(req);
        const amount = body.amount === undefined ? payment.amount - payment.refunded : Number(body.amount);
        if (!['paid', 'captured', 'refunded'].includes(payment.status))
          return invalid(res, { status: [`a ${payment.status} payment cannot be refunded`] });
        if (!Number.isInteger(amount) || amount <= 0 || payment.refunded + amount > payment.amount)
          return invalid(res, { amount: ['exceeds what is left to refund'] });
        payment.refunded += amount;
        payment.refunded_at = new Date().toISOString();
        payment.status = 'refunded';
        touch(payment);
        void sendWebhook(payment, 'payment_refunded');
        return json(res, 200, payment);
      }
      if (req.method === 'POST' && match[2] === '/void') {
        if (!['paid', 'authorized'].includes(payment.status) || payment.refunded > 0)
          return invalid(res, { status: [`a ${payment.status} payment cannot be voided`] });
        payment.status = 'voided';
        payment.voided_at = new Date().toISOString();
        touch(payment);
        void sendWebhook(payment, 'payment_voided');
        return json(res, 200, payment);
      }
      return notFound(res);
    })().catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    /** MOYASAR_API_URL for the app. */
    apiUrl: `${origin}/v1`,
    origin,
    secretKey,
    publishableKey,
    payments,
    tokens,
    deliveries,
    setWebhook(url: string, secret: string) {
      webhook = { url, secret };
    },
    /** The browser's part: create a payment with the publishable key, as the checkout page does. */
    async createPayment(body: Record<string, unknown>) {
      const response = await fetch(`${origin}/v1/payments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ publishable_api_key: publishableKey, ...body }),
      });
      return { status: response.status, payment: (await response.json()) as FakePayment };
    },
    /** The cardholder at the 3-D Secure page: where the browser is sent back (callback_url?id=…). */
    async complete3ds(id: string, decision: 'approve' | 'decline') {
      const response = await fetch(`${origin}/fake/3ds/${id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `decision=${decision}`,
        redirect: 'manual',
      });
      return response.headers.get('location') ?? '';
    },
    /** The browser's part of saving a card without a payment: the token, `initiated`, created with the publishable key. */
    async createToken(body: Record<string, unknown>) {
      const response = await fetch(`${origin}/v1/tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${publishableKey}:`).toString('base64')}` },
        body: JSON.stringify(body),
      });
      return { status: response.status, token: (await response.json()) as FakeToken };
    },
    /** The cardholder at the token's 3-D Secure page: where the browser is sent back (callback_url?id=…). */
    async completeToken3ds(id: string, decision: 'approve' | 'decline') {
      const response = await fetch(`${origin}/fake/3ds/tokens/${id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `decision=${decision}`,
        redirect: 'manual',
      });
      return response.headers.get('location') ?? '';
    },
    /** The card behind a saved token is declined from now on (its balance ran out: Moyasar's INSUFFICIENT FUNDS test card). */
    declineSavedCard(token: string) {
      const card = savedCards.get(token);
      if (card) card.number = '4123120001090000';
    },
    /** The card behind a saved token pays again (`number`, one of the test cards). */
    restoreSavedCard(token: string, number: string) {
      const card = savedCards.get(token);
      if (card) card.number = number;
    },
    /**
     * STC Pay's own limit of wrong codes reached for a wallet, which its sandbox shows with 0515555558
     * alone: from now on a payment with `mobile` fails when it is made, with that number's message.
     */
    exhaustCodeAttempts(mobile: string) {
      codesExhausted.add(mobile);
    },
    /** Sends a webhook now for a payment as it is, optionally with another secret_token. */
    async sendWebhook(id: string, type: string, secretToken?: string) {
      const payment = payments.get(id);
      if (payment) await sendWebhook(payment, type, secretToken);
    },
    /** Waits for the webhooks under way. */
    async settled() {
      await Promise.all([...pendingDeliveries]);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeMoyasar = Awaited<ReturnType<typeof startFakeMoyasar>>;

// `npm run fake:moyasar`: the fake for local development, with the settings to give the app.
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const port = Number(process.env.FAKE_MOYASAR_PORT ?? 4010);
  const appUrl = process.env.PUBLIC_URL ?? 'http://localhost:3000';
  const webhookSecret = 'whsec_local_fake';
  void startFakeMoyasar({ port, webhookUrl: `${appUrl}/payments/moyasar/webhook`, webhookSecret }).then((fake) =>
    console.log(`Fake Moyasar at ${fake.apiUrl}. Start the app with:
  PAYMENT_PROVIDER=moyasar MOYASAR_API_URL=${fake.apiUrl} MOYASAR_SECRET_KEY=${fake.secretKey} \\
  MOYASAR_PUBLISHABLE_KEY=${fake.publishableKey} MOYASAR_WEBHOOK_SECRET=${webhookSecret} npm start
Test cards: 4111 1111 1111 1111 (Visa) or 4201 3201 1111 1010 (mada) pay; 4123 1200 0109 0109 is declined.
STC Pay: any 05… number but 0515555555–59 gets a code; 123456 pays, 111111 is an empty wallet, others are wrong codes.`),
  );
}
