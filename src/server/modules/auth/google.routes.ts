import { CodeChallengeMethod, decodeIdToken, generateCodeVerifier, generateState, OAuth2Client } from 'arctic';
import { type Context, Hono } from 'hono';
import { generateCookie, getCookie } from 'hono/cookie';
import { AppError } from '../../../shared/errors.ts';
import { LOCALE_COOKIE } from '../../../shared/server-rendering.ts';
import { referralCode } from '../../../shared/wallet-schemas.ts';
import { deviceCookie, newDeviceKey, readDeviceKey } from '../../platform/device-cookie.ts';
import { sessionIdFromToken } from '../../platform/session.ts';
import { pendingSignInCookie, readSessionToken, sessionCookie } from '../../platform/session-cookie.ts';
import type { AppDeps } from '../../trpc/context.ts';
import { localeFrom } from '../../trpc/context.ts';
import { signInWithGoogle } from './auth.service.ts';
import { inviteGoogleSignUp } from './google-referral.ts';
import { exchangeGoogleCode } from './google-token.ts';

const GOOGLE_AUTHORIZE_URL = 'https://accounts.google.com/o/oauth2/v2/auth';
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];
const STATE_COOKIE = 'tahaleel_google_state';
const VERIFIER_COOKIE = 'tahaleel_google_verifier';
/** The invitation's code the browser kept (/r/CODE), carried through Google to a new account (ADR 0093). */
const REFERRAL_COOKIE = 'tahaleel_google_ref';
const FLOW_SECONDS = 10 * 60;

interface GoogleClaims {
  iss?: string;
  aud?: string | string[];
  exp?: number;
  sub?: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

/** Google sign-in (authorization code + PKCE, state checked), mounted at /auth/google. */
export function googleRoutes(deps: AppDeps) {
  const app = new Hono();
  const { env } = deps;
  const redirectUri = new URL('/auth/google/callback', env.PUBLIC_URL).toString();
  const secure = new URL(env.PUBLIC_URL).protocol === 'https:';

  const client = () => {
    if (!env.GOOGLE_CLIENT_ID || !env.GOOGLE_CLIENT_SECRET) return null;
    return new OAuth2Client(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET, redirectUri);
  };

  const flowCookie = (name: string, value: string, maxAge: number) =>
    generateCookie(name, value, { httpOnly: true, sameSite: 'Lax', secure, path: '/auth/google', maxAge });

  /** Back to the home page, which explains: `google` (it did not complete) or `google_unverified` (not linked). */
  const fail = (c: Context, reason: 'google' | 'google_unverified' = 'google') => {
    c.header('Set-Cookie', flowCookie(STATE_COOKIE, '', 0), { append: true });
    c.header('Set-Cookie', flowCookie(VERIFIER_COOKIE, '', 0), { append: true });
    c.header('Set-Cookie', flowCookie(REFERRAL_COOKIE, '', 0), { append: true });
    return c.redirect(`/?auth_error=${reason}`, 302);
  };

  app.get('/', (c) => {
    const oauth = client();
    if (!oauth) return c.notFound();
    const state = generateState();
    const codeVerifier = generateCodeVerifier();
    const url = oauth.createAuthorizationURLWithPKCE(GOOGLE_AUTHORIZE_URL, state, CodeChallengeMethod.S256, codeVerifier, [
      'openid',
      'profile',
      'email',
    ]);
    c.header('Set-Cookie', flowCookie(STATE_COOKIE, state, FLOW_SECONDS), { append: true });
    c.header('Set-Cookie', flowCookie(VERIFIER_COOKIE, codeVerifier, FLOW_SECONDS), { append: true });
    // ?ref=CODE: the invitation the browser kept; anything that is not a code's shape is dropped.
    const ref = referralCode.safeParse(c.req.query('ref') ?? '');
    c.header('Set-Cookie', flowCookie(REFERRAL_COOKIE, ref.success ? ref.data : '', ref.success ? FLOW_SECONDS : 0), { append: true });
    return c.redirect(url.toString(), 302);
  });

  app.get('/callback', async (c) => {
    const clientId = env.GOOGLE_CLIENT_ID;
    const clientSecret = env.GOOGLE_CLIENT_SECRET;
    if (!clientId || !clientSecret) return c.notFound();
    const code = c.req.query('code');
    const state = c.req.query('state');
    const storedState = getCookie(c, STATE_COOKIE);
    const codeVerifier = getCookie(c, VERIFIER_COOKIE);
    if (!code || !state || !storedState || !codeVerifier || state !== storedState) return fail(c);

    let claims: GoogleClaims;
    try {
      // At most 3 s, and at once while Google's endpoint is known to be down: the visitor is sent back
      // to the home page told that Google sign-in did not complete, either way.
      const idToken = await exchangeGoogleCode(
        env.GOOGLE_TOKEN_URL ?? GOOGLE_TOKEN_URL,
        { clientId, clientSecret, redirectUri },
        code,
        codeVerifier,
      );
      // The ID token came straight from Google's token endpoint over TLS, so its claims are checked
      // rather than its signature (OpenID Connect Core §3.1.3.7).
      claims = decodeIdToken(idToken) as GoogleClaims;
    } catch {
      return fail(c);
    }
    const audience: (string | undefined)[] = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    const fresh = typeof claims.exp === 'number' && claims.exp * 1000 > Date.now();
    if (!claims.sub || !GOOGLE_ISSUERS.includes(claims.iss ?? '') || !audience.includes(clientId) || !fresh) {
      return fail(c);
    }

    const previousToken = readSessionToken(c, env.PUBLIC_URL);
    try {
      const started = await signInWithGoogle(
        deps.db,
        {
          sub: claims.sub,
          email: claims.email ?? null,
          emailVerified: claims.email_verified === true,
          name: claims.name ?? claims.email ?? 'Google',
        },
        {
          clientIp: deps.clientIp?.(c) ?? 'unknown',
          locale: localeFrom(getCookie(c, LOCALE_COOKIE) ?? c.req.header('accept-language')),
          publicUrl: env.PUBLIC_URL,
          currentSessionId: previousToken ? sessionIdFromToken(previousToken) : null,
        },
      );
      c.header('Set-Cookie', flowCookie(STATE_COOKIE, '', 0), { append: true });
      c.header('Set-Cookie', flowCookie(VERIFIER_COOKIE, '', 0), { append: true });
      c.header('Set-Cookie', flowCookie(REFERRAL_COOKIE, '', 0), { append: true });
      if ('pending' in started) {
        // Two-factor on: the home page asks for the code (the sign-in modal's second step).
        c.header('Set-Cookie', pendingSignInCookie(env.PUBLIC_URL, started.pending.token, started.pending.expiresAt), { append: true });
        return c.redirect('/?second_factor=1', 302);
      }
      c.header('Set-Cookie', sessionCookie(env.PUBLIC_URL, started.token, started.expiresAt), { append: true });
      // This browser's device, seen on the account as at any sign-in; a new account takes the invitation.
      const deviceKey = readDeviceKey(c, env.PUBLIC_URL) ?? newDeviceKey();
      if (!readDeviceKey(c, env.PUBLIC_URL)) c.header('Set-Cookie', deviceCookie(env.PUBLIC_URL, deviceKey), { append: true });
      await inviteGoogleSignUp(deps.db, {
        userId: started.user.id,
        created: started.created === true,
        code: getCookie(c, REFERRAL_COOKIE) ?? null,
        deviceKey,
      });
      return c.redirect('/', 302);
    } catch (error) {
      return fail(c, error instanceof AppError && error.code === 'EMAIL_NOT_VERIFIED' ? 'google_unverified' : 'google');
    }
  });

  return app;
}
