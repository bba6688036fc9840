import { createContext } from 'react';
import { TWO_FACTOR_LATER_COOKIE } from '../../../../shared/server-rendering.ts';

// Whom the grace-period prompt has been skipped for, in a cookie that lasts while the browser is open:
// the server reads it too, so a page it draws for staff (a dashboard) shows the prompt, or not, as
// the browser will, and nothing moves when the app takes the page over. A sign-out forgets it, so
// each sign-in asks again.

/** Whom this browser skipped the prompt for, or null. */
export function skippedBy(): string | null {
  const entry = document.cookie.split('; ').find((cookie) => cookie.startsWith(`${TWO_FACTOR_LATER_COOKIE}=`));
  return entry ? decodeURIComponent(entry.slice(TWO_FACTOR_LATER_COOKIE.length + 1)) : null;
}

export function rememberSkipped(userId: string): void {
  document.cookie = `${TWO_FACTOR_LATER_COOKIE}=${encodeURIComponent(userId)}; path=/; samesite=lax`;
}

export function forgetSkipped(): void {
  if (skippedBy() !== null) document.cookie = `${TWO_FACTOR_LATER_COOKIE}=; path=/; max-age=0; samesite=lax`;
}

/** On the server, the cookie's value for the page being drawn (entry-server.tsx provides it). */
export const SkippedOnServer = createContext<string | null>(null);
