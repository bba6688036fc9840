// STC Pay at Moyasar (docs: STC Pay, Custom UI): the page creates the payment with the wallet's mobile
// number and the publishable key, as it does a card's; STC Pay texts the customer a one-time code; the
// page posts it to the payment's `transaction_url`, and the payment ends paid or failed: one code per
// payment, a wrong one ends it (docs: STC Pay, Testing: "Other: failed, Invalid OTP"). The customer then
// goes to our callback with ?id=&status=&message=, as from 3-D Secure, and the server asks the gateway
// itself what happened (ADR 0026); after a wrong code the page starts a new payment instead (issue
// #61). STC Pay keeps no token, so plans are paid by card only.
import { saudiMobile } from '../../../shared/phone.ts';
import { createAtGateway, digitsOf, type GatewayPayment, type GatewayRequest, returnUrlFor } from './card-payment.ts';

export type StcPayStart =
  | { kind: 'code'; transactionUrl: string; mobile: string }
  /** Refused when made (the number, the wallet): the server says why (payments.outcome). */
  | { kind: 'declined'; paymentId: string | null }
  | { kind: 'invalid' }
  | { kind: 'unavailable' };

/** Creates the payment with the wallet's number; STC Pay then texts its code to that number. */
export async function startStcPay(required: GatewayRequest, typedMobile: string): Promise<StcPayStart> {
  const mobile = saudiMobile(typedMobile);
  if (!mobile) return { kind: 'invalid' };
  const answer = await createAtGateway(required, { type: 'stcpay', mobile });
  if (!answer) return { kind: 'unavailable' };
  const { status, body } = answer;
  if (status === 400 && body?.errors && Object.keys(body.errors).some((key) => key === 'source.mobile')) return { kind: 'invalid' };
  if (status >= 300 || !body) return { kind: 'unavailable' };
  if (body.status === 'initiated' && body.source?.transaction_url)
    return { kind: 'code', transactionUrl: body.source.transaction_url, mobile };
  if (body.status === 'failed') return { kind: 'declined', paymentId: body.id ?? null };
  return { kind: 'unavailable' };
}

/** A one-time code as STC Pay sends it: digits only, 4 to 8 of them. */
export function stcPayCode(typed: string): string | null {
  const code = digitsOf(typed);
  return /^\d{4,8}$/.test(code) ? code : null;
}

/** The payment an STC Pay code ended, and our callback to go to with it. */
export interface StcPayEnd {
  kind: 'ended';
  paymentId: string;
  failed: boolean;
  /** Our callback, which asks the gateway and says how the payment ended. */
  url: string;
}

/**
 * Posts the code to the payment's `transaction_url` (docs: OTP verification). The payment it answers is
 * over, paid or failed.
 */
export async function confirmStcPay(
  required: Pick<GatewayRequest, 'payment'>,
  transactionUrl: string,
  code: string,
): Promise<StcPayEnd | { kind: 'unavailable' }> {
  let payment: GatewayPayment | null;
  try {
    const response = await fetch(transactionUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ otp_value: code }),
    });
    payment = response.ok ? ((await response.json().catch(() => null)) as GatewayPayment | null) : null;
  } catch {
    return { kind: 'unavailable' };
  }
  if (!payment?.id || !payment.status) return { kind: 'unavailable' };
  return {
    kind: 'ended',
    paymentId: payment.id,
    failed: payment.status === 'failed',
    url: returnUrlFor(required.payment.callback_url, { ...payment, id: payment.id, status: payment.status }),
  };
}
