import { sha256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';

/** RFC 6238 as every authenticator app does it: 30-second steps, 6 digits, HMAC-SHA-1. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** The step before and after the current one are accepted too (a phone's clock a little off, a code typed slowly). */
const STEP_TOLERANCE = 1;
export const RECOVERY_CODE_COUNT = 10;

export function newTotpSecret(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(20));
}

/** The 30-second step `code` belongs to, or null when it matches none near `now`. */
export function matchingStep(secret: Uint8Array, code: string, now: Date): number | null {
  const current = Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);
  const given = new TextEncoder().encode(code);
  for (let offset = -STEP_TOLERANCE; offset <= STEP_TOLERANCE; offset++) {
    const expected = new TextEncoder().encode(generateHOTP(secret, BigInt(current + offset), TOTP_DIGITS));
    if (constantTimeEqual(expected, given)) return current + offset;
  }
  return null;
}

export function isTotpCode(code: string): boolean {
  return new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code);
}

/** Ten recovery codes of 50 random bits each, written `abcde-fghij`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const text = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(7))).slice(0, 10);
    return `${text.slice(0, 5)}-${text.slice(5)}`;
  });
}

/** What is kept of a recovery code: the SHA-256 of it, without case, spaces or dashes. */
export function recoveryCodeHash(code: string): string {
  const normalized = code.toLowerCase().replace(/[^a-z0-9]/g, '');
  return encodeHexLowerCase(sha256(new TextEncoder().encode(normalized)));
}
