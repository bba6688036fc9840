import type { Context as HonoContext } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Kysely } from 'kysely';
import type { Locale } from '../../shared/locale.ts';
import { LOCALE_COOKIE } from '../../shared/server-rendering.ts';
import type { Database } from '../db/schema.ts';
import type { Env } from '../env.ts';
import type { BlobStore } from '../platform/blob-store.ts';
import { readDeviceKey } from '../platform/device-cookie.ts';
import type { ImageResizer } from '../platform/image-resizer.ts';
import type { Logger } from '../platform/logger.ts';
import type { NafathProvider } from '../platform/nafath/nafath-provider.ts';
import type { PaymentProvider } from '../platform/payment-provider.ts';
import { paymentProviderFor } from '../platform/payment-providers.ts';
import { type ResultKeys, resultKeysFor } from '../platform/result-sealing.ts';
import { rememberUserLocale, type Session, type SessionUser, validateSessionToken } from '../platform/session.ts';
import { blankSessionCookie, readPendingSignInToken, readSessionToken, sessionCookie } from '../platform/session-cookie.ts';
import { readStoreBrowserKey } from '../platform/store-browser-key.ts';

export interface AppDeps {
  db: Kysely<Database>;
  env: Env;
  /** The caller's address as this runtime knows it (socket, or a trusted proxy header). */
  clientIp?: (c: HonoContext) => string | undefined;
  /**
   * The address at the other end of the request's connection, never a header (the Node entry's). The
   * development mailbox answers only where there is one, and only to this machine.
   */
  socketAddress?: (c: HonoContext) => string | undefined;
  /** Lab-test payments; the one the settings name (PAYMENT_PROVIDER) unless one is given. */
  payments?: PaymentProvider;
  /** Who verifies ID numbers (ADR 0096); createApp makes the one NAFATH_PROVIDER names unless one is given. */
  nafath?: NafathProvider | null;
  /**
   * This server instance's name (INSTANCE_NAME, else host:port; the Node entry): the checkouts it charges
   * carry it, so that it ends them if it stops midway and starts again (booking/checkout-recovery.service.ts).
   */
  instance?: string;
  /** Where result files are kept; without one, /files/results answers 503 (the Node entry gives the disk store). */
  blobs?: BlobStore;
  /** The master keys for results (files and values); made from the settings, once per configuration, unless given (ADR 0088). */
  keys?: Promise<ResultKeys>;
  /** Makes a store picture's sizes (sharp, Node only); without one, picture uploads answer 503. */
  images?: ImageResizer;
  /** A line per request and every failure; without one, failures go to the console and requests are not logged. */
  log?: Logger;
  /** What /readyz asks beyond the database (the Node entry: shutting down? migrations not run?). */
  readiness?: {
    draining(): boolean;
    pendingMigrations(): Promise<string[]>;
  };
}

// Not named `env`: @hono/trpc-server overwrites that key with Hono's own c.env.
export interface TrpcContext {
  db: Kysely<Database>;
  config: Env;
  payments: PaymentProvider;
  /** Who verifies ID numbers: Elm's Nafath, the development one, or none (NAFATH_PROVIDER unset). */
  nafath: NafathProvider | null;
  /** AppDeps.instance; null where the runtime has none (the Worker). */
  instance: string | null;
  /** Where result files are kept (an account's deletion removes its files); absent where none is. */
  blobs?: BlobStore;
  /** The master keys that seal and open results' files and values, made once per configuration (ADR 0088). */
  keys: ResultKeys;
  /** AppDeps.log: what a procedure writes down that the caller is not told (a gateway's own words). */
  log?: Logger;
  session: Session | null;
  user: SessionUser | null;
  locale: Locale;
  clientIp: string;
  /** The token of a sign-in waiting for its second factor (its own cookie), if any. */
  pendingSignInToken: string | null;
  /** The key by which this browser shows it opened a guest's store checkout (its own cookie), if any. */
  storeBrowserKey: string | null;
  /** This browser's device key (its own cookie, set at sign-up and sign-in), if any: ADR 0093. */
  deviceKey: string | null;
  /** Sets a cookie on the response, e.g. at sign-in. */
  setCookie(value: string): void;
}

export const LOCALE_HEADER = 'x-tahaleel-locale';

export function localeFrom(value: string | null | undefined): Locale {
  return value?.toLowerCase().startsWith('en') ? 'en' : 'ar';
}

export async function createContext(deps: AppDeps, c: HonoContext, resHeaders: Headers): Promise<TrpcContext> {
  const setCookie = (value: string) => resHeaders.append('Set-Cookie', value);
  const token = readSessionToken(c, deps.env.PUBLIC_URL);
  const validation = token ? await validateSessionToken(deps.db, token) : null;
  if (token && !validation) setCookie(blankSessionCookie(deps.env.PUBLIC_URL));
  if (token && validation?.renewed) {
    setCookie(sessionCookie(deps.env.PUBLIC_URL, token, validation.session.expiresAt));
  }
  // What a signed-in person is answered is theirs alone: no cache, shared or their browser's, keeps it.
  if (validation) resHeaders.set('Cache-Control', 'no-store');
  // Mail speaks the language the user used last: the app names it on every call, and a page the server
  // draws (a dashboard, which may make no call of its own for a while) by the cookie the app keeps with it.
  const chosenLocale = c.req.header(LOCALE_HEADER) ?? getCookie(c, LOCALE_COOKIE);
  const locale = localeFrom(chosenLocale ?? c.req.header('accept-language'));
  if (validation && chosenLocale && validation.user.locale !== locale) {
    await rememberUserLocale(deps.db, validation.user.id, locale);
    validation.user.locale = locale;
  }
  return {
    db: deps.db,
    config: deps.env,
    payments: deps.payments ?? paymentProviderFor(deps.env),
    nafath: deps.nafath ?? null,
    instance: deps.instance ?? null,
    ...(deps.blobs && { blobs: deps.blobs }),
    keys: await (deps.keys ?? resultKeysFor(deps.env)),
    ...(deps.log && { log: deps.log }),
    session: validation?.session ?? null,
    user: validation?.user ?? null,
    locale,
    // Never X-Forwarded-For on its own say: the entry decides whom to believe (platform/client-address.ts).
    clientIp: deps.clientIp?.(c) ?? 'unknown',
    pendingSignInToken: readPendingSignInToken(c, deps.env.PUBLIC_URL) ?? null,
    storeBrowserKey: readStoreBrowserKey(c, deps.env.PUBLIC_URL),
    deviceKey: readDeviceKey(c, deps.env.PUBLIC_URL),
    setCookie,
  };
}
