import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from '../../shared/errors.ts';

/** Why a password is refused, for the client's sentence (src/client/lib/errors.ts). */
export type WeakPasswordReason = 'common' | 'personal' | 'pattern' | 'guessable';

// zxcvbn's score: 0 and 1 are guessable within 10^6 guesses (a throttled online attack), 2 within
// 10^8. NIST SP 800-63B asks to refuse passwords from breach corpora and common lists: those score 0–1.
const MIN_SCORE = 2;

const COMMON = new Set(['topTen', 'topHundred', 'common', 'similarToCommon']);
const PATTERNS = new Set(['straightRow', 'keyPattern', 'simpleRepeat', 'extendedRepeat', 'sequences', 'recentYears', 'dates']);

let checker: ZxcvbnFactory | undefined;

/** The common-password lists and keyboard layouts, built on first use (a few hundred ms, once). */
function passwordChecker(): ZxcvbnFactory {
  checker ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return checker;
}

/** Why the password is too easy to guess, or null when it is not (zxcvbn-ts; ADR 0001, amendment of 2026-11-23). */
export function weakPasswordReason(password: string, personal: Array<string | null | undefined>): WeakPasswordReason | null {
  const userInputs = personal.flatMap((value) => (value ? [value, ...value.split(/[@\s.]+/)] : [])).filter((value) => value.length >= 3);
  const result = passwordChecker().check(password, userInputs);
  if (result.score >= MIN_SCORE) return null;
  const warning = result.feedback.warning ?? '';
  if (warning === 'userInputs') return 'personal';
  if (COMMON.has(warning)) return 'common';
  if (PATTERNS.has(warning)) return 'pattern';
  return 'guessable';
}

/** Refuses a new password that is easy to guess, saying why (WEAK_PASSWORD on the password field). */
export function assertStrongPassword(password: string, personal: Array<string | null | undefined>, field = 'password'): void {
  const reason = weakPasswordReason(password, personal);
  if (reason) throw new AppError('WEAK_PASSWORD', { field, reason });
}
