import { timingSafeEqual } from 'node:crypto';

/** Whether a secret given in a request is ours, in a time that does not tell how much of it was right. */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
