// Checks for what the client reads before its first page draws: the address's search values and
// the carts kept in localStorage. Written out rather than with zod, which would add about 15 KB
// (gzip) to the first download; the server's inputs keep their zod schemas (src/shared).

export type Check<T> = (value: unknown) => value is T;

export const isString: Check<string> = (value): value is string => typeof value === 'string';
export const isNumber: Check<number> = (value): value is number => typeof value === 'number' && Number.isFinite(value);
export const isBoolean: Check<boolean> = (value): value is boolean => typeof value === 'boolean';
export const isInteger: Check<number> = (value): value is number => Number.isInteger(value);

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function orNull<T>(check: Check<T>): Check<T | null> {
  return (value): value is T | null => value === null || check(value);
}

export function orMissing<T>(check: Check<T>): Check<T | undefined> {
  return (value): value is T | undefined => value === undefined || check(value);
}

export function arrayOf<T>(check: Check<T>): Check<T[]> {
  return (value): value is T[] => Array.isArray(value) && value.every(check);
}

/** An object whose listed fields pass their checks (other fields are allowed and ignored). */
export function shape<T>(fields: { [K in keyof T]-?: Check<T[K]> }): Check<T> {
  return (value): value is T => isRecord(value) && Object.entries<Check<unknown>>(fields).every(([key, check]) => check(value[key]));
}

// Search values: a missing or unusable one reads as undefined, so a hand-edited or outdated link
// opens the page without it rather than failing.

/** A string, trimmed, of at most `maxLength` characters. */
export function searchText(value: unknown, maxLength = Number.POSITIVE_INFINITY): string | undefined {
  if (!isString(value)) return undefined;
  const trimmed = value.trim();
  return trimmed.length <= maxLength ? trimmed : undefined;
}

/** A number (or a string holding one) from `min` to `max`, a whole one when `integer`. */
export function searchNumber(value: unknown, min: number, max: number, integer = false): number | undefined {
  const number = isNumber(value) ? value : isString(value) && value.trim() !== '' ? Number(value) : Number.NaN;
  if (!Number.isFinite(number) || number < min || number > max || (integer && !Number.isInteger(number))) return undefined;
  return number;
}

export function searchChoice<T extends string>(value: unknown, choices: readonly T[]): T | undefined {
  return choices.find((choice) => choice === value);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export function searchUuid(value: unknown): string | undefined {
  return isString(value) && UUID.test(value) ? value : undefined;
}

/**
 * The token of a link mailed to the user (confirm an address, reset a password): 32 characters of
 * base32, as the server writes it. A mail program that capitalised the link does not break it.
 */
export function searchLinkToken(value: unknown): string | undefined {
  if (!isString(value)) return undefined;
  const token = value.trim().toLowerCase();
  return /^[a-z2-7]{32}$/.test(token) ? token : undefined;
}
