// An invitation's code (ADR 0093), kept from the link a person came by (/r/CODE, or any page with
// ?ref=CODE) until they sign up, which sends it; a later link replaces it. Only in this browser.

const KEY = 'tahaleel.referral';
const CODE = /^[A-Za-z2-9]{8}$/;

export function rememberReferralCode(code: string): void {
  if (!CODE.test(code)) return;
  try {
    localStorage.setItem(KEY, code.toUpperCase());
  } catch {
    // Storage refused (private mode): the person can still type the code.
  }
}

/** The code in the address the app opened at, if any. */
export function keepReferralFromAddress(): void {
  const code = new URLSearchParams(window.location.search).get('ref');
  if (code) rememberReferralCode(code);
}

export function rememberedReferralCode(): string {
  try {
    return localStorage.getItem(KEY) ?? '';
  } catch {
    return '';
  }
}

export function forgetReferralCode(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
