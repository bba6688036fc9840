import { AppError } from '../../shared/errors.ts';
import { TEST_CARD_DECLINED } from '../../shared/store.ts';

export interface ChargeRequest {
  /** In the currency's minor units (halalas for SAR), as gateways take it. */
  amount: number;
  currency: string;
  /**
   * The checkout or order id: charging the same reference again answers the first payment (gateways
   * call this an idempotency key). A checkout whose server stopped during the payment is charged again
   * by the attempt that takes it over.
   */
  reference: string;
  description: string;
  /**
   * The card typed into the built-in store's own payment page, which stands in for a gateway's: only the
   * simulated provider reads it. A real gateway takes the card in the browser; it never reaches us.
   */
  simulatedCard?: { number: string };
}

/**
 * Where money is taken: lab-test checkouts and the built-in store's orders both pay through it. Real
 * gateways (Moyasar first: mada, Apple Pay, STC Pay) plug in here. A refused payment throws
 * `AppError('PAYMENT_DECLINED')`.
 */
export interface PaymentProvider {
  readonly name: string;
  charge(request: ChargeRequest): Promise<{ reference: string }>;
  /** Gives back `amount` halalas of the payment, or all of it that is left when none is named. */
  refund(paymentReference: string, amount?: number): Promise<void>;
  /**
   * Set for a gateway the browser pays at (Moyasar's form): the server never charges, it answers the
   * form's configuration and confirms the payment when it comes back (ADR 0026).
   */
  readonly browser?: BrowserPayments;
}

/**
 * The default: no money moves. It waits like a gateway would (2 s, as the spec has it) and approves,
 * except the store page's test card for a declined payment. The checkout pages say so plainly.
 */
export function simulatedPaymentProvider(delayMs = 2000): PaymentProvider {
  const declined = TEST_CARD_DECLINED.replaceAll(' ', '');
  return {
    name: 'simulated',
    async charge({ reference, simulatedCard }) {
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (simulatedCard?.number.replaceAll(' ', '') === declined) throw new AppError('PAYMENT_DECLINED');
      return { reference: `sim_${reference}` };
    },
    async refund() {},
  };
}

/** A payment's statuses as Moyasar documents them ("Payment Status Reference"). */
export type MoyasarPaymentStatus = 'initiated' | 'paid' | 'failed' | 'authorized' | 'captured' | 'refunded' | 'voided' | 'verified';

/** The fields of Moyasar's payment object this server reads. */
export interface MoyasarPayment {
  id: string;
  status: MoyasarPaymentStatus;
  amount: number;
  currency: string;
  refunded: number;
  description: string | null;
  metadata: Record<string, string> | null;
  /**
   * A card's `number` comes masked (e.g. 4111-11XX-XXXX-1111); `token` is the saved card's gateway token
   * when the payment asked to save it (`save_card`).
   */
  source: {
    type: string;
    company?: string;
    number?: string;
    message?: string | null;
    /** A card's issuer's answer (ISO 8583, e.g. "51"), when the issuer was asked; none for STC Pay. */
    response_code?: string | null;
    transaction_url?: string | null;
    token?: string | null;
  } | null;
}

/**
 * The fields of Moyasar's token object this server reads (docs: Tokenization, Create Token, Fetch
 * Token): a card saved without a payment, `initiated` until the cardholder passes 3-D Secure, then
 * `active` (or `inactive` when that failed).
 */
export interface MoyasarToken {
  id: string;
  status: 'initiated' | 'active' | 'inactive' | 'expired';
  brand: string;
  last_four: string;
  metadata: Record<string, string> | null;
  message?: string | null;
  created_at: string;
}

export interface TokenCharge {
  givenId: string;
  token: string;
  amount: number;
  currency: string;
  description: string;
  metadata: Record<string, string>;
}

/** A gateway the browser pays at: what the checkout page needs, and what the server asks of it. */
export interface BrowserPayments {
  readonly apiUrl: string;
  readonly publishableKey: string;
  fetchPayment(id: string): Promise<MoyasarPayment | null>;
  refundPayment(id: string, amount: number): Promise<MoyasarPayment>;
  voidPayment(id: string): Promise<MoyasarPayment>;
  /**
   * Charges a card the gateway saved (`source: { type: 'token', token }`, docs: Tokenized Cards) with the
   * secret key, without 3-D Secure: a plan's renewal. `givenId` becomes the payment's id, so a charge
   * the server stopped in the middle of is found again by it (docs: given_id, idempotency).
   */
  chargeToken(request: TokenCharge): Promise<MoyasarPayment>;
  /** A card saved at the gateway without a payment (the browser created it with the publishable key); null when there is none. */
  fetchToken(id: string): Promise<MoyasarToken | null>;
  /** Tells the gateway to forget a saved card (docs: Delete Token): a card replaced is charged no more. */
  deleteToken(id: string): Promise<void>;
  /** Whether a webhook's secret_token is the one configured, compared in constant time. */
  isWebhookSecret(token: unknown): boolean;
}
