const CHECKOUT_KEY = 'tahaleel.checkoutKey';

/**
 * One key per checkout, kept until it is paid, so a retried payment never books twice; paying again
 * after a declined card is the same checkout (and its held seats).
 */
export function checkoutKey(): string {
  let key = sessionStorage.getItem(CHECKOUT_KEY);
  if (!key) {
    key = crypto.randomUUID();
    sessionStorage.setItem(CHECKOUT_KEY, key);
  }
  return key;
}

/** The checkout is paid: the next one gets a new key. */
export function forgetCheckoutKey() {
  sessionStorage.removeItem(CHECKOUT_KEY);
}
