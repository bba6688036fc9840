const FIRST_RETRY_SECONDS = 30;
const MAX_RETRY_SECONDS = 6 * 60 * 60;

/**
 * Seconds before an outbox's next try after `attempts` failed ones (mail, text messages): 30 s, 1 min,
 * 2 min, … at most 6 h, so a provider down for a while is not hammered and still gets every message.
 */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(FIRST_RETRY_SECONDS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_SECONDS);
}
