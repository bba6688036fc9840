// Mobile numbers as people type them (05…, 5…, +966…, 00966…, 966…, with spaces, dashes or Arabic-Indic
// digits), read by libphonenumber-js with its full metadata (ADR 0072) and kept in E.164 (+9665XXXXXXXX).
// Server-side only: the metadata stays out of the pages' first load.
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { z } from 'zod';
import { latinDigits } from '../../shared/digits.ts';
import { anonymousSignInInput, nameSchema } from '../../shared/schemas.ts';
import { validationMessages as m } from '../../shared/validation-messages.ts';

/** The mobile number `typed` means, in E.164, read as Saudi unless it says its country; null if it is not a mobile number. */
export function mobileNumberE164(typed: string): string | null {
  const text = latinDigits(typed.normalize('NFKC')).trim().replace(/^00/, '+');
  const parsed = parsePhoneNumberFromString(text, 'SA');
  if (!parsed?.isValid()) return null;
  const type = parsed.getType();
  return type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE' ? parsed.number : null;
}

/**
 * The country of a number in E.164 (ISO 3166 alpha-2), as its prefix and the metadata say (+971… is AE,
 * +1 868… TT); undefined for a number of no country, such as a satellite phone's (+881, +870).
 */
export function numberCountry(e164: string): CountryCode | undefined {
  return parsePhoneNumberFromString(e164)?.country;
}

/** A mobile number field: any usual spelling in, E.164 out, `invalid_mobile` for anything else. */
export const mobileNumberSchema = z
  .string({ error: m.required })
  .trim()
  .min(1, m.required)
  .max(40, m.invalidMobile)
  .transform((typed, context) => {
    const number = mobileNumberE164(typed);
    if (!number) context.addIssue({ code: 'custom', message: m.invalidMobile });
    return number ?? z.NEVER;
  });

/** The six digits of a code by SMS, typed with Latin or Arabic-Indic digits, spaces ignored. */
const phoneCodeSchema = z
  .string({ error: m.required })
  .transform((typed) => latinDigits(typed).replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, m.invalid));

/**
 * The input of a procedure that sends a code to a mobile number, with what the code is for, which its SMS
 * says (issue #77 item 13): signing in or a guest's booking (auth), the account's number or a home visit's
 * (account).
 */
export const signInCodeInput = z.object({ phone: mobileNumberSchema, codeFor: z.enum(['sign_in', 'guest_booking']).default('sign_in') });
export const numberCodeInput = z.object({
  phone: mobileNumberSchema,
  codeFor: z.enum(['account_number', 'home_visit']).default('account_number'),
});
/** The input of a procedure that takes the code sent to the number. */
export const phoneCodeInput = z.object({ phone: mobileNumberSchema, code: phoneCodeSchema });

/** A guest's details and, where this site sends SMS, the code sent to its number (ADR 0074). */
export const guestSignInInput = anonymousSignInInput.extend({ code: phoneCodeSchema.optional() });

/** The last step of an account made by signing in with a mobile number: the name, the terms, news by choice. */
export const phoneSignUpInput = z
  .object({ name: nameSchema, acceptTerms: z.boolean(), marketingMail: z.boolean() })
  .refine((input) => input.acceptTerms, { path: ['acceptTerms'], message: m.consentRequired });
