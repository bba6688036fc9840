import { latinDigits } from './digits.ts';

/**
 * A Saudi number as it is stored (+966 and nine digits) in the grouping Saudi readers know:
 * `+966 55 123 4567`, a landline `+966 11 234 5678`. Anything else is shown as it is.
 */
export function formatPhone(phone: string): string {
  const match = /^\+966(\d{2})(\d{3})(\d{4})$/.exec(phone);
  return match ? `+966 ${match[1]} ${match[2]} ${match[3]}` : phone;
}

/**
 * A Saudi mobile number in any usual spelling (05…, 5…, +9665…, 009665…, with spaces or dashes, in
 * Arabic digits too) written as `05XXXXXXXX`, as STC Pay takes it; null when it is not one.
 */
export function saudiMobile(typed: string): string | null {
  const national = latinDigits(typed)
    .replace(/[\s-]/g, '')
    .replace(/^(?:\+|00)966/, '')
    .replace(/^0/, '');
  return /^5\d{8}$/.test(national) ? `0${national}` : null;
}
