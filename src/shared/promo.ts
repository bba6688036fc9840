import { latinDigits } from './digits.ts';

/**
 * A promo code as typed, made the one way it is stored: trimmed, spaces and tatweel dropped, Arabic-Indic
 * digits made Latin and letters upper case ("welcome١٠ " is WELCOME10), so a customer never fails on how
 * they typed it.
 */
export function normalizePromoCode(typed: string): string {
  return latinDigits(typed)
    .replace(/[\s\u0640]/g, '')
    .toUpperCase();
}

/** What a stored code must look like (migration 0080's check). */
export const PROMO_CODE_PATTERN = /^[A-Z0-9_-]{3,32}$/;

/** Why a code was refused, each said in the customer's language (client: promo-reasons.ts). */
export const promoRefusals = [
  'not_found',
  'inactive',
  'not_started',
  'expired',
  'used_up',
  'already_used',
  'first_order_only',
  'min_basket',
  'not_applicable',
  /** A guest's store order: a code is used by an account, once per customer. */
  'sign_in',
  /** The order's payment at the gateway has begun: its amount can no longer change. */
  'payment_started',
  /** A checkout the person's insurer pays part of: offers and codes are for payments in full (ADR 0099). */
  'with_insurance',
] as const;
export type PromoRefusal = (typeof promoRefusals)[number];

/** A code's terms that price a basket (promo_codes). */
export interface PromoTerms {
  kind: 'percent' | 'fixed';
  /** Percent (1-100), or halalas for a fixed amount. */
  amount: number;
  cap_halalas: number | null;
  min_basket_halalas: number;
}

/**
 * Each basket line's share of the code's discount, in halalas. `eligible[i]` is what line i costs that the
 * code applies to (0: not covered). The discount is the percentage of their sum (half up) or the fixed
 * amount, never more than the cap nor than the sum, and spread over the lines in proportion to them, the
 * halalas left by rounding going to the largest remainders, so the shares add up to the discount exactly
 * and a refund of one line returns its own share. Null when the covered lines are under the minimum basket.
 */
export function promoShares(terms: PromoTerms, eligible: number[]): number[] | null {
  const base = eligible.reduce((sum, amount) => sum + amount, 0);
  if (base === 0 || base < terms.min_basket_halalas) return null;
  const wanted = terms.kind === 'percent' ? Math.round((base * terms.amount) / 100) : terms.amount;
  const discount = Math.min(wanted, terms.cap_halalas ?? wanted, base);
  const exact = eligible.map((amount) => (amount * discount) / base);
  const shares = exact.map(Math.floor);
  let left = discount - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = exact.map((value, index) => ({ index, rest: value - Math.floor(value) })).sort((a, b) => b.rest - a.rest);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}
