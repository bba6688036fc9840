import type { Context } from 'hono';
import { generateCookie, getCookie } from 'hono/cookie';
import { IDLE_DAYS } from './session.ts';

/** `__Host-` and Secure when the public URL is HTTPS; the plain name for http://localhost. */
export function sessionCookieName(publicUrl: string): string {
  return isHttps(publicUrl) ? '__Host-tahaleel_session' : 'tahaleel_session';
}

function isHttps(publicUrl: string): boolean {
  return new URL(publicUrl).protocol === 'https:';
}

export function readSessionToken(c: Context, publicUrl: string): string | undefined {
  return getCookie(c, sessionCookieName(publicUrl));
}

/** A Set-Cookie value carrying the session token. */
export function sessionCookie(publicUrl: string, token: string, expiresAt: Date): string {
  return generateCookie(sessionCookieName(publicUrl), token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(publicUrl),
    path: '/',
    expires: expiresAt,
    maxAge: Math.floor((expiresAt.getTime() - Date.now()) / 1000) || IDLE_DAYS * 86400,
  });
}

/** A Set-Cookie value that removes the session cookie. */
export function blankSessionCookie(publicUrl: string): string {
  return generateCookie(sessionCookieName(publicUrl), '', {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(publicUrl),
    path: '/',
    maxAge: 0,
  });
}

/** `__Host-` and Secure when the public URL is HTTPS: the cookie of a sign-in waiting for its second factor. */
function pendingSignInCookieName(publicUrl: string): string {
  return isHttps(publicUrl) ? '__Host-tahaleel_second_step' : 'tahaleel_second_step';
}

export function readPendingSignInToken(c: Context, publicUrl: string): string | undefined {
  return getCookie(c, pendingSignInCookieName(publicUrl));
}

/** A Set-Cookie value carrying a pending sign-in's token (not a session: it opens nothing but the second step). */
export function pendingSignInCookie(publicUrl: string, token: string, expiresAt: Date): string {
  return generateCookie(pendingSignInCookieName(publicUrl), token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(publicUrl),
    path: '/',
    maxAge: Math.max(1, Math.floor((expiresAt.getTime() - Date.now()) / 1000)),
  });
}

export function blankPendingSignInCookie(publicUrl: string): string {
  return generateCookie(pendingSignInCookieName(publicUrl), '', {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(publicUrl),
    path: '/',
    maxAge: 0,
  });
}
