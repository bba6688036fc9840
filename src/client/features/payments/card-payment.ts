// The browser's part of a Moyasar payment (Moyasar's form model, ADR 0026): the card goes from this
// page straight to the gateway with the publishable key, never through our server; the gateway answers
// a payment `initiated` with the 3-D Secure page to go to (`source.transaction_url`), which returns the
// customer to our callback. STC Pay (stc-pay.ts) goes to the same /payments with the wallet's mobile.

import { latinDigits } from '../../../shared/digits.ts';
import { passesLuhn } from '../../../shared/store.ts';

export interface CardDetails {
  name: string;
  number: string;
  /** MM/YY as typed. */
  expiry: string;
  cvc: string;
}

/** What booking.create (and the store's startPayment) answers when the browser is to pay at the gateway: the form's own configuration keys. */
export interface PaymentRequired {
  checkout_id: string;
  gateway_url: string;
  payment: {
    /** The id the server gave the payment (Moyasar's given_id): it knows every payment of its checkout, made or not (ADR 0095). */
    given_id?: string;
    amount: number;
    currency: string;
    description: string;
    publishable_api_key: string;
    callback_url: string;
    metadata: Record<string, string>;
    /** The form's option to keep the card at the gateway as a token (a plan's renewals charge it, ADR 0042). */
    credit_card?: { save_card: boolean };
  };
}

/** What paying at the gateway needs of the server's answer: where the gateway is, and the form's configuration. */
export type GatewayRequest = Pick<PaymentRequired, 'gateway_url' | 'payment'>;

export type CardField = keyof CardDetails;

/** The digits typed, an Arabic keyboard's as well, without spaces or dashes. */
export const digitsOf = (text: string) => latinDigits(text).replace(/\D/g, '');

/** The fields that cannot be right, before anything is sent (the gateway checks again). */
export function invalidCardFields(card: CardDetails, now = new Date()): CardField[] {
  const invalid: CardField[] = [];
  if (card.name.trim().split(/\s+/).length < 2) invalid.push('name');
  const number = digitsOf(card.number);
  if (number.length < 15 || number.length > 19 || !passesLuhn(number)) invalid.push('number');
  const expiry = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(card.expiry.trim());
  const month = Number(expiry?.[1]);
  const year = expiry ? (expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2])) : 0;
  const thisMonth = now.getFullYear() * 12 + now.getMonth() + 1;
  if (!expiry || month < 1 || month > 12 || year * 12 + month < thisMonth) invalid.push('expiry');
  if (!/^\d{3,4}$/.test(card.cvc.trim())) invalid.push('cvc');
  return invalid;
}

export type GatewayAnswer =
  | { kind: 'redirect'; url: string }
  /** Refused at once: the gateway's payment, whose reason the server tells (payments.outcome); none for a card saved without a payment. */
  | { kind: 'declined'; paymentId: string | null }
  | { kind: 'invalid'; fields: CardField[] }
  | { kind: 'unavailable' };

/** The card's field an error of the gateway names: `source.number` in a payment, `number` in a token. */
const FIELD_OF: Record<string, CardField> = { name: 'name', number: 'number', month: 'expiry', year: 'expiry', cvc: 'cvc' };
const fieldOf = (key: string): CardField | undefined => FIELD_OF[key.replace(/^source\./, '')];

/** The fields a 400 of the gateway names (its `errors`), or none. */
function invalidFieldsIn(errors: Record<string, string[]> | null | undefined): CardField[] {
  return [...new Set(Object.keys(errors ?? {}).flatMap((key) => fieldOf(key) ?? []))];
}

/** The card as the gateway takes it: the typed name, the digits, the month and the full year. */
function cardForGateway(card: CardDetails) {
  const [month, year] = card.expiry.split('/').map((part) => part.trim());
  return {
    name: card.name.trim(),
    number: digitsOf(card.number),
    month,
    year: year && year.length === 2 ? `20${year}` : year,
    cvc: digitsOf(card.cvc),
  };
}

/** Moyasar's payment object, as far as the browser reads it. */
export interface GatewayPayment {
  id?: string;
  status?: string;
  errors?: Record<string, string[]> | null;
  source?: { transaction_url?: string | null; message?: string | null };
}

/** Our callback with what the gateway says of the payment (?id=&status=&message=), as its 3-D Secure page sends the customer back. */
export function returnUrlFor(callbackUrl: string, payment: GatewayPayment & { id: string; status: string }): string {
  const back = new URL(callbackUrl);
  back.searchParams.set('id', payment.id);
  back.searchParams.set('status', payment.status);
  back.searchParams.set('message', payment.source?.message ?? '');
  return back.toString();
}

/** Creates the payment at the gateway's /payments with the publishable key, as Moyasar's form does; null when it does not answer. */
export async function createAtGateway(
  required: GatewayRequest,
  source: Record<string, unknown>,
): Promise<{ status: number; body: GatewayPayment | null } | null> {
  // The form's `credit_card` option is for cards only; the API takes it as `source.save_card`.
  const { credit_card: _cardOnly, ...payment } = required.payment;
  try {
    const response = await fetch(`${required.gateway_url}/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ ...payment, source }),
    });
    return { status: response.status, body: (await response.json().catch(() => null)) as GatewayPayment | null };
  } catch {
    return null;
  }
}

/** Posts the card to the gateway's /payments with the publishable key, as Moyasar's form does. */
export async function payAtGateway(required: GatewayRequest, card: CardDetails): Promise<GatewayAnswer> {
  // The form's `credit_card.save_card` is the API's `source.save_card` (docs: Save Card During a Payment).
  const answer = await createAtGateway(required, {
    type: 'creditcard',
    ...cardForGateway(card),
    ...(required.payment.credit_card?.save_card && { save_card: true }),
  });
  if (!answer) return { kind: 'unavailable' };
  const { status, body } = answer;
  if (status === 400) {
    const fields = invalidFieldsIn(body?.errors);
    if (fields.length > 0) return { kind: 'invalid', fields };
  }
  if (status >= 300 || !body) return { kind: 'unavailable' };
  if (body.status === 'initiated' && body.source?.transaction_url) return { kind: 'redirect', url: body.source.transaction_url };
  if (body.status === 'failed') return { kind: 'declined', paymentId: body.id ?? null };
  return { kind: 'unavailable' };
}

/** What subscriptions.changeCard answers: where the gateway is, and what the saved card's token carries. */
export interface CardSaveRequest {
  gateway_url: string;
  token: { publishable_api_key: string; callback_url: string; metadata: Record<string, string> };
}

/**
 * Saves a card at the gateway without a payment (docs: Tokenization, Create Token): posted from this page
 * to `/tokens` with the publishable key, never through our server. The gateway answers the token
 * `initiated` with the bank's 3-D Secure page to go to (`verification_url`), which returns to our
 * `callback_url?id=…`.
 */
export async function saveCardAtGateway(request: CardSaveRequest, card: CardDetails): Promise<GatewayAnswer> {
  const { month, year, ...rest } = cardForGateway(card);
  let response: Response;
  try {
    response = await fetch(`${request.gateway_url}/tokens`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        authorization: `Basic ${btoa(`${request.token.publishable_api_key}:`)}`,
      },
      body: JSON.stringify({
        ...rest,
        month: Number(month),
        year: Number(year),
        callback_url: request.token.callback_url,
        metadata: request.token.metadata,
      }),
    });
  } catch {
    return { kind: 'unavailable' };
  }
  const body = (await response.json().catch(() => null)) as {
    status?: string;
    verification_url?: string | null;
    errors?: Record<string, string[]> | null;
  } | null;
  if (response.status === 400) {
    const fields = invalidFieldsIn(body?.errors);
    if (fields.length > 0) return { kind: 'invalid', fields };
  }
  if (!response.ok || !body) return { kind: 'unavailable' };
  if (body.status === 'initiated' && body.verification_url) return { kind: 'redirect', url: body.verification_url };
  if (body.status === 'inactive') return { kind: 'declined', paymentId: null };
  return { kind: 'unavailable' };
}
