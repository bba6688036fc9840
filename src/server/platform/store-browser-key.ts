import type { Context } from 'hono';
import { generateCookie, getCookie } from 'hono/cookie';
import { generateSessionToken, sessionIdFromToken } from './session.ts';

// A visitor who is not signed in proves that this browser opened a store checkout by a random key in
// an HttpOnly cookie, set by the checkout, whose hash the order keeps: the order's link alone (in a
// mail, the browser's history, a shared screen) tells its state, never who buys nor where it goes.

/** Long enough for a reservation and a slow payment at the gateway; a new checkout sends it again. */
const KEY_SECONDS = 24 * 60 * 60;

function cookieName(publicUrl: string): string {
  return new URL(publicUrl).protocol === 'https:' ? '__Host-tahaleel_store' : 'tahaleel_store';
}

export function readStoreBrowserKey(c: Context, publicUrl: string): string | null {
  return getCookie(c, cookieName(publicUrl)) ?? null;
}

/** 160 random bits, as a session token. */
export const newStoreBrowserKey = generateSessionToken;

/** What the order keeps: the key's SHA-256, so the table never holds a key that opens an order. */
export const storeBrowserKeyHash = sessionIdFromToken;

export function storeBrowserKeyCookie(publicUrl: string, key: string): string {
  return generateCookie(cookieName(publicUrl), key, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: new URL(publicUrl).protocol === 'https:',
    path: '/',
    maxAge: KEY_SECONDS,
  });
}
