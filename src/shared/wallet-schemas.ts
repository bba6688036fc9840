import { z } from 'zod';
import { latinDigits, typedNumber } from './digits.ts';
import { validationMessages as m } from './validation-messages.ts';

// The wallet and referrals (issue #79 item 5, ADR 0093): the codes people type, and the admin's amounts.

/** A referral code: eight of these, no 0/O nor 1/I to misread. */
export const REFERRAL_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const REFERRAL_CODE_LENGTH = 8;
/** A referral credit is at most this much (SAR), and lasts 1 to 730 days. */
export const REFERRAL_CREDIT_MAX = 1000;

/** A code as typed or pasted: Arabic-Indic digits, spaces, hyphens and lower case count as the same code. */
export function normalizeReferralCode(typed: string): string {
  return latinDigits(typed)
    .replace(/[\s\-\u2010-\u2015\u200e\u200f\u2066-\u2069]/g, '')
    .toUpperCase();
}

export const referralCode = z
  .string()
  .max(40, m.tooLong)
  .overwrite(normalizeReferralCode)
  .regex(new RegExp(`^[${REFERRAL_CODE_ALPHABET}]{${REFERRAL_CODE_LENGTH}}$`), m.invalid);

/** A number as typed in any digits ("٢٥", "25.5"), or a number. */
const typed = (min: number, max: number, whole: boolean) =>
  z.union([z.number(), z.string().max(20, m.tooLong)]).transform((value, ctx) => {
    const number = typeof value === 'number' ? value : typedNumber(value);
    const cents = number === null ? Number.NaN : number * 100;
    const valid =
      number !== null &&
      Number.isFinite(number) &&
      number >= min &&
      number <= max &&
      (whole ? Number.isInteger(number) : Math.abs(cents - Math.round(cents)) < 1e-6);
    if (!valid) {
      ctx.issues.push({ code: 'custom', message: m.invalid, input: value });
      return z.NEVER;
    }
    return number;
  });

export const walletSettingsInput = z.object({
  referrerCredit: typed(0, REFERRAL_CREDIT_MAX, false),
  referredCredit: typed(0, REFERRAL_CREDIT_MAX, false),
  creditValidDays: typed(1, 730, true),
});
export type WalletSettingsInput = z.infer<typeof walletSettingsInput>;

/** The service guarantee's credits (ADR 0093): what a customer receives when a lab's promise is missed, SAR. */
export const guaranteeSettingsInput = z.object({
  lateResultsCredit: typed(0, REFERRAL_CREDIT_MAX, false),
  lateCollectorCredit: typed(0, REFERRAL_CREDIT_MAX, false),
});
export type GuaranteeSettingsInput = z.infer<typeof guaranteeSettingsInput>;

/** A goodwill credit is at most this much (SAR) a grant. */
export const GOODWILL_CREDIT_MAX = 500;
export const GOODWILL_NOTE_MIN = 3;
export const GOODWILL_NOTE_MAX = 300;

/**
 * Credit the admin gives a customer by hand (a complaint made good, a visit that went wrong): the amount,
 * how long it lasts, and why (kept in the audit log, not shown to the customer). `grantId` is made once
 * per opened form, so a second tap or a retried request gives it once.
 */
export const goodwillCreditInput = z.object({
  userId: z.uuid(),
  grantId: z.uuid(),
  amount: typed(1, GOODWILL_CREDIT_MAX, false),
  validDays: typed(1, 730, true),
  note: z.string().trim().min(GOODWILL_NOTE_MIN, m.tooShort).max(GOODWILL_NOTE_MAX, m.tooLong),
});
export type GoodwillCreditInput = z.infer<typeof goodwillCreditInput>;
