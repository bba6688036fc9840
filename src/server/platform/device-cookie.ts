import type { Context } from 'hono';
import { generateCookie, getCookie } from 'hono/cookie';
import { generateSessionToken, sessionIdFromToken } from './session.ts';

// A first-party device cookie (issue #79 item 5, ADR 0093): a random key this browser keeps for a year,
// set when someone signs up or in. The accounts remember its hash, so an invitation used on a device its
// inviter signed in on is seen as an invitation to oneself. It identifies nothing outside this site.

const DEVICE_SECONDS = 365 * 24 * 60 * 60;

function cookieName(publicUrl: string): string {
  return new URL(publicUrl).protocol === 'https:' ? '__Host-tahaleel_device' : 'tahaleel_device';
}

export function readDeviceKey(c: Context, publicUrl: string): string | null {
  return getCookie(c, cookieName(publicUrl)) ?? null;
}

/** 160 random bits, as a session token. */
export const newDeviceKey = generateSessionToken;

/** What an account keeps: the key's SHA-256. */
export const deviceKeyHash = sessionIdFromToken;

export function deviceCookie(publicUrl: string, key: string): string {
  return generateCookie(cookieName(publicUrl), key, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: new URL(publicUrl).protocol === 'https:',
    path: '/',
    maxAge: DEVICE_SECONDS,
  });
}
